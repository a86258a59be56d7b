//! Handles, an import's batches and its jobs (decisions D28).

use paduka_application::catalog::transfer::{
    ImportCounts, ImportJobRepository, ImportReport, JobStatus, MissingPhoto,
    ProductBatchRepository, ProductWrite,
};
use paduka_application::catalog::{
    ImageRepository, ProductConflict, ProductRecord, ProductRepository,
};
use paduka_domain::ProductId;
use paduka_domain::catalog::import::{PhotoSlot, RowError, RowWarning};
use paduka_domain::catalog::{Colour, Handle, Image, ImageType};
use paduka_persistence::{
    DieselImageRepository, DieselImportJobRepository, DieselProductRepository,
};

use crate::helpers::{Seed, TestDb, assert_conflict, at, record};

crate::on_both_backends!(
    a_new_product_takes_the_first_free_handle_of_its_name_and_keeps_it,
    products_without_a_handle_get_theirs_after_migrating_oldest_first,
    a_batch_creates_and_updates_every_product_or_none,
    a_job_reads_back_as_started_moved_and_finished,
    a_done_jobs_missing_photos_are_kept_and_it_reopens_once,
    a_photo_fetched_again_joins_the_gallery_or_leads_its_colour_once,
    the_same_bytes_are_kept_once_under_one_id,
);

async fn shop(db: &TestDb) -> DieselProductRepository {
    let seed = Seed::new(db);
    seed.admin("admin").await;
    seed.category("boots", "Boots").await;
    DieselProductRepository::new(db.db())
}

fn trail(code: &str, seconds: i64) -> ProductRecord {
    record(code, "Trail Runner", "boots", "admin", seconds)
}

async fn handle_of(products: &DieselProductRepository, id: &str) -> String {
    let product = products.find(&ProductId::new(id)).await.unwrap().unwrap();
    product.handle.to_string()
}

async fn a_new_product_takes_the_first_free_handle_of_its_name_and_keeps_it(db: &TestDb) {
    let products = shop(db).await;
    for (id, code) in [("p1", "A"), ("p2", "B"), ("p3", "C")] {
        products
            .create(&ProductId::new(id), trail(code, 1))
            .await
            .unwrap();
    }
    assert_eq!(handle_of(&products, "p1").await, "trail-runner");
    assert_eq!(handle_of(&products, "p2").await, "trail-runner-2");
    assert_eq!(handle_of(&products, "p3").await, "trail-runner-3");

    let mut renamed = trail("A", 2);
    renamed.draft.name = "Road Runner".into();
    products
        .update(&ProductId::new("p1"), renamed)
        .await
        .unwrap();
    assert_eq!(handle_of(&products, "p1").await, "trail-runner");

    let taken = ProductRecord {
        handle: Some(Handle::parse("trail-runner-2").unwrap()),
        ..trail("A", 3)
    };
    assert_conflict(
        products.update(&ProductId::new("p1"), taken).await,
        ProductConflict::DuplicateHandle,
    );
}

async fn products_without_a_handle_get_theirs_after_migrating_oldest_first(db: &TestDb) {
    let products = shop(db).await;
    products
        .create(&ProductId::new("newer"), trail("B", 5))
        .await
        .unwrap();
    products
        .create(&ProductId::new("older"), trail("A", 1))
        .await
        .unwrap();
    db.execute("UPDATE products SET handle = NULL");

    db.db().run_migrations().unwrap();
    assert_eq!(handle_of(&products, "older").await, "trail-runner");
    assert_eq!(handle_of(&products, "newer").await, "trail-runner-2");
}

