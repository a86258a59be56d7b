//! Product photos as the app shows them: their addresses, `srcset` and `sizes`, and the
//! preload that lets the browser ask for a page's first photo with the HTML.

use paduka_domain::ProductId;
use paduka_domain::photo::PhotoWidth;
use paduka_domain::text::escape_html;

use crate::text::{encode_component, encode_query_value};

/// The width of the photo link previews show. Open Graph asks for at least 1200 px; the
/// photos are served at [`PhotoWidth::ALL`] only (decisions D12), so the preview takes the
/// nearest wider one, which the product page's `srcset` also uses on large screens (one
/// variant made and kept for both). Never upscaled: a narrower upload is sent as it is.
pub(crate) const PREVIEW_WIDTH: u32 = 1600;
/// The width of the `src` the app's `<img>` carries (product-image.tsx).
pub(crate) const SRC_WIDTH: u32 = 480;
/// How wide the product page draws its main photo: `STAGE_SIZES` in
/// frontend/src/features/catalog/components/product-gallery.tsx, to the character, or the
/// preload is wasted (a test compares them).
pub(crate) const PRODUCT_PHOTO_SIZES: &str =
    "(max-width: 860px) calc(100vw - 32px), (max-width: 1263px) 50vw, 570px";
/// How wide the category page draws its first card's photo: `CARD_SIZES_FULL_WIDTH` in
/// frontend/src/features/catalog/components/product-grid.tsx.
pub(crate) const CATEGORY_CARD_SIZES: &str =
    "(max-width: 520px) calc(50vw - 22px), (max-width: 1099px) calc(50vw - 30px), 365px";

/// The path of a product's photo at `width`, exactly as the app writes it
/// (`productPhotoUrl` in frontend/src/lib/api-client.ts).
pub(crate) fn photo_path(product: &ProductId, width: u32, version: &str) -> String {
    format!(
        "/api/v1/product/product-photo/{}?w={width}&v={}",
        encode_component(product.as_str()),
        encode_query_value(version)
    )
}

/// The app's `srcset` of a product photo (`productPhotoSrcSet`).
pub(crate) fn photo_srcset(product: &ProductId, version: &str) -> String {
    PhotoWidth::ALL
        .iter()
        .map(|w| {
            format!(
                "{} {}w",
                photo_path(product, w.pixels(), version),
                w.pixels()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A preload of a product photo that the app shows first with `sizes`, so the browser asks
/// for it with the HTML instead of after the app has run.
pub(crate) fn photo_preload(product: &ProductId, version: &str, sizes: &str) -> String {
    format!(
        r#"<link rel="preload" as="image" href="{}" imagesrcset="{}" imagesizes="{}" fetchpriority="high">"#,
        escape_html(&photo_path(product, SRC_WIDTH, version)),
        escape_html(&photo_srcset(product, version)),
        escape_html(sizes),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photo_addresses_are_written_as_the_app_writes_them() {
        let id = ProductId::new("a b/é");
        assert_eq!(
            photo_path(&id, 480, "v 1"),
            "/api/v1/product/product-photo/a%20b%2F%C3%A9?w=480&v=v+1"
        );
        let plain = ProductId::new("0190-ab");
        assert_eq!(
            photo_srcset(&plain, "ff"),
            "/api/v1/product/product-photo/0190-ab?w=240&v=ff 240w, \
             /api/v1/product/product-photo/0190-ab?w=480&v=ff 480w, \
             /api/v1/product/product-photo/0190-ab?w=960&v=ff 960w, \
             /api/v1/product/product-photo/0190-ab?w=1600&v=ff 1600w"
        );
    }

    /// The preloads repeat the app's `sizes` and widths; a change there must come here too.
    #[test]
    fn the_preloads_match_the_apps_photo_layout() {
        let frontend = concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src");
        let read = |path: &str| std::fs::read_to_string(format!("{frontend}/{path}"));
        let (Ok(gallery), Ok(grid), Ok(constants), Ok(banner)) = (
            read("features/catalog/components/product-gallery.tsx"),
            read("features/catalog/components/product-grid.tsx"),
            read("config/constants.ts"),
            read("features/catalog/components/featured-banner.tsx"),
        ) else {
            return; // A source package without the frontend: nothing to compare with.
        };
        assert!(
            gallery.contains(&format!("STAGE_SIZES = '{PRODUCT_PHOTO_SIZES}'")),
            "product-gallery.tsx's STAGE_SIZES changed: update PRODUCT_PHOTO_SIZES"
        );
        assert!(
            grid.replace("\n  ", " ")
                .contains(&format!("CARD_SIZES_FULL_WIDTH = '{CATEGORY_CARD_SIZES}'")),
            "product-grid.tsx's CARD_SIZES_FULL_WIDTH changed: update CATEGORY_CARD_SIZES"
        );
        assert!(
            grid.replace("\n  ", " ").contains(&format!(
                "CARD_SIZES_BESIDE_FILTERS = '{}'",
                crate::markup::CARD_SIZES_BESIDE_FILTERS
            )),
            "product-grid.tsx's CARD_SIZES_BESIDE_FILTERS changed: update markup.rs"
        );
        assert!(
            banner.contains(&format!("HERO_SIZES = '{}'", crate::markup::HERO_SIZES)),
            "featured-banner.tsx's HERO_SIZES changed: update markup.rs"
        );
        let widths: Vec<String> = PhotoWidth::ALL
            .iter()
            .map(|w| w.pixels().to_string())
            .collect();
        assert!(
            constants.contains(&format!("PHOTO_WIDTHS = [{}] as const", widths.join(", "))),
            "constants.ts's PHOTO_WIDTHS differ from the server's"
        );
    }
}
