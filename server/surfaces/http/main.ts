import './share-async-storage'; // first: Next makes its stores as it loads
import '../../zod-without-cycles'; // before any schema is built, Next's included
import type http from 'node:http';
import next from 'next';
import { getDatabase } from '@/db/client';
import { config } from '../../config';
import { redact } from '../../log';
import { startPageViewFlusher } from '../../banner/flusher';
import { startPurgeTimer } from '../../maintenance/purge';
import { startReleaseEmailWorker } from '../../release-emails/start-worker';
import { startContentScheduler } from '../../content/scheduler';
import { startRerender } from '../../content/rerender';
import { startImportWorker } from '../../recipient-imports/worker';
import { startInvalidationBus } from '../../cache-bus';
import { closeSharedRedis } from '../../redis';
import { answerClientError } from './client-error';
import { acquireDataLock, type DataLock } from './data-lock';
import { handleFastPath } from './fast-path';
import { serveSharedRead } from './shared-cache';
import { refuseMalformedPath } from './malformed-path';
import { countPublicPageView } from './page-views';
import { limitAnonymousRender } from './anonymous-renders';
import { tagEncodedAnswers } from './encoded-etag';
import { createFrontServer } from './front';
import { routeToRestSurface } from './rest-route';
import { prepareAuthEnvironment } from './runtime';

/**
 * The HTTP front: sets the client's address for the rate limits, answers the hot public GETs itself
 * (fast-path.ts) and hands every other request to Next.
 * Run with `npm start` (production build) or `npm run dev`.
 */
async function main() {
  const dev = process.argv.includes('--dev');
  const lock: DataLock | null = config.databaseUrl ? null : acquireDataLock('server');
  const database = await getDatabase();
  // the session secret: NEXTAUTH_SECRET, else one kept in the database that every instance shares
  await prepareAuthEnvironment(database);
  // caches of every instance cleared within milliseconds of a publish, take-down or revocation
  const bus = await startInvalidationBus();

  const app = next({ dev, dir: process.cwd(), port: config.port, hostname: 'localhost' });
  const handle = app.getRequestHandler();
  await app.prepare();
  // delivers queued release emails; resumes whatever a previous run left unfinished
  const emailWorker = await startReleaseEmailWorker();
  // publishes scheduled content when due; what fell due while no instance ran goes out now
  const scheduler = startContentScheduler(async () => database.db, config.contentSchedulerIntervalMs);
  // applies started CSV imports; one a stopped instance left running is picked up (PGlite: at once)
  const imports = startImportWorker(database);
  const purge = startPurgeTimer(async () => database.db);
  // items saved under an older rendering (a sanitizer or feed fix since) are rendered again, once
  const rerender = startRerender(database.db);
  const pageViews = startPageViewFlusher(async () => database.db);

  const render = (req: http.IncomingMessage, res: http.ServerResponse) => {
    routeToRestSurface(req);
    tagEncodedAnswers(res);
    void handle(req, res);
  };
  const serve = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (refuseMalformedPath(req, res)) return;
    // published content and /health from memory (not in development, where the code changes under them)
    if (!dev && serveSharedRead(req, res, () => render(req, res))) return;
    // the other views of a public page, counted once here as the cached ones are
    if (countPublicPageView(req, res, () => render(req, res))) return;
    limitAnonymousRender(req, res, () => render(req, res));
  };
  // the hot public GETs (fast-path.ts) read no origin: answered outside its async context
  const front = { proxyHops: config.trustedProxyHops, appUrlConfigured: config.appUrlConfigured, answerFirst: handleFastPath };
  const server = createFrontServer(serve, front);
  server.on('clientError', answerClientError);
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
    await scheduler.stop();
    await imports.stop();
    await emailWorker.stop();
    purge.stop();
    await rerender.stop();
    await pageViews.stop();
    await bus.stop();
    await closeSharedRedis();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(redact(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