async fn a_batch_creates_and_updates_every_product_or_none(db: &TestDb) {
    let products = shop(db).await;
    products
        .create(&ProductId::new("p1"), trail("A", 1))
        .await
        .unwrap();
    let mut changed = trail("A", 2);
    changed.draft.name = "Changed".into();
    changed.photo = Some(Image {
        image_type: ImageType::Png,
        bytes: b"changed photo".to_vec(),
    });
    let made = ProductRecord {
        handle: Some(Handle::parse("mojari").unwrap()),
        photo: Some(Image {
            image_type: ImageType::Jpeg,
            bytes: b"imported photo".to_vec(),
        }),
        ..record("M", "Mojari", "boots", "admin", 2)
    };
    let batch = vec![
        ProductWrite {
            id: ProductId::new("p1"),
            record: changed,
            create: false,
        },
        ProductWrite {
            id: ProductId::new("p2"),
            record: made.clone(),
            create: true,
        },
    ];
    products.write_batch(batch).await.unwrap();
    let p1 = products.find(&ProductId::new("p1")).await.unwrap().unwrap();
    assert_eq!(
        (p1.name.as_str(), p1.handle.as_str()),
        ("Changed", "trail-runner")
    );
    assert_eq!(handle_of(&products, "p2").await, "mojari");
    // Each product's new photo is written with it.
    let photo = |id: &'static str| {
        let products = &products;
        async move {
            let photo = products.photo(&ProductId::new(id)).await.unwrap().unwrap();
            (photo.content_type, photo.bytes)
        }
    };
    assert_eq!(
        photo("p1").await,
        ("image/png".to_owned(), b"changed photo".to_vec())
    );
    assert_eq!(
        photo("p2").await,
        ("image/jpeg".to_owned(), b"imported photo".to_vec())
    );

    let orphan = ProductRecord {
        handle: Some(Handle::parse("orphan").unwrap()),
        ..record("O", "Orphan", "no-such-category", "admin", 3)
    };
    let batch = vec![
        ProductWrite {
            id: ProductId::new("p3"),
            record: trail("C", 3),
            create: true,
        },
        ProductWrite {
            id: ProductId::new("p4"),
            record: orphan,
            create: true,
        },
    ];
    assert_conflict(
        products.write_batch(batch).await,
        ProductConflict::UnknownCategory,
    );
    assert!(
        products
            .find(&ProductId::new("p3"))
            .await
            .unwrap()
            .is_none(),
        "none written"
    );

    // A photo fetched again later is set on its own, the product otherwise as it is.
    let before = products.find(&ProductId::new("p2")).await.unwrap().unwrap();
    let fetched = Image {
        image_type: ImageType::Png,
        bytes: b"fetched again".to_vec(),
    };
    assert!(
        products
            .set_photo(&ProductId::new("p2"), fetched, at(4))
            .await
            .unwrap()
    );
    assert_eq!(
        photo("p2").await,
        ("image/png".to_owned(), b"fetched again".to_vec())
    );
    let after = products.find(&ProductId::new("p2")).await.unwrap().unwrap();
    assert_eq!((after.name, after.variants), (before.name, before.variants));
    assert_ne!(after.photo_version, before.photo_version);
    let gone = Image {
        image_type: ImageType::Png,
        bytes: b"x".to_vec(),
    };
    assert!(
        !products
            .set_photo(&ProductId::new("gone"), gone, at(4))
            .await
            .unwrap()
    );
}

async fn a_job_reads_back_as_started_moved_and_finished(db: &TestDb) {
    let jobs = DieselImportJobRepository::new(db.db());
    let started = ImportReport {
        status: JobStatus::Running,
        counts: ImportCounts {
            processed: 1,
            total: 3,
            unchanged: 1,
            ..ImportCounts::default()
        },
        warnings: vec![RowWarning {
            row: 4,
            column: "Variant Price".into(),
            message: "मूल्य \"moved\", a bit".into(),
        }],
        errors: vec![],
        missing: vec![],
    };
    jobs.start("job-1", &started, at(1)).await.unwrap();
    let kept = jobs.find("job-1").await.unwrap().unwrap();
    assert_eq!((kept.report, kept.moved_at), (started.clone(), at(1)));

    let counts = ImportCounts {
        processed: 3,
        total: 3,
        created: 1,
        updated: 1,
        unchanged: 1,
    };
    jobs.progress("job-1", counts, at(2)).await.unwrap();
    assert_eq!(jobs.find("job-1").await.unwrap().unwrap().moved_at, at(2));
    let failure = vec![RowError {
        row: 2,
        column: "Image Src".into(),
        message: "no".into(),
    }];
    jobs.finish("job-1", JobStatus::Failed, &failure, &[], at(3))
        .await
        .unwrap();
    let kept = jobs.find("job-1").await.unwrap().unwrap();
    assert_eq!(kept.moved_at, at(3));
    let finished = kept.report;
    assert_eq!(finished.status, JobStatus::Failed);
    assert_eq!(finished.counts, counts);
    assert_eq!(finished.warnings, started.warnings);
    assert_eq!(finished.errors, failure);
    assert_eq!(jobs.find("job-2").await.unwrap(), None);
    assert!(
        !jobs.reopen("job-1", at(4)).await.unwrap(),
        "a failed job is not reopened"
    );
}

