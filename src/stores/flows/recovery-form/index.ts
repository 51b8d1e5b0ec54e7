/**
 * The recovery form's flow (`/recovery`): see README.md in src/stores/flows for the shape. Its
 * effects (effects.ts) are not re-exported: the flow loads them after the page.
 */
export * from './flow.ts';
export * from './state.ts';
export * from './steps.ts';
export * from './transition.ts';
