//! `RegistrationService` against mocked ports. Every mock refuses calls it was not told to
//! expect, so a test that sets no expectation on a port also proves the port is left alone.

use chrono::{DateTime, Utc};
use paduka_test_support::builders::UserBuilder;
use paduka_test_support::time::now;

use super::*;
use crate::accounts::RateLimits;
use crate::mail::MockMailer;
use crate::testing::{assert_refused, assert_unexpected, clock, down};
use crate::{MockClock, MockIdGenerator};

// --- fixtures -----------------------------------------------------------------------------

const CLIENT: &str = "203.0.113.7";
const CODE: &str = "042917";

#[derive(Default)]
struct Ports {
    users: MockUserRepository,
    codes: MockOneTimeCodeRepository,
    generator: MockCodeGenerator,
    hasher: MockPasswordHasher,
    mailer: MockMailer,
    ids: MockIdGenerator,
    clock: MockClock,
    throttle: MockThrottle,
}

impl Ports {
    /// Ports whose clock reads [`now`] and whose code generator hashes as [`digest`] does.
    fn new() -> Self {
        let mut ports = Self {
            clock: clock(),
            ..Self::default()
        };
        ports
            .generator
            .expect_digest()
            .returning(|purpose, email, code| digest(purpose, email.as_str(), code));
        ports
            .generator
            .expect_verify()
            .returning(|purpose, email, code, stored| {
                digest(purpose, email.as_str(), code) == stored
            });
        ports
    }

    fn service(self) -> RegistrationService {
        RegistrationService::new(
            RegistrationPorts {
                users: Arc::new(self.users),
                codes: Arc::new(self.codes),
                generator: Arc::new(self.generator),
                hasher: Arc::new(self.hasher),
                mailer: Arc::new(self.mailer),
                ids: Arc::new(self.ids),
                clock: Arc::new(self.clock),
            },
            RateLimiter::new(Arc::new(self.throttle), RateLimits::default()),
        )
    }

    /// The throttle lets every attempt through.
    fn unthrottled(mut self) -> Self {
        self.throttle.expect_attempt().returning(|_, _| true);
        self
    }

    /// Nobody has registered any e-mail.
    fn without_users(mut self) -> Self {
        self.users.expect_find_by_email().returning(|_| Ok(None));
        self
    }

    fn with_user(mut self) -> Self {
        self.users
            .expect_find_by_email()
            .withf(|email| email.as_str() == "asha@example.com")
            .returning(|_| Ok(Some(asha())));
        self
    }

    /// No code was sent to anyone lately.
    fn without_codes(mut self) -> Self {
        self.codes.expect_find().returning(|_, _| Ok(None));
        self
    }

    /// The generator's next code is [`CODE`].
    fn generating(mut self) -> Self {
        self.generator
            .expect_generate()
            .times(1)
            .return_const(CODE.to_owned());
        self
    }

    /// The stored code for `purpose` is `stored`; one try is counted against it.
    fn with_code(mut self, stored: OneTimeCode) -> Self {
        let purpose = stored.purpose;
        self.codes
            .expect_begin_attempt()
            .withf(move |p, email, max| {
                *p == purpose && email.as_str() == "asha@example.com" && *max == 5
            })
            .times(1)
            .returning(move |_, _, _| Ok(Some(stored.clone())));
        self
    }
}

/// What the mocked generator stores for a code.
fn digest(purpose: CodePurpose, email: &str, code: &str) -> String {
    format!("hmac({}|{email}|{code})", purpose.as_str())
}

fn email() -> Email {
    typed("asha@example.com")
}

/// An e-mail as the edge hands it over.
fn typed(email: &str) -> Email {
    Email::parse(email).unwrap()
}

fn new_password(password: &str) -> NewPassword {
    NewPassword::parse(password).unwrap()
}

