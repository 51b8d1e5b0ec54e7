/**
 * Where the identity service meets the front end. An authorize request that needs the person
 * sends the browser to the front end's `/login` (`interactionUrl`) with the spec's presets, and
 * binds the interaction to this browser with a signed cookie. The front end's hand-off posts to
 * `/login` (`finishLogin`), which finishes only that interaction, with a proof token issued for
 * its client, once, in time, then goes on to the authorize request (which ends at the client);
 * anything else goes back to `/login?error=...` and signs nobody in.
 * Also here: the consent page (a client that is not first-party) and 'start again from the app'.
 */
import type { Context as KoaContext, Middleware } from 'koa';
import type { Interaction, KoaContextWithOIDC, Provider } from 'oidc-provider';
import {
  IDP_LOGIN_FIELDS,
  IDP_LOGIN_PATH,
  INTERACTION_ID,
  START_PATH,
  type IdpLoginError,
} from '../../src/contract/identity-service.ts';
import { DEFAULT_LOCALE, isLocale, localizedPath, type Locale } from '../../src/i18n/config.ts';
import { parseAcrValues } from '../../src/lib/acr-values.ts';
import { consumeProof, flagsOf, normalizePhone } from '../queries.ts';
import { INTERACTION_VALIDITY_S, type Sandbox } from '../state.ts';
import { clientName, startAddress } from './clients.ts';
import { consentPage, continuePage, errorPage, openAppAgainPage } from './pages.ts';

export interface InteractionOptions {
  sandbox: Sandbox;
  issuer: string;
  /** The issuer's path ('' at the root of its own origin). */
  prefix: string;
  siteOrigin?: string | undefined;
  siteOrigins: readonly string[];
  demoOrigin: string;
}

/** The cookie that binds the interactions this browser started to it (signed, HttpOnly). */
export const BINDING_COOKIE = 'idp_interactions';
/** Interactions a browser may have open at once (tabs); the oldest are forgotten. */
const MAX_BOUND = 5;
/** The binding outlives its interactions by a day: a late post still finds its language. */
const BINDING_MAX_AGE_MS = (INTERACTION_VALIDITY_S + 24 * 60 * 60) * 1000;
const MAX_FORM_BYTES = 16 * 1024;

/** One interaction this browser started: its id, language and client. */
interface Bound {
  id: string;
  locale: Locale;
  clientId: string;
}

/** A parameter of an authorize request as text ('' when it has none). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first tag of `ui_locales` the front end speaks (`ar-AE` is Arabic), else English. */
export function localeOf(uiLocales: unknown): Locale {
  for (const tag of text(uiLocales).split(/\s+/)) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

function readBound(ctx: KoaContext): Bound[] {
  const raw = ctx.cookies.get(BINDING_COOKIE, { signed: true });
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (!Array.isArray(list)) return [];
    return list.flatMap((item: Partial<Record<keyof Bound, unknown>> | null) => {
      const { id, locale, clientId } = item ?? {};
      return typeof id === 'string' && isLocale(locale) && typeof clientId === 'string'
        ? [{ id, locale, clientId }]
        : [];
    });
  } catch {
    return [];
  }
}

function writeBound(ctx: KoaContext, list: readonly Bound[], path: string): void {
  const value = list.length
    ? Buffer.from(JSON.stringify(list.slice(0, MAX_BOUND))).toString('base64url')
    : null;
  ctx.cookies.set(BINDING_COOKIE, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    path,
    maxAge: BINDING_MAX_AGE_MS,
  });
}

/** The site's address of a front-end path: relative in the one-origin sandbox. */
function sitePath(options: InteractionOptions, path: string): string {
  return `${options.siteOrigin ?? ''}${path}`;
}

/** An address of this service as a path, so the browser stays on the origin it came to. */
function ownPath(address: string): string {
  const url = new URL(address);
  return `${url.pathname}${url.search}`;
}

/**
 * The front end's page for an interaction: `/login` (or `/login/one-click` for a merchant's
 * `acr_values`) in the language of `ui_locales`, with `csrf` (the interaction id), `clientId`,
 * `fullMobileNumber` (a phone `login_hint`) and `acr_values`. A consent prompt goes to this
 * service's own page. Binds the interaction to the browser.
 */
export function interactionUrl(
  ctx: KoaContextWithOIDC,
  interaction: Interaction,
  options: InteractionOptions,
): string {
  const { params, uid } = interaction;
  const clientId = text(params['client_id']);
  const locale = localeOf(params['ui_locales']);
  const path = options.prefix || '/';
  writeBound(ctx, [{ id: uid, locale, clientId }, ...readBound(ctx)], path);
  if (interaction.prompt.name === 'consent') return `${options.prefix}/consent/${uid}`;

  const query = new URLSearchParams({ csrf: uid, clientId });
  const phone = normalizePhone(text(params['login_hint']));
  if (phone) query.set('fullMobileNumber', phone.slice(1));
  const acr = text(params['acr_values']);
  if (acr) query.set('acr_values', acr);
  const page = acr && parseAcrValues(acr).pairs['merchant'] ? '/login/one-click' : '/login';
  return `${sitePath(options, localizedPath(locale, page))}?${query.toString()}`;
}

