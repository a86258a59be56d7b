use std::sync::Arc;

use paduka_application::accounts::{ProfileChange, UserRepository};
use paduka_application::catalog::{ProductRepository, ReviewRecord, ReviewRepository};
use paduka_domain::catalog::ProductRating;
use paduka_domain::review::{ReviewDraft, UserRef};
use paduka_domain::user::{Role, User};
use paduka_domain::{ProductId, ReviewId, UserId};
use paduka_persistence::{DieselProductRepository, DieselReviewRepository, DieselUserRepository};

use crate::helpers::{Seed, TestDb, UserBuilder, assert_not_found, at};

crate::on_both_backends!(
    a_second_review_replaces_the_first_and_moves_updated_at,
    ratings_are_aggregated_and_reviews_listed_most_recent_first,
    a_deleted_users_review_keeps_the_name_they_had,
    reviewing_an_unknown_product_or_as_an_unknown_user_is_not_found,
    concurrent_reviews_from_different_users_all_land,
);

struct Shop {
    users: DieselUserRepository,
    products: DieselProductRepository,
    reviews: DieselReviewRepository,
}

/// An admin, a category and the product `p1`.
async fn shop(db: &TestDb) -> Shop {
    Seed::new(db).a_boot(5).await;
    Shop {
        users: DieselUserRepository::new(db.db()),
        products: DieselProductRepository::new(db.db()),
        reviews: DieselReviewRepository::new(db.db()),
    }
}

fn shopper(id: &str) -> User {
    UserBuilder::shopper(id).build()
}

fn review(id: &str, user: &str, rating: u8, comment: &str, seconds: i64) -> ReviewRecord {
    ReviewRecord {
        id: ReviewId::new(id),
        product: ProductId::new("p1"),
        user: UserId::new(user),
        draft: ReviewDraft {
            rating,
            comment: comment.to_owned(),
        },
        at: at(seconds),
    }
}

async fn rating(shop: &Shop) -> ProductRating {
    shop.products
        .find(&ProductId::new("p1"))
        .await
        .unwrap()
        .unwrap()
        .rating
}

async fn a_second_review_replaces_the_first_and_moves_updated_at(db: &TestDb) {
    let shop = shop(db).await;
    shop.users.create(&shopper("asha")).await.unwrap();
    let first = shop
        .reviews
        .upsert(review("r1", "asha", 3, "Fine", 100))
        .await
        .unwrap();
    assert_eq!(
        (first.id.as_str(), first.user.name.as_str(), first.rating),
        ("r1", "Asha", 3)
    );
    assert_eq!((first.created_at, first.updated_at), (at(100), at(100)));

    let second = shop
        .reviews
        .upsert(review("r2", "asha", 5, "Grew on me", 200))
        .await
        .unwrap();
    assert_eq!(second.id.as_str(), "r1", "the first review's id is kept");
    assert_eq!(second.created_at, at(100));
    assert_eq!(second.updated_at, at(200));
    assert_eq!((second.rating, second.comment.as_str()), (5, "Grew on me"));

    let listed = shop
        .reviews
        .for_product(&ProductId::new("p1"))
        .await
        .unwrap();
    assert_eq!(listed, vec![second]);
    assert_eq!(
        rating(&shop).await,
        ProductRating {
            total_stars: 5,
            reviews: 1
        }
    );
}

