/** One-click checkout's flow (`/login/one-click`): see README.md in src/stores/flows for the shape. */
export * from './effects.ts';
export * from './flow.ts';
export * from './first-view.ts';
export * from './presets.ts';
export * from './requests.ts';
export * from './state.ts';
export * from './timers.ts';
export * from './transition.ts';
export * from './waiting.ts';
