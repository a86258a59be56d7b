//! Coupons: the admin's calls and `POST /coupon/apply`.

use chrono::{DateTime, Datelike, Utc};
use paduka_domain::InvalidInput;
use paduka_domain::coupon::{Coupon, CouponKind, CouponPrice, CouponTerms};
use paduka_domain::sale::{SaleDraft, parse_shop_time};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::checkout::{CartLineBody, cart_lines, cart_lines_schema};
use super::sale::shop_time;
use super::schema::request_schema;
use super::{TryIntoDomain, scalar_integer, scalar_text, schema, timestamp, whole_second_time};
use crate::ApiError;
use paduka_application::checkout::CartLine;

/// A coupon as the admin sees it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CouponDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Upper case.
    pub code: String,
    /// `percent` or `amount`.
    pub kind: CouponKindName,
    /// Whole percent (1 to 90) or whole rupees off, by `kind`.
    pub value: i64,
    /// Whole rupees the cart's subtotal must reach.
    #[serde(rename = "minOrder")]
    pub min_order: i64,
    /// UTC, ISO 8601 with `Z`.
    #[schema(format = DateTime)]
    pub start: String,
    #[schema(format = DateTime)]
    pub end: String,
    /// Orders (not cancelled) that may use it; `null`: no limit.
    #[serde(rename = "maxUses")]
    pub max_uses: Option<i64>,
    /// Orders (not cancelled) one account may use it for; `null`: no limit.
    #[serde(rename = "maxUsesPerUser")]
    pub max_uses_per_user: Option<i64>,
    /// Orders (not cancelled) that use it so far.
    pub used: i64,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
}

impl From<&Coupon> for CouponDto {
    fn from(coupon: &Coupon) -> Self {
        let terms = &coupon.terms;
        Self {
            id: coupon.id.to_string(),
            code: terms.code.as_str().to_owned(),
            kind: terms.kind.into(),
            value: terms.value,
            min_order: terms.min_order_rupees,
            start: whole_second_time(terms.start),
            end: whole_second_time(terms.end),
            max_uses: terms.max_uses,
            max_uses_per_user: terms.max_uses_per_user,
            used: coupon.used,
            created_at: timestamp(coupon.created_at),
        }
    }
}

/// `POST /coupon/create-coupon` and `PUT /coupon/update-coupon/{id}`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CouponBody {
    pub code: Option<String>,
    pub kind: Option<String>,
    pub value: Option<Value>,
    #[serde(rename = "minOrder")]
    pub min_order: Option<Value>,
    pub start: Option<String>,
    pub end: Option<String>,
    #[serde(rename = "maxUses")]
    pub max_uses: Option<Value>,
    #[serde(rename = "maxUsesPerUser")]
    pub max_uses_per_user: Option<Value>,
}

/// The largest number a coupon's limits take.
const MAX_LIMIT: i64 = 1_000_000_000;
/// A whole number at least 1, as text.
const POSITIVE_TEXT: &str = r"\+?0*[1-9][0-9]*";
/// A whole number at least 0, as text.
const COUNT_TEXT: &str = r"\+?[0-9]+|-0+";

/// A form's field that may be left blank: blank text is the same as null.
fn or_blank(text: &str) -> String {
    format!("(?:{text})?")
}

request_schema!(
    CouponBody,
    schema::schema(
        schema::object(
            "`POST /coupon/create-coupon` and `PUT /coupon/update-coupon/{id}`: the end \
             must be after the start; a `percent` coupon's value is 1 to 90",
            vec![
                (
                    "code",
                    schema::string().pattern(Some(schema::coupon_code_pattern(false))),
                    "3 to 20 letters or digits, stored upper case, unique ignoring case",
                ),
                (
                    "kind",
                    schema::one_of_texts(&["percent", "amount"]),
                    "A whole percent off, or whole rupees off",
                ),
                (
                    "value",
                    schema::whole_number(1, 10_000_000, POSITIVE_TEXT, false),
                    "Percent (1 to 90) or whole rupees (at least 1), by `kind`",
                ),
                (
                    "minOrder",
                    schema::whole_number(0, 10_000_000, &or_blank(COUNT_TEXT), true),
                    "Whole rupees the subtotal must reach; 0 when left out or blank",
                ),
                (
                    "maxUses",
                    schema::whole_number(1, MAX_LIMIT, &or_blank(POSITIVE_TEXT), true),
                    "Orders that may use it in all; null or blank: no limit",
                ),
                (
                    "maxUsesPerUser",
                    schema::whole_number(1, MAX_LIMIT, &or_blank(POSITIVE_TEXT), true),
                    "Orders one account may use it for; null or blank: no limit",
                ),
            ],
            &["code", "kind", "value", "start", "end"],
        )
        .property("start", shop_time())
        .property("end", shop_time()),
    )
);

/// A whole number field: absent or null is `None`, anything but a whole number in `range`
/// is refused with `message`.
fn whole(
    value: Option<&Value>,
    range: std::ops::RangeInclusive<i64>,
    message: &str,
) -> Result<Option<i64>, InvalidInput> {
    match scalar_text(value) {
        None => Ok(None),
        Some(text) if text.trim().is_empty() => Ok(None),
        Some(_) => scalar_integer(value)
            .filter(|n| range.contains(n))
            .map(Some)
            .ok_or_else(|| InvalidInput::new(message)),
    }
}

