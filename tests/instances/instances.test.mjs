// Several instances, one shop (decisions D13, issue 13): two `paduka serve` of the release
// binary on one fresh PostgreSQL database, started at the same moment on the empty database,
// requests alternating between them.
//
// Run by scripts/instances.sh (`just test-instances`). Every request leaves from a loopback
// address chosen per test (127.0.x.y): the server sees it as the client's address, so rate
// limits per address are exercised exactly, without one test's attempts spending another's.
//   127.0.0.1    admin and demo shopper calls (never a failed login); A's trusted proxy
//   127.0.3.x    registration and password reset across instances
//   127.0.4.x    the shared per-e-mail login limit
//   127.0.5.x    untrusted peers sending X-Forwarded-For
//   127.0.6.x    the 30 buyers
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';

import {
  POSTGRES_SERVER,
  REPO_DIR,
  api,
  closeConnections,
  createDatabase,
  dropDatabase,
  emptyFolder,
  expectStatus,
  login,
  mailedCode,
  mailsTo,
  orderAmount,
  pollUntil,
  psql,
  register,
  spawnInstance,
  waitReady,
} from './support.mjs';

const ADMIN = { email: 'admin@paduka.local', password: 'paduka-admin' };
const SHOPPER = { email: 'shopper@paduka.local', password: 'paduka-shopper' };
const TOO_MANY = 'Too many attempts, please try again later';
/** Small limits, different from each other, so a test can tell which one bit. */
const PER_EMAIL = 4;
const PER_ADDRESS = 5;
const ADDRESS = '21 Station Road, Mathura';
const PINCODE = '281001';
/** Generous bounds for what must happen "within a second": a loaded CI machine must not flake. */
const SOON_MS = 10_000;
/** Well past two of the watcher's 250 ms readings. */
const SETTLE_MS = 700;

const database = process.env.PADUKA_INSTANCES_DB ?? `paduka_instances_${process.pid}_${Date.now()}`;
const run = randomBytes(3).toString('hex');
/** @type {import('./support.mjs').Instance} */ let a;
/** @type {import('./support.mjs').Instance} */ let b;
/** @type {string} */ let staticDir;
/** @type {string} */ let adminToken;
let databaseCreated = false;
/** How long each side of a cross-instance change took to show (for the summary). */
const delays = [];

/** The instance for the i-th request of a test: A, B, A, B, ... */
const side = (/** @type {number} */ i) => (i % 2 === 0 ? a : b);

/** The product list as `instance` serves it (its cache). */
async function listed(instance) {
  const reply = await api(instance, '/product/get-products');
  if (reply.status !== 200)
    throw new Error(`get-products on ${instance.name}: ${reply.status} ${reply.body.message ?? ''}`);
  return /** @type {Array<any>} */ (reply.body.products);
}

/** A product form with one variant (1000 rupees, 10% off) in a demo category. */
async function productForm(name, quantity) {
  const { categories } = await expectStatus(200, a, '/category/all-categories');
  const form = new FormData();
  form.set('name', name);
  form.set('price', '1000');
  form.set('discount', '10');
  form.set('category', categories[0]._id);
  form.set('quantity', String(quantity));
  return form;
}

/**
 * Lets every instance's change watcher catch up with the writes so far (it reads the
 * counters every 250 ms), then has `observer` build its product list: after this, its cached
 * list only changes when its watcher learns of a write made elsewhere. Without it, a write
 * the observer made itself (or one its watcher saw after the last rebuild) would have left
 * its cache stale already, and the next read would show the change at once whatever the
 * watcher does.
 */
async function settleAndCache(observer) {
  // Plus a random part: the instances' watchers started together and tick in step, so a
  // fixed pause would always write at the same point of their 250 ms and bias the delays.
  await sleep(SETTLE_MS + Math.random() * 250);
  return listed(observer);
}

