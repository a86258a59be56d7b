use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::checkout::{
    CartLine, CheckoutIntent, CheckoutIntentRepository, IntentConflict, IntentRefund,
    WebhookEventRepository,
};
use paduka_domain::{ProductId, State, UserId};

use crate::db::{
    AnyConnection, Broken, Database, IN_CHUNK, MultiBackend, Stop, broken, corrupt, from_db_time,
    to_db_time, too_large, write_transaction,
};
use crate::schema::{checkout_intent_lines, checkout_intents, orders, payment_events};

/// Checkout intents in `checkout_intents` and `checkout_intent_lines`, with the refund claimed
/// for an unfillable payment (`refund_payment_id`, `refund_id`, `refund_claimed_at`).
///
/// A refund id is only kept with its claimed payment, so `record_refund` on an intent without
/// a claim is `NoClaim`.
#[derive(Debug, Clone)]
pub struct DieselCheckoutIntentRepository {
    db: Database,
}

impl DieselCheckoutIntentRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A stored checkout intent, without its lines.
#[derive(Queryable, Selectable)]
#[diesel(table_name = checkout_intents)]
struct IntentRow {
    provider_order_id: String,
    receipt: String,
    user_id: Option<String>,
    amount_rupees: i64,
    address: String,
    pincode: String,
    created_at: NaiveDateTime,
    refund_payment_id: Option<String>,
    refund_id: Option<String>,
    refund_claimed_at: Option<NaiveDateTime>,
    coupon_code: Option<String>,
    state: Option<String>,
    credit_used: i64,
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = checkout_intent_lines)]
struct IntentLineRow {
    provider_order_id: String,
    product_id: String,
    variant_index: i32,
    quantity: i32,
}

/// The lines of these intents, each intent's in `position` order.
fn lines_of(
    conn: &mut AnyConnection,
    ids: &[String],
) -> QueryResult<HashMap<String, Vec<CartLine>>> {
    let mut by_intent: HashMap<String, Vec<CartLine>> = HashMap::new();
    for chunk in ids.chunks(IN_CHUNK) {
        let rows = checkout_intent_lines::table
            .filter(checkout_intent_lines::provider_order_id.eq_any(chunk))
            .order((
                checkout_intent_lines::provider_order_id,
                checkout_intent_lines::position,
            ))
            .select(IntentLineRow::as_select())
            .load(conn)?;
        for row in rows {
            let line = cart_line(&row)?;
            by_intent
                .entry(row.provider_order_id)
                .or_default()
                .push(line);
        }
    }
    Ok(by_intent)
}

fn cart_line(row: &IntentLineRow) -> QueryResult<CartLine> {
    let intent = &row.provider_order_id;
    Ok(CartLine {
        product: ProductId::new(row.product_id.clone()),
        variant: u32::try_from(row.variant_index)
            .map_err(|_| corrupt(format_args!("variant of a line of intent {intent}")))?,
        quantity: u32::try_from(row.quantity)
            .map_err(|_| corrupt(format_args!("quantity of a line of intent {intent}")))?,
    })
}

/// One intent with its lines, in one query: a payment reads its intent twice (the sandbox's
/// ownership rule, then the signature check), and each round trip to PostgreSQL costs the
/// server more than the rows it brings (docs/performance.md, checkout).
fn find_in(conn: &mut AnyConnection, id: &str) -> QueryResult<Option<CheckoutIntent>> {
    let rows = checkout_intents::table
        .left_join(checkout_intent_lines::table)
        .filter(checkout_intents::provider_order_id.eq(id))
        .order(checkout_intent_lines::position)
        .select((IntentRow::as_select(), Option::<IntentLineRow>::as_select()))
        .load::<(IntentRow, Option<IntentLineRow>)>(conn)?;
    let mut lines = Vec::with_capacity(rows.len());
    let mut intent = None;
    for (row, line) in rows {
        if let Some(line) = line {
            lines.push(cart_line(&line)?);
        }
        intent.get_or_insert(row);
    }
    intent.map(|row| intent_of(row, lines)).transpose()
}

/// The intents the query finds, in its order, with their lines.
fn load_intents(
    conn: &mut AnyConnection,
    query: checkout_intents::BoxedQuery<'static, MultiBackend>,
) -> QueryResult<Vec<CheckoutIntent>> {
    let rows = query.select(IntentRow::as_select()).load(conn)?;
    let ids: Vec<String> = rows
        .iter()
        .map(|row| row.provider_order_id.clone())
        .collect();
    let mut lines = lines_of(conn, &ids)?;
    rows.into_iter()
        .map(|row| {
            let lines = lines.remove(&row.provider_order_id).unwrap_or_default();
            intent_of(row, lines)
        })
        .collect()
}

