use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::{ReviewRecord, ReviewRepository};
use paduka_domain::review::{Review, UserRef};
use paduka_domain::{ProductId, ReviewId, UserId};

use crate::db::{Database, corrupt, from_db_time, to_db_time, write_transaction};
use crate::schema::{products, reviews, users};

/// Reviews in the `reviews` table, one per user per product, with the product's rating
/// (`products.rating_total`, `products.review_count`) kept in step.
#[derive(Debug, Clone)]
pub struct DieselReviewRepository {
    db: Database,
}

impl DieselReviewRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

type ReviewRow = (
    String,
    String,
    Option<String>,
    String,
    Option<String>,
    i32,
    String,
    NaiveDateTime,
    NaiveDateTime,
);

/// The review as shown: the reviewer's current name while their account exists, else the
/// name they had when they wrote it.
fn review_from_row(row: ReviewRow) -> QueryResult<Review> {
    let (id, product, user_id, snapshot_name, live_name, rating, comment, created, updated) = row;
    Ok(Review {
        rating: u8::try_from(rating)
            .ok()
            .filter(|r| (1..=5).contains(r))
            .ok_or_else(|| corrupt(format_args!("rating of review {id}")))?,
        id: ReviewId::new(id),
        product: ProductId::new(product),
        // A deleted account leaves no id; the review keeps the name it had.
        user: match (user_id, live_name) {
            (Some(id), Some(name)) => UserRef::new(UserId::new(id), name),
            (Some(id), None) => UserRef::new(UserId::new(id), snapshot_name),
            (None, _) => UserRef::deleted(snapshot_name),
        },
        comment,
        created_at: from_db_time(created),
        updated_at: from_db_time(updated),
    })
}

fn upsert_in(conn: &mut AnyConn, record: &ReviewRecord) -> QueryResult<Review> {
    write_transaction(conn, |conn| {
        let product = record.product.as_str();
        let user = record.user.as_str();
        let product_exists = products::table
            .find(product)
            .select(products::id)
            .first::<String>(conn)
            .optional()?
            .is_some();
        let user_name = users::table
            .find(user)
            .select(users::name)
            .first::<String>(conn)
            .optional()?;
        let (true, Some(user_name)) = (product_exists, user_name) else {
            return Err(diesel::result::Error::NotFound);
        };
        let rating = i32::from(record.draft.rating);
        let at = to_db_time(record.at);
        let earlier = reviews::table
            .filter(reviews::product_id.eq(product))
            .filter(reviews::user_id.eq(user))
            .select((reviews::id, reviews::rating, reviews::created_at))
            .first::<(String, i32, NaiveDateTime)>(conn)
            .optional()?;
        let (id, created_at, stars_delta, count_delta) = match earlier {
            Some((id, old_rating, created_at)) => {
                diesel::update(reviews::table.find(&id))
                    .set((
                        reviews::rating.eq(rating),
                        reviews::comment.eq(&record.draft.comment),
                        reviews::user_name.eq(&user_name),
                        reviews::updated_at.eq(at),
                    ))
                    .execute(conn)?;
                (id, created_at, rating - old_rating, 0)
            }
            None => {
                diesel::insert_into(reviews::table)
                    .values((
                        reviews::id.eq(record.id.as_str()),
                        reviews::product_id.eq(product),
                        reviews::user_id.eq(user),
                        reviews::user_name.eq(&user_name),
                        reviews::rating.eq(rating),
                        reviews::comment.eq(&record.draft.comment),
                        reviews::created_at.eq(at),
                        reviews::updated_at.eq(at),
                    ))
                    .execute(conn)?;
                (record.id.as_str().to_owned(), at, rating, 1)
            }
        };
        // Relative updates: correct however concurrent reviews of the product interleave.
        diesel::update(products::table.find(product))
            .set((
                products::rating_total.eq(products::rating_total + stars_delta),
                products::review_count.eq(products::review_count + count_delta),
            ))
            .execute(conn)?;
        Ok(Review {
            id: ReviewId::new(id),
            product: record.product.clone(),
            user: UserRef::new(record.user.clone(), user_name),
            rating: record.draft.rating,
            comment: record.draft.comment.clone(),
            created_at: from_db_time(created_at),
            updated_at: from_db_time(at),
        })
    })
}

type AnyConn = crate::db::AnyConnection;

#[async_trait]
impl ReviewRepository for DieselReviewRepository {
    async fn for_product(&self, product: &ProductId) -> Result<Vec<Review>, RepoError> {
        let product = product.as_str().to_owned();
        self.db
            .run(move |conn| {
                reviews::table
                    .left_join(users::table)
                    .filter(reviews::product_id.eq(product))
                    .order((reviews::updated_at.desc(), reviews::id.desc()))
                    .select((
                        reviews::id,
                        reviews::product_id,
                        reviews::user_id,
                        reviews::user_name,
                        users::name.nullable(),
                        reviews::rating,
                        reviews::comment,
                        reviews::created_at,
                        reviews::updated_at,
                    ))
                    .load::<ReviewRow>(conn)?
                    .into_iter()
                    .map(review_from_row)
                    .collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(product = %review.product, user = %review.user))]
    async fn upsert(&self, review: ReviewRecord) -> Result<Review, RepoError> {
        self.db
            .run(move |conn| match upsert_in(conn, &review) {
                // Two first reviews by the same user racing (PostgreSQL): the loser's insert
                // breaks the unique rule; run again and it replaces the winner's.
                Err(diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation,
                    _,
                )) => upsert_in(conn, &review),
                other => other,
            })
            .await
    }
}
