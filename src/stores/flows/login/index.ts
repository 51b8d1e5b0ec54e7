/**
 * The login page's flow (`/login`): see README.md in src/stores/flows for the shape. Its effects
 * (effects.ts) are not re-exported: the flow loads them after the page, and a re-export here
 * would put them in /login's first load.
 */
export * from './flow.ts';
export * from './passkeys.ts';
export * from './presets.ts';
export * from './state.ts';
export * from './transition.ts';
