import { formatLongDate, formatRupees } from '@/lib/format';
import type { CreditEntry } from '@/types/api';
import { useStoreCredit } from '../api/get-credit';

/** The latest entries shown under the balance. */
const LATEST_ENTRIES = 5;

/** `+₹500` or `−₹300`: credit in or out. */
const creditAmountText = (amount: number): string =>
  amount < 0 ? `−${formatRupees(-amount)}` : `+${formatRupees(amount)}`;

function entryLabel(entry: CreditEntry): string {
  // The server's own words (`Refund of a return`, `Paid for an order`, ...), with the order they belong to.
  return entry.orderId ? `${entry.reason} · Order ${entry.orderId}` : entry.reason;
}

/** `Store credit ₹N` (also at ₹0) and the latest entries, newest first. */
export function StoreCreditCard({ userId }: { userId: string }) {
  const credit = useStoreCredit(userId);
  if (!credit.data) return null;
  const { balance, entries } = credit.data;
  const latest = entries.slice(0, LATEST_ENTRIES);
  return (
    <section className="card card-pad store-credit" aria-labelledby="store-credit-title">
      <h2 id="store-credit-title" className="h3">
        Store credit {formatRupees(balance)}
      </h2>
      {latest.length > 0 ? (
        <ul className="credit-entries" aria-label="Store credit entries">
          {latest.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="credit-entry">
              <span className={entry.amount < 0 ? 'credit-out' : 'credit-in price-off'}>
                {creditAmountText(entry.amount)}
              </span>
              <span>{entryLabel(entry)}</span>
              <time className="muted" dateTime={entry.at}>
                {formatLongDate(entry.at)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" style={{ margin: 0 }}>
          Refunds of returns paid as credit show here; use it in the cart.
        </p>
      )}
    </section>
  );
}
