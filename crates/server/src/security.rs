//! Password hashing (bcrypt), session tokens (JWT HS256) and one-time codes (CSPRNG digits,
//! stored as HMAC-SHA256).

use std::path::Path;

use anyhow::Context;
use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use paduka_application::accounts::{
    CodeGenerator, CodePurpose, PasswordHasher, TokenError, TokenIssuer,
};
use paduka_application::cod::CodLinks;
use paduka_domain::contact::Email;
use paduka_domain::{OrderId, UserId};
use rand::{Rng, RngCore};
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

pub struct BcryptHasher {
    cost: u32,
}

impl BcryptHasher {
    pub fn new(cost: u32) -> Self {
        Self { cost }
    }

    /// A hash of a random password, checked against when an e-mail is unknown so that a
    /// failed sign-in takes as long either way.
    pub fn decoy_hash(&self) -> anyhow::Result<String> {
        let mut random = [0u8; 16];
        rand::rng().fill_bytes(&mut random);
        Ok(bcrypt::hash(hex::encode(random), self.cost)?)
    }
}

#[async_trait]
impl PasswordHasher for BcryptHasher {
    async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let (password, cost) = (password.to_owned(), self.cost);
        // bcrypt is slow on purpose; keep it off the request threads.
        tokio::task::spawn_blocking(move || bcrypt::hash(password, cost))
            .await
            .context("password hashing task failed")?
            .context("password hashing failed")
    }

    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool> {
        let (password, hash) = (password.to_owned(), hash.to_owned());
        tokio::task::spawn_blocking(move || bcrypt::verify(password, &hash))
            .await
            .context("password check task failed")?
            .context("stored password hash is malformed")
    }
}

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iat: i64,
    exp: i64,
}

pub struct JwtTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    lifetime: Duration,
}

impl JwtTokens {
    /// Sessions last a week.
    pub const LIFETIME_DAYS: i64 = 7;

    pub fn new(secret: &SecretString) -> Self {
        let bytes = secret.expose_secret().as_bytes();
        Self {
            encoding: EncodingKey::from_secret(bytes),
            decoding: DecodingKey::from_secret(bytes),
            lifetime: Duration::days(Self::LIFETIME_DAYS),
        }
    }

    /// The secret kept in the data folder, made on first use. For development: production
    /// sets `JWT_SECRET` so that every instance signs alike and restarts keep sessions.
    pub fn development_secret(data_dir: &Path) -> anyhow::Result<SecretString> {
        let path = data_dir.join("jwt-secret");
        if let Ok(secret) = std::fs::read_to_string(&path) {
            return Ok(secret.trim().to_owned().into());
        }
        let mut random = [0u8; 32];
        rand::rng().fill_bytes(&mut random);
        let secret = hex::encode(random);
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create {}", data_dir.display()))?;
        std::fs::write(&path, &secret)
            .with_context(|| format!("cannot write {}", path.display()))?;
        tracing::warn!(path = %path.display(), "JWT_SECRET is not set: using a generated development secret");
        Ok(secret.into())
    }
}

impl TokenIssuer for JwtTokens {
    fn issue(&self, user: &UserId, now: DateTime<Utc>) -> anyhow::Result<String> {
        let claims = Claims {
            sub: user.to_string(),
            iat: now.timestamp(),
            exp: (now + self.lifetime).timestamp(),
        };
        Ok(jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &self.encoding,
        )?)
    }

    fn verify(&self, token: &str, now: DateTime<Utc>) -> Result<UserId, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        // Expiry is judged against the injected clock below, not the system's.
        validation.validate_exp = false;
        validation.required_spec_claims = ["sub", "exp"].into_iter().map(String::from).collect();
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation)
            .map_err(|_| TokenError::Invalid)?
            .claims;
        if claims.exp <= now.timestamp() {
            return Err(TokenError::Expired);
        }
        Ok(UserId::new(claims.sub))
    }
}

type HmacSha256 = Hmac<Sha256>;