/** Polls `instance`'s product list until `check(products)` holds; records the delay. */
async function seenOn(instance, what, check) {
  const { ms } = await pollUntil(`${what} on ${instance.name}`, async () => check(await listed(instance)), {
    timeoutMs: SOON_MS,
  });
  delays.push({ what: `${what} on ${instance.name}`, ms });
  console.log(`  ${what}: listed by ${instance.name.toUpperCase()} after ${ms} ms`);
  return ms;
}

before(async () => {
  await createDatabase(database);
  databaseCreated = true;
  staticDir = emptyFolder();
  const jwtSecret = randomBytes(32).toString('hex');
  const url = (/** @type {string} */ name) => `${POSTGRES_SERVER}/${database}?application_name=paduka-${name}`;
  const limits = {
    RATE_LIMIT_PER_EMAIL: String(PER_EMAIL),
    RATE_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
    RATE_LIMIT_WINDOW_SECS: '900',
  };
  // Both spawned in the same tick, on the empty database: they race to migrate and seed.
  [a, b] = await Promise.all([
    spawnInstance('a', {
      databaseUrl: url('a'),
      jwtSecret,
      staticDir,
      env: { ...limits, TRUSTED_PROXIES: '127.0.0.1' },
    }),
    spawnInstance('b', { databaseUrl: url('b'), jwtSecret, staticDir, env: limits }),
  ]);
  const started = performance.now();
  await Promise.all([waitReady(a), waitReady(b)]);
  console.log(
    `  both instances ready ${Math.round(performance.now() - started)} ms after they were spawned (logs: ${a.logFile}, ${b.logFile})`,
  );
  adminToken = await login(a, ADMIN.email, ADMIN.password);
});

after(async () => {
  const instances = [a, b].filter(Boolean);
  await Promise.allSettled(instances.map((instance) => instance.stop()));
  closeConnections();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
  if (databaseCreated) await dropDatabase(database);
  if (delays.length) {
    const sorted = delays.map((d) => d.ms).sort((x, y) => x - y);
    console.log(
      `  cross-instance delays (ms): ${delays.map((d) => d.ms).join(', ')}; median ${sorted[Math.floor(sorted.length / 2)]}, worst ${sorted.at(-1)} (required: within 1000 ms)`,
    );
  }
});

test('instances started together on an empty database migrate it and load the demo data once', async () => {
  const logs = [a.log(), b.log()];
  const seeded = logs.filter((log) => log.includes('loaded demo data into the empty database'));
  assert.equal(seeded.length, 1, 'exactly one instance loaded the demo data');
  const migrations = readdirSync(join(REPO_DIR, 'migrations', 'postgres'), { withFileTypes: true }).filter((e) =>
    e.isDirectory(),
  ).length;
  const applied = logs.map((log) => (log.match(/applied database migration/g) ?? []).length);
  assert.deepEqual(applied.toSorted(), [0, migrations], 'one instance applied every migration, the other none');
  assert.equal(Number(await psql(database, 'SELECT count(*) FROM __diesel_schema_migrations')), migrations);
  for (const [instance, log] of [
    [a, logs[0]],
    [b, logs[1]],
  ]) {
    assert.match(log, /Paduka is open at/, `${instance.name} started`);
    assert.equal(instance.exited(), null, `${instance.name} is running`);
  }

  for (const instance of [a, b]) {
    const products = await listed(instance);
    assert.equal(products.length, 24, `${instance.name} lists the 24 demo products, once each`);
    assert.equal(new Set(products.map((p) => p.product_id)).size, 24);
    const { users } = await expectStatus(200, instance, '/user/get-users', { token: adminToken });
    assert.equal(users.filter((u) => u.email === ADMIN.email).length, 1, 'one demo admin');
    assert.equal(users.filter((u) => u.email === SHOPPER.email).length, 1, 'one demo shopper');
    assert.equal(users.length, 2, 'no other account');
    const { categories } = await expectStatus(200, instance, '/category/all-categories');
    assert.equal(categories.length, 5, 'the 5 demo categories, once each');
  }
});

