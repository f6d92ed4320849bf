import postgres from 'postgres';

/** A message channel between the processes on one PostgreSQL server (LISTEN/NOTIFY). */
export interface PostgresChannel {
  /**
   * (Re)opens the listening connection; messages from every process, this one included, reach `onMessage`.
   * `onResubscribed` runs each time postgres.js listens again after the connection dropped.
   */
  subscribe(onMessage: (payload: string) => void, onResubscribed: () => void): Promise<void>;
  publish(payload: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Two connections of its own: one holds the LISTEN, one sends. LISTEN needs a session of its own, so
 * it does not work through a pooler in transaction mode (PgBouncer): set REDIS_URL there instead.
 */
export function postgresChannel(url: string, channel: string): PostgresChannel {
  const sender = postgres(url, { max: 1, onnotice: () => {} });
  let listener: postgres.Sql | null = null;
  return {
    async subscribe(onMessage, onResubscribed) {
      await listener?.end({ timeout: 1 }).catch(() => {});
      listener = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      let listens = 0;
      await listener.listen(channel, onMessage, () => {
        if (++listens > 1) onResubscribed();
      });
    },
    async publish(payload) {
      await sender.notify(channel, payload);
    },
    async close() {
      await Promise.all([listener?.end({ timeout: 1 }), sender.end({ timeout: 1 })]);
    },
  };
}
