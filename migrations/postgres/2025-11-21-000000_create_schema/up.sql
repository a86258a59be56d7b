-- Paduka's schema on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Ids are TEXT (UUID v7), times are TIMESTAMP holding UTC, money is BIGINT paise.

CREATE TABLE users (
    id            TEXT      NOT NULL PRIMARY KEY,
    name          TEXT      NOT NULL,
    -- Stored lower-case, so plain equality is a case-insensitive match.
    email         TEXT      NOT NULL CONSTRAINT users_email_key UNIQUE,
    phone         TEXT      NOT NULL,
    address       TEXT      NOT NULL,
    role          INTEGER   NOT NULL DEFAULT 0 CONSTRAINT users_role_check CHECK (role IN (0, 1)),
    password_hash TEXT      NOT NULL,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX users_role_name_idx ON users (role, name);

CREATE TABLE categories (
    id         TEXT      NOT NULL PRIMARY KEY,
    name       TEXT      NOT NULL,
    -- The lower-cased name: names are unique ignoring case.
    name_key   TEXT      NOT NULL CONSTRAINT categories_name_key_key UNIQUE,
    image      TEXT      NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);

CREATE TABLE products (
    id           TEXT      NOT NULL PRIMARY KEY,
    product_code TEXT      NOT NULL CONSTRAINT products_product_code_key UNIQUE,
    name         TEXT      NOT NULL,
    info         TEXT      NOT NULL DEFAULT '',
    material     TEXT      NOT NULL DEFAULT '',
    seller_id    TEXT      CONSTRAINT products_seller_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    category_id  TEXT      NOT NULL CONSTRAINT products_category_id_fkey REFERENCES categories (id) ON DELETE RESTRICT,
    quantity     INTEGER   NOT NULL DEFAULT 0 CONSTRAINT products_quantity_check CHECK (quantity >= 0),
    shipping     BOOLEAN   NOT NULL DEFAULT TRUE,
    rating_total INTEGER   NOT NULL DEFAULT 0 CONSTRAINT products_rating_total_check CHECK (rating_total >= 0),
    review_count INTEGER   NOT NULL DEFAULT 0 CONSTRAINT products_review_count_check CHECK (review_count >= 0),
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);
CREATE INDEX products_updated_at_idx ON products (updated_at, id);
CREATE INDEX products_category_id_idx ON products (category_id, updated_at);
CREATE INDEX products_seller_id_idx ON products (seller_id);

CREATE TABLE product_variants (
    product_id  TEXT    NOT NULL CONSTRAINT product_variants_product_id_fkey REFERENCES products (id) ON DELETE CASCADE,
    position    INTEGER NOT NULL CONSTRAINT product_variants_position_check CHECK (position >= 0),
    label       TEXT,
    model       TEXT,
    price_paise BIGINT  NOT NULL CONSTRAINT product_variants_price_paise_check CHECK (price_paise >= 0),
    discount    INTEGER NOT NULL DEFAULT 0 CONSTRAINT product_variants_discount_check CHECK (discount BETWEEN 0 AND 100),
    CONSTRAINT product_variants_pkey PRIMARY KEY (product_id, position)
);

-- The product's lists (descriptions, specifications, tags, other photos), one row an entry.
CREATE TABLE product_details (
    product_id TEXT    NOT NULL CONSTRAINT product_details_product_id_fkey REFERENCES products (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL CONSTRAINT product_details_kind_check
                       CHECK (kind IN ('description', 'specification', 'tag', 'other_photo')),
    position   INTEGER NOT NULL CONSTRAINT product_details_position_check CHECK (position >= 0),
    value      TEXT    NOT NULL,
    CONSTRAINT product_details_pkey PRIMARY KEY (product_id, kind, position)
);

CREATE TABLE product_photos (
    product_id   TEXT      NOT NULL PRIMARY KEY CONSTRAINT product_photos_product_id_fkey REFERENCES products (id) ON DELETE CASCADE,
    content_type TEXT      NOT NULL,
    bytes        BYTEA     NOT NULL,
    sha256       TEXT      NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);

-- Pictures we serve ourselves at /api/v1/media/{id} (gallery and category images).
CREATE TABLE images (
    id           TEXT      NOT NULL PRIMARY KEY,
    content_type TEXT      NOT NULL,
    bytes        BYTEA     NOT NULL,
    sha256       TEXT      NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE reviews (
    id         TEXT      NOT NULL PRIMARY KEY,
    product_id TEXT      NOT NULL CONSTRAINT reviews_product_id_fkey REFERENCES products (id) ON DELETE CASCADE,
    user_id    TEXT      CONSTRAINT reviews_user_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    -- The reviewer's name when they last wrote, shown once their account is gone.
    user_name  TEXT      NOT NULL,
    rating     INTEGER   NOT NULL CONSTRAINT reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
    comment    TEXT      NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CONSTRAINT reviews_product_id_user_id_key UNIQUE (product_id, user_id)
);
CREATE INDEX reviews_product_id_updated_at_idx ON reviews (product_id, updated_at);
CREATE INDEX reviews_user_id_idx ON reviews (user_id);

CREATE TABLE sales (
    id         TEXT      NOT NULL PRIMARY KEY,
    name       TEXT      NOT NULL,
    starts_at  TIMESTAMP NOT NULL,
    ends_at    TIMESTAMP NOT NULL,
    discount   INTEGER   NOT NULL CONSTRAINT sales_discount_check CHECK (discount BETWEEN 0 AND 100),
    created_at TIMESTAMP NOT NULL,
    CONSTRAINT sales_check CHECK (ends_at > starts_at)
);
CREATE INDEX sales_starts_at_idx ON sales (starts_at);

CREATE TABLE orders (
    id                TEXT      NOT NULL PRIMARY KEY,
    user_id           TEXT      CONSTRAINT orders_user_id_fkey REFERENCES users (id) ON DELETE SET NULL,
    -- The buyer's name at the time of the order, shown once their account is gone.
    user_name         TEXT      NOT NULL,
    address           TEXT      NOT NULL,
    pincode           TEXT      NOT NULL,
    amount_rupees     BIGINT    NOT NULL CONSTRAINT orders_amount_rupees_check CHECK (amount_rupees >= 0),
    -- One order per payment: the browser's call and the webhook race on this.
    payment_id        TEXT      NOT NULL CONSTRAINT orders_payment_id_key UNIQUE,
    provider_order_id TEXT      NOT NULL,
    status            TEXT      NOT NULL CONSTRAINT orders_status_check
                                CHECK (status IN ('Pending', 'Confirmed', 'Delivered', 'Cancelled')),
    refund_id         TEXT,
    refund_status     TEXT,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);
CREATE INDEX orders_user_id_created_at_idx ON orders (user_id, created_at);
CREATE INDEX orders_created_at_idx ON orders (created_at);
CREATE INDEX orders_status_idx ON orders (status);

-- What was bought, as a snapshot: no reference to products, so a deleted product's orders stay.
CREATE TABLE order_lines (
    order_id         TEXT    NOT NULL CONSTRAINT order_lines_order_id_fkey REFERENCES orders (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL CONSTRAINT order_lines_position_check CHECK (position >= 0),
    product_id       TEXT    NOT NULL,
    name             TEXT    NOT NULL,
    category_name    TEXT    NOT NULL,
    variant_index    INTEGER NOT NULL CONSTRAINT order_lines_variant_index_check CHECK (variant_index >= 0),
    variant_label    TEXT,
    unit_price_paise BIGINT  NOT NULL CONSTRAINT order_lines_unit_price_paise_check CHECK (unit_price_paise >= 0),
    discount         INTEGER NOT NULL CONSTRAINT order_lines_discount_check CHECK (discount BETWEEN 0 AND 100),
    quantity         INTEGER NOT NULL CONSTRAINT order_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT order_lines_pkey PRIMARY KEY (order_id, position)
);
CREATE INDEX order_lines_product_id_idx ON order_lines (product_id);

-- Each status an order took, and who set it (no reference: the history outlives accounts).
CREATE TABLE order_events (
    order_id TEXT      NOT NULL CONSTRAINT order_events_order_id_fkey REFERENCES orders (id) ON DELETE CASCADE,
    position INTEGER   NOT NULL CONSTRAINT order_events_position_check CHECK (position >= 0),
    status   TEXT      NOT NULL CONSTRAINT order_events_status_check
                       CHECK (status IN ('Pending', 'Confirmed', 'Delivered', 'Cancelled')),
    actor_id TEXT,
    at       TIMESTAMP NOT NULL,
    CONSTRAINT order_events_pkey PRIMARY KEY (order_id, position)
);

-- A priced cart waiting for its payment, keyed by the payment provider's order id.
CREATE TABLE checkout_intents (
    provider_order_id TEXT      NOT NULL PRIMARY KEY,
    receipt           TEXT      NOT NULL CONSTRAINT checkout_intents_receipt_key UNIQUE,
    user_id           TEXT      NOT NULL CONSTRAINT checkout_intents_user_id_fkey REFERENCES users (id) ON DELETE CASCADE,
    amount_rupees     BIGINT    NOT NULL CONSTRAINT checkout_intents_amount_rupees_check CHECK (amount_rupees >= 0),
    address           TEXT      NOT NULL,
    pincode           TEXT      NOT NULL,
    created_at        TIMESTAMP NOT NULL
);
CREATE INDEX checkout_intents_user_id_idx ON checkout_intents (user_id);

CREATE TABLE checkout_intent_lines (
    provider_order_id TEXT    NOT NULL CONSTRAINT checkout_intent_lines_provider_order_id_fkey
                              REFERENCES checkout_intents (provider_order_id) ON DELETE CASCADE,
    position          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_position_check CHECK (position >= 0),
    product_id        TEXT    NOT NULL,
    variant_index     INTEGER NOT NULL CONSTRAINT checkout_intent_lines_variant_index_check CHECK (variant_index >= 0),
    quantity          INTEGER NOT NULL CONSTRAINT checkout_intent_lines_quantity_check CHECK (quantity > 0),
    CONSTRAINT checkout_intent_lines_pkey PRIMARY KEY (provider_order_id, position)
);

-- Payment webhooks already handled, by the provider's event id.
CREATE TABLE payment_events (
    event_id    TEXT      NOT NULL PRIMARY KEY,
    received_at TIMESTAMP NOT NULL
);

-- Pending registrations and password resets: one live code per purpose and e-mail.
CREATE TABLE one_time_codes (
    purpose       TEXT      NOT NULL CONSTRAINT one_time_codes_purpose_check CHECK (purpose IN ('register', 'reset')),
    email         TEXT      NOT NULL,
    code_hash     TEXT      NOT NULL,
    attempts      INTEGER   NOT NULL DEFAULT 0 CONSTRAINT one_time_codes_attempts_check CHECK (attempts >= 0),
    expires_at    TIMESTAMP NOT NULL,
    last_sent_at  TIMESTAMP NOT NULL,
    -- A pending registration's details, kept until the code is confirmed.
    name          TEXT,
    phone         TEXT,
    address       TEXT,
    password_hash TEXT,
    CONSTRAINT one_time_codes_pkey PRIMARY KEY (purpose, email)
);
