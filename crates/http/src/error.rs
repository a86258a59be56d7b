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
use paduka_application::coupons::CouponError;
use paduka_application::orders::OrderError;
use paduka_application::sales::SaleError;
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
            | CatalogError::ImageNotFound => Self::NotFound(error.to_string()),
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

impl From<CheckoutError> for ApiError {
    fn from(error: CheckoutError) -> Self {
        let message = error.to_string();
        match error {
            CheckoutError::Invalid(invalid) => invalid.into(),
            CheckoutError::InvalidAmount
            | CheckoutError::PaymentNotVerified
            | CheckoutError::InvalidWebhookSignature
            | CheckoutError::Coupon(_)
            | CheckoutError::CodUnavailable => Self::BadRequest(message),
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
            OrderError::NotFound | OrderError::NoInvoice => Self::NotFound(message),
            OrderError::Forbidden => Self::Forbidden(message),
            OrderError::Delivered
            | OrderError::Cancelled
            | OrderError::Shipped
            | OrderError::NotShipped
            | OrderError::AlreadyPaid => Self::Conflict(message),
            OrderError::RefundFailed(cause) => {
                tracing::error!(error.message = %cause, "refund failed");
                Self::BadGateway(message)
            }
            OrderError::Unexpected(cause) => Self::Unexpected(cause),
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
mod tests {
    use actix_web::body::to_bytes;
    use paduka_domain::coupon::CouponRefusal;
    use serde_json::{Value, json};

    use super::*;

    async fn reply(error: impl Into<ApiError>) -> (StatusCode, Value) {
        let response = error.into().error_response();
        let status = response.status();
        let bytes = to_bytes(response.into_body()).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    fn body(message: &str) -> Value {
        json!({"success": false, "message": message})
    }

    #[actix_web::test]
    async fn catalog_errors_map_to_their_status_and_message() {
        let cases: Vec<(CatalogError, StatusCode, &str)> = vec![
            (
                CatalogError::Invalid(InvalidInput::new("Name is required")),
                StatusCode::BAD_REQUEST,
                "Name is required",
            ),
            (
                CatalogError::ProductNotFound,
                StatusCode::NOT_FOUND,
                "Product not found",
            ),
            (
                CatalogError::CategoryNotFound,
                StatusCode::NOT_FOUND,
                "Category not found",
            ),
            (
                CatalogError::ImageNotFound,
                StatusCode::NOT_FOUND,
                "Image not found",
            ),
            (
                CatalogError::Conflict("Category already exists".into()),
                StatusCode::CONFLICT,
                "Category already exists",
            ),
            (
                CatalogError::TooLarge("Photo must be at most 20 MB".into()),
                StatusCode::PAYLOAD_TOO_LARGE,
                "Photo must be at most 20 MB",
            ),
            (
                CatalogError::Unexpected(anyhow::anyhow!("database is locked")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[actix_web::test]
    async fn sale_errors_map_to_their_status_and_message() {
        let invalid = SaleError::Invalid(InvalidInput::new("Fill all details"));
        assert_eq!(
            reply(invalid).await,
            (StatusCode::BAD_REQUEST, body("Fill all details"))
        );
        assert_eq!(
            reply(SaleError::NotFound).await,
            (StatusCode::NOT_FOUND, body("Sale not found"))
        );
        let broken = SaleError::Unexpected(anyhow::anyhow!("disk full"));
        assert_eq!(
            reply(broken).await,
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                body("Something went wrong")
            )
        );
    }

    #[actix_web::test]
    async fn auth_errors_map_to_their_status_and_message() {
        let cases: Vec<(AuthError, StatusCode, &str)> = vec![
            (
                AuthError::Invalid(InvalidInput::new("Enter a valid email address")),
                StatusCode::BAD_REQUEST,
                "Enter a valid email address",
            ),
            (
                AuthError::InvalidCredentials,
                StatusCode::UNAUTHORIZED,
                "Invalid email or password",
            ),
            (
                AuthError::MissingToken,
                StatusCode::UNAUTHORIZED,
                "Please login to continue",
            ),
            (
                AuthError::InvalidToken,
                StatusCode::UNAUTHORIZED,
                "Your session has expired or is invalid, please login again",
            ),
            (
                AuthError::NotAdmin,
                StatusCode::FORBIDDEN,
                "Admin access required",
            ),
            (
                AuthError::TooManyAttempts,
                StatusCode::TOO_MANY_REQUESTS,
                "Too many attempts, please try again later",
            ),
            (
                AuthError::Unexpected(anyhow::anyhow!("bcrypt failed")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[actix_web::test]
    async fn registration_errors_map_to_their_status_and_message() {
        let cases: Vec<(RegistrationError, StatusCode, &str)> = vec![
            (
                RegistrationError::Invalid(InvalidInput::new("Phone must be 10 digits")),
                StatusCode::BAD_REQUEST,
                "Phone must be 10 digits",
            ),
            (
                RegistrationError::AlreadyRegistered,
                StatusCode::CONFLICT,
                "Already registered, please login",
            ),
            (
                RegistrationError::InvalidCode,
                StatusCode::BAD_REQUEST,
                "Invalid or expired OTP",
            ),
            (
                RegistrationError::TooSoon,
                StatusCode::TOO_MANY_REQUESTS,
                "Please wait 30 seconds before asking for another code",
            ),
            (
                RegistrationError::TooManyAttempts,
                StatusCode::TOO_MANY_REQUESTS,
                "Too many attempts, please try again later",
            ),
            (
                RegistrationError::Unexpected(anyhow::anyhow!("SMTP refused")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[actix_web::test]
    async fn user_errors_map_to_their_status_and_message() {
        let cases: Vec<(UserError, StatusCode, &str)> = vec![
            (
                UserError::Invalid(InvalidInput::new("Name is required")),
                StatusCode::BAD_REQUEST,
                "Name is required",
            ),
            (UserError::NotFound, StatusCode::NOT_FOUND, "User not found"),
            (
                UserError::NotYourProfile,
                StatusCode::FORBIDDEN,
                "You can only update your own profile",
            ),
            (
                UserError::RoleChangeNotAllowed,
                StatusCode::FORBIDDEN,
                "Only an admin can change roles",
            ),
            (
                UserError::OwnRole,
                StatusCode::BAD_REQUEST,
                "You cannot change your own role",
            ),
            (
                UserError::DeleteSelf,
                StatusCode::BAD_REQUEST,
                "You cannot delete yourself",
            ),
            (
                UserError::Unexpected(anyhow::anyhow!("disk full")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[actix_web::test]
    async fn checkout_errors_map_to_their_status_message_and_refund_flag() {
        use paduka_application::checkout::PaymentError;
        let cases: Vec<(CheckoutError, StatusCode, Value)> = vec![
            (
                CheckoutError::Invalid(InvalidInput::new("Please enter your address")),
                StatusCode::BAD_REQUEST,
                body("Please enter your address"),
            ),
            (
                CheckoutError::InvalidAmount,
                StatusCode::BAD_REQUEST,
                body("Please enter a valid amount"),
            ),
            (
                CheckoutError::PaymentNotVerified,
                StatusCode::BAD_REQUEST,
                body("Payment verification failed"),
            ),
            (
                CheckoutError::AmountMismatch {
                    cart_rupees: 10,
                    given_rupees: 11,
                },
                StatusCode::CONFLICT,
                body("Amount does not match your cart"),
            ),
            (
                CheckoutError::CannotFill(Unfillable::OutOfStock {
                    name: "Runner".into(),
                    size: None,
                    left: 2,
                }),
                StatusCode::CONFLICT,
                body("Only 2 left of Runner"),
            ),
            (
                CheckoutError::CannotFill(Unfillable::OutOfStock {
                    name: "Runner".into(),
                    size: Some("UK 9".into()),
                    left: 1,
                }),
                StatusCode::CONFLICT,
                body("Only 1 left of Runner (UK 9)"),
            ),
            (
                CheckoutError::Coupon(CouponRefusal::MinimumOrder(500)),
                StatusCode::BAD_REQUEST,
                body("Minimum order for this coupon is ₹500"),
            ),
            (
                CheckoutError::PaymentOrderNotFound,
                StatusCode::NOT_FOUND,
                body("Payment order not found"),
            ),
            (
                CheckoutError::Provider(PaymentError::Unavailable("timeout".into())),
                StatusCode::BAD_GATEWAY,
                body("Payment service unavailable, please try again"),
            ),
            (
                CheckoutError::Unexpected(anyhow::anyhow!("disk full")),
                StatusCode::INTERNAL_SERVER_ERROR,
                body("Something went wrong"),
            ),
        ];
        for (error, status, expected) in cases {
            assert_eq!(reply(error).await, (status, expected));
        }
    }

    #[actix_web::test]
    async fn an_unfilled_paid_order_says_whether_its_payment_was_refunded() {
        use paduka_application::checkout::PaymentError;
        let stock = Unfillable::OutOfStock {
            name: "Runner".into(),
            size: None,
            left: 0,
        };
        assert_eq!(
            reply(ApiError::unfilled(&stock, &RefundState::Refunded)).await,
            (
                StatusCode::CONFLICT,
                json!({"success": false, "message": "Only 0 left of Runner", "refunded": true})
            )
        );
        let pending = RefundState::Pending(PaymentError::Unavailable("timeout".into()));
        assert_eq!(
            reply(ApiError::unfilled(
                &Unfillable::PriceChanged {
                    paid_rupees: 10,
                    cart_rupees: 9
                },
                &pending
            ))
            .await,
            (
                StatusCode::CONFLICT,
                body("Prices have changed since you paid")
            )
        );
    }

    #[actix_web::test]
    async fn order_errors_map_to_their_status_and_message() {
        let cases: Vec<(OrderError, StatusCode, &str)> = vec![
            (
                OrderError::NotFound,
                StatusCode::NOT_FOUND,
                "Order not found",
            ),
            (
                OrderError::Forbidden,
                StatusCode::FORBIDDEN,
                "You can only access your own orders",
            ),
            (
                OrderError::Delivered,
                StatusCode::CONFLICT,
                "Order Delivered",
            ),
            (
                OrderError::Cancelled,
                StatusCode::CONFLICT,
                "Order Cancelled",
            ),
            (
                OrderError::Shipped,
                StatusCode::CONFLICT,
                "Order has shipped",
            ),
            (
                OrderError::NotShipped,
                StatusCode::CONFLICT,
                "Order has not shipped",
            ),
            (
                OrderError::Unexpected(anyhow::anyhow!("disk full")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[actix_web::test]
    async fn every_api_error_has_its_own_status_and_a_500_hides_its_cause() {
        let cases = [
            (ApiError::bad_request("bad"), StatusCode::BAD_REQUEST, "bad"),
            (
                ApiError::Unauthorized("who".into()),
                StatusCode::UNAUTHORIZED,
                "who",
            ),
            (
                ApiError::Forbidden("no".into()),
                StatusCode::FORBIDDEN,
                "no",
            ),
            (
                ApiError::NotFound("gone".into()),
                StatusCode::NOT_FOUND,
                "gone",
            ),
            (
                ApiError::Conflict("taken".into()),
                StatusCode::CONFLICT,
                "taken",
            ),
            (
                ApiError::PayloadTooLarge("big".into()),
                StatusCode::PAYLOAD_TOO_LARGE,
                "big",
            ),
            (
                ApiError::TooManyRequests("slow".into()),
                StatusCode::TOO_MANY_REQUESTS,
                "slow",
            ),
            (
                ApiError::Unexpected(anyhow::anyhow!("secret: password=hunter2")),
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
            ),
        ];
        for (error, status, message) in cases {
            assert_eq!(reply(error).await, (status, body(message)));
        }
    }

    #[test]
    fn the_log_sees_the_whole_cause_chain() {
        let cause = anyhow::anyhow!("connection refused").context("loading the product");
        let error = ApiError::from(CatalogError::Unexpected(cause));
        assert_eq!(error.to_string(), "loading the product: connection refused");
        assert_eq!(error.public_message(), "Something went wrong");
    }

    #[test]
    fn extractor_errors_keep_our_message_or_their_client_status() {
        let ours: actix_web::Error = ApiError::PayloadTooLarge("too big".into()).into();
        let back = ApiError::from(ours);
        assert!(matches!(&back, ApiError::PayloadTooLarge(m) if m == "too big"));

        let theirs = actix_web::error::ErrorBadRequest("cannot parse");
        assert!(matches!(ApiError::from(theirs), ApiError::BadRequest(m) if m == "cannot parse"));
        let server_side = actix_web::error::ErrorInternalServerError("app data missing");
        assert_eq!(
            ApiError::from(server_side).public_message(),
            "Something went wrong"
        );
    }
}