/// One-time codes: 6 digits from a CSPRNG (`rand`'s thread generator, ChaCha seeded by the
/// operating system), stored as hex HMAC-SHA256 of `purpose|email|code` under a key derived
/// from `JWT_SECRET`. Without the secret a stolen table does not give the codes back, even
/// though there are only a million of them; checks compare in constant time.
pub struct HmacCodes {
    key: [u8; 32],
}

/// A key of its own for `purpose`, derived from `JWT_SECRET` (HMAC-SHA256 of the purpose), so
/// the JWT key signs nothing but tokens and every instance that shares the secret derives the
/// same keys.
pub fn derived_key(secret: &SecretString, purpose: &str) -> [u8; 32] {
    let mut derive = HmacSha256::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC accepts a key of any length");
    derive.update(purpose.as_bytes());
    derive.finalize().into_bytes().into()
}

impl HmacCodes {
    pub fn new(secret: &SecretString) -> Self {
        Self {
            key: derived_key(secret, "paduka one-time codes v1"),
        }
    }

    fn mac(&self, purpose: CodePurpose, email: &Email, code: &str) -> HmacSha256 {
        let mut mac =
            HmacSha256::new_from_slice(&self.key).expect("HMAC accepts a key of any length");
        mac.update(purpose.as_str().as_bytes());
        mac.update(b"|");
        mac.update(email.as_str().as_bytes());
        mac.update(b"|");
        mac.update(code.as_bytes());
        mac
    }
}

impl CodeGenerator for HmacCodes {
    fn generate(&self) -> String {
        format!("{:06}", rand::rng().random_range(0..1_000_000_u32))
    }

    fn digest(&self, purpose: CodePurpose, email: &Email, code: &str) -> String {
        hex::encode(self.mac(purpose, email, code).finalize().into_bytes())
    }

    fn verify(&self, purpose: CodePurpose, email: &Email, code: &str, digest: &str) -> bool {
        let Ok(expected) = hex::decode(digest) else {
            return false;
        };
        self.mac(purpose, email, code)
            .verify_slice(&expected)
            .is_ok()
    }
}

/// The signed links `/cod/{token}` of COD orders' mails (decisions D39): the token is the
/// order's id and the HMAC-SHA256 of it under a key derived from `JWT_SECRET`, so any instance
/// checks any instance's link and no table is needed. It does not expire by time: an answer
/// counts until the order ships, which the use case decides.
pub struct HmacCodLinks {
    key: [u8; 32],
    public_url: String,
}

impl HmacCodLinks {
    pub fn new(secret: &SecretString, public_url: &str) -> Self {
        Self {
            key: derived_key(secret, "paduka cod links v1"),
            public_url: public_url.trim_end_matches('/').to_owned(),
        }
    }

    fn mac(&self, order: &str) -> HmacSha256 {
        let mut mac =
            HmacSha256::new_from_slice(&self.key).expect("HMAC accepts a key of any length");
        mac.update(order.as_bytes());
        mac
    }
}

impl CodLinks for HmacCodLinks {
    fn token(&self, order: &OrderId) -> String {
        let signature = hex::encode(self.mac(order.as_str()).finalize().into_bytes());
        format!("{order}.{signature}")
    }

    fn order_of(&self, token: &str) -> Option<OrderId> {
        let (order, signature) = token.rsplit_once('.')?;
        let expected = hex::decode(signature).ok()?;
        // Compared in constant time by the MAC itself.
        self.mac(order).verify_slice(&expected).ok()?;
        Some(OrderId::new(order))
    }

