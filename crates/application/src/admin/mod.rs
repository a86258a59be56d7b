//! The administrators' overview: orders and revenue today and for the last 30 days, revenue
//! per India day, orders waiting to be confirmed, and products low on stock.

mod error;
mod ports;
mod service;

pub use error::AdminError;
pub use ports::*;
#[cfg(any(test, feature = "mock"))]
pub use service::MockAdminUseCases;
pub use service::{
    AdminService, AdminUseCases, DayStats, FitFlag, LOW_STOCK_LIMIT, LOW_STOCK_THRESHOLD, RTO_DAYS,
    STATS_DAYS, ShopStats, Totals,
};
