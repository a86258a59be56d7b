use paduka_domain::UserId;
use paduka_domain::user::{Role, User};

/// The signed-in user a request acts for, as the database knows them now (a role change or
/// a deletion takes effect on the next request, not when the token expires).
#[derive(Debug, Clone, PartialEq)]
pub struct Principal {
    pub user_id: UserId,
    pub name: String,
    pub role: Role,
}

impl Principal {
    pub fn of(user: &User) -> Self {
        Self {
            user_id: user.id.clone(),
            name: user.name.clone(),
            role: user.role,
        }
    }

    /// The admin capability, when this user is an administrator.
    pub fn as_admin(&self) -> Option<Admin> {
        (self.role == Role::Admin).then(|| Admin(self.clone()))
    }
}

/// Proof that the caller is an administrator. Admin-only use cases take one, so they cannot
/// be reached without the check.
#[derive(Debug, Clone, PartialEq)]
pub struct Admin(Principal);

impl Admin {
    pub fn id(&self) -> &UserId {
        &self.0.user_id
    }

    pub fn principal(&self) -> &Principal {
        &self.0
    }

    /// For trusted callers outside a request (the command line, demo data).
    pub fn trusted(user: &User) -> Self {
        Self(Principal {
            role: Role::Admin,
            ..Principal::of(user)
        })
    }
}
