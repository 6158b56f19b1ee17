import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { verifyPassword } from '../watch/auth/passwords';
import { WatchStore } from '../watch/store';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const password = 'correct horse battery';
let dataDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'skydeck-user-cli-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run user -- …` as the script runs it, against the test's DATA_DIR, stdin piped. */
function user(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/user.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      // Whatever the command, its output never shows a hash.
      expect(stdout + stderr).not.toContain('scrypt$');
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(stdin);
  });
}

async function withStore<T>(use: (store: WatchStore) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir });
  try {
    return await use(new WatchStore(database));
  } finally {
    await database.close();
  }
}

describe('npm run user', { timeout: 60_000 }, () => {
  it('adds an operator whose password the server then accepts, once', async () => {
    const added = await user(['add', 'alice', '--password-stdin'], `${password}\n`);
    expect(added).toEqual({ code: 0, stdout: 'Added operator alice\n', stderr: '' });
    const hash = await withStore(
      async (store) => (await store.findOperator('alice'))?.password_hash,
    );
    // The piped line's break is not part of the password.
    expect(await verifyPassword(password, hash ?? '')).toBe(true);

    const again = await user(['add', 'alice', '--password-stdin'], `another password\n`);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('user: alice already exists; use passwd to set a new password\n');
  });

  it('lists operators by name with their role, state and when each was added', async () => {
    const added = await user(['add', 'bob', '--role', 'admin', '--password-stdin'], password);
    expect(added.stdout).toBe('Added admin bob\n');
    const listed = await user(['list']);
    expect(listed.code).toBe(0);
    const time = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';
    expect(listed.stdout).toMatch(
      new RegExp(`^alice\toperator\tenabled\t${time}\nbob\tadmin\tenabled\t${time}\n$`),
    );
  });

  it('changes roles, disables (ending the sessions) and enables, but keeps an enabled admin', async () => {
    const session = 'alice-role-session';
    await withStore(async (store) => {
      const alice = await store.findOperator('alice');
      await store.createSession(session, alice?.id ?? 0, 0, Date.now() + 3600_000);
    });
    expect(await user(['role', 'alice', 'admin'])).toEqual({
      code: 0,
      stdout: 'alice is now an admin\n',
      stderr: '',
    });
    expect((await user(['role', 'bob', 'operator'])).stdout).toBe('bob is now an operator\n');
    expect((await user(['disable', 'alice'])).stderr).toBe(
      'user: refused: at least one enabled admin must remain; make another admin first\n',
    );
    expect((await user(['role', 'bob', 'admin'])).code).toBe(0);
    expect(await user(['disable', 'alice'])).toEqual({
      code: 0,
      stdout: 'Disabled alice; their sessions have ended\n',
      stderr: '',
    });
    await withStore(async (store) => {
      expect(await store.sessionOperator(session, 0)).toBeUndefined();
      expect((await store.findOperator('alice'))?.disabled).toBe(1);
    });
    const lastAdmin = await user(['role', 'bob', 'operator']);
    expect([lastAdmin.code, lastAdmin.stderr]).toEqual([
      1,
      'user: refused: at least one enabled admin must remain; make another admin first\n',
    ]);
    expect((await user(['list'])).stdout).toMatch(/^alice\tadmin\tdisabled\t/);
    expect((await user(['enable', 'alice'])).stdout).toBe('Enabled alice\n');
    expect((await user(['enable', 'nobody'])).stderr).toBe(
      'user: there is no operator nobody; use add to create one\n',
    );
    // Each change is in the audit record, done by the CLI.
    const audit = await withStore((store) =>
      store.db.selectFrom('audit').select(['operator', 'address', 'action', 'target']).execute(),
    );
    expect(audit.filter((entry) => entry.target === 'alice').map((entry) => entry.action)).toEqual([
      'operator.create',
      'operator.update',
      'operator.update',
      'operator.update',
    ]);
    expect(new Set(audit.map((entry) => `${entry.operator}@${entry.address}`))).toEqual(
      new Set(['cli@local']),
    );
  });

  it("sets a new password and ends that operator's sessions; refuses an unknown name", async () => {
    const renewed = 'a brand new passphrase';
    await withStore(async (store) => {
      const alice = await store.findOperator('alice');
      await store.createSession('alice-session', alice?.id ?? 0, 0, Date.now() + 3600_000);
    });
    const changed = await user(['passwd', 'alice', '--password-stdin'], `${renewed}\r\n`);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toBe('New password set for alice; their sessions have ended\n');
    await withStore(async (store) => {
      const hash = (await store.findOperator('alice'))?.password_hash ?? '';
      expect(await verifyPassword(renewed, hash)).toBe(true);
      expect(await verifyPassword(password, hash)).toBe(false);
      expect(await store.sessionOperator('alice-session', 0)).toBeUndefined();
    });

    const unknown = await user(['passwd', 'carol', '--password-stdin'], renewed);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('user: there is no operator carol; use add to create one\n');
    expect(await withStore((store) => store.findOperator('carol'))).toBeUndefined();
  });

  it('refuses, with exit code 2 and the rule, what it cannot use', async () => {
    const cases: [string[], string, string][] = [
      [
        ['add', 'dave', '--password-stdin'],
        'short\n',
        'user: Invalid password: must be at least 10 characters',
      ],
      [
        ['add', 'da ve', '--password-stdin'],
        password,
        'user: Invalid NAME: must be 1 to 64 letters, digits, dots, dashes or underscores',
      ],
      [
        ['add', 'dave'],
        password,
        'user: no terminal to ask for the password on; pipe it with --password-stdin',
      ],
      [['add', 'dave', '--password'], password, 'user: unknown option --password'],
      [['remove', 'dave'], '', 'user: cannot read the command: remove dave'],
      [['role', 'dave', 'boss'], '', 'user: Invalid role: must be one of operator, admin'],
      [['add', 'dave', '--role'], password, 'user: Invalid --role: must be one of operator, admin'],
      [['list', '--password-stdin'], '', 'user: list takes no --password-stdin'],
      [['disable', 'dave', '--role', 'admin'], '', 'user: disable takes no --role'],
      [[], '', 'user: no command'],
    ];
    for (const [args, stdin, message] of cases) {
      const run = await user(args, stdin);
      expect([args, run.code, run.stderr.split('\n')[0]]).toEqual([args, 2, message]);
      expect(run.stderr).toContain(
        'usage: npm run user -- add NAME [--role operator|admin] | passwd NAME | role NAME operator|admin | disable NAME | enable NAME | list',
      );
    }
    expect(await withStore((store) => store.findOperator('dave'))).toBeUndefined();
  });
});
