//! Where the shop delivers: a configured set of pincodes, and the messages the storefront
//! shows for them.

use std::collections::HashSet;

use crate::InvalidInput;
use crate::contact::Pincode;

/// The product page's answer for a deliverable pincode.
pub const AVAILABLE: &str = "Delivery available at this pincode";
/// The product page's answer for a pincode outside the area.
pub const UNAVAILABLE: &str = "Delivery unavailable";
/// Checkout's answer for a pincode outside the area.
pub const NOT_AT_ADDRESS: &str = "Delivery not available at this address";

/// The pincodes the shop delivers to (configuration; the spec's four by default).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryArea {
    pincodes: HashSet<Pincode>,
}

/// What the product page's pincode box shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryCheck {
    pub deliverable: bool,
    /// [`AVAILABLE`] or [`UNAVAILABLE`].
    pub message: &'static str,
}

impl DeliveryArea {
    /// The spec's deliverable pincodes.
    pub const DEFAULT_PINCODES: [&'static str; 4] = ["281001", "492010", "281204", "492001"];

    pub fn new(pincodes: impl IntoIterator<Item = Pincode>) -> Self {
        Self {
            pincodes: pincodes.into_iter().collect(),
        }
    }

    /// A comma (or whitespace) separated list, as `DELIVERABLE_PINCODES` holds it. Every
    /// entry must be 6 digits; the error names the first one that is not.
    pub fn parse_list(text: &str) -> Result<Self, InvalidInput> {
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                Pincode::parse(entry)
                    .map_err(|_| InvalidInput::new(format!("\"{entry}\" is not a 6-digit pincode")))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Self::new)
    }

    pub fn contains(&self, pincode: &Pincode) -> bool {
        self.pincodes.contains(pincode)
    }

    /// Whether the shop delivers to `text`; `Enter a valid 6-digit Pincode` when it is not a
    /// pincode at all.
    pub fn check(&self, text: &str) -> Result<bool, InvalidInput> {
        Ok(self.contains(&Pincode::parse(text)?))
    }

    /// [`check`](Self::check) with the product page's message.
    pub fn availability(&self, text: &str) -> Result<DeliveryCheck, InvalidInput> {
        let deliverable = self.check(text)?;
        Ok(DeliveryCheck {
            deliverable,
            message: if deliverable { AVAILABLE } else { UNAVAILABLE },
        })
    }

    /// The checkout rule: the pincode, if 6 digits and deliverable; otherwise
    /// `Enter a valid 6-digit Pincode` or `Delivery not available at this address`.
    pub fn for_checkout(&self, text: &str) -> Result<Pincode, InvalidInput> {
        let pincode = Pincode::parse(text)?;
        self.delivers_to(&pincode)?;
        Ok(pincode)
    }

    /// The checkout rule for a pincode already read: `Delivery not available at this address`
    /// unless the shop delivers there.
    pub fn delivers_to(&self, pincode: &Pincode) -> Result<(), InvalidInput> {
        if self.contains(pincode) {
            Ok(())
        } else {
            Err(InvalidInput::new(NOT_AT_ADDRESS))
        }
    }

    pub fn len(&self) -> usize {
        self.pincodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.pincodes.is_empty()
    }
}

impl Default for DeliveryArea {
    fn default() -> Self {
        Self::new(
            Self::DEFAULT_PINCODES
                .iter()
                .map(|p| Pincode::parse(p).expect("the default pincodes are valid")),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_area_is_the_specs_four_pincodes() {
        let area = DeliveryArea::default();
        assert_eq!(area.len(), 4);
        for pincode in ["281001", "492010", "281204", "492001"] {
            assert_eq!(area.check(pincode), Ok(true), "{pincode}");
        }
        assert_eq!(area.check("110001"), Ok(false));
    }

    #[test]
    fn anything_but_six_digits_is_refused_with_the_spec_message() {
        let area = DeliveryArea::default();
        for bad in ["", "28100", "2810011", "28100a", "abcdef"] {
            assert_eq!(
                area.check(bad).unwrap_err().message(),
                "Enter a valid 6-digit Pincode",
                "{bad:?}"
            );
        }
    }

    #[test]
    fn the_product_page_and_checkout_use_their_own_messages() {
        let area = DeliveryArea::default();
        assert_eq!(
            area.availability("281001").unwrap(),
            DeliveryCheck {
                deliverable: true,
                message: "Delivery available at this pincode"
            }
        );
        assert_eq!(
            area.availability("110001").unwrap(),
            DeliveryCheck {
                deliverable: false,
                message: "Delivery unavailable"
            }
        );
        assert_eq!(area.for_checkout(" 492001 ").unwrap().as_str(), "492001");
        assert_eq!(
            area.for_checkout("110001").unwrap_err().message(),
            "Delivery not available at this address"
        );
        assert_eq!(
            area.for_checkout("1100").unwrap_err().message(),
            "Enter a valid 6-digit Pincode"
        );
    }

    #[test]
    fn a_configured_list_replaces_the_default() {
        let area = DeliveryArea::parse_list("110001, 560001\n400001").unwrap();
        assert_eq!(area.len(), 3);
        assert_eq!(area.check("560001"), Ok(true));
        assert_eq!(area.check("281001"), Ok(false));
        assert_eq!(
            DeliveryArea::parse_list("110001,5600")
                .unwrap_err()
                .message(),
            "\"5600\" is not a 6-digit pincode"
        );
        assert!(DeliveryArea::parse_list("").unwrap().is_empty());
    }
}
