/**
 * The messages of the login's first views: the page's HTML carries these only (the login page
 * hands them to the island with `pickKeys`); the rest come with the later views
 * (./LaterViews.ts, src/ui/later-views.ts). First is every view and message that may show before
 * the later views have loaded: what Login.tsx renders from the modules it imports (the phone,
 * e-mail and social forms, the identity service's refusal), the passkey button, and what the flow
 * puts in them (a field's or a call's error, a wait). tests/unit/islands/first-keys.test.ts fails
 * on a key used there and missing here. Not here: the server errors' messages, which load with
 * the page's calls (src/i18n/error-messages.ts).
 */
import type { I18nBranch, I18nKey } from '../../i18n/types.ts';

export const LOGIN_FIRST_KEYS = [
  'common:back',
  'common:networkError',
  'common:offline',
  'common:pleaseWait',
  'common:productName',
  'common:timeout',
  'common:wait',
  'error:default',
  'fields:email.invalid',
  'fields:email.label',
  'fields:phone',
  'fields:required',
  'login:challenge.digitsInvalid',
  'login:email',
  'login:idpError',
  'login:passkey',
  'login:phone',
  'login:social',
  'otp:error',
] as const satisfies readonly (I18nKey | I18nBranch)[];
