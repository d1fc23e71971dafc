import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '../db/client.ts';
import { generateDemoAirport } from './generate.ts';
import { isDemoLoaded, rowCounts, writeDemoData } from './load.ts';

const HELP = `Loads the demo airport into the database.

  npm run seed -- [--scale N] [--days D] [--seed S] [--date YYYY-MM-DD] [--data-dir DIR] [--force]

  --scale N     multiplies flights, staff and vehicles (default 1: ~350 legs a day, ~1,500 employees)
  --days D      days of flights before and after the reference day (default 60)
  --seed S      the same seed gives the same data (default 1)
  --date D      the reference day ("today" of the demo; default now)
  --data-dir    PGlite folder (default $DATA_DIR/pg, DATA_DIR defaulting to ./data); DATABASE_URL selects PostgreSQL instead
  --force       load even when a demo airport is already loaded (into an empty operations schema only)
`;

const { values } = parseArgs({
  options: {
    scale: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    date: { type: 'string' },
    'data-dir': { type: 'string' },
    force: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const databaseUrl = process.env.DATABASE_URL;
const handle = await openDb(
  databaseUrl
    ? { databaseUrl }
    : { dataDir: values['data-dir'] ?? path.join(process.env.DATA_DIR ?? 'data', 'pg') },
);
try {
  await handle.migrate();
  if ((await isDemoLoaded(handle)) && !values.force) {
    process.stdout.write(
      'the demo airport is already loaded; nothing to do (use --force on an empty schema)\n',
    );
  } else {
    const started = performance.now();
    const data = generateDemoAirport({
      scale: values.scale ? Number(values.scale) : undefined,
      days: values.days ? Number(values.days) : undefined,
      seed: values.seed ? Number(values.seed) : undefined,
      referenceDate: values.date,
    });
    const generated = performance.now();
    await writeDemoData(handle, data);
    const written = performance.now();
    process.stdout.write(`${JSON.stringify(rowCounts(data), null, 1)}\n`);
    process.stdout.write(
      `generated in ${Math.round(generated - started)} ms, written in ${Math.round(written - generated)} ms\n`,
    );
  }
} finally {
  await handle.close();
}
