//! GST credit notes in `credit_notes`, numbered from `credit_note_counters` (decisions D22).
//!
//! A credit note is issued by [`issue_credit_note`] inside the transaction that decides it
//! (an order's `Returned to origin` here, a return's completion in the returns adapter), so
//! the note and what it credits commit or roll back together.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::orders::CreditNoteRepository;
use paduka_domain::invoice::{
    CreditNote, CreditNoteSource, CreditedLine, FinancialYear, credit_note_number,
};
use paduka_domain::{OrderId, Paise};
use serde::{Deserialize, Serialize};

use crate::db::{AnyConnection, Database, corrupt, from_db_time, to_db_time, write_transaction};
use crate::schema::{credit_note_counters, credit_notes};

/// A credit note to issue: on which order, for what, which lines (each with its amount, tax
/// included, in paise), when.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditNoteIssue<'a> {
    pub order_id: &'a OrderId,
    pub source: &'a CreditNoteSource,
    /// Not empty; the amounts are the lines' shares of the order's amount (for a return, the
    /// return's lines' `amount`s; for an RTO, [`CreditedLine::whole_invoice`]).
    pub lines: &'a [CreditedLine],
    pub at: DateTime<Utc>,
}

/// What [`issue_credit_note`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IssuedCreditNote {
    /// `CN/26-27/000001`.
    pub number: String,
    /// `false`: the source had its note already, and this is its number.
    pub issued_now: bool,
}

/// A credited line as `credit_notes.lines` keeps it: `{line, quantity, amount}`, amount in
/// paise.
#[derive(Serialize, Deserialize)]
struct LineJson {
    line: usize,
    quantity: u32,
    amount: i64,
}

/// Issues the credit note of `issue.source` inside the caller's open write transaction
/// (`conn` is the caller's, e.g. the one that completes a return: call it after the return's
/// row is locked, before commit), or gives back the number already issued for that source.
///
/// Its number is the next of the financial year of `issue.at` (India time), taken from
/// `credit_note_counters`: the year's counter row is created if need be and locked (`FOR
/// UPDATE` on PostgreSQL; SQLite's write transaction holds the database) before the source is
/// looked up, so two issuers of one source queue and the second finds the first's note, and
/// numbers are given in commit order, a rolled-back one given again: no gap, no repeat. The
/// note's `amount` is the sum of the lines' amounts.
pub fn issue_credit_note(
    conn: &mut AnyConnection,
    issue: &CreditNoteIssue<'_>,
) -> QueryResult<IssuedCreditNote> {
    let year = FinancialYear::of(issue.at);
    let create = diesel::insert_into(credit_note_counters::table)
        .values((
            credit_note_counters::financial_year.eq(year.first_year()),
            credit_note_counters::last_number.eq(0_i64),
        ))
        .on_conflict_do_nothing();
    match conn {
        AnyConnection::Postgresql(pg) => create.execute(pg)?,
        AnyConnection::Sqlite(sqlite) => create.execute(sqlite)?,
    };
    let counter = credit_note_counters::table
        .find(year.first_year())
        .select(credit_note_counters::last_number);
    let last: i64 = match conn {
        AnyConnection::Postgresql(pg) => counter.for_update().first(pg)?,
        AnyConnection::Sqlite(_) => counter.first(conn)?,
    };
    let key = issue.source.key();
    let existing = credit_notes::table
        .filter(credit_notes::source.eq(&key))
        .select(credit_notes::number)
        .first::<String>(conn)
        .optional()?;
    if let Some(number) = existing {
        return Ok(IssuedCreditNote {
            number,
            issued_now: false,
        });
    }
    let sequence = last + 1;
    diesel::update(credit_note_counters::table.find(year.first_year()))
        .set(credit_note_counters::last_number.eq(sequence))
        .execute(conn)?;
    let n = u64::try_from(sequence)
        .map_err(|_| corrupt(format_args!("credit note counter of {year}")))?;
    let number = credit_note_number(year, n);
    let lines: Vec<LineJson> = issue
        .lines
        .iter()
        .map(|l| LineJson {
            line: l.line,
            quantity: l.quantity,
            amount: l.amount.paise(),
        })
        .collect();
    let json = serde_json::to_string(&lines).map_err(|e| corrupt(format_args!("{e}")))?;
    diesel::insert_into(credit_notes::table)
        .values((
            credit_notes::number.eq(&number),
            credit_notes::financial_year.eq(year.first_year()),
            credit_notes::sequence.eq(sequence),
            credit_notes::order_id.eq(issue.order_id.as_str()),
            credit_notes::source.eq(&key),
            credit_notes::return_id.eq(issue.source.return_id()),
            credit_notes::issued_at.eq(to_db_time(issue.at)),
            credit_notes::amount.eq(issue.lines.iter().map(|l| l.amount.paise()).sum::<i64>()),
            credit_notes::lines.eq(json),
        ))
        .execute(conn)?;
    Ok(IssuedCreditNote {
        number,
        issued_now: true,
    })
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = credit_notes)]
struct CreditNoteRow {
    number: String,
    order_id: String,
    source: String,
    issued_at: NaiveDateTime,
    amount: i64,
    lines: String,
}

