//! The real clock and id generator.

use chrono::{DateTime, Utc};
use paduka_application::{Clock, IdGenerator};

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// UUID v7: unique, and sorted by creation time, which keeps indexes compact.
pub struct UuidV7Ids;

impl IdGenerator for UuidV7Ids {
    fn new_id(&self) -> String {
        uuid::Uuid::now_v7().to_string()
    }
}
