DROP TABLE whatsapp_replies;
DROP TABLE whatsapp_messages;
ALTER TABLE orders DROP COLUMN whatsapp;
