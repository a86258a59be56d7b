//! `UserService` against mocked ports.

use paduka_test_support::builders::UserBuilder;
use paduka_test_support::time::now;

use paduka_domain::user::Role;

use super::*;
use crate::MockClock;
use crate::accounts::MockUserRepository;
use crate::testing::{assert_refused, clock, down};

// --- fixtures -----------------------------------------------------------------------------

/// Asha, a shopper.
fn asha() -> User {
    UserBuilder::shopper("asha").build()
}

/// Ravi, an admin.
fn ravi() -> User {
    UserBuilder::admin("ravi").build()
}

fn shopper() -> Principal {
    Principal::of(&asha())
}

fn admin() -> Principal {
    Principal::of(&ravi())
}

/// The changes as the edge hands them over.
fn changes(
    name: Option<&str>,
    phone: Option<&str>,
    address: Option<&str>,
    role: Option<&str>,
) -> ProfileChanges {
    ProfileChanges::parse(name, phone, address, role).unwrap()
}

fn input(name: &str, phone: &str, address: &str) -> ProfileChanges {
    changes(Some(name), Some(phone), Some(address), None)
}

struct Ports {
    users: MockUserRepository,
    clock: MockClock,
}

impl Ports {
    fn new() -> Self {
        Self {
            users: MockUserRepository::new(),
            clock: clock(),
        }
    }

    /// The repository knows `user` by id.
    fn with(mut self, user: User) -> Self {
        let id = user.id.clone();
        self.users
            .expect_find()
            .withf(move |asked| *asked == id)
            .returning(move |_| Ok(Some(user.clone())));
        self
    }

    /// The repository stores `expected` for `id` and answers with the changed user.
    fn storing(mut self, id: &'static str, expected: ProfileChange) -> Self {
        self.users
            .expect_update_profile()
            .withf(move |asked, change, at| {
                asked.as_str() == id && *change == expected && *at == now()
            })
            .times(1)
            .returning(|id, change, at| {
                Ok(User {
                    name: change.name.clone(),
                    phone: change.phone.clone(),
                    address: change.address.clone(),
                    role: change.role,
                    updated_at: at,
                    ..UserBuilder::shopper(id.as_str()).build()
                })
            });
        self
    }

    fn service(self) -> UserService {
        UserService::new(Arc::new(self.users), Arc::new(self.clock))
    }
}

// --- update_profile -----------------------------------------------------------------------

#[tokio::test]
async fn a_shopper_updates_their_own_profile_and_keeps_their_role_and_email() {
    let ports = Ports::new().with(asha()).storing(
        "asha",
        ProfileChange {
            name: "Asha Verma".into(),
            phone: "9123456780".into(),
            address: "2 Market Road".into(),
            role: Role::Shopper,
        },
    );

    let updated = ports
        .service()
        .update_profile(
            &shopper(),
            &UserId::new("asha"),
            &input(" Asha Verma ", "+91 91234-56780", "2 Market Road"),
        )
        .await
        .unwrap();

    assert_eq!(updated.name, "Asha Verma");
    assert_eq!(updated.email.as_str(), "asha@paduka.test");
    assert_eq!(updated.updated_at, now());
}

