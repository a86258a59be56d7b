//! WhatsApp messages in `whatsapp_messages` and button replies in `whatsapp_replies`
//! (decisions D37). The messages table is also the send queue: a worker claims a row with a
//! conditional `UPDATE` (its token and a lease), so on several instances each message is
//! sent by one of them, and a worker that died leaves its rows to whoever claims after the
//! lease ran out.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::Error as DieselError;
use paduka_application::RepoError;
use paduka_application::whatsapp::{Enqueued, KeptMessage, NewMessage, Reply, WhatsAppMessages};
use paduka_domain::OrderId;
use paduka_domain::whatsapp::{
    Button, CodAnswer, MessageKind, MessageStatus, Template, WhatsAppNumber,
};
use serde::{Deserialize, Serialize};

use crate::db::{
    AnyConnection, Broken, Database, broken, corrupt, from_db_time, repo_error, to_db_time,
    write_transaction,
};
use crate::schema::{orders, whatsapp_messages, whatsapp_replies};

#[derive(Debug, Clone)]
pub struct DieselWhatsAppMessages {
    db: Database,
}

impl DieselWhatsAppMessages {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

/// A template's values as the `template` column keeps them.
#[derive(Serialize, Deserialize)]
struct KeptTemplate {
    body: Vec<String>,
    buttons: Vec<KeptButton>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
enum KeptButton {
    QuickReply(String),
    Url(String),
}

fn template_json(template: &Template) -> String {
    let kept = KeptTemplate {
        body: template.body.clone(),
        buttons: template
            .buttons
            .iter()
            .map(|button| match button {
                Button::QuickReply { payload } => KeptButton::QuickReply(payload.clone()),
                Button::Url { suffix } => KeptButton::Url(suffix.clone()),
            })
            .collect(),
    };
    serde_json::to_string(&kept).unwrap_or_else(|_| r#"{"body":[],"buttons":[]}"#.into())
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = whatsapp_messages)]
struct MessageRow {
    id: String,
    order_id: String,
    kind: String,
    recipient: String,
    template: String,
    wa_message_id: Option<String>,
    status: String,
    error: Option<String>,
    attempts: i32,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

impl TryFrom<MessageRow> for KeptMessage {
    type Error = DieselError;

