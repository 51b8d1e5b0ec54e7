/**
 * The sandbox's pages for people: the control page (`GET /_sandbox`) and the social sign-in
 * window (`GET /_sandbox/social/{provider}`). Plain HTML forms; no script except the social
 * window's postMessage.
 */
import { FLAG_NAMES } from '../src/contract/shell.ts';
import { escapeHtml, htmlPage } from './html.ts';
import {
  ACCESS_TOKENS,
  ALERT_ERROR,
  ALERTS,
  CLIENTS,
  CORPORATE_TOKENS,
  EMAIL_LINKS,
  INVITATION_CODE,
  INVITATIONS,
  PERSONA_CODE,
  PERSONA_TABLE,
  PROFILE_TOKENS,
  RESET_TOKENS,
  SOCIAL_ACCOUNTS,
  type SocialProvider,
} from './personas.ts';
import { makeSocialToken } from './social.ts';
import type { Sandbox } from './state.ts';
import { flagsOf, pendingPushes } from './queries.ts';

export const SANDBOX_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="Sandbox Web"><rect width="64" height="64" rx="14" fill="#3AB54E"/><path d="M18 40c0-9 6-16 14-16s14 7 14 16" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/><circle cx="32" cy="22" r="5" fill="#fff"/></svg>`;

const e = escapeHtml;
const code = (text: string) => `<code>${e(text)}</code>`;
const link = (href: string, text = href) => `<a href="${e(href)}">${code(text)}</a>`;

function table(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const header = head.map((cell) => `<th scope="col">${e(cell)}</th>`).join('');
  const body = rows.length
    ? rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')
    : `<tr><td colspan="${head.length}">None yet.</td></tr>`;
  return `<table><caption>${e(caption)}</caption><thead><tr>${header}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The well-known link tokens: the page, its other page, and what it shows. */
function linkTokenRows(): string[][] {
  return [
    ...EMAIL_LINKS.map((item) => [
      link(`/email/${item.id}/verify`),
      link(`/email/${item.id}/unlink`),
      e(item.state),
    ]),
    [
      link(`/password/${RESET_TOKENS.valid}`),
      '',
      'new password accepted (8+ characters, upper, lower, digit)',
    ],
    [link(`/password/${RESET_TOKENS.expired}`), '', 'INVALID_RESET_TOKEN'],
    [link(`/profile/update/confirm/${PROFILE_TOKENS.valid}`), '', 'success'],
    [link(`/profile/update/confirm/${PROFILE_TOKENS.expired}`), '', 'US-0002'],
    [link(`/profile/update/confirm/${PROFILE_TOKENS.error}`), '', '500 with a support code'],
    [
      link(`/corporate/invitation/${CORPORATE_TOKENS.valid}`),
      link(`/corporate/verify/${CORPORATE_TOKENS.valid}`),
      'valid',
    ],
    [
      link(`/corporate/invitation/${CORPORATE_TOKENS.invalid}`),
      link(`/corporate/verify/${CORPORATE_TOKENS.invalid}`),
      'invalid',
    ],
    ...Object.entries(ALERTS).map(([id, operation]) => [link(`/alerts/${id}`), '', e(operation)]),
    [link(`/alerts/${ALERT_ERROR}`), '', '500'],
    ...Object.entries(INVITATIONS).map(([token, outcome]) => [
      link(`/invitation/${token}`),
      '',
      e(
        outcome.kind === 'pending'
          ? 'accepted'
          : outcome.kind === 'motfail'
            ? 'mot auth fails (mot_request_failed)'
            : `${outcome.status}${outcome.code ? ` ${outcome.code}` : ''}`,
      ),
    ]),
    [
      link(
        `/session_init?otp=${PERSONA_CODE}&clientId=sandbox-web&phoneNumber=%2B971500000001`,
        '/session_init?otp=123456&…',
      ),
      '',
      'recovery for Layla Haddad: answer “Layla Haddad”',
    ],
    [
      link('/recovery?clientId=sandbox-web', '/recovery'),
      '',
      'wider recovery form for +971500000001: full name “Layla Haddad”, e-mail “layla@example.com” or national id “784-1990-1234567-1”, code 123456',
    ],
    ...Object.keys(ACCESS_TOKENS).map((token) => [
      link(`/client-management/#access_token=${token}`),
      '',
      token === 'sandbox-access-token' ? 'connected apps: two apps' : 'connected apps: none',
    ]),
  ];
}

