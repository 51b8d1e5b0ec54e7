/**
 * The sandbox served for real (the identity service answers on Node's own request and response,
 * not through `app.request()`), with the demo app beside it, and a small browser: a cookie jar
 * (by host and path, as browsers keep them) over `fetch` that follows redirects only when asked.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from '../../sandbox/app.ts';
import { createDemoApp } from '../../sandbox/demo-app.ts';
import { createSandbox } from '../../sandbox/state.ts';
import { SANDBOX_PREFIX } from '../../src/contract/backends.ts';
import { START } from './helpers.ts';

interface Cookie {
  value: string;
  path: string;
}

/** A browser's cookies and navigations, for one person. */
export class Browser {
  private readonly jar = new Map<string, Cookie>();

  private cookieHeader(url: URL): string {
    return [...this.jar]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name.split('|')[0]}=${cookie.value}`)
      .join('; ');
  }

  private keep(response: Response, url: URL): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path =
        attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ??
        url.pathname.replace(/\/[^/]*$/, '/');
      const expired = attributes.some(
        (a) => /^expires=/i.test(a) && Date.parse(a.slice(8)) < Date.now(),
      );
      const key = `${name}|${path}`;
      if (expired || value === '') this.jar.delete(key);
      else this.jar.set(key, { value, path });
    }
  }

  /** One request; redirects are answers, not followed. */
  async request(address: string | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(address);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.keep(response, url);
    return response;
  }

  /** A form post, as the front end's hidden form makes it. */
  post(address: string | URL, fields: Record<string, string>): Promise<Response> {
    return this.request(address, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /**
   * Follows redirects (and the identity service's 'continue' page) from `address` until an
   * answer that is neither, or one whose address `stop` accepts; resolves with that answer and
   * its address.
   */
  async follow(
    address: string | URL,
    stop: (url: URL) => boolean = () => false,
  ): Promise<{ response: Response; url: URL }> {
    let url = new URL(address);
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.request(url);
      const location =
        response.headers.get('location') ?? continueTarget(await response.clone().text());
      if (!location || stop(url)) return { response, url };
      url = new URL(location, url);
      if (stop(url)) return { response: await this.request(url), url };
    }
    throw new Error('too many redirects');
  }
}

/** The target of the identity service's 'continue' page (its meta refresh), if it is one. */
export function continueTarget(html: string): string | undefined {
  const match = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(html);
  return match?.[1]?.replace(/&amp;/g, '&');
}

export async function serveSandbox() {
  let time = START;
  const sandbox = createSandbox({ now: () => time, randomCode: () => '654321' });
  // The apps need the ports the servers get: made once they listen.
  const apps: { main?: Hono; demo?: Hono } = {};
  const main = serve({
    fetch: (request, env) => apps.main!.fetch(request, env),
    port: 0,
    hostname: '127.0.0.1',
  });
  const rp = serve({
    fetch: (request, env) => apps.demo!.fetch(request, env),
    port: 0,
    hostname: '127.0.0.1',
  });
  await Promise.all([once(main, 'listening'), once(rp, 'listening')]);
  const origin = `http://127.0.0.1:${(main.address() as AddressInfo).port}`;
  const demoOrigin = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`;
  const issuer = `${origin}${SANDBOX_PREFIX.identityService}`;
  apps.main = createApp({ sandbox, origin, demoOrigin, cookieSecret: 'test-secret' });
  apps.demo = createDemoApp({ origin: demoOrigin, issuer });

  return {
    sandbox,
    origin,
    demoOrigin,
    issuer,
    idp: (path: string) => `${issuer}${path}`,
    advance(ms: number) {
      time += ms;
    },
    async close() {
      await Promise.all(
        [main, rp].map(
          (server) =>
            new Promise((resolve) => {
              server.close(resolve);
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        ),
      );
    },
  };
}

export type Served = Awaited<ReturnType<typeof serveSandbox>>;
