/** Lengths the content schemas enforce; the dashboard's editors show them from here (no imports: client-safe). */
export const CONTENT_LIMITS = { title: 200, version: 50, category: 100 } as const;
