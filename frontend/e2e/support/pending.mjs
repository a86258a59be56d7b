// Journeys that need backend routes which landed late or have not landed yet. Each has ONE
// flag: set it to `true` here once its routes exist (or, without editing, run with
// E2E_ENABLE=delivery,checkout or E2E_ENABLE=all). A disabled journey is reported as skipped
// with the missing routes named.

const fromEnv = new Set(
  (process.env.E2E_ENABLE ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const journeys = {
  register: { enabled: true, routes: ['POST /api/v1/auth/register'] },
  delivery: { enabled: true, routes: ['GET /api/v1/delivery/{pincode}'] },
  checkout: {
    enabled: true,
    routes: [
      'GET /api/v1/delivery/{pincode}',
      'POST /api/v1/payment/{amount}',
      'POST /api/v1/payment/sandbox/pay',
      'GET /sandbox/checkout',
      'POST /api/v1/order/cart',
      'POST /api/v1/order/myorders',
      'GET /api/v1/order/delete/{id}',
    ],
  },
};

/**
 * `false` when the journey may run, else the skip reason naming the missing routes
 * (node:test prints it).
 * @param {keyof typeof journeys} name
 * @returns {false | string}
 */
export function skipUnlessBackend(name) {
  const journey = journeys[name];
  if (journey.enabled || fromEnv.has(name) || fromEnv.has('all')) return false;
  return `pending backend route ${journey.routes.join(', ')} (enable: set journeys.${name}.enabled in e2e/support/pending.mjs or E2E_ENABLE=${name})`;
}