async function readForm(ctx: KoaContext): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) ctx.throw(413, 'The form is too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function redirect(ctx: KoaContext, location: string): void {
  ctx.redirect(location);
  ctx.status = 302;
  ctx.set('Cache-Control', 'no-store');
}

function html(ctx: KoaContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.body = body;
}

/** The routes the provider does not have: the `/login` form, consent, 'start again'. */
export function interactionRoutes(provider: Provider, options: InteractionOptions): Middleware {
  const { sandbox } = options;
  const cookiePath = options.prefix || '/';

  /** Back to the front end's login page, which says what happened and how to start again. */
  function refuse(ctx: KoaContext, error: IdpLoginError, bound: Bound | undefined): void {
    const query = new URLSearchParams({ error });
    if (bound?.clientId) query.set('clientId', bound.clientId);
    const locale = bound?.locale ?? DEFAULT_LOCALE;
    redirect(ctx, `${sitePath(options, localizedPath(locale, '/login'))}?${query.toString()}`);
  }

  async function finishLogin(ctx: KoaContext): Promise<void> {
    const form = await readForm(ctx);
    const csrf = form.get('_csrf') ?? '';
    const list = readBound(ctx);
    const bound = list.find((item) => item.id === csrf);
    const interaction =
      bound && INTERACTION_ID.test(csrf) ? await provider.Interaction.find(csrf) : undefined;
    // A csrf that is missing, empty, forged, another browser's, expired or already finished.
    if (!interaction || interaction.prompt.name !== 'login' || interaction.result) {
      refuse(ctx, 'session_expired', bound ?? list[0]);
      return;
    }
    // The flags ask for the robot check and the page sent no answer to it: refused before the
    // proof is spent (spec section 8, D5).
    if (flagsOf(sandbox).recaptchaV2 && !form.get(IDP_LOGIN_FIELDS.recaptcha)) {
      refuse(ctx, 'recaptcha_failed', bound);
      return;
    }
    const clientId = text(interaction.params['client_id']);
    const proof = consumeProof(sandbox, form.get('token') ?? '');
    // A proof token unknown, expired, already used, or issued for another client.
    if (!proof || proof.clientId !== clientId || !sandbox.state.users.has(proof.sub)) {
      refuse(ctx, 'sign_in_failed', bound);
      return;
    }
    const acr = text(interaction.params['acr_values']);
    interaction.result = {
      login: {
        accountId: proof.sub,
        amr: proof.amr,
        remember: ['true', 'on', '1'].includes(form.get('remember') ?? ''),
        ...(acr ? { acr } : {}),
      },
    };
    await interaction.save(interaction.exp - Math.floor(Date.now() / 1000));
    writeBound(
      ctx,
      list.filter((item) => item.id !== csrf),
      cookiePath,
    );
    html(ctx, 200, continuePage(ownPath(interaction.returnTo)));
  }

  async function consent(ctx: KoaContext, uid: string): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => undefined);
    if (!details || details.uid !== uid || details.prompt.name !== 'consent') {
      html(ctx, 400, errorPage('session_expired', 'this sign-in has timed out'));
      return;
    }
    const clientId = text(details.params['client_id']);
    if (ctx.method === 'GET') {
      const scopes = text(details.params['scope']).split(' ');
      const name = clientName(clientId) ?? clientId;
      html(
        ctx,
        200,
        consentPage({ clientName: name, scopes, action: `${options.prefix}${ctx.path}`, uid }),
      );
      return;
    }
    const form = await readForm(ctx);
    const accountId = details.session?.accountId;
    const user = accountId ? sandbox.state.users.get(accountId) : undefined;
    if (form.get('uid') !== uid || !user) {
      html(ctx, 400, errorPage('session_expired', 'this sign-in has timed out'));
      return;
    }
    let result: Record<string, unknown>;
    if (form.get('decision') === 'allow') {
      const grant = new provider.Grant({ accountId: user.sub, clientId });
      const missing = details.prompt.details['missingOIDCScope'];
      if (Array.isArray(missing)) grant.addOIDCScope(missing.join(' '));
      result = { consent: { grantId: await grant.save() } };
      // An approved app is a connected app: removing it asks for consent again.
      if (!user.apps.includes(clientId)) user.apps.push(clientId);
    } else {
      result = { error: 'access_denied', error_description: 'The person did not allow the app' };
    }
    const returnTo = await provider.interactionResult(ctx.req, ctx.res, result);
    redirect(ctx, ownPath(returnTo));
  }

  function start(ctx: KoaContext): void {
    const clientId = text(ctx.query['client_id']);
    const address = startAddress(clientId, options);
    if (!address) {
      html(ctx, 400, openAppAgainPage());
      return;
    }
    redirect(ctx, `${address}?${new URLSearchParams({ iss: options.issuer }).toString()}`);
  }

  return async (ctx, next) => {
    const consentUid = /^\/consent\/([\w-]{1,64})$/.exec(ctx.path)?.[1];
    if (ctx.path === IDP_LOGIN_PATH && ctx.method === 'POST') await finishLogin(ctx);
    else if (ctx.path === START_PATH && ctx.method === 'GET') start(ctx);
    else if (consentUid && ['GET', 'POST'].includes(ctx.method)) await consent(ctx, consentUid);
    else await next();
  };
}
