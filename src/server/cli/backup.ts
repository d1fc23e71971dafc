import { readConfig } from '../config.ts';
import { parseBackupArgs, runBackupCommand, UsePostgresToolsError } from './backupCommands.ts';
import { CommandError } from './userCommands.ts';

/** `npm run backup -- <file>` and `npm run restore -- <file>` (see BACKUP_USAGE), on the configured data folder. */
async function main(argv: string[]) {
  const args = parseBackupArgs(argv);
  console.log(await runBackupCommand(args, readConfig()));
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(error instanceof CommandError ? error.message : error);
  process.exit(error instanceof UsePostgresToolsError ? 2 : 1);
});
