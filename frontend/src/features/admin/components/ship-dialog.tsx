import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { formatCount, formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import { queryKeys } from '@/lib/query-keys';
import type { Order } from '@/types/api';
import { shipWithoutConfirmationQuestion } from '@/utils/cod-confirmation';
import { isAwaitingCash } from '@/utils/payment-method';
import { shipOrder, usePatchOrder } from '../api/ship-order';
import { orderUserName } from '../utils/admin-format';
import { AWB_PLACEHOLDER, progressText, shipBody, shipEach, type ShipProgress } from '../utils/ship-each';
import { AdminModal } from './admin-modal';

type Result = { ok: true } | { ok: false; message: string };

type ShipDialogProps = {
  /** One order (`Ship`) or the selected ones (`Ship selected`), in the order they are shipped. */
  orders: readonly Order[];
  onClose: () => void;
  /** The orders that shipped, once the run is over (the table drops them from its selection). */
  onShipped?: (ids: string[]) => void;
};

/**
 * Hands orders to the courier (decisions section 15): one courier name for all, an AWB per order
 * (the manual courier needs one each) and an optional tracking URL. One call per order, in turn,
 * with `Shipping 3 of 10` meanwhile; each failure is listed with its order id and the server's
 * message, and what shipped stays shipped: sending again sends only the orders still waiting.
 */
export function ShipDialog({ orders, onClose, onShipped }: ShipDialogProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const patch = usePatchOrder();
  const single = orders.length === 1;
  const [courier, setCourier] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [awbs, setAwbs] = useState<Record<string, string>>({});
  const [results, setResults] = useState<Record<string, Result>>({});
  const [progress, setProgress] = useState<ShipProgress | null>(null);
  const running = progress !== null && progress.current !== null;

  const waiting = orders.filter((o) => !results[o._id]?.ok);
  const shipped = orders.length - waiting.length;
  const failures = orders.flatMap((o) => {
    const result = results[o._id];
    return result && !result.ok ? [{ id: o._id, message: result.message }] : [];
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running || waiting.length === 0) return;
    const question = shipWithoutConfirmationQuestion(waiting);
    if (question && !window.confirm(question)) return;
    const items = waiting.map((o) => ({ id: o._id, body: shipBody(courier, awbs[o._id] ?? '', trackingUrl) }));
    const outcomes = await shipEach(items, shipOrder, {
      onProgress: setProgress,
      onOutcome: (outcome) => {
        setResults((now) => ({
          ...now,
          [outcome.id]: outcome.ok ? { ok: true } : { ok: false, message: outcome.message },
        }));
        if (outcome.ok) patch(outcome.reply.order);
      },
    });
    const done = outcomes.filter((o) => o.ok).map((o) => o.id);
    if (done.length > 0) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats() });
      onShipped?.(done);
    }
    if (done.length === outcomes.length) {
      notify.success(single ? 'Order shipped' : `${formatCount(done.length, 'order')} shipped`);
      onClose();
    }
  };

  const title = single ? `Ship order ${orders[0]?._id ?? ''}` : `Ship ${formatCount(orders.length, 'order')}`;
  return (
    // Closing mid-run would hide the orders still being sent: the dialog stays until it is over.
    <AdminModal title={title} size="narrow" onClose={running ? () => {} : onClose}>
      <form className="ship-form" onSubmit={(e) => void submit(e)} noValidate aria-describedby={`${id}-help`}>
        <p id={`${id}-help`} className="muted ship-help">
          With Shiprocket set up, leave the courier and the AWB empty: it books them itself.
        </p>
        <Field label="Courier">
          {(field) => (
            <input
              {...field}
              className="input"
              autoComplete="off"
              placeholder="e.g. Delhivery"
              value={courier}
              disabled={running}
              onChange={(e) => setCourier(e.target.value)}
            />
          )}
        </Field>
        {single && orders[0] ? (
          <Field label="AWB">
            {(field) => (
              <input
                {...field}
                className="input ship-awb"
                autoComplete="off"
                spellCheck={false}
                value={awbs[orders[0]!._id] ?? ''}
                disabled={running}
                onChange={(e) => setAwbs({ [orders[0]!._id]: e.target.value })}
              />
            )}
          </Field>
        ) : null}
        <Field
          label="Tracking URL (optional)"
          hint={single ? undefined : `${AWB_PLACEHOLDER} stands for each order's AWB`}
        >
          {(field) => (
            <input
              {...field}
              className="input"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={single ? 'https://' : `https://courier.example/track/${AWB_PLACEHOLDER}`}
              value={trackingUrl}
              disabled={running}
              onChange={(e) => setTrackingUrl(e.target.value)}
            />
          )}
        </Field>

        {single ? null : (
          <ol className="ship-list" aria-label="Orders to ship">
            {orders.map((order) => {
              const result = results[order._id];
              const errorId = `${id}-${order._id}-error`;
              return (
                <li key={order._id} className={`ship-row${result ? (result.ok ? ' is-shipped' : ' is-failed') : ''}`}>
                  <div className="ship-row-order">
                    <span className="admin-id">{order._id}</span>
                    <span className="muted">
                      {[orderUserName(order.user), order.pincode].filter(Boolean).join(' · ')}
                      {isAwaitingCash(order) ? ` · Collect ${formatRupees(order.amount)}` : ''}
                    </span>
                  </div>
                  {result?.ok ? (
                    <span className="badge badge-success">Shipped</span>
                  ) : (
                    <label className="ship-row-awb">
                      <span className="visually-hidden">AWB for order {order._id}</span>
                      <input
                        className="input ship-awb"
                        autoComplete="off"
                        spellCheck={false}
                        placeholder="AWB"
                        value={awbs[order._id] ?? ''}
                        disabled={running}
                        aria-invalid={result ? true : undefined}
                        aria-describedby={result ? errorId : undefined}
                        onChange={(e) => setAwbs((now) => ({ ...now, [order._id]: e.target.value }))}
                      />
                    </label>
                  )}
                  {result && !result.ok ? (
                    <span id={errorId} className="ship-row-error">
                      {result.message}
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ol>
        )}

        <div className="ship-status" role="status">
          {running && progress ? (
            <>
              <span>{progressText(progress)}</span>
              <progress max={progress.total} value={progress.done} />
            </>
          ) : null}
        </div>

        {failures.length > 0 && !running ? (
          <div className="ship-failures" role="alert">
            {single ? (
              <p>{failures[0]!.message}</p>
            ) : (
              <>
                <p>
                  {shipped > 0 ? `${shipped} of ${orders.length} shipped. ` : ''}
                  {failures.length === 1 ? 'One order was not shipped:' : `${failures.length} orders were not shipped:`}
                </p>
                <ul>
                  {failures.map((f) => (
                    <li key={f.id}>
                      <span className="admin-id">{f.id}</span>: {f.message}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        ) : null}

        <div className="admin-form-actions">
          <button type="submit" className="btn btn-primary" disabled={running || waiting.length === 0}>
            {running
              ? 'Shipping...'
              : single
                ? 'Ship'
                : shipped > 0
                  ? waiting.length === 1
                    ? 'Ship the other order'
                    : `Ship the other ${waiting.length} orders`
                  : `Ship ${formatCount(waiting.length, 'order')}`}
          </button>
          <button type="button" className="btn btn-secondary" disabled={running} onClick={onClose}>
            {shipped > 0 ? 'Done' : 'Cancel'}
          </button>
        </div>
      </form>
    </AdminModal>
  );
}
