//! `AuthService` against mocked ports. Every mock refuses calls it was not told to expect,
//! so a test that sets no expectation on a port also proves the port is left alone.

use paduka_test_support::builders::UserBuilder;
use paduka_test_support::time::now;

use super::*;
use crate::accounts::RateLimits;
use crate::testing::{admin, assert_refused, assert_unexpected, clock, down};
use crate::{MockClock, MockIdGenerator};

// --- fixtures -----------------------------------------------------------------------------

const DECOY_HASH: &str = "$2b$04$decoy-hash-for-unknown-emails";
/// The network address sign-ins come from.
const CLIENT: &str = "203.0.113.7";

fn sign_in(email: &str, password: &str) -> Credentials {
    Credentials::parse(Some(email), Some(password)).unwrap()
}

/// The mocks a service is built from; a test sets the expectations it needs, then builds.
#[derive(Default)]
struct Ports {
    users: MockUserRepository,
    hasher: MockPasswordHasher,
    tokens: MockTokenIssuer,
    ids: MockIdGenerator,
    clock: MockClock,
    throttle: MockThrottle,
}

impl Ports {
    /// Ports whose clock reads [`now`].
    fn new() -> Self {
        Self {
            clock: clock(),
            ..Self::default()
        }
    }

    fn service(self) -> AuthService {
        AuthService::new(
            Arc::new(self.users),
            Arc::new(self.hasher),
            Arc::new(self.tokens),
            Arc::new(self.ids),
            Arc::new(self.clock),
            DECOY_HASH.to_owned(),
            RateLimiter::new(Arc::new(self.throttle), RateLimits::default()),
        )
    }

    /// The throttle lets sign-ins through and expects `failures` failed ones to be counted,
    /// each against the e-mail as typed (trimmed, lower-cased) and against [`CLIENT`].
    fn allowing_logins(mut self, email: &'static str, failures: usize) -> Self {
        self.throttle.expect_allows().returning(|_, _| true);
        let email_key = format!("login|email|{}", email.trim().to_lowercase());
        self.throttle
            .expect_record()
            .withf(move |key, limit| key == email_key && limit.max == 10)
            .times(failures)
            .return_const(());
        self.throttle
            .expect_record()
            .withf(|key, limit| key == format!("login|address|{CLIENT}") && limit.max == 50)
            .times(failures)
            .return_const(());
        self
    }

    /// The user repository knows `user` by their e-mail (and nobody else).
    fn with_user_by_email(mut self, user: User) -> Self {
        let email = user.email.clone();
        self.users
            .expect_find_by_email()
            .withf(move |asked| *asked == email)
            .returning(move |_| Ok(Some(user.clone())));
        self
    }

    /// The user repository knows nobody by e-mail.
    fn without_users_by_email(mut self) -> Self {
        self.users.expect_find_by_email().returning(|_| Ok(None));
        self
    }

    /// The hasher checks `password` against `hash` exactly once and answers `matches`.
    fn verifying(mut self, password: &'static str, hash: &'static str, matches: bool) -> Self {
        self.hasher
            .expect_verify()
            .withf(move |p, h| p == password && h == hash)
            .times(1)
            .returning(move |_, _| Ok(matches));
        self
    }
}

/// Asha, whose password hashes to `$2b$04$asha`.
fn user(role: Role) -> User {
    UserBuilder::new("user-1", role)
        .named("Asha")
        .email("asha@example.com")
        .password_hash("$2b$04$asha")
        .build()
}

/// Ravi, made an admin [`now`] with the password hash `hash`.
fn ravi(hash: &str) -> User {
    UserBuilder::admin("admin-2")
        .named("Ravi")
        .email("ravi@paduka.local")
        .address("Shop 4, MG Road")
        .password_hash(hash)
        .made_at(now())
        .build()
}

// --- login --------------------------------------------------------------------------------

