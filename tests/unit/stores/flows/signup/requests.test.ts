import { describe, expect, it } from 'vitest';
import {
  normalizedFullName,
  onboardBody,
} from '../../../../../src/stores/flows/signup/requests.ts';
import {
  DEFAULT_SIGNUP_PRESETS,
  flowOf,
  linkedAccount,
  pageOf,
  parseSignupPresets,
  presetsQuery,
  SIGNUP_VIEWS,
  visibleOf,
  type SignupState,
} from '../../../../../src/stores/flows/signup/index.ts';
import { run, init, onboarding } from './states.ts';

describe('presets (spec section 2, sign-up query)', () => {
  it('reads every parameter', () => {
    const presets = parseSignupPresets(
      new URLSearchParams(
        'clientId=sandbox-web&fullMobileNumber=%2B971500000003&otp=123456&appleIdToken=a.b.&showEmail=true&email=mona@example.com&hideInvitationCode=false&showApple=false&showGoogle=false&corporateInvitationToken=corp-valid',
      ),
    );
    expect(presets).toEqual({
      clientId: 'sandbox-web',
      fullMobileNumber: '971500000003',
      otp: '123456',
      appleIdToken: 'a.b.',
      googleIdToken: undefined,
      showEmail: true,
      email: 'mona@example.com',
      showInvitationCode: true,
      showApple: false,
      showGoogle: false,
      corporateInvitationToken: 'corp-valid',
    });
  });

  it('has safe defaults and drops malformed values', () => {
    expect(parseSignupPresets(new URLSearchParams(''))).toEqual(DEFAULT_SIGNUP_PRESETS);
    expect(
      parseSignupPresets(
        new URLSearchParams(
          'clientId=<x>&fullMobileNumber=12&otp=a b&googleIdToken=nope&email=a b@c.d&hideInvitationCode=true&corporateInvitationToken=' +
            'x'.repeat(300),
        ),
      ),
    ).toEqual(DEFAULT_SIGNUP_PRESETS);
  });
});

describe('start', () => {
  it('starts on the form, with the preset e-mail and the URL OTP as a proof', () => {
    const state = init({
      email: 'mona@example.com',
      otp: '123456',
      fullMobileNumber: '971500000003',
    });
    expect(state.view).toBe('signup_form');
    expect(state.values.email).toBe('mona@example.com');
    expect(state.proof).toEqual({ phone: '971500000003', value: '123456', fromUrl: true });
  });

  it('takes the social identity from the address, Apple with the name kept by the login', () => {
    const apple = init({ appleIdToken: 'a.b.', email: 'x@example.com' }, 'New Apple');
    expect(apple.prefill).toEqual({
      provider: 'apple',
      idToken: 'a.b.',
      email: 'x@example.com',
      fullName: 'New Apple',
    });
    expect(flowOf(apple)).toBe('apple');
    const google = init({ googleIdToken: 'g.h.' });
    expect(google.prefill).toMatchObject({ provider: 'google', idToken: 'g.h.' });
    expect(flowOf(google)).toBe('google');
    expect(flowOf(init())).toBe('phone');
  });

  it('hides fields by the presets, the social token and the corporate token', () => {
    expect(visibleOf(init({ showEmail: true, showInvitationCode: true }))).toMatchObject({
      fullName: true,
      email: true,
      password: true,
      invitationCode: true,
    });
    expect(visibleOf(init({ appleIdToken: 'a.b.', showEmail: true }))).toMatchObject({
      fullName: false,
      password: false,
      email: true,
      apple: false,
      google: false,
    });
    expect(
      visibleOf(init({ corporateInvitationToken: 'corp-valid', showEmail: true })),
    ).toMatchObject({ fullName: false, email: false, password: false, invitationCode: false });
  });
});

describe('payload and names', () => {
  it('sends the payload of spec section 3, full name tidied by the section 3 split', () => {
    const state = run(
      onboarding({ clientId: 'sandbox-web', showEmail: true, showInvitationCode: true }),
    );
    const withExtras: SignupState = {
      ...state,
      values: {
        ...state.values,
        fullName: '  Mona   Saeed  Rahman ',
        email: ' mona@example.com ',
        invitationCode: ' SANDBOX10 ',
      },
      experienceId: 'oe-1',
    };
    expect(
      onboardBody(withExtras, {
        deviceId: 'dev-1',
        clientId: 'sandbox-web',
        profiling: { platform: 'web' },
      }),
    ).toEqual({
      deviceId: 'dev-1',
      phone_number: '971500000003',
      profiling: { platform: 'web' },
      onboard_experience_id: 'oe-1',
      full_name: 'Mona Saeed Rahman',
      password: 'Sandbox-Pass9',
      otp: 'ver-1',
      email: 'mona@example.com',
      clientId: 'sandbox-web',
      invitation_code: 'SANDBOX10',
    });
  });

  it('social and corporate sign-ups send their token and nothing hidden', () => {
    const apple = onboarding({ appleIdToken: 'a.b.' });
    const appleWithName = { ...apple, prefill: { ...apple.prefill!, fullName: 'New Apple' } };
    expect(
      onboardBody(appleWithName, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      full_name: 'New Apple',
      apple_id_token: 'a.b.',
      otp: 'ver-1',
    });
    const google = onboarding({ googleIdToken: 'g.h.' });
    expect(
      onboardBody(google, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      google_id_token: 'g.h.',
      otp: 'ver-1',
    });
    const corporate = onboarding({ corporateInvitationToken: 'corp-valid', showEmail: true });
    expect(
      onboardBody(corporate, { deviceId: 'd', clientId: undefined, profiling: undefined }),
    ).toEqual({
      deviceId: 'd',
      phone_number: '971500000003',
      otp: 'ver-1',
      corporate_invitation_token: 'corp-valid',
    });
  });

  it('tidies a full name', () => {
    expect(normalizedFullName(' Mona ')).toBe('Mona');
    expect(normalizedFullName('a  b\tc')).toBe('a b c');
  });

  it('names every view for analytics (spec section 2)', () => {
    expect(SIGNUP_VIEWS.map(pageOf)).toEqual([
      'signup_form',
      'otp_verify',
      undefined,
      'signup_form',
      'blocked_user',
    ]);
  });
});

