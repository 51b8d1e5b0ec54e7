/**
 * Identity gateway: e-mail verification (PUT: 204 verified, 200 already used, 400 expired) and
 * unlink (DELETE: 204 removed, 400 expired). Links are single use and valid for 48 hours.
 */
import { Hono } from 'hono';
import {
  EMAIL_VERIFICATION_PATH,
  type EmailVerificationStatus,
} from '../../src/contract/identity-gateway.ts';
import { fail } from '../errors.ts';
import { honoPath, param } from '../http.ts';
import type { EmailLink, Sandbox } from '../state.ts';

export function identityGatewayRoutes(sandbox: Sandbox): Hono {
  const app = new Hono();
  const path = honoPath(EMAIL_VERIFICATION_PATH);

  function liveLink(id: string): EmailLink {
    const link = sandbox.state.emailLinks.get(id);
    if (!link || link.state === 'removed') {
      fail(400, { error: 'invalid_link', message: 'VERIFICATION_NOT_FOUND' });
    }
    if (link.state === 'pending' && sandbox.now() >= link.expiresAt) {
      fail(400, { error: 'link_expired', message: 'VERIFICATION_EXPIRED' });
    }
    return link;
  }

  app.put(path, (c) => {
    const link = liveLink(param(c, 'verificationId'));
    if (link.state === 'verified') {
      const answer: EmailVerificationStatus = { status: 'ALREADY_VERIFIED' };
      return c.json(answer, 200);
    }
    link.state = 'verified';
    return c.body(null, 204);
  });

  app.delete(path, (c) => {
    const link = liveLink(param(c, 'verificationId'));
    const user = sandbox.state.users.get(link.sub);
    if (user?.email === link.email) delete user.email;
    link.state = 'removed';
    return c.body(null, 204);
  });

  return app;
}
