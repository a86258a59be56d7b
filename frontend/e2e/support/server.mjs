// Starts the release binary on a free port with a fresh data folder (demo data on) and stops it.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

export const FRONTEND_DIR = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const REPO_DIR = resolve(FRONTEND_DIR, '..');
export const RESULTS_DIR = join(FRONTEND_DIR, 'test-results');

const BINARY = process.env.PADUKA_BIN ?? join(REPO_DIR, 'target', 'release', 'paduka');
const STATIC_DIR = process.env.STATIC_DIR ?? join(FRONTEND_DIR, 'dist');

/** A TCP port nobody listens on right now (the OS picks it). */
async function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => done(port));
    });
  });
}

/**
 * @typedef {object} RunningServer
 * @property {string} baseURL   e.g. http://127.0.0.1:41234
 * @property {string} dataDir   the fresh DATA_DIR (its outbox/ holds the mails)
 * @property {string} logFile
 * @property {() => Promise<void>} stop
 * @property {{ products: number, ms: number } | null} seeded  what `demo-data` loaded, and how long it took
 */

/**
 * `paduka serve` with demo data, BCRYPT_COST=4 and its own temporary DATA_DIR; resolves once
 * `/health/ready` answers 200. With `products`, the database is first filled by
 * `paduka demo-data --products N` (the demo catalog, then numbered copies of it) instead of the
 * 24 products of a normal first run. `env` adds to (or overrides) the server's environment,
 * e.g. the shop's settings (`SHOP_GSTIN`).
 * @param {string} name  names the log file under test-results/
 * @param {{ products?: number, env?: Record<string, string> }} [options]
 * @returns {Promise<RunningServer>}
 */
export async function startServer(name, { products, env: extraEnv = {} } = {}) {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: run \`cargo build --release --bin paduka\` first (or set PADUKA_BIN).`);
  }
  if (!existsSync(join(STATIC_DIR, 'index.html'))) {
    throw new Error(`${STATIC_DIR}/index.html is missing: run \`npm run build\` first.`);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'paduka-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = join(RESULTS_DIR, `server-${name}.log`);
  const log = createWriteStream(logFile);
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'JWT_SECRET'])
    delete env[key];
  const childEnv = {
    ...env,
    DATA_DIR: dataDir,
    STATIC_DIR,
    BIND_ADDR: `127.0.0.1:${port}`,
    BCRYPT_COST: '4',
    DEMO_DATA: 'true',
    RUST_LOG: process.env.RUST_LOG ?? 'info',
    ...extraEnv,
  };
  // Both run in dataDir, not the repository: a developer's .env there must not point the test
  // at another database.
  /** @type {RunningServer['seeded']} */
  let seeded = null;
  if (products !== undefined) {
    try {
      seeded = await seed(products, { cwd: dataDir, env: childEnv, log });
    } catch (error) {
      log.end();
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const child = spawn(BINARY, ['serve'], { cwd: dataDir, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */
  let exited = null;
  const exit = new Promise((done) =>
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      done(exited);
    }),
  );

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  // A fresh shop draws its demo photos before it answers: 8 s on a quiet machine, over 30 s
  // with the API suite and the fuzzer on the same two cores (CI, 2026-11-29).
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`paduka exited early (${JSON.stringify(exited)}); see ${logFile}`);
    }
    try {
      const reply = await fetch(`${baseURL}/health/ready`);
      if (reply.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`paduka did not become ready within 120 s; see ${logFile}`);
    }
    await sleep(100);
  }
  return { baseURL, dataDir, logFile, stop, seeded };
}

/**
 * `paduka demo-data --products N` into the empty database; resolves to how many products it
 * loaded (as it says) and how long it took.
 * @param {number} products
 * @param {{ cwd: string, env: NodeJS.ProcessEnv, log: import('node:fs').WriteStream }} how
 */
async function seed(products, { cwd, env, log }) {
  const started = performance.now();
  const child = spawn(BINARY, ['demo-data', '--products', String(products)], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let said = '';
  child.stdout.on('data', (chunk) => {
    said += chunk;
    log.write(chunk);
  });
  child.stderr.pipe(log, { end: false });
  const code = await new Promise((done) => child.on('exit', done));
  const loaded = /loaded (\d+) products/.exec(said);
  if (code !== 0 || !loaded) throw new Error(`paduka demo-data --products ${products} failed (exit ${code}): ${said}`);
  return { products: Number(loaded[1]), ms: Math.round(performance.now() - started) };
}