/// The intent a stored row and its lines make.
fn intent_of(row: IntentRow, lines: Vec<CartLine>) -> QueryResult<CheckoutIntent> {
    let provider_order_id = row.provider_order_id;
    let refund = match (row.refund_payment_id, row.refund_claimed_at) {
        (None, _) => None,
        (Some(payment_id), Some(claimed_at)) => Some(IntentRefund {
            payment_id,
            refund_id: row.refund_id,
            claimed_at: from_db_time(claimed_at),
        }),
        (Some(_), None) => {
            return Err(corrupt(format_args!(
                "refund claim of intent {provider_order_id} has no time"
            )));
        }
    };
    let state = row
        .state
        .map(|state| State::parse(&state))
        .transpose()
        .map_err(|_| corrupt(format_args!("state of intent {provider_order_id}")))?;
    Ok(CheckoutIntent {
        state,
        lines,
        provider_order_id,
        receipt: row.receipt,
        user: row.user_id.map(UserId::new),
        address: row.address,
        pincode: row.pincode,
        amount_rupees: row.amount_rupees,
        credit_used_rupees: row.credit_used,
        coupon: row.coupon_code,
        created_at: from_db_time(row.created_at),
        refund,
    })
}

fn save_in(conn: &mut AnyConnection, intent: &CheckoutIntent) -> QueryResult<()> {
    write_transaction(conn, |conn| {
        let id = intent.provider_order_id.as_str();
        let refund = intent.refund.as_ref();
        diesel::insert_into(checkout_intents::table)
            .values((
                checkout_intents::provider_order_id.eq(id),
                checkout_intents::receipt.eq(&intent.receipt),
                checkout_intents::user_id.eq(intent.user.as_ref().map(UserId::as_str)),
                checkout_intents::amount_rupees.eq(intent.amount_rupees),
                checkout_intents::address.eq(&intent.address),
                checkout_intents::pincode.eq(&intent.pincode),
                checkout_intents::created_at.eq(to_db_time(intent.created_at)),
                checkout_intents::refund_payment_id.eq(refund.map(|r| r.payment_id.as_str())),
                checkout_intents::refund_id.eq(refund.and_then(|r| r.refund_id.as_deref())),
                checkout_intents::refund_claimed_at.eq(refund.map(|r| to_db_time(r.claimed_at))),
                checkout_intents::coupon_code.eq(intent.coupon.as_deref()),
                checkout_intents::state.eq(intent.state.map(State::name)),
                checkout_intents::credit_used.eq(intent.credit_used_rupees),
            ))
            .execute(conn)?;
        for (position, line) in intent.lines.iter().enumerate() {
            diesel::insert_into(checkout_intent_lines::table)
                .values((
                    checkout_intent_lines::provider_order_id.eq(id),
                    checkout_intent_lines::position
                        .eq(i32::try_from(position).map_err(|_| too_large("line position"))?),
                    checkout_intent_lines::product_id.eq(line.product.as_str()),
                    checkout_intent_lines::variant_index
                        .eq(i32::try_from(line.variant).map_err(|_| too_large("variant index"))?),
                    checkout_intent_lines::quantity
                        .eq(i32::try_from(line.quantity).map_err(|_| too_large("quantity"))?),
                ))
                .execute(conn)?;
        }
        Ok(())
    })
}

/// The constraints saving an intent can break.
fn duplicate_intent(broken: &Broken<'_>) -> Option<IntentConflict> {
    matches!(
        broken,
        Broken::Unique(Some(
            "checkout_intents_pkey" | "checkout_intents_receipt_key"
        ))
    )
    .then_some(IntentConflict::DuplicateIntent)
}

fn claim_in(
    conn: &mut AnyConnection,
    provider_order_id: &str,
    payment_id: &str,
    at: NaiveDateTime,
) -> Result<(), Stop<IntentConflict>> {
    // Lock the intent's row: `OrderRepository::place` reads it the same way.
    let claim = checkout_intents::table
        .find(provider_order_id)
        .select(checkout_intents::refund_payment_id);
    let claim = match conn {
        AnyConnection::Postgresql(pg) => claim.for_update().first::<Option<String>>(pg),
        AnyConnection::Sqlite(_) => claim.first::<Option<String>>(conn),
    }?;
    let honoured = orders::table
        .filter(
            orders::payment_id
                .eq(payment_id)
                .or(orders::provider_order_id.eq(provider_order_id)),
        )
        .select(orders::id)
        .first::<String>(conn)
        .optional()?;
    if honoured.is_some() {
        return Err(Stop::Conflict(IntentConflict::OrderPlaced));
    }
    match claim {
        Some(claimed) if claimed == payment_id => Ok(()),
        Some(_) => Err(Stop::Conflict(IntentConflict::OtherPaymentClaimed)),
        None => {
            diesel::update(checkout_intents::table.find(provider_order_id))
                .set((
                    checkout_intents::refund_payment_id.eq(payment_id),
                    checkout_intents::refund_claimed_at.eq(at),
                    checkout_intents::refund_id.eq(None::<String>),
                ))
                .execute(conn)?;
            Ok(())
        }
    }
}

