import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useCodAnswer, useCodLink } from '@/features/cod/api/cod-link';
import { errorMessage } from '@/lib/api-client';
import { formatRupees } from '@/lib/format';
import type { CodLink } from '@/types/api';
import { variantWords } from '@/utils/variants';
import '@/features/cod/components/cod-page.css';

/**
 * /cod/:token, the link of a cash-on-delivery order's mail (decisions D39): works without
 * signing in. Opening it changes nothing; only `Confirm order` and `Cancel order` do. Once the
 * order has shipped or was cancelled the page only says so, in the server's words.
 */
export function CodRoute() {
  const { token = '' } = useParams();
  const link = useCodLink(token);
  return (
    <div className="container page cod-page">
      <title>Your cash on delivery order · Paduka</title>
      <h1>Your cash on delivery order</h1>
      {link.isPending ? <Spinner label="Loading your order" /> : null}
      {link.isError ? (
        <p className="cod-message" role="alert">
          {errorMessage(link.error, 'Your order could not be loaded. Please try again.')}
        </p>
      ) : null}
      {link.data ? <CodOrder token={token} link={link.data} /> : null}
    </div>
  );
}

function CodOrder({ token, link }: { token: string; link: CodLink }) {
  const answer = useCodAnswer(token);
  const { order } = link;
  if (!link.answerable) {
    return (
      <>
        <p className="cod-id">Order {order._id}</p>
        <p className="cod-message" role="status">
          {link.message}
        </p>
      </>
    );
  }
  const confirmed = order.codConfirmation === 'confirmed';
  return (
    <>
      <p className="cod-id">Order {order._id}</p>
      <ul className="cod-lines" aria-label="Items">
        {order.products.map((line, i) => {
          const variant = variantWords(line.color, line.type);
          return (
            <li key={i}>
              {line.name}
              {variant ? ` · ${variant}` : ''} × {line.quantity}
            </li>
          );
        })}
      </ul>
      <p className="cod-amount">
        To pay on delivery: <strong>{formatRupees(order.amount)}</strong>
      </p>
      <p className="cod-message" role="status">
        {confirmed ? 'Thank you: your order is confirmed.' : 'Please confirm that you still want this order.'}
      </p>
      {answer.isError ? (
        <p className="cod-message is-error" role="alert">
          {errorMessage(answer.error, 'That did not go through. Please try again.')}
        </p>
      ) : null}
      <div className="cod-actions">
        {confirmed ? null : (
          <button
            type="button"
            className="btn btn-primary"
            disabled={answer.isPending}
            onClick={() => answer.mutate('confirm')}
          >
            Confirm order
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={answer.isPending}
          onClick={() => {
            if (window.confirm(`Cancel order ${order._id}?`)) answer.mutate('cancel');
          }}
        >
          Cancel order
        </button>
      </div>
    </>
  );
}