/// Asha's account, registered with `asha@example.com`.
fn asha() -> User {
    UserBuilder::shopper("user-1")
        .named("Asha")
        .email("asha@example.com")
        .password_hash("$2b$04$old")
        .build()
}

/// The form's fields as sent: name, e-mail, password, phone, address.
type Fields<'a> = [Option<&'a str>; 5];

const FORM: Fields<'static> = [
    Some(" Asha "),
    Some(" Asha@Example.com"),
    Some("correct horse"),
    Some("+91 98765 43210"),
    Some("1 MG Road"),
];

fn parse(
    [name, email, password, phone, address]: Fields<'_>,
) -> Result<RegistrationInput, InvalidInput> {
    RegistrationInput::parse(email, password, name, phone, address)
}

fn form() -> RegistrationInput {
    parse(FORM).unwrap()
}

fn pending() -> PendingRegistration {
    PendingRegistration {
        name: "Asha".into(),
        phone: "9876543210".into(),
        address: "1 MG Road".into(),
        password_hash: "$2b$04$new".into(),
    }
}

/// The registration code stored for Asha at `sent`.
fn registration_code(sent: DateTime<Utc>) -> OneTimeCode {
    OneTimeCode {
        purpose: CodePurpose::Register,
        email: email(),
        code_hash: digest(CodePurpose::Register, "asha@example.com", CODE),
        attempts: 1,
        expires_at: sent + CODE_LIFETIME,
        last_sent_at: sent,
        registration: Some(pending()),
    }
}

fn reset_code(sent: DateTime<Utc>) -> OneTimeCode {
    OneTimeCode {
        purpose: CodePurpose::Reset,
        email: email(),
        code_hash: digest(CodePurpose::Reset, "asha@example.com", CODE),
        attempts: 1,
        expires_at: sent + CODE_LIFETIME,
        last_sent_at: sent,
        registration: None,
    }
}

fn assert_invalid_code<T: std::fmt::Debug>(result: Result<T, RegistrationError>) {
    match result {
        Err(error @ RegistrationError::InvalidCode) => {
            assert_eq!(error.to_string(), "Invalid or expired OTP");
        }
        other => panic!("expected an invalid code, got {other:?}"),
    }
}

// --- asking for a registration code -------------------------------------------------------

#[tokio::test]
async fn asking_for_a_code_keeps_the_details_with_hashed_password_and_code_and_mails_it() {
    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports
        .hasher
        .expect_hash()
        .withf(|password| password == "correct horse")
        .times(1)
        .returning(|_| Ok("$2b$04$new".into()));
    let expected = OneTimeCode {
        attempts: 0,
        ..registration_code(now())
    };
    ports
        .codes
        .expect_issue()
        .withf(move |code, resend_after| {
            *code == expected && *resend_after == now() - Duration::seconds(30)
        })
        .times(1)
        .returning(|_, _| Ok(true));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            mail.to.as_str() == "asha@example.com"
                && mail.to_name.as_deref() == Some("Asha")
                && mail.subject == "Your Paduka verification code"
                && mail.text.contains("\n042917\n")
                && mail.text.contains("It expires in 10 minutes.")
                && mail.html.contains("042917")
        })
        .times(1)
        .returning(|_| Ok(()));

    ports
        .service()
        .request_registration(&form(), CLIENT)
        .await
        .unwrap();
}