test('a catalog change on one instance is listed by the other (required: within 1 s)', async () => {
  const name = `Cross Instance Loafer ${run}`;
  // Before each change the other instance has cached its list: only its watcher can show it.
  assert.ok(!(await settleAndCache(b)).some((p) => p.name === name));
  const { product } = await expectStatus(201, a, '/product/create-product', {
    method: 'POST',
    token: adminToken,
    form: await productForm(name, 7),
  });
  await seenOn(b, 'created on A', (products) => products.some((p) => p._id === product._id));

  const update = await productForm(`${name} II`, 7);
  update.set('price', '1234');
  assert.ok(!(await settleAndCache(a)).some((p) => p.name === `${name} II`));
  await expectStatus(200, b, `/product/update-product/${product._id}`, {
    method: 'PUT',
    token: adminToken,
    form: update,
  });
  await seenOn(a, 'updated on B', (products) =>
    products.some((p) => p._id === product._id && p.price[0] === 1234 && p.name === `${name} II`),
  );

  // A few more price changes, alternating sides, for a better figure of the delay.
  for (let i = 0; i < 4; i += 1) {
    const [writer, observer] = i % 2 === 0 ? [a, b] : [b, a];
    const price = 1300 + i;
    const change = await productForm(`${name} II`, 7);
    change.set('price', String(price));
    await settleAndCache(observer);
    await expectStatus(200, writer, `/product/update-product/${product._id}`, {
      method: 'PUT',
      token: adminToken,
      form: change,
    });
    await seenOn(observer, `updated on ${writer.name.toUpperCase()}`, (products) =>
      products.some((p) => p._id === product._id && p.price[0] === price),
    );
  }

  assert.ok((await settleAndCache(b)).some((p) => p._id === product._id));
  await expectStatus(200, a, `/product/delete/${product._id}`, { method: 'DELETE', token: adminToken });
  await seenOn(b, 'deleted on A', (products) => !products.some((p) => p._id === product._id));
});

test("an admin's catalog or sale change through one instance is in their very next read through the other, 100 times in a row", async () => {
  // Read-your-writes (decisions D18): no pause between the write and the read, and each read
  // carries the admin's token, as the admin's screens send it.
  const name = `Read Your Writes Sandal ${run}`;
  const { product } = await expectStatus(201, a, '/product/create-product', {
    method: 'POST',
    token: adminToken,
    form: await productForm(name, 5),
  });
  const sale = {
    name: `Read Your Writes ${run}`,
    start: '2031-01-01T00:00:00Z',
    end: '2031-01-10T00:00:00Z',
    discount: 5,
  };
  const created = await expectStatus(201, a, '/sale/create-sale', { method: 'POST', token: adminToken, body: sale });
  const saleId = created.sale._id;
  for (let i = 0; i < 100; i += 1) {
    const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
    const price = 2000 + i;
    const change = await productForm(name, 5);
    change.set('price', String(price));
    await expectStatus(200, writer, `/product/update-product/${product._id}`, {
      method: 'PUT',
      token: adminToken,
      form: change,
    });
    const { products } = await expectStatus(200, reader, '/product/get-products', { token: adminToken });
    const seen = products.find((/** @type {any} */ p) => p._id === product._id);
    assert.equal(seen?.price[0], price, `price change ${i + 1} on ${writer.name}, read on ${reader.name}`);

    const discount = 1 + (i % 50);
    await expectStatus(200, reader, `/sale/update-sale/${saleId}`, {
      method: 'PUT',
      token: adminToken,
      body: { ...sale, discount },
    });
    const { sales } = await expectStatus(200, writer, '/sale/allsales', { token: adminToken });
    const listed = sales.find((/** @type {any} */ s) => s._id === saleId);
    assert.equal(listed?.discount, discount, `sale change ${i + 1} on ${reader.name}, read on ${writer.name}`);
  }
  await expectStatus(200, b, `/sale/delete-sale/${saleId}`, { token: adminToken });
  const { sales } = await expectStatus(200, a, '/sale/allsales', { token: adminToken });
  assert.ok(!sales.some((/** @type {any} */ s) => s._id === saleId), 'a sale deleted on B is gone from A at once');
  await expectStatus(200, b, `/product/delete/${product._id}`, { method: 'DELETE', token: adminToken });
  const after = await expectStatus(200, a, '/product/get-products', { token: adminToken });
  assert.ok(!after.products.some((/** @type {any} */ p) => p._id === product._id), 'a product deleted on B is gone from A at once');
});

