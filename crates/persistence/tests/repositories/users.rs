use paduka_application::RepoError;
use paduka_application::accounts::UserRepository;
use paduka_domain::UserId;
use paduka_domain::contact::Email;
use paduka_domain::user::Role;
use paduka_persistence::DieselUserRepository;

use crate::helpers::{TestDb, at, user};

crate::on_both_backends!(
    users_are_created_and_found_by_id_and_email,
    a_registered_email_is_a_conflict,
    roles_change_and_admins_are_listed_by_name,
);

async fn users_are_created_and_found_by_id_and_email(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    let asha = user("asha", "Asha Verma", Role::Shopper);
    users.create(&asha).await.unwrap();
    assert_eq!(
        users.find(&UserId::new("asha")).await.unwrap(),
        Some(asha.clone())
    );
    let typed = Email::parse("  ASHA@Paduka.Test ").unwrap();
    assert_eq!(users.find_by_email(&typed).await.unwrap(), Some(asha));
    assert_eq!(users.find(&UserId::new("nobody")).await.unwrap(), None);
    let unknown = Email::parse("nobody@paduka.test").unwrap();
    assert_eq!(users.find_by_email(&unknown).await.unwrap(), None);
}

async fn a_registered_email_is_a_conflict(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    users
        .create(&user("asha", "Asha", Role::Shopper))
        .await
        .unwrap();
    let mut twin = user("other", "Another Asha", Role::Shopper);
    twin.email = Email::parse("Asha@paduka.test").unwrap();
    match users.create(&twin).await {
        Err(RepoError::Conflict(rule)) => assert!(rule.contains("email"), "{rule}"),
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(users.find(&UserId::new("other")).await.unwrap(), None);
}

async fn roles_change_and_admins_are_listed_by_name(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    users
        .create(&user("zara", "Zara", Role::Shopper))
        .await
        .unwrap();
    users
        .create(&user("kabir", "Kabir", Role::Admin))
        .await
        .unwrap();
    users
        .create(&user("anu", "Anu", Role::Shopper))
        .await
        .unwrap();
    let admin_names = |admins: Vec<paduka_domain::user::User>| {
        admins.into_iter().map(|u| u.name).collect::<Vec<_>>()
    };
    assert_eq!(admin_names(users.admins().await.unwrap()), ["Kabir"]);

    users
        .set_role(&UserId::new("zara"), Role::Admin, at(50))
        .await
        .unwrap();
    assert_eq!(
        admin_names(users.admins().await.unwrap()),
        ["Kabir", "Zara"]
    );
    let zara = users.find(&UserId::new("zara")).await.unwrap().unwrap();
    assert_eq!(
        (zara.role, zara.updated_at, zara.created_at),
        (Role::Admin, at(50), at(0))
    );

    users
        .set_role(&UserId::new("kabir"), Role::Shopper, at(60))
        .await
        .unwrap();
    assert_eq!(admin_names(users.admins().await.unwrap()), ["Zara"]);
    assert!(matches!(
        users
            .set_role(&UserId::new("ghost"), Role::Admin, at(70))
            .await,
        Err(RepoError::NotFound)
    ));
}
