/**
 * The sign-up's views after its form, in one module loaded when the browser is idle or when the
 * flow opens one of them (Signup.tsx, `lazyView`): a view added to one of these files comes with
 * them.
 */
export * from './CorporateError.tsx';
export { BlockedNotice } from '../../ui/BlockedNotice.tsx';
export { IdpRedirect } from '../../ui/IdpRedirect.tsx';
export { OtpStep } from '../../ui/OtpStep.tsx';
