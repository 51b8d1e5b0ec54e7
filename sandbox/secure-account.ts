/**
 * 'This wasn't me' that acts (`POST /alerts/{alert}/secure-account`, ./routes/identity-api.ts):
 * the alert's account is signed out of everything the identity service holds for it (sessions,
 * grants, codes and tokens) and of every session and trusted device the security page lists
 * (./sessions.ts `revokeAll`), its payments are paused until a
 * new password is set (`PUT /recovery/password` lifts it, ./routes/recovery.ts), and its passkeys
 * are marked for review. What it did is kept on the alert (a repeat changes nothing) and in
 * `state.securings`, which the control API shows (`GET /_sandbox/security`).
 */
import type { SecureAction } from '../src/contract/identity-api.ts';
import type { AccountSecurityResponse } from '../src/contract/sandbox-control.ts';
import { revokeAll } from './sessions.ts';
import type { AlertRecord, Sandbox, User } from './state.ts';

/** The identity service's records of an account (its sessions, grants, codes and tokens). */
function idpRecordsOf(sandbox: Sandbox, sub: string): string[] {
  return [...sandbox.state.idp]
    .filter(([, record]) => record.payload['accountId'] === sub)
    .map(([id]) => id);
}

type Secured = NonNullable<AlertRecord['secured']>;

/** Secures the alert's account once, and returns what was done; a later call changes nothing. */
export function secureAccount(sandbox: Sandbox, alert: AlertRecord, key?: string): Secured {
  if (alert.secured) return alert.secured;
  const { state } = sandbox;
  const actions: SecureAction[] = [];
  for (const id of idpRecordsOf(sandbox, alert.sub)) state.idp.delete(id);
  revokeAll(sandbox, alert.sub);
  actions.push('signed_out');
  const user = state.users.get(alert.sub);
  if (user) {
    user.paymentsFrozen = true;
    actions.push('payments_frozen');
  }
  const passkeys = [...state.passkeys.values()].filter((passkey) => passkey.sub === alert.sub);
  for (const passkey of passkeys) passkey.forReview = true;
  if (passkeys.length) actions.push('passkeys_flagged');
  const at = sandbox.now();
  alert.secured = { at, actions, key };
  alert.acknowledged = true;
  state.securings.push({ alert: alert.id, sub: alert.sub, at, actions });
  return alert.secured;
}

/** What the control API shows of an account's security (`GET /_sandbox/security?account=`). */
export function accountSecurity(sandbox: Sandbox, user: User): AccountSecurityResponse {
  const { state } = sandbox;
  return {
    sub: user.sub,
    sessions: idpRecordsOf(sandbox, user.sub).filter((id) => id.startsWith('Session:')).length,
    paymentsFrozen: user.paymentsFrozen,
    passkeys: [...state.passkeys.values()]
      .filter((passkey) => passkey.sub === user.sub)
      .map((passkey) => ({ id: passkey.id, forReview: passkey.forReview ?? false })),
    securings: state.securings
      .filter((securing) => securing.sub === user.sub)
      .map((securing) => ({ ...securing, at: sandbox.iso(securing.at) })),
  };
}
