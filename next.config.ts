import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // a separate build folder per checkout user (tests, benches) when NEXT_DIST_DIR is set
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // PGlite ships WebAssembly and must stay a runtime dependency, not bundled; ioredis (REDIS_URL) is
  // required at run time as the HTTP front requires it, never bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', '@node-rs/bcrypt', 'ioredis'],
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc --noEmit); the build need not do it twice
  typescript: { ignoreBuildErrors: true },
  async headers() {
    return [
      {
        // The dashboard must never be framed. The consent, unsubscribe and subscription pages set their own, stricter policy.
        source: '/((?!api/|widget\\.js|oauth/authorize|unsubscribe/|subscribe/|pub/[^/]+/subscribe$|verify-email/).*)',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
      {
        // Pages whose URL is a credential: no Referer ever leaves them, and nothing runs but our own code.
        source: '/verify-email/:token',
        headers: [
          { key: 'Referrer-Policy', value: 'no-referrer' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          {
            key: 'Content-Security-Policy',
            value: "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
          },
        ],
      },
    ];
  },
};

export default nextConfig;