impl TryFrom<CreditNoteRow> for CreditNote {
    type Error = diesel::result::Error;

    fn try_from(row: CreditNoteRow) -> QueryResult<Self> {
        let number = &row.number;
        let lines: Vec<LineJson> = serde_json::from_str(&row.lines)
            .map_err(|_| corrupt(format_args!("lines of credit note {number}")))?;
        Ok(Self {
            source: CreditNoteSource::from_key(&row.source)
                .ok_or_else(|| corrupt(format_args!("source of credit note {number}")))?,
            order_id: OrderId::new(row.order_id),
            issued_at: from_db_time(row.issued_at),
            amount: Paise::from_stored(row.amount),
            lines: lines
                .into_iter()
                .map(|l| CreditedLine {
                    line: l.line,
                    quantity: l.quantity,
                    amount: Paise::from_stored(l.amount),
                })
                .collect(),
            number: row.number,
        })
    }
}

/// The credit note issued for `source`, read in the caller's connection.
pub fn credit_note_for_source(
    conn: &mut AnyConnection,
    source: &CreditNoteSource,
) -> QueryResult<Option<CreditNote>> {
    credit_notes::table
        .filter(credit_notes::source.eq(source.key()))
        .select(CreditNoteRow::as_select())
        .first(conn)
        .optional()?
        .map(CreditNote::try_from)
        .transpose()
}

/// Reads credit notes back (the port); issuing is [`issue_credit_note`]'s.
#[derive(Debug, Clone)]
pub struct DieselCreditNoteRepository {
    db: Database,
}

impl DieselCreditNoteRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }

    /// [`issue_credit_note`] in a transaction of its own, for a caller that has no other
    /// write to make with it.
    pub async fn issue(
        &self,
        order_id: OrderId,
        source: CreditNoteSource,
        lines: Vec<CreditedLine>,
        at: DateTime<Utc>,
    ) -> Result<IssuedCreditNote, RepoError> {
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    issue_credit_note(
                        conn,
                        &CreditNoteIssue {
                            order_id: &order_id,
                            source: &source,
                            lines: &lines,
                            at,
                        },
                    )
                })
            })
            .await
    }
}

#[async_trait]
impl CreditNoteRepository for DieselCreditNoteRepository {
    async fn find(&self, number: &str) -> Result<Option<CreditNote>, RepoError> {
        let number = number.to_owned();
        self.db
            .run(move |conn| {
                credit_notes::table
                    .find(number)
                    .select(CreditNoteRow::as_select())
                    .first(conn)
                    .optional()?
                    .map(CreditNote::try_from)
                    .transpose()
            })
            .await
    }

    async fn for_source(&self, source: &CreditNoteSource) -> Result<Option<CreditNote>, RepoError> {
        let source = source.clone();
        self.db
            .run(move |conn| credit_note_for_source(conn, &source))
            .await
    }
}
