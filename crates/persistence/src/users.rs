use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::accounts::{ProfileChange, UserConflict, UserRepository};
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::{Role, User};

use crate::db::{
    AnyConnection, Broken, Database, MultiBackend, corrupt, from_db_time, matched_a_row,
    to_db_time, write_transaction,
};
use crate::schema::{reviews, users};

/// Shoppers and administrators in the `users` table; e-mails are stored lower-case and unique.
#[derive(Debug, Clone)]
pub struct DieselUserRepository {
    db: Database,
}

impl DieselUserRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable, Insertable)]
#[diesel(table_name = users)]
struct UserRow {
    id: String,
    name: String,
    email: String,
    phone: String,
    address: String,
    role: i32,
    password_hash: String,
    created_at: chrono::NaiveDateTime,
    updated_at: chrono::NaiveDateTime,
}

impl UserRow {
    fn from_user(user: &User) -> Self {
        Self {
            id: user.id.as_str().to_owned(),
            name: user.name.clone(),
            email: user.email.as_str().to_owned(),
            phone: user.phone.clone(),
            address: user.address.clone(),
            role: user.role.code(),
            password_hash: user.password_hash.clone(),
            created_at: to_db_time(user.created_at),
            updated_at: to_db_time(user.updated_at),
        }
    }

    fn into_user(self) -> QueryResult<User> {
        Ok(User {
            role: Role::from_code(i64::from(self.role))
                .map_err(|_| corrupt(format_args!("role {}", self.role)))?,
            email: Email::parse(&self.email)
                .map_err(|_| corrupt(format_args!("e-mail of user {}", self.id)))?,
            id: UserId::new(self.id),
            name: self.name,
            phone: self.phone,
            address: self.address,
            password_hash: self.password_hash,
            created_at: from_db_time(self.created_at),
            updated_at: from_db_time(self.updated_at),
        })
    }
}

/// The users the query finds, in its order.
fn load(
    conn: &mut AnyConnection,
    query: users::BoxedQuery<'static, MultiBackend>,
) -> QueryResult<Vec<User>> {
    query
        .select(UserRow::as_select())
        .load::<UserRow>(conn)?
        .into_iter()
        .map(UserRow::into_user)
        .collect()
}

#[async_trait]
impl UserRepository for DieselUserRepository {
    async fn find(&self, id: &UserId) -> Result<Option<User>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| Ok(load(conn, users::table.find(id).into_boxed())?.pop()))
            .await
    }

    async fn find_by_email(&self, email: &Email) -> Result<Option<User>, RepoError> {
        let email = email.as_str().to_owned();
        self.db
            .run(move |conn| {
                let query = users::table.filter(users::email.eq(email)).into_boxed();
                Ok(load(conn, query)?.pop())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user = %user.id))]
    async fn create(&self, user: &User) -> Result<(), RepoError<UserConflict>> {
        let row = UserRow::from_user(user);
        let duplicate_email = |broken: &Broken<'_>| {
            (*broken == Broken::Unique(Some("users_email_key")))
                .then_some(UserConflict::DuplicateEmail)
        };
        self.db
            .run_with(
                move |conn| {
                    diesel::insert_into(users::table)
                        .values(&row)
                        .execute(conn)?;
                    Ok(())
                },
                duplicate_email,
            )
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn set_role(&self, id: &UserId, role: Role, at: DateTime<Utc>) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .write_one(move |conn| {
                diesel::update(users::table.find(id))
                    .set((
                        users::role.eq(role.code()),
                        users::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)
            })
            .await
    }

    async fn admins(&self) -> Result<Vec<User>, RepoError> {
        self.db
            .run(|conn| {
                let admins = users::table
                    .filter(users::role.eq(Role::Admin.code()))
                    .order((users::name, users::id))
                    .into_boxed();
                load(conn, admins)
            })
            .await
    }

    async fn list(&self) -> Result<Vec<User>, RepoError> {
        self.db
            .run(|conn| {
                load(
                    conn,
                    users::table
                        .order((users::created_at, users::id))
                        .into_boxed(),
                )
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self, change))]
    async fn update_profile(
        &self,
        id: &UserId,
        change: &ProfileChange,
        at: DateTime<Utc>,
    ) -> Result<User, RepoError> {
        let id = id.as_str().to_owned();
        let change = change.clone();
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    let changed = diesel::update(users::table.find(&id))
                        .set((
                            users::name.eq(&change.name),
                            users::phone.eq(&change.phone),
                            users::address.eq(&change.address),
                            users::role.eq(change.role.code()),
                            users::updated_at.eq(to_db_time(at)),
                        ))
                        .execute(conn)?;
                    matched_a_row(changed)?;
                    users::table
                        .find(&id)
                        .select(UserRow::as_select())
                        .first::<UserRow>(conn)?
                        .into_user()
                })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self, password_hash))]
    async fn update_password(
        &self,
        id: &UserId,
        password_hash: &str,
        at: DateTime<Utc>,
    ) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        let password_hash = password_hash.to_owned();
        self.db
            .write_one(move |conn| {
                diesel::update(users::table.find(id))
                    .set((
                        users::password_hash.eq(password_hash),
                        users::updated_at.eq(to_db_time(at)),
                    ))
                    .execute(conn)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &UserId) -> Result<(), RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                write_transaction(conn, |conn| {
                    let name = users::table
                        .find(&id)
                        .select(users::name)
                        .first::<String>(conn)?;
                    // The reviews keep the name the reviewer had last; the references
                    // (reviews, orders, products' seller) become NULL by the schema's rules.
                    diesel::update(reviews::table.filter(reviews::user_id.eq(&id)))
                        .set(reviews::user_name.eq(&name))
                        .execute(conn)?;
                    diesel::delete(users::table.find(&id)).execute(conn)?;
                    Ok(())
                })
            })
            .await
    }
}
