//! Customer reviews: one per shopper per product.

use chrono::{DateTime, Utc};

use crate::error::at_most;
use crate::{InvalidInput, ProductId, ReviewId, UserId};

/// A person as a review or an order shows them. Once their account is deleted the id is
/// gone (`None`, `_id: null` in JSON) and the name they had stays.
#[derive(Debug, Clone, PartialEq)]
pub struct UserRef {
    pub id: Option<UserId>,
    pub name: String,
}

impl UserRef {
    /// A user whose account exists.
    pub fn new(id: UserId, name: impl Into<String>) -> Self {
        Self {
            id: Some(id),
            name: name.into(),
        }
    }

    /// A user whose account was deleted: only the name they had is left.
    pub fn deleted(name: impl Into<String>) -> Self {
        Self {
            id: None,
            name: name.into(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub id: ReviewId,
    pub product: ProductId,
    pub user: UserRef,
    pub rating: u8,
    pub comment: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A review as a shopper writes it, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct ReviewDraft {
    pub rating: u8,
    pub comment: String,
}

impl ReviewDraft {
    pub const MAX_COMMENT_CHARS: usize = 2000;

    pub fn parse(rating: Option<i64>, comment: Option<&str>) -> Result<Self, InvalidInput> {
        let rating = rating
            .and_then(|r| u8::try_from(r).ok())
            .filter(|r| (1..=5).contains(r))
            .ok_or_else(|| InvalidInput::new("Rating must be a whole number from 1 to 5"))?;
        let comment = comment.unwrap_or_default();
        at_most(comment, Self::MAX_COMMENT_CHARS, "Comment")?;
        Ok(Self {
            rating,
            comment: comment.trim().to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratings_run_from_one_to_five() {
        assert_eq!(
            ReviewDraft::parse(Some(5), Some(" Great "))
                .unwrap()
                .comment,
            "Great"
        );
        for bad in [None, Some(0), Some(6), Some(-1)] {
            assert!(ReviewDraft::parse(bad, None).is_err());
        }
    }

    #[test]
    fn comments_are_capped_at_2000_characters() {
        assert!(ReviewDraft::parse(Some(4), Some(&"ś".repeat(2000))).is_ok());
        assert!(ReviewDraft::parse(Some(4), Some(&"a".repeat(2001))).is_err());
        // As sent: the padding is trimmed from what is kept but counts.
        let padded = format!(" {} ", "a".repeat(1998));
        assert_eq!(
            ReviewDraft::parse(Some(4), Some(&padded)).unwrap().comment,
            "a".repeat(1998)
        );
        assert!(ReviewDraft::parse(Some(4), Some(&format!("{padded} "))).is_err());
    }
}
