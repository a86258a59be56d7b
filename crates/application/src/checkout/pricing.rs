//! Pricing a cart from the catalog as it is now, by the shop's formula.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use paduka_domain::catalog::Product;
use paduka_domain::contact::DeliveryAddress;
use paduka_domain::coupon::{CouponCode, CouponPrice, CouponRefusal, may_take_use};
use paduka_domain::money::{PricedLine, order_amount_rupees};
use paduka_domain::order::{MethodCharge, OrderLine, PaymentCharges, PaymentMethod};
use paduka_domain::{InvalidInput, ProductId, State, UserId};

use super::{CartLine, CheckoutError, CheckoutService, Unfillable};
use crate::orders::{CouponUse, NewOrderLine, StockChange};

/// The smallest payment, in whole rupees.
pub const MIN_AMOUNT_RUPEES: i64 = 1;
/// The largest payment, in whole rupees (1 crore).
pub const MAX_AMOUNT_RUPEES: i64 = 10_000_000;
/// A cart holds at most this many lines.
pub const MAX_CART_LINES: usize = 100;

/// A cart priced from the catalog as it is now.
pub(super) struct PricedCart {
    pub lines: Vec<NewOrderLine>,
    /// The stock it takes, per size (or per pooled product).
    pub stock: Vec<StockChange>,
    /// What the lines cost by the shop's formula, in whole rupees.
    pub subtotal_rupees: i64,
    /// The subtotal less the coupon's discount: what is paid before the way of paying's
    /// saving or charge ([`PricedCart::paid_by`]).
    pub amount_rupees: i64,
    /// The coupon's use the order takes, if a coupon was asked for (and applies).
    pub coupon: Option<CouponUse>,
    /// The first size or product with less stock than the cart wants.
    pub shortage: Option<Unfillable>,
}

impl PricedCart {
    pub fn discount_rupees(&self) -> i64 {
        self.subtotal_rupees - self.amount_rupees
    }

    /// What paying by `method` under `charges` takes off or adds, and the order's amount then.
    pub fn paid_by(&self, charges: PaymentCharges, method: PaymentMethod) -> (MethodCharge, i64) {
        let charge = charges.for_method(method, self.amount_rupees);
        (charge, charge.applied_to(self.amount_rupees))
    }
}

/// A coupon to price a cart with: the code the shopper typed, whose uses count, and the
/// moment its dates are checked against (the payment's start, once paid).
pub(super) struct CouponAsk<'a> {
    pub code: &'a str,
    pub user: Option<&'a UserId>,
    pub at: DateTime<Utc>,
}

impl<'a> CouponAsk<'a> {
    /// The ask for `code`, unless it is missing or blank (no coupon).
    pub fn of(code: Option<&'a str>, user: Option<&'a UserId>, at: DateTime<Utc>) -> Option<Self> {
        let code = code.map(str::trim).filter(|c| !c.is_empty())?;
        Some(Self { code, user, at })
    }
}

/// Stock is taken per size for a product that tracks sizes, else from its pool.
type StockKey = (ProductId, Option<u32>);

