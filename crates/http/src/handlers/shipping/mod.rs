//! Shipping (decisions D15): handing an order to a courier, its label, and recording what
//! the courier reported, by hand.

pub mod create;
pub mod event;
pub mod label;
pub mod webhook;