#[tokio::test]
async fn signing_in_with_the_right_password_issues_a_token_at_the_clock_s_time() {
    let mut ports = Ports::new()
        .with_user_by_email(user(Role::Shopper))
        .verifying("correct horse", "$2b$04$asha", true)
        .allowing_logins(" Asha@Example.COM ", 0);
    ports
        .tokens
        .expect_issue()
        .withf(|id, at| id.as_str() == "user-1" && *at == now())
        .times(1)
        .returning(|_, _| Ok("token-1".into()));

    // The e-mail is matched however it was typed.
    let session = ports
        .service()
        .login(&sign_in(" Asha@Example.COM ", "correct horse"), CLIENT)
        .await
        .unwrap();

    assert_eq!(
        session,
        Session {
            user: user(Role::Shopper),
            token: "token-1".into()
        }
    );
}

#[tokio::test]
async fn a_wrong_password_is_invalid_credentials_after_checking_the_hash() {
    let mut ports = Ports::new()
        .with_user_by_email(user(Role::Shopper))
        .verifying("wrong horse", "$2b$04$asha", false)
        .allowing_logins("asha@example.com", 1);
    ports.tokens.expect_issue().times(0);

    let result = ports
        .service()
        .login(&sign_in("asha@example.com", "wrong horse"), CLIENT)
        .await;
    assert_refused!(
        result,
        AuthError::InvalidCredentials,
        "Invalid email or password"
    );
}

#[tokio::test]
async fn an_unknown_email_is_checked_against_the_decoy_hash_and_refused_the_same_way() {
    // The decoy check takes as long as a real one, so the answer's timing tells nothing.
    let mut ports = Ports::new()
        .without_users_by_email()
        .verifying("correct horse", DECOY_HASH, false)
        .allowing_logins("nobody@example.com", 1);
    ports.tokens.expect_issue().times(0);

    let result = ports
        .service()
        .login(&sign_in("nobody@example.com", "correct horse"), CLIENT)
        .await;
    assert_refused!(
        result,
        AuthError::InvalidCredentials,
        "Invalid email or password"
    );
}

#[tokio::test]
async fn an_unknown_email_is_refused_even_if_the_password_matches_the_decoy() {
    let mut ports = Ports::new()
        .without_users_by_email()
        .verifying("decoy", DECOY_HASH, true)
        .allowing_logins("nobody@example.com", 1);
    ports.tokens.expect_issue().times(0);

    let result = ports
        .service()
        .login(&sign_in("nobody@example.com", "decoy"), CLIENT)
        .await;
    assert_refused!(result, AuthError::InvalidCredentials);
}

#[tokio::test]
async fn a_malformed_email_is_invalid_credentials_without_looking_anyone_up() {
    let mut ports = Ports::new().allowing_logins("not-an-email", 1);
    ports.users.expect_find_by_email().times(0);
    ports.tokens.expect_issue().times(0);

    let result = ports
        .service()
        .login(&sign_in("not-an-email", "correct horse"), CLIENT)
        .await;
    assert_refused!(
        result,
        AuthError::InvalidCredentials,
        "Invalid email or password"
    );
}

#[tokio::test]
async fn a_broken_hasher_or_token_issuer_fails_login_as_unexpected_not_as_a_refusal() {
    // A fault on our side is no failed attempt: nothing is counted against the caller.
    let mut ports = Ports::new()
        .with_user_by_email(user(Role::Shopper))
        .allowing_logins("asha@example.com", 0);
    ports
        .hasher
        .expect_verify()
        .times(1)
        .returning(|_, _| Err(anyhow::anyhow!("malformed hash")));
    let err = ports
        .service()
        .login(&sign_in("asha@example.com", "correct horse"), CLIENT)
        .await;
    assert_unexpected("verify", err, "malformed hash");

    let mut ports = Ports::new()
        .with_user_by_email(user(Role::Shopper))
        .verifying("correct horse", "$2b$04$asha", true)
        .allowing_logins("asha@example.com", 0);
    ports
        .tokens
        .expect_issue()
        .returning(|_, _| Err(anyhow::anyhow!("signing failed")));
    let err = ports
        .service()
        .login(&sign_in("asha@example.com", "correct horse"), CLIENT)
        .await;
    assert_unexpected("issue", err, "signing failed");
}

