use paduka_application::accounts::{ProfileChange, UserConflict, UserRepository};
use paduka_application::catalog::ProductRepository;
use paduka_domain::contact::Email;
use paduka_domain::user::Role;
use paduka_domain::{ProductId, UserId};
use paduka_persistence::{DieselProductRepository, DieselUserRepository};

use crate::helpers::{Seed, TestDb, UserBuilder, assert_conflict, assert_not_found, at, record};

crate::on_both_backends!(
    users_are_created_and_found_by_id_and_email,
    a_registered_email_is_a_conflict,
    roles_change_and_admins_are_listed_by_name,
    every_user_is_listed_oldest_account_first,
    a_profile_change_replaces_name_phone_address_and_role_but_not_the_email,
    a_new_password_hash_replaces_the_old_one,
    changing_or_deleting_an_unknown_user_is_not_found,
    a_deleted_users_orders_and_products_stay_without_them,
);

async fn users_are_created_and_found_by_id_and_email(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    let asha = UserBuilder::shopper("asha").named("Asha Verma").build();
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
        .create(&UserBuilder::shopper("asha").build())
        .await
        .unwrap();
    let twin = UserBuilder::shopper("other")
        .named("Another Asha")
        .email("Asha@paduka.test")
        .build();
    assert_conflict(users.create(&twin).await, UserConflict::DuplicateEmail);
    assert_eq!(users.find(&UserId::new("other")).await.unwrap(), None);
}

async fn roles_change_and_admins_are_listed_by_name(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    users
        .create(&UserBuilder::shopper("zara").build())
        .await
        .unwrap();
    users
        .create(&UserBuilder::admin("kabir").build())
        .await
        .unwrap();
    users
        .create(&UserBuilder::shopper("anu").build())
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
    assert_not_found(
        users
            .set_role(&UserId::new("ghost"), Role::Admin, at(70))
            .await,
    );
}

async fn every_user_is_listed_oldest_account_first(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    assert!(users.list().await.unwrap().is_empty());
    let zara = UserBuilder::shopper("zara").made_at(at(-10)).build();
    let kabir = UserBuilder::admin("kabir").build();
    let anu = UserBuilder::shopper("anu").made_at(at(10)).build();
    for u in [&kabir, &anu, &zara] {
        users.create(u).await.unwrap();
    }
    assert_eq!(users.list().await.unwrap(), vec![zara, kabir, anu]);
}

async fn a_profile_change_replaces_name_phone_address_and_role_but_not_the_email(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    let asha = UserBuilder::shopper("asha").build();
    users.create(&asha).await.unwrap();
    let change = ProfileChange {
        name: "Asha Verma".into(),
        phone: "9123456780".into(),
        address: "2 Market Road, Pune".into(),
        role: Role::Admin,
    };
    let changed = users
        .update_profile(&UserId::new("asha"), &change, at(30))
        .await
        .unwrap();
    let expected = paduka_domain::user::User {
        name: "Asha Verma".into(),
        phone: "9123456780".into(),
        address: "2 Market Road, Pune".into(),
        role: Role::Admin,
        updated_at: at(30),
        ..asha
    };
    assert_eq!(changed, expected);
    assert_eq!(
        users.find(&UserId::new("asha")).await.unwrap(),
        Some(expected)
    );
}

async fn a_new_password_hash_replaces_the_old_one(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    users
        .create(&UserBuilder::shopper("asha").build())
        .await
        .unwrap();
    users
        .create(&UserBuilder::shopper("ravi").build())
        .await
        .unwrap();
    users
        .update_password(&UserId::new("asha"), "$2b$04$new", at(40))
        .await
        .unwrap();
    let asha = users.find(&UserId::new("asha")).await.unwrap().unwrap();
    assert_eq!(
        (asha.password_hash.as_str(), asha.updated_at),
        ("$2b$04$new", at(40))
    );
    let ravi = users.find(&UserId::new("ravi")).await.unwrap().unwrap();
    assert_eq!(ravi.password_hash, "$2b$04$hash", "nobody else changes");
}

async fn changing_or_deleting_an_unknown_user_is_not_found(db: &TestDb) {
    let users = DieselUserRepository::new(db.db());
    let ghost = UserId::new("ghost");
    let change = ProfileChange {
        name: "Ghost".into(),
        phone: "9876543210".into(),
        address: "Nowhere".into(),
        role: Role::Shopper,
    };
    assert_not_found(users.update_profile(&ghost, &change, at(1)).await);
    assert_not_found(users.update_password(&ghost, "$2b$04$x", at(1)).await);
    assert_not_found(users.delete(&ghost).await);

    users
        .create(&UserBuilder::shopper("asha").build())
        .await
        .unwrap();
    users.delete(&UserId::new("asha")).await.unwrap();
    assert_eq!(users.find(&UserId::new("asha")).await.unwrap(), None);
    assert_not_found(users.delete(&UserId::new("asha")).await);
}

async fn a_deleted_users_orders_and_products_stay_without_them(db: &TestDb) {
    let seed = Seed::new(db);
    seed.admin("seller").await;
    seed.shopper("asha").await;
    seed.category("boots", "Boots").await;
    seed.product("p1", record("P1", "Boot", "boots", "seller", 0))
        .await;
    let users = DieselUserRepository::new(db.db());
    let products = DieselProductRepository::new(db.db());
    let boot = ProductId::new("p1");
    // An order row as the orders adapter writes it (no port of ours writes orders).
    db.execute(
        "INSERT INTO orders (id, user_id, user_name, address, pincode, amount_rupees, \
         payment_id, provider_order_id, status, created_at, updated_at) VALUES \
         ('o1', 'asha', 'Asha', '1 MG Road', '281001', 999, 'pay_1', 'order_1', 'Pending', \
         '2025-01-01 10:00:00', '2025-01-01 10:00:00')",
    );

    users.delete(&UserId::new("asha")).await.unwrap();
    users.delete(&UserId::new("seller")).await.unwrap();

    assert_eq!(
        db.count(
            "SELECT COUNT(*) AS n FROM orders WHERE id = 'o1' AND user_id IS NULL \
             AND user_name = 'Asha'"
        ),
        1,
        "the order stays, with the buyer's name"
    );
    let product = products
        .find(&boot)
        .await
        .unwrap()
        .expect("the product stays");
    assert_eq!(product.seller, None);
}
