/** The identity-service redirect: count down from 5, submit below 2. */
export const REDIRECT_COUNTDOWN_FROM = 5;
export const SUBMIT_BELOW = 2;

export function shouldSubmit(secondsLeft: number): boolean {
  return secondsLeft < SUBMIT_BELOW;
}
