import { logError } from './log';

/** How often a dependency that keeps failing is logged again: once a minute, not once a request. */
export const FAILURE_LOG_INTERVAL_MS = 60_000;

interface DependencyState {
  /** null while it works; the state is kept then, so a dependency that flaps is still logged once a minute */
  failingSince: number | null;
  lastLogAt: number;
  /** failures since the last log line */
  unlogged: number;
  /** this outage was logged: its end is logged too, so the log never ends on a failure that is over */
  outageLogged: boolean;
}

declare global {
  var __shipnoteDependencies: Map<string, DependencyState> | undefined;
}

// On globalThis: the HTTP front and Next's bundles load this module separately but share one process.
const states = () => (globalThis.__shipnoteDependencies ??= new Map());

/**
 * A dependency the service runs without (Redis for rate limits, cache invalidation): the caller goes
 * on (fail open), the operator sees one log line a minute and `/health` answers `degraded`.
 */
export function reportFailure(name: string, error: unknown, now = Date.now()) {
  let state = states().get(name);
  if (!state) states().set(name, (state = { failingSince: null, lastLogAt: -Infinity, unlogged: 0, outageLogged: false }));
  state.unlogged += 1;
  if (state.failingSince === null) {
    state.failingSince = now;
    state.outageLogged = false;
  }
  if (now - state.lastLogAt < FAILURE_LOG_INTERVAL_MS) return;
  const repeats = state.unlogged > 1 ? ` (${state.unlogged} failures since the last report)` : '';
  logError(`${name} unavailable${repeats}; carrying on without it`, error);
  state.lastLogAt = now;
  state.unlogged = 0;
  state.outageLogged = true;
}

export function reportSuccess(name: string, now = Date.now()) {
  const state = states().get(name);
  if (!state || state.failingSince === null) return;
  if (state.outageLogged) console.error(`[shipnote] ${name} available again after ${Math.round((now - state.failingSince) / 1000)} s`);
  state.failingSince = null;
}

/** Names of the dependencies failing now, for `/health`. */
export function failingDependencies(): string[] {
  return [...states()].filter(([, state]) => state.failingSince !== null).map(([name]) => name).sort();
}