async fn a_done_jobs_missing_photos_are_kept_and_it_reopens_once(db: &TestDb) {
    let jobs = DieselImportJobRepository::new(db.db());
    let report = ImportReport {
        status: JobStatus::Running,
        counts: ImportCounts::default(),
        warnings: vec![],
        errors: vec![],
        missing: vec![],
    };
    jobs.start("job-1", &report, at(1)).await.unwrap();
    let photo = MissingPhoto {
        row: 3,
        column: "Image Src".into(),
        src: "https://cdn.test/जूती.jpg".into(),
        product: ProductId::new("p1"),
        message:
            "The photo at https://cdn.test/जूती.jpg could not be fetched: the server answered 404"
                .into(),
        slot: PhotoSlot::Main,
    };
    // Each in its place: the product's own photo, its gallery's, a colour's.
    let missing = vec![
        photo.clone(),
        MissingPhoto {
            slot: PhotoSlot::Gallery,
            ..photo.clone()
        },
        MissingPhoto {
            column: "Variant Image".into(),
            slot: PhotoSlot::Colour("Tan".into()),
            ..photo
        },
    ];
    jobs.finish("job-1", JobStatus::Done, &[], &missing, at(2))
        .await
        .unwrap();
    let kept = jobs.find("job-1").await.unwrap().unwrap().report;
    assert_eq!((kept.status, kept.missing), (JobStatus::Done, missing));
    assert!(jobs.reopen("job-1", at(3)).await.unwrap());
    assert!(
        !jobs.reopen("job-1", at(3)).await.unwrap(),
        "running already"
    );
    let reopened = jobs.find("job-1").await.unwrap().unwrap();
    assert_eq!(
        (reopened.report.status, reopened.moved_at),
        (JobStatus::Running, at(3))
    );
    assert!(!jobs.reopen("job-2", at(3)).await.unwrap(), "no such job");
}

async fn a_photo_fetched_again_joins_the_gallery_or_leads_its_colour_once(db: &TestDb) {
    let products = shop(db).await;
    let mut coloured = trail("A", 1);
    coloured.draft.other_photos = vec!["/api/v1/media/side".into()];
    coloured.draft.colors = vec![Colour {
        name: "Tan".into(),
        hex: None,
        photos: vec!["/api/v1/media/tan-2".into()],
    }];
    coloured.draft.variants[0].color = "Tan".into();
    let id = ProductId::new("p1");
    products.create(&id, coloured).await.unwrap();

    for _ in 0..2 {
        assert!(
            products
                .add_photo(&id, &PhotoSlot::Gallery, "/api/v1/media/back", at(2))
                .await
                .unwrap()
        );
        assert!(
            products
                .add_photo(
                    &id,
                    &PhotoSlot::Colour("Tan".into()),
                    "/api/v1/media/tan-1",
                    at(2)
                )
                .await
                .unwrap()
        );
    }
    let product = products.find(&id).await.unwrap().unwrap();
    assert_eq!(
        product.other_photos,
        ["/api/v1/media/side", "/api/v1/media/back"],
        "after the others, once"
    );
    assert_eq!(
        product.colors[0].photos,
        ["/api/v1/media/tan-1", "/api/v1/media/tan-2"],
        "the colour's main photo, once"
    );
    assert_eq!(product.updated_at, at(2));
    assert!(
        !products
            .add_photo(&id, &PhotoSlot::Colour("Black".into()), "/x", at(3))
            .await
            .unwrap(),
        "no such colour"
    );
    assert!(
        !products
            .add_photo(&ProductId::new("gone"), &PhotoSlot::Gallery, "/x", at(3))
            .await
            .unwrap(),
        "no such product"
    );
}

async fn the_same_bytes_are_kept_once_under_one_id(db: &TestDb) {
    let images = DieselImageRepository::new(db.db());
    let image = |bytes: &[u8]| Image {
        image_type: ImageType::Png,
        bytes: bytes.to_vec(),
    };
    let first = images.keep(image(b"one")).await.unwrap();
    let again = images.keep(image(b"one")).await.unwrap();
    let other = images.keep(image(b"two")).await.unwrap();
    assert_eq!(first, again);
    assert_ne!(first, other);
    let uuid = regex_like_uuid(first.as_str());
    assert!(uuid, "{first} has the form of every id");
    let stored = images.find(&first).await.unwrap().unwrap();
    assert_eq!(
        (stored.content_type.as_str(), stored.bytes.as_slice()),
        ("image/png", &b"one"[..])
    );
}

/// Whether `id` is 8-4-4-4-12 lower-case hex digits.
fn regex_like_uuid(id: &str) -> bool {
    let groups: Vec<&str> = id.split('-').collect();
    groups.iter().map(|g| g.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
        && id
            .chars()
            .all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c))
}
