/**
 * The message of a failure that never reached a server answer, in a module of its own: the link
 * pages need only this of the error catalogue (src/api/error-catalogue.ts re-exports it), and
 * the whole catalogue would cost them 1.2 KB gzip of first-load JS.
 */
import type { Text } from '../i18n/types.ts';
import type { ApiFailure } from './errors.ts';

/** A failure that never reached a server answer: timeout, offline, dropped, malformed. */
export function transportMessage(failure: ApiFailure): Text | undefined {
  switch (failure.kind) {
    case 'timeout':
      return { key: 'common:timeout' };
    case 'offline':
      return { key: 'common:offline' };
    case 'network':
    case 'malformed':
      return { key: 'common:networkError' };
    case 'http':
      return undefined;
  }
}
