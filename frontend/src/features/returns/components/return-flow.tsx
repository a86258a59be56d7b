import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import { notify } from '@/lib/notify';
import type { Order, Product, Return, ReturnKind, ReturnReason, ReturnRequestBody } from '@/types/api';
import { kindText, lineName, RETURN_REASONS } from '@/utils/return-text';
import { useRequestReturn } from '../api/request-return';
import { exchangeSizes, refundEstimate, returnableQuantities, type ExchangeSize } from '../utils/returnable';

/** What the shopper chose for one order line; `quantity` 0 leaves it out. */
type LineChoice = { quantity: number; reason: ReturnReason | ''; kind: ReturnKind; size: number | null };

type Screen = 'lines' | 'review' | 'done';
const STEP: Record<Screen, number> = { lines: 1, review: 2, done: 3 };

const EMPTY_CHOICE: LineChoice = { quantity: 0, reason: '', kind: 'refund', size: null };

/** The first problem with the choices, said on the first screen; `null` when they can be sent. */
function problemOf(choices: readonly LineChoice[]): string | null {
  const chosen = choices.filter((c) => c.quantity > 0);
  if (chosen.length === 0) return 'Choose at least one pair to return';
  if (chosen.some((c) => !c.reason)) return 'Choose a reason for each pair';
  if (chosen.some((c) => c.kind === 'exchange' && c.size === null)) return 'Choose the new size';
  return null;
}

/** The request's body: one entry per line with pairs to return. */
function bodyOf(orderId: string, choices: readonly LineChoice[]): ReturnRequestBody {
  return {
    orderId,
    lines: choices.flatMap((c, line) =>
      c.quantity > 0 && c.reason
        ? [
            {
              line,
              quantity: c.quantity,
              reason: c.reason,
              kind: c.kind,
              ...(c.kind === 'exchange' && c.size !== null ? { size: c.size } : {}),
            },
          ]
        : [],
    ),
  };
}

type ReturnFlowProps = {
  order: Order;
  /** The order's products as the catalog has them now (their sizes, prices, stock). */
  products: readonly Product[];
  /** Whether the products are still loading (exchange waits for them). */
  productsLoading?: boolean;
  onClose: () => void;
};

/**
 * `Return or exchange` on a delivered order (decisions section 16), in three screens: the lines
 * (pairs, reason, refund or another size at the same price), the review (what comes back, the
 * refund estimate or the new size), and done (the return's number and what happens next). The
 * server's refusal is toasted in its own words and the review stays.
 */