    fn try_from(row: MessageRow) -> Result<Self, DieselError> {
        let bad = |what: &str| corrupt(format_args!("{what} of WhatsApp message {}", row.id));
        let kept: KeptTemplate =
            serde_json::from_str(&row.template).map_err(|_| bad("template"))?;
        Ok(Self {
            template: Template {
                kind: MessageKind::parse(&row.kind).ok_or_else(|| bad("kind"))?,
                body: kept.body,
                buttons: kept
                    .buttons
                    .into_iter()
                    .map(|button| match button {
                        KeptButton::QuickReply(payload) => Button::QuickReply { payload },
                        KeptButton::Url(suffix) => Button::Url { suffix },
                    })
                    .collect(),
            },
            to: WhatsAppNumber::parse(&row.recipient).ok_or_else(|| bad("recipient"))?,
            status: MessageStatus::parse(&row.status).ok_or_else(|| bad("status"))?,
            attempts: u32::try_from(row.attempts).map_err(|_| bad("attempts"))?,
            id: row.id,
            order: OrderId::new(row.order_id),
            wa_message_id: row.wa_message_id,
            error: row.error,
            created_at: from_db_time(row.created_at),
            updated_at: from_db_time(row.updated_at),
        })
    }
}

fn read(rows: Vec<MessageRow>) -> QueryResult<Vec<KeptMessage>> {
    rows.into_iter().map(KeptMessage::try_from).collect()
}

const QUEUED: &str = "queued";

/// Keeps `message` unless its order has a live one of its kind, the order's row locked first
/// on PostgreSQL (SQLite's write transaction is one writer already).
fn enqueue_in(conn: &mut AnyConnection, message: &NewMessage) -> QueryResult<Enqueued> {
    let order = orders::table
        .find(message.order.as_str())
        .select(orders::id);
    match conn {
        AnyConnection::Postgresql(pg) => order.for_update().first::<String>(pg),
        AnyConnection::Sqlite(_) => order.first::<String>(conn),
    }?;
    let kind = message.template.kind.as_str();
    let live = whatsapp_messages::table
        .filter(whatsapp_messages::order_id.eq(message.order.as_str()))
        .filter(whatsapp_messages::kind.eq(kind))
        .filter(whatsapp_messages::status.ne(MessageStatus::Failed.as_str()))
        .select(whatsapp_messages::id)
        .first::<String>(conn)
        .optional()?;
    if live.is_some() {
        return Ok(Enqueued::Exists);
    }
    let at = to_db_time(message.at);
    diesel::insert_into(whatsapp_messages::table)
        .values((
            whatsapp_messages::id.eq(&message.id),
            whatsapp_messages::order_id.eq(message.order.as_str()),
            whatsapp_messages::kind.eq(kind),
            whatsapp_messages::recipient.eq(message.to.as_str()),
            whatsapp_messages::template.eq(template_json(&message.template)),
            whatsapp_messages::status.eq(QUEUED),
            whatsapp_messages::attempts.eq(0),
            whatsapp_messages::next_attempt_at.eq(at),
            whatsapp_messages::created_at.eq(at),
            whatsapp_messages::updated_at.eq(at),
        ))
        .execute(conn)?;
    Ok(Enqueued::Queued)
}

/// Claims what is due for `token`: each row by a conditional `UPDATE` that only a row still
/// queued and unheld matches (PostgreSQL re-reads the row after waiting for another claimer's
/// lock, so two instances never both win it).
fn claim_in(
    conn: &mut AnyConnection,
    now: NaiveDateTime,
    until: NaiveDateTime,
    token: &str,
    limit: i64,
) -> QueryResult<Vec<KeptMessage>> {
    let free = whatsapp_messages::claimed_until
        .is_null()
        .or(whatsapp_messages::claimed_until.le(now));
    let due: Vec<String> = whatsapp_messages::table
        .filter(whatsapp_messages::status.eq(QUEUED))
        .filter(whatsapp_messages::next_attempt_at.le(now))
        .filter(free)
        .order((
            whatsapp_messages::next_attempt_at.asc(),
            whatsapp_messages::id.asc(),
        ))
        .select(whatsapp_messages::id)
        .limit(limit)
        .load(conn)?;
    for id in due {
        let free = whatsapp_messages::claimed_until
            .is_null()
            .or(whatsapp_messages::claimed_until.le(now));
        diesel::update(
            whatsapp_messages::table
                .find(id)
                .filter(whatsapp_messages::status.eq(QUEUED))
                .filter(free),
        )
        .set((
            whatsapp_messages::claim.eq(token),
            whatsapp_messages::claimed_until.eq(until),
            whatsapp_messages::attempts.eq(whatsapp_messages::attempts + 1),
        ))
        .execute(conn)?;
    }
    let rows = whatsapp_messages::table
        .filter(whatsapp_messages::claim.eq(token))
        .filter(whatsapp_messages::status.eq(QUEUED))
        .order((
            whatsapp_messages::next_attempt_at.asc(),
            whatsapp_messages::id.asc(),
        ))
        .select(MessageRow::as_select())
        .load(conn)?;
    read(rows)
}

/// What a try's end writes to its claimed message: the claim released, and what the try
/// decided (a field left `None` is not written; `Some(None)` writes NULL).
#[derive(AsChangeset)]
#[diesel(table_name = whatsapp_messages)]
struct Settled {
    status: Option<&'static str>,
    wa_message_id: Option<String>,
    error: Option<Option<String>>,
    next_attempt_at: Option<NaiveDateTime>,
    claim: Option<Option<String>>,
    claimed_until: Option<Option<NaiveDateTime>>,
    updated_at: NaiveDateTime,
}

impl Settled {
    /// The claim released at `at`, nothing else changed.
    fn released(at: DateTime<Utc>) -> Self {
        Self {
            status: None,
            wa_message_id: None,
            error: None,
            next_attempt_at: None,
            claim: Some(None),
            claimed_until: Some(None),
            updated_at: to_db_time(at),
        }
    }
}

impl DieselWhatsAppMessages {
    /// Writes `outcome` to message `id` only while `token`'s claim on it holds: a worker whose
    /// lease ran out (another claimed it since) writes nothing, and `NotFound` says so.
    async fn settle(&self, id: &str, token: &str, outcome: Settled) -> Result<(), RepoError> {
        let (id, token) = (id.to_owned(), token.to_owned());
        self.db
            .write_one(move |conn| {
                diesel::update(
                    whatsapp_messages::table
                        .find(id)
                        .filter(whatsapp_messages::claim.eq(token))
                        .filter(whatsapp_messages::status.eq(QUEUED)),
                )
                .set(outcome)
                .execute(conn)
            })
            .await
    }
}

#[async_trait]
impl WhatsAppMessages for DieselWhatsAppMessages {
    async fn enqueue(&self, message: &NewMessage) -> Result<Enqueued, RepoError> {
        let message = message.clone();
        self.db
            .run_raw(move |conn| {
                match write_transaction(conn, |conn| enqueue_in(conn, &message)) {
                    Ok(enqueued) => Ok(enqueued),
                    // Another caller kept one between our look and our insert.
                    Err(error) if matches!(broken(&error), Some(Broken::Unique(_))) => {
                        Ok(Enqueued::Exists)
                    }
                    Err(error) => Err(repo_error(error)),
                }
            })
            .await
    }

    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
        token: &str,
        limit: u32,
    ) -> Result<Vec<KeptMessage>, RepoError> {
        let token = token.to_owned();
        let (now, until) = (to_db_time(now), to_db_time(until));
        self.db
            .run(move |conn| claim_in(conn, now, until, &token, i64::from(limit)))
            .await
    }

