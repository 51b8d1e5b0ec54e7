/**
 * The vendors' scripts, as the production build meets them, for the browser tests (no network
 * here): the vendors' real addresses are answered by stand-ins (`startVendors`) that do to the page what
 * the real scripts do in the ways its CSP and Trusted Types see, and expose the API the product
 * calls (src/lib/recaptcha.ts, src/lib/social/google.ts, src/lib/social/apple.ts):
 *
 * - reCAPTCHA: `www.google.com/recaptcha/api.js` is a loader that adds its release script from
 *   `www.gstatic.com/recaptcha/releases/` (through a Trusted Types policy when asked for with
 *   `trustedtypes=true`, else by assigning a string, which `require-trusted-types-for` refuses);
 *   the release, Closure-compiled like Google's, creates the `goog#html` policy, writes the widget
 *   with `innerHTML`, and opens the checkbox frame on `www.google.com/recaptcha/api2/anchor` and
 *   the challenge frame on `.../bframe`; the checkbox posts its token to the page, which the
 *   widget hands to the `callback` given to `grecaptcha.render` (and the checkbox frame's
 *   `expire()` posts that the check expired, which the widget hands to its `expired-callback`).
 * - Google Identity Services: `accounts.google.com/gsi/client` creates `goog#html`, loads
 *   `gsi/style`, asks `gsi/status` (a credentialed call, as the library's FedCM and One Tap
 *   calls are), and `renderButton` writes its wrapper with `innerHTML` and opens the button frame
 *   on `gsi/button`, whose click posts the credential to the page for `initialize`'s callback.
 * - Sign in with Apple JS: `appleid.auth.js` (no Trusted Types policy and no script sink known)
 *   opens its sign-in window on `appleid.apple.com/auth/authorize` with `response_mode=
 *   web_message`; the window posts the authorization to its opener, which `signIn()` resolves with.
 *
 * Each frame or window answers with the token the test gives. The site key and client ids are
 * checked against the build's (sandbox/topology.ts, VENDOR_IDS): a wrong one shows no button.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withNonce } from '../../sandbox/social.ts';
import { VENDOR_IDS } from '../../sandbox/topology.ts';

export interface VendorTokens {
  /** The id token Google's button posts (an unsigned sandbox token). */
  google?: string;
  /** The id token Apple's window posts. */
  apple?: string;
}

/** The reCAPTCHA token the checkbox gives for the build's site key. */
export const RECAPTCHA_TOKEN = `standin-recaptcha-${VENDOR_IDS.recaptchaSiteKey}`;
export const RECAPTCHA_RELEASE =
  'https://www.gstatic.com/recaptcha/releases/standin/recaptcha__en.js';

const js = (body: string) => ({ contentType: 'text/javascript; charset=utf-8', body });
const html = (body: string) => ({ contentType: 'text/html; charset=utf-8', body });

/** Google's Closure-compiled code makes its HTML through this policy (goog.html's name). */
const CLOSURE_POLICY = `
  const policy = window.trustedTypes
    ? window.trustedTypes.createPolicy('goog#html', {
        createHTML: (s) => s,
        createScriptURL: (s) => s,
      })
    : { createHTML: (s) => s, createScriptURL: (s) => s };`;

function recaptchaLoader(trusted: boolean): string {
  return `(() => {
  const cfg = (window.___grecaptcha_cfg = window.___grecaptcha_cfg || {});
  const gr = (window.grecaptcha = window.grecaptcha || {});
  gr.ready = gr.ready || ((f) => (cfg.fns = cfg.fns || []).push(f));
  const po = document.createElement('script');
  po.async = true;
  ${
    trusted
      ? `${CLOSURE_POLICY}
  po.src = policy.createScriptURL(${JSON.stringify(RECAPTCHA_RELEASE)});`
      : `po.src = ${JSON.stringify(RECAPTCHA_RELEASE)};`
  }
  document.head.append(po);
})();`;
}

const RECAPTCHA_RELEASE_SCRIPT = `(() => {
  ${CLOSURE_POLICY}
  const cfg = window.___grecaptcha_cfg;
  const widgets = [];
  addEventListener('message', (event) => {
    if (event.origin !== 'https://www.google.com' || event.data?.type !== 'standin-recaptcha') return;
    const widget = widgets.find((w) => w.frame.contentWindow === event.source);
    if (!widget) return;
    // The anchor says the check expired (Google's does two minutes after it was passed, or when
    // its challenge times out): the response is emptied and the page's expired-callback called.
    if (event.data.expired) {
      widget.response.value = '';
      widget.options['expired-callback']?.();
      return;
    }
    widget.response.value = event.data.token;
    widget.options.callback?.(event.data.token);
  });
  window.grecaptcha.render = (container, options) => {
    container.innerHTML = policy.createHTML(
      '<div class="standin-recaptcha"><div></div><textarea name="g-recaptcha-response" class="g-recaptcha-response" hidden></textarea></div>',
    );
    const box = container.firstElementChild;
    box.style.width = '304px';
    box.style.height = '78px';
    const frame = document.createElement('iframe');
    const query = new URLSearchParams({
      ar: '1',
      k: options.sitekey,
      co: btoa(location.origin).replace(/=+$/, ''),
      hl: document.documentElement.lang || 'en',
      size: 'normal',
    });
    frame.src = 'https://www.google.com/recaptcha/api2/anchor?' + query;
    frame.title = 'reCAPTCHA';
    frame.width = '304';
    frame.height = '78';
    box.firstElementChild.append(frame);
    const challenge = document.createElement('iframe');
    challenge.src = 'https://www.google.com/recaptcha/api2/bframe?' + query;
    challenge.title = 'recaptcha challenge expires in two minutes';
    challenge.style.visibility = 'hidden';
    challenge.style.position = 'absolute';
    document.body.append(challenge);
    widgets.push({ frame, options, response: box.querySelector('textarea') });
    return widgets.length - 1;
  };
  for (const f of cfg.fns || []) f();
  cfg.fns = [];
  window.grecaptcha.ready = (f) => f();
})();`;

