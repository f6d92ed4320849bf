import '../../zod-without-cycles'; // before any schema is built
import { parseArgs } from 'node:util';
import { getDatabase, type DatabaseHandle } from '@/db/client';
import { config } from '../../config';
import { AppError } from '../../errors';
import { acquireDataLock, dataFolderHolder } from '../http/data-lock';
import { runCommitsPush } from './commits-push';
import { COMMANDS, USAGE } from './commands';

/** The admin CLI: `npm run cli -- <command> [--json]` (decisions.md "Admin CLI"). */
async function main(argv: string[]): Promise<number> {
  const [noun, verb, ...rest] = argv;
  // talks to a running server over HTTP: dispatched before, and without, the database
  if (noun === 'commits' && verb === 'push') return runCommitsPush(rest);
  // commands are two words (`user create`) or one (`purge`)
  const pair = COMMANDS[`${noun} ${verb}`];
  const command = pair ?? COMMANDS[noun ?? ''];
  const args = pair ? rest : [verb, ...rest].filter((arg): arg is string => arg !== undefined);
  if (!command) {
    process.stderr.write(USAGE);
    return noun === 'help' || noun === '--help' ? 0 : 2;
  }
  const { values } = parseArgs({ args, options: { ...command.options, json: { type: 'boolean' } }, strict: true });
  const database = await openDatabase();
  if (!database) return 1;
  try {
    const result = await command.run(database.db, values as Record<string, string | undefined>);
    process.stdout.write((values.json ? JSON.stringify(result.json) : result.text) + '\n');
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.handle.close();
    database.release();
  }
}

/** The embedded database can be open in one process only: refuse while a server holds it. */
async function openDatabase(): Promise<{ db: DatabaseHandle['db']; handle: DatabaseHandle; release: () => void } | null> {
  if (config.databaseUrl) {
    const handle = await getDatabase();
    return { db: handle.db, handle, release: () => {} };
  }
  const holder = dataFolderHolder();
  if (holder) {
    process.stderr.write(
      `Error: the embedded database in ${config.dataDir} is in use by a running Shipnote server (pid ${holder}).\n` +
        'Stop the server first, or use the dashboard or the API while it runs.\n',
    );
    return null;
  }
  const lock = acquireDataLock('cli');
  const handle = await getDatabase();
  return { db: handle.db, handle, release: () => lock.release() };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
