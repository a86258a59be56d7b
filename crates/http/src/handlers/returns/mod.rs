//! Returns and size exchanges (decisions D24): the shopper asks and may cancel before pickup;
//! the administrators move a return along and complete it, which refunds it once.

pub mod all;
pub mod approve;
pub mod cancel;
pub mod complete;
pub mod credit_note;
pub mod mine;
pub mod picked_up;
pub mod receive;
pub mod reject;
pub mod request;
