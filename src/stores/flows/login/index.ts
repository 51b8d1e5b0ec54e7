/** The login page's flow (`/login`): see README.md in src/stores/flows for the shape. */
export * from './flow.ts';
export * from './passkeys.ts';
export * from './presets.ts';
export * from './requests.ts';
export * from './state.ts';
export * from './transition.ts';
