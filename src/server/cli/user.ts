import path from 'node:path';
import { syncCatalogue } from '../auth/catalogue.ts';
import { createAuthService } from '../auth/service.ts';
import { readConfig } from '../config.ts';
import { openDb } from '../db/client.ts';

const USAGE =
  'usage: npm run user -- add <login> --role <admin|planner|tariff|viewer> [--name "Full name"]  (password from stdin)';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

/** `npm run user -- add <login> --role <role>`: creates a real user; the password is read from stdin. */
async function main(argv: string[]) {
  const [command, login, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const role = flag('role');
  if (command !== 'add' || !login || !role) throw new Error(USAGE);
  if (process.stdin.isTTY) process.stderr.write('Пароль: ');
  const password = await readStdin();
  if (password.length < 6) throw new Error('The password must have at least 6 characters');
  const config = readConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pg') });
  try {
    await db.migrate();
    await syncCatalogue(db);
    const id = await createAuthService(db).createUser(login, flag('name') ?? login, password, [role]);
    console.log(`user ${login} created (id ${id}, role ${role})`);
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