#[test]
fn each_broken_field_is_refused_in_the_forms_order() {
    let with = |field: usize, value: Option<&'static str>| {
        let mut fields = FORM;
        fields[field] = value;
        fields
    };
    let cases = [
        (
            with(1, Some("asha-at-example")),
            "Enter a valid email address",
        ),
        (with(1, None), "Enter a valid email address"),
        (
            with(2, Some("short")),
            "Password must be at least 8 characters",
        ),
        (with(0, Some("  ")), "Name is required"),
        (with(3, Some("12345")), "Phone must be 10 digits"),
        (with(4, None), "Address is required"),
        // Several at once: the first in that order.
        (
            [None, Some("x"), Some("short"), None, None],
            "Enter a valid email address",
        ),
        (
            [None, FORM[1], Some("short"), None, None],
            "Password must be at least 8 characters",
        ),
        (
            [None, FORM[1], FORM[2], Some("1"), None],
            "Name is required",
        ),
    ];
    for (fields, message) in cases {
        assert_eq!(
            parse(fields).unwrap_err().to_string(),
            message,
            "{fields:?}"
        );
    }
    let input = form();
    assert_eq!(input.email.as_str(), "asha@example.com");
    assert_eq!(input.profile.name, "Asha");
    assert_eq!(input.profile.phone.as_str(), "9876543210");
}

#[tokio::test]
async fn a_registered_email_is_told_to_login_and_nothing_is_hashed_or_mailed() {
    let result = Ports::new()
        .unthrottled()
        .with_user()
        .service()
        .request_registration(&form(), CLIENT)
        .await;
    assert_refused!(
        result,
        RegistrationError::AlreadyRegistered,
        "Already registered, please login"
    );
}

#[tokio::test]
async fn asking_again_within_30_seconds_is_too_soon_and_at_30_seconds_is_fine() {
    let mut ports = Ports::new().unthrottled().without_users();
    ports
        .codes
        .expect_find()
        .withf(|purpose, email| {
            *purpose == CodePurpose::Register && email.as_str() == "asha@example.com"
        })
        .returning(|_, _| Ok(Some(registration_code(now() - Duration::seconds(29)))));
    let result = ports.service().request_registration(&form(), CLIENT).await;
    assert_refused!(
        result,
        RegistrationError::TooSoon,
        "Please wait 30 seconds before asking for another code"
    );

    let mut ports = Ports::new().unthrottled().without_users().generating();
    ports
        .codes
        .expect_find()
        .returning(|_, _| Ok(Some(registration_code(now() - Duration::seconds(30)))));
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$new".into()));
    ports
        .codes
        .expect_issue()
        .times(1)
        .returning(|_, _| Ok(true));
    ports.mailer.expect_send().times(1).returning(|_| Ok(()));
    ports
        .service()
        .request_registration(&form(), CLIENT)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_code_issued_meanwhile_by_a_racing_request_makes_this_one_too_soon_unmailed() {
    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$new".into()));
    ports
        .codes
        .expect_issue()
        .times(1)
        .returning(|_, _| Ok(false));
    ports.mailer.expect_send().times(0);

    let result = ports.service().request_registration(&form(), CLIENT).await;
    assert_refused!(result, RegistrationError::TooSoon);
}

#[tokio::test]
async fn over_the_rate_limit_registration_is_refused_before_anyone_is_looked_up() {
    let mut ports = Ports::new();
    ports
        .throttle
        .expect_attempt()
        .withf(|key, limit| key == format!("register|address|{CLIENT}") && limit.max == 50)
        .returning(|_, _| true);
    ports
        .throttle
        .expect_attempt()
        .withf(|key, limit| key == "register|email|asha@example.com" && limit.max == 10)
        .times(1)
        .returning(|_, _| false);

    let result = ports.service().request_registration(&form(), CLIENT).await;
    assert_refused!(
        result,
        RegistrationError::TooManyAttempts,
        "Too many attempts, please try again later"
    );
}

#[tokio::test]
async fn a_mail_that_cannot_be_sent_withdraws_the_code_and_fails_as_unexpected() {
    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$new".into()));
    ports.codes.expect_issue().returning(|_, _| Ok(true));
    ports
        .mailer
        .expect_send()
        .times(1)
        .returning(|_| Err(anyhow::anyhow!("connection refused")));
    ports
        .codes
        .expect_consume()
        .withf(|purpose, email, hash| {
            *purpose == CodePurpose::Register
                && email.as_str() == "asha@example.com"
                && hash == digest(CodePurpose::Register, "asha@example.com", CODE)
        })
        .times(1)
        .returning(|_, _, _| Ok(true));

    let result = ports.service().request_registration(&form(), CLIENT).await;

    assert_unexpected("mail", result, "connection refused");
}

// --- confirming a registration ------------------------------------------------------------

#[tokio::test]
async fn the_right_code_creates_a_shopper_from_the_details_kept_at_the_first_step() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now() - Duration::minutes(9)));
    ports
        .codes
        .expect_consume()
        .withf(|purpose, _, hash| {
            *purpose == CodePurpose::Register
                && hash == digest(CodePurpose::Register, "asha@example.com", CODE)
        })
        .times(1)
        .returning(|_, _, _| Ok(true));
    ports
        .ids
        .expect_new_id()
        .times(1)
        .return_const("user-9".to_owned());
    let expected = UserBuilder::shopper("user-9")
        .named("Asha")
        .email("asha@example.com")
        .password_hash("$2b$04$new")
        .made_at(now())
        .build();
    let stored = expected.clone();
    ports
        .users
        .expect_create()
        .withf(move |user| *user == stored)
        .times(1)
        .returning(|_| Ok(()));

    // The e-mail is matched however it is typed; a code may come with spaces around it.
    let user = ports
        .service()
        .confirm_registration(&typed("ASHA@example.com "), " 042917 ", CLIENT)
        .await
        .unwrap();

    assert_eq!(user, expected);
}

