/**
 * The messages of the sign-up's first view: the page's HTML carries these only (the sign-up page
 * hands them to the island with `pickKeys`); the rest come with the later views (./LaterViews.ts,
 * src/ui/later-views.ts). First is what may show before the later views have loaded: the form
 * Signup.tsx renders from the modules it imports, and what the flow puts in it (a field's or a
 * call's error, a wait). tests/unit/islands/first-keys.test.ts fails on a key used there and
 * missing here. Not here: the server errors' messages, which load with the page's calls
 * (src/i18n/error-messages.ts).
 */
import type { I18nBranch, I18nKey } from '../../i18n/types.ts';

export const SIGNUP_FIRST_KEYS = [
  'common:contactUs',
  'common:networkError',
  'common:offline',
  'common:pleaseWait',
  'common:productName',
  'common:timeout',
  'common:wait',
  'error:default',
  'fields:email',
  'fields:password',
  'fields:phone',
  'fields:required',
  'login:social.failed',
  'login:social.popupClosed',
  'login:social.scriptFailed',
  'otp:error',
  'signup:corporateIntro',
  'signup:enhancedIntro',
  'signup:enhancedTitle',
  'signup:error.challenge',
  'signup:fullName',
  'signup:haveAccount',
  'signup:intro',
  'signup:invitationCode',
  'signup:linked',
  'signup:login',
  'signup:or',
  'signup:password',
  'signup:phoneHint',
  'signup:privacyLink',
  'signup:social',
  'signup:socialIntro',
  'signup:submit',
  'signup:terms',
  'signup:termsLink',
  'signup:title',
] as const satisfies readonly (I18nKey | I18nBranch)[];
