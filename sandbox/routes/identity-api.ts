/**
 * Identity API: client data, link tokens (profile, corporate), alerts. The recovery, OTP, login
 * and one-click calls of the same back end are in ./recovery.ts, ./otp.ts, ./login.ts and
 * ./one-click.ts.
 */
import { Hono } from 'hono';
import { CLIENT_PATH } from '../../src/contract/shell.ts';
import {
  ALERT_ACKNOWLEDGEMENT_PATH,
  ALERT_PATH,
  ALERT_SECURE_PATH,
  CORPORATE_INVITATION_PATH,
  CORPORATE_VERIFY_EMAIL_PATH,
  PROFILE_CONFIRM_PATH,
  type SecureAccountResponse,
  type SecuredAccount,
} from '../../src/contract/identity-api.ts';
import { fail, internalError } from '../errors.ts';
import { header, honoPath, param } from '../http.ts';
import { ALERT_ERROR, CLIENTS, CORPORATE_TOKENS } from '../personas.ts';
import { secureAccount } from '../secure-account.ts';
import type { AlertRecord, Sandbox } from '../state.ts';

export function identityApiRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const { state } = sandbox;

  app.get(honoPath(CLIENT_PATH), (c) => {
    const client = CLIENTS.find((item) => item.clientId === param(c, 'clientId'));
    if (!client) fail(404, { error: 'not_found', error_description: 'Unknown client' });
    return c.json(client);
  });

  app.post(honoPath(PROFILE_CONFIRM_PATH), (c) => {
    const token = state.profileTokens.get(param(c, 'token'));
    if (token?.fails) {
      fail(500, {
        error: 'internal_error',
        error_code: 'APP-0001',
        message: 'INTERNAL_SERVER_ERROR',
        support_code: `SBX-${sandbox.id('sc').slice(3, 11).toUpperCase()}`,
      });
    }
    if (!token || token.used || sandbox.now() >= token.expiresAt) {
      fail(400, {
        error: 'invalid_token',
        error_code: 'US-0002',
        message: 'The update link is invalid or has expired',
      });
    }
    token.used = true;
    return c.json({});
  });

  // Each corporate link works once: used again, it is invalid like any other token.
  const corporate = (kind: 'invitation' | 'verify', token: string) => {
    const key = `${kind}:${token}`;
    if (token !== CORPORATE_TOKENS.valid || state.corporateUsed.has(key)) {
      fail(400, { error: 'invalid_token', message: 'INVALID_TOKEN' });
    }
    state.corporateUsed.add(key);
  };
  app.post(honoPath(CORPORATE_INVITATION_PATH), (c) => {
    corporate('invitation', param(c, 'token'));
    return c.json({});
  });
  app.post(honoPath(CORPORATE_VERIFY_EMAIL_PATH), (c) => {
    corporate('verify', param(c, 'token'));
    return c.json({});
  });

  const alertOf = (id: string) => {
    if (id === ALERT_ERROR) internalError();
    const alert = state.alerts.get(id);
    if (!alert) fail(404, { error: 'not_found', message: 'ALERT_NOT_FOUND' });
    return alert;
  };
  const securedOf = ({ at, actions }: NonNullable<AlertRecord['secured']>): SecuredAccount => ({
    at: sandbox.iso(at),
    actions,
  });
  app.get(honoPath(ALERT_PATH), (c) => {
    const alert = alertOf(param(c, 'alert'));
    return c.json({
      operation: alert.operation,
      at: sandbox.iso(alert.at),
      device: 'Chrome on macOS',
      location: 'Dubai, United Arab Emirates',
      acknowledged: alert.acknowledged,
      client_id: alert.clientId,
      ...(alert.phone ? { phone_number: alert.phone } : {}),
      ...(alert.secured ? { secured: securedOf(alert.secured) } : {}),
    });
  });
  app.put(honoPath(ALERT_ACKNOWLEDGEMENT_PATH), (c) => {
    alertOf(param(c, 'alert')).acknowledged = true;
    return c.json({});
  });
  app.post(honoPath(ALERT_SECURE_PATH), (c) => {
    const alert = alertOf(param(c, 'alert'));
    const key = header(c, 'idempotencyKey');
    // Secured before, unless by this very call (its key): a retry of an answer that never came.
    const already = alert.secured !== undefined && (!key || alert.secured.key !== key);
    const secured = securedOf(secureAccount(sandbox, alert, key));
    const answer: SecureAccountResponse = { already_secured: already, secured };
    return c.json(answer);
  });

  return app;
}
