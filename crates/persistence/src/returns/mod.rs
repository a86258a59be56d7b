//! Returns (decisions D24) in `returns`, `return_lines`, `return_events` and
//! `return_counters`: each step locks the return, asks its lifecycle in the domain, and writes
//! the move with the stock it gives back (and, on pickup, the exchange's replacement order) in
//! one transaction.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::credit::CreditGrant;
use paduka_application::returns::{
    NewReturn, RefundClaim, ReturnConflict, ReturnRepository, Stepped,
};
use paduka_domain::credit::CreditReason;
use paduka_domain::invoice::{CreditNoteSource, CreditedLine};
use paduka_domain::order::{Awb, Booking, PaymentMethod};
use paduka_domain::returns::{
    Gives, Qc, RefundTo, Return, ReturnKind, ReturnLifecycle, ReturnMove, ReturnStatus, ReturnStep,
};
use paduka_domain::{OrderId, Paise, ReturnId, UserId};

use crate::credit;
use crate::credit_notes::{CreditNoteIssue, issue_credit_note};
use crate::db::{AnyConnection, Database, Stop, corrupt, from_db_time, to_db_time};
use crate::orders::stock::put_back;
use crate::schema::{orders, return_events, return_lines, returns};

mod pickup;
mod replacement;
mod request;
mod rows;

use pickup::{mark_arrived_in, record_pickup_in, return_with_pickup_awb};
use replacement::make_replacement;
use request::request_in;
use rows::{find_stored, load_where};

/// Returns over the shop's database.
#[derive(Debug, Clone)]
pub struct DieselReturnRepository {
    db: Database,
}

impl DieselReturnRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// Appends a `return_events` row one past the return's last.
pub(super) fn write_event(
    conn: &mut AnyConnection,
    id: &str,
    status: ReturnStatus,
    note: Option<&str>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    let last = return_events::table
        .filter(return_events::return_id.eq(id))
        .select(diesel::dsl::max(return_events::position))
        .first::<Option<i32>>(conn)?;
    diesel::insert_into(return_events::table)
        .values((
            return_events::return_id.eq(id),
            return_events::position.eq(last.map_or(0, |p| p + 1)),
            return_events::status.eq(status.as_str()),
            return_events::at.eq(at),
            return_events::note.eq(note),
        ))
        .execute(conn)?;
    Ok(())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = returns)]
struct LockedRow {
    user_id: String,
    status: String,
    qc: Option<String>,
}

/// The return's lifecycle and owner, its row locked until the transaction ends on PostgreSQL
/// (SQLite's write transaction holds the whole database): the same step asked twice at once
/// is decided one after the other, so the second finds it done.
fn lock_return(conn: &mut AnyConnection, id: &str) -> QueryResult<(ReturnLifecycle, String)> {
    let query = returns::table.find(id);
    let row = match conn {
        AnyConnection::Postgresql(pg) => query
            .select(LockedRow::as_select())
            .for_update()
            .first::<LockedRow>(pg),
        AnyConnection::Sqlite(_) => query.select(LockedRow::as_select()).first(conn),
    }?;
    let status = ReturnStatus::from_stored(&row.status)
        .ok_or_else(|| corrupt(format_args!("status of return {id}")))?;
    let qc = row.qc.as_deref().and_then(Qc::from_stored);
    Ok((ReturnLifecycle::new(status, qc), row.user_id))
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = return_lines)]
struct StockLine {
    product_id: String,
    size_index: i32,
    new_size_index: Option<i32>,
    quantity: i32,
}

/// Gives back what the move says: each size once, in the order stock is taken (product,
/// then size).
fn give_back(conn: &mut AnyConnection, id: &str, gives: Gives) -> QueryResult<()> {
    let lines: Vec<StockLine> = return_lines::table
        .filter(return_lines::return_id.eq(id))
        .select(StockLine::as_select())
        .load(conn)?;
    let mut back: Vec<(&str, i32, i32)> = Vec::new();
    for line in &lines {
        if gives.reserved_sizes_back
            && let Some(new_size) = line.new_size_index
        {
            back.push((&line.product_id, new_size, line.quantity));
        }
        if gives.returned_to_stock {
            back.push((&line.product_id, line.size_index, line.quantity));
        }
    }
    back.sort_unstable();
    for (product, size, quantity) in back {
        put_back(conn, product, size, quantity)?;
    }
    Ok(())
}

