//! `GET /delivery/{pincode}`.

pub mod check;