    async fn record_sent(
        &self,
        id: &str,
        token: &str,
        wa_message_id: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let outcome = Settled {
            status: Some(MessageStatus::Sent.as_str()),
            wa_message_id: Some(wa_message_id.to_owned()),
            error: Some(None),
            ..Settled::released(at)
        };
        self.settle(id, token, outcome).await
    }

    async fn record_retry(
        &self,
        id: &str,
        token: &str,
        error: &str,
        next_at: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let outcome = Settled {
            error: Some(Some(error.to_owned())),
            next_attempt_at: Some(to_db_time(next_at)),
            ..Settled::released(at)
        };
        self.settle(id, token, outcome).await
    }

    async fn record_failed(
        &self,
        id: &str,
        token: &str,
        error: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let outcome = Settled {
            status: Some(MessageStatus::Failed.as_str()),
            error: Some(Some(error.to_owned())),
            ..Settled::released(at)
        };
        self.settle(id, token, outcome).await
    }

    async fn record_status(
        &self,
        wa_message_id: &str,
        status: MessageStatus,
        error: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let wa_id = wa_message_id.to_owned();
        let from: Vec<&'static str> = MessageStatus::moved_from(status)
            .into_iter()
            .map(MessageStatus::as_str)
            .collect();
        self.db
            .run(move |conn| {
                // One conditional update: a late or repeated report matches no row.
                let target = whatsapp_messages::table
                    .filter(whatsapp_messages::wa_message_id.eq(wa_id))
                    .filter(whatsapp_messages::status.eq_any(from));
                let at = to_db_time(at);
                let moved = match error {
                    Some(error) => diesel::update(target)
                        .set((
                            whatsapp_messages::status.eq(status.as_str()),
                            whatsapp_messages::error.eq(error),
                            whatsapp_messages::updated_at.eq(at),
                        ))
                        .execute(conn)?,
                    None => diesel::update(target)
                        .set((
                            whatsapp_messages::status.eq(status.as_str()),
                            whatsapp_messages::updated_at.eq(at),
                        ))
                        .execute(conn)?,
                };
                Ok(moved > 0)
            })
            .await
    }

