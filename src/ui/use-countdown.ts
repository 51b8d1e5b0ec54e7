import { useEffect, useState } from 'react';

/**
 * Seconds left from `from` down to 0, ticking once a second while `running`. The timer stops when
 * the component unmounts or `running` turns false (a new view never inherits an old timer).
 */
export function useCountdown(
  from: number,
  running = true,
  restartKey: unknown = undefined,
): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    setLeft(from);
  }, [from, restartKey]);
  useEffect(() => {
    if (!running || left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left, running]);
  return left;
}

/**
 * Seconds left until a deadline (ms since the epoch), read from the clock at each tick rather
 * than counted down, so it stays true across a reload, a sleeping tab or a slow device; 0 once
 * the deadline has passed, or without one.
 */
export function useSecondsUntil(until: number | undefined): number {
  const [left, setLeft] = useState(() =>
    until === undefined ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)),
  );
  useEffect(() => {
    if (until === undefined) setLeft(0);
    if (until === undefined) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = (): void => {
      const now = Date.now();
      const seconds = Math.max(0, Math.ceil((until - now) / 1000));
      setLeft(seconds);
      // Next tick just after the next whole second.
      if (seconds > 0) timer = setTimeout(tick, ((until - now) % 1000 || 1000) + 20);
    };
    tick();
    return () => clearTimeout(timer);
  }, [until]);
  return left;
}
