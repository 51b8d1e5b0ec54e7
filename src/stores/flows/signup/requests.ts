/** What the sign-up page sends: the onboarding body, with only what the form shows and the presets hold. */
import type { OnboardBody } from '../../../contract/onboarder.ts';
import { splitFullName } from '../../../lib/names.ts';
import { proofFor, visibleOf, type SignupState } from './state.ts';

/** The full name as sent: first names and last name as the names rule splits them, re-joined. */
export function normalizedFullName(value: string): string {
  const { firstName, lastName } = splitFullName(value);
  return [firstName, lastName].filter(Boolean).join(' ');
}

/**
 * The onboarding body: the name (typed, or the social identity's), the password and e-mail and
 * invitation code only when their fields show, the social token, the proof of the number, the
 * corporate invitation, the client.
 */
export function onboardBody(
  state: SignupState,
  input: {
    deviceId: string;
    clientId: string | undefined;
    profiling: Record<string, unknown> | undefined;
  },
): OnboardBody {
  const visible = visibleOf(state);
  const { values, prefill, presets } = state;
  const fullName = visible.fullName
    ? normalizedFullName(values.fullName)
    : prefill?.fullName
      ? normalizedFullName(prefill.fullName)
      : '';
  const email = values.email.trim();
  const code = values.invitationCode.trim();
  const proof = state.phone ? proofFor(state.proof, state.phone) : undefined;
  return {
    deviceId: input.deviceId,
    phone_number: state.phone ?? '',
    ...(input.profiling ? { profiling: input.profiling } : {}),
    ...(state.experienceId ? { onboard_experience_id: state.experienceId } : {}),
    ...(fullName ? { full_name: fullName } : {}),
    ...(visible.password ? { password: values.password } : {}),
    ...(prefill?.provider === 'apple' ? { apple_id_token: prefill.idToken } : {}),
    ...(prefill?.provider === 'google' ? { google_id_token: prefill.idToken } : {}),
    ...(proof ? { otp: proof.value } : {}),
    ...(visible.email && email ? { email } : {}),
    ...(input.clientId ? { clientId: input.clientId } : {}),
    ...(visible.invitationCode && code ? { invitation_code: code } : {}),
    ...(presets.corporateInvitationToken
      ? { corporate_invitation_token: presets.corporateInvitationToken }
      : {}),
  };
}
