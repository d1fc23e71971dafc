import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/auth.ts';
import { passwordProblems } from '../auth/password.ts';
import type { AuthService } from '../auth/service.ts';
import type { UserAdmin } from '../auth/users.ts';

export const USAGE = `usage: npm run user -- <command>
  add <login> --role <admin|planner|tariff|viewer|brigadir> [--name "Full name"]   create a user (password from stdin)
  department <login> <id|none>   the department whose teams a team lead plans (department-scoped team rules)
  passwd <login>       set a new password (from stdin); ends the user's sessions
  disable <login>      the user can no longer sign in; their sessions end at once
  enable <login>       undo disable
  logout-all <login>   end every session of the user
  list                 login, name, roles, enabled, demo`;

/** A refusal the command prints as it is (exit code 1). */
export class CommandError extends Error {}

export interface UserCommandDeps {
  admin: UserAdmin;
  auth: Pick<AuthService, 'createUser'>;
  /** The password typed or piped on stdin; asked only by the commands that need one. */
  readPassword: () => Promise<string>;
}

const PROBLEM_TEXT = {
  tooShort: `the password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `the password must have at most ${PASSWORD_MAX_LENGTH} characters`,
  blank: 'the password must not be only spaces',
  common: 'the password is too common',
  equalsLogin: 'the password must not equal the login',
} as const;

async function newPassword(deps: UserCommandDeps, login: string): Promise<string> {
  const password = await deps.readPassword();
  const problems = passwordProblems(login, password);
  if (problems.length > 0)
    throw new CommandError(problems.map((problem) => PROBLEM_TEXT[problem]).join('; '));
  return password;
}

function flag(rest: string[], name: string): string | undefined {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : undefined;
}

const WITH_LOGIN = ['add', 'passwd', 'disable', 'enable', 'logout-all', 'department'];

/** Whether the arguments name a command (checked before the database opens). Example: `['list']` → true. */
export function isUserCommand(argv: string[]): boolean {
  const [command, login] = argv;
  return command === 'list' || (WITH_LOGIN.includes(command) && Boolean(login));
}

/** Runs one `npm run user` command on an open, migrated database; answers what to print. */
export async function runUserCommand(argv: string[], deps: UserCommandDeps): Promise<string> {
  if (!isUserCommand(argv)) throw new CommandError(USAGE);
  const [command, login, ...rest] = argv;
  if (command === 'list') return formatList(await deps.admin.list());
  const unknown = new CommandError(`no user ${login}`);
  switch (command) {
    case 'add': {
      const role = flag(rest, 'role');
      if (!role) throw new CommandError(USAGE);
      if (!(await deps.admin.roleExists(role))) throw new CommandError(`no role ${role}`);
      if ((await deps.admin.userId(login)) !== undefined)
        throw new CommandError(`user ${login} already exists`);
      const password = await newPassword(deps, login);
      const id = await deps.auth.createUser(login, flag(rest, 'name') ?? login, password, [role]);
      return `user ${login} created (id ${id}, role ${role})`;
    }
    case 'department': {
      const [value] = rest;
      const departmentId = value === 'none' ? null : Number(value);
      if (departmentId !== null && !(/^\d+$/.test(value ?? '') && departmentId > 0))
        throw new CommandError(USAGE);
      const done = await deps.admin.setDepartment(login, departmentId);
      if (done === 'no user') throw unknown;
      if (done === 'no department') throw new CommandError(`no department ${departmentId}`);
      return departmentId === null
        ? `${login} has no department`
        : `${login} plans department ${departmentId}`;
    }
    case 'passwd': {
      if ((await deps.admin.userId(login)) === undefined) throw unknown;
      await deps.admin.setPassword(login, await newPassword(deps, login));
      return `password of ${login} changed; their sessions ended`;
    }
    case 'disable':
    case 'enable': {
      if (!(await deps.admin.setEnabled(login, command === 'enable'))) throw unknown;
      return command === 'enable' ? `user ${login} enabled` : `user ${login} disabled; their sessions ended`;
    }
    default: {
      const ended = await deps.admin.logoutAll(login);
      if (ended === undefined) throw unknown;
      return `${ended} session(s) of ${login} ended`;
    }
  }
}

/** A plain table: one user a line, columns padded. */
function formatList(rows: Awaited<ReturnType<UserAdmin['list']>>): string {
  if (rows.length === 0) return 'no users';
  const table = [
    ['login', 'name', 'roles', 'enabled', 'demo'],
    ...rows.map((row) => [
      row.login,
      row.name,
      row.roles.join(',') || '-',
      row.enabled ? 'yes' : 'no',
      row.demo ? 'yes' : 'no',
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
  return table
    .map((line) =>
      line
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
