/**
 * How the flows read a failure: through `catalogue()`, the error catalogue
 * (src/api/error-catalogue.ts, 1.6 KB gzip) once it is here. It is not in any page's first-load
 * JS: it comes with the HTTP client's transport (src/api/transport.ts, loaded by the first call
 * or when the browser is idle), which registers it as it loads. A server's answer, the only thing
 * the catalogue tells apart, cannot arrive before the transport, so every failure with a status
 * is read by the whole catalogue. Before that, a failure never reached a server (a timeout,
 * offline, a transport that could not load): `transportMessage` says it, as the catalogue would.
 */
import type * as ErrorCatalogue from './error-catalogue.ts';
import type { ErrorName } from './error-catalogue.ts';
import type { ApiFailure } from './errors.ts';
import { transportMessage } from './transport-message.ts';
import type { Text } from '../i18n/types.ts';

export type Catalogue = Pick<
  typeof ErrorCatalogue,
  | 'errorName'
  | 'blockedVariant'
  | 'loginErrorMessage'
  | 'otpErrorKey'
  | 'recoveryCode'
  | 'recoveryErrorKey'
  | 'oneClickErrorMessage'
>;

let registered: Catalogue | undefined;

/** The transport's registration (and the unit tests' set-up). */
export function registerCatalogue(catalogue: Catalogue): void {
  registered = catalogue;
}

const message = (failure: ApiFailure): Text =>
  transportMessage(failure) ?? { key: 'error:default' };

/** Before the transport: no name, no block, no server code, and the failure's own message. */
const BEFORE_ANY_ANSWER: Catalogue = {
  errorName: () => undefined,
  blockedVariant: () => undefined,
  recoveryCode: () => undefined,
  loginErrorMessage: message,
  otpErrorKey: message,
  recoveryErrorKey: message,
  oneClickErrorMessage: message,
};

export function catalogue(): Catalogue {
  return registered ?? BEFORE_ANY_ANSWER;
}

/** The message key of an error name (`spring_security_error:{name}`). */
export function errorKey<N extends ErrorName>(name: N): `spring_security_error:${N}` {
  return `spring_security_error:${name}`;
}