impl CheckoutService {
    /// Prices `cart` from the catalog as it is now, by the shop's formula, applies the coupon
    /// (refused: `CheckoutError::Coupon`) and sums the stock it needs per size or pooled
    /// product. A product or variant that no longer exists, or a draft (decisions D43), is
    /// `CannotFill(ProductUnavailable)`.
    pub(super) async fn price(
        &self,
        cart: &[CartLine],
        coupon: Option<CouponAsk<'_>>,
    ) -> Result<PricedCart, CheckoutError> {
        check_cart(cart)?;
        let mut products: HashMap<ProductId, Product> = HashMap::new();
        // Stock needed per size or pool, in the order they first appear.
        let mut needed: Vec<(StockKey, u64)> = Vec::new();
        let mut lines = Vec::with_capacity(cart.len());
        let mut priced = Vec::with_capacity(cart.len());
        let unavailable = || CheckoutError::CannotFill(Unfillable::ProductUnavailable);
        for line in cart {
            if !products.contains_key(&line.product) {
                let product = self.ports.products.find(&line.product).await?;
                let product = product.filter(Product::may_be_ordered);
                products.insert(line.product.clone(), product.ok_or_else(unavailable)?);
            }
            let product = &products[&line.product];
            let variant = usize::try_from(line.variant)
                .ok()
                .and_then(|i| product.variants.get(i))
                .ok_or_else(unavailable)?;
            priced.push(PricedLine {
                sale_price: variant.sale_price,
                quantity: line.quantity,
            });
            lines.push(NewOrderLine {
                line: OrderLine {
                    product: product.id.clone(),
                    name: product.name.clone(),
                    category_name: product.category.name.clone(),
                    variant_label: variant.size_label().map(str::to_owned),
                    color: variant.color.clone(),
                    unit_price: variant.price,
                    discount: variant.discount(),
                    sale_price: variant.sale_price,
                    quantity: line.quantity,
                    tax: Some(
                        self.ports
                            .invoicing
                            .line_tax(product.hsn.as_ref(), variant.sale_price),
                    ),
                    held_by_returns: 0,
                },
                variant_index: line.variant,
            });
            let key = (
                line.product.clone(),
                product.tracks_sizes().then_some(line.variant),
            );
            match needed.iter_mut().find(|(k, _)| *k == key) {
                Some((_, total)) => *total += u64::from(line.quantity),
                None => needed.push((key, u64::from(line.quantity))),
            }
        }
        let size_of = |(id, variant): &StockKey| {
            variant.and_then(|v| {
                let product = &products[id];
                // Its colour too (`Tan, UK 8`): sizes of two colours are two stocks.
                product.variants[v as usize].words()
            })
        };
        let shortage = needed.iter().find_map(|(key, total)| {
            let product = &products[&key.0];
            let left = key
                .1
                .map_or(product.quantity, |v| product.available(v as usize));
            (*total > u64::from(left)).then(|| Unfillable::OutOfStock {
                name: product.name.clone(),
                size: size_of(key),
                left,
            })
        });
        let stock = needed
            .iter()
            .map(|(key, total)| StockChange {
                name: products[&key.0].name.clone(),
                size: size_of(key),
                product: key.0.clone(),
                variant: key.1,
                quantity: u32::try_from(*total).unwrap_or(u32::MAX),
            })
            .collect();
        let subtotal_rupees = order_amount_rupees(&priced);
        let (amount_rupees, coupon) = match coupon {
            None => (subtotal_rupees, None),
            Some(ask) => {
                let (coupon, price) = self.apply(&ask, subtotal_rupees).await?;
                (price.amount, Some(coupon))
            }
        };
        Ok(PricedCart {
            lines,
            stock,
            subtotal_rupees,
            amount_rupees,
            coupon,
            shortage,
        })
    }

    /// The coupon `ask` names, applied to `subtotal_rupees`: refused when unknown, outside
    /// its dates, under its minimum, or used up (in all, or by this shopper) as far as can be
    /// seen now; the order's transaction takes the use for good.
    async fn apply(
        &self,
        ask: &CouponAsk<'_>,
        subtotal_rupees: i64,
    ) -> Result<(CouponUse, CouponPrice), CheckoutError> {
        let refused = CheckoutError::Coupon;
        let code =
            CouponCode::parse(ask.code).map_err(|_| refused(CouponRefusal::InvalidOrExpired))?;
        let coupon = (self.ports.coupons.find_by_code(&code).await?)
            .ok_or(refused(CouponRefusal::InvalidOrExpired))?;
        let price = coupon
            .terms
            .price(subtotal_rupees, ask.at)
            .map_err(refused)?;
        let terms = &coupon.terms;
        if !may_take_use(terms.max_uses, coupon.used) {
            return Err(refused(CouponRefusal::UsageLimitReached));
        }
        if let (Some(_), Some(user)) = (terms.max_uses_per_user, ask.user)
            && !may_take_use(
                terms.max_uses_per_user,
                self.ports.coupons.uses_by(&coupon.id, user).await?,
            )
        {
            return Err(refused(CouponRefusal::UsageLimitReached));
        }
        let taken = CouponUse {
            code: terms.code.as_str().to_owned(),
            discount_rupees: price.discount,
            max_uses_per_user: terms.max_uses_per_user,
            coupon: coupon.id,
        };
        Ok((taken, price))
    }
}

/// A cart holds 1 to [`MAX_CART_LINES`] lines of at least one pair each.
fn check_cart(cart: &[CartLine]) -> Result<(), InvalidInput> {
    if cart.is_empty() {
        return Err(InvalidInput::new("Please add some items to your cart"));
    }
    if cart.len() > MAX_CART_LINES {
        return Err(InvalidInput::new(format!(
            "A cart can hold at most {MAX_CART_LINES} lines"
        )));
    }
    if cart.iter().any(|line| line.quantity == 0) {
        return Err(InvalidInput::new("Quantity must be at least 1"));
    }
    Ok(())
}

/// The delivery address: required (`Please enter your address`), at most 500 characters.
pub(super) fn checkout_address(text: &str) -> Result<String, InvalidInput> {
    DeliveryAddress::parse(text).map(DeliveryAddress::into_string)
}

/// The place of supply the shopper chose: none when absent, else a state or union territory
/// of India (`State::parse`'s message when it is not one, blank included).
pub(super) fn chosen_state(text: Option<&str>) -> Result<Option<State>, InvalidInput> {
    text.map(State::parse).transpose()
}
