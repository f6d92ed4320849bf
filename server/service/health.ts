import { failingDependencies } from '../dependency-status';
import { API_VERSION, type THealth } from './schemas';

/**
 * `healthy` while everything works. `degraded` (still 200) while a dependency the service runs without
 * fails: rate limits are off (fail open) or caches expire instead of being cleared. A 503 would make a
 * load balancer drop every instance at once when the shared Redis fails, which fail-open exists to avoid.
 */
export function getHealth(): THealth {
  const failing = failingDependencies();
  if (failing.length === 0) return { status: 'healthy', version: API_VERSION };
  return { status: 'degraded', version: API_VERSION, failing };
}
