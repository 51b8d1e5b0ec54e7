/**
 * The login's views after its first ones, in one module loaded when the browser is idle or when
 * the flow opens one of them (Login.tsx, `lazyView`).
 */
export { ChallengeForm, NameConfirmation, PasswordForm } from './ChallengeViews.tsx';
export {
  BlockedUser,
  DashboardSelection,
  RedirectToIdp,
  RedirectToSignup,
} from './OutcomeViews.tsx';
export { OtpStep } from '../../ui/OtpStep.tsx';
