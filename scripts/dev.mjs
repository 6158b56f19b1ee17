// `npm run dev`: the BFF (restarting on change) with Vite's dev server in front of it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { stdio: 'inherit', env: process.env }),
  spawn(bin('vite'), [], { stdio: 'inherit', env: process.env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
