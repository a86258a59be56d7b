use std::sync::Arc;

use chrono::Duration;
use paduka_application::accounts::{
    CodePurpose, OneTimeCode, OneTimeCodeRepository, PendingRegistration,
};
use paduka_domain::contact::Email;
use paduka_persistence::DieselOneTimeCodeRepository;

use crate::helpers::{TestDb, at};

crate::on_both_backends!(
    a_registration_code_is_stored_with_its_details_and_found_again,
    a_code_is_replaced_only_once_the_wait_is_over,
    codes_for_each_purpose_and_email_are_apart,
    tries_are_counted_and_a_used_up_code_gives_nothing,
    concurrent_tries_never_exceed_the_limit,
    a_code_is_consumed_once_and_only_while_it_is_the_same_code,
    expired_codes_are_forgotten_when_a_new_one_is_issued,
);

fn email(text: &str) -> Email {
    Email::parse(text).unwrap()
}

/// A registration code for `address`, sent at `at(seconds)`.
fn registration(address: &str, hash: &str, seconds: i64) -> OneTimeCode {
    OneTimeCode {
        purpose: CodePurpose::Register,
        email: email(address),
        code_hash: hash.to_owned(),
        attempts: 0,
        expires_at: at(seconds) + Duration::minutes(10),
        last_sent_at: at(seconds),
        registration: Some(PendingRegistration {
            name: "Asha".into(),
            phone: "9876543210".into(),
            address: "1 MG Road".into(),
            password_hash: "$2b$04$hash".into(),
        }),
    }
}

fn reset(address: &str, hash: &str, seconds: i64) -> OneTimeCode {
    OneTimeCode {
        purpose: CodePurpose::Reset,
        registration: None,
        ..registration(address, hash, seconds)
    }
}

/// The moment before which a code counts as old enough to replace, for one sent at `seconds`.
fn wait_over(seconds: i64) -> chrono::DateTime<chrono::Utc> {
    at(seconds) - Duration::seconds(30)
}

async fn a_registration_code_is_stored_with_its_details_and_found_again(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    let asha = email("asha@paduka.test");
    assert_eq!(
        codes.find(CodePurpose::Register, &asha).await.unwrap(),
        None
    );

    let code = registration("asha@paduka.test", "hash-1", 0);
    assert!(codes.issue(&code, wait_over(0)).await.unwrap());
    assert_eq!(
        codes.find(CodePurpose::Register, &asha).await.unwrap(),
        Some(code)
    );

    let reset_code = reset("ravi@paduka.test", "hash-2", 0);
    assert!(codes.issue(&reset_code, wait_over(0)).await.unwrap());
    assert_eq!(
        codes
            .find(CodePurpose::Reset, &email("ravi@paduka.test"))
            .await
            .unwrap(),
        Some(reset_code)
    );
}

async fn a_code_is_replaced_only_once_the_wait_is_over(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    let asha = email("asha@paduka.test");
    let first = registration("asha@paduka.test", "hash-1", 0);
    assert!(codes.issue(&first, wait_over(0)).await.unwrap());
    codes
        .begin_attempt(CodePurpose::Register, &asha, 5)
        .await
        .unwrap();

    // 29 seconds later: refused, the first code stays as it was.
    let early = registration("asha@paduka.test", "hash-2", 29);
    assert!(!codes.issue(&early, wait_over(29)).await.unwrap());
    let kept = codes
        .find(CodePurpose::Register, &asha)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((kept.code_hash.as_str(), kept.attempts), ("hash-1", 1));

    // 30 seconds later: replaced, with its tries back to zero and new details.
    let mut later = reset("asha@paduka.test", "hash-3", 30);
    later.purpose = CodePurpose::Register;
    later.registration = Some(PendingRegistration {
        name: "Asha Verma".into(),
        phone: "9123456780".into(),
        address: "2 Market Road".into(),
        password_hash: "$2b$04$other".into(),
    });
    assert!(codes.issue(&later, wait_over(30)).await.unwrap());
    assert_eq!(
        codes.find(CodePurpose::Register, &asha).await.unwrap(),
        Some(later)
    );
}