describe('where the secrets come from (security review M3)', () => {
  const address = new URLSearchParams('clientId=sandbox-web&showEmail=true');

  it("takes the login's hand-off, not the address's: a link cannot add a token to it", () => {
    const query = presetsQuery(
      address,
      { googleIdToken: 'x.y.z', otp: '999999', corporateInvitationToken: 'corp-valid' },
      { appleIdToken: 'a.b.', email: 'new.apple@example.com' },
    );
    expect(parseSignupPresets(query)).toMatchObject({
      clientId: 'sandbox-web',
      showEmail: true,
      appleIdToken: 'a.b.',
      googleIdToken: undefined,
      otp: undefined,
      email: 'new.apple@example.com',
      corporateInvitationToken: 'corp-valid',
    });
  });

  it('with no hand-off, what a link from outside carried (already out of its address)', () => {
    const query = presetsQuery(
      new URLSearchParams('clientId=sandbox-web&googleIdToken=not-taken.out.'),
      { googleIdToken: 'g.h.', fullMobileNumber: '971500000003', otp: 'verification-1' },
      undefined,
    );
    expect(query.get('googleIdToken')).toBe('g.h.');
    expect(parseSignupPresets(query)).toMatchObject({
      googleIdToken: 'g.h.',
      fullMobileNumber: '971500000003',
      otp: 'verification-1',
    });
    expect(parseSignupPresets(presetsQuery(address, {}, undefined))).toMatchObject({
      googleIdToken: undefined,
      appleIdToken: undefined,
      otp: undefined,
    });
  });

  it('a handed-over code proves the handed-over number: sign-up onboards without a code step', () => {
    const handed = parseSignupPresets(
      presetsQuery(address, {}, { fullMobileNumber: '971500000003', otp: 'verification-1' }),
    );
    expect(init(handed).proof).toEqual({
      phone: '971500000003',
      value: 'verification-1',
      fromUrl: true,
    });
  });
});

describe('the linked account (security review M3)', () => {
  const jwt = (claims: Record<string, unknown>) =>
    `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

  it("shows what the token names: its e-mail and name, else Apple's", () => {
    const google = init({
      googleIdToken: jwt({ email: 'new.google@example.com', name: 'New Google' }),
    });
    expect(linkedAccount(google.prefill!)).toEqual({
      email: 'new.google@example.com',
      name: 'New Google',
    });
    // Apple's e-mail from the token wins over the address's; the name is the one Apple sent.
    const apple = init(
      { appleIdToken: jwt({ email: 'new.apple@example.com' }), email: 'other@example.com' },
      'New Apple',
    );
    expect(linkedAccount(apple.prefill!)).toEqual({
      email: 'new.apple@example.com',
      name: 'New Apple',
    });
    expect(linkedAccount({ provider: 'google', idToken: 'not-a-token' })).toEqual({});
  });

  it("'Don't link it' forgets the token and its e-mail, and shows the whole form", () => {
    const token = jwt({ email: 'new.apple@example.com' });
    const linked = init(
      { appleIdToken: token, email: 'new.apple@example.com', showEmail: true },
      'New Apple',
    );
    const declined = run(linked, { type: 'socialDeclined' });
    expect(declined.prefill).toBeUndefined();
    expect(declined.presets.appleIdToken).toBeUndefined();
    expect(declined.values.email).toBe('');
    expect(JSON.stringify(declined)).not.toContain(token);
    expect(visibleOf(declined)).toMatchObject({ fullName: true, password: true, apple: true });
    // Nothing to decline, or a call in flight: unchanged.
    expect(run(init(), { type: 'socialDeclined' })).toEqual(init());
    const busy = { ...linked, submitting: true };
    expect(run(busy, { type: 'socialDeclined' })).toBe(busy);
  });
});
