// Builds the production bundle when it is missing or older than the sources, so `npm start` works on
// a fresh clone and after every change.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const buildId = path.join(process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID');
const sources = ['app', 'server', 'db', 'public', 'next.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) {
    if (child === '__tests__' || child === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
if (built < Math.max(...sources.map(newestMtime))) {
  console.log('Building the production bundle (next build)...');
  execSync('npx next build', { stdio: 'inherit' });
}
