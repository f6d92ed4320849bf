import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis as IORedis } from 'ioredis';

/**
 * A small server speaking the Upstash REST protocol in front of a real Redis, so the production
 * `@upstash/redis` client runs unchanged in tests. Redis 7.0 rejects the `#!lua flags=` line that
 * @upstash/ratelimit's scripts start with, so EVAL strips it (EVALSHA then misses and the client
 * falls back to EVAL, as it does against Upstash after a script flush).
 */
export async function startUpstashBridge(redisUrl: string, token: string) {
  const redis = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();

  async function execute(command: unknown[]): Promise<unknown> {
    const [name, ...args] = command.map(String);
    if (/^eval$/i.test(name!)) args[0] = args[0]!.replace(/^#!lua[^\n]*\n/, '');
    return redis.call(name!, ...args);
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { error: 'Unauthorized' });
    const base64 = req.headers['upstash-encoding'] === 'base64';
    const encode = (value: unknown): unknown =>
      typeof value === 'string' ? (base64 ? Buffer.from(value).toString('base64') : value) : Array.isArray(value) ? value.map(encode) : value;
    const run = async (command: unknown[]) => {
      try {
        return { result: encode(await execute(command)) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    };
    const body = JSON.parse(Buffer.concat(chunks).toString() || '[]') as unknown[];
    if (req.url?.startsWith('/pipeline') || req.url?.startsWith('/multi-exec')) {
      return send(200, await Promise.all((body as unknown[][]).map(run)));
    }
    const answer = await run(body);
    send('error' in answer ? 400 : 200, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    redis,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      redis.disconnect();
    },
  };
}

/** Whether a Redis server answers at the URL (CI and this machine run one on 127.0.0.1:6379). */
export async function redisAvailable(redisUrl: string): Promise<boolean> {
  const probe = new IORedis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
