-- WhatsApp messages about orders, on SQLite. Keep in step with ../../postgres/ (see migrations/README.md).
-- Decisions D37: the buyer's consent at checkout; every message kept (it is also the queue the
-- worker sends from: claim and lease in the row, so one instance sends each); button replies
-- recorded once per incoming message id.
ALTER TABLE orders ADD COLUMN whatsapp BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE whatsapp_messages (
    -- Our key.
    id              TEXT      NOT NULL CONSTRAINT whatsapp_messages_pkey PRIMARY KEY,
    order_id        TEXT      NOT NULL CONSTRAINT whatsapp_messages_order_id_fkey
                                       REFERENCES orders (id) ON DELETE CASCADE,
    -- The template's name: cod_confirm, cod_reminder, order_shipped, order_delivered.
    kind            TEXT      NOT NULL,
    -- E.164 digits (91 and 10 digits).
    recipient       TEXT      NOT NULL,
    -- The template's values, as decided: JSON {"body": [...], "buttons": [...]}.
    template        TEXT      NOT NULL,
    wa_message_id   TEXT      NULL CONSTRAINT whatsapp_messages_wa_message_id_key UNIQUE,
    -- queued, sent, delivered, read, failed.
    status          TEXT      NOT NULL,
    error           TEXT      NULL,
    attempts        INTEGER   NOT NULL,
    next_attempt_at TIMESTAMP NOT NULL,
    -- The worker holding it, until when.
    claim           TEXT      NULL,
    claimed_until   TIMESTAMP NULL,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
-- At most one message per order and kind, unless it failed.
CREATE UNIQUE INDEX whatsapp_messages_order_kind_key ON whatsapp_messages (order_id, kind)
    WHERE status <> 'failed';
CREATE INDEX whatsapp_messages_due_idx ON whatsapp_messages (status, next_attempt_at);

CREATE TABLE whatsapp_replies (
    -- WhatsApp's id of the incoming message.
    incoming_id TEXT      NOT NULL CONSTRAINT whatsapp_replies_pkey PRIMARY KEY,
    order_id    TEXT      NOT NULL CONSTRAINT whatsapp_replies_order_id_fkey
                                   REFERENCES orders (id) ON DELETE CASCADE,
    sender      TEXT      NOT NULL,
    -- confirm or cancel.
    answer      TEXT      NOT NULL,
    at          TIMESTAMP NOT NULL
);
CREATE INDEX whatsapp_replies_order_id_idx ON whatsapp_replies (order_id);
