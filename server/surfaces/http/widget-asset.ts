import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Customer pages load the widget on every view: browsers and CDNs keep it 5 minutes, then revalidate. */
export const WIDGET_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=86400';

interface Asset {
  plain: Buffer;
  gzip: Buffer;
  etag: string;
}

let asset: Asset | undefined;

/** Read and compressed once in production; re-read on every request in development. */
function loadWidget(): Asset {
  if (asset && process.env.NODE_ENV === 'production') return asset;
  const plain = fs.readFileSync(path.join(process.cwd(), 'public', 'widget.js'));
  asset = { plain, gzip: gzipSync(plain, { level: 9 }), etag: `"${createHash('sha1').update(plain).digest('base64url')}"` };
  return asset;
}

/** Serves public/widget.js with a long-lived but revalidated cache, gzip when accepted, 304 on a match. */
export function serveWidget(req: IncomingMessage, res: ServerResponse) {
  const { plain, gzip, etag } = loadWidget();
  const headers: Record<string, string> = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': WIDGET_CACHE_CONTROL,
    ETag: etag,
    Vary: 'Accept-Encoding',
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
  };
  if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    res.writeHead(304, headers).end();
    return;
  }
  const zipped = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = zipped ? gzip : plain;
  if (zipped) headers['Content-Encoding'] = 'gzip';
  headers['Content-Length'] = String(body.length);
  res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : body);
}
