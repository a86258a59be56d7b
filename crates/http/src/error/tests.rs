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
            OrderError::Replacement,
            StatusCode::CONFLICT,
            "Replacement orders cannot be cancelled",
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
