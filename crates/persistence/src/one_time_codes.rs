use async_trait::async_trait;
use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use paduka_application::RepoError;
use paduka_application::accounts::{
    CodePurpose, OneTimeCode, OneTimeCodeRepository, PendingRegistration,
};
use paduka_domain::contact::Email;

use crate::db::{Database, corrupt, from_db_time, to_db_time, write_transaction};
use crate::schema::one_time_codes;

/// Pending registrations and password resets in `one_time_codes`: one row per purpose and
/// e-mail, holding the code's keyed hash (never the code).
#[derive(Debug, Clone)]
pub struct DieselOneTimeCodeRepository {
    db: Database,
}

impl DieselOneTimeCodeRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = one_time_codes, treat_none_as_null = true)]
struct CodeRow {
    purpose: String,
    email: String,
    code_hash: String,
    attempts: i32,
    expires_at: NaiveDateTime,
    last_sent_at: NaiveDateTime,
    name: Option<String>,
    phone: Option<String>,
    address: Option<String>,
    password_hash: Option<String>,
}

impl CodeRow {
    fn from_code(code: &OneTimeCode) -> QueryResult<Self> {
        let registration = code.registration.as_ref();
        Ok(Self {
            purpose: code.purpose.as_str().to_owned(),
            email: code.email.as_str().to_owned(),
            code_hash: code.code_hash.clone(),
            attempts: i32::try_from(code.attempts)
                .map_err(|_| crate::db::too_large(format_args!("attempts {}", code.attempts)))?,
            expires_at: to_db_time(code.expires_at),
            last_sent_at: to_db_time(code.last_sent_at),
            name: registration.map(|r| r.name.clone()),
            phone: registration.map(|r| r.phone.clone()),
            address: registration.map(|r| r.address.clone()),
            password_hash: registration.map(|r| r.password_hash.clone()),
        })
    }

    fn into_code(self) -> QueryResult<OneTimeCode> {
        let registration = match (self.name, self.phone, self.address, self.password_hash) {
            (Some(name), Some(phone), Some(address), Some(password_hash)) => {
                Some(PendingRegistration {
                    name,
                    phone,
                    address,
                    password_hash,
                })
            }
            (None, None, None, None) => None,
            _ => return Err(corrupt("a pending registration with missing details")),
        };
        Ok(OneTimeCode {
            purpose: CodePurpose::from_stored(&self.purpose)
                .ok_or_else(|| corrupt(format_args!("code purpose {}", self.purpose)))?,
            email: Email::parse(&self.email)
                .map_err(|_| corrupt("the e-mail of a one-time code"))?,
            code_hash: self.code_hash,
            attempts: u32::try_from(self.attempts)
                .map_err(|_| corrupt(format_args!("attempts {}", self.attempts)))?,
            expires_at: from_db_time(self.expires_at),
            last_sent_at: from_db_time(self.last_sent_at),
            registration,
        })
    }
}

fn find_in(
    conn: &mut crate::db::AnyConnection,
    purpose: &str,
    email: &str,
) -> QueryResult<Option<OneTimeCode>> {
    one_time_codes::table
        .find((purpose, email))
        .select(CodeRow::as_select())
        .first::<CodeRow>(conn)
        .optional()?
        .map(CodeRow::into_code)
        .transpose()
}

#[async_trait]
impl OneTimeCodeRepository for DieselOneTimeCodeRepository {
    async fn find(
        &self,
        purpose: CodePurpose,
        email: &Email,
    ) -> Result<Option<OneTimeCode>, RepoError> {
        let email = email.as_str().to_owned();
        self.db
            .run(move |conn| find_in(conn, purpose.as_str(), &email))
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(purpose = code.purpose.as_str()))]
    async fn issue(
        &self,
        code: &OneTimeCode,
        resend_after: DateTime<Utc>,
    ) -> Result<bool, RepoError> {
        let row = CodeRow::from_code(code);
        let resend_after = to_db_time(resend_after);
        self.db
            .run(move |conn| {
                let row = row?;
                // Codes nobody can use any more; this one's predecessor may be among them.
                diesel::delete(
                    one_time_codes::table.filter(one_time_codes::expires_at.lt(row.last_sent_at)),
                )
                .execute(conn)?;
                // Replace a code sent long enough ago. Each statement is atomic: of two
                // requests racing, the second finds the row fresh and changes nothing.
                let replaced = diesel::update(
                    one_time_codes::table
                        .find((&row.purpose, &row.email))
                        .filter(one_time_codes::last_sent_at.le(resend_after)),
                )
                .set(&row)
                .execute(conn)?;
                if replaced == 1 {
                    return Ok(true);
                }
                match diesel::insert_into(one_time_codes::table)
                    .values(&row)
                    .execute(conn)
                {
                    Ok(_) => Ok(true),
                    // A code sent within the wait is there already.
                    Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                        Ok(false)
                    }
                    Err(other) => Err(other),
                }
            })
            .await
    }

    async fn begin_attempt(
        &self,
        purpose: CodePurpose,
        email: &Email,
        max_attempts: u32,
    ) -> Result<Option<OneTimeCode>, RepoError> {
        let email = email.as_str().to_owned();
        let max_attempts = i32::try_from(max_attempts).unwrap_or(i32::MAX);
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    // Counting first, in one statement, caps the tries even when guesses
                    // arrive all at once.
                    let counted = diesel::update(
                        one_time_codes::table
                            .find((purpose.as_str(), &email))
                            .filter(one_time_codes::attempts.lt(max_attempts)),
                    )
                    .set(one_time_codes::attempts.eq(one_time_codes::attempts + 1))
                    .execute(conn)?;
                    if counted == 0 {
                        return Ok(None);
                    }
                    find_in(conn, purpose.as_str(), &email)
                })
            })
            .await
    }

    async fn consume(
        &self,
        purpose: CodePurpose,
        email: &Email,
        code_hash: &str,
    ) -> Result<bool, RepoError> {
        let email = email.as_str().to_owned();
        let code_hash = code_hash.to_owned();
        self.db
            .run(move |conn| {
                let deleted = diesel::delete(
                    one_time_codes::table
                        .find((purpose.as_str(), &email))
                        .filter(one_time_codes::code_hash.eq(&code_hash)),
                )
                .execute(conn)?;
                Ok(deleted == 1)
            })
            .await
    }
}
