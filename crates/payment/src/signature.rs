//! The signatures Razorpay uses, and the sandbox too: hex HMAC-SHA256, compared in constant
//! time.
//!
//! - checkout: `HMAC-SHA256(key = key secret, message = "{order_id}|{payment_id}")`
//! - webhook: `HMAC-SHA256(key = webhook secret, message = the raw request body)`

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

fn mac(secret: &[u8], message: &[u8]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
    mac.update(message);
    mac.finalize().into_bytes().into()
}

/// Hex (lower case) HMAC-SHA256 of `message` with `secret`.
pub fn sign(secret: &[u8], message: &[u8]) -> String {
    hex::encode(mac(secret, message))
}

/// Whether `signature` is the hex HMAC-SHA256 of `message` with `secret`. Either hex case is
/// accepted; the bytes are compared in constant time. An empty secret verifies nothing.
pub fn verify(secret: &[u8], message: &[u8], signature: &str) -> bool {
    if secret.is_empty() {
        return false;
    }
    let Ok(given) = hex::decode(signature.trim()) else {
        return false;
    };
    if given.len() != 32 {
        return false;
    }
    mac(secret, message).ct_eq(given.as_slice()).into()
}

/// What a checkout signature signs: `order_id|payment_id`.
pub fn checkout_message(order_id: &str, payment_id: &str) -> String {
    format!("{order_id}|{payment_id}")
}

/// The checkout signature the provider returns to the browser for this payment.
pub fn sign_checkout(key_secret: &[u8], order_id: &str, payment_id: &str) -> String {
    sign(
        key_secret,
        checkout_message(order_id, payment_id).as_bytes(),
    )
}

/// Whether `signature` is the checkout signature of `payment_id` against `order_id`.
pub fn verify_checkout(
    key_secret: &[u8],
    order_id: &str,
    payment_id: &str,
    signature: &str,
) -> bool {
    // The ids are joined with '|': one containing it could pass as another pair.
    if order_id.is_empty() || payment_id.is_empty() || order_id.contains('|') {
        return false;
    }
    verify(
        key_secret,
        checkout_message(order_id, payment_id).as_bytes(),
        signature,
    )
}

/// Whether `signature` (`X-Razorpay-Signature`) signs the raw webhook `body`.
pub fn verify_webhook(webhook_secret: &[u8], body: &[u8], signature: &str) -> bool {
    verify(webhook_secret, body, signature)
}
