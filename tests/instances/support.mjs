// What the multi-instance suite needs: a fresh PostgreSQL database, `paduka serve` instances
// of the release binary on it, calls to their API (from any loopback address, so each
// "shopper" can be a network address of its own), their mail outboxes, and polling.
//
// Node 20's own modules only: no npm packages, nothing imported from frontend/.
import { execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const REPO_DIR = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const BINARY = resolve(
  REPO_DIR,
  process.env.PADUKA_BIN ?? join(process.env.CARGO_TARGET_DIR ?? 'target', 'release', 'paduka'),
);
/** Instance logs land here (under target/, which git ignores). */
export const RESULTS_DIR = resolve(REPO_DIR, process.env.CARGO_TARGET_DIR ?? 'target', 'instances');

/**
 * The PostgreSQL server (no database in the path): `PADUKA_INSTANCES_POSTGRES`, else the
 * server of `TEST_POSTGRES_URL`, else postgres://root@127.0.0.1:5432.
 */
export const POSTGRES_SERVER = (
  process.env.PADUKA_INSTANCES_POSTGRES ??
  (process.env.TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test').replace(
    /^(postgres(?:ql)?:\/\/[^/]+).*$/,
    '$1',
  )
).replace(/\/+$/, '');

const run = promisify(execFile);

/** Runs `sql` with psql against `database` and resolves to its unaligned output. */
export async function psql(database, sql) {
  const { stdout } = await run('psql', [
    '-X',
    '-A',
    '-t',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    `${POSTGRES_SERVER}/${database}`,
    '-c',
    sql,
  ]);
  return stdout.trim();
}

/** Creates an empty database named `name` (letters, digits and `_` only). */
export async function createDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await psql('postgres', `CREATE DATABASE ${name}`);
}

/** Drops the database, closing whatever connections are left. */
export async function dropDatabase(name) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe database name ${name}`);
  await psql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A TCP port nobody listens on right now (the OS picks it). */
export async function freePort() {
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
 * The instances not stopped yet and the folders not removed yet: killed and removed if this
 * process ends anyhow (a failed hook, Ctrl-C), so nothing is left behind.
 */
const running = new Set();
const folders = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

/**
 * @typedef {object} Instance
 * @property {string} name
 * @property {string} baseURL     e.g. http://127.0.0.1:41234
 * @property {string} dataDir     its own DATA_DIR (outbox/ holds its mails)
 * @property {string} logFile
 * @property {() => string} log   what it has logged so far, without colours
 * @property {() => ({code: number | null, signal: string | null} | null)} exited
 * @property {Promise<unknown>} exit
 * @property {() => Promise<void>} stop
 */

/**
 * Spawns `paduka serve` (returns at once; see {@link waitReady}). Its working folder is its
 * fresh DATA_DIR, so a developer's .env in the repository cannot point it elsewhere.
 * @param {string} name
 * @param {{ databaseUrl: string, jwtSecret: string, staticDir: string, env?: Record<string, string> }} options
 * @returns {Promise<Instance>}
 */
export async function spawnInstance(name, { databaseUrl, jwtSecret, staticDir, env = {} }) {
  if (!existsSync(BINARY)) {
    throw new Error(`${BINARY} is missing: run \`cargo build --release --bin paduka\` first (or set PADUKA_BIN).`);
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), `paduka-instance-${name}-`));
  folders.add(dataDir);
  const port = await freePort();
  const logFile = join(RESULTS_DIR, `instance-${name}.log`);
  const logStream = createWriteStream(logFile);
  let logged = '';
  const inherited = { ...process.env };
  for (const key of Object.keys(inherited)) {
    // Nothing of the caller's shop configuration leaks in (a RAZORPAY_KEY_ID would turn the
    // sandbox off, an SMTP_URL the outbox).
    if (
      /^(DATABASE_URL|SMTP_URL|RAZORPAY_|JWT_SECRET|TRUSTED_PROXIES|RATE_LIMIT_|DEMO_DATA|PUBLIC_URL|DELIVERABLE_PINCODES|LOG_FORMAT|COD_)/.test(
        key,
      )
    ) {
      delete inherited[key];
    }
  }
  const child = spawn(BINARY, ['serve'], {
    cwd: dataDir,
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      BIND_ADDR: `127.0.0.1:${port}`,
      BCRYPT_COST: '4',
      DEMO_DATA: 'true',
      RUST_LOG: process.env.RUST_LOG ?? 'info',
      NO_COLOR: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      logged += chunk;
      logStream.write(chunk);
    });
  }
  /** @type {{code: number | null, signal: string | null} | null} */
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
    logStream.end();
    rmSync(dataDir, { recursive: true, force: true });
    folders.delete(dataDir);
  };
  return {
    name,
    baseURL: `http://127.0.0.1:${port}`,
    dataDir,
    logFile,
    // eslint-disable-next-line no-control-regex
    log: () => logged.replace(/\x1b\[[0-9;]*m/g, ''),
    exited: () => exited,
    exit,
    stop,
  };
}

