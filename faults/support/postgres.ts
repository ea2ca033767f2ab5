import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A PostgreSQL server of the fault tests' own, in a temporary folder: they restart it at will. */
export type PrivatePostgres = {
  url: string;
  port: number;
  /** `pg_ctl stop -m immediate`: every backend killed at once, crash recovery at the next start. */
  stopImmediate: () => void;
  start: () => void;
  remove: () => void;
};

const binDir = () => {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
};

/** PostgreSQL refuses to run as root: as root the server runs as the `postgres` user. */
const asOwner = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? { command: 'runuser', args: ['-u', 'postgres', '--', command, ...args] }
    : { command, args };

/** Why the private server cannot run here, or undefined when it can. */
export const privatePostgresMissing = () => {
  if (!binDir()) return 'no PostgreSQL server binaries under /usr/lib/postgresql';
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return 'no postgres user to run them as';
  return undefined;
};

export const startPrivatePostgres = (port: number): PrivatePostgres => {
  const bin = binDir();
  if (!bin) throw new Error('no PostgreSQL server binaries');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ricambi-faults-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const { command, args: all } = asOwner(path.join(bin, tool), args);
    execFileSync(command, all, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', ...args]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stopImmediate: () => ctl('stop', '-m', 'immediate'),
    start: () => ctl('start'),
    remove: () => {
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};
