import postgres from 'postgres';

/** A message channel between the processes on one PostgreSQL server (LISTEN/NOTIFY). */
export interface PostgresChannel {
  /** (Re)opens the listening connection; messages from every process, this one included, reach `onMessage`. */
  subscribe(onMessage: (payload: string) => void): Promise<void>;
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
    async subscribe(onMessage) {
      await listener?.end({ timeout: 1 }).catch(() => {});
      listener = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      await listener.listen(channel, onMessage);
    },
    async publish(payload) {
      await sender.notify(channel, payload);
    },
    async close() {
      await Promise.all([listener?.end({ timeout: 1 }), sender.end({ timeout: 1 })]);
    },
  };
}