#[tokio::test]
async fn fields_left_out_keep_their_values() {
    let ports = Ports::new().with(asha()).storing(
        "asha",
        ProfileChange {
            name: "Asha".into(),
            phone: "9876543210".into(),
            address: "5 Lake View".into(),
            role: Role::Shopper,
        },
    );

    ports
        .service()
        .update_profile(
            &shopper(),
            &UserId::new("asha"),
            &changes(None, None, Some("5 Lake View"), None),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn a_shopper_cannot_update_someone_else_whoever_they_are() {
    for id in ["meera", "ghost"] {
        // Nothing is looked up: an unknown id gets the same 403 as a known one.
        let err = Ports::new()
            .service()
            .update_profile(&shopper(), &UserId::new(id), &input("X", "9876543210", "Y"))
            .await
            .unwrap_err();
        assert!(matches!(err, UserError::NotYourProfile), "{id}");
        assert_eq!(err.to_string(), "You can only update your own profile");
    }
}

#[tokio::test]
async fn a_shopper_sending_a_role_is_refused_even_for_their_current_role() {
    for role in ["1", "0"] {
        let err = Ports::new()
            .service()
            .update_profile(
                &shopper(),
                &UserId::new("asha"),
                &changes(
                    Some("Asha"),
                    Some("9876543210"),
                    Some("1 MG Road"),
                    Some(role),
                ),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, UserError::RoleChangeNotAllowed), "{role}");
        assert_eq!(err.to_string(), "Only an admin can change roles");
    }
}

#[tokio::test]
async fn an_admin_updates_anyone_and_may_change_their_role() {
    let ports = Ports::new().with(asha()).storing(
        "asha",
        ProfileChange {
            name: "Asha".into(),
            phone: "9876543210".into(),
            address: "1 MG Road".into(),
            role: Role::Admin,
        },
    );

    let updated = ports
        .service()
        .update_profile(
            &admin(),
            &UserId::new("asha"),
            &changes(
                Some("Asha"),
                Some("9876543210"),
                Some("1 MG Road"),
                Some(" 1 "),
            ),
        )
        .await
        .unwrap();

    assert_eq!(updated.role, Role::Admin);
}

#[tokio::test]
async fn an_admin_cannot_change_their_own_role_but_may_resend_it() {
    let result = Ports::new()
        .with(ravi())
        .service()
        .update_profile(
            &admin(),
            &UserId::new("ravi"),
            &changes(
                Some("Ravi"),
                Some("9876543210"),
                Some("1 MG Road"),
                Some("0"),
            ),
        )
        .await;
    assert_refused!(
        result,
        UserError::OwnRole,
        "You cannot change your own role"
    );

    let ports = Ports::new().with(ravi()).storing(
        "ravi",
        ProfileChange {
            name: "Ravi K".into(),
            phone: "9876543210".into(),
            address: "1 MG Road".into(),
            role: Role::Admin,
        },
    );
    ports
        .service()
        .update_profile(
            &admin(),
            &UserId::new("ravi"),
            &changes(
                Some("Ravi K"),
                Some("9876543210"),
                Some("1 MG Road"),
                Some("1"),
            ),
        )
        .await
        .unwrap();
}

#[tokio::test]
async fn an_unknown_or_vanished_user_is_not_found_for_an_admin() {
    let mut ports = Ports::new();
    ports.users.expect_find().returning(|_| Ok(None));
    let result = ports
        .service()
        .update_profile(
            &admin(),
            &UserId::new("ghost"),
            &input("X", "9876543210", "Y"),
        )
        .await;
    assert_refused!(result, UserError::NotFound, "User not found");

    let mut ports = Ports::new().with(asha());
    ports
        .users
        .expect_update_profile()
        .returning(|_, _, _| Err(RepoError::NotFound));
    let result = ports
        .service()
        .update_profile(
            &admin(),
            &UserId::new("asha"),
            &input("X", "9876543210", "Y"),
        )
        .await;
    assert_refused!(result, UserError::NotFound);
}

// --- list and delete ----------------------------------------------------------------------

#[tokio::test]
async fn the_list_is_the_repository_s_users() {
    let mut ports = Ports::new();
    let everyone = vec![ravi(), asha()];
    let returned = everyone.clone();
    ports
        .users
        .expect_list()
        .times(1)
        .returning(move || Ok(returned.clone()));
    let admin = admin().as_admin().unwrap();

    assert_eq!(ports.service().list(&admin).await.unwrap(), everyone);
}

#[tokio::test]
async fn an_admin_deletes_another_user() {
    let mut ports = Ports::new();
    ports
        .users
        .expect_delete()
        .withf(|id| id.as_str() == "asha")
        .times(1)
        .returning(|_| Ok(()));
    let admin = admin().as_admin().unwrap();

    ports
        .service()
        .delete(&admin, &UserId::new("asha"))
        .await
        .unwrap();
}

#[tokio::test]
async fn an_admin_cannot_delete_themselves_and_an_unknown_user_is_not_found() {
    let admin = admin().as_admin().unwrap();
    let mut ports = Ports::new();
    ports.users.expect_delete().times(0);
    let result = ports.service().delete(&admin, &UserId::new("ravi")).await;
    assert_refused!(result, UserError::DeleteSelf, "You cannot delete yourself");

    let mut ports = Ports::new();
    ports
        .users
        .expect_delete()
        .returning(|_| Err(RepoError::NotFound));
    let result = ports.service().delete(&admin, &UserId::new("ghost")).await;
    assert_refused!(result, UserError::NotFound);
}

#[tokio::test]
async fn unexpected_repository_errors_pass_through() {
    let admin_cap = admin().as_admin().unwrap();
    let mut ports = Ports::new();
    ports.users.expect_find().returning(|_| Err(down()));
    ports.users.expect_list().returning(|| Err(down()));
    ports.users.expect_delete().returning(|_| Err(down()));
    let service = ports.service();

    let updated = service
        .update_profile(&shopper(), &UserId::new("asha"), &ProfileChanges::default())
        .await;
    let listed = service.list(&admin_cap).await;
    let deleted = service.delete(&admin_cap, &UserId::new("asha")).await;

    for (call, error) in [
        ("update", updated.map(|_| ()).unwrap_err()),
        ("list", listed.map(|_| ()).unwrap_err()),
        ("delete", deleted.unwrap_err()),
    ] {
        match error {
            UserError::Unexpected(e) => assert_eq!(e.to_string(), "database is down", "{call}"),
            other => panic!("{call}: expected unexpected, got {other:?}"),
        }
    }
}
