/**
 * Whole rupees store credit pays of an order of `amount` (before credit): min(balance, amount - 1),
 * so at least ₹1 is always paid another way; never below 0. The server works it out again.
 */
export const creditPays = (balance: number, amount: number): number =>
  Math.max(0, Math.min(Math.floor(balance), Math.floor(amount) - 1));
