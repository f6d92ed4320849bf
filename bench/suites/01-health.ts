import type { BenchContext } from '../harness';

export default async function health(bench: BenchContext) {
  await bench.compareWithBare('GET /api/v1/health', { path: '/api/v1/health' });
  await bench.compareWithBare('GET /api/v1/me', { path: '/api/v1/me', headers: { authorization: `Bearer ${bench.token}` } });
}
