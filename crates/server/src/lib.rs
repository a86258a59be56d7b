//! The `paduka` binary's library: configuration, wiring and demo data. It only assembles the
//! other crates; no business rule lives here.

pub mod changes;
pub mod cod_clock;
pub mod config;
pub mod demo;
pub mod security;
pub mod startup;
pub mod system;
pub mod telemetry;
pub mod whatsapp;
