//! Product photo addresses for link previews (the pages' own photos and their preloads are the
//! app's, drawn by its components, decisions D32).

use paduka_domain::ProductId;

use crate::text::{encode_component, encode_query_value};

/// The width of the photo link previews show. Open Graph asks for at least 1200 px; the
/// photos are served at `PhotoWidth::ALL` only (decisions D12), so the preview takes the
/// nearest wider one, which the product page's `srcset` also uses on large screens (one
/// variant made and kept for both). Never upscaled: a narrower upload is sent as it is.
pub(crate) const PREVIEW_WIDTH: u32 = 1600;

/// The path of a product's photo at `width`, exactly as the app writes it
/// (`productPhotoUrl` in frontend/src/lib/api-client.ts).
pub(crate) fn photo_path(product: &ProductId, width: u32, version: &str) -> String {
    format!(
        "/api/v1/product/product-photo/{}?w={width}&v={}",
        encode_component(product.as_str()),
        encode_query_value(version)
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
    }
}
