/**
 * The login's views after its first ones, in one module loaded when the browser is idle or when
 * the flow opens one of them (Login.tsx, `lazyView`): a view added to one of these files comes
 * with them.
 */
export * from './ChallengeViews.tsx';
export * from './OutcomeViews.tsx';
export { OtpStep } from '../../ui/OtpStep.tsx';
