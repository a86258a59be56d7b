//! The one error type every handler returns, and how each service error maps to HTTP.
//!
//! 4xx answers carry a message written for the person who sent the request. A 500 says only
//! `Something went wrong`; its cause goes to the log, inside the request's span (which carries
//! the request id).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use paduka_application::accounts::{AuthError, RegistrationError, UserError};
use paduka_application::admin::AdminError;
use paduka_application::catalog::CatalogError;
use paduka_application::checkout::{CheckoutError, RefundState, Unfillable};
use paduka_application::cod::CodError;
use paduka_application::coupons::CouponError;
use paduka_application::credit::CreditError;
use paduka_application::orders::OrderError;
use paduka_application::returns::ReturnError;
use paduka_application::sales::SaleError;
use paduka_application::whatsapp::WhatsAppError;
use paduka_domain::InvalidInput;

use crate::dto::ErrorBody;

/// What a 500 tells the client.
pub const OPAQUE_MESSAGE: &str = "Something went wrong";

/// A refused or failed request. Displays its message (the cause, for `Unexpected`).
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the input breaks a rule or cannot be read.
    #[error("{0}")]
    BadRequest(String),
    /// 401: no token, or one we cannot accept.
    #[error("{0}")]
    Unauthorized(String),
    /// 403: signed in, but not allowed.
    #[error("{0}")]
    Forbidden(String),
    /// 404
    #[error("{0}")]
    NotFound(String),
    /// 409: the change would break a rule the data keeps.
    #[error("{0}")]
    Conflict(String),
    /// 409 after a payment that was refunded: the body adds `refunded: true`.
    #[error("{0}")]
    ConflictRefunded(String),
    /// 502: a service we depend on (the payment provider) failed.
    #[error("{0}")]
    BadGateway(String),
    /// 413
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 429
    #[error("{0}")]
    TooManyRequests(String),
    /// 500: a fault on our side. Shown as [`OPAQUE_MESSAGE`]; the cause is logged.
    #[error("{0:#}")]
    Unexpected(anyhow::Error),
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest(message.into())
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) | Self::ConflictRefunded(_) => StatusCode::CONFLICT,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unexpected(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The message safe to show to the client.
    pub fn public_message(&self) -> &str {
        match self {
            Self::BadRequest(m)
            | Self::Unauthorized(m)
            | Self::Forbidden(m)
            | Self::NotFound(m)
            | Self::Conflict(m)
            | Self::ConflictRefunded(m)
            | Self::BadGateway(m)
            | Self::PayloadTooLarge(m)
            | Self::TooManyRequests(m) => m,
            Self::Unexpected(_) => OPAQUE_MESSAGE,
        }
    }

    /// Logs the cause of a 500 (within the current request's span). Other errors are the
    /// client's, and the access log records their status already.
    pub(crate) fn log_if_unexpected(&self) {
        if let Self::Unexpected(cause) = self {
            tracing::error!(error.message = %format!("{cause:#}"), error.details = ?cause, "request failed");
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status()
    }

    fn error_response(&self) -> HttpResponse {
        self.log_if_unexpected();
        let body = ErrorBody::new(self.public_message());
        if matches!(self, Self::ConflictRefunded(_)) {
            return HttpResponse::build(self.status()).json(body.refunded());
        }
        HttpResponse::build(self.status()).json(body)
    }
}

impl From<InvalidInput> for ApiError {
    fn from(error: InvalidInput) -> Self {
        Self::BadRequest(error.message().to_owned())
    }
}

impl From<CatalogError> for ApiError {
    fn from(error: CatalogError) -> Self {
        match error {
            CatalogError::Invalid(invalid) => invalid.into(),
            CatalogError::ProductNotFound
            | CatalogError::CategoryNotFound
            | CatalogError::ImageNotFound
            | CatalogError::NoSizeChart => Self::NotFound(error.to_string()),
            CatalogError::Conflict(message) => Self::Conflict(message),
            CatalogError::TooLarge(message) => Self::PayloadTooLarge(message),
            CatalogError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<AdminError> for ApiError {
    fn from(error: AdminError) -> Self {
        match error {
            AdminError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<WhatsAppError> for ApiError {
    fn from(error: WhatsAppError) -> Self {
        match error {
            WhatsAppError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<CouponError> for ApiError {
    fn from(error: CouponError) -> Self {
        match error {
            CouponError::Invalid(invalid) => invalid.into(),
            CouponError::DuplicateCode => Self::Conflict(error.to_string()),
            CouponError::NotFound => Self::NotFound(error.to_string()),
            CouponError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<SaleError> for ApiError {
    fn from(error: SaleError) -> Self {
        match error {
            SaleError::Invalid(invalid) => invalid.into(),
            SaleError::NotFound => Self::NotFound(error.to_string()),
            SaleError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        match error {
            AuthError::Invalid(invalid) => invalid.into(),
            AuthError::InvalidCredentials | AuthError::MissingToken | AuthError::InvalidToken => {
                Self::Unauthorized(error.to_string())
            }
            AuthError::TooManyAttempts => Self::TooManyRequests(error.to_string()),
            AuthError::NotAdmin => Self::Forbidden(error.to_string()),
            AuthError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<RegistrationError> for ApiError {
    fn from(error: RegistrationError) -> Self {
        match error {
            RegistrationError::Invalid(invalid) => invalid.into(),
            RegistrationError::InvalidCode => Self::BadRequest(error.to_string()),
            RegistrationError::AlreadyRegistered => Self::Conflict(error.to_string()),
            RegistrationError::TooSoon | RegistrationError::TooManyAttempts => {
                Self::TooManyRequests(error.to_string())
            }
            RegistrationError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<UserError> for ApiError {
    fn from(error: UserError) -> Self {
        match error {
            UserError::Invalid(invalid) => invalid.into(),
            UserError::OwnRole | UserError::DeleteSelf => Self::BadRequest(error.to_string()),
            UserError::NotYourProfile | UserError::RoleChangeNotAllowed => {
                Self::Forbidden(error.to_string())
            }
            UserError::NotFound => Self::NotFound(error.to_string()),
            UserError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<CreditError> for ApiError {
    fn from(error: CreditError) -> Self {
        match error {
            CreditError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<CheckoutError> for ApiError {
    fn from(error: CheckoutError) -> Self {
        let message = error.to_string();
        match error {
            CheckoutError::Invalid(invalid) => invalid.into(),
            CheckoutError::InvalidAmount
            | CheckoutError::PaymentNotVerified
            | CheckoutError::InvalidWebhookSignature
            | CheckoutError::Coupon(_)
            | CheckoutError::CodUnavailable
            | CheckoutError::CodOffInArea => Self::BadRequest(message),
            CheckoutError::TooManyCodOrders => Self::Conflict(message),
            CheckoutError::AmountMismatch { .. } | CheckoutError::CannotFill(_) => {
                Self::Conflict(message)
            }
            CheckoutError::PaymentOrderNotFound => Self::NotFound(message),
            CheckoutError::Provider(cause) => {
                tracing::error!(error.message = %cause, "payment provider failed");
                Self::BadGateway(message)
            }
            CheckoutError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl ApiError {
    /// A paid cart that could not be filled: 409 with the reason, and `refunded: true` once
    /// the provider took the refund.
    pub fn unfilled(reason: &Unfillable, refund: &RefundState) -> Self {
        let message = reason.to_string();
        if refund.is_refunded() {
            Self::ConflictRefunded(message)
        } else {
            Self::Conflict(message)
        }
    }
}

impl From<OrderError> for ApiError {
    fn from(error: OrderError) -> Self {
        let message = error.to_string();
        match error {
            OrderError::Invalid(invalid) => invalid.into(),
            OrderError::NotFound | OrderError::NoInvoice | OrderError::NoCreditNote => {
                Self::NotFound(message)
            }
            OrderError::Forbidden => Self::Forbidden(message),
            OrderError::Delivered
            | OrderError::Cancelled
            | OrderError::Shipped
            | OrderError::NotShipped
            | OrderError::Replacement
            | OrderError::AlreadyPaid
            | OrderError::ReturnedToOrigin => Self::Conflict(message),
            OrderError::RefundFailed(cause) | OrderError::ReturnRefundFailed(cause) => {
                tracing::error!(error.message = %cause, "refund failed");
                Self::BadGateway(message)
            }
            OrderError::CourierUnavailable(cause) => {
                tracing::error!(error.message = %format!("{cause:#}"), "courier not answering");
                Self::BadGateway(message)
            }
            OrderError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<CodError> for ApiError {
    fn from(error: CodError) -> Self {
        let message = error.to_string();
        match error {
            CodError::InvalidLink => Self::NotFound(message),
            CodError::Refused(_) => Self::Conflict(message),
            CodError::Order(error) => error.into(),
            CodError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

impl From<ReturnError> for ApiError {
    fn from(error: ReturnError) -> Self {
        let message = error.to_string();
        match error {
            ReturnError::Invalid(invalid) => invalid.into(),
            ReturnError::Forbidden => Self::Forbidden(message),
            ReturnError::NotFound | ReturnError::OrderNotFound => Self::NotFound(message),
            ReturnError::Conflict(message) => Self::Conflict(message),
            ReturnError::RefundFailed(cause) => {
                tracing::error!(error.message = %cause, "return refund failed");
                Self::BadGateway(message)
            }
            ReturnError::CourierUnavailable(cause) => {
                tracing::error!(error.message = %format!("{cause:#}"), "courier not answering");
                Self::BadGateway(message)
            }
            ReturnError::Unexpected(cause) => Self::Unexpected(cause),
        }
    }
}

/// An extractor's error (JSON body, query, path, app data) as an `ApiError`. Our extractor
/// configs already produce `ApiError`s; anything else keeps its status, and its text when
/// that status is a client error.
impl From<actix_web::Error> for ApiError {
    fn from(error: actix_web::Error) -> Self {
        if let Some(api) = error.as_error::<ApiError>() {
            return match api {
                Self::BadRequest(m) => Self::BadRequest(m.clone()),
                Self::Unauthorized(m) => Self::Unauthorized(m.clone()),
                Self::Forbidden(m) => Self::Forbidden(m.clone()),
                Self::NotFound(m) => Self::NotFound(m.clone()),
                Self::Conflict(m) => Self::Conflict(m.clone()),
                Self::ConflictRefunded(m) => Self::ConflictRefunded(m.clone()),
                Self::BadGateway(m) => Self::BadGateway(m.clone()),
                Self::PayloadTooLarge(m) => Self::PayloadTooLarge(m.clone()),
                Self::TooManyRequests(m) => Self::TooManyRequests(m.clone()),
                Self::Unexpected(cause) => Self::Unexpected(anyhow::anyhow!("{cause:#}")),
            };
        }
        let status = error.as_response_error().status_code();
        let message = error.to_string();
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => Self::PayloadTooLarge(message),
            StatusCode::UNAUTHORIZED => Self::Unauthorized(message),
            StatusCode::FORBIDDEN => Self::Forbidden(message),
            StatusCode::NOT_FOUND => Self::NotFound(message),
            StatusCode::CONFLICT => Self::Conflict(message),
            StatusCode::TOO_MANY_REQUESTS => Self::TooManyRequests(message),
            s if s.is_client_error() => Self::BadRequest(message),
            _ => Self::Unexpected(anyhow::anyhow!(message)),
        }
    }
}

#[cfg(test)]
mod tests;
