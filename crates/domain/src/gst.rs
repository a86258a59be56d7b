//! GST settings as the shop configures them (decisions D16): its GSTIN, the rate slabs
//! and HSN codes. The invoice arithmetic is in [`crate::invoice`].

use std::fmt;

use crate::error::is_code;
use crate::{InvalidInput, Paise, State};

/// The 36 characters of a GSTIN's check-digit alphabet, each worth its position.
const ALPHABET: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A GST identification number: 15 characters, checked when the shop starts, so a typo in
/// `SHOP_GSTIN` stops it rather than printing a wrong number on every invoice.
///
/// The layout: the state's 2-digit GST code, the holder's 10-character PAN (5 letters, 4
/// digits, a letter), the entity number (1-9, then A-Z for a holder's tenth registration in a
/// state and on), `Z`, and a check character. The messages name `SHOP_GSTIN`: the setting is
/// the only place a GSTIN comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Gstin(String);

impl Gstin {
    /// Reads a GSTIN, trimmed and upper-cased, refusing any that GST would.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let gstin = text.trim().to_ascii_uppercase();
        let refuse = |why: &str| Err(InvalidInput::new(format!("SHOP_GSTIN {why}")));
        let b = gstin.as_bytes();
        if b.len() != 15 || !b.iter().all(u8::is_ascii_alphanumeric) {
            return refuse(&format!(
                "must be 15 characters (state code, PAN, entity number, Z, check \
                 character), letters and digits only, e.g. 09AAACH7409R1ZZ; got {} characters",
                gstin.chars().count()
            ));
        }
        let code = &gstin[..2];
        let state = code
            .parse::<u8>()
            .ok()
            .filter(|_| b[..2].iter().all(u8::is_ascii_digit))
            .and_then(State::from_code);
        if state.is_none() {
            return refuse(&format!(
                "must start with a state's 2-digit GST code (e.g. 09 for Uttar Pradesh), \
                 not {code}"
            ));
        }
        let pan = &b[2..12];
        let pan_fits = pan[..5].iter().all(u8::is_ascii_uppercase)
            && pan[5..9].iter().all(u8::is_ascii_digit)
            && pan[9].is_ascii_uppercase();
        if !pan_fits {
            return refuse(&format!(
                "must have a PAN as its characters 3 to 12 (5 letters, 4 digits, a letter), \
                 not {}",
                &gstin[2..12]
            ));
        }
        if b[12] == b'0' {
            return refuse(
                "must have an entity number from 1 to 9 or A to Z as its 13th character, not 0",
            );
        }
        if b[13] != b'Z' {
            return refuse("must have Z as its 14th character");
        }
        if b[14] != check_character(&b[..14]) {
            return Err(InvalidInput::new(
                "SHOP_GSTIN's check character is wrong: check the number against the \
                 registration certificate",
            ));
        }
        Ok(Self(gstin))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The state the GSTIN is registered in, from its first two digits; the shop's
    /// `SHOP_STATE` should be the same one.
    pub fn state(&self) -> State {
        self.0[..2]
            .parse::<u8>()
            .ok()
            .and_then(State::from_code)
            .expect("checked by parse")
    }

    /// Refuses a `SHOP_STATE` other than the state the GSTIN is registered in: the shop's
    /// state decides CGST + SGST against IGST, and a GSTIN is registered in one state only.
    pub fn check_state(&self, shop_state: State) -> Result<(), InvalidInput> {
        let registered = self.state();
        if registered == shop_state {
            return Ok(());
        }
        Err(InvalidInput::new(format!(
            "SHOP_GSTIN {} is registered in {registered} (code {}), but SHOP_STATE is \
             {shop_state}",
            self.0,
            &self.0[..2]
        )))
    }

    /// The PAN inside the GSTIN (characters 3 to 12).
    pub fn pan(&self) -> &str {
        &self.0[2..12]
    }
}

