//! Orders: placing a paid cart, my orders, one order, every order (admin), status changes
//! (admin), cancellation and invoices.

pub mod all;
pub mod cancel;
pub mod cod;
pub mod get;
pub mod invoice;
pub mod mark_paid;
pub mod my_orders;
pub mod place;
pub mod update_status;
