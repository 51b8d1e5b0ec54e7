/**
 * Each Playwright worker's production topology (sandbox/topology.ts): `npm run build:production`
 * builds dist-production/ once, for the topology of port 4321; a worker whose ports differ serves
 * a copy in which that topology's origins (`localhost:{port}`, in the pages' scripts, their meta
 * policies and `_headers`) are those of its own ports, which is what building for its ports
 * would give (the ports appear nowhere else, nor in any hashed inline code: the build checks
 * every page's inline code against its hashes). Ports: from E2E_PORT + 50, WORKER_PORTS a worker.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import {
  builtTopologyBase,
  PORT_OFFSETS,
  PRODUCTION_DIST,
  topology,
  TOPOLOGY_PORTS,
  type Topology,
} from '../../sandbox/topology.ts';
import { BASE_PORT, portInUse, start, stopAll, waitFor } from '../e2e/servers.ts';

/** The production project's ports start here, clear of the other projects' two per worker. */
export const PRODUCTION_PORT_OFFSET = 50;
/** A worker's ports: its topology's, then its vendors' stand-ins' (./vendors.ts). */
export const WORKER_PORTS = TOPOLOGY_PORTS + 1;

/** The base port of worker `workerIndex`'s topology; its stand-ins take base + TOPOLOGY_PORTS. */
export function workerBase(workerIndex: number): number {
  return BASE_PORT + PRODUCTION_PORT_OFFSET + workerIndex * WORKER_PORTS;
}

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, PRODUCTION_DIST);
const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.txt', '.xml', '.webmanifest', '']);

/** The worker's copy of the build, its topology's ports in place of the build's. */
function distFor(base: number): string {
  if (!existsSync(join(DIST, '_headers'))) {
    throw new Error(`no ${PRODUCTION_DIST}/: run npm run build:production first`);
  }
  const built = builtTopologyBase(DIST);
  if (built === base) return DIST;
  const port = /localhost:(\d+)(?!\d)/g;
  const rewrite = (text: string) =>
    text.replace(port, (whole, digits: string) => {
      const offset = Number(digits) - built;
      return offset >= 0 && offset < TOPOLOGY_PORTS ? `localhost:${base + offset}` : whole;
    });
  const target = join(tmpdir(), `account-production-${base}`);
  rmSync(target, { recursive: true, force: true });
  for (const entry of readdirSync(DIST, { withFileTypes: true, recursive: true })) {
    const from = join(entry.parentPath, entry.name);
    const to = join(target, from.slice(DIST.length));
    if (entry.isDirectory()) {
      mkdirSync(to, { recursive: true });
    } else if (entry.isFile()) {
      mkdirSync(entry.parentPath.replace(DIST, target), { recursive: true });
      if (TEXT.has(extname(entry.name))) writeFileSync(to, rewrite(readFileSync(from, 'utf8')));
      else copyFileSync(from, to);
    }
  }
  if (builtTopologyBase(target) !== base) throw new Error(`rewriting ${PRODUCTION_DIST} failed`);
  return target;
}

/** Starts the topology of worker `workerIndex`; resolves with its origins and a stop function. */
export async function startTopology(workerIndex: number) {
  const base = workerBase(workerIndex);
  const ports = [
    ...Object.values(PORT_OFFSETS).map((offset) => base + offset),
    base + TOPOLOGY_PORTS,
  ];
  for (const port of ports) {
    if (await portInUse(port)) {
      throw new Error(
        `port ${port} is in use (another test run?): set E2E_PORT to a free range (the production project takes ${WORKER_PORTS} ports per worker from E2E_PORT + ${PRODUCTION_PORT_OFFSET})`,
      );
    }
  }
  const dist = distFor(base);
  const server = start('scripts/start-production.ts', { PORT: String(base), DIST_DIR: dist }, [
    '--serve-only',
  ]);
  try {
    // Cloudflare's runtime takes seconds to start, or minutes on a busy machine.
    await waitFor(`http://127.0.0.1:${base}/session_unknown`, server.child, server.output, 180_000);
  } catch (error) {
    await stopAll([server.child]);
    throw error;
  }
  const t: Topology = topology(base);
  return { topology: t, stop: () => stopAll([server.child]) };
}