impl fmt::Display for Gstin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// GSTN's check character over the first 14 characters (upper-case letters and digits): each
/// character's value (0-9, A=10 ... Z=35) times a factor alternating 1, 2, 1, 2 ...; each
/// product split into its quotient and remainder by 36 and both added; the check is
/// (36 - sum % 36) % 36, written in the same alphabet.
fn check_character(first_14: &[u8]) -> u8 {
    let sum: u32 = first_14
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let value = ALPHABET.iter().position(|a| a == c).unwrap_or(0) as u32;
            let product = value * if i % 2 == 0 { 1 } else { 2 };
            product / 36 + product % 36
        })
        .sum();
    ALPHABET[((36 - sum % 36) % 36) as usize]
}

/// A GST rate in whole percent, 0 to 100.
///
/// Whole percents: footwear is taxed at 5 % and 18 %, and every GST rate but those for
/// precious metals and stones (3 %, 1.5 %, 0.25 %) is whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GstRate(u8);

impl GstRate {
    pub fn new(percent: u8) -> Result<Self, InvalidInput> {
        if percent > 100 {
            return Err(InvalidInput::new(format!(
                "A GST rate must be a whole percent from 0 to 100, not {percent}"
            )));
        }
        Ok(Self(percent))
    }

    pub fn percent(self) -> u8 {
        self.0
    }
}

impl fmt::Display for GstRate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} %", self.0)
    }
}

/// The GST rate by a unit's price after its discount, from `GST_SLABS` (default `5@2500,18`).
///
/// Footwear's rate depends on the value of a pair: 5 % up to ₹2,500 a pair, 18 % above (since
/// 22 September 2025; before, 5 % up to ₹1,000 and 18 % above). The thresholds move with
/// budgets, so they are a setting: `r1@limit1,r2@limit2,...,rN`, limits in rupees ascending,
/// each rate applying up to and including its limit, the last one above them all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GstSlabs {
    /// Rates with their inclusive upper limits, ascending.
    limited: Vec<(GstRate, Paise)>,
    above: GstRate,
}

impl GstSlabs {
    pub const DEFAULT: &'static str = "5@2500,18";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let refuse = |why: String| {
            InvalidInput::new(format!(
                "GST_SLABS must look like 5@2500,18 (rate@limit in rupees, ascending, the last \
                 rate without a limit): {why}"
            ))
        };
        let rate = |text: &str| -> Result<GstRate, InvalidInput> {
            let digits = text.trim().trim_end_matches('%').trim();
            digits
                .parse::<u8>()
                .ok()
                .filter(|_| digits.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| GstRate::new(p).ok())
                .ok_or_else(|| {
                    refuse(format!(
                        "\"{}\" is not a whole percent from 0 to 100",
                        text.trim()
                    ))
                })
        };
        let slabs: Vec<&str> = text.split(',').map(str::trim).collect();
        let (last, rest) = slabs.split_last().expect("split gives at least one part");
        if last.is_empty() {
            return Err(refuse("a rate is missing".into()));
        }
        if last.contains('@') {
            return Err(refuse(format!(
                "the last slab \"{last}\" must be a rate alone, for prices above every limit"
            )));
        }
        let mut limited = Vec::with_capacity(rest.len());
        for slab in rest {
            let Some((r, limit)) = slab.split_once('@') else {
                return Err(refuse(format!(
                    "\"{slab}\" must be rate@limit; only the last slab has no limit"
                )));
            };
            let limit = Paise::parse_rupees(limit.trim_start_matches('₹'))
                .map_err(|_| refuse(format!("\"{}\" is not an amount of rupees", limit.trim())))?;
            if let Some((_, previous)) = limited.last()
                && limit <= *previous
            {
                return Err(refuse(format!(
                    "limits must go up, but {limit} comes after {previous}"
                )));
            }
            limited.push((rate(r)?, limit));
        }
        Ok(Self {
            limited,
            above: rate(last)?,
        })
    }

    /// The rate for a unit sold at `sale_price`: the first slab whose limit it
    /// does not exceed, else the last slab's.
    pub fn rate_for(&self, sale_price: Paise) -> GstRate {
        self.limited
            .iter()
            .find(|(_, limit)| sale_price <= *limit)
            .map_or(self.above, |(rate, _)| *rate)
    }
}

