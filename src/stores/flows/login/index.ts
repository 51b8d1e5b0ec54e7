/**
 * The login page's flow (`/login`): see README.md in src/stores/flows for the shape. What the
 * calls need (effects.ts, requests.ts, transition.ts: the whole transition) is not re-exported: the flow loads it later, and a
 * re-export here would put it back in /login's first load.
 */
export * from './flow.ts';
export * from './passkeys.ts';
export * from './presets.ts';
export * from './state.ts';
export * from './first-view.ts';