#[tokio::test]
async fn a_wrong_code_is_invalid_counts_a_try_and_creates_nobody() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now()));
    ports.codes.expect_consume().times(0);
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), "142917", CLIENT)
        .await;

    assert_invalid_code(result);
}

#[tokio::test]
async fn an_expired_code_is_invalid_even_when_it_is_right() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now() - CODE_LIFETIME));
    ports.codes.expect_consume().times(0);
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
        .await;

    assert_invalid_code(result);
}

#[tokio::test]
async fn a_code_used_up_by_five_tries_or_never_sent_is_invalid() {
    // The repository answers `None` once a code has had its 5 tries (or never existed).
    let mut ports = Ports::new().unthrottled();
    ports
        .codes
        .expect_begin_attempt()
        .withf(|purpose, _, max| *purpose == CodePurpose::Register && *max == 5)
        .times(1)
        .returning(|_, _, _| Ok(None));
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
        .await;

    assert_invalid_code(result);
}

#[tokio::test]
async fn a_code_that_is_not_six_digits_is_invalid_and_costs_no_try() {
    for code in ["", "42917", "0429170", "04291a", "04 917", "٠٤٢٩١٧"] {
        let mut ports = Ports::new().unthrottled();
        ports.codes.expect_begin_attempt().times(0);

        let result = ports
            .service()
            .confirm_registration(&typed("asha@example.com"), code, CLIENT)
            .await;

        assert_invalid_code(result);
    }
}

#[tokio::test]
async fn a_code_consumed_by_a_racing_request_creates_nobody_here() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now()));
    ports
        .codes
        .expect_consume()
        .times(1)
        .returning(|_, _, _| Ok(false));
    ports.users.expect_create().times(0);

    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
        .await;

    assert_invalid_code(result);
}

#[tokio::test]
async fn an_email_registered_meanwhile_is_already_registered_at_confirmation() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now()));
    ports.codes.expect_consume().returning(|_, _, _| Ok(true));
    ports.ids.expect_new_id().return_const("user-9".to_owned());
    ports
        .users
        .expect_create()
        .returning(|_| Err(RepoError::Conflict(UserConflict::DuplicateEmail)));

    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
        .await;
    assert_refused!(result, RegistrationError::AlreadyRegistered);
}