    fn url(&self, order: &OrderId) -> String {
        format!("{}/cod/{}", self.public_url, self.token(order))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cod_link_names_its_order_and_a_changed_one_nothing() {
        let links = HmacCodLinks::new(&"secret-one".to_owned().into(), "https://shop.in/");
        let order = OrderId::new("0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a");
        let token = links.token(&order);
        assert_eq!(links.order_of(&token), Some(order.clone()));
        assert_eq!(links.url(&order), format!("https://shop.in/cod/{token}"));
        let other = HmacCodLinks::new(&"secret-two".to_owned().into(), "https://shop.in");
        assert_eq!(other.order_of(&token), None, "another secret's link");
        let (_, signature) = token.rsplit_once('.').unwrap();
        let forged = format!("0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7b.{signature}");
        assert_eq!(
            links.order_of(&forged),
            None,
            "the signature of another order"
        );
        for bad in ["", ".", "no-dot", "x.zz", &format!("{order}.")] {
            assert_eq!(links.order_of(bad), None, "{bad:?}");
        }
    }

    fn codes(secret: &str) -> HmacCodes {
        HmacCodes::new(&secret.to_owned().into())
    }

    #[test]
    fn codes_are_six_random_digits() {
        let codes = codes("first-secret-first-secret-first-secret");
        let drawn: std::collections::HashSet<String> = (0..200).map(|_| codes.generate()).collect();
        assert!(drawn.len() > 190, "codes repeat too often: {}", drawn.len());
        for code in &drawn {
            assert_eq!(code.len(), 6, "{code}");
            assert!(code.bytes().all(|b| b.is_ascii_digit()), "{code}");
        }
    }

    #[test]
    fn a_digest_is_bound_to_its_purpose_email_code_and_secret() {
        let codes = codes("first-secret-first-secret-first-secret");
        let asha = Email::parse("asha@example.com").unwrap();
        let ravi = Email::parse("ravi@example.com").unwrap();
        let digest = codes.digest(CodePurpose::Register, &asha, "042917");
        assert_eq!(digest.len(), 64);
        assert!(!digest.contains("042917"));
        assert!(codes.verify(CodePurpose::Register, &asha, "042917", &digest));
        assert!(!codes.verify(CodePurpose::Register, &asha, "042918", &digest));
        assert!(!codes.verify(CodePurpose::Reset, &asha, "042917", &digest));
        assert!(!codes.verify(CodePurpose::Register, &ravi, "042917", &digest));
        let other = self::codes("other-secret-other-secret-other-secret");
        assert!(!other.verify(CodePurpose::Register, &asha, "042917", &digest));
        assert!(!codes.verify(CodePurpose::Register, &asha, "042917", "not hex"));
        assert!(!codes.verify(CodePurpose::Register, &asha, "042917", ""));
    }

    fn tokens(secret: &str) -> JwtTokens {
        JwtTokens::new(&secret.to_owned().into())
    }

    #[test]
    fn a_token_names_its_user_for_a_week() {
        let issuer = tokens("first-secret-first-secret-first-secret");
        let now = Utc::now();
        let token = issuer.issue(&UserId::new("u1"), now).unwrap();
        assert_eq!(
            issuer
                .verify(&token, now + Duration::days(6))
                .unwrap()
                .as_str(),
            "u1"
        );
        assert_eq!(
            issuer.verify(&token, now + Duration::days(7)),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn a_token_signed_with_another_secret_or_altered_is_refused() {
        let now = Utc::now();
        let token = tokens("first-secret-first-secret-first-secret")
            .issue(&UserId::new("u1"), now)
            .unwrap();
        let other = tokens("other-secret-other-secret-other-secret");
        assert_eq!(other.verify(&token, now), Err(TokenError::Invalid));
        let mine = tokens("first-secret-first-secret-first-secret");
        let mut altered = token.clone();
        altered.insert(token.len() / 2, 'x');
        assert_eq!(mine.verify(&altered, now), Err(TokenError::Invalid));
        assert_eq!(mine.verify("not a token", now), Err(TokenError::Invalid));
    }

    #[tokio::test]
    async fn bcrypt_accepts_the_right_password_only() {
        let hasher = BcryptHasher::new(4);
        let hash = hasher.hash("correct horse").await.unwrap();
        assert!(hasher.verify("correct horse", &hash).await.unwrap());
        assert!(!hasher.verify("wrong horse", &hash).await.unwrap());
        assert!(hasher.verify("x", "not-a-hash").await.is_err());
    }

    #[test]
    fn the_development_secret_is_made_once_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let first = JwtTokens::development_secret(dir.path()).unwrap();
        let second = JwtTokens::development_secret(dir.path()).unwrap();
        assert_eq!(first.expose_secret(), second.expose_secret());
        assert_eq!(first.expose_secret().len(), 64);
    }
}
