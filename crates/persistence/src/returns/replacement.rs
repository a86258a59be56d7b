//! The replacement order of a size exchange (decisions D24), written in the pickup's
//! transaction: load the return and its order, ask the domain what the replacement is, write
//! it as any order is written, and keep its id on the return.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_domain::OrderId;
use paduka_domain::returns::replacement_order;

use super::rows::find_stored;
use crate::db::{AnyConnection, corrupt, from_db_time, to_db_time};
use crate::orders::find_stored_order;
use crate::orders::place::{OrderKeys, insert_order};
use crate::schema::returns;

/// Makes the replacement order `new_id` of return `id`'s exchange lines, placed `at` by the
/// shop; nothing for a return of refunds only. Called only by the move into `Picked up`, under
/// the return's lock, so once per return. Its new sizes were taken from stock with the
/// request: it takes none.
pub(super) fn make_replacement(
    conn: &mut AnyConnection,
    id: &str,
    new_id: &OrderId,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    let ret = find_stored(conn, id)?;
    let original = find_stored_order(conn, ret.order_id.as_str())?;
    // At the database's precision, as a read gives it back.
    let at = from_db_time(to_db_time(at));
    let replacement = replacement_order(&original, &ret, new_id.clone(), at)
        .map_err(|missing| corrupt(format_args!("return {id}: {missing}")))?;
    let Some(replacement) = replacement else {
        return Ok(());
    };
    let variants: Vec<u32> = replacement.lines.iter().map(|l| l.variant_index).collect();
    insert_order(
        conn,
        &replacement.order,
        &variants,
        OrderKeys::default(),
        None,
    )?;
    diesel::update(returns::table.find(id))
        .set(returns::replacement_order_id.eq(new_id.as_str()))
        .execute(conn)?;
    Ok(())
}
