import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The official runner and the Node it runs on (it needs Node >= 22). */
export const CONFORMANCE_RUNNER = { conformance: '0.2.0-alpha.12', node: '24.21.0' };

// Installed outside the project's node_modules/.bin, where a `node` would shadow the machine's for every script.
const RUNNER_DIR = path.resolve('node_modules/.cache/mcp-conformance');
/** npm's Node builds per platform (what the `node` package installs from a preinstall script). */
const NODE_PACKAGE = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
export const NODE_24 = path.join(RUNNER_DIR, 'node_modules', NODE_PACKAGE, 'bin/node');
export const RUNNER_JS = path.join(RUNNER_DIR, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Installs the pinned runner and Node once per machine (npm, into node_modules/.cache). */
export function ensureConformanceRunner() {
  const version = (name: string) => {
    const file = path.join(RUNNER_DIR, 'node_modules', name, 'package.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : null;
  };
  if (version('@modelcontextprotocol/conformance') === CONFORMANCE_RUNNER.conformance && version(NODE_PACKAGE) === CONFORMANCE_RUNNER.node) return;
  const packages = [`@modelcontextprotocol/conformance@${CONFORMANCE_RUNNER.conformance}`, `${NODE_PACKAGE}@${CONFORMANCE_RUNNER.node}`];
  const npm = spawnSync('npm', ['install', '--prefix', RUNNER_DIR, '--no-save', '--no-audit', '--no-fund', ...packages], { encoding: 'utf8', timeout: 300_000 });
  if (npm.status !== 0) throw new Error(`installing the conformance runner failed:\n${npm.stdout}\n${npm.stderr}`);
}

export interface ConformanceCheck {
  id: string;
  status: string;
  detail: string;
}

/** Every check the runner recorded under `outputDir`, as `<scenario>:<check-id>`. */
export function readChecks(outputDir: string, prefix: 'server' | 'authorization-server'): ConformanceCheck[] {
  const checks: ConformanceCheck[] = [];
  for (const dir of existsSync(outputDir) ? readdirSync(outputDir) : []) {
    const scenario = new RegExp(`^${prefix}-(.+)-\\d{4}-\\d{2}-\\d{2}T`).exec(dir)?.[1];
    const file = path.join(outputDir, dir, 'checks.json');
    if (!scenario || !existsSync(file)) continue;
    for (const check of JSON.parse(readFileSync(file, 'utf8')) as { id: string; status: string; errorMessage?: string }[]) {
      checks.push({ id: `${scenario}:${check.id}`, status: check.status, detail: check.errorMessage ?? '' });
    }
  }
  return checks;
}