export function ReturnFlow({ order, products, productsLoading = false, onClose }: ReturnFlowProps) {
  const id = useId();
  const request = useRequestReturn();
  const left = returnableQuantities(order);
  const [choices, setChoices] = useState<LineChoice[]>(() => order.products.map(() => EMPTY_CHOICE));
  const [screen, setScreen] = useState<Screen>('lines');
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<{ ret: Return; message: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The flow and each of its screens start at the heading, for a screen reader and on a phone
  // scrolled down.
  useEffect(() => {
    heading.current?.focus();
  }, [screen]);

  const sizesOf = (index: number): ExchangeSize[] => {
    const line = order.products[index];
    const product = line && products.find((p) => p._id === line._id);
    return product ? exchangeSizes(product, line.color, line.type) : [];
  };
  const setChoice = (index: number, change: Partial<LineChoice>) =>
    setChoices((now) => now.map((c, i) => (i === index ? { ...c, ...change } : c)));

  const onNext = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = problemOf(choices);
    setProblem(found);
    if (!found) setScreen('review');
  };

  const onSend = () => {
    request.mutate(bodyOf(order._id, choices), {
      onSuccess: (reply) => {
        setCreated({ ret: reply.return, message: reply.message || 'Return requested' });
        setScreen('done');
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to request the return')),
    });
  };

  const chosen = choices.flatMap((c, index) => (c.quantity > 0 ? [{ ...c, index }] : []));
  const refundTotal = chosen
    .filter((c) => c.kind === 'refund')
    .reduce((sum, c) => sum + refundEstimate(order, c.index, c.quantity), 0);
  const refundWhere = order.paymentMethod === 'cod' ? 'as store credit' : 'to your original payment';
  const hasExchange = chosen.some((c) => c.kind === 'exchange');
  const pickedOf = (index: number, size: number | null) => sizesOf(index).find((s) => s.index === size);
  // An order line named as the server names it: `Trail Runner (Tan, UK 8)`.
  const nameOf = (line: Order['products'][number]) => lineName({ name: line.name, color: line.color, size: line.type });

  const title = screen === 'done' ? (created?.message ?? 'Return requested') : 'Return or exchange';
  return (
    <section className="return-flow" aria-labelledby={`${id}-title`}>
      <header className="return-flow-head">
        <h3 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {title}
        </h3>
        <span className="muted return-flow-step">Step {STEP[screen]} of 3</span>
      </header>

      {screen === 'lines' ? (
        <form className="return-flow-form" onSubmit={onNext} noValidate>
          <ul className="return-choices">
            {order.products.map((line, index) => {
              const max = left[index] ?? 0;
              if (max <= 0) return null;
              const choice = choices[index] ?? EMPTY_CHOICE;
              const sizes = sizesOf(index);
              const key = `${id}-${index}`;
              return (
                <li key={key} className="return-choice">
                  <fieldset>
                    <legend className="return-choice-name">{nameOf(line)}</legend>
                    <label className="field">
                      <span className="field-label">Pairs to return</span>
                      <select
                        className="select"
                        value={choice.quantity}
                        onChange={(e) => setChoice(index, { quantity: Number(e.target.value) })}
                      >
                        {Array.from({ length: max + 1 }, (_, n) => (
                          <option key={n} value={n}>
                            {n}
                          </option>
                        ))}
                      </select>
                    </label>
                    {choice.quantity > 0 ? (
                      <>
                        <label className="field">
                          <span className="field-label">Reason</span>
                          <select
                            className="select"
                            value={choice.reason}
                            onChange={(e) => setChoice(index, { reason: e.target.value as ReturnReason })}
                          >
                            <option value="" disabled>
                              Choose a reason
                            </option>
                            {RETURN_REASONS.map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </select>
                        </label>
                        <fieldset className="return-kind">
                          <legend className="field-label">What you want</legend>
                          <label>
                            <input
                              type="radio"
                              name={`${key}-kind`}
                              checked={choice.kind === 'refund'}
                              onChange={() => setChoice(index, { kind: 'refund', size: null })}
                            />{' '}
                            Refund
                          </label>
                          <label>
                            <input
                              type="radio"
                              name={`${key}-kind`}
                              checked={choice.kind === 'exchange'}
                              disabled={sizes.length === 0}
                              aria-describedby={sizes.length === 0 ? `${key}-no-size` : undefined}
                              onChange={() => setChoice(index, { kind: 'exchange' })}
                            />{' '}
                            Exchange for another size
                          </label>
                          {sizes.length === 0 ? (
                            <span id={`${key}-no-size`} className="field-hint">
                              {productsLoading ? 'Looking up the sizes...' : 'No other size at this price in stock'}
                            </span>
                          ) : null}
                        </fieldset>
                        {choice.kind === 'exchange' && sizes.length > 0 ? (
                          <label className="field">
                            <span className="field-label">New size</span>
                            <select
                              className="select"
                              value={choice.size ?? ''}
                              onChange={(e) =>
                                setChoice(index, { size: e.target.value === '' ? null : Number(e.target.value) })
                              }
                            >
                              <option value="" disabled>
                                Choose a size
                              </option>
                              {sizes.map((s) => (
                                <option key={s.index} value={s.index}>
                                  {s.left <= 3 ? `${s.label} (only ${s.left} left)` : s.label}
                                </option>
                              ))}
                            </select>
                          </label>
                        ) : null}
                      </>
                    ) : null}
                  </fieldset>
                </li>
              );
            })}
          </ul>
          {problem ? (
            <p className="return-problem" role="alert">
              {problem}
            </p>
          ) : null}
          <div className="return-flow-actions">
            <button type="submit" className="btn btn-primary">
              Continue
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {screen === 'review' ? (
        <div className="return-flow-form">
          <h4 className="return-flow-sub">What comes back</h4>
          <ul className="return-lines">
            {chosen.map((c) => {
              const line = order.products[c.index]!;
              const picked = pickedOf(c.index, c.size);
              const text =
                c.kind === 'exchange'
                  ? kindText({ kind: 'exchange', newColor: picked?.color ?? '', newSize: picked?.size })
                  : `Refund about ${formatRupees(refundEstimate(order, c.index, c.quantity))}`;
              return (
                <li key={c.index}>
                  <span className="return-line-name">
                    {c.quantity} × {nameOf(line)}
                  </span>
                  <span className="muted return-line-meta">
                    {c.reason} · {text}
                  </span>
                </li>
              );
            })}
          </ul>
          {refundTotal > 0 ? (
            <p className="return-refund">
              Refund estimate <strong>{formatRupees(refundTotal)}</strong> {refundWhere}
            </p>
          ) : null}
          {hasExchange ? (
            <p className="muted return-note">The new size is kept for you from now on, at no cost.</p>
          ) : null}
          <div className="return-flow-actions">
            <button type="button" className="btn btn-primary" disabled={request.isPending} onClick={onSend}>
              {request.isPending ? 'Requesting...' : 'Request return'}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={request.isPending}
              onClick={() => setScreen('lines')}
            >
              Back
            </button>
          </div>
        </div>
      ) : null}

      {screen === 'done' && created ? (
        <div className="return-flow-form">
          <p className="return-number">
            Your return number is <strong>{created.ret.number}</strong>.
          </p>
          <h4 className="return-flow-sub">What happens next</h4>
          <ol className="return-next">
            <li>We check your request and arrange a pickup.</li>
            <li>Pack the pairs in their box; the courier collects them from your address.</li>
            {created.ret.lines.some((l) => l.kind === 'exchange') ? (
              <li>Your new size ships as soon as the old pair is picked up.</li>
            ) : null}
            {created.ret.refundAmount > 0 ? (
              <li>
                Once the pairs reach us and pass our check, {formatRupees(created.ret.refundAmount)} is refunded{' '}
                {refundWhere}.
              </li>
            ) : null}
          </ol>
          <p className="muted return-note">You can follow the return on this order.</p>
          <div className="return-flow-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
