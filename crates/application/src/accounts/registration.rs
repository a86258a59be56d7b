//! Registering with a mailed code, and resetting a forgotten password the same way.
//!
//! A code is 6 digits from a CSPRNG, stored only as a keyed hash bound to its purpose and
//! e-mail, valid for 10 minutes and for 5 tries. A new one is sent at most every 30 seconds
//! per purpose and e-mail. Codes are never logged: the mail is the only place they appear.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::Duration;
use paduka_domain::contact::{Email, NewPassword};
use paduka_domain::text::escape_html;
use paduka_domain::user::{ProfileDraft, Role, User};
use paduka_domain::{InvalidInput, UserId};
use tracing::instrument;

use super::RegistrationError;
use super::limits::{Action, RateLimiter};
use super::ports::*;
use crate::mail::{Mail, Mailer};
use crate::{Clock, IdGenerator, RepoError};

/// How long a mailed code is valid.
pub const CODE_LIFETIME: Duration = Duration::minutes(10);
/// How soon another code may be asked for, per purpose and e-mail.
pub const RESEND_AFTER: Duration = Duration::seconds(30);
/// Wrong tries after which a code is dead.
pub const MAX_CODE_ATTEMPTS: u32 = 5;

/// The registration form, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct RegistrationInput {
    pub email: Email,
    pub password: NewPassword,
    pub profile: ProfileDraft,
}

impl RegistrationInput {
    /// The form's fields as sent, checked in the order their errors are reported: e-mail,
    /// password, then name, phone and address.
    pub fn parse(
        email: Option<&str>,
        password: Option<&str>,
        name: Option<&str>,
        phone: Option<&str>,
        address: Option<&str>,
    ) -> Result<Self, InvalidInput> {
        Ok(Self {
            email: Email::parse(email.unwrap_or_default())?,
            password: NewPassword::parse(password.unwrap_or_default())?,
            profile: ProfileDraft::parse(name, phone, address)?,
        })
    }
}

/// The ports registration and password reset need.
pub struct RegistrationPorts {
    pub users: Arc<dyn UserRepository>,
    pub codes: Arc<dyn OneTimeCodeRepository>,
    pub generator: Arc<dyn CodeGenerator>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub mailer: Arc<dyn Mailer>,
    pub ids: Arc<dyn IdGenerator>,
    pub clock: Arc<dyn Clock>,
}

/// Registering (code mailed, then confirmed) and resetting a forgotten password.
pub struct RegistrationService {
    users: Arc<dyn UserRepository>,
    codes: Arc<dyn OneTimeCodeRepository>,
    generator: Arc<dyn CodeGenerator>,
    hasher: Arc<dyn PasswordHasher>,
    mailer: Arc<dyn Mailer>,
    ids: Arc<dyn IdGenerator>,
    clock: Arc<dyn Clock>,
    limiter: RateLimiter,
}

/// Registering and resetting a password, each with a mailed code.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait RegistrationUseCases: Send + Sync {
    /// The first step: checks the details, keeps them (the password only as its bcrypt hash)
    /// with a new code, and mails the code. `client` is the caller's network address.
    async fn request_registration(
        &self,
        input: &RegistrationInput,
        client: &str,
    ) -> Result<(), RegistrationError>;

    /// The second step: with the right code, creates the account from the details kept at
    /// the first step.
    async fn confirm_registration(
        &self,
        email: &Email,
        code: &str,
        client: &str,
    ) -> Result<User, RegistrationError>;

    /// Mails a reset code when the e-mail has an account. The answer, and the throttling,
    /// are the same whether it has or not, so nobody learns which e-mails are registered.
    async fn request_password_reset(
        &self,
        email: &Email,
        client: &str,
    ) -> Result<(), RegistrationError>;

    /// Sets a new password with a mailed reset code. `code` is checked here, as sent: a
    /// malformed one is wrong like any other.
    async fn reset_password(
        &self,
        email: &Email,
        code: &str,
        password: &NewPassword,
    ) -> Result<(), RegistrationError>;
}

impl RegistrationService {
    pub fn new(ports: RegistrationPorts, limiter: RateLimiter) -> Self {
        Self {
            users: ports.users,
            codes: ports.codes,
            generator: ports.generator,
            hasher: ports.hasher,
            mailer: ports.mailer,
            ids: ports.ids,
            clock: ports.clock,
            limiter,
        }
    }

