use async_trait::async_trait;
use chrono::NaiveDateTime;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::{ReviewRecord, ReviewRepository};
use paduka_domain::review::{Review, UserRef};
use paduka_domain::{ProductId, ReviewId, UserId};

use crate::db::{Broken, Database, broken, corrupt, from_db_time, to_db_time, write_transaction};
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

/// A stored review with its reviewer's current name (`None` once the account is gone).
#[derive(Queryable, Selectable)]
#[diesel(table_name = reviews)]
struct ReviewRow {
    id: String,
    product_id: String,
    user_id: Option<String>,
    /// The name the reviewer had when they last wrote.
    user_name: String,
    #[diesel(select_expression = users::name.nullable())]
    #[diesel(select_expression_type = diesel::dsl::Nullable<users::name>)]
    live_name: Option<String>,
    rating: i32,
    comment: String,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// The review as shown: the reviewer's current name while their account exists, else the
/// name they had when they wrote it.
fn review_from_row(row: ReviewRow) -> QueryResult<Review> {
    let id = row.id;
    Ok(Review {
        rating: u8::try_from(row.rating)
            .ok()
            .filter(|r| (1..=5).contains(r))
            .ok_or_else(|| corrupt(format_args!("rating of review {id}")))?,
        id: ReviewId::new(id),
        product: ProductId::new(row.product_id),
        // A deleted account leaves no id; the review keeps the name it had.
        user: match (row.user_id, row.live_name) {
            (Some(id), Some(name)) => UserRef::new(UserId::new(id), name),
            (Some(id), None) => UserRef::new(UserId::new(id), row.user_name),
            (None, _) => UserRef::deleted(row.user_name),
        },
        comment: row.comment,
        created_at: from_db_time(row.created_at),
        updated_at: from_db_time(row.updated_at),
    })
}

/// An earlier review by the same user of the same product.
#[derive(Queryable, Selectable)]
#[diesel(table_name = reviews)]
struct EarlierReview {
    id: String,
    rating: i32,
    created_at: NaiveDateTime,
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
            .select(EarlierReview::as_select())
            .first(conn)
            .optional()?;
        let (id, created_at, stars_delta, count_delta) = match earlier {
            Some(EarlierReview {
                id,
                rating: old_rating,
                created_at,
            }) => {
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
                    .select(ReviewRow::as_select())
                    .load(conn)?
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
                Err(error)
                    if broken(&error)
                        == Some(Broken::Unique(Some("reviews_product_id_user_id_key"))) =>
                {
                    upsert_in(conn, &review)
                }
                other => other,
            })
            .await
    }
}