export function renderControlPage(sandbox: Sandbox, origin: string): string {
  const flags = flagsOf(sandbox);
  const outbox = [...sandbox.state.outbox]
    .reverse()
    .map((entry) => [
      `<time datetime="${e(entry.at)}">${e(entry.at.slice(11, 19))}</time>`,
      e(entry.channel),
      `<span class="ltr">${e(entry.to)}</span>`,
      e(entry.text),
      entry.code ? `<strong>${code(entry.code)}</strong>` : '',
      entry.link ? link(entry.link) : '',
    ]);
  // Number matching: the app approves only with the number the waiting page shows.
  const numberField = (request: { id: string; number?: string | undefined }) =>
    request.number
      ? `<label>Number the page shows <input name="number" inputmode="numeric" pattern="[0-9]{2}" maxlength="2" size="3" required autocomplete="off" aria-describedby="push-${e(request.id)}"></label> `
      : '';
  const pushes = pendingPushes(sandbox).map((request) => [
    `<span id="push-${e(request.id)}">${code(request.id)}</span>`,
    `<span class="ltr">${e(request.phone)}</span>`,
    `<time datetime="${e(sandbox.iso(request.createdAt))}">${e(sandbox.iso(request.createdAt).slice(11, 19))}</time>`,
    `<form class="inline" method="post" action="/_sandbox/push/${e(encodeURIComponent(request.id))}/approve">${numberField(request)}<button type="submit" aria-label="Approve the request for ${e(request.phone)}">Approve</button></form>
     <form class="inline" method="post" action="/_sandbox/push/${e(encodeURIComponent(request.id))}/reject"><button type="submit" class="secondary" aria-label="Reject the request for ${e(request.phone)}">Reject</button></form>`,
  ]);
  const flagRows = FLAG_NAMES.map((name) => [
    code(name),
    code(String(flags[name])),
    name in sandbox.state.flagOverrides ? 'overridden' : 'default',
  ]);
  const body = `
<h1>Masar sandbox</h1>
<p>Every back-end call of the site is answered here, in memory. Codes and links that would be sent
appear in the outbox. The OTP of every persona is ${code(PERSONA_CODE)}.
<a href="/_sandbox">Refresh this page</a> · <a href="/_sandbox/openapi.json">OpenAPI document</a> · <a href="/login?clientId=sandbox-web">Open the login page</a></p>
<form method="post" action="/_sandbox/reset"><button type="submit">Reset the sandbox</button></form>

<h2 id="outbox">Outbox</h2>
${table('Messages sent, newest first', ['Time', 'Channel', 'To', 'Text', 'Code', 'Link'], outbox)}

<h2 id="pushes">Pending push requests</h2>
${table('Approval requests waiting for the mobile app', ['Request', 'Phone', 'Sent', 'Answer'], pushes)}

<h2 id="personas">Personas</h2>
${table(
  'Phone numbers (country AE) and e-mails',
  ['Identifier', 'Behaviour'],
  PERSONA_TABLE.map(([who, what]) => [`<span class="ltr">${e(who)}</span>`, e(what)]),
)}
${table(
  'Social test accounts',
  ['Provider', 'E-mail', 'Registered'],
  SOCIAL_ACCOUNTS.map((account) => [
    e(account.provider),
    e(account.email),
    account.registered ? 'yes' : 'no, goes to sign-up',
  ]),
)}
<p>Invitation code at sign-up: ${code(INVITATION_CODE)} (any other gives US-0025).</p>

<h2 id="tokens">Link tokens</h2>
<p>Tokens are single use, like real links: reset the sandbox to use them again.</p>
${table('Well-known link tokens', ['Page', 'Other page', 'Result'], linkTokenRows())}
${table('Clients', ['clientId', 'Name', 'Logo'], [...CLIENTS.map((client) => [code(client.clientId), e(client.clientName), client.logoUri ? `<img src="${e(client.logoUri)}" alt="" width="24" height="24"> ${code(client.logoUri)}` : 'none']), [code('not_defined'), 'the dashboard picker (404 from the clients API)', ''], ['anything else', '404', '']])}

<h2 id="flags">Feature flags</h2>
${table('Remote flags (PUT /_sandbox/flags to override)', ['Flag', 'Value', 'Source'], flagRows)}

<h2 id="api">Control API</h2>
<ul>
<li>${code('POST /_sandbox/reset')}</li>
<li>${code('GET /_sandbox/outbox?to=%2B971500000002')}</li>
<li>${code('POST /_sandbox/push/{requestId}/approve')} (body ${code('{number}')} when the push carries a number challenge; a wrong number rejects it), ${code('…/reject')}</li>
<li>${code('PUT /_sandbox/flags')} with ${code('{"enhancedForm": false}')}</li>
<li>${code('POST /_sandbox/faults')} with ${code('{"path": "/_be/identity-api/otp", "status": 503, "times": 1}')}; ${code('DELETE /_sandbox/faults')}</li>
<li>${code('GET /_sandbox/events')}</li>
</ul>
<p>Base address: <span class="ltr">${e(origin)}</span></p>`;
  return htmlPage('Masar sandbox', body);
}

const SOCIAL_SCRIPT = `
for (const button of document.querySelectorAll('button[data-token]')) {
  button.addEventListener('click', () => {
    const message = { type: 'sandbox-social', provider: button.dataset.provider, idToken: button.dataset.token };
    if (window.opener) {
      window.opener.postMessage(message, location.origin);
      window.close();
    } else {
      const out = document.getElementById('out');
      out.textContent = 'No opener window. Test id token: ' + message.idToken;
      out.focus();
    }
  });
}
document.getElementById('cancel').addEventListener('click', () => window.close());
`;

/** The sign-in window of `provider`; its tokens carry `nonce`, the page's, when it gives one. */
export function renderSocialPage(
  sandbox: Sandbox,
  provider: SocialProvider,
  nonce: string | undefined,
): string {
  const name = provider === 'apple' ? 'Apple' : 'Google';
  const buttons = SOCIAL_ACCOUNTS.filter((account) => account.provider === provider)
    .map((account) => {
      const token = makeSocialToken(account, sandbox.now(), nonce);
      return `<li><button type="button" data-provider="${provider}" data-token="${e(token)}">Continue as ${e(account.name)} <span class="ltr">(${e(account.email)})</span></button> ${account.registered ? '' : '<small>not registered: goes to sign-up</small>'}</li>`;
    })
    .join('\n');
  const body = `
<h1>Sign in with ${name} (sandbox)</h1>
<p>The real ${name} sign-in cannot load here. Pick a test account; this window sends an unsigned
test id token to the page that opened it.</p>
<ul>
${buttons}
</ul>
<p><button type="button" id="cancel" class="secondary">Cancel</button></p>
<p id="out" role="status" tabindex="-1"></p>`;
  return htmlPage(`Sign in with ${name} (sandbox)`, body, SOCIAL_SCRIPT);
}