#[tokio::test]
async fn confirming_is_rate_limited() {
    let mut ports = Ports::new();
    ports
        .throttle
        .expect_attempt()
        .withf(|key, _| key == format!("register|address|{CLIENT}"))
        .times(1)
        .returning(|_, _| false);
    ports.codes.expect_begin_attempt().times(0);
    let result = ports
        .service()
        .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
        .await;
    assert_refused!(result, RegistrationError::TooManyAttempts);
}

// --- the mail -------------------------------------------------------------------------------

#[test]
fn the_mails_say_what_the_code_is_for_and_that_it_expires_in_ten_minutes() {
    let registration = code_mail(CodePurpose::Register, &email(), Some("Asha"), CODE);
    assert_eq!(registration.subject, "Your Paduka verification code");
    assert_eq!(registration.to, email());
    assert!(registration.text.starts_with("Hello Asha,\n"));
    assert!(registration.text.contains("\n042917\n"));
    assert!(registration.text.contains("It expires in 10 minutes."));
    assert!(registration.html.contains(">042917</p>"));
    assert!(registration.html.contains("It expires in 10 minutes."));

    let reset = code_mail(CodePurpose::Reset, &email(), None, "000001");
    assert_eq!(reset.subject, "Your Paduka password reset code");
    assert!(reset.text.starts_with("Hello,\n"));
    assert!(reset.text.contains("\n000001\n"));
    assert!(reset.text.contains("It expires in 10 minutes."));
    assert_eq!(reset.to_name, None);
}

#[test]
fn a_name_cannot_inject_markup_into_the_html_mail() {
    let mail = code_mail(
        CodePurpose::Register,
        &email(),
        Some("<img src=x onerror=alert(1)>"),
        CODE,
    );
    assert!(!mail.html.contains("<img"));
    assert!(mail.html.contains("&lt;img src=x onerror=alert(1)&gt;"));
}

// --- forgot password ------------------------------------------------------------------------

#[tokio::test]
async fn a_reset_code_is_mailed_to_a_registered_email() {
    let mut ports = Ports::new()
        .unthrottled()
        .with_user()
        .without_codes()
        .generating();
    let expected = OneTimeCode {
        attempts: 0,
        ..reset_code(now())
    };
    ports
        .codes
        .expect_issue()
        .withf(move |code, resend_after| {
            *code == expected && *resend_after == now() - Duration::seconds(30)
        })
        .times(1)
        .returning(|_, _| Ok(true));
    ports
        .mailer
        .expect_send()
        .withf(|mail| {
            mail.to.as_str() == "asha@example.com"
                && mail.subject == "Your Paduka password reset code"
                && mail.text.contains("\n042917\n")
                && mail.text.contains("It expires in 10 minutes.")
        })
        .times(1)
        .returning(|_| Ok(()));
    ports.hasher.expect_hash().times(0);

    ports
        .service()
        .request_password_reset(&typed(" Asha@example.com"), CLIENT)
        .await
        .unwrap();
}

#[tokio::test]
async fn an_unknown_email_gets_the_same_answer_and_a_stored_code_but_no_mail() {
    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports
        .codes
        .expect_issue()
        .withf(|code, _| {
            code.purpose == CodePurpose::Reset
                && code.email.as_str() == "nobody@example.com"
                && code.registration.is_none()
        })
        .times(1)
        .returning(|_, _| Ok(true));
    ports.mailer.expect_send().times(0);

    ports
        .service()
        .request_password_reset(&typed("nobody@example.com"), CLIENT)
        .await
        .unwrap();
}

#[tokio::test]
async fn asking_for_a_reset_again_within_30_seconds_is_too_soon_for_any_email() {
    // Known or not, the stored code decides, before anyone is looked up.
    let mut ports = Ports::new().unthrottled();
    ports
        .codes
        .expect_find()
        .withf(|purpose, _| *purpose == CodePurpose::Reset)
        .times(1)
        .returning(|_, _| Ok(Some(reset_code(now() - Duration::seconds(10)))));
    ports.users.expect_find_by_email().times(0);

    let result = ports
        .service()
        .request_password_reset(&typed("nobody@example.com"), CLIENT)
        .await;
    assert_refused!(result, RegistrationError::TooSoon);

    // An unknown e-mail whose code a racing request just stored: too soon as well.
    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports.codes.expect_issue().returning(|_, _| Ok(false));
    let result = ports
        .service()
        .request_password_reset(&typed("nobody@example.com"), CLIENT)
        .await;
    assert_refused!(result, RegistrationError::TooSoon);
}

