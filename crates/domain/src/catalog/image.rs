//! The images we store and serve ourselves.

use crate::MediaId;

/// The image formats we accept for product photos, recognised by their bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageType {
    Jpeg,
    Png,
    Webp,
    Gif,
    Avif,
}

impl ImageType {
    pub fn from_mime(mime: &str) -> Option<Self> {
        Some(match mime {
            "image/jpeg" => Self::Jpeg,
            "image/png" => Self::Png,
            "image/webp" => Self::Webp,
            "image/gif" => Self::Gif,
            "image/avif" => Self::Avif,
            _ => return None,
        })
    }

    pub fn mime(self) -> &'static str {
        match self {
            Self::Jpeg => "image/jpeg",
            Self::Png => "image/png",
            Self::Webp => "image/webp",
            Self::Gif => "image/gif",
            Self::Avif => "image/avif",
        }
    }
}

/// An image we store and serve ourselves: a product photo or a gallery picture.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    pub image_type: ImageType,
    pub bytes: Vec<u8>,
}

/// A stored image with its content hash, ready to serve with an `ETag`.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredImage {
    pub content_type: String,
    pub bytes: Vec<u8>,
    /// Hex SHA-256 of the bytes.
    pub sha256: String,
}

/// Where the gallery picture with this id is served.
pub fn media_url(id: &MediaId) -> String {
    format!("/api/v1/media/{id}")
}
