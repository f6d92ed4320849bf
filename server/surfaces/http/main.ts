import http from 'node:http';
import next from 'next';
import { getDatabase } from '@/db/client';
import { config } from '../../config';
import { redact } from '../../log';
import { localOriginOf, runWithRequestOrigin } from '../../request-origin';
import { startPageViewFlusher } from '../../banner/page-url';
import { startPurgeTimer } from '../../maintenance/purge';
import { startReleaseEmailWorker } from '../../release-emails/start-worker';
import { CLIENT_IP_HEADER } from '../../context';
import { clientIpOf } from './client-ip';
import { acquireDataLock, type DataLock } from './data-lock';
import { handleFastPath } from './fast-path';
import { prepareAuthEnvironment } from './runtime';

/**
 * The HTTP front: sets the client's address for the rate limits, answers the hot public GETs itself
 * (fast-path.ts) and hands every other request to Next.
 * Run with `npm start` (production build) or `npm run dev`.
 */
async function main() {
  const dev = process.argv.includes('--dev');
  prepareAuthEnvironment();
  const lock: DataLock | null = config.databaseUrl ? null : acquireDataLock('server');
  const database = await getDatabase();

  const app = next({ dev, dir: process.cwd(), port: config.port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  // delivers queued release emails; resumes whatever a previous run left unfinished
  const emailWorker = await startReleaseEmailWorker();
  const purge = startPurgeTimer(async () => database.db);
  const pageViews = startPageViewFlusher(async () => database.db);

  const proxyHops = config.trustedProxyHops; // read once: process.env costs about a microsecond a request
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (handleFastPath(req, res)) return;
    void handle(req, res);
  };
  const server = http.createServer(
    config.appUrlConfigured
      ? (req, res) => {
          req.headers[CLIENT_IP_HEADER] = clientIpOf(req, proxyHops);
          serve(req, res);
        }
      : (req, res) => {
          req.headers[CLIENT_IP_HEADER] = clientIpOf(req, proxyHops);
          const origin = localOriginOf(req.headers.host);
          if (!origin) return refuseHost(res);
          runWithRequestOrigin(origin, () => serve(req, res));
        },
  );
  server.listen(config.port, () => {
    console.log(`Shipnote listening on ${config.appUrl} (${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`);
    if (!config.appUrlConfigured) {
      console.log('APP_URL is unset: links, the OAuth issuer and the MCP resource follow the loopback or private origin each request uses; other hosts are refused.');
    }
  });

  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await app.close?.();
    await emailWorker.stop();
    purge.stop();
    await pageViews.stop();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** DNS-rebinding protection while APP_URL is unset: a name we were not told about is not ours. */
function refuseHost(res: http.ServerResponse) {
  const body = JSON.stringify({ detail: 'This host is not served: set APP_URL to the public origin of Shipnote' });
  res.writeHead(421, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

main().catch((error) => {
  console.error(redact(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
