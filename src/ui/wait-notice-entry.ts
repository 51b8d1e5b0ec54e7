/**
 * WaitNotice for LaterWaitNotice's later load. Loading WaitNotice.tsx itself with `import()`
 * would make the chunk that holds it (`waits`, astro.config.mjs) carry a namespace object of the
 * module, on every page that loads that chunk first (login, sign-up); this module is a chunk of
 * its own that takes WaitNotice by name.
 */
export { WaitNotice } from './WaitNotice.tsx';
