/**
 * First step of `npm test`: the programs the browser tests need that npm cannot install, Debian's
 * Chromium's headless shell (TEST_CHROME_PATH overrides /usr/bin/chromium-headless-shell; the
 * measuring scripts run the full Chromium, CHROME_PATH), nginx (the self-hosting run), openssl (the
 * production project's vendor stand-ins, tests/production/vendors.ts), and for the
 * engine smoke Firefox ESR, WebKitGTK's WebDriver with its MiniBrowser, and Xvfb, the display
 * WebKitGTK needs (tests/engines/programs.ts). Missing ones are installed when this runs as root
 * with apt-get (as CI does); otherwise it stops at once with the command to run, instead of
 * failing minutes later after lint, unit tests and the build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ENGINE_PROGRAMS, onPath } from '../tests/engines/programs.ts';
import { TEST_CHROMIUM_PATH } from './local-browser.ts';

interface Need {
  readonly name: string;
  readonly debianPackage: string;
  readonly present: () => boolean;
}

const NEEDS: readonly Need[] = [
  {
    name: "Chromium's headless shell",
    debianPackage: 'chromium-headless-shell',
    present: () => existsSync(TEST_CHROMIUM_PATH),
  },
  { name: 'nginx', debianPackage: 'nginx-light', present: () => onPath('nginx') },
  // The production project's vendor stand-ins serve HTTPS with a certificate it makes.
  { name: 'openssl', debianPackage: 'openssl', present: () => onPath('openssl') },
  ...ENGINE_PROGRAMS,
];

const missing = NEEDS.filter((need) => !need.present());
if (missing.length > 0) {
  const packages = missing.map((need) => need.debianPackage);
  const names = missing
    .map((need) => need.name)
    .join(', ')
    .replace(/, ([^,]*)$/, ' and $1');
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
    if (missing.some((need) => need.debianPackage === 'chromium-headless-shell')) {
      console.error('(or point TEST_CHROME_PATH at a Chromium of your own)');
    }
    process.exit(1);
  }
}
