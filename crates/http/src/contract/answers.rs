//! The error answers operations list by name, each written once: its status and its
//! description, which quotes the message the server sends from where that message is defined
//! when it is one message.

use std::collections::BTreeMap;

use paduka_application::accounts::{AuthError, RegistrationError, UserError};
use paduka_application::catalog::CatalogError;
use paduka_application::checkout::{CheckoutError, Unfillable};
use paduka_application::cod::CodError;
use paduka_application::coupons::CouponError;
use paduka_application::orders::OrderError;
use paduka_application::returns::ReturnError;
use paduka_application::sales::SaleError;
use paduka_domain::catalog::import;
use paduka_domain::contact::Pincode;
use paduka_domain::order::CodRefusal;
use paduka_domain::photo;
use paduka_domain::returns::refusal;
use paduka_domain::sale::SaleDraft;
use utoipa::IntoResponses;
use utoipa::openapi::{RefOr, Response};

use super::{error_answer, quoted};

/// `Name => status, description;`: a unit struct whose `IntoResponses` is that one answer,
/// with the `{success: false, message}` body.
macro_rules! error_answers {
    ($($(#[$doc:meta])* $name:ident => $status:literal, $description:expr;)+) => {$(
        $(#[$doc])*
        pub struct $name;

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                BTreeMap::from([(stringify!($status).to_owned(), error_answer(&$description))])
            }
        }
    )+};
}

