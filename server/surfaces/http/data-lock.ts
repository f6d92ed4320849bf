import fs from 'node:fs';
import path from 'node:path';
import { config } from '../../config';

/** Marks the embedded data folder as held by this process; other processes must not open it. */
export interface DataLock {
  release(): void;
}

function lockFile() {
  return path.join(config.dataDir, 'server.lock');
}

/** The pid of a live process holding the data folder, or null. */
export function dataFolderHolder(): number | null {
  try {
    const { pid } = JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as { pid: number };
    if (pid === process.pid) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export function acquireDataLock(role: string): DataLock {
  const holder = dataFolderHolder();
  if (holder) throw new Error(`The data folder ${config.dataDir} is in use by process ${holder}. Stop it first.`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, role }));
  return {
    release() {
      try {
        const { pid } = JSON.parse(fs.readFileSync(lockFile(), 'utf8')) as { pid: number };
        if (pid === process.pid) fs.unlinkSync(lockFile());
      } catch {
        // already gone
      }
    },
  };
}
