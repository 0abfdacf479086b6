import { useEffect, useState } from 'react';

/**
 * A counter bumped every `seconds` (none: stays 0): a widget over store rows that move on their
 * own (crawl runs, queues) passes it on as its read's version, so the rows are read again.
 */
export function useRefreshTick(seconds: number | undefined): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!seconds) return;
    const timer = setInterval(() => setTick((t) => t + 1), seconds * 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return tick;
}