function recaptchaAnchor(url: URL): string {
  const valid = url.searchParams.get('k') === VENDOR_IDS.recaptchaSiteKey;
  const origin = atob(url.searchParams.get('co') ?? '');
  return `<!doctype html><html lang="en"><title>reCAPTCHA</title><body>${
    valid
      ? `<label><input type="checkbox" id="anchor"> I'm not a robot</label>
<script>
document.getElementById('anchor').addEventListener('change', () =>
  parent.postMessage({ type: 'standin-recaptcha', token: ${JSON.stringify(RECAPTCHA_TOKEN)} }, ${JSON.stringify(origin)}));
window.expire = () => parent.postMessage({ type: 'standin-recaptcha', expired: true }, ${JSON.stringify(origin)});
</script>`
      : '<p>ERROR for site owner: Invalid site key</p>'
  }</body></html>`;
}

const GSI_CLIENT = `(() => {
  ${CLOSURE_POLICY}
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = 'https://accounts.google.com/gsi/style';
  document.head.append(style);
  let config;
  const frames = [];
  addEventListener('message', (event) => {
    if (event.origin !== 'https://accounts.google.com' || event.data?.type !== 'standin-gsi') return;
    if (!frames.some((frame) => frame.contentWindow === event.source)) return;
    config?.callback?.({ credential: event.data.credential, select_by: 'btn' });
  });
  const id = {
    initialize(options) {
      config = options;
      fetch('https://accounts.google.com/gsi/status?client_id=' + encodeURIComponent(options.client_id), {
        credentials: 'include',
      }).catch(() => {});
    },
    renderButton(parent, options) {
      if (!config || config.client_id !== ${JSON.stringify(VENDOR_IDS.googleClientId)}) return;
      parent.innerHTML = policy.createHTML('<div class="standin-gsi"></div>');
      const frame = document.createElement('iframe');
      const query = new URLSearchParams({
        client_id: config.client_id,
        text: options.text,
        locale: options.locale,
        width: String(options.width),
        nonce: config.nonce || '',
      });
      frame.src = 'https://accounts.google.com/gsi/button?' + query;
      frame.title = 'Sign in with Google Button';
      frame.style.height = '44px';
      frame.style.width = options.width + 'px';
      frame.style.border = '0';
      parent.firstElementChild.append(frame);
      frames.push(frame);
    },
    prompt(listener) {
      listener?.({ isNotDisplayed: () => true, isSkippedMoment: () => false });
    },
    cancel() {},
  };
  window.google = { accounts: { id } };
})();`;

function gsiButton(url: URL, credential: string | undefined, site: string): string {
  return `<!doctype html><html lang="en"><title>Sign in with Google Button</title><body>
<button type="button" id="gsi">Google: ${url.searchParams.get('text') ?? ''}</button>
<script>
document.getElementById('gsi').addEventListener('click', () =>
  parent.postMessage({ type: 'standin-gsi', credential: ${JSON.stringify(credential ?? '')} }, ${JSON.stringify(site)}));
</script></body></html>`;
}

const APPLE_SDK = `(() => {
  let config;
  window.AppleID = {
    auth: {
      init(options) {
        config = options;
      },
      signIn(options) {
        if (!config || config.clientId !== ${JSON.stringify(VENDOR_IDS.appleClientId)}) {
          return Promise.reject({ error: 'invalid_client' });
        }
        const query = new URLSearchParams({
          client_id: config.clientId,
          redirect_uri: config.redirectURI,
          response_type: 'code id_token',
          scope: config.scope,
          response_mode: 'web_message',
          frame_id: crypto.randomUUID(),
          nonce: (options && options.nonce) || config.nonce || '',
        });
        const popup = window.open(
          'https://appleid.apple.com/auth/authorize?' + query,
          'AppleAuthentication',
          'width=700,height=700',
        );
        return new Promise((resolve, reject) => {
          if (!popup) return reject({ error: 'popup_blocked_by_browser' });
          const onMessage = (event) => {
            if (event.origin !== 'https://appleid.apple.com') return;
            const answer = JSON.parse(event.data);
            if (answer.method !== 'oauthDone') return;
            done();
            if (answer.data.error) reject(answer.data);
            else resolve(answer.data);
          };
          const poll = setInterval(() => {
            if (popup.closed) {
              done();
              reject({ error: 'popup_closed_by_user' });
            }
          }, 500);
          const done = () => {
            clearInterval(poll);
            removeEventListener('message', onMessage);
          };
          addEventListener('message', onMessage);
        });
      },
    },
  };
})();`;

