//! Taking a placed order's pairs from stock, or saying how many are left.

use diesel::prelude::*;
use paduka_application::orders::StockChange;

use super::place::PlaceFail;
use crate::db::{AnyConnection, too_large};
use crate::schema::{product_variants, products};

pub(super) fn quantity_column(quantity: u32, what: &str) -> QueryResult<i32> {
    i32::try_from(quantity).map_err(|_| too_large(format_args!("quantity of {what}")))
}

/// Takes `change.quantity` pairs from the product's total and, when it tracks sizes, from the
/// size's stock, never below zero; what is left of that size or pool. The product's row is
/// always written first, so orders of one product queue on it whatever sizes they take.
pub(crate) fn take_stock(conn: &mut AnyConnection, change: &StockChange) -> Result<u32, PlaceFail> {
    let product = change.product.as_str();
    let quantity = quantity_column(change.quantity, product)?;
    let total_left = diesel::update(
        products::table
            .filter(products::id.eq(product))
            .filter(products::quantity.ge(quantity)),
    )
    .set(products::quantity.eq(products::quantity - quantity))
    .returning(products::quantity)
    .get_result::<i32>(conn)
    .optional()?;
    let left = match (total_left, change.variant) {
        (None, _) => None,
        (Some(total), None) => Some(total),
        (Some(_), Some(variant)) => diesel::update(
            product_variants::table
                .filter(product_variants::product_id.eq(product))
                .filter(product_variants::position.eq(size_row(variant)?))
                .filter(product_variants::stock.ge(quantity)),
        )
        .set(product_variants::stock.eq(product_variants::stock - quantity))
        .returning(product_variants::stock)
        .get_result::<Option<i32>>(conn)
        .optional()?
        .flatten(),
    };
    match left {
        Some(left) => Ok(u32::try_from(left).unwrap_or(0)),
        None => Err(out_of_stock(conn, change)?),
    }
}

/// The refusal of `change`: what is left of its size or pool now, under the product's name
/// now (the change's, when the product is gone). The transaction is rolled back, so nothing
/// this order took counts.
pub(super) fn out_of_stock(
    conn: &mut AnyConnection,
    change: &StockChange,
) -> Result<PlaceFail, PlaceFail> {
    let product = change.product.as_str();
    let current = products::table
        .find(product)
        .select((products::name, products::quantity))
        .first::<(String, i32)>(conn)
        .optional()?;
    let left = match (change.variant, &current) {
        (_, None) => None,
        (None, Some((_, pool))) => Some(*pool),
        (Some(variant), Some(_)) => product_variants::table
            .filter(product_variants::product_id.eq(product))
            .filter(product_variants::position.eq(size_row(variant)?))
            .select(product_variants::stock)
            .first::<Option<i32>>(conn)
            .optional()?
            .flatten(),
    };
    Ok(PlaceFail::OutOfStock {
        product: change.product.clone(),
        name: current.map_or_else(|| change.name.clone(), |(name, _)| name),
        size: change.size.clone(),
        left: left.and_then(|l| u32::try_from(l).ok()).unwrap_or(0),
    })
}

pub(crate) fn size_row(variant: u32) -> QueryResult<i32> {
    i32::try_from(variant).map_err(|_| too_large("variant index"))
}

/// Puts `quantity` pairs of a product's size back: on the product's total, and on the size's
/// own stock when it tracks one. The product's row first, as taking does. A product that is
/// gone matches no row and is skipped; a pooled product's sizes have no stock of their own
/// (NULL).
pub(crate) fn put_back(
    conn: &mut AnyConnection,
    product: &str,
    variant_index: i32,
    quantity: i32,
) -> QueryResult<()> {
    diesel::update(products::table.find(product))
        .set(products::quantity.eq(products::quantity + quantity))
        .execute(conn)?;
    diesel::update(
        product_variants::table
            .filter(product_variants::product_id.eq(product))
            .filter(product_variants::position.eq(variant_index))
            .filter(product_variants::stock.is_not_null()),
    )
    .set(product_variants::stock.eq(product_variants::stock + quantity))
    .execute(conn)?;
    Ok(())
}