#[tokio::test]
async fn too_many_failures_from_an_email_refuse_even_the_right_password_unchecked() {
    let mut ports = Ports::new();
    ports
        .throttle
        .expect_allows()
        .withf(|key, limit| {
            key == "login|email|asha@example.com"
                && *limit
                    == Limit {
                        max: 10,
                        window: chrono::Duration::minutes(15),
                    }
        })
        .times(1)
        .returning(|_, _| false);
    ports.throttle.expect_record().times(0);
    ports.users.expect_find_by_email().times(0);
    ports.hasher.expect_verify().times(0);
    ports.tokens.expect_issue().times(0);

    let result = ports
        .service()
        .login(&sign_in("Asha@example.com", "correct horse"), CLIENT)
        .await;
    assert_refused!(
        result,
        AuthError::TooManyAttempts,
        "Too many attempts, please try again later"
    );
}

#[tokio::test]
async fn too_many_failures_from_a_client_address_refuse_any_email() {
    let mut ports = Ports::new();
    ports
        .throttle
        .expect_allows()
        .withf(|key, _| key.starts_with("login|email|"))
        .returning(|_, _| true);
    ports
        .throttle
        .expect_allows()
        .withf(|key, limit| key == format!("login|address|{CLIENT}") && limit.max == 50)
        .times(1)
        .returning(|_, _| false);
    ports.users.expect_find_by_email().times(0);
    ports.hasher.expect_verify().times(0);

    let result = ports
        .service()
        .login(&sign_in("ravi@example.com", "correct horse"), CLIENT)
        .await;
    assert_refused!(result, AuthError::TooManyAttempts);
}

#[tokio::test]
async fn the_login_limits_come_from_the_configured_rate_limits() {
    let limits = RateLimits {
        per_email: 3,
        per_address: 7,
        window: chrono::Duration::seconds(60),
    };
    let mut ports = Ports::new()
        .without_users_by_email()
        .verifying("wrong", DECOY_HASH, false);
    ports.throttle.expect_allows().returning(|_, _| true);
    ports
        .throttle
        .expect_record()
        .withf(|key, limit| {
            key == "login|email|nobody@example.com"
                && limit.max == 3
                && limit.window == chrono::Duration::seconds(60)
        })
        .times(1)
        .return_const(());
    ports
        .throttle
        .expect_record()
        .withf(|key, limit| key == format!("login|address|{CLIENT}") && limit.max == 7)
        .times(1)
        .return_const(());
    let service = AuthService::new(
        Arc::new(ports.users),
        Arc::new(ports.hasher),
        Arc::new(ports.tokens),
        Arc::new(ports.ids),
        Arc::new(ports.clock),
        DECOY_HASH.to_owned(),
        RateLimiter::new(Arc::new(ports.throttle), limits),
    );

    let result = service
        .login(&sign_in("nobody@example.com", "wrong"), CLIENT)
        .await;
    assert_refused!(result, AuthError::InvalidCredentials);
}

// --- authenticate -------------------------------------------------------------------------

#[tokio::test]
async fn a_valid_token_names_its_user_as_the_database_knows_them_now() {
    let mut ports = Ports::new();
    ports
        .tokens
        .expect_verify()
        .withf(|token, at| token == "token-1" && *at == now())
        .times(1)
        .returning(|_, _| Ok(UserId::new("user-1")));
    ports
        .users
        .expect_find()
        .withf(|id| id.as_str() == "user-1")
        .times(1)
        .returning(|_| Ok(Some(user(Role::Admin))));

    let principal = ports.service().authenticate("token-1").await.unwrap();

    assert_eq!(
        principal,
        Principal {
            user_id: UserId::new("user-1"),
            name: "Asha".into(),
            role: Role::Admin
        }
    );
    assert!(principal.as_admin().is_some());
}

