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

  it('lists operators by name with when each was added', async () => {
    await user(['add', 'bob', '--password-stdin'], password);
    const listed = await user(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      /^alice\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\nbob\t\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\n$/,
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
      [[], '', 'user: no command'],
    ];
    for (const [args, stdin, message] of cases) {
      const run = await user(args, stdin);
      expect([args, run.code, run.stderr.split('\n')[0]]).toEqual([args, 2, message]);
      expect(run.stderr).toContain('usage: npm run user -- add NAME | passwd NAME | list');
    }
    expect(await withStore((store) => store.findOperator('dave'))).toBeUndefined();
  });
});