/// What a step writes besides its move, for the two steps that write more.
#[derive(Debug, Clone, Copy)]
enum Also<'a> {
    Nothing,
    /// The pickup's replacement order, with this id (decisions D24).
    PickUp(&'a OrderId),
    Complete(Completion<'a>),
}

/// Takes `step` on the return inside its transaction, with what `also` says it writes.
fn step_in(
    conn: &mut AnyConnection,
    id: &str,
    step: ReturnStep,
    owner: Option<&UserId>,
    note: Option<&str>,
    at: DateTime<Utc>,
    also: Also<'_>,
) -> Result<Stepped, Stop<ReturnConflict>> {
    let (lifecycle, user) = lock_return(conn, id)?;
    if owner.is_some_and(|owner| owner.as_str() != user) {
        return Err(Stop::Conflict(ReturnConflict::NotOwner));
    }
    let moved = match lifecycle.step(step).map_err(|r| Stop::Conflict(r.into()))? {
        ReturnMove::Unchanged => false,
        ReturnMove::Move { to, gives } => {
            let at = to_db_time(at);
            diesel::update(returns::table.find(id))
                .set((returns::status.eq(to.as_str()), returns::updated_at.eq(at)))
                .execute(conn)?;
            if let ReturnStep::Receive(qc) = step {
                diesel::update(returns::table.find(id))
                    .set(returns::qc.eq(qc.as_str()))
                    .execute(conn)?;
            }
            if let Also::Complete(completion) = also {
                // The provider's refund is done (or, after a failed QC, nothing is owed): the
                // store credit and the credit note of this return are written with the move.
                diesel::update(returns::table.find(id))
                    .set((
                        returns::refund_reference.eq(completion.reference),
                        returns::refunded_at.eq(gives.refund.then_some(at)),
                    ))
                    .execute(conn)?;
                if gives.refund {
                    settle_refund(conn, id, &user, completion.credit_rupees, from_db_time(at))?;
                }
            }
            write_event(conn, id, to, note, at)?;
            give_back(conn, id, gives)?;
            if gives.replacement {
                let Also::PickUp(new_order) = also else {
                    return Err(Stop::Db(diesel::result::Error::QueryBuilderError(
                        "a pickup needs its replacement order's id (`pick_up`)".into(),
                    )));
                };
                make_replacement(conn, id, new_order, from_db_time(at))?;
            }
            true
        }
    };
    Ok(Stepped {
        ret: find_stored(conn, id)?,
        moved,
    })
}

/// What completing writes besides the move: the refund's reference and the whole rupees
/// that go back as store credit.
#[derive(Debug, Clone, Copy)]
struct Completion<'a> {
    reference: Option<&'a str>,
    credit_rupees: i64,
}

/// A refunded return's store credit (once per return, by its entry's key) and, for an
/// invoiced order, its credit note for the refunded lines, numbered in this transaction.
fn settle_refund(
    conn: &mut AnyConnection,
    id: &str,
    user: &str,
    credit_rupees: i64,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    let (order_id, invoice_no): (String, Option<String>) = returns::table
        .inner_join(orders::table)
        .filter(returns::id.eq(id))
        .select((orders::id, orders::invoice_no))
        .first(conn)?;
    let order = OrderId::new(order_id);
    if credit_rupees > 0 {
        credit::grant(
            conn,
            &CreditGrant {
                user: UserId::new(user),
                amount_rupees: credit_rupees,
                reason: CreditReason::ReturnRefund {
                    order: order.clone(),
                    return_id: id.to_owned(),
                },
                at,
            },
        )?;
    }
    if invoice_no.is_none() {
        return Ok(());
    }
    let refunded: Vec<(i32, i32, i64)> = return_lines::table
        .filter(return_lines::return_id.eq(id))
        .filter(return_lines::kind.eq(ReturnKind::Refund.as_str()))
        .order(return_lines::position)
        .select((
            return_lines::line,
            return_lines::quantity,
            return_lines::amount,
        ))
        .load(conn)?;
    let lines: Vec<CreditedLine> = refunded
        .into_iter()
        .map(|(line, quantity, amount)| {
            Ok(CreditedLine {
                line: usize::try_from(line)
                    .map_err(|_| corrupt(format_args!("line of return {id}")))?,
                quantity: u32::try_from(quantity)
                    .map_err(|_| corrupt(format_args!("quantity of return {id}")))?,
                amount: Paise::from_stored(amount),
            })
        })
        .collect::<QueryResult<_>>()?;
    if lines.is_empty() {
        return Ok(());
    }
    let issued = issue_credit_note(
        conn,
        &CreditNoteIssue {
            order_id: &order,
            source: &CreditNoteSource::Return(id.to_owned()),
            lines: &lines,
            at,
        },
    )?;
    diesel::update(returns::table.find(id))
        .set(returns::credit_note_no.eq(issued.number))
        .execute(conn)?;
    Ok(())
}

#[derive(Queryable)]
struct ClaimRow {
    qc: Option<String>,
    refund_to: Option<String>,
    reference: Option<String>,
    refund_amount: i64,
    payment_method: String,
    payment_id: String,
    amount_rupees: i64,
    credit_used: i64,
}