#[tokio::test]
async fn an_admin_demoted_after_signing_in_is_a_shopper_on_the_next_request() {
    // The token carries no role: whatever role the user had when it was issued, the
    // repository's answer now is the one that counts.
    let mut ports = Ports::new();
    ports
        .tokens
        .expect_verify()
        .returning(|_, _| Ok(UserId::new("user-1")));
    ports
        .users
        .expect_find()
        .returning(|_| Ok(Some(user(Role::Shopper))));

    let principal = ports.service().authenticate("token-1").await.unwrap();

    assert_eq!(principal.role, Role::Shopper);
    assert!(principal.as_admin().is_none());
}

#[tokio::test]
async fn a_bad_or_expired_token_is_invalid_and_nobody_is_looked_up() {
    for refusal in [TokenError::Invalid, TokenError::Expired] {
        let mut ports = Ports::new();
        ports
            .tokens
            .expect_verify()
            .returning(move |_, _| Err(refusal));
        ports.users.expect_find().times(0);

        let err = ports.service().authenticate("forged").await.unwrap_err();

        assert!(matches!(err, AuthError::InvalidToken), "{refusal:?}");
        assert_eq!(
            err.to_string(),
            "Your session has expired or is invalid, please login again"
        );
    }
}

#[tokio::test]
async fn a_token_for_a_deleted_user_is_invalid() {
    let mut ports = Ports::new();
    ports
        .tokens
        .expect_verify()
        .returning(|_, _| Ok(UserId::new("user-1")));
    ports.users.expect_find().returning(|_| Ok(None));

    let result = ports.service().authenticate("token-1").await;
    assert_refused!(result, AuthError::InvalidToken);
}

// --- create_admin -------------------------------------------------------------------------

#[tokio::test]
async fn a_new_admin_is_created_with_a_hashed_password_and_the_admin_role() {
    let mut ports = Ports::new().without_users_by_email();
    ports
        .ids
        .expect_new_id()
        .times(1)
        .return_const("admin-2".to_owned());
    ports
        .hasher
        .expect_hash()
        .withf(|password| password == "s3cret-pass")
        .times(1)
        .returning(|_| Ok("$2b$04$hashed".into()));
    let expected = ravi("$2b$04$hashed");
    let stored = expected.clone();
    ports
        .users
        .expect_create()
        .withf(move |user| *user == stored)
        .times(1)
        .returning(|_| Ok(()));
    ports.users.expect_set_role().times(0);

    let (admin, created) = ports
        .service()
        .create_admin(
            " Ravi@Paduka.local",
            " Ravi ",
            "s3cret-pass",
            "+91 98765-43210",
            "Shop 4, MG Road",
        )
        .await
        .unwrap();

    assert_eq!(admin, expected);
    assert!(created);
}

#[tokio::test]
async fn an_existing_user_is_promoted_without_rehashing_their_password() {
    let mut ports = Ports::new().with_user_by_email(user(Role::Shopper));
    ports
        .users
        .expect_set_role()
        .withf(|id, role, at| id.as_str() == "user-1" && *role == Role::Admin && *at == now())
        .times(1)
        .returning(|_, _, _| Ok(()));
    ports.hasher.expect_hash().times(0);
    ports.users.expect_create().times(0);

    let (admin, created) = ports
        .service()
        .create_admin(
            "asha@example.com",
            "Asha",
            "another-password",
            "9876543210",
            "1 MG Road",
        )
        .await
        .unwrap();

    assert!(!created);
    assert_eq!(admin.role, Role::Admin);
    assert_eq!(admin.password_hash, "$2b$04$asha");
    assert_eq!(admin.id, UserId::new("user-1"));
}

