import fs from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; os?: string[]; cpu?: string[] }>;
};

describe('engines', () => {
  it('the lowest Node that package.json promises satisfies every locked dependency, dev tools included', () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    const refused = Object.entries(lock.packages)
      .filter(([path, info]) => path && !Array.isArray(info.engines) && info.engines?.node)
      // builds for other platforms never install here; their ranges still must not exclude us
      .filter(([, info]) => !semver.satisfies(lowest, (info.engines as { node: string }).node, { includePrerelease: true }))
      .map(([path, info]) => `${path.replace(/^.*node_modules\//, '')} needs ${(info.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  it('this run is on a Node the project supports', () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node)).toBe(true);
  });
});
