import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** One server process of the cluster, restartable in place on its port. */
type Member = { port: number; child?: ChildProcess; stderr: string[] };

export type ClusterOptions = {
  /** The balancer's port: the one address clients use. */
  port: number;
  /** The servers' ports, one process each. */
  serverPorts: number[];
  /** Every process's environment (DATABASE_URL, SMTP_URL, S3_…); PORT, DATA_DIR and TRUST_PROXY are set here. */
  env: Record<string, string>;
  /**
   * The processes' one DATA_DIR, as a shared volume is in production (docs/operations.md): article
   * images, drawings and catalogue PDFs live there; attachments go to S3 when S3_BUCKET is set.
   */
  dataDir: string;
};

export type Cluster = {
  url: string;
  members: readonly Member[];
  /** Starts process i and waits for its health check. */
  start: (i: number) => Promise<void>;
  /** Sends a signal to process i and waits for it to exit. */
  kill: (i: number, signal: NodeJS.Signals) => Promise<void>;
  /** Waits until the balancer answers the readiness check with `status`. */
  waitForHealth: (status: number, timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

/** Checks every `everyMs` until `check` answers true; throws, naming `what`, after `timeoutMs`. */
export const until = async (what: string, timeoutMs: number, check: () => Promise<boolean>, everyMs = 100) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
};

const statusOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    async (r) => {
      await r.body?.cancel();
      return r.status;
    },
    () => 0,
  );

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/**
 * N server processes as `npm start` runs them (tsx, the built web app) behind HAProxy with the
 * project's deploy/haproxy.cfg. The processes start one after the other, so the first one migrates
 * and loads the demo data before the next one looks.
 */
/** The status of GET path on server i, straight, not through the balancer (0: no answer). */
export const statusAt = (port: number, urlPath: string) => statusOf(`http://127.0.0.1:${port}${urlPath}`);

export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  if (options.serverPorts.length !== 2) throw new Error('deploy/haproxy.cfg names two servers');
  const members: Member[] = options.serverPorts.map((port) => ({ port, stderr: [] }));
  const start = async (i: number) => {
    const member = members[i];
    if (!member) throw new Error(`no server ${i}`);
    fs.mkdirSync(options.dataDir, { recursive: true });
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        ...options.env,
        PORT: String(member.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        TRUST_PROXY: 'true',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      member.stderr.push(chunk.toString());
      if (member.stderr.length > 200) member.stderr.shift();
    });
    member.child = child;
    await until(`server ${i + 1} healthy`, 300_000, async () => {
      if (child.exitCode !== null) throw new Error(`server ${i + 1} exited: ${member.stderr.join('').slice(-2000)}`);
      return (await statusOf(`http://127.0.0.1:${member.port}/management/health/readiness`)) === 200;
    });
  };
  const kill = async (i: number, signal: NodeJS.Signals) => {
    const child = members[i]?.child;
    if (!child) return;
    child.kill(signal);
    await exited(child);
  };

  for (let i = 0; i < members.length; i++) await start(i);
  const balancer = spawn('haproxy', ['-db', '-f', path.join(ROOT, 'deploy', 'haproxy.cfg')], {
    env: {
      ...process.env,
      RICAMBI_LISTEN: `127.0.0.1:${options.port}`,
      RICAMBI_APP1: `127.0.0.1:${members[0]?.port}`,
      RICAMBI_APP2: `127.0.0.1:${members[1]?.port}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const balancerLog: string[] = [];
  balancer.stderr?.on('data', (chunk: Buffer) => balancerLog.push(chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const waitForHealth = (status: number, timeoutMs = 30_000) =>
    until(`balancer health ${status}`, timeoutMs, async () => {
      if (balancer.exitCode !== null) throw new Error(`haproxy exited: ${balancerLog.join('')}`);
      return (await statusOf(`${url}/management/health/readiness`)) === status;
    });
  await waitForHealth(200);

  return {
    url,
    members,
    start,
    kill,
    waitForHealth,
    stop: async () => {
      await Promise.all(members.map((_, i) => kill(i, 'SIGTERM')));
      balancer.kill('SIGTERM');
      await exited(balancer);
    },
  };
};

/** A fresh folder for a cluster's data. */
export const freshDir = (name: string) => {
  const dir = path.join(os.tmpdir(), `ricambi-${name}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
};
