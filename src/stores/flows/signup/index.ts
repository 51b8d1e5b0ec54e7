/** The sign-up page's flow (`/signup/`): see README.md in src/stores/flows for the shape. */
export * from './failures.ts';
export * from './flow.ts';
export * from './presets.ts';
export * from './requests.ts';
export * from './state.ts';
export * from './transition.ts';
