/**
 * `npm test`: every check of the project, the independent ones side by side. The browser tests
 * take nine tenths of the time and leave a core idle now and then (waits on timers, pages, the
 * servers); the other checks fill those moments instead of running before them.
 *
 * - check:env (apt-get: network and disk) starts at once, beside the others;
 * - build and build:production (what the browser tests serve) start at once; test:e2e starts
 *   as soon as they and check:env have passed, and prints as it runs;
 * - ESLint (lint:code), typecheck, test:unit, Prettier (lint:format) and i18n:check start at once,
 *   validate:html and check:sizes (the first-load ceilings, scripts/sizes.ts) after the build, at
 *   most TEST_JOBS (default 3) at a time, longest first, under `nice` (CHECKS_NICE, default 10):
 *   the browsers and servers of the browser tests come first, the checks take the rest.
 *
 * Each step's output is printed whole when it ends (never interleaved), then a table of the
 * steps' times. The first failing step stops the others (reported as stopped) and fails the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';

interface Step {
  readonly script: string;
  /** Steps that must pass first. */
  readonly after?: readonly string[];
  /** Outside the TEST_JOBS limit and at full priority: what the browser tests wait for, and them. */
  readonly first?: boolean;
  /** Prints as it runs (the browser tests). */
  readonly live?: boolean;
}

const STEPS: readonly Step[] = [
  { script: 'check:env', first: true },
  { script: 'build', first: true },
  // The production build for the production topology's browser tests (tests/production).
  { script: 'build:production', first: true },
  {
    script: 'test:e2e',
    after: ['check:env', 'build', 'build:production'],
    first: true,
    live: true,
  },
  // Longest first: ESLint's typed rules and typecheck take the longest and start at once.
  { script: 'lint:code' },
  { script: 'typecheck' },
  { script: 'test:unit' },
  { script: 'lint:format' },
  { script: 'i18n:check' },
  { script: 'validate:html', after: ['build'] },
  { script: 'check:sizes', after: ['build'] },
];

const jobs = Math.max(1, Number(process.env['TEST_JOBS'] ?? 3));
const niceness = Math.max(0, Number(process.env['CHECKS_NICE'] ?? 10));
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
    const command = [npm, 'run', '-s', step.script];
    const [program, ...args] =
      step.first || niceness === 0 ? command : ['nice', '-n', String(niceness), ...command];
    const child = spawn(program!, args, {
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
  const busy = () => STEPS.filter((s) => !s.first && running.has(s.script)).length;
  while (!failed && (pending.length > 0 || active.size > 0)) {
    for (const step of [...pending]) {
      if (failed) break;
      if (!(step.after ?? []).every((name) => done.has(name))) continue;
      if (!step.first && busy() >= jobs) continue;
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
console.log(`\nStep times (TEST_JOBS=${jobs}, CHECKS_NICE=${niceness}):`);
for (const step of STEPS) {
  const took = times.get(step.script);
  const note = stopped.has(step.script) ? ' (stopped)' : '';
  console.log(
    `  ${step.script.padEnd(14)} ${took === undefined ? 'not run' : seconds(took) + note}`,
  );
}
console.log(`  ${'total'.padEnd(14)} ${seconds(Date.now() - started)}`);
process.exit(failed || done.size !== STEPS.length ? 1 : 0);