async fn ratings_are_aggregated_and_reviews_listed_most_recent_first(db: &TestDb) {
    let shop = shop(db).await;
    for (id, name) in [("u1", "Asha"), ("u2", "Ravi"), ("u3", "Meera")] {
        let user = UserBuilder::shopper(id).named(name).build();
        shop.users.create(&user).await.unwrap();
    }
    shop.reviews
        .upsert(review("r1", "u1", 5, "", 10))
        .await
        .unwrap();
    shop.reviews
        .upsert(review("r2", "u2", 4, "", 20))
        .await
        .unwrap();
    shop.reviews
        .upsert(review("r3", "u3", 2, "", 30))
        .await
        .unwrap();
    let stars = rating(&shop).await;
    assert_eq!(
        stars,
        ProductRating {
            total_stars: 11,
            reviews: 3
        }
    );
    assert!((stars.average() - 11.0 / 3.0).abs() < 1e-9);

    shop.reviews
        .upsert(review("r4", "u1", 1, "Sole came off", 40))
        .await
        .unwrap();
    assert_eq!(
        rating(&shop).await,
        ProductRating {
            total_stars: 7,
            reviews: 3
        }
    );
    let listed = shop
        .reviews
        .for_product(&ProductId::new("p1"))
        .await
        .unwrap();
    let order: Vec<_> = listed
        .iter()
        .map(|r| (r.id.as_str(), r.user.name.as_str()))
        .collect();
    assert_eq!(order, [("r1", "Asha"), ("r3", "Meera"), ("r2", "Ravi")]);

    // The name shown is the reviewer's current one.
    db.execute("UPDATE users SET name = 'Ravi Kumar' WHERE id = 'u2'");
    let listed = shop
        .reviews
        .for_product(&ProductId::new("p1"))
        .await
        .unwrap();
    assert_eq!(listed[2].user.name, "Ravi Kumar");
    assert_eq!(listed[2].user.id, Some(UserId::new("u2")));
}

async fn a_deleted_users_review_keeps_the_name_they_had(db: &TestDb) {
    let shop = shop(db).await;
    shop.users.create(&shopper("meera")).await.unwrap();
    shop.reviews
        .upsert(review("r1", "meera", 4, "Comfortable", 10))
        .await
        .unwrap();
    // Renamed after writing: the review shows the name she had when her account went.
    shop.users
        .update_profile(
            &UserId::new("meera"),
            &ProfileChange {
                name: "Meera Iyer".into(),
                phone: "9876543210".into(),
                address: "12 MG Road, Bengaluru".into(),
                role: Role::Shopper,
            },
            at(20),
        )
        .await
        .unwrap();
    shop.users.delete(&UserId::new("meera")).await.unwrap();

    let listed = shop
        .reviews
        .for_product(&ProductId::new("p1"))
        .await
        .unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(
        listed[0].user,
        UserRef::deleted("Meera Iyer"),
        "no account is left to point at"
    );
    assert_eq!(listed[0].comment, "Comfortable");
    assert_eq!(
        rating(&shop).await,
        ProductRating {
            total_stars: 4,
            reviews: 1
        }
    );
}

async fn reviewing_an_unknown_product_or_as_an_unknown_user_is_not_found(db: &TestDb) {
    let shop = shop(db).await;
    let mut unknown_product = review("r1", "admin", 5, "", 10);
    unknown_product.product = ProductId::new("ghost");
    assert_not_found(shop.reviews.upsert(unknown_product).await);
    let unknown_user = review("r1", "ghost", 5, "", 10);
    assert_not_found(shop.reviews.upsert(unknown_user).await);
    assert!(
        shop.reviews
            .for_product(&ProductId::new("p1"))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(rating(&shop).await, ProductRating::default());
}

async fn concurrent_reviews_from_different_users_all_land(db: &TestDb) {
    let shop = shop(db).await;
    for i in 0..8 {
        shop.users.create(&shopper(&format!("u{i}"))).await.unwrap();
    }
    let reviews = Arc::new(shop.reviews.clone());
    let tasks: Vec<_> = (0..8u8)
        .map(|i| {
            let reviews = reviews.clone();
            tokio::spawn(async move {
                let rating = i % 5 + 1;
                reviews
                    .upsert(review(
                        &format!("r{i}"),
                        &format!("u{i}"),
                        rating,
                        "together",
                        i64::from(i),
                    ))
                    .await
            })
        })
        .collect();
    for task in tasks {
        task.await
            .unwrap()
            .expect("every concurrent review is stored");
    }
    let listed = shop
        .reviews
        .for_product(&ProductId::new("p1"))
        .await
        .unwrap();
    assert_eq!(listed.len(), 8);
    let total: u32 = (0..8u32).map(|i| i % 5 + 1).sum();
    assert_eq!(
        rating(&shop).await,
        ProductRating {
            total_stars: total,
            reviews: 8
        }
    );
}