#[tokio::test]
async fn forgot_password_is_rate_limited_per_email_and_address() {
    let mut ports = Ports::new();
    ports
        .throttle
        .expect_attempt()
        .withf(|key, limit| key == format!("forgot-password|address|{CLIENT}") && limit.max == 50)
        .times(1)
        .returning(|_, _| true);
    ports
        .throttle
        .expect_attempt()
        .withf(|key, limit| key == "forgot-password|email|asha@example.com" && limit.max == 10)
        .times(1)
        .returning(|_, _| false);
    let result = ports
        .service()
        .request_password_reset(&typed("asha@example.com"), CLIENT)
        .await;
    assert_refused!(result, RegistrationError::TooManyAttempts);
}

// --- reset password -------------------------------------------------------------------------

#[tokio::test]
async fn the_right_reset_code_stores_the_hash_of_the_new_password() {
    let mut ports = Ports::new()
        .with_user()
        .with_code(reset_code(now() - Duration::minutes(5)));
    ports
        .codes
        .expect_consume()
        .withf(|purpose, _, hash| {
            *purpose == CodePurpose::Reset
                && hash == digest(CodePurpose::Reset, "asha@example.com", CODE)
        })
        .times(1)
        .returning(|_, _, _| Ok(true));
    ports
        .hasher
        .expect_hash()
        .withf(|password| password == "new password")
        .times(1)
        .returning(|_| Ok("$2b$04$fresh".into()));
    ports
        .users
        .expect_update_password()
        .withf(|id, hash, at| id.as_str() == "user-1" && hash == "$2b$04$fresh" && *at == now())
        .times(1)
        .returning(|_, _, _| Ok(()));

    ports
        .service()
        .reset_password(
            &typed("asha@example.com"),
            CODE,
            &new_password("new password"),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_wrong_or_expired_reset_code_changes_nothing() {
    let cases = [
        (reset_code(now()), "111111"),
        (reset_code(now() - Duration::minutes(10)), CODE),
        // A registration code does not reset a password: the digest is bound to its purpose.
        (
            OneTimeCode {
                code_hash: digest(CodePurpose::Register, "asha@example.com", CODE),
                ..reset_code(now())
            },
            CODE,
        ),
    ];
    for (stored, code) in cases {
        let mut ports = Ports::new().with_code(stored);
        ports.codes.expect_consume().times(0);
        ports.users.expect_update_password().times(0);

        let result = ports
            .service()
            .reset_password(
                &typed("asha@example.com"),
                code,
                &new_password("new password"),
            )
            .await;

        assert_invalid_code(result);
    }
}

#[tokio::test]
async fn a_reset_code_for_an_email_without_an_account_never_works() {
    let mut ports = Ports::new().without_users().with_code(reset_code(now()));
    ports.codes.expect_consume().times(0);

    let result = ports
        .service()
        .reset_password(
            &typed("asha@example.com"),
            CODE,
            &new_password("new password"),
        )
        .await;

    assert_invalid_code(result);
}

#[tokio::test]
async fn a_reset_whose_account_vanished_or_whose_code_was_taken_is_invalid() {
    let mut ports = Ports::new().with_user().with_code(reset_code(now()));
    ports.codes.expect_consume().returning(|_, _, _| Ok(false));
    ports.hasher.expect_hash().times(0);
    assert_invalid_code(
        ports
            .service()
            .reset_password(
                &typed("asha@example.com"),
                CODE,
                &new_password("new password"),
            )
            .await,
    );

    let mut ports = Ports::new().with_user().with_code(reset_code(now()));
    ports.codes.expect_consume().returning(|_, _, _| Ok(true));
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$fresh".into()));
    ports
        .users
        .expect_update_password()
        .returning(|_, _, _| Err(RepoError::NotFound));
    assert_invalid_code(
        ports
            .service()
            .reset_password(
                &typed("asha@example.com"),
                CODE,
                &new_password("new password"),
            )
            .await,
    );
}

// --- failures -------------------------------------------------------------------------------

#[tokio::test]
async fn unexpected_repository_hasher_and_data_errors_pass_through() {
    let message = "database is down";

    let mut ports = Ports::new().unthrottled();
    ports
        .users
        .expect_find_by_email()
        .returning(|_| Err(down()));
    let service = ports.service();
    assert_unexpected(
        "register (look up)",
        service.request_registration(&form(), CLIENT).await,
        message,
    );

    let mut ports = Ports::new().unthrottled().without_users();
    ports.codes.expect_find().returning(|_, _| Err(down()));
    assert_unexpected(
        "register (find code)",
        ports.service().request_registration(&form(), CLIENT).await,
        message,
    );

    let mut ports = Ports::new().unthrottled().without_users().without_codes();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Err(anyhow::anyhow!("bcrypt failed")));
    assert_unexpected(
        "register (hash)",
        ports.service().request_registration(&form(), CLIENT).await,
        "bcrypt failed",
    );

    let mut ports = Ports::new()
        .unthrottled()
        .without_users()
        .without_codes()
        .generating();
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$new".into()));
    ports.codes.expect_issue().returning(|_, _| Err(down()));
    assert_unexpected(
        "register (issue)",
        ports.service().request_registration(&form(), CLIENT).await,
        message,
    );

    let mut ports = Ports::new().unthrottled();
    ports
        .codes
        .expect_begin_attempt()
        .returning(|_, _, _| Err(down()));
    assert_unexpected(
        "confirm (attempt)",
        ports
            .service()
            .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
            .await,
        message,
    );

    // A registration code stored without its details is a corrupt row, not the caller's fault.
    let mut ports = Ports::new().unthrottled().with_code(OneTimeCode {
        registration: None,
        ..registration_code(now())
    });
    ports.users.expect_create().times(0);
    assert_unexpected(
        "confirm (no details)",
        ports
            .service()
            .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
            .await,
        "a registration code without the registration's details",
    );

    let mut ports = Ports::new()
        .unthrottled()
        .with_code(registration_code(now()));
    ports.codes.expect_consume().returning(|_, _, _| Ok(true));
    ports.ids.expect_new_id().return_const("user-9".to_owned());
    ports.users.expect_create().returning(|_| Err(down()));
    assert_unexpected(
        "confirm (create)",
        ports
            .service()
            .confirm_registration(&typed("asha@example.com"), CODE, CLIENT)
            .await,
        message,
    );

    let mut ports = Ports::new().unthrottled().without_codes();
    ports
        .users
        .expect_find_by_email()
        .returning(|_| Err(down()));
    assert_unexpected(
        "forgot (look up)",
        ports
            .service()
            .request_password_reset(&typed("asha@example.com"), CLIENT)
            .await,
        message,
    );

    let mut ports = Ports::new().with_user().with_code(reset_code(now()));
    ports.codes.expect_consume().returning(|_, _, _| Ok(true));
    ports
        .hasher
        .expect_hash()
        .returning(|_| Ok("$2b$04$fresh".into()));
    ports
        .users
        .expect_update_password()
        .returning(|_, _, _| Err(down()));
    assert_unexpected(
        "reset (store)",
        ports
            .service()
            .reset_password(
                &typed("asha@example.com"),
                CODE,
                &new_password("new password"),
            )
            .await,
        message,
    );
}