function appleWindow(url: URL, idToken: string | undefined): string {
  const target = new URL(url.searchParams.get('redirect_uri') ?? 'http://invalid').origin;
  const answer = {
    method: 'oauthDone',
    data: { authorization: { code: 'standin-code', id_token: idToken ?? '' } },
  };
  return `<!doctype html><html lang="en"><title>Sign in with Apple</title><body>
<button type="button" id="continue">Continue with Apple</button>
<script>
document.getElementById('continue').addEventListener('click', () => {
  opener.postMessage(${JSON.stringify(JSON.stringify(answer))}, ${JSON.stringify(target)});
  close();
});
</script></body></html>`;
}

/** The vendors' hosts, which the worker's browser resolves to the stand-ins' server. */
export const VENDOR_HOSTS = [
  'www.google.com',
  'recaptcha.google.com',
  'www.gstatic.com',
  'accounts.google.com',
  'appleid.cdn-apple.com',
  'appleid.apple.com',
];

type Answer = {
  status: number;
  contentType?: string;
  body?: string;
  headers?: Record<string, string>;
};
const ok = (answer: { contentType: string; body: string }): Answer => ({ status: 200, ...answer });
const NOT_FOUND: Answer = { status: 404 };

/** The stand-ins' answer to one request (`url` on a vendor's host, as the browser asked it). */
export function vendorAnswer(url: URL, site: string, tokens: VendorTokens): Answer {
  const at = `${url.host}${url.pathname}`;
  switch (at) {
    case 'www.google.com/recaptcha/api.js':
      return ok(js(recaptchaLoader(url.searchParams.get('trustedtypes') === 'true')));
    case 'www.google.com/recaptcha/api2/anchor':
      return ok(html(recaptchaAnchor(url)));
    case 'www.google.com/recaptcha/api2/bframe':
      return ok(html('<!doctype html><html lang="en"><title>challenge</title></html>'));
    case new URL(RECAPTCHA_RELEASE).host + new URL(RECAPTCHA_RELEASE).pathname:
      return ok(js(RECAPTCHA_RELEASE_SCRIPT));
    case 'accounts.google.com/gsi/client':
      return ok(js(GSI_CLIENT));
    case 'accounts.google.com/gsi/style':
      return ok({ contentType: 'text/css', body: '.standin-gsi{min-height:44px}' });
    case 'accounts.google.com/gsi/status':
      return {
        status: 200,
        contentType: 'application/json',
        headers: {
          'Access-Control-Allow-Origin': site,
          'Access-Control-Allow-Credentials': 'true',
        },
        body: '{"authenticated":false}',
      };
    case 'accounts.google.com/gsi/button':
      return ok(
        html(gsiButton(url, withNonce(tokens.google, url.searchParams.get('nonce')), site)),
      );
    case 'appleid.apple.com/auth/authorize':
      return ok(html(appleWindow(url, withNonce(tokens.apple, url.searchParams.get('nonce')))));
    default:
      return /^appleid\.cdn-apple\.com\/appleauth\/static\/jsapi\/appleid\/1\/\w+\/appleid\.auth\.js$/.test(
        at,
      )
        ? ok(js(APPLE_SDK))
        : NOT_FOUND;
  }
}

/**
 * The stand-ins' HTTPS server (a self-signed certificate made with openssl, which the test
 * contexts accept: `ignoreHTTPSErrors`), for a browser whose `--host-resolver-rules` send the
 * vendors' hosts to it. Through a server, not Playwright's request interception: with any route
 * set, Playwright answers every CORS preflight of the page itself, allowing all, which would hide
 * what the back ends' gateways answer. `tokens` may be changed by a test before the frame or
 * window that posts one opens.
 */
export async function startVendors(port: number, site: string) {
  const dir = mkdtempSync(join(tmpdir(), 'account-vendors-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-subj', '/CN=vendor stand-ins', '-days', '2', '-keyout', key, '-out', cert],
    ],
    { stdio: 'ignore' },
  );
  const tokens: VendorTokens = {};
  const server = createServer(
    { key: readFileSync(key), cert: readFileSync(cert) },
    (request, response) => {
      const answer = vendorAnswer(
        new URL(request.url ?? '/', `https://${request.headers.host}`),
        site,
        tokens,
      );
      response.writeHead(answer.status, {
        ...(answer.contentType ? { 'Content-Type': answer.contentType } : {}),
        ...answer.headers,
      });
      response.end(answer.body ?? '');
    },
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  rmSync(dir, { recursive: true, force: true });
  return {
    tokens,
    /** Chromium's flag that sends the vendors' hosts to this server. */
    hostRules: `--host-resolver-rules=${VENDOR_HOSTS.map((host) => `MAP ${host}:443 127.0.0.1:${port}`).join(', ')}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
