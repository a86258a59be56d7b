//! COD confirmation (decisions D39): `orders.cod_confirmation` and `cod_reminded_at`, and the
//! answers' events in `order_cod_events`. Every step is one conditional `UPDATE`, so of
//! several instances, or parallel deliveries of one reply, exactly one takes it (PostgreSQL
//! re-checks the condition after waiting for a competing writer's row lock; SQLite has one
//! writer).

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::dsl::{exists, not};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::cod::CodConfirmations;
use paduka_domain::OrderId;
use paduka_domain::order::{ANSWERABLE_STATUSES, CodConfirmation, CodEvent};

use crate::db::{
    Broken, Database, broken, corrupt, from_db_time, repo_error, to_db_time, write_transaction,
};
use crate::schema::{order_cod_events, orders, shipments};

#[derive(Debug, Clone)]
pub struct DieselCodConfirmations {
    db: Database,
}

impl DieselCodConfirmations {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

const AWAITING: &str = "awaiting";

#[async_trait]
impl CodConfirmations for DieselCodConfirmations {
    async fn confirm(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let id = order.as_str().to_owned();
        let confirmable: Vec<&str> = CodConfirmation::CONFIRMABLE
            .iter()
            .map(|c| c.as_str())
            .collect();
        let answerable: Vec<&str> = ANSWERABLE_STATUSES.iter().map(|s| s.as_str()).collect();
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    let has_shipment = shipments::table.filter(shipments::order_id.eq(&id));
                    let moved = diesel::update(orders::table)
                        .filter(orders::id.eq(&id))
                        .filter(orders::cod_confirmation.eq_any(&confirmable))
                        .filter(orders::status.eq_any(&answerable))
                        .filter(not(exists(has_shipment)))
                        .set((
                            orders::cod_confirmation.eq(CodConfirmation::Confirmed.as_str()),
                            orders::updated_at.eq(to_db_time(at)),
                        ))
                        .execute(conn)?;
                    if moved == 0 {
                        return Ok(false);
                    }
                    diesel::insert_into(order_cod_events::table)
                        .values((
                            order_cod_events::order_id.eq(&id),
                            order_cod_events::event.eq(event.as_str()),
                            order_cod_events::at.eq(to_db_time(at)),
                        ))
                        .execute(conn)?;
                    Ok(true)
                })
            })
            .await
    }

    async fn record_event(
        &self,
        order: &OrderId,
        event: CodEvent,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let id = order.as_str().to_owned();
        self.db
            .run_raw(move |conn| {
                let inserted = diesel::insert_into(order_cod_events::table)
                    .values((
                        order_cod_events::order_id.eq(&id),
                        order_cod_events::event.eq(event.as_str()),
                        order_cod_events::at.eq(to_db_time(at)),
                    ))
                    .execute(conn);
                match inserted {
                    Ok(_) => Ok(true),
                    // The order has it already: a repeated answer adds nothing.
                    Err(error) if matches!(broken(&error), Some(Broken::Unique(_))) => Ok(false),
                    Err(error) => Err(repo_error(error)),
                }
            })
            .await
    }

    async fn events(&self, order: &OrderId) -> Result<Vec<(CodEvent, DateTime<Utc>)>, RepoError> {
        let id = order.as_str().to_owned();
        self.db
            .run(move |conn| {
                let rows: Vec<(String, NaiveDateTime)> = order_cod_events::table
                    .filter(order_cod_events::order_id.eq(&id))
                    .order((order_cod_events::at.asc(), order_cod_events::event.asc()))
                    .select((order_cod_events::event, order_cod_events::at))
                    .load(conn)?;
                rows.into_iter()
                    .map(|(event, at)| {
                        let event = CodEvent::from_stored(&event)
                            .ok_or_else(|| corrupt(format_args!("a COD event of order {id}")))?;
                        Ok((event, from_db_time(at)))
                    })
                    .collect()
            })
            .await
    }

    async fn awaiting(
        &self,
        remind_by: DateTime<Utc>,
        give_up_by: DateTime<Utc>,
        limit: u32,
    ) -> Result<Vec<(OrderId, bool)>, RepoError> {
        self.db
            .run(move |conn| {
                let due = orders::created_at
                    .le(to_db_time(give_up_by))
                    .or(orders::cod_reminded_at
                        .is_null()
                        .and(orders::created_at.le(to_db_time(remind_by))));
                // Only orders an answer may still change: one shipped or cancelled while
                // awaiting stays `awaiting` and must not fill every batch.
                let answerable: Vec<&str> =
                    ANSWERABLE_STATUSES.iter().map(|s| s.as_str()).collect();
                let has_shipment = shipments::table.filter(shipments::order_id.eq(orders::id));
                let rows: Vec<(String, Option<NaiveDateTime>)> = orders::table
                    .filter(orders::cod_confirmation.eq(AWAITING))
                    .filter(orders::status.eq_any(answerable))
                    .filter(not(exists(has_shipment)))
                    .filter(due)
                    .order((orders::created_at.asc(), orders::id.asc()))
                    .limit(i64::from(limit))
                    .select((orders::id, orders::cod_reminded_at))
                    .load(conn)?;
                Ok(rows
                    .into_iter()
                    .map(|(id, reminded)| (OrderId::new(id), reminded.is_some()))
                    .collect())
            })
            .await
    }

    async fn take_reminder(&self, order: &OrderId, at: DateTime<Utc>) -> Result<bool, RepoError> {
        let id = order.as_str().to_owned();
        self.db
            .run(move |conn| {
                let taken = diesel::update(orders::table)
                    .filter(orders::id.eq(&id))
                    .filter(orders::cod_confirmation.eq(AWAITING))
                    .filter(orders::cod_reminded_at.is_null())
                    .set(orders::cod_reminded_at.eq(to_db_time(at)))
                    .execute(conn)?;
                Ok(taken == 1)
            })
            .await
    }

    async fn give_up(&self, order: &OrderId, at: DateTime<Utc>) -> Result<bool, RepoError> {
        let id = order.as_str().to_owned();
        self.db
            .run(move |conn| {
                let moved = diesel::update(orders::table)
                    .filter(orders::id.eq(&id))
                    .filter(orders::cod_confirmation.eq(AWAITING))
                    .set((
                        orders::cod_confirmation.eq(CodConfirmation::Unanswered.as_str()),
                        orders::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)?;
                Ok(moved == 1)
            })
            .await
    }
}