/** Resolves once `/health/ready` answers 200 (the database is reachable, the shop serves). */
export async function waitReady(/** @type {Instance} */ instance, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const exited = instance.exited();
    if (exited) throw new Error(`${instance.name} exited early (${JSON.stringify(exited)}); see ${instance.logFile}`);
    try {
      const reply = await fetch(`${instance.baseURL}/health/ready`);
      if (reply.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${instance.name} was not ready within ${timeoutMs} ms; see ${instance.logFile}`);
    await sleep(50);
  }
}

/** Connections are kept alive per source address, as a browser would. */
const agents = new Map();
function agentFor(/** @type {string | undefined} */ from) {
  const key = from ?? '';
  if (!agents.has(key)) agents.set(key, new http.Agent({ keepAlive: true, localAddress: from }));
  return agents.get(key);
}

/** Closes the kept-alive connections (so the test process can end). */
export function closeConnections() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * @typedef {object} Reply
 * @property {number} status
 * @property {any} body     the parsed JSON (or {} when not JSON)
 * @property {string} text
 * @property {http.IncomingHttpHeaders} headers
 */

/**
 * One call to the instance's /api/v1. Never throws on a status: the tests judge it.
 * @param {Instance} instance
 * @param {string} path        below /api/v1
 * @param {{ method?: string, token?: string, body?: unknown, form?: FormData,
 *           from?: string, headers?: Record<string, string> }} [options]
 *   `from`: the loopback address the request leaves from (127.x.y.z), which the server sees
 *   as the client's TCP address; default 127.0.0.1.
 * @returns {Promise<Reply>}
 */
export async function api(instance, path, { method = 'GET', token, body, form, from, headers = {} } = {}) {
  /** @type {Record<string, string>} */
  const sent = { Accept: 'application/json', ...headers };
  if (token) sent.Authorization = token;
  /** @type {Buffer | undefined} */
  let payload;
  if (form) {
    // Let the platform encode the multipart form, then send its bytes.
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    sent['Content-Type'] = /** @type {string} */ (encoded.headers.get('content-type'));
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (body !== undefined) {
    sent['Content-Type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(body));
  }
  if (payload) sent['Content-Length'] = String(payload.length);
  const url = new URL(`/api/v1${path}`, instance.baseURL);
  return new Promise((done, fail) => {
    const request = http.request(url, { method, headers: sent, agent: agentFor(from) }, (reply) => {
      const chunks = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('error', fail);
      reply.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = {};
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        done({ status: /** @type {number} */ (reply.statusCode), body: json, text, headers: reply.headers });
      });
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${url}: no answer within 30 s`)));
    request.on('error', fail);
    request.end(payload);
  });
}

