import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BACKEND_VARIABLES,
  LOCAL_TOPOLOGY_FLAG,
  readBuildEnv,
} from '../../../src/integrations/build-env.ts';

const HTTPS = Object.fromEntries(
  Object.entries(BACKEND_VARIABLES).map(([backend, name]) => [
    name,
    `https://${backend}.masar.example`,
  ]),
);
const production = (env: Record<string, string> = {}) => ({
  PUBLIC_SANDBOX: 'false',
  ...HTTPS,
  ...env,
});

describe('the build environment (security review L8)', () => {
  it('is a sandbox build by default, with nothing to check', () => {
    expect(readBuildEnv({})).toEqual({
      production: false,
      backendOrigins: undefined,
      errorReporting: undefined,
    });
    expect(readBuildEnv({ PUBLIC_SANDBOX: 'true', ...HTTPS }).production).toBe(false);
  });

  it('refuses a back-end URL while PUBLIC_SANDBOX is unset, naming it', () => {
    expect(() => readBuildEnv({ PUBLIC_FLAGS_URL: 'https://flags.masar.example' })).toThrow(
      /^PUBLIC_FLAGS_URL is set but PUBLIC_SANDBOX is not/,
    );
    expect(() => readBuildEnv({ PUBLIC_SANDBOX: 'no' })).toThrow(/PUBLIC_SANDBOX must be/);
  });

  it("takes a production build's back ends, each an https: base URL", () => {
    const config = readBuildEnv(
      production({ PUBLIC_IDENTITY_API_URL: 'https://api.masar.example/identity' }),
    );
    expect(config.production).toBe(true);
    expect(config.backendOrigins?.identityApi).toBe('https://api.masar.example');
    expect(config.backendOrigins?.flags).toBe('https://flags.masar.example');
  });

  it.each(Object.values(BACKEND_VARIABLES))('fails without %s, naming it', (name) => {
    const env: Record<string, string> = production();
    delete env[name];
    expect(() => readBuildEnv(env)).toThrow(new RegExp(`^${name} is missing`));
    expect(() => readBuildEnv({ ...env, [name]: '' })).toThrow(new RegExp(`^${name} is missing`));
  });

  it('fails on an http: back end, naming it; loopback http: only in the local topology build', () => {
    const loopback = production({ PUBLIC_ONBOARDER_URL: 'http://localhost:4323' });
    expect(() => readBuildEnv(loopback)).toThrow(/^PUBLIC_ONBOARDER_URL must be an https: address/);
    expect(
      readBuildEnv({ ...loopback, [LOCAL_TOPOLOGY_FLAG]: '1' }).backendOrigins?.onboarder,
    ).toBe('http://localhost:4323');
    for (const url of [
      'http://onboarder.masar.example',
      'http://10.0.0.5:8080',
      'ftp://localhost',
    ]) {
      expect(() =>
        readBuildEnv({ ...production({ PUBLIC_ONBOARDER_URL: url }), [LOCAL_TOPOLOGY_FLAG]: '1' }),
      ).toThrow(/^PUBLIC_ONBOARDER_URL must be an https: address, or http: on a loopback host/);
    }
  });

  it('fails on a base URL the calls cannot append their paths to', () => {
    for (const url of [
      'https://api.masar.example/',
      'https://api.masar.example?x=1',
      'api.masar.example',
    ]) {
      expect(() => readBuildEnv(production({ PUBLIC_IDENTITY_API_URL: url }))).toThrow(
        /^PUBLIC_IDENTITY_API_URL /,
      );
    }
  });

  it("a DSN gives Sentry's ingest origin; it must be https: too", () => {
    const config = readBuildEnv(
      production({ PUBLIC_SENTRY_DSN: 'https://k3y@o1.ingest.sentry.io/42' }),
    );
    expect(config.errorReporting).toEqual({
      ingestOrigin: 'https://o1.ingest.sentry.io',
    });
    expect(
      readBuildEnv(
        production({
          PUBLIC_SENTRY_DSN: 'https://k3y@o1.ingest.sentry.io/42',
          PUBLIC_SENTRY_INGEST_URL: 'https://errors.masar.example/tunnel',
        }),
      ).errorReporting?.ingestOrigin,
    ).toBe('https://errors.masar.example');
    expect(() =>
      readBuildEnv(production({ PUBLIC_SENTRY_DSN: 'http://k@sentry.example/1' })),
    ).toThrow(/^PUBLIC_SENTRY_DSN must be an https: address/);
    expect(() =>
      readBuildEnv(production({ PUBLIC_SENTRY_DSN: 'https://sentry.example/1' })),
    ).toThrow(/^PUBLIC_SENTRY_DSN is not a Sentry DSN/);
  });

  it("pins Netlify's Git builds to production builds, which then need their back ends", () => {
    const toml = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
    expect(toml).toMatch(/\[build\.environment\]\nPUBLIC_SANDBOX = "false"\n/);
    expect(() => readBuildEnv({ PUBLIC_SANDBOX: 'false' })).toThrow(
      /^PUBLIC_IDENTITY_API_URL is missing/,
    );
  });

  it('fails the real build at once, naming the variable', { timeout: 60_000 }, () => {
    const out = mkdtempSync(join(tmpdir(), 'account-build-env-'));
    try {
      const env: Record<string, string | undefined> = {
        ...process.env,
        ...production(),
        ASTRO_TELEMETRY_DISABLED: '1',
      };
      env['PUBLIC_BUSINESS_API_URL'] = 'http://business.masar.example';
      const build = spawnSync(
        process.execPath,
        ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', out],
        { env, encoding: 'utf8' },
      );
      expect(build.status).not.toBe(0);
      expect(`${build.stdout}${build.stderr}`).toContain(
        'PUBLIC_BUSINESS_API_URL must be an https: address',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
