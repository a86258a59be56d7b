// Talking to the server without a browser: for a journey's set-up, never for what it checks.

/**
 * One JSON call to /api/v1; throws with the server's message on a non-2xx reply.
 * @param {string} baseURL
 * @param {string} path
 * @param {{ method?: string, token?: string, body?: unknown }} [options]
 */
export async function apiCall(baseURL, path, { method = 'GET', token, body } = {}) {
  const reply = await fetch(`${baseURL}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await reply.json().catch(() => ({}));
  if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${json.message ?? ''}`);
  return json;
}

/** The token of a signed-in account. */
export async function tokenFor(
  /** @type {string} */ baseURL,
  /** @type {{email: string, password: string}} */ account,
) {
  const { token } = await apiCall(baseURL, '/auth/login', { method: 'POST', body: account });
  return /** @type {string} */ (token);
}

/**
 * What the storefront's Place Order does, through the sandbox gateway: a payment order, the
 * sandbox window's Pay, then the order. Resolves to the placed order.
 * @param {string} baseURL
 * @param {{email: string, password: string}} account
 * @param {{ product: {_id: string}, amount: number, address?: string, pincode?: string }} order  one pair of variant 0
 */
export async function placeSandboxOrder(
  baseURL,
  account,
  { product, amount, address = '21 Station Road, Mathura', pincode = '281001' },
) {
  const token = await tokenFor(baseURL, account);
  const products = [{ _id: product._id, productno: 0, quantity: 1 }];
  const payment = await apiCall(baseURL, `/payment/${amount}`, {
    method: 'POST',
    token,
    body: { products, address, pincode },
  });
  const paid = await apiCall(baseURL, '/payment/sandbox/pay', { method: 'POST', token, body: { orderId: payment.id } });
  const { order } = await apiCall(baseURL, '/order/cart', {
    method: 'POST',
    token,
    body: {
      products,
      address,
      pincode,
      amount,
      paymentId: paid.razorpay_payment_id,
      orderId: paid.razorpay_order_id,
      signature: paid.razorpay_signature,
    },
  });
  return /** @type {{_id: string, paymentId: string, amount: number, status: string}} */ (order);
}

/**
 * What the cart's Place Order does with Cash on Delivery: one pair of variant 0, no payment
 * window. Resolves to the placed order.
 * @param {string} baseURL
 * @param {{email: string, password: string}} account
 * @param {{ product: {_id: string}, amount: number, address?: string, pincode?: string }} order
 */
export async function placeCodOrder(
  baseURL,
  account,
  { product, amount, address = '14 Civil Lines, Mathura', pincode = '281001' },
) {
  const token = await tokenFor(baseURL, account);
  const { order } = await apiCall(baseURL, '/order/cod', {
    method: 'POST',
    token,
    body: { products: [{ _id: product._id, productno: 0, quantity: 1 }], address, pincode, amount },
  });
  return /** @type {{_id: string, amount: number, status: string, paymentMethod: string}} */ (order);
}

/**
 * A cash on delivery order of one pair (variant 0) for `amount`, shipped by hand and recorded
 * Delivered by `admin`, as the admin would. Resolves to the placed order's id.
 * @param {string} baseURL
 * @param {{ shopper: {email: string, password: string}, admin: {email: string, password: string} }} accounts
 * @param {{ product: {_id: string}, amount: number }} order
 */
export async function deliveredCodOrder(baseURL, { shopper, admin }, { product, amount }) {
  const placed = await placeCodOrder(baseURL, shopper, { product, amount });
  const token = await tokenFor(baseURL, admin);
  const awb = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await apiCall(baseURL, `/shipment/create/${placed._id}`, {
    method: 'POST',
    token,
    body: { courier: 'Delhivery', awb },
  });
  await apiCall(baseURL, `/shipment/event/${placed._id}`, { method: 'POST', token, body: { status: 'Delivered' } });
  return placed._id;
}
