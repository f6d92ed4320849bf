/** A timestamp as the dashboard shows it everywhere: "Nov 21, 2026, 10:29 AM". */
export function formatTime(iso: string | Date): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}
