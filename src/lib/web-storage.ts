/**
 * The browser's storages, or undefined where there is none (pre-rendering) or reading it throws
 * (storage blocked): a caller then keeps nothing, and the page works without it.
 */
export function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
