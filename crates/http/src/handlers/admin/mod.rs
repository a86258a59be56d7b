//! The administrators' overview.

pub mod stats;
