//! `GET /delivery/{pincode}` and `GET /delivery/states`.

pub mod check;
pub mod states;