    async fn refuse_if_sent_lately(
        &self,
        purpose: CodePurpose,
        email: &Email,
    ) -> Result<(), RegistrationError> {
        let resend_after = self.clock.now() - RESEND_AFTER;
        match self.codes.find(purpose, email).await? {
            Some(code) if code.last_sent_at > resend_after => Err(RegistrationError::TooSoon),
            _ => Ok(()),
        }
    }

    /// Stores the code unless one was sent lately, then mails it. When the mail cannot be
    /// handed over the code is withdrawn, so asking again works at once.
    async fn issue_and_mail(
        &self,
        stored: &OneTimeCode,
        name: Option<&str>,
        code: &str,
    ) -> Result<(), RegistrationError> {
        if !self
            .codes
            .issue(stored, stored.last_sent_at - RESEND_AFTER)
            .await?
        {
            return Err(RegistrationError::TooSoon);
        }
        let mail = code_mail(stored.purpose, &stored.email, name, code);
        if let Err(error) = self.mailer.send(&mail).await {
            if let Err(withdraw) = self
                .codes
                .consume(stored.purpose, &stored.email, &stored.code_hash)
                .await
            {
                tracing::warn!(error = %withdraw, "could not withdraw an unsent code");
            }
            return Err(RegistrationError::Unexpected(
                error.context("sending the code by mail"),
            ));
        }
        Ok(())
    }

    /// Counts a try at the code for this purpose and e-mail, and returns the stored code when
    /// `code` is it and it has not expired.
    async fn check_code(
        &self,
        purpose: CodePurpose,
        email: &Email,
        code: &str,
    ) -> Result<OneTimeCode, RegistrationError> {
        let code = code.trim();
        // Anything but 6 digits cannot match, and costs no try.
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(RegistrationError::InvalidCode);
        }
        let Some(stored) = self
            .codes
            .begin_attempt(purpose, email, MAX_CODE_ATTEMPTS)
            .await?
        else {
            return Err(RegistrationError::InvalidCode);
        };
        if stored.expires_at <= self.clock.now()
            || !self
                .generator
                .verify(purpose, email, code, &stored.code_hash)
        {
            return Err(RegistrationError::InvalidCode);
        }
        Ok(stored)
    }
}

#[async_trait]
impl RegistrationUseCases for RegistrationService {
    #[instrument(skip_all, fields(client = %client))]
    async fn request_registration(
        &self,
        input: &RegistrationInput,
        client: &str,
    ) -> Result<(), RegistrationError> {
        let RegistrationInput {
            email,
            password,
            profile,
        } = input;
        if !self
            .limiter
            .attempt(Action::Register, email.as_str(), client)
            .await
        {
            return Err(RegistrationError::TooManyAttempts);
        }
        if self.users.find_by_email(email).await?.is_some() {
            return Err(RegistrationError::AlreadyRegistered);
        }
        let now = self.clock.now();
        // Checked before the costly hashing; `issue` checks again, atomically.
        self.refuse_if_sent_lately(CodePurpose::Register, email)
            .await?;
        let password_hash = self
            .hasher
            .hash(password.expose())
            .await
            .map_err(RegistrationError::Unexpected)?;
        let registration = PendingRegistration {
            name: profile.name.clone(),
            phone: profile.phone.as_str().to_owned(),
            address: profile.address.clone(),
            password_hash,
        };
        let code = self.generator.generate();
        let stored = OneTimeCode {
            purpose: CodePurpose::Register,
            code_hash: self.generator.digest(CodePurpose::Register, email, &code),
            email: email.clone(),
            attempts: 0,
            expires_at: now + CODE_LIFETIME,
            last_sent_at: now,
            registration: Some(registration),
        };
        self.issue_and_mail(&stored, Some(&profile.name), &code)
            .await
    }

    #[instrument(skip_all, fields(client = %client))]
    async fn confirm_registration(
        &self,
        email: &Email,
        code: &str,
        client: &str,
    ) -> Result<User, RegistrationError> {
        if !self
            .limiter
            .attempt(Action::Register, email.as_str(), client)
            .await
        {
            return Err(RegistrationError::TooManyAttempts);
        }
        let stored = self.check_code(CodePurpose::Register, email, code).await?;
        let Some(registration) = stored.registration.clone() else {
            return Err(RegistrationError::Unexpected(anyhow::anyhow!(
                "a registration code without the registration's details"
            )));
        };
        if !self
            .codes
            .consume(CodePurpose::Register, email, &stored.code_hash)
            .await?
        {
            // Used by a request racing this one, or replaced by a newer code.
            return Err(RegistrationError::InvalidCode);
        }
        let now = self.clock.now();
        let user = User {
            id: UserId::new(self.ids.new_id()),
            name: registration.name,
            email: email.clone(),
            phone: registration.phone,
            address: registration.address,
            role: Role::Shopper,
            password_hash: registration.password_hash,
            created_at: now,
            updated_at: now,
        };
        match self.users.create(&user).await {
            Ok(()) => {
                tracing::info!(user = %user.id, "account registered");
                Ok(user)
            }
            Err(RepoError::Conflict(UserConflict::DuplicateEmail)) => {
                Err(RegistrationError::AlreadyRegistered)
            }
            Err(other) => Err(other.into()),
        }
    }