impl Default for GstSlabs {
    fn default() -> Self {
        Self::parse(Self::DEFAULT).expect("the default parses")
    }
}

/// A product's HSN code (Harmonised System of Nomenclature): 4 to 8 digits. Shoes with rubber
/// or plastic outer soles and leather uppers are `6403`, the shop's `DEFAULT_HSN`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Hsn(String);

impl Hsn {
    pub const DEFAULT: &'static str = "6403";

    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let code = text.trim();
        if is_code(code, 4..=8, u8::is_ascii_digit) {
            Ok(Self(code.to_owned()))
        } else {
            Err(InvalidInput::new(format!(
                "HSN code must be 4 to 8 digits, e.g. 6403, not \"{code}\""
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Hsn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn rupees(r: i64) -> Paise {
        Paise::from_rupees(r).unwrap()
    }

    #[test]
    fn a_gstin_with_its_check_character_is_read_trimmed_and_upper_cased() {
        // Published sample GSTINs, whose check characters GSTN's algorithm gives.
        for (text, state) in [
            ("27AAPFU0939F1ZV", State::Maharashtra),
            (" 29aagcb7383j1z4 ", State::Karnataka),
            ("09AAACH7409R1ZZ", State::UttarPradesh),
        ] {
            let gstin = Gstin::parse(text).unwrap();
            assert_eq!(gstin.as_str(), text.trim().to_ascii_uppercase());
            assert_eq!(gstin.state(), state);
        }
        assert_eq!(Gstin::parse("27AAPFU0939F1ZV").unwrap().pan(), "AAPFU0939F");
    }

    #[test]
    fn the_shops_state_must_be_the_gstins() {
        let gstin = Gstin::parse("09AAACH7409R1ZZ").unwrap();
        assert_eq!(gstin.check_state(State::UttarPradesh), Ok(()));
        assert_eq!(
            gstin.check_state(State::Karnataka).unwrap_err().to_string(),
            "SHOP_GSTIN 09AAACH7409R1ZZ is registered in Uttar Pradesh (code 09), but \
             SHOP_STATE is Karnataka"
        );
    }

    #[test]
    fn each_malformed_gstin_is_refused_with_its_reason() {
        let why = |text: &str| Gstin::parse(text).unwrap_err().to_string();
        assert!(why("27AAPFU0939F1Z").starts_with("SHOP_GSTIN must be 15 characters"));
        assert!(why("").contains("got 0 characters"));
        assert!(why("27AAPFU0939F1Z-").starts_with("SHOP_GSTIN must be 15 characters"));
        assert!(why("99AAPFU0939F1ZV").contains("state's 2-digit GST code"));
        assert!(why("28AAPFU0939F1ZV").contains("not 28"));
        assert!(why("2AAAPFU0939F1ZV").contains("state's 2-digit GST code"));
        assert!(why("27AAPF10939F1ZV").contains("PAN"));
        assert!(why("27AAPFU0939F0ZV").contains("entity number"));
        assert!(why("27AAPFU0939F1YV").contains("Z as its 14th"));
        assert_eq!(
            why("27AAPFU0939F1ZW"),
            "SHOP_GSTIN's check character is wrong: check the number against the \
             registration certificate"
        );
    }

    #[test]
    fn the_check_character_follows_gstns_algorithm() {
        // Worked by hand for 27AAPFU0939F1Z: values 2 7 10 10 25 15 30 0 9 3 9 15 1 35,
        // factors 1 2 1 2 ...; products 2 14 10 20 25 30 30 0 9 6 9 30 1 70; 70 = 1x36 + 34,
        // so the sum is 186 + 1 + 34 = 221; 221 % 36 = 5; (36 - 5) % 36 = 31 = V.
        assert_eq!(check_character(b"27AAPFU0939F1Z"), b'V');
    }

    proptest! {
        #[test]
        fn any_changed_character_is_caught(i in 0usize..15, c in 0usize..36) {
            let good = "27AAPFU0939F1ZV";
            let mut bytes = good.as_bytes().to_vec();
            prop_assume!(bytes[i] != ALPHABET[c]);
            bytes[i] = ALPHABET[c];
            let changed = String::from_utf8(bytes).unwrap();
            prop_assert!(Gstin::parse(&changed).is_err(), "{}", changed);
        }

        #[test]
        fn a_computed_check_character_always_parses(
            state in proptest::sample::select(State::ALL.to_vec()),
            letters in "[A-Z]{5}", digits in "[0-9]{4}", last in "[A-Z]", entity in "[1-9A-Z]",
        ) {
            let first_14 = format!("{}{letters}{digits}{last}{entity}Z", state.code_text());
            let check = check_character(first_14.as_bytes()) as char;
            let gstin = Gstin::parse(&format!("{first_14}{check}")).unwrap();
            prop_assert_eq!(gstin.state(), state);
        }
    }

    #[test]
    fn the_default_slabs_give_5_percent_up_to_2500_rupees_a_unit_then_18() {
        let slabs = GstSlabs::default();
        assert_eq!(slabs.rate_for(rupees(0)).percent(), 5);
        assert_eq!(
            slabs.rate_for(rupees(2500)).percent(),
            5,
            "the limit is included"
        );
        assert_eq!(slabs.rate_for(Paise::from_stored(250_001)).percent(), 18);
        assert_eq!(slabs.rate_for(Paise::MAX).percent(), 18);
    }

    #[test]
    fn several_slabs_apply_in_turn() {
        let slabs = GstSlabs::parse(" 0@500 , 5%@1000.50, 12@₹5000,28 ").unwrap();
        for (paise, rate) in [
            (0, 0),
            (50_000, 0),
            (50_001, 5),
            (100_050, 5),
            (100_051, 12),
            (500_000, 12),
            (500_001, 28),
        ] {
            assert_eq!(
                slabs.rate_for(Paise::from_stored(paise)).percent(),
                rate,
                "{paise}"
            );
        }
        assert_eq!(
            GstSlabs::parse("18").unwrap().rate_for(rupees(1)).percent(),
            18
        );
    }

    #[test]
    fn malformed_slabs_are_refused_with_their_reason() {
        for (text, reason) in [
            ("", "a rate is missing"),
            ("5@2500,", "a rate is missing"),
            ("5@2500", "the last slab \"5@2500\" must be a rate alone"),
            ("5,18", "\"5\" must be rate@limit"),
            ("5@abc,18", "\"abc\" is not an amount of rupees"),
            ("5@-1,18", "\"-1\" is not an amount of rupees"),
            (
                "5@2500,12@1000,18",
                "limits must go up, but ₹1000.00 comes after ₹2500.00",
            ),
            ("5@2500,12@2500,18", "limits must go up"),
            (
                "five@2500,18",
                "\"five\" is not a whole percent from 0 to 100",
            ),
            ("5@2500,180", "\"180\" is not a whole percent"),
            ("5@2500,-18", "\"-18\" is not a whole percent"),
            ("5.5@2500,18", "\"5.5\" is not a whole percent"),
        ] {
            let message = GstSlabs::parse(text).unwrap_err().to_string();
            assert!(
                message.starts_with("GST_SLABS must look like 5@2500,18"),
                "{message}"
            );
            assert!(message.contains(reason), "{text:?}: {message}");
        }
    }

    #[test]
    fn hsn_codes_are_4_to_8_digits() {
        assert_eq!(Hsn::parse(" 6403 ").unwrap().as_str(), "6403");
        assert_eq!(Hsn::parse("64039990").unwrap().as_str(), "64039990");
        assert_eq!(Hsn::parse(Hsn::DEFAULT).unwrap().to_string(), "6403");
        for bad in ["", "640", "640399901", "64O3", "6403 1", "-6403"] {
            let message = Hsn::parse(bad).unwrap_err().to_string();
            assert!(
                message.starts_with("HSN code must be 4 to 8 digits"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn rates_are_whole_percents_to_100() {
        assert_eq!(GstRate::new(18).unwrap().to_string(), "18 %");
        assert!(GstRate::new(101).is_err());
    }
}
