import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { AuthGuard } from '@/features/auth/components/auth-guard';
import { useDevOutbox, useTapReply } from '@/features/dev-outbox/api/outbox';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { OutboxMail, OutboxMessage } from '@/types/api';
import { NotFoundRoute } from './not-found';
import '@/features/dev-outbox/components/outbox.css';

const STATUS_BADGE: Record<string, string> = {
  queued: 'badge-neutral',
  sent: 'badge',
  delivered: 'badge-success',
  read: 'badge-success',
  failed: 'badge-danger',
};

/**
 * /dev/outbox (decisions D45): what the shop would have mailed and sent on WhatsApp, for an
 * admin trying it on a laptop (`just run` sets `DEV_OUTBOX`). A message's `Confirm` / `Cancel`
 * act as the buyer's own reply. A shop without the setting has no such page.
 */
export function DevOutboxRoute() {
  return (
    <AuthGuard area="admin">
      <DevOutbox />
    </AuthGuard>
  );
}

function DevOutbox() {
  const outbox = useDevOutbox();
  if (outbox.error instanceof ApiError && outbox.error.status === 404) return <NotFoundRoute />;
  return (
    <div className="container page outbox-page">
      <title>Outbox · Paduka</title>
      <h1>Outbox</h1>
      <p className="outbox-lead">
        What the shop would have sent: it has no mail server or WhatsApp account yet. A button tapped here is the
        buyer&apos;s own reply.
      </p>
      {outbox.isPending ? <Spinner label="Loading the outbox" /> : null}
      {outbox.isError ? (
        <p className="notice notice-danger" role="alert">
          {errorMessage(outbox.error, 'The outbox could not be loaded.')}
        </p>
      ) : null}
      {outbox.data ? (
        <div className="outbox-columns">
          <section aria-labelledby="outbox-whatsapp">
            <h2 id="outbox-whatsapp" className="h4">
              WhatsApp
            </h2>
            {outbox.data.messages.length === 0 ? <p className="notice">No WhatsApp messages yet.</p> : null}
            <ul className="outbox-list">
              {outbox.data.messages.map((message) => (
                <Message key={message.id} message={message} />
              ))}
            </ul>
          </section>
          <section aria-labelledby="outbox-mail">
            <h2 id="outbox-mail" className="h4">
              Mail
            </h2>
            {outbox.data.mails.length === 0 ? <p className="notice">No mails yet.</p> : null}
            <ul className="outbox-list">
              {outbox.data.mails.map((mail) => (
                <Mail key={mail.id} mail={mail} />
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </div>
  );
}

function Message({ message }: { message: OutboxMessage }) {
  const tap = useTapReply();
  return (
    <li className="outbox-message" aria-label={`WhatsApp ${message.kind} to +${message.to}`}>
      <div className="outbox-meta">
        <span>To +{message.to}</span>
        <span>{message.kind}</span>
        <span className={`badge ${STATUS_BADGE[message.status] ?? ''}`}>{message.status}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </div>
      <p className="outbox-text">{message.text}</p>
      {message.error ? <p className="outbox-meta">{message.error}</p> : null}
      {message.buttons.length > 0 ? (
        <div className="outbox-buttons">
          {message.buttons.map((button) =>
            button.payload ? (
              <button
                key={button.title}
                type="button"
                className="btn btn-secondary"
                disabled={tap.isPending}
                onClick={() => tap.mutate({ messageId: message.id, payload: button.payload ?? '' })}
              >
                {button.title}
              </button>
            ) : (
              <Link key={button.title} className="btn btn-secondary" to={button.path ?? '/'}>
                {button.title}
              </Link>
            ),
          )}
        </div>
      ) : null}
      {tap.isSuccess ? (
        <p className="outbox-meta" role="status">
          {tap.data.message}
        </p>
      ) : null}
      {tap.isError ? (
        <p className="outbox-meta" role="alert">
          {errorMessage(tap.error, 'That did not go through.')}
        </p>
      ) : null}
    </li>
  );
}

function Mail({ mail }: { mail: OutboxMail }) {
  return (
    <li className="outbox-mail">
      <details>
        <summary>
          <strong>{mail.subject}</strong>
          <span className="outbox-meta">
            To {mail.to} · <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time>
          </span>
        </summary>
        <pre>{mail.text}</pre>
        {mail.attachments.length > 0 ? <p className="outbox-files">Attached: {mail.attachments.join(', ')}</p> : null}
      </details>
    </li>
  );
}
