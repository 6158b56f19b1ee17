// `npm test`: the type check, lint, format check, dead-code check and build first, two at a time (each is mostly
// one process on one core, and the machine we aim at has two), then Vitest, then Playwright, each
// of which keeps both cores busy on its own. A failed check stops the run before the tests.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const cores = 2;

/** Longest first, so the two lanes end close together. */
const checks = [
  ['typecheck', [npm, 'run', 'typecheck']],
  ['build', [process.execPath, 'scripts/ensure-build.mjs']],
  ['lint:code', [npm, 'run', 'lint:code']],
  ['lint:format', [npm, 'run', 'lint:format']],
  ['lint:dead', [npm, 'run', 'lint:dead']],
];

/** Runs a command with its output held back, then prints it whole, so two never interleave. */
function run(name, [command, ...args]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `\n── ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

async function lanes(tasks, width) {
  const queue = [...tasks];
  const results = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let task = queue.shift(); task; task = queue.shift()) results.push(await run(...task));
    }),
  );
  return results.every(Boolean);
}

/** A test phase with the terminal to itself: Vitest and Playwright report as they go. */
function phase(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', script], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code === 0));
  });
}

if (!(await lanes(checks, cores))) {
  console.error('\nnpm test: a check failed (above); the tests did not run.');
  process.exit(1);
}
for (const script of ['test:unit', 'test:e2e']) {
  if (!(await phase(script))) {
    console.error(`\nnpm test: ${script} failed.`);
    process.exit(1);
  }
}
