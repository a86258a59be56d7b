use paduka_domain::user::User;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
