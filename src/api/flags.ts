/** The remote feature flags (`GET {flags}/flags`): 3000 ms at most, never retried. */
import { FLAGS_PATH } from '../contract/shell.ts';
import { request } from './client.ts';

export const FLAGS_TIMEOUT_MS = 3000;

export function fetchFlags(): Promise<unknown> {
  return request('flags', FLAGS_PATH, { timeout: FLAGS_TIMEOUT_MS, idempotent: false });
}
