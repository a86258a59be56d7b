use paduka_application::accounts::RegistrationInput;
use paduka_domain::contact::{Credentials, Email, NewPassword};
use paduka_domain::user::User;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::{PartialSchema, ToSchema};

use super::schema::{self, WS, request_schema};
use super::{TryIntoDomain, scalar_text};
use crate::ApiError;

/// `POST /auth/login`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

request_schema!(
    LoginBody,
    schema::schema(schema::object(
        "`POST /auth/login`. A wrong e-mail or password is 401, whatever it looks like.",
        vec![
            ("email", schema::not_blank(None), ""),
            ("password", schema::string().min_length(Some(1)), ""),
        ],
        &["email", "password"],
    ))
);

impl TryIntoDomain for LoginBody {
    type Domain = Credentials;

    fn try_into_domain(self) -> Result<Credentials, ApiError> {
        Ok(Credentials::parse(
            self.email.as_deref(),
            self.password.as_deref(),
        )?)
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

/// The step a registration body asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum RegistrationStep {
    /// No code yet: the details, for a code to be mailed.
    Ask(RegistrationInput),
    /// The mailed code, as sent (a malformed one is wrong like any other).
    Confirm { email: Email, code: String },
}

impl TryIntoDomain for RegisterBody {
    type Domain = RegistrationStep;

    fn try_into_domain(self) -> Result<RegistrationStep, ApiError> {
        let email = self.email.as_deref();
        Ok(match code_text(self.otp.as_ref()) {
            None => RegistrationStep::Ask(RegistrationInput::parse(
                email,
                self.password.as_deref(),
                self.name.as_deref(),
                scalar_text(self.phone.as_ref()).as_deref(),
                self.address.as_deref(),
            )?),
            Some(code) => RegistrationStep::Confirm {
                email: Email::parse(email.unwrap_or_default())?,
                code,
            },
        })
    }
}

/// `POST /auth/forgot-password`.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ForgotPasswordBody {
    pub email: Option<String>,
}

request_schema!(
    ForgotPasswordBody,
    schema::schema(
        schema::object("`POST /auth/forgot-password`.", vec![], &["email"])
            .property("email", schema::email()),
    )
);

impl TryIntoDomain for ForgotPasswordBody {
    type Domain = Email;

    fn try_into_domain(self) -> Result<Email, ApiError> {
        Ok(Email::parse(self.email.as_deref().unwrap_or_default())?)
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

request_schema!(
    ResetPasswordBody,
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
);

/// A password reset as sent: the e-mail and the new password read, the code as it came (a
/// malformed one is wrong like any other, and costs no try).
#[derive(Debug, Clone, PartialEq)]
pub struct PasswordReset {
    pub email: Email,
    pub code: String,
    pub password: NewPassword,
}

impl TryIntoDomain for ResetPasswordBody {
    type Domain = PasswordReset;

    /// The e-mail first, then the new password: a password that breaks the rules is refused
    /// before the code is tried.
    fn try_into_domain(self) -> Result<PasswordReset, ApiError> {
        Ok(PasswordReset {
            email: Email::parse(self.email.as_deref().unwrap_or_default())?,
            password: NewPassword::parse(self.password.as_deref().unwrap_or_default())?,
            code: code_text(self.otp.as_ref()).unwrap_or_default(),
        })
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

    fn register(body: serde_json::Value) -> Result<RegistrationStep, ApiError> {
        serde_json::from_value::<RegisterBody>(body)
            .unwrap()
            .try_into_domain()
    }

    #[test]
    fn a_registration_body_without_a_code_asks_for_one_and_reads_a_numeric_phone() {
        let step = register(json!({
            "name": "Asha", "email": "Asha@Example.com", "password": "correct horse",
            "phone": 9876543210_u64, "address": "1 MG Road", "otp": null
        }));
        let Ok(RegistrationStep::Ask(input)) = step else {
            panic!("{step:?}")
        };
        assert_eq!(input.email.as_str(), "asha@example.com");
        assert_eq!(input.profile.phone.as_str(), "9876543210");
    }

    #[test]
    fn a_registration_body_with_a_code_confirms_and_its_email_is_read_first() {
        let step = register(json!({"email": "asha@example.com", "otp": 42917}));
        let Ok(RegistrationStep::Confirm { email, code }) = step else {
            panic!("{step:?}")
        };
        assert_eq!(
            (email.as_str(), code.as_str()),
            ("asha@example.com", "042917")
        );
        let refused = register(json!({"email": "asha", "otp": "12ab56"})).unwrap_err();
        assert_eq!(refused.public_message(), "Enter a valid email address");
        // The code is the use case's to judge, however it looks.
        let step = register(json!({"email": "asha@example.com", "otp": "12ab56"}));
        assert!(matches!(step, Ok(RegistrationStep::Confirm { code, .. }) if code == "12ab56"));
    }

    #[test]
    fn a_reset_reads_the_email_then_the_password_and_passes_the_code_on() {
        let reset = |body: serde_json::Value| {
            serde_json::from_value::<ResetPasswordBody>(body)
                .unwrap()
                .try_into_domain()
        };
        let refusal = |body| reset(body).unwrap_err().public_message().to_owned();
        assert_eq!(
            refusal(json!({"email": "x", "password": "short"})),
            "Enter a valid email address"
        );
        assert_eq!(
            refusal(json!({"email": "asha@example.com", "otp": 123456, "password": "short"})),
            "Password must be at least 8 characters"
        );
        let sent = reset(json!({"email": "asha@example.com", "password": "long enough"})).unwrap();
        assert_eq!(sent.code, "", "no code: the use case refuses it");
    }
}