test('a catalog change still shows on the other instance when its rebuild fails once', async () => {
  // How the rebuild is made to fail: the table of product details (read by every product-list
  // rebuild, and by no write here) is hidden by renaming it, right after the change on A. B's
  // next request at the new revision then fails for real (500) until the table is back; the
  // change must show on the request after that. (Terminating B's connections instead does
  // not make a rebuild fail: the pool checks a connection before lending it and opens a new
  // one.)
  const name = `Rebuild Failure Sandal ${run}`;
  assert.ok(!(await settleAndCache(b)).some((p) => p.name === name), 'B has cached its list');

  const { product } = await expectStatus(201, a, '/product/create-product', {
    method: 'POST',
    token: adminToken,
    form: await productForm(name, 3),
  });
  await psql(database, 'ALTER TABLE product_details RENAME TO product_details_hidden');
  try {
    // Until B's watcher sees the change B may still serve its cached list (200, without the
    // product); then its rebuild fails.
    const { value: failed, ms } = await pollUntil(
      'a failed rebuild on B',
      async () => {
        const reply = await api(b, '/product/get-products');
        const listsIt = reply.status === 200 && reply.body.products.some((p) => p._id === product._id);
        return reply.status !== 200 || listsIt ? reply : null;
      },
      { timeoutMs: SOON_MS },
    );
    console.log(`  B's watcher saw the change and B's rebuild failed ${ms} ms after the write on A`);
    assert.equal(failed.status, 500, `the rebuild failed: ${failed.status} ${failed.text.slice(0, 200)}`);
    assert.equal(failed.body.message, 'Something went wrong');
    assert.match(b.log(), /relation "product_details" does not exist/, 'for the reason forced');
    // It keeps failing, not serving a stale list, while the table is hidden.
    assert.equal((await api(b, '/product/get-products')).status, 500);
  } finally {
    await psql(database, 'ALTER TABLE product_details_hidden RENAME TO product_details');
  }
  // The next request rebuilds again, and this time it works.
  const { ms } = await pollUntil(
    `the product on B once the table is back`,
    async () => (await listed(b)).some((p) => p._id === product._id),
    {
      timeoutMs: SOON_MS,
    },
  );
  console.log(`  listed by B ${ms} ms after the table came back`);
  assert.ok((await listed(a)).some((p) => p._id === product._id));
});

test('a token issued by one instance works on the other', async () => {
  const shopperToken = await login(a, SHOPPER.email, SHOPPER.password);
  assert.deepEqual((await api(b, '/auth/user-auth', { token: shopperToken })).body, { ok: true });
  assert.equal((await api(b, '/auth/admin-auth', { token: shopperToken })).status, 403, 'still a shopper on B');
  const { orders } = await expectStatus(200, b, '/order/myorders', { method: 'POST', token: shopperToken });
  assert.ok(Array.isArray(orders));

  const bAdmin = await login(b, ADMIN.email, ADMIN.password);
  assert.equal((await api(a, '/auth/admin-auth', { token: bAdmin })).status, 200);
  assert.equal((await api(a, '/auth/admin-auth', { token: adminToken })).status, 200);
  // A token signed with any other key is refused by both.
  const [header, payload] = shopperToken.split('.');
  const forged = `${header}.${payload}.${randomBytes(32).toString('base64url')}`;
  for (const instance of [a, b]) assert.equal((await api(instance, '/auth/user-auth', { token: forged })).status, 401);
});