fn coupon_time(text: Option<&str>) -> Result<DateTime<Utc>, InvalidInput> {
    let text = text
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| InvalidInput::new(SaleDraft::FILL_ALL))?;
    let at = parse_shop_time(text)?;
    if !(SaleDraft::FIRST_YEAR..=SaleDraft::LAST_YEAR).contains(&at.year()) {
        return Err(InvalidInput::new(format!(
            "Coupon dates must be in the years {} to {}",
            SaleDraft::FIRST_YEAR,
            SaleDraft::LAST_YEAR
        )));
    }
    Ok(at)
}

impl TryIntoDomain for CouponBody {
    type Domain = CouponTerms;

    fn try_into_domain(self) -> Result<CouponTerms, ApiError> {
        let fill_all = || InvalidInput::new(SaleDraft::FILL_ALL);
        let code = self
            .code
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(fill_all)?;
        let kind = self
            .kind
            .filter(|k| !k.trim().is_empty())
            .ok_or_else(fill_all)?;
        // Its bounds depend on the kind: the domain says which.
        let value = whole(
            self.value.as_ref(),
            i64::MIN..=i64::MAX,
            "Value must be a whole number",
        )?
        .ok_or_else(fill_all)?;
        let min_order = whole(
            self.min_order.as_ref(),
            0..=10_000_000,
            "Minimum order must be whole rupees, at least 0",
        )?
        .unwrap_or(0);
        let start = coupon_time(self.start.as_deref())?;
        let end = coupon_time(self.end.as_deref())?;
        let limit = |value: Option<&Value>, what: &str| {
            whole(
                value,
                1..=MAX_LIMIT,
                &format!("{what} must be a whole number of at least 1, or empty for no limit"),
            )
        };
        let max_uses = limit(self.max_uses.as_ref(), "Uses")?;
        let max_uses_per_user = limit(self.max_uses_per_user.as_ref(), "Uses per shopper")?;
        Ok(CouponTerms::parse(
            &code,
            &kind,
            value,
            min_order,
            start,
            end,
            max_uses,
            max_uses_per_user,
        )?)
    }
}

/// `GET /coupon/all-coupons`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CouponsResponse {
    pub success: bool,
    /// Newest first.
    pub coupons: Vec<CouponDto>,
}

/// A coupon with what happened to it: `Coupon created Successfully`, `Coupon updated
/// Successfully`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CouponWriteResponse {
    pub success: bool,
    pub message: String,
    pub coupon: CouponDto,
}

/// `POST /coupon/apply`: a code and the cart it is for.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ApplyCouponBody {
    pub code: Option<String>,
    pub products: Option<Vec<CartLineBody>>,
}

request_schema!(
    ApplyCouponBody,
    schema::schema(
        schema::object(
            "`POST /coupon/apply`: the code the shopper typed and the cart's lines, as \
             checkout sends them",
            vec![(
                "code",
                schema::string().pattern(Some(schema::coupon_code_pattern(false))),
                "The coupon's code, in any case",
            )],
            &["code", "products"],
        )
        .property("products", cart_lines_schema()),
    )
);

impl TryIntoDomain for ApplyCouponBody {
    type Domain = (String, Vec<CartLine>);

    fn try_into_domain(self) -> Result<(String, Vec<CartLine>), ApiError> {
        let code = self
            .code
            .filter(|c| !c.trim().is_empty())
            .ok_or_else(|| ApiError::bad_request("Please enter a coupon code"))?;
        Ok((code, cart_lines(self.products)?))
    }
}

/// `POST /coupon/apply`: what the cart costs with the coupon, in whole rupees.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CouponPriceResponse {
    pub success: bool,
    /// The coupon's code, upper case.
    pub code: String,
    /// What the lines cost by the shop's formula.
    pub subtotal: i64,
    /// What the coupon takes off.
    pub discount: i64,
    /// What is paid: `subtotal - discount`, never below 1.
    pub amount: i64,
}

impl CouponPriceResponse {
    pub fn new(code: &str, price: CouponPrice) -> Self {
        Self {
            success: true,
            code: code.trim().to_ascii_uppercase(),
            subtotal: price.subtotal,
            discount: price.discount,
            amount: price.amount,
        }
    }
}

/// A coupon's kind, as its replies name it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CouponKindName {
    Percent,
    Amount,
}

impl From<CouponKind> for CouponKindName {
    fn from(kind: CouponKind) -> Self {
        match kind {
            CouponKind::Percent => Self::Percent,
            CouponKind::Amount => Self::Amount,
        }
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    #[test]
    fn the_replies_name_coupon_kinds_as_the_domain_does() {
        for kind in [CouponKind::Percent, CouponKind::Amount] {
            let named = serde_json::to_value(CouponKindName::from(kind)).unwrap();
            assert_eq!(named, kind.as_str());
        }
    }
}
