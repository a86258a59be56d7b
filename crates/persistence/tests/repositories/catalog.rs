//! Categories and the images we serve.

use paduka_application::RepoError;
use paduka_application::catalog::{
    CategoryConflict, CategoryRepository, ImageRepository, ProductRepository,
};
use paduka_domain::catalog::{Category, ImageType, StoredImage};
use paduka_domain::{CategoryId, MediaId, ProductId};
use paduka_persistence::{
    DieselCategoryRepository, DieselImageRepository, DieselProductRepository,
};

use crate::helpers::{Seed, TestDb, assert_conflict, assert_not_found, category, png};

crate::on_both_backends!(
    categories_are_listed_by_name_ignoring_case,
    category_names_are_unique_ignoring_case,
    a_category_in_use_cannot_be_deleted,
    updating_or_deleting_an_unknown_category_is_not_found,
    images_are_stored_and_read_back_with_their_hash,
);

fn names(categories: &[Category]) -> Vec<&str> {
    categories.iter().map(|c| c.name.as_str()).collect()
}

async fn categories_are_listed_by_name_ignoring_case(db: &TestDb) {
    let categories = DieselCategoryRepository::new(db.db());
    assert!(categories.list().await.unwrap().is_empty());
    for (id, name) in [
        ("c1", "sneakers"),
        ("c2", "Boots"),
        ("c3", "Ankle Straps"),
        ("c4", "loafers"),
    ] {
        categories.create(&category(id, name)).await.unwrap();
    }
    let listed = categories.list().await.unwrap();
    assert_eq!(
        names(&listed),
        ["Ankle Straps", "Boots", "loafers", "sneakers"]
    );
    assert_eq!(
        listed[1],
        category("c2", "Boots"),
        "id, name and image come back"
    );
    assert_eq!(
        categories.find(&CategoryId::new("c4")).await.unwrap(),
        Some(category("c4", "loafers"))
    );
    assert_eq!(
        categories.find(&CategoryId::new("nope")).await.unwrap(),
        None
    );
}

async fn category_names_are_unique_ignoring_case(db: &TestDb) {
    let categories = DieselCategoryRepository::new(db.db());
    categories.create(&category("c1", "Boots")).await.unwrap();
    categories.create(&category("c2", "Sandals")).await.unwrap();
    assert_conflict(
        categories.create(&category("c3", "BOOTS")).await,
        CategoryConflict::DuplicateName,
    );
    assert_conflict(
        categories.update(&category("c2", "boots")).await,
        CategoryConflict::DuplicateName,
    );
    // Renaming a category to another spelling of its own name is fine.
    categories
        .update(&Category {
            image: "https://cdn.example/b.png".into(),
            ..category("c1", "BOOTS")
        })
        .await
        .unwrap();
    let listed = categories.list().await.unwrap();
    assert_eq!(names(&listed), ["BOOTS", "Sandals"]);
    assert_eq!(listed[0].image, "https://cdn.example/b.png");
}

async fn a_category_in_use_cannot_be_deleted(db: &TestDb) {
    let seed = Seed::new(db);
    seed.a_boot(5).await;
    seed.category("empty", "Empty").await;
    let categories = DieselCategoryRepository::new(db.db());
    let products = DieselProductRepository::new(db.db());
    let id = ProductId::new("p1");

    let refused = categories.delete(&CategoryId::new("boots")).await;
    assert_conflict(refused, CategoryConflict::InUse);
    assert_eq!(names(&categories.list().await.unwrap()), ["Boots", "Empty"]);
    assert!(
        products.find(&id).await.unwrap().is_some(),
        "nothing is orphaned"
    );

    categories.delete(&CategoryId::new("empty")).await.unwrap();
    products.delete(&id).await.unwrap();
    categories.delete(&CategoryId::new("boots")).await.unwrap();
    assert!(categories.list().await.unwrap().is_empty());
}

async fn updating_or_deleting_an_unknown_category_is_not_found(db: &TestDb) {
    let categories = DieselCategoryRepository::new(db.db());
    assert_not_found(categories.update(&category("ghost", "Ghost")).await);
    assert_not_found(categories.delete(&CategoryId::new("ghost")).await);
    assert!(
        categories.list().await.unwrap().is_empty(),
        "the update created nothing"
    );
}

async fn images_are_stored_and_read_back_with_their_hash(db: &TestDb) {
    let images = DieselImageRepository::new(db.db());
    let id = MediaId::new("m1");
    let bytes: Vec<u8> = (0..=255).cycle().take(70_000).collect();
    let mut image = png(&bytes);
    image.image_type = ImageType::Webp;
    images.store(&id, image.clone()).await.unwrap();
    let stored = images.find(&id).await.unwrap().unwrap();
    assert_eq!(stored.content_type, "image/webp");
    assert_eq!(stored.bytes, bytes, "every byte comes back, zeros included");
    assert_eq!(stored.sha256.len(), 64);

    images
        .store(&MediaId::new("m2"), png(b"abc"))
        .await
        .unwrap();
    assert_eq!(
        images.find(&MediaId::new("m2")).await.unwrap(),
        Some(StoredImage {
            content_type: "image/png".into(),
            bytes: b"abc".to_vec(),
            sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad".into(),
        })
    );
    assert_eq!(images.find(&MediaId::new("nope")).await.unwrap(), None);
    assert!(
        matches!(
            images.store(&id, image).await,
            Err(RepoError::Unexpected(_))
        ),
        "a second image with an id is refused"
    );
}
