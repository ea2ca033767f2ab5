// Development: the API on :8080 (restarts on change) and Vite with hot reload on :5173.
import { spawn } from 'node:child_process';

const run = (args, cwd) => spawn('npx', args, { cwd, stdio: 'inherit', env: process.env });
const children = [run(['tsx', 'watch', 'src/main.ts'], 'apps/server'), run(['vite'], 'apps/web')];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
