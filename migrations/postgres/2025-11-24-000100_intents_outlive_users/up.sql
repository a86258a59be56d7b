-- A checkout intent outlives its shopper's account, on PostgreSQL. Keep in step with ../../sqlite/ (see migrations/README.md).
-- Deleting an account used to delete its intents (ON DELETE CASCADE), so a payment captured
-- after that could no longer be found to refund. Now the intent stays, without its user.
ALTER TABLE checkout_intents ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE checkout_intents DROP CONSTRAINT checkout_intents_user_id_fkey;
ALTER TABLE checkout_intents ADD CONSTRAINT checkout_intents_user_id_fkey
    FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL;
