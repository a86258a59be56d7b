use paduka_application::accounts::RegistrationInput;
use paduka_domain::user::User;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::scalar_text;
use crate::ApiError;

/// `POST /auth/login`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
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
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct RegisterBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// At least 8 characters.
    pub password: Option<String>,
    /// 10 digits, optionally with `+91`, spaces or dashes; a number or text.
    #[schema(value_type = Option<String>)]
    pub phone: Option<Value>,
    pub address: Option<String>,
    /// `null` to ask for a code; the 6-digit code (text or number) to confirm.
    #[schema(value_type = Option<String>)]
    pub otp: Option<Value>,
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
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ForgotPasswordBody {
    pub email: Option<String>,
}

/// `POST /auth/reset-password`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct ResetPasswordBody {
    pub email: Option<String>,
    /// The 6-digit code from the mail, as text or a number.
    #[schema(value_type = Option<String>)]
    pub otp: Option<Value>,
    /// The new password, at least 8 characters.
    pub password: Option<String>,
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