    async fn for_order(&self, order: &OrderId) -> Result<Vec<KeptMessage>, RepoError> {
        let order = order.as_str().to_owned();
        self.db
            .run(move |conn| {
                let rows = whatsapp_messages::table
                    .filter(whatsapp_messages::order_id.eq(order))
                    .order((
                        whatsapp_messages::created_at.asc(),
                        whatsapp_messages::id.asc(),
                    ))
                    .select(MessageRow::as_select())
                    .load(conn)?;
                read(rows)
            })
            .await
    }

    async fn recent(&self, limit: u32) -> Result<Vec<KeptMessage>, RepoError> {
        self.db
            .run(move |conn| {
                let rows = whatsapp_messages::table
                    .order((
                        whatsapp_messages::created_at.desc(),
                        whatsapp_messages::id.desc(),
                    ))
                    .limit(i64::from(limit))
                    .select(MessageRow::as_select())
                    .load(conn)?;
                read(rows)
            })
            .await
    }

    async fn find(&self, id: &str) -> Result<Option<KeptMessage>, RepoError> {
        let id = id.to_owned();
        self.db
            .run(move |conn| {
                let row = whatsapp_messages::table
                    .find(id)
                    .select(MessageRow::as_select())
                    .first(conn)
                    .optional()?;
                row.map(KeptMessage::try_from).transpose()
            })
            .await
    }

    async fn record_reply(&self, reply: &Reply) -> Result<bool, RepoError> {
        let reply = reply.clone();
        self.db
            .run_raw(move |conn| {
                let inserted = diesel::insert_into(whatsapp_replies::table)
                    .values((
                        whatsapp_replies::incoming_id.eq(&reply.incoming_id),
                        whatsapp_replies::order_id.eq(reply.order.as_str()),
                        whatsapp_replies::sender.eq(reply.from.as_str()),
                        whatsapp_replies::answer.eq(reply.answer.as_str()),
                        whatsapp_replies::at.eq(to_db_time(reply.at)),
                    ))
                    .execute(conn);
                match inserted {
                    Ok(_) => Ok(true),
                    // Recorded before: WhatsApp delivered the reply again.
                    Err(error) if matches!(broken(&error), Some(Broken::Unique(_))) => Ok(false),
                    Err(error) => Err(repo_error(error)),
                }
            })
            .await
    }

    async fn replies(&self, order: &OrderId) -> Result<Vec<Reply>, RepoError> {
        let order = order.as_str().to_owned();
        self.db
            .run(move |conn| {
                let rows: Vec<(String, String, String, String, NaiveDateTime)> =
                    whatsapp_replies::table
                        .filter(whatsapp_replies::order_id.eq(order))
                        .order((
                            whatsapp_replies::at.asc(),
                            whatsapp_replies::incoming_id.asc(),
                        ))
                        .select((
                            whatsapp_replies::incoming_id,
                            whatsapp_replies::order_id,
                            whatsapp_replies::sender,
                            whatsapp_replies::answer,
                            whatsapp_replies::at,
                        ))
                        .load(conn)?;
                rows.into_iter()
                    .map(|(incoming_id, order, sender, answer, at)| {
                        let bad =
                            |what: &str| corrupt(format_args!("{what} of reply {incoming_id}"));
                        let answer = match answer.as_str() {
                            "confirm" => CodAnswer::Confirm,
                            "cancel" => CodAnswer::Cancel,
                            _ => return Err(bad("answer")),
                        };
                        Ok(Reply {
                            from: WhatsAppNumber::parse(&sender).ok_or_else(|| bad("sender"))?,
                            incoming_id,
                            order: OrderId::new(order),
                            answer,
                            at: from_db_time(at),
                        })
                    })
                    .collect()
            })
            .await
    }
}
