//! Identifiers. Every id is opaque text (UUID v7 when we make it), typed so that a product id
//! cannot be passed where a user id is expected.

macro_rules! id_type {
    ($($(#[$doc:meta])* $name:ident),+ $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(value: impl Into<String>) -> Self {
                Self(value.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_inner(self) -> String {
                self.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<String> for $name {
            fn from(value: String) -> Self {
                Self(value)
            }
        }
    )+};
}

id_type!(
    /// A product's `_id`.
    ProductId,
    /// A category's `_id`.
    CategoryId,
    /// A user's `_id`.
    UserId,
    /// A sale's `_id`.
    SaleId,
    /// A review's `_id`.
    ReviewId,
    /// An order's `_id`.
    OrderId,
    /// A stored image (gallery pictures and other media we serve ourselves).
    MediaId,
    /// A coupon's `_id`.
    CouponId,
    /// A return's `_id`.
    ReturnId,
);
