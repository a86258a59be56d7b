//! WhatsApp's webhook (decisions D37): Meta's verify handshake, then signed deliveries of
//! message statuses and the buyers' button replies.

pub mod verify;
pub mod webhook;

/// What a POST without WhatsApp's signature is told (nothing else is read).
pub const WRONG_SIGNATURE: &str = "Invalid signature";

/// What a handshake with another verify token is told.
pub const WRONG_VERIFY_TOKEN: &str = "Invalid verify token";

/// A delivery over [`webhook::MAX_BODY_BYTES`].
pub const TOO_LARGE: &str = "The request body must be at most 1 MB";