test('a code mailed through one instance verifies on the other', async () => {
  const account = { name: 'Meera Iyer', email: `meera.${run}@example.com`, password: 'meera-first-pass' };
  const from = '127.0.3.1';
  const details = {
    name: account.name,
    email: account.email,
    password: account.password,
    phone: '9876543210',
    address: ADDRESS,
  };
  assert.deepEqual(
    await expectStatus(200, a, '/auth/register', { method: 'POST', body: { ...details, otp: null }, from }),
    {
      success: true,
      message: 'OTP sent to your email',
    },
  );
  const code = await mailedCode(a, account.email);
  assert.ok(code, "the code is in A's outbox");
  assert.equal(mailsTo(b, account.email).length, 0, 'B mailed nothing');
  assert.deepEqual(
    await expectStatus(201, b, '/auth/register', { method: 'POST', body: { ...details, otp: code }, from }),
    {
      success: true,
      message: 'Email Verified Successfully',
    },
  );
  await login(a, account.email, account.password);

  // And the other way: a reset code mailed through B resets the password on A.
  const resetFrom = '127.0.3.2';
  await expectStatus(200, b, '/auth/forgot-password', {
    method: 'POST',
    body: { email: account.email },
    from: resetFrom,
  });
  const resetCode = await mailedCode(b, account.email);
  assert.ok(resetCode, "the reset code is in B's outbox");
  await expectStatus(200, a, '/auth/reset-password', {
    method: 'POST',
    body: { email: account.email, otp: resetCode, password: 'meera-second-pass' },
    from: resetFrom,
  });
  await login(b, account.email, 'meera-second-pass');
});

test('a sandbox payment started on A completes an order on B', async () => {
  const token = await login(a, SHOPPER.email, SHOPPER.password);
  const product = (await listed(a)).find((p) => p.quantity >= 2 && p.price.length > 0);
  assert.ok(product, 'a demo product in stock');
  const before = (await expectStatus(200, b, `/product/get-product/${product._id}`)).product;
  const products = [{ _id: product._id, productno: 0, quantity: 1 }];
  const amount = orderAmount([{ price: product.price[0], discount: product.discount[0] ?? 0, quantity: 1 }]);

  const payment = await expectStatus(200, a, `/payment/${amount}`, {
    method: 'POST',
    token,
    body: { products, address: ADDRESS, pincode: PINCODE },
  });
  assert.equal(payment.provider, 'sandbox');
  assert.equal(payment.amount, amount * 100);
  const paid = await expectStatus(200, b, '/payment/sandbox/pay', {
    method: 'POST',
    token,
    body: { orderId: payment.id },
  });
  const order = {
    products,
    address: ADDRESS,
    pincode: PINCODE,
    amount,
    paymentId: paid.razorpay_payment_id,
    orderId: paid.razorpay_order_id,
    signature: paid.razorpay_signature,
  };
  const placed = await expectStatus(201, b, '/order/cart', { method: 'POST', token, body: order });
  assert.equal(placed.message, 'Order Placed Successfully');
  assert.equal(placed.order.status, 'Pending');
  assert.equal(placed.order.amount, amount);

  // The same payment reported again, to the other instance: the same order, not a second one.
  const again = await expectStatus(200, a, '/order/cart', { method: 'POST', token, body: order });
  assert.equal(again.order._id, placed.order._id);
  const { orders } = await expectStatus(200, a, '/order/myorders', { method: 'POST', token });
  assert.equal(orders.filter((o) => o.paymentId === order.paymentId).length, 1);
  const after = (await expectStatus(200, a, `/product/get-product/${product._id}`)).product;
  assert.equal(after.quantity, before.quantity - 1, 'one unit taken, once');
});

