/**
 * The sign-up page's flow (`/signup/`): see README.md in src/stores/flows for the shape. What the
 * calls and their answers need (effects.ts, requests.ts, transition.ts, the whole transition, failures.ts)
 * is not re-exported: the flow loads it later, and a re-export here would put it back in
 * /signup/'s first load.
 */
export * from './flow.ts';
export * from './presets.ts';
export * from './state.ts';
export * from './first-view.ts';
