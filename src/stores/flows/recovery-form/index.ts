/** The recovery form's flow (`/recovery`): see README.md in src/stores/flows for the shape. */
export * from './flow.ts';
export * from './state.ts';
export * from './transition.ts';
