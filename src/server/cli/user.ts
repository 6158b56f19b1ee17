import { createInterface } from 'node:readline';
import { openDatabase } from '../db/database';
import { hashPassword, passwordSchema, ruleBroken, usernameSchema } from '../watch/auth/passwords';
import { WatchStore } from '../watch/store';

/**
 * `npm run user -- add NAME | passwd NAME | list`: operator accounts, in the database the server
 * uses (DATABASE_URL, or DATA_DIR's SQLite). The password comes from standard input: typed twice
 * at a prompt (not echoed), or piped with --password-stdin for automation. Exit codes: 0 done,
 * 1 refused (the account exists, or does not), 2 a usage or input error.
 */
const usage = 'usage: npm run user -- add NAME | passwd NAME | list   [--password-stdin]';

class UsageError extends Error {}

type Command = { name: 'list' } | { name: 'add' | 'passwd'; username: string; fromPipe: boolean };

function parseArgs(args: readonly string[]): Command {
  const options = args.filter((arg) => arg.startsWith('-'));
  const words = args.filter((arg) => !arg.startsWith('-'));
  const unknown = options.find((option) => option !== '--password-stdin');
  if (unknown) throw new UsageError(`unknown option ${unknown}`);
  const [name, username, ...rest] = words;
  if (name === 'list' && !username && options.length === 0) return { name };
  if ((name === 'add' || name === 'passwd') && username !== undefined && rest.length === 0) {
    const broken = ruleBroken('NAME', usernameSchema, username);
    if (broken) throw new UsageError(broken);
    return { name, username: usernameSchema.parse(username), fromPipe: options.length > 0 };
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
  const password = command.name === 'list' ? '' : await readPassword(command.fromPipe);
  if (command.name !== 'list') {
    const broken = ruleBroken('password', passwordSchema, password);
    if (broken) throw new UsageError(broken);
  }
  const database = await openDatabase({
    dataDir: process.env.DATA_DIR || 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const store = new WatchStore(database);
  try {
    if (command.name === 'list') {
      for (const operator of await store.listOperators())
        console.log(`${operator.username}\t${new Date(operator.created_at).toISOString()}`);
      return 0;
    }
    const { username } = command;
    const hash = await hashPassword(password);
    if (command.name === 'add') {
      if (!(await store.saveOperator(username, hash, Date.now(), false))) {
        console.error(`user: ${username} already exists; use passwd to set a new password`);
        return 1;
      }
      console.log(`Added operator ${username}`);
      return 0;
    }
    if (!(await store.resetPassword(username, hash, Date.now(), false))) {
      console.error(`user: there is no operator ${username}; use add to create one`);
      return 1;
    }
    console.log(`New password set for ${username}; their sessions have ended`);
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
