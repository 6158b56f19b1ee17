import { createInterface } from 'node:readline';
import { lastAdminRule, type OperatorRole, operatorRoles } from '../../shared/api/operators';
import { AuditLog } from '../audit/audit-log';
import { openDatabase } from '../db/database';
import { hashPassword, passwordSchema, ruleBroken, usernameSchema } from '../watch/auth/passwords';
import { WatchStore } from '../watch/store';

/**
 * `npm run user -- add NAME [--role operator|admin] | passwd NAME | role NAME operator|admin |
 * disable NAME | enable NAME | list`: operator accounts, in the database the server uses
 * (DATABASE_URL, or DATA_DIR's SQLite). The password comes from standard input: typed twice at a
 * prompt (not echoed), or piped with --password-stdin for automation. Every change goes into the
 * audit record as done by `cli` from `local`. Exit codes: 0 done, 1 refused (the account exists,
 * or does not, or it is the last enabled admin), 2 a usage or input error.
 */
const usage =
  'usage: npm run user -- add NAME [--role operator|admin] | passwd NAME | role NAME operator|admin | disable NAME | enable NAME | list   [--password-stdin]';

class UsageError extends Error {}

type Command =
  | { name: 'list' }
  | { name: 'add'; username: string; fromPipe: boolean; role: OperatorRole }
  | { name: 'passwd'; username: string; fromPipe: boolean }
  | { name: 'role'; username: string; role: OperatorRole }
  | { name: 'disable' | 'enable'; username: string };

const roleRule = `must be one of ${operatorRoles.join(', ')}`;

function parseRole(field: string, value: string | undefined): OperatorRole {
  const role = operatorRoles.find((known) => known === value);
  if (!role) throw new UsageError(`Invalid ${field}: ${roleRule}`);
  return role;
}

function parseArgs(args: readonly string[]): Command {
  const words: string[] = [];
  let fromPipe = false;
  let role: OperatorRole | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--password-stdin') fromPipe = true;
    else if (arg === '--role') role = parseRole('--role', args[++i]);
    else if (arg.startsWith('--role=')) role = parseRole('--role', arg.slice('--role='.length));
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else words.push(arg);
  }
  const [name, username, ...rest] = words;
  const named = () => {
    const broken = ruleBroken('NAME', usernameSchema, username);
    if (broken) throw new UsageError(broken);
    return usernameSchema.parse(username);
  };
  // Options only where they mean something: a stray one is a mistake worth hearing of.
  const only = (allowed: { pipe: boolean; role: boolean }) => {
    if (fromPipe && !allowed.pipe) throw new UsageError(`${name} takes no --password-stdin`);
    if (role && !allowed.role) throw new UsageError(`${name} takes no --role`);
  };
  if (name === 'list' && !username) {
    only({ pipe: false, role: false });
    return { name };
  }
  if (name === 'add' && username !== undefined && rest.length === 0) {
    only({ pipe: true, role: true });
    return { name, username: named(), fromPipe, role: role ?? 'operator' };
  }
  if (name === 'passwd' && username !== undefined && rest.length === 0) {
    only({ pipe: true, role: false });
    return { name, username: named(), fromPipe };
  }
  if (name === 'role' && username !== undefined && rest.length === 1) {
    only({ pipe: false, role: false });
    return { name, username: named(), role: parseRole('role', rest[0]) };
  }
  if ((name === 'disable' || name === 'enable') && username !== undefined && rest.length === 0) {
    only({ pipe: false, role: false });
    return { name, username: named() };
  }
  throw new UsageError(name ? `cannot read the command: ${args.join(' ')}` : 'no command');
}

/** Piped: everything up to end of input, less one final line break. */
async function readPipe(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.replace(/\r?\n$/, '');
}

function ask(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    // Typed characters are not echoed: readline writes them through this, and only the prompt
    // gets through.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
      if (s.includes(prompt)) process.stdout.write(prompt);
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function readPassword(fromPipe: boolean): Promise<string> {
  if (fromPipe) return readPipe();
  if (!process.stdin.isTTY)
    throw new UsageError('no terminal to ask for the password on; pipe it with --password-stdin');
  const first = await ask('Password: ');
  if ((await ask('Again: ')) !== first) throw new UsageError('the two passwords differ');
  return first;
}

async function run(command: Command): Promise<number> {
  // Read before the database opens, so a mistyped password never leaves a connection waiting.
  const password =
    command.name === 'add' || command.name === 'passwd'
      ? await readPassword(command.fromPipe)
      : undefined;
  if (password !== undefined) {
    const broken = ruleBroken('password', passwordSchema, password);
    if (broken) throw new UsageError(broken);
  }
  const database = await openDatabase({
    dataDir: process.env.DATA_DIR || 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const store = new WatchStore(database);
  const audit = new AuditLog(database.db, Date.now);
  const record = (action: string, target: string, detail: Record<string, unknown> = {}) =>
    audit.append({ operator: 'cli', address: 'local', action, target, detail });
  try {
    if (command.name === 'list') {
      for (const operator of await store.listOperators())
        console.log(
          [
            operator.username,
            operator.role,
            operator.disabled ? 'disabled' : 'enabled',
            new Date(operator.created_at).toISOString(),
          ].join('\t'),
        );
      return 0;
    }
    const { username } = command;
    if (command.name === 'add' || command.name === 'passwd') {
      const hash = await hashPassword(password ?? '');
      if (command.name === 'add') {
        if (!(await store.saveOperator(username, hash, Date.now(), false, command.role))) {
          console.error(`user: ${username} already exists; use passwd to set a new password`);
          return 1;
        }
        await record('operator.create', username, { role: command.role });
        console.log(`Added ${command.role} ${username}`);
        return 0;
      }
      if (!(await store.resetPassword(username, hash, Date.now(), false))) {
        console.error(`user: there is no operator ${username}; use add to create one`);
        return 1;
      }
      await record('operator.password', username);
      console.log(`New password set for ${username}; their sessions have ended`);
      return 0;
    }
    const change =
      command.name === 'role' ? { role: command.role } : { disabled: command.name === 'disable' };
    const outcome = await store.changeOperator(username, change);
    if (outcome === 'missing') {
      console.error(`user: there is no operator ${username}; use add to create one`);
      return 1;
    }
    if (outcome === 'last-admin') {
      console.error(`user: refused: ${lastAdminRule}; make another admin first`);
      return 1;
    }
    await record('operator.update', username, change);
    console.log(
      command.name === 'role'
        ? `${username} is now ${command.role === 'admin' ? 'an admin' : 'an operator'}`
        : command.name === 'disable'
          ? `Disabled ${username}; their sessions have ended`
          : `Enabled ${username}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function main(args: readonly string[]): Promise<number> {
  try {
    return await run(parseArgs(args));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`user: ${error.message}\n${usage}`);
    return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`user: ${(error as Error).message}`);
    process.exit(1);
  },
);
