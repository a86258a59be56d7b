//! Paduka's business rules: entities, value objects, pricing and validation.
//!
//! Nothing here performs I/O. Every constructor that takes outside input checks it and
//! returns [`InvalidInput`] with a message that is safe to show to the person who sent it.

pub mod catalog;
pub mod contact;
pub mod coupon;
pub mod credit;
pub mod delivery;
pub mod error;
pub mod gst;
pub mod ids;
pub mod invoice;
pub mod money;
pub mod net;
pub mod order;
pub mod photo;
pub mod returns;
pub mod review;
pub mod sale;
pub mod state;
pub mod text;
pub mod user;
pub mod whatsapp;
pub mod words;

pub use error::InvalidInput;
pub use ids::*;
pub use money::{Paise, Percent};
pub use state::State;
