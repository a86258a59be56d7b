//! Photo variants: kept once per photo, width and format, gone with their photo.

use paduka_application::accounts::UserRepository;
use paduka_application::catalog::{
    CategoryRepository, KeptVariant, PhotoVariantRepository, ProductRecord, ProductRepository,
};
use paduka_domain::ProductId;
use paduka_domain::catalog::{Image, ImageType, StoredImage};
use paduka_domain::photo::{PhotoWidth, VariantFormat};
use paduka_domain::user::Role;
use paduka_persistence::{
    DieselCategoryRepository, DieselPhotoVariantRepository, DieselProductRepository,
    DieselUserRepository,
};

use crate::helpers::{TestDb, category, png, record, user};

crate::on_both_backends!(
    a_kept_variant_is_found_for_its_width_and_format_only,
    the_first_variant_kept_stays_and_a_second_keep_changes_nothing,
    a_width_served_by_the_photo_itself_is_kept_without_bytes,
    a_new_photo_drops_the_old_photos_variants_and_refuses_late_ones,
    deleting_the_product_deletes_its_variants,
);

/// SHA-256 of `abc` and of `xyz`, the photos these tests store.
const ABC_SHA256: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
const XYZ_SHA256: &str = "3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282";

struct Shop {
    products: DieselProductRepository,
    variants: DieselPhotoVariantRepository,
}

/// Product `p1` with the photo `abc`.
async fn shop(db: &TestDb) -> Shop {
    let database = db.db();
    DieselUserRepository::new(database.clone())
        .create(&user("admin", "Admin", Role::Admin))
        .await
        .unwrap();
    DieselCategoryRepository::new(database.clone())
        .create(&category("boots", "Boots"))
        .await
        .unwrap();
    let products = DieselProductRepository::new(database.clone());
    products.create(&p1(), with_photo(b"abc", 1)).await.unwrap();
    Shop {
        products,
        variants: DieselPhotoVariantRepository::new(database),
    }
}

fn p1() -> ProductId {
    ProductId::new("p1")
}

fn with_photo(bytes: &[u8], seconds: i64) -> ProductRecord {
    ProductRecord {
        photo: Some(png(bytes)),
        ..record("PDK-1", "Trail", "boots", "admin", seconds)
    }
}

fn w(pixels: &str) -> PhotoWidth {
    PhotoWidth::parse(pixels).unwrap()
}

fn webp(bytes: &[u8]) -> Image {
    Image {
        image_type: ImageType::Webp,
        bytes: bytes.to_vec(),
    }
}

fn stored_webp(bytes: &[u8], sha256: &str) -> StoredImage {
    StoredImage {
        content_type: "image/webp".into(),
        bytes: bytes.to_vec(),
        sha256: sha256.into(),
    }
}

async fn a_kept_variant_is_found_for_its_width_and_format_only(db: &TestDb) {
    let shop = shop(db).await;
    let variants = &shop.variants;
    assert_eq!(
        variants
            .find(&p1(), w("480"), VariantFormat::Webp)
            .await
            .unwrap(),
        None
    );

    let kept = variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("480"),
            VariantFormat::Webp,
            Some(webp(b"small")),
        )
        .await
        .unwrap()
        .expect("the kept image");
    assert_eq!(kept.content_type, "image/webp");
    assert_eq!(kept.bytes, b"small");
    assert_eq!(kept.sha256.len(), 64);

    assert_eq!(
        variants
            .find(&p1(), w("480"), VariantFormat::Webp)
            .await
            .unwrap(),
        Some(KeptVariant {
            photo_sha256: ABC_SHA256.into(),
            image: Some(stored_webp(b"small", &kept.sha256)),
        })
    );
    for (width, format) in [
        ("480", VariantFormat::AsPhoto),
        ("240", VariantFormat::Webp),
        ("960", VariantFormat::Webp),
    ] {
        assert_eq!(
            variants.find(&p1(), w(width), format).await.unwrap(),
            None,
            "{width} {format:?}"
        );
    }
    assert_eq!(
        variants
            .find(&ProductId::new("p2"), w("480"), VariantFormat::Webp)
            .await
            .unwrap(),
        None
    );
}

async fn the_first_variant_kept_stays_and_a_second_keep_changes_nothing(db: &TestDb) {
    let shop = shop(db).await;
    let variants = &shop.variants;
    let first = variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("960"),
            VariantFormat::Webp,
            Some(webp(b"first")),
        )
        .await
        .unwrap();
    // Another instance made the same variant at the same time.
    let second = variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("960"),
            VariantFormat::Webp,
            Some(webp(b"second")),
        )
        .await
        .unwrap();
    assert!(first.is_some() && second.is_some());

    let found = variants
        .find(&p1(), w("960"), VariantFormat::Webp)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.image.unwrap().bytes, b"first");
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM photo_variants WHERE product_id = 'p1'"),
        1
    );
}

async fn a_width_served_by_the_photo_itself_is_kept_without_bytes(db: &TestDb) {
    let shop = shop(db).await;
    let kept = shop
        .variants
        .keep(&p1(), ABC_SHA256, w("1600"), VariantFormat::AsPhoto, None)
        .await
        .unwrap();
    assert_eq!(kept, None);
    assert_eq!(
        shop.variants
            .find(&p1(), w("1600"), VariantFormat::AsPhoto)
            .await
            .unwrap(),
        Some(KeptVariant {
            photo_sha256: ABC_SHA256.into(),
            image: None,
        })
    );
}

/// The 480 px WebP variant kept for `p1`'s photo.
async fn webp_480(variants: &DieselPhotoVariantRepository) -> Option<KeptVariant> {
    variants
        .find(&p1(), w("480"), VariantFormat::Webp)
        .await
        .unwrap()
}

async fn a_new_photo_drops_the_old_photos_variants_and_refuses_late_ones(db: &TestDb) {
    let shop = shop(db).await;
    let variants = &shop.variants;
    variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("480"),
            VariantFormat::Webp,
            Some(webp(b"old")),
        )
        .await
        .unwrap();

    shop.products
        .update(&p1(), with_photo(b"xyz", 2))
        .await
        .unwrap();

    assert_eq!(
        webp_480(variants).await,
        None,
        "the old photo's variant went with it"
    );
    // A variant of the old photo finished after the new photo arrived: nothing is kept.
    variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("480"),
            VariantFormat::Webp,
            Some(webp(b"late")),
        )
        .await
        .unwrap();
    assert_eq!(webp_480(variants).await, None);
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM photo_variants"), 0);

    variants
        .keep(
            &p1(),
            XYZ_SHA256,
            w("480"),
            VariantFormat::Webp,
            Some(webp(b"new")),
        )
        .await
        .unwrap();
    let found = webp_480(variants).await.unwrap();
    assert_eq!(found.photo_sha256, XYZ_SHA256);
    assert_eq!(found.image.unwrap().bytes, b"new");

    // An update without a photo keeps the photo, and so its variants.
    shop.products
        .update(&p1(), record("PDK-1", "Trail 2", "boots", "admin", 3))
        .await
        .unwrap();
    assert!(webp_480(variants).await.is_some());
}

async fn deleting_the_product_deletes_its_variants(db: &TestDb) {
    let shop = shop(db).await;
    shop.variants
        .keep(
            &p1(),
            ABC_SHA256,
            w("240"),
            VariantFormat::Webp,
            Some(webp(b"tiny")),
        )
        .await
        .unwrap();
    shop.products.delete(&p1()).await.unwrap();
    assert_eq!(db.count("SELECT COUNT(*) AS n FROM photo_variants"), 0);
}
