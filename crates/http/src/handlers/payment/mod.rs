//! Payments: the cart's price each way of paying, opening a payment order, the offline sandbox's Pay button and page, and the
//! provider's webhook.

pub mod create;
pub mod quote;
pub mod sandbox_page;
pub mod sandbox_pay;
pub mod webhook;