error_answers! {
    /// A JSON body over `extract::MAX_JSON_BYTES`.
    BodyOver64Kb => 413, "The body is over 64 KB";

    // Products, reviews and categories.
    ProductNotFound => 404, quoted(CatalogError::ProductNotFound);
    InvalidProduct => 400, format!(
        "A field breaks a rule, or the photo is not an image we take ({}, {})",
        quoted(photo::NOT_AN_IMAGE),
        quoted(photo::TOO_MANY_PIXELS),
    );
    InvalidPhoto => 400, format!(
        "No photo, or not an image we take ({}, {}, {})",
        quoted(crate::upload::NO_PHOTO),
        quoted(photo::NOT_AN_IMAGE),
        quoted(photo::TOO_MANY_PIXELS),
    );
    ProductCodeTaken => 409, "The product code is taken";
    InvalidFootLength => 400, quoted(paduka_domain::returns::FOOT_LENGTH_INVALID);
    NoSizeChart => 404, format!(
        "{} or {}",
        quoted(CatalogError::ProductNotFound),
        quoted(CatalogError::NoSizeChart),
    );
    PhotoOver20Mb => 413, quoted(photo::TOO_MANY_BYTES);
    ParameterOutOfRange => 400, "A parameter is out of range";
    UnsupportedWidth => 400, quoted(photo::UNSUPPORTED_WIDTH);
    NoPhoto => 404, "No such product, or it has no photo";
    ImageNotFound => 404, quoted(CatalogError::ImageNotFound);
    InvalidReview => 400, "A rating outside 1..=5, or a comment over 2000 characters";
    CategoryNotFound => 404, quoted(CatalogError::CategoryNotFound);
    InvalidCategory => 400, "No name, or an image that is not a URL or a path here";
    CategoryExists => 409, "`Category already exists`";
    CategoryInUse => 409, "Products still use the category";
    ImportTooLarge => 413, format!(
        "{}, {}, {}, `NAME in the photos zip unpacks to more than 20 MB`, {} or {}",
        quoted(crate::upload::IMPORT_TOO_LARGE),
        quoted(import::ZIP_TOO_LARGE),
        quoted(import::ZIP_UNPACKS_TOO_LARGE),
        quoted(import::ZIP_TOO_MANY_FILES),
        quoted(crate::upload::IMPORT_FORM_TOO_LARGE),
    );
    ImportJobNotFound => 404, quoted(crate::handlers::products::import::JOB_NOT_FOUND);
    ImportJobNotDone => 409, quoted(paduka_application::catalog::transfer::JOB_NOT_DONE);

    // Sales and coupons.
    SaleNotFound => 404, quoted(SaleError::NotFound);
    InvalidSale => 400, format!(
        "{}, an end before the start, or a discount outside 0..=100",
        quoted(SaleDraft::FILL_ALL),
    );
    CouponNotFound => 404, quoted(CouponError::NotFound);
    InvalidCoupon => 400, format!(
        "{}, a bad code, kind, value, minimum, date or limit, or an end not after the start",
        quoted(SaleDraft::FILL_ALL),
    );
    CouponCodeTaken => 409, quoted(CouponError::DuplicateCode);
    CouponDoesNotApply => 400, "`Invalid or expired coupon`, `Minimum order for this coupon is ₹N`, `Coupon usage limit reached`, or a bad cart";
    CartProductGone => 409, quoted(Unfillable::ProductUnavailable);

    // Signing in and registering.
    CredentialsMissing => 400, "`Email and password are required`";
    WrongCredentials => 401, quoted(AuthError::InvalidCredentials);
    TooManySignIns => 429, quoted(AuthError::TooManyAttempts);
    InvalidRegistration => 400, format!(
        "A field breaks a rule, or {}",
        quoted(RegistrationError::InvalidCode),
    );
    AlreadyRegistered => 409, quoted(RegistrationError::AlreadyRegistered);
    CodeMailedTooSoon => 429, "A code was mailed less than 30 seconds ago, or too many attempts";
    InvalidEmail => 400, "`Enter a valid email address`";
    CodeAskedTooSoon => 429, "A code was asked for less than 30 seconds ago, or too many attempts";
    InvalidReset => 400, format!(
        "{}, or the new password breaks a rule",
        quoted(RegistrationError::InvalidCode),
    );

    // Users.
    UserNotFound => 404, quoted(UserError::NotFound);
    InvalidProfile => 400, format!("A field breaks a rule, or {}", quoted(UserError::OwnRole));
    NotYourProfile => 403, "Someone else's profile, or a role sent by a shopper";
    CannotDeleteSelf => 400, quoted(UserError::DeleteSelf);

    // Delivery and payments.
    InvalidPincode => 400, quoted(Pincode::INVALID);
    InvalidPayment => 400, format!(
        "{}, a bad pincode, address or cart",
        quoted(CheckoutError::InvalidAmount),
    );
    CartProductMissing => 404, "A cart line names a product that does not exist";
    PaymentConflict => 409, "The amount is not what the cart costs, or `Only N left of NAME`";
    ProviderFailed => 502, "The payment provider failed";
    NoOrderId => 400, "No order id";
    PaymentOrderNotFound => 404, format!(
        "{} (unknown, or someone else's)",
        quoted(CheckoutError::PaymentOrderNotFound),
    );
    InvalidWebhookSignature => 400, quoted(CheckoutError::InvalidWebhookSignature);
    ProviderFailedRetryLater => 502, "The payment provider failed: deliver again later";

    // Orders.
    OrderNotFound => 404, quoted(OrderError::NotFound);
    CodLinkInvalid => 404, quoted(CodError::InvalidLink);
    /// Also what a shop without `DEV_OUTBOX` answers: the operation is not there.
    DevOutboxOff => 404, "`Not found`: the shop runs without `DEV_OUTBOX`";
    NoSuchMessage => 404, format!(
        "{}, or `Not found` when the shop runs without `DEV_OUTBOX`",
        quoted(crate::handlers::dev::NO_SUCH_MESSAGE),
    );
    NotItsButton => 400, quoted(crate::dto::NOT_ITS_BUTTON);
    CodAnswerRefused => 409, format!(
        "{}, {} or {}: nothing changed",
        quoted(CodRefusal::Cancelled),
        quoted(CodRefusal::Shipped),
        quoted(CodRefusal::NotAsked),
    );
    OrderOrInvoiceNotFound => 404, format!(
        "{}, or {} (placed before invoices)",
        quoted(OrderError::NotFound),
        quoted(OrderError::NoInvoice),
    );
    OrderOrCreditNoteNotFound => 404, format!(
        "{}, or {} (not returned to origin with an invoice)",
        quoted(OrderError::NotFound),
        quoted(OrderError::NoCreditNote),
    );
    ReturnCreditNoteNotFound => 404, format!(
        "{} (no such return, not refunded, or its order has no invoice)",
        quoted(OrderError::NoCreditNote),
    );
    NotYourOrder => 403, "Someone else's order";
    NotYourOrders => 403, "`user` names someone else";
    InvalidMyOrdersBody => 400, "A body that is not a JSON object of this shape, or not sent as `application/json`";
    OrderRefused => 400, "`Payment verification failed`, `Enter a valid 6-digit Pincode`, `Delivery not available at this address`, `Please enter your address`, ...";
    CartUnfillable => 409, "The amount does not match, `Only N left of NAME`, ...; `refunded: true` when the payment was refunded";
    CodRefused => 400, "`Cash on delivery is not available for this order` (turned off, over the limit, a pincode not served), `Cash on delivery is not available for this pincode` (its area's parcels come back too often: `COD_RTO_LIMIT`), `Enter a valid 6-digit Pincode`, `Please enter your address`, a coupon's refusal, a bad key";
    CodConflict => 409, "`Too many unpaid cash on delivery orders`, the amount does not match, `Only N left of NAME`, `Coupon usage limit reached`";
    NotCancellable => 409, format!(
        "{}, {}, or {} (the replacement order of a size exchange)",
        quoted(OrderError::Delivered),
        quoted(OrderError::Shipped),
        quoted(OrderError::Replacement),
    );
    OrderCancelled => 409, quoted(OrderError::Cancelled);
    OrderPaidOrCancelled => 409, format!(
        "{} (every online order is), {}, or {} (an unpaid parcel that came back)",
        quoted(OrderError::AlreadyPaid),
        quoted(OrderError::Cancelled),
        quoted(OrderError::ReturnedToOrigin),
    );
    RefundNotStarted => 502, "Cancelled, but the refund could not be started: try again";

    // Shipping.
    InvalidShipment => 400, format!(
        "{}, {}, `Courier must be 2-60 characters`, `Tracking URL must be an http or https address`, `Weight must be 1-50000 grams`",
        quoted(paduka_domain::order::ManualBooking::REQUIRED),
        quoted(paduka_domain::order::Awb::MESSAGE),
    );
    InvalidCourierEvent => 400, "`Status must be Out for delivery, Delivered, Delivery failed or Returned to origin`, `Note must be at most 200 characters`";
    NotShippable => 409, format!(
        "{} or {}",
        quoted(OrderError::Cancelled),
        quoted(OrderError::Delivered),
    );
    CourierEventRefused => 409, format!(
        "The lifecycle refuses the step: {}, {}, {} or {}",
        quoted(OrderError::NotShipped),
        quoted(OrderError::Cancelled),
        quoted(OrderError::Delivered),
        quoted(OrderError::Shipped),
    );
    InvalidCourierUpdate => 400, "`Invalid AWB`, `Invalid current_status`, `Invalid current_timestamp`";
    WrongCourierKey => 401, quoted(crate::courier_key::WRONG_KEY);
    /// WhatsApp's webhook (decisions D37).
    WrongWhatsAppSignature => 401, format!(
        "{}: no `X-Hub-Signature-256`, one that is not the body's HMAC-SHA256 with the app \
         secret, or WhatsApp is not configured. Nothing changed",
        quoted(crate::handlers::whatsapp::WRONG_SIGNATURE)
    );
    WrongVerifyToken => 403, quoted(crate::handlers::whatsapp::WRONG_VERIFY_TOKEN);
    WhatsAppBodyOver1Mb => 413, quoted(crate::handlers::whatsapp::TOO_LARGE);
    NotShippedYet => 409, quoted(OrderError::NotShipped);
    CourierNotAnswering => 502, quoted(OrderError::CourierUnavailable(anyhow::anyhow!("")));
    ReturnRefundNotStarted => 502, quoted(OrderError::ReturnRefundFailed(paduka_application::checkout::PaymentError::Unavailable(String::new())));
    InvalidStatus => 400, "A status other than Pending, Confirmed or Delivered";

    // Returns.
    InvalidReturnRequest => 400, format!(
        "`Invalid reason`, {}, {}, {} (more than was ordered and not already asked for), {}, or a bad body",
        quoted(refusal::NOT_DELIVERED),
        quoted(refusal::WINDOW_CLOSED),
        quoted(refusal::NOTHING),
        quoted(refusal::SAME_PRICE),
    );
    NotYourReturnOrder => 403, format!("{}: another shopper's order", quoted(ReturnError::Forbidden));
    ReturnOrderNotFound => 404, quoted(ReturnError::OrderNotFound);
    ExchangeSizeGone => 409, "`Only N left of NAME (LABEL)`: the size wanted in exchange is not in stock";
    ReturnNotFound => 404, quoted(ReturnError::NotFound);
    NotYourReturn => 403, format!("{}: another shopper's return", quoted(ReturnError::Forbidden));
    ReturnStepRefused => 409, "`Return is STATUS`: a step out of order (the step just done again changes nothing and answers 200)";
    InvalidRejection => 400, "`A rejection needs a note`, `Note must be at most 500 characters`, or a bad body";
    InvalidReceipt => 400, "`QC must be passed or failed`, `Note must be at most 500 characters`, or a bad body";
    InvalidCompletion => 400, "`Online orders are refunded to the original method or credit`, `Cash on delivery orders are refunded to credit or bank`, `A bank or UPI refund needs its reference`, `Reference must be at most 100 characters`, or a bad body";
    InvalidReturnFilter => 400, "`Status must be Requested, Approved, Picked up, Received, Completed, Rejected or Cancelled`";
    ReturnRefundFailed => 502, format!(
        "{}: nothing changed; completing again retries the same refund",
        quoted(ReturnError::RefundFailed(paduka_application::checkout::PaymentError::Unavailable(String::new()))),
    );
    PickupNotBooked => 502, format!(
        "{}: the return is approved, its reverse pickup not booked yet; approving again books it",
        quoted(ReturnError::CourierUnavailable(anyhow::anyhow!(""))),
    );
    PickupRefused => 400, "The courier refused the reverse pickup (`The buyer's phone is needed to book with Shiprocket`, `Shiprocket refused the return order: ...`): the return stays approved, to be picked up by hand";

    // Health.
    ServiceUnavailable => 503, "`Service unavailable`; the cause is logged";
}
