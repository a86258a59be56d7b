//! `PhotoService` against mocked ports. Every mock refuses calls it was not told to expect,
//! so a test that sets no expectation on a port also proves the port is left alone.

use std::sync::atomic::{AtomicUsize, Ordering};

use async_trait::async_trait;
use paduka_domain::InvalidInput;
use tokio::sync::Semaphore;

use super::*;
use crate::catalog::{KeptVariant, ProductRepository};
use crate::catalog::{MockPhotoCodec, MockPhotoVariantRepository, MockProductRepository};
use crate::testing::{admin, down};

const PHOTO_SHA: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const VERSION: &str = "0123456789abcdef";

#[derive(Default)]
struct Ports {
    products: MockProductRepository,
    variants: MockPhotoVariantRepository,
    codec: MockPhotoCodec,
}

impl Ports {
    fn service(self) -> PhotoService {
        PhotoService::new(
            Arc::new(self.products),
            Arc::new(self.variants),
            Arc::new(self.codec),
        )
    }

    /// Product `p-1` has [`photo`]; no other product has one.
    fn with_photo(mut self) -> Self {
        self.products
            .expect_photo()
            .returning(|id| Ok((id.as_str() == "p-1").then(photo)));
        self
    }

    /// No variant is kept yet.
    fn without_variants(mut self) -> Self {
        self.variants.expect_find().returning(|_, _, _| Ok(None));
        self
    }
}

/// The stored photo: a 1000-byte PNG.
fn photo() -> StoredImage {
    StoredImage {
        content_type: "image/png".into(),
        bytes: vec![7; 1000],
        sha256: PHOTO_SHA.into(),
    }
}

fn image(image_type: ImageType, len: usize) -> Image {
    Image {
        image_type,
        bytes: vec![1; len],
    }
}

/// What the repository hands back for a kept image.
fn kept(image: &Image) -> StoredImage {
    StoredImage {
        content_type: image.image_type.mime().into(),
        bytes: image.bytes.clone(),
        sha256: format!("sha-of-{}", image.bytes.len()),
    }
}

fn width(pixels: &str) -> PhotoWidth {
    PhotoWidth::parse(pixels).unwrap()
}

fn sized(pixels: &str, accepts_webp: bool) -> PhotoRequest {
    PhotoRequest {
        width: Some(width(pixels)),
        accepts_webp,
    }
}

fn p1() -> ProductId {
    ProductId::new("p-1")
}

// --- uploads ----------------------------------------------------------------------------------

#[tokio::test]
async fn an_upload_over_20_mb_is_refused_before_it_is_decoded() {
    let service = Ports::default().service();

    let err = service
        .prepare_upload(&admin(), vec![0; photo::MAX_UPLOAD_BYTES + 1])
        .await
        .unwrap_err();

    assert!(matches!(err, CatalogError::TooLarge(_)));
    assert_eq!(err.to_string(), "Photo must be at most 20 MB");
}

#[tokio::test]
async fn the_codecs_verdicts_become_the_rules_messages() {
    for (verdict, message) in [
        (
            PhotoError::NotAnImage,
            "Photo must be a JPEG, PNG, WebP, GIF or AVIF image",
        ),
        (
            PhotoError::Refused(InvalidInput::new(photo::TOO_MANY_PIXELS)),
            "Photo must be at most 50 megapixels",
        ),
    ] {
        let mut ports = Ports::default();
        let verdict = std::sync::Mutex::new(Some(verdict));
        ports
            .codec
            .expect_prepare()
            .times(1)
            .returning(move |_| Err(verdict.lock().unwrap().take().unwrap()));

        let err = ports
            .service()
            .prepare_upload(&admin(), b"GIF89a and then some text".to_vec())
            .await
            .unwrap_err();

        assert!(matches!(err, CatalogError::Invalid(_)), "{err:?}");
        assert_eq!(err.to_string(), message);
    }
}

#[tokio::test]
async fn an_accepted_upload_is_what_the_codec_prepared() {
    let mut ports = Ports::default();
    ports
        .codec
        .expect_prepare()
        .withf(|upload| upload == b"a phone photo")
        .times(1)
        .returning(|_| Ok(image(ImageType::Jpeg, 42)));

    let prepared = ports
        .service()
        .prepare_upload(&admin(), b"a phone photo".to_vec())
        .await
        .unwrap();

    assert_eq!(prepared, image(ImageType::Jpeg, 42));
}

