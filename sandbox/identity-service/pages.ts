/**
 * The identity service's own pages: consent for a client that is not first-party, the logout
 * confirmation, signed out, 'open the app again', and errors (an unknown client, a redirect URI
 * that is not registered, a code flow without PKCE...). Plain server-rendered pages in English,
 * like the sandbox's other pages; the sign-in itself is the front end's `/login`.
 */
import { escapeHtml, htmlPage } from '../html.ts';

/** What each scope lets a client read, as the consent page says it. */
const SCOPE_WORDS: Readonly<Record<string, string>> = {
  profile: 'your name',
  phone: 'your phone number',
};

export function consentPage(input: {
  clientName: string;
  scopes: readonly string[];
  action: string;
  uid: string;
}): string {
  const reads = input.scopes.flatMap((scope) => SCOPE_WORDS[scope] ?? []);
  const what = reads.length ? reads.join(' and ') : 'who you are';
  const name = escapeHtml(input.clientName);
  return htmlPage(
    `Allow ${input.clientName}?`,
    `<h1>Allow ${name} to sign you in?</h1>
<p>${name} would like to use your Masar account and read ${escapeHtml(what)}.</p>
<p>You can remove it later from your connected apps.</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="uid" value="${escapeHtml(input.uid)}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Don't allow</button>
</form>`,
  );
}

/** oidc-provider's logout form (hidden, with its xsrf) and the button that submits it. */
export function logoutPage(clientName: string | undefined, form: string): string {
  const who = clientName ? `${escapeHtml(clientName)} asked to sign you out of Masar.` : '';
  return htmlPage(
    'Sign out?',
    `<h1>Sign out of Masar?</h1>
<p>${who} You will need to sign in again to use your apps.</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>`,
  );
}

export function signedOutPage(): string {
  return htmlPage('Signed out', '<h1>Signed out</h1><p>You are signed out of Masar.</p>');
}

export function openAppAgainPage(): string {
  return htmlPage(
    'Start again from the app',
    '<h1>Start again from the app</h1><p>Open the app you were signing in to, and sign in from there again.</p>',
  );
}

/** An error of the identity service (its code and description, never a token or a value). */
export function errorPage(error: string, description: string | undefined): string {
  return htmlPage(
    'Sign-in request refused',
    `<h1>Sign-in request refused</h1>
<p>The app's sign-in request could not be accepted: ${escapeHtml(description ?? error)}.</p>
<p>Error: <code>${escapeHtml(error)}</code></p>
<p>Go back to the app and start again.</p>`,
  );
}

/**
 * After the front end's form post: on to the authorize request, as a navigation of its own (a
 * meta refresh), not a redirect of the post. Browsers check a form's redirects against the posting
 * page's CSP `form-action`, which cannot list every app's redirect URI.
 */
export function continuePage(href: string): string {
  const target = escapeHtml(href);
  return htmlPage(
    'Signing you in',
    `<h1>Signing you in</h1><p><a href="${target}">Continue</a></p>`,
    '',
    `\n<meta http-equiv="refresh" content="0;url=${target}">`,
  );
}