test('failed logins for one e-mail, spread over both instances, hit one shared limit', async () => {
  const account = { name: 'Kabir Das', email: `kabir.${run}@example.com`, password: 'kabir-password' };
  await register(a, b, account, '127.0.4.100');
  // Each attempt from an address of its own: only the per-e-mail count can bite.
  for (let i = 0; i < PER_EMAIL; i += 1) {
    const reply = await api(side(i), '/auth/login', {
      method: 'POST',
      body: { email: account.email, password: `wrong-${i}` },
      from: `127.0.4.${i + 1}`,
    });
    assert.equal(reply.status, 401, `failure ${i + 1} on ${side(i).name}: ${reply.text}`);
    assert.equal(reply.body.message, 'Invalid email or password');
  }
  for (const [i, instance] of [a, b].entries()) {
    // The wrong password again, then even the right one: refused on either instance.
    for (const password of ['wrong-again', account.password]) {
      const reply = await api(instance, '/auth/login', {
        method: 'POST',
        body: { email: account.email, password },
        from: `127.0.4.${20 + i}`,
      });
      assert.equal(
        reply.status,
        429,
        `on ${instance.name} after ${PER_EMAIL} failures spread over A and B: ${reply.text}`,
      );
      assert.equal(reply.body.message, TOO_MANY);
    }
  }
  // Another account is not affected.
  await login(b, SHOPPER.email, SHOPPER.password, '127.0.4.30');
});

test("behind a trusted proxy each shopper has a limit of their own; an untrusted peer's X-Forwarded-For is ignored", async () => {
  let n = 0;
  const failedLogin = (instance, from, forwardedFor) =>
    api(instance, '/auth/login', {
      method: 'POST',
      // A new e-mail every time: only the per-address count can bite.
      body: { email: `nobody.${run}.${(n += 1)}@example.com`, password: 'not-the-password' },
      from,
      headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {},
    });

  // A trusts 127.0.0.1 (its "proxy"). Shopper 1 at 203.0.113.1 uses up their limit...
  for (let i = 0; i < PER_ADDRESS; i += 1) {
    // ...including with an address of their own choosing on the left, which the proxy kept.
    const xff = i % 2 === 0 ? '203.0.113.1' : `198.51.100.${i}, 203.0.113.1`;
    assert.equal((await failedLogin(a, '127.0.0.1', xff)).status, 401, `shopper 1, failure ${i + 1}`);
  }
  const refused = await failedLogin(a, '127.0.0.1', '203.0.113.1');
  assert.equal(refused.status, 429, 'shopper 1 is limited');
  assert.equal(refused.body.message, TOO_MANY);
  assert.equal(
    (await failedLogin(a, '127.0.0.1', '198.51.100.200, 203.0.113.1')).status,
    429,
    'a made-up address on the left does not help',
  );
  // ...while shopper 2 behind the same proxy is not, and neither is the proxy's own address.
  assert.equal((await failedLogin(a, '127.0.0.1', '203.0.113.2')).status, 401, 'shopper 2 counts apart');
  assert.equal(
    (await failedLogin(a, '127.0.0.1', '203.0.113.2, 127.0.0.1')).status,
    401,
    'a trusted hop on the right is skipped',
  );
  await login(a, SHOPPER.email, SHOPPER.password); // 127.0.0.1 itself: not limited

  // An untrusted peer's header is ignored, on A (which trusts only 127.0.0.1) and on B
  // (which trusts nobody): every attempt counts against the peer, whatever it claims.
  for (const [instance, peer] of [
    [a, '127.0.5.1'],
    [b, '127.0.5.2'],
  ]) {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      assert.equal(
        (await failedLogin(instance, peer, `203.0.113.${100 + i}`)).status,
        401,
        `${instance.name}, ${peer}, failure ${i + 1}`,
      );
    }
    const reply = await failedLogin(instance, peer, '203.0.113.250');
    assert.equal(
      reply.status,
      429,
      `${instance.name} counted ${peer}'s attempts together, whatever X-Forwarded-For said`,
    );
    assert.equal(reply.body.message, TOO_MANY);
  }
  // Both instances count in the same place: the untrusted peer limited on B is limited on A.
  assert.equal((await failedLogin(a, '127.0.5.2', '203.0.113.99')).status, 429, 'the limit B counted holds on A');
});