fn refund_claim_in(conn: &mut AnyConnection, id: &str) -> QueryResult<RefundClaim> {
    let row: ClaimRow = returns::table
        .inner_join(orders::table)
        .filter(returns::id.eq(id))
        .select((
            returns::qc,
            returns::refund_to,
            returns::refund_reference,
            returns::refund_amount,
            orders::payment_method,
            orders::payment_id,
            orders::amount_rupees,
            orders::credit_used,
        ))
        .first(conn)?;
    let bad = |what: &str| corrupt(format_args!("{what} of return {id}"));
    Ok(RefundClaim {
        qc: row.qc.as_deref().and_then(Qc::from_stored),
        refund_to: row
            .refund_to
            .as_deref()
            .map(|to| RefundTo::from_stored(to).ok_or_else(|| bad("refund_to")))
            .transpose()?,
        reference: row.reference,
        refund_amount: Paise::from_stored(row.refund_amount),
        payment_method: PaymentMethod::from_stored(&row.payment_method)
            .ok_or_else(|| bad("payment method"))?,
        payment_id: row.payment_id,
        amount_rupees: row.amount_rupees,
        credit_used_rupees: row.credit_used,
    })
}

#[async_trait]
impl ReturnRepository for DieselReturnRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(order = %new.order))]
    async fn request(&self, new: &NewReturn) -> Result<Return, RepoError<ReturnConflict>> {
        let new = new.clone();
        self.db
            .run_in_write_transaction(move |conn| request_in(conn, &new))
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(return_id = %id, step = ?step))]
    async fn step(
        &self,
        id: &ReturnId,
        step: ReturnStep,
        owner: Option<UserId>,
        note: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| {
                step_in(
                    conn,
                    &id,
                    step,
                    owner.as_ref(),
                    note.as_deref(),
                    at,
                    Also::Nothing,
                )
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(return_id = %id, replacement = %replacement))]
    async fn pick_up(
        &self,
        id: &ReturnId,
        replacement: &OrderId,
        note: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>> {
        let id = id.as_str().to_owned();
        let replacement = replacement.clone();
        self.db
            .run_in_write_transaction(move |conn| {
                step_in(
                    conn,
                    &id,
                    ReturnStep::PickUp,
                    None,
                    note.as_deref(),
                    at,
                    Also::PickUp(&replacement),
                )
            })
            .await
    }

    async fn refund_claim(&self, id: &ReturnId) -> Result<RefundClaim, RepoError> {
        let id = id.as_str().to_owned();
        self.db.run(move |conn| refund_claim_in(conn, &id)).await
    }

    async fn fix_refund(
        &self,
        id: &ReturnId,
        to: RefundTo,
        reference: Option<String>,
    ) -> Result<RefundClaim, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                // Only the first completion fixes it.
                diesel::update(
                    returns::table
                        .find(&id)
                        .filter(returns::refund_to.is_null()),
                )
                .set((
                    returns::refund_to.eq(to.as_str()),
                    returns::refund_reference.eq(reference),
                ))
                .execute(conn)?;
                refund_claim_in(conn, &id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(return_id = %id))]
    async fn complete(
        &self,
        id: &ReturnId,
        reference: Option<String>,
        credit_rupees: i64,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| {
                let completion = Completion {
                    reference: reference.as_deref(),
                    credit_rupees,
                };
                step_in(
                    conn,
                    &id,
                    ReturnStep::Complete,
                    None,
                    None,
                    at,
                    Also::Complete(completion),
                )
            })
            .await
    }

    async fn find(&self, id: &ReturnId) -> Result<Option<Return>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| find_stored(conn, &id).optional())
            .await
    }

    async fn record_pickup(&self, id: &ReturnId, booking: &Booking) -> Result<Return, RepoError> {
        let id = id.as_str().to_owned();
        let booking = booking.clone();
        self.db
            .run(move |conn| {
                record_pickup_in(conn, &id, &booking)?;
                find_stored(conn, &id)
            })
            .await
    }

    async fn find_by_pickup_awb(&self, awb: &Awb) -> Result<Option<ReturnId>, RepoError> {
        let awb = awb.as_str().to_owned();
        let found = self
            .db
            .run(move |conn| return_with_pickup_awb(conn, &awb))
            .await?;
        Ok(found.map(ReturnId::new))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(return_id = %id))]
    async fn mark_arrived(&self, id: &ReturnId, at: DateTime<Utc>) -> Result<Return, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run_in_write_transaction(move |conn| {
                mark_arrived_in(conn, &id, at)?;
                Ok(find_stored(conn, &id)?)
            })
            .await
    }

    async fn for_user(&self, user: &UserId) -> Result<Vec<Return>, RepoError> {
        let user = user.as_str().to_owned();
        self.db
            .run(move |conn| load_where(conn, Some(&user), None))
            .await
    }

    async fn all(&self, status: Option<ReturnStatus>) -> Result<Vec<Return>, RepoError> {
        self.db
            .run(move |conn| load_where(conn, None, status))
            .await
    }
}
