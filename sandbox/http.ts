/** Small helpers the route files share. */
import type { Context } from 'hono';
import { HEADER } from '../src/contract/headers.ts';
import { internalError, fail } from './errors.ts';
import { PHONE_RULES } from './personas.ts';
import { normalizePhone } from './queries.ts';

/** `/a/{id}/b` → `/a/:id/b` (Hono's placeholders). */
export function honoPath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

export function header(c: Context, name: keyof typeof HEADER): string | undefined {
  const value = c.req.header(HEADER[name])?.trim();
  return value ? value.slice(0, 256) : undefined;
}

/** Persona 99: every call about it fails. */
export function assertReachable(identifier: string | undefined): void {
  if (identifier && PHONE_RULES[identifier] === 'error') internalError();
}

/** A phone in E.164, or 400 INVALID_PHONE_NUMBER (PN-0001). */
export function requirePhone(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone) {
    fail(400, {
      error: 'invalid_phone_number',
      error_code: 'PN-0001',
      message: 'INVALID_PHONE_NUMBER',
      error_description: 'The phone number is not valid',
    });
  }
  assertReachable(phone);
  return phone;
}

/**
 * The origin of the page that made the call: its `Origin` header (every cross-origin call and
 * every POST carries one), else the request's own origin (the one-origin sandbox).
 */
export function pageOrigin(c: Context): string {
  const origin = c.req.header('origin');
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).origin;
    } catch {
      // not an origin: the request's own
    }
  }
  return new URL(c.req.url).origin;
}

/** Absolute address of a site path, on the origin of the page that called. */
export function siteUrl(c: Context, path: string): string {
  return new URL(path, pageOrigin(c)).href;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A path parameter (routes built from templates are untyped for Hono). */
export function param(c: Context, name: string): string {
  return c.req.param(name) ?? '';
}