test('30 buyers racing for the last unit over both instances make exactly one order', async () => {
  const BUYERS = 30;
  const name = `Last Pair Kolhapuri ${run}`;
  const { product } = await expectStatus(201, a, '/product/create-product', {
    method: 'POST',
    token: adminToken,
    form: await productForm(name, 1),
  });
  const amount = orderAmount([{ price: 1000, discount: 10, quantity: 1 }]);
  const products = [{ _id: product._id, productno: 0, quantity: 1 }];

  // 30 shoppers of their own (each at an address of its own), registered across instances.
  const buyers = Array.from({ length: BUYERS }, (_, i) => ({
    name: `Buyer ${i + 1}`,
    email: `buyer${i + 1}.${run}@example.com`,
    password: `buyer-password-${i + 1}`,
    from: `127.0.6.${i + 1}`,
  }));
  await Promise.all(buyers.map((buyer, i) => register(side(i), side(i + 1), buyer, buyer.from)));
  const tokens = await Promise.all(
    buyers.map((buyer, i) => login(side(i + 1), buyer.email, buyer.password, buyer.from)),
  );

  // Each pays while the unit is still there (a payment is refused once it is gone)...
  const payments = await Promise.all(
    buyers.map(async (buyer, i) => {
      const payment = await expectStatus(200, side(i), `/payment/${amount}`, {
        method: 'POST',
        token: tokens[i],
        body: { products, address: ADDRESS, pincode: PINCODE },
        from: buyer.from,
      });
      return expectStatus(200, side(i + 1), '/payment/sandbox/pay', {
        method: 'POST',
        token: tokens[i],
        body: { orderId: payment.id },
        from: buyer.from,
      });
    }),
  );
  // ...then all 30 place their orders at once, alternating instances.
  const replies = await Promise.all(
    buyers.map((buyer, i) =>
      api(side(i), '/order/cart', {
        method: 'POST',
        token: tokens[i],
        from: buyer.from,
        body: {
          products,
          address: ADDRESS,
          pincode: PINCODE,
          amount,
          paymentId: payments[i].razorpay_payment_id,
          orderId: payments[i].razorpay_order_id,
          signature: payments[i].razorpay_signature,
        },
      }),
    ),
  );
  const statuses = replies.map((r) => r.status);
  const tally = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  console.log(`  ${BUYERS} orders for the last unit, replies by status: ${JSON.stringify(tally)}`);
  const placed = replies.filter((r) => r.status === 201);
  assert.equal(placed.length, 1, `exactly one order: ${statuses.join(' ')}`);
  for (const reply of replies.filter((r) => r.status !== 201)) {
    assert.equal(reply.status, 409, reply.text);
    assert.deepEqual(reply.body, { success: false, message: `Only 0 left of ${name}`, refunded: true });
  }

  for (const instance of [a, b]) {
    const { product: now } = await expectStatus(200, instance, `/product/get-product/${product._id}`);
    assert.equal(now.quantity, 0, `sold out on ${instance.name}, never below`);
  }
  const { orders } = await expectStatus(200, b, '/order/get-all-orders', { token: adminToken });
  const ordersOfIt = orders.filter((o) => o.products.some((line) => line._id === product._id));
  assert.equal(ordersOfIt.length, 1, 'one order holds the unit');
  assert.equal(ordersOfIt[0].paymentId, placed[0].body.order.paymentId);
  assert.equal(Number(await psql(database, `SELECT min(quantity) FROM products WHERE id = '${product._id}'`)), 0);
});

test('both instances are still up and logged no panic', async () => {
  for (const instance of [a, b]) {
    assert.equal(instance.exited(), null, `${instance.name} is running`);
    assert.equal((await fetch(`${instance.baseURL}/health/ready`)).status, 200);
    assert.doesNotMatch(instance.log(), /panicked at/, `${instance.name} panicked; see ${instance.logFile}`);
  }
});
