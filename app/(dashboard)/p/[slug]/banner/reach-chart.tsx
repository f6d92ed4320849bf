import type { TBannerHistoryEntry } from '@/server/banner/schemas';

const WIDTH = 320;
const HEIGHT = 96;

/** Impressions (bar) and clicks (darker inner bar) of the last published banners, oldest on the left. */
export function ReachChart({ history }: { history: TBannerHistoryEntry[] }) {
  const entries = history.slice(0, 10).reverse();
  if (entries.length === 0) return null;
  const max = Math.max(1, ...entries.map((entry) => entry.impressions));
  const slot = WIDTH / entries.length;
  const bar = Math.min(28, slot * 0.6);
  const height = (value: number) => (value / max) * (HEIGHT - 14);
  const summary = entries.map((e) => `${e.banner.headline}: ${e.impressions} impressions, ${e.clicks} clicks`).join('; ');
  return (
    <svg role="img" aria-label={`Impressions and clicks per banner, oldest first. ${summary}`} data-testid="reach-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT}>
      <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} stroke="var(--line)" />
      {entries.map((entry, i) => {
        const x = i * slot + (slot - bar) / 2;
        return (
          <g key={entry.id}>
            <title>{`${entry.banner.headline}: ${entry.impressions} impressions, ${entry.clicks} clicks`}</title>
            <rect x={x} y={HEIGHT - 1 - height(entry.impressions)} width={bar} height={height(entry.impressions)} fill={entry.live ? 'var(--accent)' : '#b4c0f0'} rx={2} />
            <rect x={x + bar / 4} y={HEIGHT - 1 - height(entry.clicks)} width={bar / 2} height={height(entry.clicks)} fill="#1b1f24" rx={1} />
          </g>
        );
      })}
    </svg>
  );
}
