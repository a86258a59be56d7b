//! Products, their variants and photos, and categories.

mod category;
mod draft;
mod handle;
mod image;
pub mod import;
mod product;
pub mod search;

pub use category::{Category, CategoryDraft, CategoryRef};
pub use draft::{ColourInput, ProductDraft, ProductInput};
pub use handle::Handle;
pub use image::{Image, ImageType, StoredImage, media_url};
pub use product::{
    Audience, Colour, ColourKey, Product, ProductRating, Variant, line_title, variant_words,
};

#[cfg(test)]
mod tests;
