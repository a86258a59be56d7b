//! Pricing a cart from the catalog as it is now, by the shop's formula.

use std::collections::HashMap;

use paduka_domain::InvalidInput;
use paduka_domain::ProductId;
use paduka_domain::catalog::Product;
use paduka_domain::money::{PricedLine, order_amount_rupees};
use paduka_domain::order::OrderLine;

use super::{CartLine, CheckoutError, CheckoutService, Unfillable};
use crate::orders::{NewOrderLine, StockChange};

/// The smallest payment, in whole rupees.
pub const MIN_AMOUNT_RUPEES: i64 = 1;
/// The largest payment, in whole rupees (1 crore).
pub const MAX_AMOUNT_RUPEES: i64 = 10_000_000;
/// A cart holds at most this many lines.
pub const MAX_CART_LINES: usize = 100;

/// A cart priced from the catalog as it is now.
pub(super) struct PricedCart {
    pub lines: Vec<NewOrderLine>,
    /// The stock it takes, per product.
    pub stock: Vec<StockChange>,
    pub amount_rupees: i64,
    /// The first product with less stock than the cart wants.
    pub shortage: Option<Unfillable>,
}

impl CheckoutService {
    /// Prices `cart` from the catalog as it is now, by the shop's formula, and sums the stock
    /// it needs per product. A product or variant that no longer exists is
    /// `CannotFill(ProductUnavailable)`.
    pub(super) async fn price(&self, cart: &[CartLine]) -> Result<PricedCart, CheckoutError> {
        check_cart(cart)?;
        let mut products: HashMap<ProductId, Product> = HashMap::new();
        // Stock needed per product, in the order products first appear.
        let mut needed: Vec<(ProductId, u64)> = Vec::new();
        let mut lines = Vec::with_capacity(cart.len());
        let mut priced = Vec::with_capacity(cart.len());
        let unavailable = || CheckoutError::CannotFill(Unfillable::ProductUnavailable);
        for line in cart {
            if !products.contains_key(&line.product) {
                let product = self.ports.products.find(&line.product).await?;
                products.insert(line.product.clone(), product.ok_or_else(unavailable)?);
            }
            let product = &products[&line.product];
            let variant = usize::try_from(line.variant)
                .ok()
                .and_then(|i| product.variants.get(i))
                .ok_or_else(unavailable)?;
            priced.push(PricedLine {
                unit_price: variant.price,
                discount: variant.discount,
                quantity: line.quantity,
            });
            lines.push(NewOrderLine {
                line: OrderLine {
                    product: product.id.clone(),
                    name: product.name.clone(),
                    category_name: product.category.name.clone(),
                    variant_label: variant.label.clone().or_else(|| variant.model.clone()),
                    unit_price: variant.price,
                    discount: variant.discount,
                    quantity: line.quantity,
                },
                variant_index: line.variant,
            });
            match needed.iter_mut().find(|(id, _)| *id == line.product) {
                Some((_, total)) => *total += u64::from(line.quantity),
                None => needed.push((line.product.clone(), u64::from(line.quantity))),
            }
        }
        let shortage = needed.iter().find_map(|(id, total)| {
            let product = &products[id];
            (*total > u64::from(product.quantity)).then(|| Unfillable::OutOfStock {
                name: product.name.clone(),
                left: product.quantity,
            })
        });
        let stock = needed
            .into_iter()
            .map(|(id, total)| StockChange {
                name: products[&id].name.clone(),
                product: id,
                quantity: u32::try_from(total).unwrap_or(u32::MAX),
            })
            .collect();
        Ok(PricedCart {
            lines,
            stock,
            amount_rupees: order_amount_rupees(&priced),
            shortage,
        })
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
    let address = text.trim();
    if address.is_empty() {
        return Err(InvalidInput::new("Please enter your address"));
    }
    if address.chars().count() > 500 {
        return Err(InvalidInput::new("Address must be at most 500 characters"));
    }
    Ok(address.to_owned())
}
