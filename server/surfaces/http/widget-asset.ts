import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { acceptsGzip, gzipEtagOf, matchesIfNoneMatch } from './conditional';

/** Customer pages load the widget on every view: browsers and CDNs keep it 5 minutes, then revalidate. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

interface Asset {
  plain: Buffer;
  gzip: Buffer;
  etag: string;
  gzipEtag: string;
}

/** The banner widget, and the "What's new" launcher it loads only for `data-mode="changelog"`. */
export const WIDGET_PATHS = ['/widget.js', '/widget-changelog.js'] as const;
export type WidgetPath = (typeof WIDGET_PATHS)[number];

const assets = new Map<WidgetPath, Asset>();

export function isWidgetPath(path: string): path is WidgetPath {
  return (WIDGET_PATHS as readonly string[]).includes(path);
}

/** Read and compressed once in production; re-read on every request in development. */
function loadWidget(file: WidgetPath): Asset {
  const kept = assets.get(file);
  if (kept && process.env.NODE_ENV === 'production') return kept;
  const plain = fs.readFileSync(path.join(process.cwd(), 'public', file));
  const etag = `"${createHash('sha1').update(plain).digest('base64url')}"`;
  const asset = { plain, gzip: gzipSync(plain, { level: 9 }), etag, gzipEtag: gzipEtagOf(etag) };
  assets.set(file, asset);
  return asset;
}

/** Serves a widget file of public/ with a long-lived but revalidated cache, gzip when accepted, 304 on a match. */
export function serveWidget(req: IncomingMessage, res: ServerResponse, file: WidgetPath = '/widget.js') {
  const { plain, gzip, etag, gzipEtag } = loadWidget(file);
  const zipped = acceptsGzip(req.headers['accept-encoding']);
  const headers: Record<string, string> = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': WIDGET_CACHE_CONTROL,
    ETag: zipped ? gzipEtag : etag,
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  const ifNoneMatch = req.headers['if-none-match'];
  if (matchesIfNoneMatch(ifNoneMatch, etag) || matchesIfNoneMatch(ifNoneMatch, gzipEtag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const body = zipped ? gzip : plain;
  if (zipped) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
