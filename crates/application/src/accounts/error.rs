use paduka_domain::InvalidInput;

use crate::ports::impl_from_repo_error;

/// What sign-in and request authentication can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    /// The same answer for an unknown e-mail and a wrong password: no account enumeration.
    #[error("Invalid email or password")]
    InvalidCredentials,
    /// Too many failed sign-ins from this e-mail or this client address lately.
    #[error("Too many attempts, please try again later")]
    TooManyAttempts,
    #[error("Please login to continue")]
    MissingToken,
    #[error("Your session has expired or is invalid, please login again")]
    InvalidToken,
    #[error("Admin access required")]
    NotAdmin,
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

/// What registering and resetting a password can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RegistrationError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    #[error("Already registered, please login")]
    AlreadyRegistered,
    /// A wrong, expired, used-up or unknown code: one answer for all.
    #[error("Invalid or expired OTP")]
    InvalidCode,
    /// A code for this e-mail was sent less than 30 seconds ago.
    #[error("Please wait 30 seconds before asking for another code")]
    TooSoon,
    #[error("Too many attempts, please try again later")]
    TooManyAttempts,
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

/// What profile changes and the admin's user management can fail with.
#[derive(Debug, thiserror::Error)]
pub enum UserError {
    #[error(transparent)]
    Invalid(#[from] InvalidInput),
    #[error("User not found")]
    NotFound,
    /// A shopper changing someone else's profile.
    #[error("You can only update your own profile")]
    NotYourProfile,
    /// A shopper sending a role.
    #[error("Only an admin can change roles")]
    RoleChangeNotAllowed,
    #[error("You cannot change your own role")]
    OwnRole,
    #[error("You cannot delete yourself")]
    DeleteSelf,
    #[error(transparent)]
    Unexpected(anyhow::Error),
}

impl_from_repo_error!(AuthError, RegistrationError, UserError);
