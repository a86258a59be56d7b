use paduka_domain::review::{Review, ReviewDraft};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::schema::request_schema;
use super::{TryIntoDomain, scalar_integer, schema, timestamp};
use crate::ApiError;

/// The reviewer. `_id` is `null` once their account is deleted; the name they had stays.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReviewUserDto {
    #[serde(rename = "_id")]
    pub id: Option<String>,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReviewDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// The reviewed product's `_id`.
    pub product: String,
    /// 1..=5
    pub rating: u8,
    pub comment: String,
    pub user: ReviewUserDto,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
    #[serde(rename = "updatedAt")]
    #[schema(format = DateTime)]
    pub updated_at: String,
}

impl From<&Review> for ReviewDto {
    fn from(review: &Review) -> Self {
        Self {
            id: review.id.to_string(),
            product: review.product.to_string(),
            rating: review.rating,
            comment: review.comment.clone(),
            user: ReviewUserDto {
                id: review.user.id.as_ref().map(ToString::to_string),
                name: review.user.name.clone(),
            },
            created_at: timestamp(review.created_at),
            updated_at: timestamp(review.updated_at),
        }
    }
}

/// `POST /review/add-review/{id}`. The reviewer is the token's user: a `user` field is ignored.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ReviewBody {
    pub comment: Option<String>,
    /// A whole number from 1 to 5, as a number or as text.
    pub rating: Option<Value>,
}

request_schema!(
    ReviewBody,
    schema::schema(schema::object(
        "`POST /review/add-review/{id}`. The reviewer is the token's user: a `user` field is ignored.",
        vec![
            (
                "rating",
                schema::whole_number(1, 5, r"\+?0*[1-5]", false),
                "A whole number from 1 to 5, as a number or as text",
            ),
            (
                "comment",
                schema::nullable_string().max_length(Some(ReviewDraft::MAX_COMMENT_CHARS)),
                "At most 2000 characters, trimmed",
            ),
        ],
        &["rating"],
    ))
);

impl TryIntoDomain for ReviewBody {
    type Domain = ReviewDraft;

    fn try_into_domain(self) -> Result<ReviewDraft, ApiError> {
        Ok(ReviewDraft::parse(
            scalar_integer(self.rating.as_ref()),
            self.comment.as_deref(),
        )?)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReviewsResponse {
    pub success: bool,
    /// Most recently written or changed first.
    pub reviews: Vec<ReviewDto>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ReviewWriteResponse {
    pub success: bool,
    /// `Review added successfully`
    pub message: String,
    pub review: ReviewDto,
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn body(value: Value) -> ReviewBody {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn the_rating_may_be_a_number_or_numeric_text_and_the_user_is_ignored() {
        let draft = body(json!({"comment": "Nice", "rating": "4", "user": "x"})).try_into_domain();
        assert_eq!(draft.unwrap().rating, 4);
        assert_eq!(
            body(json!({"rating": 5})).try_into_domain().unwrap().rating,
            5
        );
        for bad in [
            json!({"rating": "five"}),
            json!({"rating": 6}),
            json!({"comment": "x"}),
        ] {
            let error = body(bad).try_into_domain().unwrap_err();
            assert_eq!(
                error.public_message(),
                "Rating must be a whole number from 1 to 5"
            );
        }
    }
}