#[tokio::test]
async fn a_new_admin_with_a_short_password_is_refused_before_anything_is_stored() {
    let mut ports = Ports::new().without_users_by_email();
    ports.hasher.expect_hash().times(0);
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .create_admin("ravi@paduka.local", "Ravi", "short", "9876543210", "Shop 4")
        .await;
    assert_refused!(
        result,
        AuthError::Invalid(_),
        "Password must be at least 8 characters"
    );
}

#[tokio::test]
async fn a_new_admin_needs_a_valid_email_before_anyone_is_looked_up() {
    let mut ports = Ports::new();
    ports.users.expect_find_by_email().times(0);
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .create_admin(
            "ravi-at-paduka",
            "Ravi",
            "s3cret-pass",
            "9876543210",
            "Shop 4",
        )
        .await;
    assert_refused!(result, AuthError::Invalid(_), "Enter a valid email address");
}

#[tokio::test]
async fn a_new_admin_needs_a_name_a_ten_digit_phone_and_an_address() {
    let cases = [
        (" ", "9876543210", "Shop 4", "Name is required"),
        ("Ravi", "12345", "Shop 4", "Phone must be 10 digits"),
        ("Ravi", "9876543210", "", "Address is required"),
    ];
    for (name, phone, address, message) in cases {
        let mut ports = Ports::new().without_users_by_email();
        ports.hasher.expect_hash().times(0);
        ports.users.expect_create().times(0);

        let result = ports
            .service()
            .create_admin("ravi@paduka.local", name, "s3cret-pass", phone, address)
            .await;
        assert_refused!(result, AuthError::Invalid(_), message);
    }
}

#[tokio::test]
async fn an_admin_whose_email_was_registered_meanwhile_is_refused_as_already_registered() {
    let mut ports = Ports::new().without_users_by_email();
    ports.ids.expect_new_id().return_const("admin-2".to_owned());
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$hashed".into()));
    ports
        .users
        .expect_create()
        .returning(|_| Err(RepoError::Conflict(UserConflict::DuplicateEmail)));

    let result = ports
        .service()
        .create_admin(
            "ravi@paduka.local",
            "Ravi",
            "s3cret-pass",
            "9876543210",
            "Shop 4",
        )
        .await;
    assert_refused!(
        result,
        AuthError::Invalid(_),
        "Already registered, please login"
    );
}

// --- create_user_directly -----------------------------------------------------------------

#[tokio::test]
async fn a_demo_shopper_is_stored_with_the_hash_of_their_password() {
    let mut ports = Ports::new();
    ports
        .hasher
        .expect_hash()
        .withf(|password| password == "shopper-pass")
        .times(1)
        .returning(|_| Ok("$2b$04$fresh".into()));
    let expected = User {
        password_hash: "$2b$04$fresh".into(),
        ..user(Role::Shopper)
    };
    let stored = expected.clone();
    ports
        .users
        .expect_create()
        .withf(move |user| *user == stored)
        .times(1)
        .returning(|_| Ok(()));
    let without_hash = User {
        password_hash: String::new(),
        ..user(Role::Shopper)
    };

    let created = ports
        .service()
        .create_user_directly(without_hash, "shopper-pass")
        .await
        .unwrap();

    assert_eq!(created, expected);
}

#[tokio::test]
async fn a_demo_shopper_with_a_short_password_is_refused_and_not_stored() {
    let mut ports = Ports::new();
    ports.hasher.expect_hash().times(0);
    ports.users.expect_create().times(0);

    let err = ports
        .service()
        .create_user_directly(user(Role::Shopper), "short")
        .await
        .unwrap_err();

    assert_eq!(err.to_string(), "Password must be at least 8 characters");
}

// --- sellers ------------------------------------------------------------------------------

