/**
 * Business API: accepting a business invitation, and the business portal's role assignment
 * (mot auth). Both need the invitee's bearer access token, from which the user comes: no token,
 * 401; a body naming another user (`user_urn`, `phone`), 403. Outcomes per token: personas.ts
 * `INVITATIONS`.
 */
import { Hono } from 'hono';
import {
  INVITES_PROCESS_PATH,
  InviteProcessBody,
  MOT_AUTH_INVITATION_PATH,
  type InviteProcessResponse,
} from '../../src/contract/business-api.ts';
import { fail, jsonBody } from '../errors.ts';
import { honoPath, param } from '../http.ts';
import { userUrn } from '../../src/contract/identity-service.ts';
import type { IdentityService } from '../identity-service/index.ts';
import type { Invitation, Sandbox } from '../state.ts';
import { flagsOf } from '../queries.ts';
import { requireBearer } from './identity-service.ts';

const motFailed = (): never =>
  fail(502, {
    error: 'mot_request_failed',
    error_description: 'The business portal could not assign the role',
  });

export function businessApiRoutes(sandbox: Sandbox, idp: IdentityService): Hono {
  const app = new Hono();

  function invitation(code: string): Invitation {
    const found = sandbox.state.invitations.get(code);
    if (!found) fail(404, { error: 'not_found', error_description: 'Invitation code not found' });
    const outcome = found.outcome;
    if (outcome.kind === 'error') {
      if (outcome.status === 401)
        fail(401, { error: 'unauthorized', error_description: 'Unauthorized' });
      if (outcome.status === 404)
        fail(404, { error: 'not_found', error_description: 'Invitation code not found' });
      fail(400, {
        error: 'invalid_invitation',
        error_code: outcome.code ?? 'BU-0099',
        message: 'Invalid invitation',
      });
    }
    return found;
  }

  app.patch(INVITES_PROCESS_PATH, async (c) => {
    const user = await requireBearer(c, sandbox, idp);
    const body = await jsonBody(c, InviteProcessBody);
    if (body.user_urn !== userUrn(user.sub) || (body.phone && body.phone !== user.phone)) {
      fail(403, {
        error: 'forbidden',
        error_description: 'The invitation can only be accepted for the signed-in user',
      });
    }
    const found = invitation(body.code);
    if (found.accepted)
      fail(400, {
        error: 'invalid_invitation',
        error_code: 'BU-0011',
        message: 'Invitation already used',
      });
    if (found.outcome.kind === 'motfail' && flagsOf(sandbox).businessInvitationS2SRoles) {
      fail(400, {
        error: 'mot_request_failed',
        error_description: 'The business portal could not assign the role',
      });
    }
    found.accepted = true;
    const answer: InviteProcessResponse = { status: 'accepted' };
    return c.json(answer);
  });

  app.post(honoPath(MOT_AUTH_INVITATION_PATH), async (c) => {
    await requireBearer(c, sandbox, idp);
    const found = sandbox.state.invitations.get(param(c, 'code'));
    if (found?.outcome.kind === 'motfail') motFailed();
    if (found?.outcome.kind === 'error' && found.outcome.status === 401) {
      fail(401, { error: 'unauthorized', error_description: 'Unauthorized' });
    }
    return c.json({});
  });

  return app;
}
