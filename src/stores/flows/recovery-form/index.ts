/** The recovery form's flow (`/recovery`): see README.md in src/stores/flows for the shape. */
export * from './first-view.ts';
export * from './effects.ts';
export * from './flow.ts';
export * from './state.ts';
export * from './steps.ts';
export * from './transition.ts';
