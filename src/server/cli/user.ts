import { createInterface } from 'node:readline';
import { openDatabase } from '../db/database';
import { hashPassword, passwordSchema, usernameSchema } from '../watch/auth/passwords';
import { WatchStore } from '../watch/store';

/**
 * `npm run user -- add NAME | passwd NAME | list`: operator accounts, in the database the server
 * uses (DATABASE_URL, or DATA_DIR's SQLite). The password comes from standard input: typed at a
 * prompt (not echoed), or piped with --password-stdin for automation.
 */
const usage = 'usage: npm run user -- add NAME | passwd NAME | list   [--password-stdin]';

async function readPassword(fromPipe: boolean): Promise<string> {
  if (fromPipe || !process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Typed characters are not echoed: readline writes through this, and we drop them.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
        if (s.includes(prompt)) process.stdout.write(prompt);
      };
      rl.question(prompt, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  if ((await ask('Again: ')) !== first) throw new Error('the passwords differ');
  return first;
}

async function main(args: string[]): Promise<number> {
  const [command, name] = args.filter((arg) => !arg.startsWith('--'));
  const fromPipe = args.includes('--password-stdin');
  if (command !== 'add' && command !== 'passwd' && command !== 'list') {
    console.error(usage);
    return 2;
  }
  const database = await openDatabase({
    dataDir: process.env.DATA_DIR || 'data',
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  const store = new WatchStore(database);
  try {
    if (command === 'list') {
      const rows = await database.db
        .selectFrom('operators')
        .select('username')
        .orderBy('username')
        .execute();
      for (const row of rows) console.log(row.username);
      return 0;
    }
    const username = usernameSchema.safeParse(name);
    if (!username.success) {
      console.error(`Invalid NAME: ${username.error.issues[0]?.message}\n${usage}`);
      return 2;
    }
    const password = passwordSchema.safeParse(await readPassword(fromPipe));
    if (!password.success) {
      console.error(`Invalid password: ${password.error.issues[0]?.message}`);
      return 2;
    }
    const hash = await hashPassword(password.data);
    const saved = await store.saveOperator(username.data, hash, Date.now(), command === 'passwd');
    if (!saved) {
      console.error(`${username.data} already exists; use passwd to set a new password`);
      return 1;
    }
    if (command === 'passwd') await store.deleteSessionsOf(username.data);
    console.log(
      command === 'add'
        ? `Added operator ${username.data}`
        : `New password set for ${username.data}; their sessions have ended`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`user: ${(error as Error).message}`);
    process.exit(1);
  },
);