#[async_trait]
impl CheckoutIntentRepository for DieselCheckoutIntentRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(provider_order_id = %intent.provider_order_id))]
    async fn save(&self, intent: &CheckoutIntent) -> Result<(), RepoError<IntentConflict>> {
        let intent = intent.clone();
        self.db
            .run_with(move |conn| save_in(conn, &intent), duplicate_intent)
            .await
    }

    async fn find(&self, provider_order_id: &str) -> Result<Option<CheckoutIntent>, RepoError> {
        let id = provider_order_id.to_owned();
        self.db.run(move |conn| find_in(conn, &id)).await
    }

    async fn recent_for_user(
        &self,
        user: &UserId,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError> {
        let user = user.as_str().to_owned();
        let limit = i64::from(limit);
        self.db
            .run(move |conn| {
                let query = checkout_intents::table
                    .filter(checkout_intents::user_id.eq(user))
                    .order((
                        checkout_intents::created_at.desc(),
                        checkout_intents::provider_order_id.desc(),
                    ))
                    .limit(limit)
                    .into_boxed();
                load_intents(conn, query)
            })
            .await
    }

    async fn unsettled(
        &self,
        since: DateTime<Utc>,
        until: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<CheckoutIntent>, RepoError> {
        let (since, until) = (to_db_time(since), to_db_time(until));
        let limit = i64::from(limit);
        self.db
            .run(move |conn| {
                let placed = orders::table.select(orders::provider_order_id);
                let query = checkout_intents::table
                    .filter(checkout_intents::created_at.ge(since))
                    .filter(checkout_intents::created_at.lt(until))
                    .filter(checkout_intents::refund_payment_id.is_null())
                    .filter(checkout_intents::provider_order_id.ne_all(placed))
                    .order((
                        checkout_intents::created_at.asc(),
                        checkout_intents::provider_order_id.asc(),
                    ))
                    .limit(limit)
                    .into_boxed();
                load_intents(conn, query)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self, at))]
    async fn claim_refund(
        &self,
        provider_order_id: &str,
        payment_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError<IntentConflict>> {
        let id = provider_order_id.to_owned();
        let payment_id = payment_id.to_owned();
        let at = to_db_time(at);
        self.db
            .run_in_write_transaction(move |conn| claim_in(conn, &id, &payment_id, at))
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn record_refund(
        &self,
        provider_order_id: &str,
        refund_id: &str,
    ) -> Result<(), RepoError<IntentConflict>> {
        let id = provider_order_id.to_owned();
        let refund_id = refund_id.to_owned();
        let changed = self
            .db
            .run(move |conn| {
                let changed = diesel::update(
                    checkout_intents::table
                        .find(&id)
                        .filter(checkout_intents::refund_payment_id.is_not_null()),
                )
                .set(checkout_intents::refund_id.eq(&refund_id))
                .execute(conn)?;
                if changed > 0 {
                    return Ok(true);
                }
                // Unknown (`NotFound`), or known without a claim to record it on.
                checkout_intents::table
                    .find(&id)
                    .select(checkout_intents::provider_order_id)
                    .first::<String>(conn)?;
                Ok(false)
            })
            .await?;
        if changed {
            Ok(())
        } else {
            Err(RepoError::Conflict(IntentConflict::NoClaim))
        }
    }
}

/// Webhooks already handled, in `payment_events`.
#[derive(Debug, Clone)]
pub struct DieselWebhookEventRepository {
    db: Database,
}

impl DieselWebhookEventRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl WebhookEventRepository for DieselWebhookEventRepository {
    async fn is_handled(&self, event_id: &str) -> Result<bool, RepoError> {
        let event_id = event_id.to_owned();
        self.db
            .run(move |conn| {
                Ok(payment_events::table
                    .find(event_id)
                    .select(payment_events::event_id)
                    .first::<String>(conn)
                    .optional()?
                    .is_some())
            })
            .await
    }

    async fn mark_handled(&self, event_id: &str, at: DateTime<Utc>) -> Result<(), RepoError> {
        let event_id = event_id.to_owned();
        self.db
            .run(move |conn| {
                let inserted = diesel::insert_into(payment_events::table)
                    .values((
                        payment_events::event_id.eq(&event_id),
                        payment_events::received_at.eq(to_db_time(at)),
                    ))
                    .execute(conn);
                match inserted {
                    // Handled twice (two deliveries raced): the first record stands.
                    Err(error)
                        if broken(&error) == Some(Broken::Unique(Some("payment_events_pkey"))) =>
                    {
                        Ok(())
                    }
                    other => other.map(drop),
                }
            })
            .await
    }
}