// --- serving ----------------------------------------------------------------------------------

#[tokio::test]
async fn without_a_width_the_stored_photo_is_served_with_its_version() {
    let service = Ports::default().with_photo().service();

    let served = service
        .product_photo(&p1(), PhotoRequest::default())
        .await
        .unwrap();

    assert_eq!(served.image, photo());
    assert_eq!(served.version, VERSION);
    let err = service
        .product_photo(&ProductId::new("p-2"), PhotoRequest::default())
        .await
        .unwrap_err();
    assert!(matches!(err, CatalogError::ImageNotFound));
}

#[tokio::test]
async fn a_kept_variant_is_served_without_decoding_anything() {
    let mut ports = Ports::default();
    let webp = kept(&image(ImageType::Webp, 300));
    let answer = webp.clone();
    ports
        .variants
        .expect_find()
        .withf(|id, w, format| {
            id.as_str() == "p-1" && w.pixels() == 480 && *format == VariantFormat::Webp
        })
        .returning(move |_, _, _| {
            Ok(Some(KeptVariant {
                photo_sha256: PHOTO_SHA.into(),
                image: Some(answer.clone()),
            }))
        });

    let served = ports
        .service()
        .product_photo(&p1(), sized("480", true))
        .await
        .unwrap();

    assert_eq!(served.image, webp);
    assert_eq!(served.version, VERSION);
}

#[tokio::test]
async fn a_width_kept_as_the_photo_itself_serves_the_photo() {
    let mut ports = Ports::default().with_photo();
    ports.variants.expect_find().returning(|_, _, _| {
        Ok(Some(KeptVariant {
            photo_sha256: PHOTO_SHA.into(),
            image: None,
        }))
    });

    let served = ports
        .service()
        .product_photo(&p1(), sized("1600", false))
        .await
        .unwrap();

    assert_eq!(served.image, photo());
}

#[tokio::test]
async fn a_missing_webp_variant_is_made_from_the_photo_kept_and_served() {
    let mut ports = Ports::default().with_photo().without_variants();
    ports
        .codec
        .expect_resize()
        .withf(|stored, w, format| {
            *stored == photo() && w.pixels() == 480 && *format == ImageType::Webp
        })
        .times(1)
        .returning(|_, _, _| Ok(Some(image(ImageType::Webp, 300))));
    ports
        .variants
        .expect_keep()
        .withf(|id, sha, w, format, made| {
            id.as_str() == "p-1"
                && sha == PHOTO_SHA
                && w.pixels() == 480
                && *format == VariantFormat::Webp
                && *made == Some(image(ImageType::Webp, 300))
        })
        .times(1)
        .returning(|_, _, _, _, made| Ok(made.as_ref().map(kept)));

    let served = ports
        .service()
        .product_photo(&p1(), sized("480", true))
        .await
        .unwrap();

    assert_eq!(served.image, kept(&image(ImageType::Webp, 300)));
    assert_eq!(served.version, VERSION);
}

#[tokio::test]
async fn a_client_without_webp_gets_the_photos_own_format() {
    let mut ports = Ports::default().with_photo().without_variants();
    ports
        .codec
        .expect_resize()
        .withf(|_, w, format| w.pixels() == 240 && *format == ImageType::Png)
        .times(1)
        .returning(|_, _, _| Ok(Some(image(ImageType::Png, 200))));
    ports
        .variants
        .expect_keep()
        .withf(|_, _, _, format, _| *format == VariantFormat::AsPhoto)
        .times(1)
        .returning(|_, _, _, _, made| Ok(made.as_ref().map(kept)));

    let served = ports
        .service()
        .product_photo(&p1(), sized("240", false))
        .await
        .unwrap();

    assert_eq!(served.image.content_type, "image/png");
    assert_eq!(served.image.bytes.len(), 200);
}

/// What the codec answers for a variant that would not be worth keeping.
fn no_better_variant(case: usize) -> Result<Option<Image>, PhotoError> {
    match case {
        // Encoded, but no smaller than the 1000-byte photo.
        0 => Ok(Some(image(ImageType::Webp, 1000))),
        // The photo itself is that variant (no narrower, already in that format).
        1 => Ok(None),
        // A stored photo that cannot be decoded (stored before photos were checked).
        _ => Err(PhotoError::NotAnImage),
    }
}