/** Like {@link api}, but requires `status` and resolves to the body. */
export async function expectStatus(status, instance, path, options = {}) {
  const reply = await api(instance, path, options);
  if (reply.status !== status) {
    throw new Error(
      `${options.method ?? 'GET'} ${path} on ${instance.name}: expected ${status}, got ${reply.status} ${reply.text.slice(0, 300)}`,
    );
  }
  return reply.body;
}

/** A token for the account, signed in on `instance`. */
export async function login(instance, email, password, from) {
  const body = await expectStatus(200, instance, '/auth/login', { method: 'POST', body: { email, password }, from });
  return /** @type {string} */ (body.token);
}

/**
 * The newest 6-digit code mailed to `email` through `instance` (its outbox), waiting up to a
 * few seconds for the file; `null` when there is none.
 */
export async function mailedCode(/** @type {Instance} */ instance, /** @type {string} */ email, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = codeIn(instance, email);
    if (code || Date.now() > deadline) return code;
    await sleep(50);
  }
}

/** The mails in the instance's outbox addressed to `email`, as text. */
export function mailsTo(/** @type {Instance} */ instance, /** @type {string} */ email) {
  const outbox = join(instance.dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
    .filter((mail) => new RegExp(`^To:.*<${email.replace(/[.+]/g, '\\$&')}>`, 'mi').test(mail));
}

function codeIn(/** @type {Instance} */ instance, /** @type {string} */ email) {
  const codes = mailsTo(instance, email)
    .map((mail) => ({ date: Date.parse(/^Date: (.*)$/m.exec(mail)?.[1] ?? ''), code: /^(\d{6})\s*$/m.exec(mail)?.[1] }))
    .filter((mail) => mail.code)
    .sort((a, b) => a.date - b.date);
  return codes.at(-1)?.code ?? null;
}

/**
 * Registers an account: the code is asked for through `askOn`, read from that instance's
 * outbox, and confirmed through `confirmOn`. Both calls leave from `from`.
 */
export async function register(askOn, confirmOn, account, from) {
  const details = {
    name: account.name,
    email: account.email,
    password: account.password,
    phone: '9876543210',
    address: '21 Station Road, Mathura',
  };
  await expectStatus(200, askOn, '/auth/register', { method: 'POST', body: { ...details, otp: null }, from });
  const code = await mailedCode(askOn, account.email);
  if (!code) throw new Error(`no code for ${account.email} in ${askOn.name}'s outbox`);
  return expectStatus(201, confirmOn, '/auth/register', { method: 'POST', body: { ...details, otp: code }, from });
}

/**
 * The shop's price formula (decisions D6): sum of price x (100 - discount) / 100 x quantity, cut
 * to whole rupees (in centi-paise, so no floating-point rounding).
 */
export function orderAmount(/** @type {Array<{price: number, discount: number, quantity: number}>} */ lines) {
  const centiPaise = lines.reduce((sum, l) => sum + Math.round(l.price * 100) * (100 - l.discount) * l.quantity, 0);
  return Math.floor(centiPaise / 10000);
}

/**
 * Calls `probe` until it resolves to something truthy, every `everyMs`; resolves to that and
 * the milliseconds it took. Thrown errors count as "not yet" (the last one is reported).
 * @template T
 * @param {string} what
 * @param {() => Promise<T>} probe
 * @param {{ timeoutMs?: number, everyMs?: number }} [options]
 * @returns {Promise<{ value: T, ms: number }>}
 */
export async function pollUntil(what, probe, { timeoutMs = 10_000, everyMs = 20 } = {}) {
  const started = performance.now();
  let lastError;
  for (;;) {
    try {
      const value = await probe();
      if (value) return { value, ms: Math.round(performance.now() - started) };
    } catch (error) {
      lastError = error;
    }
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${what}: not within ${timeoutMs} ms${lastError ? ` (last error: ${lastError})` : ''}`);
    }
    await sleep(everyMs);
  }
}

/** An empty folder for STATIC_DIR: the API needs no frontend. */
export function emptyFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'paduka-instances-static-'));
  folders.add(folder);
  return folder;
}
