use paduka_application::accounts::RegistrationInput;
use paduka_domain::user::User;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use super::scalar_text;
use super::schema::{self, WS};
use crate::ApiError;

/// `POST /auth/login`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

impl ToSchema for LoginBody {}

impl PartialSchema for LoginBody {
    fn schema() -> RefOr<Schema> {
        schema::schema(schema::object(
            "`POST /auth/login`. A wrong e-mail or password is 401, whatever it looks like.",
            vec![
                ("email", schema::not_blank(None), ""),
                ("password", schema::string().min_length(Some(1)), ""),
            ],
            &["email", "password"],
        ))
    }
}

impl LoginBody {
    /// The e-mail and password, both required.
    pub fn try_into_domain(self) -> Result<(String, String), ApiError> {
        match (self.email, self.password) {
            (Some(email), Some(password)) if !email.trim().is_empty() && !password.is_empty() => {
                Ok((email, password))
            }
            _ => Err(ApiError::bad_request("Email and password are required")),
        }
    }
}

/// A signed-in user as login shows them (never the password hash).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct UserDto {
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
}

impl From<&User> for UserDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
            email: user.email.as_str().to_owned(),
            phone: user.phone.clone(),
            address: user.address.clone(),
            role: user.role.code(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct LoginResponse {
    pub success: bool,
    /// `Login successfully`
    pub message: String,
    pub user: UserDto,
    /// Send it back in the `Authorization` header (raw or as `Bearer <token>`).
    pub token: String,
    /// The user's `_id` again.
    #[serde(rename = "_id")]
    pub id: String,
}

/// `GET /auth/user-auth` and `/auth/admin-auth` when the check passes.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AuthCheckResponse {
    pub ok: bool,
}

/// The same checks when they fail.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct AuthCheckFailure {
    pub ok: bool,
    pub success: bool,
    pub message: String,
}

/// A seller (an administrator) as the product form lists them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SellerDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

impl From<&User> for SellerDto {
    fn from(user: &User) -> Self {
        Self {
            id: user.id.to_string(),
            name: user.name.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct SellersResponse {
    pub success: bool,
    /// `All sellers`
    pub message: String,
    pub sellers: Vec<SellerDto>,
}

/// A mailed code as sent: text, or a number (whose leading zeros the number lost and we put
/// back). Absent, `null` or blank is no code.
pub fn code_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Number(number) => match number.as_u64() {
            Some(n) if n <= 999_999 => Some(format!("{n:06}")),
            _ => Some(number.to_string()),
        },
        other => scalar_text(Some(other)).filter(|text| !text.trim().is_empty()),
    }
}

/// `POST /auth/register`: first with `otp: null` (a code is mailed), then with the code.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct RegisterBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// At least 8 characters.
    pub password: Option<String>,
    /// 10 digits, optionally with `+91`, spaces or dashes; a number or text.
    pub phone: Option<Value>,
    pub address: Option<String>,
    /// `null` to ask for a code; the 6-digit code (text or number) to confirm.
    pub otp: Option<Value>,
}

/// A new password: 8 characters or more, at most 72 bytes (what bcrypt reads).
fn new_password() -> ObjectBuilder {
    schema::string()
        .min_length(Some(8))
        .max_length(Some(72))
        .description(Some(
            "At least 8 characters and at most 72 bytes in UTF-8 (what bcrypt reads)",
        ))
}

impl ToSchema for RegisterBody {}

impl PartialSchema for RegisterBody {
    fn schema() -> RefOr<Schema> {
        let ask = schema::object(
            "The first step: the details, and no code (`otp` null, left out or blank); a code is mailed",
            vec![
                (
                    "name",
                    schema::not_blank(Some(100)),
                    "At most 100 characters, trimmed",
                ),
                ("password", new_password(), ""),
                (
                    "phone",
                    schema::phone(false),
                    "10 digits, optionally with `+91`, spaces or dashes; a number or text",
                ),
                (
                    "address",
                    schema::not_blank(Some(500)),
                    "At most 500 characters, trimmed",
                ),
                (
                    "otp",
                    ObjectBuilder::new()
                        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
                        .pattern(Some(format!("^[{WS}]*$"))),
                    "",
                ),
            ],
            &["name", "email", "password", "phone", "address"],
        )
        .property("email", schema::email());
        let confirm = schema::object(
            "The second step: the e-mail and the mailed code; the details kept at the first step make the account",
            vec![
                (
                    "otp",
                    schema::code(),
                    "The 6-digit code, as text or as a number",
                ),
            ],
            &["email", "otp"],
        )
        .property("email", schema::email());
        RefOr::T(schema::any_of(
            "`POST /auth/register`: the first step or the second",
            vec![ask, confirm],
        ))
    }
}

impl RegisterBody {
    /// The code, when this is the confirming step.
    pub fn code(&self) -> Option<String> {
        code_text(self.otp.as_ref())
    }

    pub fn into_input(self) -> RegistrationInput {
        RegistrationInput {
            name: self.name,
            email: self.email,
            password: self.password,
            phone: scalar_text(self.phone.as_ref()),
            address: self.address,
        }
    }
}

/// `POST /auth/forgot-password`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ForgotPasswordBody {
    pub email: Option<String>,
}

impl ToSchema for ForgotPasswordBody {}

impl PartialSchema for ForgotPasswordBody {
    fn schema() -> RefOr<Schema> {
        schema::schema(
            schema::object("`POST /auth/forgot-password`.", vec![], &["email"])
                .property("email", schema::email()),
        )
    }
}

/// `POST /auth/reset-password`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ResetPasswordBody {
    pub email: Option<String>,
    /// The 6-digit code from the mail, as text or a number.
    pub otp: Option<Value>,
    /// The new password, at least 8 characters.
    pub password: Option<String>,
}

impl ToSchema for ResetPasswordBody {}

impl PartialSchema for ResetPasswordBody {
    fn schema() -> RefOr<Schema> {
        schema::schema(
            schema::object(
                "`POST /auth/reset-password`.",
                vec![
                    (
                        "otp",
                        schema::code(),
                        "The 6-digit code from the mail, as text or as a number",
                    ),
                    ("password", new_password(), ""),
                ],
                &["email", "otp", "password"],
            )
            .property("email", schema::email()),
        )
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_code_sent_as_a_number_gets_its_leading_zeros_back() {
        assert_eq!(code_text(Some(&json!(42917))), Some("042917".into()));
        assert_eq!(code_text(Some(&json!("042917"))), Some("042917".into()));
        assert_eq!(code_text(Some(&json!(1234567))), Some("1234567".into()));
        assert_eq!(code_text(Some(&json!(-5))), Some("-5".into()));
        assert_eq!(code_text(Some(&json!(null))), None);
        assert_eq!(code_text(Some(&json!("  "))), None);
        assert_eq!(code_text(None), None);
    }

    #[test]
    fn a_registration_body_reads_a_numeric_phone_as_text() {
        let body: RegisterBody = serde_json::from_value(json!({
            "name": "Asha", "email": "asha@example.com", "password": "correct horse",
            "phone": 9876543210_u64, "address": "1 MG Road", "otp": null
        }))
        .unwrap();
        assert_eq!(body.code(), None);
        assert_eq!(body.into_input().phone.as_deref(), Some("9876543210"));
    }
}
