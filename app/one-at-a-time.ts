'use client';
import { useRef, useState } from 'react';

/**
 * An async action that runs once at a time: while it runs, calls are dropped. A disabled button is not
 * enough, since a double click's second submit arrives before React renders the button disabled (two API
 * keys were made, one of them never shown). `running` is for the button.
 */
export function useOneAtATime<A extends unknown[]>(action: (...args: A) => Promise<void>) {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = async (...args: A) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    try {
      await action(...args);
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  };
  return [run, running] as const;
}