async fn codes_for_each_purpose_and_email_are_apart(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    assert!(
        codes
            .issue(&registration("asha@paduka.test", "r", 0), wait_over(0))
            .await
            .unwrap()
    );
    // The same e-mail for another purpose, and another e-mail, are not held up by it.
    assert!(
        codes
            .issue(&reset("asha@paduka.test", "p", 1), wait_over(1))
            .await
            .unwrap()
    );
    assert!(
        codes
            .issue(&registration("ravi@paduka.test", "q", 1), wait_over(1))
            .await
            .unwrap()
    );
    let asha = email("asha@paduka.test");
    let register = codes.find(CodePurpose::Register, &asha).await.unwrap();
    let reset_code = codes.find(CodePurpose::Reset, &asha).await.unwrap();
    assert_eq!(register.unwrap().code_hash, "r");
    assert_eq!(reset_code.unwrap().code_hash, "p");
}

async fn tries_are_counted_and_a_used_up_code_gives_nothing(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    let asha = email("asha@paduka.test");
    // One more try at Asha's registration code, of at most five.
    let attempt = || codes.begin_attempt(CodePurpose::Register, &asha, 5);
    assert_eq!(attempt().await.unwrap(), None, "no code, nothing to try");
    let code = registration("asha@paduka.test", "hash-1", 0);
    codes.issue(&code, wait_over(0)).await.unwrap();
    for tried in 1..=5 {
        let counted = attempt().await.unwrap().expect("tries left");
        assert_eq!(
            counted,
            OneTimeCode {
                attempts: tried,
                ..code.clone()
            }
        );
    }
    assert_eq!(attempt().await.unwrap(), None, "five tries kill it");
    let dead = codes.find(CodePurpose::Register, &asha).await.unwrap();
    assert_eq!(dead.unwrap().attempts, 5);
}

async fn concurrent_tries_never_exceed_the_limit(db: &TestDb) {
    let codes = Arc::new(DieselOneTimeCodeRepository::new(db.db()));
    codes
        .issue(&registration("asha@paduka.test", "hash-1", 0), wait_over(0))
        .await
        .unwrap();
    let tries: Vec<_> = (0..12)
        .map(|_| {
            let codes = codes.clone();
            tokio::spawn(async move {
                codes
                    .begin_attempt(CodePurpose::Register, &email("asha@paduka.test"), 5)
                    .await
                    .unwrap()
                    .is_some()
            })
        })
        .collect();
    let mut granted = 0;
    for task in tries {
        if task.await.unwrap() {
            granted += 1;
        }
    }
    assert_eq!(granted, 5);
}

async fn a_code_is_consumed_once_and_only_while_it_is_the_same_code(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    let asha = email("asha@paduka.test");
    codes
        .issue(&registration("asha@paduka.test", "hash-1", 0), wait_over(0))
        .await
        .unwrap();
    // Replaced by a newer code: the old hash consumes nothing.
    codes
        .issue(
            &registration("asha@paduka.test", "hash-2", 60),
            wait_over(60),
        )
        .await
        .unwrap();
    for (purpose, hash, consumed, why) in [
        (
            CodePurpose::Register,
            "hash-1",
            false,
            "the old hash consumes nothing",
        ),
        (
            CodePurpose::Reset,
            "hash-2",
            false,
            "another purpose's code is another code",
        ),
        (
            CodePurpose::Register,
            "hash-2",
            true,
            "the current code is consumed",
        ),
        (
            CodePurpose::Register,
            "hash-2",
            false,
            "a code is used once",
        ),
    ] {
        let result = codes.consume(purpose, &asha, hash).await.unwrap();
        assert_eq!(result, consumed, "{why}");
    }
    assert_eq!(
        codes.find(CodePurpose::Register, &asha).await.unwrap(),
        None
    );
}

async fn expired_codes_are_forgotten_when_a_new_one_is_issued(db: &TestDb) {
    let codes = DieselOneTimeCodeRepository::new(db.db());
    codes
        .issue(&reset("old@paduka.test", "a", 0), wait_over(0))
        .await
        .unwrap();
    codes
        .issue(&reset("recent@paduka.test", "b", 300), wait_over(300))
        .await
        .unwrap();
    // Eleven minutes on, the first has expired and goes; the second is still valid.
    codes
        .issue(&reset("new@paduka.test", "c", 660), wait_over(660))
        .await
        .unwrap();
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM one_time_codes WHERE email = 'old@paduka.test'"),
        0
    );
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM one_time_codes"), 2);
}
