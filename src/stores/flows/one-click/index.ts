/**
 * One-click checkout's flow (`/login/one-click`): see README.md in src/stores/flows for the shape.
 * Its effects (effects.ts) are not re-exported: the flow loads them after the page.
 */
export * from './flow.ts';
export * from './presets.ts';
export * from './requests.ts';
export * from './state.ts';
export * from './timers.ts';
export * from './transition.ts';
export * from './waiting.ts';
