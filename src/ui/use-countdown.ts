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