    #[instrument(skip_all, fields(client = %client))]
    async fn request_password_reset(
        &self,
        email: &Email,
        client: &str,
    ) -> Result<(), RegistrationError> {
        if !self
            .limiter
            .attempt(Action::ForgotPassword, email.as_str(), client)
            .await
        {
            return Err(RegistrationError::TooManyAttempts);
        }
        self.refuse_if_sent_lately(CodePurpose::Reset, email)
            .await?;
        let user = self.users.find_by_email(email).await?;
        let now = self.clock.now();
        // A code is kept for an unknown e-mail too (it can never be used), so that asking
        // again within 30 seconds is refused alike.
        let code = self.generator.generate();
        let stored = OneTimeCode {
            purpose: CodePurpose::Reset,
            code_hash: self.generator.digest(CodePurpose::Reset, email, &code),
            email: email.clone(),
            attempts: 0,
            expires_at: now + CODE_LIFETIME,
            last_sent_at: now,
            registration: None,
        };
        match user {
            Some(user) => self.issue_and_mail(&stored, Some(&user.name), &code).await,
            None => {
                if !self.codes.issue(&stored, now - RESEND_AFTER).await? {
                    return Err(RegistrationError::TooSoon);
                }
                Ok(())
            }
        }
    }

    #[instrument(skip_all)]
    async fn reset_password(
        &self,
        email: &Email,
        code: &str,
        password: &NewPassword,
    ) -> Result<(), RegistrationError> {
        let stored = self.check_code(CodePurpose::Reset, email, code).await?;
        let Some(user) = self.users.find_by_email(email).await? else {
            return Err(RegistrationError::InvalidCode);
        };
        if !self
            .codes
            .consume(CodePurpose::Reset, email, &stored.code_hash)
            .await?
        {
            return Err(RegistrationError::InvalidCode);
        }
        let password_hash = self
            .hasher
            .hash(password.expose())
            .await
            .map_err(RegistrationError::Unexpected)?;
        match self
            .users
            .update_password(&user.id, &password_hash, self.clock.now())
            .await
        {
            Ok(()) => {
                tracing::info!(user = %user.id, "password reset");
                Ok(())
            }
            // Deleted meanwhile: the code was for an account that is gone.
            Err(RepoError::NotFound) => Err(RegistrationError::InvalidCode),
            Err(other) => Err(other.into()),
        }
    }
}

/// The message carrying a code: plain text and HTML, the code on a line of its own.
pub fn code_mail(purpose: CodePurpose, to: &Email, name: Option<&str>, code: &str) -> Mail {
    let (subject, what, otherwise) = match purpose {
        CodePurpose::Register => (
            "Your Paduka verification code",
            "verification code",
            "If you did not register at Paduka, ignore this message.",
        ),
        CodePurpose::Reset => (
            "Your Paduka password reset code",
            "password reset code",
            "If you did not ask to reset your password, ignore this message;\n\
             your password stays as it is.",
        ),
    };
    let greeting = match name {
        Some(name) => format!("Hello {name},"),
        None => "Hello,".to_owned(),
    };
    let text = format!(
        "{greeting}\n\nYour Paduka {what} is:\n\n{code}\n\nIt expires in 10 minutes.\n\n\
         {otherwise}\n"
    );
    let html = format!(
        "<p>{}</p>\n<p>Your Paduka {what} is:</p>\n\
         <p style=\"font-size:24px;font-weight:bold;letter-spacing:4px\">{code}</p>\n\
         <p>It expires in 10 minutes.</p>\n<p>{}</p>\n",
        escape_html(&greeting),
        escape_html(otherwise),
    );
    Mail {
        to: to.clone(),
        to_name: name.map(str::to_owned),
        subject: subject.to_owned(),
        text,
        html,
        attachments: Vec::new(),
    }
}

#[cfg(test)]
#[path = "registration_tests.rs"]
mod tests;
