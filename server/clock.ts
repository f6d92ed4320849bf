/** Where "now" comes from: the system clock, or a test's own, so tests move time instead of sleeping. */
export interface Clock {
  now(): number;
}

declare global {
  var __shipnoteClock: Clock | undefined;
}

const systemClock: Clock = { now: () => Date.now() };

export function clock(): Clock {
  return globalThis.__shipnoteClock ?? systemClock;
}

/** Tests only: `undefined` puts the system clock back. */
export function setClock(replacement: Clock | undefined) {
  globalThis.__shipnoteClock = replacement;
}

/** Tests only: a clock that stands still until the test advances it. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return { now: () => now, advance: (ms) => void (now += ms) };
}