#[tokio::test]
async fn when_no_variant_beats_the_photo_the_photo_serves_that_width_and_that_is_kept() {
    for case in 0..3 {
        let mut ports = Ports::default().with_photo().without_variants();
        ports
            .codec
            .expect_resize()
            .times(1)
            .returning(move |_, _, _| no_better_variant(case));
        ports
            .variants
            .expect_keep()
            .withf(|_, _, _, _, made| made.is_none())
            .times(1)
            .returning(|_, _, _, _, _| Ok(None));

        let served = ports
            .service()
            .product_photo(&p1(), sized("960", true))
            .await
            .unwrap();

        assert_eq!(served.image, photo(), "case {case}");
    }
}

#[tokio::test]
async fn a_failing_store_is_an_unexpected_error_not_a_photo() {
    let mut ports = Ports::default().with_photo();
    ports
        .variants
        .expect_find()
        .returning(|_, _, _| Err(down()));

    let err = ports
        .service()
        .product_photo(&p1(), sized("480", true))
        .await
        .unwrap_err();

    assert!(matches!(err, CatalogError::Unexpected(_)));
}

#[tokio::test]
async fn a_product_without_a_photo_has_no_variants_either() {
    let service = Ports::default().with_photo().without_variants().service();

    let err = service
        .product_photo(&ProductId::new("p-2"), sized("480", true))
        .await
        .unwrap_err();

    assert!(matches!(err, CatalogError::ImageNotFound));
}

// --- one encoding per variant -----------------------------------------------------------------

/// A codec whose `resize` waits until the test lets it finish, counting its calls.
struct GatedCodec {
    resizes: AtomicUsize,
    gate: Semaphore,
}

#[async_trait]
impl PhotoCodec for GatedCodec {
    async fn prepare(&self, _upload: Vec<u8>) -> Result<Image, PhotoError> {
        unreachable!("no uploads here")
    }

    async fn resize(
        &self,
        _photo: StoredImage,
        _width: PhotoWidth,
        _format: ImageType,
    ) -> Result<Option<Image>, PhotoError> {
        self.resizes.fetch_add(1, Ordering::SeqCst);
        self.gate.acquire().await.unwrap().forget();
        Ok(Some(image(ImageType::Webp, 300)))
    }
}

#[tokio::test]
async fn concurrent_requests_for_a_missing_variant_encode_it_once() {
    let store: Arc<std::sync::Mutex<Option<KeptVariant>>> = Arc::default();
    let mut variants = MockPhotoVariantRepository::new();
    let found = store.clone();
    variants
        .expect_find()
        .returning(move |_, _, _| Ok(found.lock().unwrap().clone()));
    let keeps = store.clone();
    variants
        .expect_keep()
        .times(1)
        .returning(move |_, sha, _, _, made| {
            let image = made.as_ref().map(kept);
            *keeps.lock().unwrap() = Some(KeptVariant {
                photo_sha256: sha.to_owned(),
                image: image.clone(),
            });
            Ok(image)
        });
    let products: Arc<dyn ProductRepository> = Arc::new(Ports::default().with_photo().products);
    let codec = Arc::new(GatedCodec {
        resizes: AtomicUsize::new(0),
        gate: Semaphore::new(0),
    });
    let service = PhotoService::new(products, Arc::new(variants), codec.clone());

    let id = p1();
    let ask = || service.product_photo(&id, sized("480", true));
    // The first request reaches the codec and waits there; the others find it being made.
    let open_the_gate = async {
        while codec.resizes.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        // Enough for every request: a second encoding shows in the count instead of hanging.
        codec.gate.add_permits(3);
    };
    let (first, second, third, ()) = tokio::join!(ask(), ask(), ask(), open_the_gate);
    let later = ask().await;

    assert_eq!(codec.resizes.load(Ordering::SeqCst), 1);
    let expected = kept(&image(ImageType::Webp, 300));
    for served in [first, second, third, later] {
        assert_eq!(served.unwrap().image, expected);
    }
    assert!(service.in_flight().is_empty(), "nothing left in flight");
}
