/** The endpoint groups of api-v1.md section 8, each with its own per-IP budget per minute. */
export const RATE_LIMIT_GROUPS = {
  /** create list, add, upsert, remove recipients (single and batch), commits */
  write: 30,
  /** list lists, get list, list recipients */
  read: 100,
  export: 20,
  /** public content and every other endpoint */
  general: 100,
  /** the banner widget's impressions and clicks: its own budget, so reports never cost a page its banner */
  bannerEvents: 100,
  /** pages Next renders for a caller without a session, per address (home, sign-in, docs, 404s): only scripts meet it */
  pages: 300,
  /** a signed-in dashboard user, per user across every procedure: generous, so only scripts meet it */
  dashboard: 600,
  /** OAuth client registration: loose, so clients that register twice still pass */
  register: 20,
  /** password sign-ins per client address */
  signIn: 30,
  /** password sign-ins per account from one address: a stranger elsewhere cannot lock the owner out */
  signInAccount: 5,
  /** password sign-ins per account from every address together (a botnet); browsers it knows skip it */
  signInAccountAll: 20,
  /** account sign-ups (and sign-up confirmations) per client address: a team behind one NAT still passes */
  signUp: 30,
  /** sign-up emails per address they go to: nobody can flood a mailbox through the sign-up form */
  signUpEmail: 1,
  /** public subscribe form submissions (and confirmations) per client address */
  subscribe: 20,
  /** subscribe submissions per address subscribed, from everywhere; past it they are accepted and dropped */
  subscribeAddress: 5,
} as const;

export type RateLimitGroup = keyof typeof RATE_LIMIT_GROUPS;

export const WINDOW_SECONDS = 60;

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** epoch milliseconds when the window ends */
  resetAt: number;
}

export interface RateLimiter {
  check(group: RateLimitGroup, key: string): Promise<RateLimitDecision>;
}
