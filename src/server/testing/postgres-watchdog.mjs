// Outlives a test run that dies without tearing down (a crash, a kill -9): when the process that
// started the test PostgreSQL is gone, stops that server and removes its temporary directory.
// Plain JavaScript with no imports beyond Node's, so it starts in milliseconds.
// Usage: node postgres-watchdog.mjs <parent pid> <postgres pid> <directory>
import { rmSync } from 'node:fs';

const [parent, server] = process.argv.slice(2, 4).map(Number);
const directory = process.argv[4];

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const signal = (pid, name) => {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
};

const cleanUp = () => {
  if (directory) rmSync(directory, { recursive: true, force: true });
  process.exit(0);
};

const timer = setInterval(() => {
  if (alive(parent)) {
    // Stopped by the test run (which removes the directory, or retries on another port).
    if (!alive(server)) process.exit(0);
    return;
  }
  clearInterval(timer);
  // Immediate shutdown: the data is thrown away anyway.
  signal(server, 'SIGQUIT');
  const since = Date.now();
  const wait = setInterval(() => {
    if (alive(server) && Date.now() - since < 5000) return;
    if (alive(server)) signal(server, 'SIGKILL');
    clearInterval(wait);
    cleanUp();
  }, 50);
}, 250);
