use paduka_domain::credit::{CreditStatement, reason_text};
use paduka_domain::user::{ProfileChanges, User};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::schema::request_schema;
use super::{TryIntoDomain, scalar_text, schema, timestamp};
use crate::ApiError;

/// A user as profiles and the admin's list show them (never the password hash).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct UserDetailDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// Lower case, as stored.
    #[schema(format = Email)]
    pub email: String,
    pub phone: String,
    pub address: String,
    /// 0 for a shopper, 1 for an administrator.
    pub role: i32,
    #[serde(rename = "createdAt")]
    #[schema(format = DateTime)]
    pub created_at: String,
}

impl From<&User> for UserDetailDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            email: user.email.as_str().to_owned(),
            phone: user.phone.clone(),
            address: user.address.clone(),
            role: user.role.code(),
            created_at: timestamp(user.created_at),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct UsersResponse {
    pub success: bool,
    /// Oldest account first.
    pub users: Vec<UserDetailDto>,
}

/// `PUT /user/update-user/{id}`. A field left out keeps its value. The e-mail cannot be
/// changed: an `email` or `newemail` field is ignored.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct UpdateUserBody {
    pub newname: Option<String>,
    /// 10 digits, optionally with `+91`, spaces or dashes; a number or text.
    pub newphone: Option<Value>,
    pub newaddress: Option<String>,
    /// `0` (shopper) or `1` (admin), as a number or text. Administrators only, and not for
    /// themselves.
    pub newrole: Option<Value>,
}

request_schema!(
    UpdateUserBody,
    schema::schema(schema::object(
        "`PUT /user/update-user/{id}`. A field left out (or null) keeps its value. The \
         e-mail cannot be changed: an `email` or `newemail` field is ignored.",
        vec![
            (
                "newname",
                schema::nullable_string()
                    .pattern(Some(schema::not_blank_pattern()))
                    .max_length(Some(100)),
                "At most 100 characters, trimmed",
            ),
            (
                "newphone",
                schema::phone(true),
                "10 digits, optionally with `+91`, spaces or dashes; a number or text",
            ),
            (
                "newaddress",
                schema::nullable_string()
                    .pattern(Some(schema::not_blank_pattern()))
                    .max_length(Some(500)),
                "At most 500 characters, trimmed",
            ),
            (
                "newrole",
                schema::whole_number(0, 1, r"[-+]?0+|\+?0*1", true),
                "`0` (shopper) or `1` (admin), as a number or text. Administrators only, \
                 and not for themselves (400 `You cannot change your own role`); a shopper \
                 sending it is refused (403)",
            ),
        ],
        &[],
    ))
);

impl TryIntoDomain for UpdateUserBody {
    type Domain = ProfileChanges;

    fn try_into_domain(self) -> Result<ProfileChanges, ApiError> {
        Ok(ProfileChanges::parse(
            self.newname.as_deref(),
            scalar_text(self.newphone.as_ref()).as_deref(),
            self.newaddress.as_deref(),
            scalar_text(self.newrole.as_ref()).as_deref(),
        )?)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct UpdateUserResponse {
    pub success: bool,
    /// `Profile Updated Successfully`
    pub message: String,
    pub user: UserDetailDto,
}

#[cfg(test)]
mod tests {
    use paduka_domain::user::Role;
    use serde_json::json;

    use super::*;

    #[test]
    fn the_email_is_ignored_and_numbers_read_as_text() {
        let body: UpdateUserBody = serde_json::from_value(json!({
            "newname": "Asha",
            "newphone": 9876543210_u64,
            "newaddress": "1 MG Road",
            "newrole": 1,
            "email": "other@example.com",
            "newemail": "other@example.com",
        }))
        .unwrap();
        let changes = body.try_into_domain().unwrap();
        assert_eq!(changes.name.as_deref(), Some("Asha"));
        assert_eq!(changes.phone.unwrap().as_str(), "9876543210");
        assert_eq!(changes.address.as_deref(), Some("1 MG Road"));
        assert_eq!(changes.role, Some(Role::Admin));
        let empty: UpdateUserBody = serde_json::from_value(json!({"newrole": null})).unwrap();
        assert_eq!(empty.try_into_domain().unwrap(), ProfileChanges::default());
    }
}

/// One entry of a shopper's store credit.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CreditEntryDto {
    /// Whole rupees: positive came in, negative paid for an order.
    pub amount: i64,
    /// `Refund of a return`, `Paid for an order`, `Order cancelled`, `Order returned to
    /// origin` or `Adjusted by the shop`.
    pub reason: String,
    /// The order it belongs to, if any.
    #[serde(rename = "orderId")]
    pub order_id: Option<String>,
    /// The return it belongs to, if any.
    #[serde(rename = "returnId")]
    pub return_id: Option<String>,
    #[schema(format = DateTime)]
    pub at: String,
}

/// `GET /user/credit`: the caller's store credit.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct CreditResponse {
    pub success: bool,
    /// Whole rupees, never below 0.
    pub balance: i64,
    /// Newest first; their amounts add up to `balance`.
    pub entries: Vec<CreditEntryDto>,
}

impl From<CreditStatement> for CreditResponse {
    fn from(statement: CreditStatement) -> Self {
        Self {
            success: true,
            balance: statement.balance_rupees,
            entries: (statement.entries.into_iter())
                .map(|entry| CreditEntryDto {
                    amount: entry.amount_rupees,
                    reason: reason_text(&entry.reason)
                        .unwrap_or("Store credit")
                        .to_owned(),
                    order_id: entry.order.map(|order| order.to_string()),
                    return_id: entry.return_id,
                    at: timestamp(entry.at),
                })
                .collect(),
        }
    }
}
