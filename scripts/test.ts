/**
 * `npm test`: every check of the project, the independent ones side by side. The checks before
 * the browser tests are single-threaded for most of their time (ESLint's and `astro check`'s type
 * programs, the build), so on two cores they take about half as long together as one after the
 * other; the browser tests then run alone, with both cores for their browsers and servers.
 *
 * - check:env (apt-get: network and disk) starts at once, beside the others;
 * - ESLint (lint:code), typecheck, test:unit, Prettier (lint:format), build, build:production and
 *   i18n:check run at most TEST_JOBS (default 3) at a time, longest first; validate:html and
 *   check:sizes (the first-load ceilings, scripts/sizes.ts) follow the build;
 * - test:e2e starts when all of them have passed.
 *
 * Each step's output is printed whole when it ends (never interleaved), then a table of the
 * steps' times. The first failing step stops the others (reported as stopped) and fails the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  readonly script: string;
  /** Steps that must pass first. */
  readonly after?: readonly string[];
  /** Outside the TEST_JOBS limit: waits on the network and the disk, not the cores. */
  readonly free?: boolean;
  /** Prints as it runs (the last step, alone). */
  readonly live?: boolean;
}

const CHECKS = [
  'lint:code',
  'typecheck',
  'test:unit',
  'lint:format',
  'build',
  // The production build for the production topology's browser tests (tests/production).
  'build:production',
  'i18n:check',
];
const STEPS: readonly Step[] = [
  { script: 'check:env', free: true },
  // Longest first: ESLint's typed rules and typecheck take the longest and start at once.
  ...CHECKS.map((script) => ({ script })),
  { script: 'validate:html', after: ['build'] },
  { script: 'check:sizes', after: ['build'] },
  {
    script: 'test:e2e',
    after: ['check:env', ...CHECKS, 'validate:html', 'check:sizes'],
    live: true,
  },
];

const jobs = Math.max(1, Number(process.env['TEST_JOBS'] ?? 3));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const times = new Map<string, number>();
const done = new Set<string>();
const running = new Map<string, ChildProcess>();
/** Steps ended because another one failed: reported as stopped, not as failures of their own. */
const stopped = new Set<string>();
let failed = false;

function stopAll(): void {
  for (const [script, child] of running) {
    stopped.add(script);
    // Each step runs in a process group of its own: stop it with everything it started.
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });
}

function run(step: Step): Promise<void> {
  return new Promise((resolve) => {
    const begin = Date.now();
    const child = spawn(npm, ['run', '-s', step.script], {
      stdio: step.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.set(step.script, child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) => {
      running.delete(step.script);
      const took = Date.now() - begin;
      times.set(step.script, took);
      const ok = code === 0;
      if (!step.live) {
        const outcome = ok ? 'passed' : stopped.has(step.script) ? 'stopped' : 'FAILED';
        process.stdout.write(`\n── ${step.script} (${outcome}, ${seconds(took)})\n`);
        process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
      }
      if (ok) {
        done.add(step.script);
      } else if (!failed) {
        failed = true;
        console.error(`\nnpm run ${step.script} failed (${signal ?? `exit ${code}`})`);
        stopAll();
      }
      resolve();
    });
  });
}

/** Starts every step whose prerequisites passed, within the limit; resolves when all ended. */
async function schedule(): Promise<void> {
  const pending = [...STEPS];
  const active = new Set<Promise<void>>();
  const busy = () => STEPS.filter((s) => !s.free && running.has(s.script)).length;
  while (!failed && (pending.length > 0 || active.size > 0)) {
    for (const step of [...pending]) {
      if (failed) break;
      if (!(step.after ?? []).every((name) => done.has(name))) continue;
      if (!step.free && busy() >= jobs) continue;
      pending.splice(pending.indexOf(step), 1);
      const promise = run(step).then(() => void active.delete(promise));
      active.add(promise);
    }
    if (active.size === 0) break;
    await Promise.race(active);
  }
  await Promise.all(active);
}

await schedule();
console.log(`\nStep times (TEST_JOBS=${jobs}):`);
for (const step of STEPS) {
  const took = times.get(step.script);
  const note = stopped.has(step.script) ? ' (stopped)' : '';
  console.log(
    `  ${step.script.padEnd(14)} ${took === undefined ? 'not run' : seconds(took) + note}`,
  );
}
console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started)}`);
process.exit(failed || done.size !== STEPS.length ? 1 : 0);
