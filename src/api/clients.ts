import { clientPath, type ClientData } from '../contract/shell.ts';
import { request } from './client.ts';

/** The client's name and logo for the header (`CLIENT_PATH`, src/contract/shell.ts). */
export function fetchClient(clientId: string): Promise<ClientData> {
  return request<ClientData>('identityApi', clientPath(clientId));
}
