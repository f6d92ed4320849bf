import type { NextConfig } from 'next';

// A minimal Next app for the benchmarks' floor: one route handler, nothing else.
const config: NextConfig = { poweredByHeader: false, typescript: { ignoreBuildErrors: true } };
export default config;
