import path from 'node:path';
import { createInterface } from 'node:readline';
import { syncCatalogue } from '../auth/catalogue.ts';
import { createAuthService } from '../auth/service.ts';
import { createUserAdmin } from '../auth/users.ts';
import { readConfig } from '../config.ts';
import { openDb } from '../db/client.ts';
import { dataDirHolder, inUseMessage } from '../db/pgliteWorker.ts';
import { CommandError, isUserCommand, runUserCommand, USAGE } from './userCommands.ts';

/** The first line of stdin: a piped password, or one typed at the prompt. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** `npm run user -- <command>` (see USAGE): user administration on the configured database. */
async function main(argv: string[]) {
  if (!isUserCommand(argv)) throw new CommandError(USAGE);
  const config = readConfig();
  const dataDir = path.join(config.dataDir, 'pg');
  // The embedded database is one process's: a running server holds it (on PostgreSQL the tool runs beside it).
  const holder = config.databaseUrl ? null : dataDirHolder(dataDir);
  if (holder !== null)
    throw new CommandError(
      `${inUseMessage(dataDir, holder)} On the embedded database users are administered with the server stopped ` +
        '(Ctrl+C), with the same DATA_DIR; on PostgreSQL (DATABASE_URL) while it runs.',
    );
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir });
  try {
    await db.migrate();
    await syncCatalogue(db);
    console.log(
      await runUserCommand(argv, { admin: createUserAdmin(db), auth: createAuthService(db), readPassword }),
    );
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  // An operator's tool: the message, not the stack (LOG_LEVEL=debug shows it).
  console.error(error instanceof CommandError || process.env.LOG_LEVEL !== 'debug' ? error.message : error);
  process.exit(1);
});
