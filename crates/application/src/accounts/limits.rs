//! Rate limits on sign-in, registration and password-reset requests, per e-mail and per
//! client address, counted through the [`Throttle`] port.

use std::sync::Arc;

use chrono::Duration;

use super::ports::{Limit, Throttle};

/// How many attempts each e-mail and each client address may make per window and action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub per_email: u32,
    pub per_address: u32,
    pub window: Duration,
}

impl Default for RateLimits {
    /// 10 per e-mail and 50 per address in 15 minutes.
    fn default() -> Self {
        Self {
            per_email: 10,
            per_address: 50,
            window: Duration::minutes(15),
        }
    }
}

/// What is being limited; each action counts apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Failed sign-ins only.
    Login,
    Register,
    ForgotPassword,
}

impl Action {
    fn as_str(self) -> &'static str {
        match self {
            Self::Login => "login",
            Self::Register => "register",
            Self::ForgotPassword => "forgot-password",
        }
    }
}

/// The key an action's attempts are counted under for an e-mail (as typed, trimmed and
/// lower-cased) and for a client address.
pub fn throttle_keys(action: Action, email: &str, client: &str) -> (String, String) {
    let action = action.as_str();
    (
        format!("{action}|email|{}", email.trim().to_lowercase()),
        format!("{action}|address|{client}"),
    )
}

/// The limits applied through a throttle.
#[derive(Clone)]
pub struct RateLimiter {
    throttle: Arc<dyn Throttle>,
    limits: RateLimits,
}

impl RateLimiter {
    pub fn new(throttle: Arc<dyn Throttle>, limits: RateLimits) -> Self {
        Self { throttle, limits }
    }

    fn limits(&self) -> (Limit, Limit) {
        (
            Limit {
                max: self.limits.per_email,
                window: self.limits.window,
            },
            Limit {
                max: self.limits.per_address,
                window: self.limits.window,
            },
        )
    }

    /// Whether both the e-mail and the client may try again. Counts nothing.
    pub async fn allows(&self, action: Action, email: &str, client: &str) -> bool {
        let (email_key, address_key) = throttle_keys(action, email, client);
        let (per_email, per_address) = self.limits();
        self.throttle.allows(&email_key, per_email).await
            && self.throttle.allows(&address_key, per_address).await
    }

    /// Counts one attempt against both the e-mail and the client.
    pub async fn record(&self, action: Action, email: &str, client: &str) {
        let (email_key, address_key) = throttle_keys(action, email, client);
        let (per_email, per_address) = self.limits();
        self.throttle.record(&email_key, per_email).await;
        self.throttle.record(&address_key, per_address).await;
    }

    /// Counts one attempt when both the e-mail and the client are within their limits, and
    /// says whether they were.
    pub async fn attempt(&self, action: Action, email: &str, client: &str) -> bool {
        let (email_key, address_key) = throttle_keys(action, email, client);
        let (per_email, per_address) = self.limits();
        self.throttle.attempt(&address_key, per_address).await
            && self.throttle.attempt(&email_key, per_email).await
    }
}
