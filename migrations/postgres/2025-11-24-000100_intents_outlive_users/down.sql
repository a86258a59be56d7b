-- Reverses up.sql on PostgreSQL. Intents whose account is gone cannot keep a NOT NULL user:
-- they go, with their lines, as the old ON DELETE CASCADE would have removed them.
DELETE FROM checkout_intents WHERE user_id IS NULL;
ALTER TABLE checkout_intents DROP CONSTRAINT checkout_intents_user_id_fkey;
ALTER TABLE checkout_intents ADD CONSTRAINT checkout_intents_user_id_fkey
    FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE;
ALTER TABLE checkout_intents ALTER COLUMN user_id SET NOT NULL;
