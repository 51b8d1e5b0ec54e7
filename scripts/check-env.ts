/**
 * First step of `npm test`: the programs the browser tests need that npm cannot install, Debian's
 * Chromium (CHROME_PATH overrides /usr/bin/chromium) and nginx (the self-hosting run). Missing
 * ones are installed when this runs as root with apt-get (as CI does); otherwise it stops at once
 * with the command to run, instead of failing minutes later after lint, unit tests and the build.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

interface Need {
  readonly name: string;
  readonly debianPackage: string;
  readonly present: () => boolean;
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const NEEDS: readonly Need[] = [
  {
    name: 'Chromium',
    debianPackage: 'chromium',
    present: () => existsSync(process.env['CHROME_PATH'] ?? '/usr/bin/chromium'),
  },
  { name: 'nginx', debianPackage: 'nginx-light', present: () => onPath('nginx') },
];

const missing = NEEDS.filter((need) => !need.present());
if (missing.length > 0) {
  const packages = missing.map((need) => need.debianPackage);
  const names = missing.map((need) => need.name).join(' and ');
  if (process.getuid?.() === 0 && onPath('apt-get')) {
    console.log(`Installing ${names} from Debian (${packages.join(' ')})`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`The browser tests need ${names}. Install them, then run npm test again:`);
    console.error(`  sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`);
    if (missing.some((need) => need.name === 'Chromium')) {
      console.error('(or point CHROME_PATH at a Chromium of your own)');
    }
    process.exit(1);
  }
}
