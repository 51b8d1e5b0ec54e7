import { clientPath, type ClientData } from '../contract/shell.ts';
import { request } from './client.ts';

/** The client's name and logo for the header (spec section 7, first row). */
export function fetchClient(clientId: string): Promise<ClientData> {
  return request<ClientData>('identityApi', clientPath(clientId));
}
