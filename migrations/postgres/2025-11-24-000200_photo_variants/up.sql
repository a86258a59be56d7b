-- Sized variants of product photos, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Made on the first request for a width and format, kept here so that every instance serves
-- the same bytes. A row belongs to the photo it was made from: replacing or deleting the photo
-- deletes its variants. No bytes (all three NULL) means the photo itself serves that width,
-- because encoding would not have made it smaller.
CREATE TABLE photo_variants (
    product_id   TEXT      NOT NULL CONSTRAINT photo_variants_product_id_fkey REFERENCES product_photos (product_id) ON DELETE CASCADE,
    width        INTEGER   NOT NULL CONSTRAINT photo_variants_width_check CHECK (width IN (240, 480, 960, 1600)),
    format       TEXT      NOT NULL CONSTRAINT photo_variants_format_check CHECK (format IN ('webp', 'original')),
    photo_sha256 TEXT      NOT NULL,
    content_type TEXT,
    bytes        BYTEA,
    sha256       TEXT,
    created_at   TIMESTAMP NOT NULL,
    CONSTRAINT photo_variants_pkey PRIMARY KEY (product_id, width, format),
    CONSTRAINT photo_variants_bytes_check CHECK ((content_type IS NULL AND bytes IS NULL AND sha256 IS NULL)
        OR (content_type IS NOT NULL AND bytes IS NOT NULL AND sha256 IS NOT NULL))
);