#[tokio::test]
async fn the_sellers_are_the_repository_s_admins() {
    let mut ports = Ports::new();
    let admins = vec![user(Role::Admin), ravi("$2b$04$ravi")];
    let returned = admins.clone();
    ports
        .users
        .expect_admins()
        .times(1)
        .returning(move || Ok(returned.clone()));

    assert_eq!(ports.service().sellers(&admin()).await.unwrap(), admins);
}

// --- failures -----------------------------------------------------------------------------

#[tokio::test]
async fn unexpected_repository_and_hasher_errors_pass_through_unchanged() {
    let mut ports = Ports::new().allowing_logins("ravi@paduka.local", 0);
    ports
        .users
        .expect_find_by_email()
        .withf(|email| email.as_str() != "asha@example.com")
        .returning(|_| Err(down()));
    ports
        .users
        .expect_find_by_email()
        .withf(|email| email.as_str() == "asha@example.com")
        .returning(|_| Ok(Some(user(Role::Shopper))));
    ports.users.expect_find().returning(|_| Err(down()));
    ports
        .users
        .expect_set_role()
        .returning(|_, _, _| Err(down()));
    ports.users.expect_create().returning(|_| Err(down()));
    ports.users.expect_admins().returning(|| Err(down()));
    ports
        .tokens
        .expect_verify()
        .returning(|_, _| Ok(UserId::new("user-1")));
    let service = ports.service();
    let message = "database is down";

    assert_unexpected(
        "login",
        service
            .login(&sign_in("ravi@paduka.local", "s3cret-pass"), CLIENT)
            .await,
        message,
    );
    assert_unexpected(
        "authenticate",
        service.authenticate("token-1").await,
        message,
    );
    let promoted = service
        .create_admin("asha@example.com", "Asha", "s3cret-pass", "9876543210", "x")
        .await;
    assert_unexpected("create_admin (promote)", promoted, message);
    let looked_up = service
        .create_admin(
            "ravi@paduka.local",
            "Ravi",
            "s3cret-pass",
            "9876543210",
            "x",
        )
        .await;
    assert_unexpected("create_admin (look up)", looked_up, message);
    assert_unexpected("sellers", service.sellers(&admin()).await, message);

    let mut ports = Ports::new().without_users_by_email();
    ports.ids.expect_new_id().return_const("admin-2".to_owned());
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$hashed".into()));
    ports.users.expect_create().returning(|_| Err(down()));
    let stored = ports
        .service()
        .create_admin(
            "ravi@paduka.local",
            "Ravi",
            "s3cret-pass",
            "9876543210",
            "x",
        )
        .await;
    assert_unexpected("create_admin (store)", stored, message);

    let mut ports = Ports::new();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Err(anyhow::anyhow!("bcrypt failed")));
    let hashed = ports
        .service()
        .create_user_directly(user(Role::Shopper), "s3cret-pass")
        .await;
    assert_unexpected("create_user_directly (hash)", hashed, "bcrypt failed");
}

#[tokio::test]
async fn a_refusal_the_use_case_does_not_expect_is_an_unexpected_error() {
    // The user vanished between being found and being promoted: not the caller's mistake.
    let mut ports = Ports::new().with_user_by_email(user(Role::Shopper));
    ports
        .users
        .expect_set_role()
        .returning(|_, _, _| Err(RepoError::NotFound));
    let promoted = ports
        .service()
        .create_admin("asha@example.com", "Asha", "s3cret-pass", "9876543210", "x")
        .await;
    assert_unexpected("create_admin (promote)", promoted, "not found");

    let mut ports = Ports::new();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$fresh".into()));
    ports
        .users
        .expect_create()
        .returning(|_| Err(RepoError::Conflict(UserConflict::DuplicateEmail)));
    let created = ports
        .service()
        .create_user_directly(user(Role::Shopper), "s3cret-pass")
        .await;
    // A taken e-mail is the same refusal as at registration, never a 500.
    assert!(matches!(
        created,
        Err(AuthError::Invalid(ref e)) if e.message() == "Already registered, please login"
    ));
}
