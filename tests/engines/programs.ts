/**
 * Where Debian puts the engine smoke's programs (scripts/check-env.ts installs them, the
 * Playwright config skips the smoke without them outside CI, drivers.ts starts them).
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** Debian's Firefox ESR (package firefox-esr); FIREFOX_PATH overrides it. */
export const FIREFOX = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';
/** WebKitGTK's WebDriver server (package webkit2gtk-driver), on the PATH. */
export const WEBKIT_DRIVER = 'WebKitWebDriver';
/** The browser it drives, from libwebkit2gtk-4.1-0 (a dependency of webkit2gtk-driver). */
export const MINIBROWSER = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/webkit2gtk-4.1/MiniBrowser`;
/** The X server WebKitGTK draws on (package xvfb). */
export const XVFB = 'Xvfb';

export function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export const ENGINE_PROGRAMS = [
  { name: 'Firefox ESR', debianPackage: 'firefox-esr', present: () => existsSync(FIREFOX) },
  {
    name: 'WebKitGTK WebDriver',
    debianPackage: 'webkit2gtk-driver',
    present: () => onPath(WEBKIT_DRIVER) && existsSync(MINIBROWSER),
  },
  { name: 'Xvfb', debianPackage: 'xvfb', present: () => onPath(XVFB) },
] as const;
