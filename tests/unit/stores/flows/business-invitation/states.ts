/** The invitee the business-invitation tests load, and the view that shows them. */
import type {
  InvitationState,
  Invitee,
} from '../../../../../src/stores/flows/business-invitation.ts';

export const invitee: Invitee = {
  givenName: 'Layla',
  phone: '+971500000001',
  userUrn: 'urn:customer:sbx-layla',
};
export const ready: InvitationState = { view: 'ready', invitee };
