//! India's states and union territories as GST knows them (decisions section 11): the place of
//! supply on a tax invoice, whose state code decides CGST + SGST against IGST.

use std::fmt;

use crate::InvalidInput;
use crate::contact::Pincode;

/// A state or union territory, with its two-digit GST state code (the first two characters of
/// every GSTIN registered there).
///
/// Only the codes GST uses today: 25 (Daman and Diu) and 28 (Andhra Pradesh before 2014) are
/// no longer given out; [`State::from_code`] reads 25 as the merged territory, code 26.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    JammuAndKashmir,
    HimachalPradesh,
    Punjab,
    Chandigarh,
    Uttarakhand,
    Haryana,
    Delhi,
    Rajasthan,
    UttarPradesh,
    Bihar,
    Sikkim,
    ArunachalPradesh,
    Nagaland,
    Manipur,
    Mizoram,
    Tripura,
    Meghalaya,
    Assam,
    WestBengal,
    Jharkhand,
    Odisha,
    Chhattisgarh,
    MadhyaPradesh,
    Gujarat,
    DadraAndNagarHaveliAndDamanAndDiu,
    Maharashtra,
    Karnataka,
    Goa,
    Lakshadweep,
    Kerala,
    TamilNadu,
    Puducherry,
    AndamanAndNicobarIslands,
    Telangana,
    AndhraPradesh,
    Ladakh,
    /// Code 97: India's offshore areas beyond any state (GST's "Other Territory").
    OtherTerritory,
}

use State::*;

/// Every state: its GST code, its name as the GST portal writes it, and other ways people
/// write it (compared after [`normalise`]: lower case, `&` as `and`, letters and digits only).
/// The two-letter aliases are the vehicle registration codes, which Indian addresses use.
const STATES: [(State, u8, &str, &[&str]); 37] = [
    (
        JammuAndKashmir,
        1,
        "Jammu and Kashmir",
        &["jammukashmir", "jk", "jandk"],
    ),
    (HimachalPradesh, 2, "Himachal Pradesh", &["hp"]),
    (Punjab, 3, "Punjab", &["pb"]),
    (Chandigarh, 4, "Chandigarh", &["ch"]),
    (Uttarakhand, 5, "Uttarakhand", &["uttaranchal", "uk"]),
    (Haryana, 6, "Haryana", &["hr"]),
    (
        Delhi,
        7,
        "Delhi",
        &[
            "newdelhi",
            "nctofdelhi",
            "nctdelhi",
            "nationalcapitalterritoryofdelhi",
            "dl",
        ],
    ),
    (Rajasthan, 8, "Rajasthan", &["rj"]),
    (UttarPradesh, 9, "Uttar Pradesh", &["up"]),
    (Bihar, 10, "Bihar", &["br"]),
    (Sikkim, 11, "Sikkim", &["sk"]),
    (ArunachalPradesh, 12, "Arunachal Pradesh", &["ar"]),
    (Nagaland, 13, "Nagaland", &["nl"]),
    (Manipur, 14, "Manipur", &["mn"]),
    (Mizoram, 15, "Mizoram", &["mz"]),
    (Tripura, 16, "Tripura", &["tr"]),
    (Meghalaya, 17, "Meghalaya", &["ml"]),
    (Assam, 18, "Assam", &["as"]),
    (WestBengal, 19, "West Bengal", &["wb", "bengal"]),
    (Jharkhand, 20, "Jharkhand", &["jh"]),
    (Odisha, 21, "Odisha", &["orissa", "od", "or"]),
    (
        Chhattisgarh,
        22,
        "Chhattisgarh",
        &["chattisgarh", "chhatisgarh", "chattisgargh", "cg"],
    ),
    (MadhyaPradesh, 23, "Madhya Pradesh", &["mp"]),
    (Gujarat, 24, "Gujarat", &["gujrat", "gj"]),
    (
        DadraAndNagarHaveliAndDamanAndDiu,
        26,
        "Dadra and Nagar Haveli and Daman and Diu",
        &[
            "dadranagarhavelidamandiu",
            "dadraandnagarhaveli",
            "dadranagarhaveli",
            "damananddiu",
            "damandiu",
            "dnhdd",
            "dnh",
            "dd",
        ],
    ),
    (Maharashtra, 27, "Maharashtra", &["maharastra", "mh"]),
    (Karnataka, 29, "Karnataka", &["ka"]),
    (Goa, 30, "Goa", &["ga"]),
    (
        Lakshadweep,
        31,
        "Lakshadweep",
        &["lakshadweepislands", "ld"],
    ),
    (Kerala, 32, "Kerala", &["kl"]),
    (TamilNadu, 33, "Tamil Nadu", &["tn"]),
    (
        Puducherry,
        34,
        "Puducherry",
        &["pondicherry", "pondy", "py"],
    ),
    (
        AndamanAndNicobarIslands,
        35,
        "Andaman and Nicobar Islands",
        &[
            "andamanandnicobar",
            "andamannicobar",
            "andamannicobarislands",
            "an",
        ],
    ),
    (Telangana, 36, "Telangana", &["telengana", "ts", "tg"]),
    (AndhraPradesh, 37, "Andhra Pradesh", &["ap"]),
    (Ladakh, 38, "Ladakh", &["la"]),
    (OtherTerritory, 97, "Other Territory", &[]),
];

impl State {
    /// Every state and union territory, in GST code order.
    pub const ALL: [State; 37] = {
        let mut all = [OtherTerritory; 37];
        let mut i = 0;
        while i < STATES.len() {
            all[i] = STATES[i].0;
            i += 1;
        }
        all
    };

    fn entry(self) -> &'static (State, u8, &'static str, &'static [&'static str]) {
        // The table is in the enum's order, so the variant's index is its row.
        &STATES[self as usize]
    }

    /// The GST state code, e.g. 9 for Uttar Pradesh (written `09`: see [`State::code_text`]).
    pub fn code(self) -> u8 {
        self.entry().1
    }

    /// The code as GSTINs and invoices write it: two digits, `09`.
    pub fn code_text(self) -> String {
        format!("{:02}", self.code())
    }

    /// The name as the GST portal writes it: `Uttar Pradesh`, `Odisha`, `Puducherry`.
    pub fn name(self) -> &'static str {
        self.entry().2
    }

    /// The state with this GST code. 25, the code of Daman and Diu before it merged with
    /// Dadra and Nagar Haveli in 2020, is read as the merged territory.
    pub fn from_code(code: u8) -> Option<Self> {
        if code == 25 {
            return Some(DadraAndNagarHaveliAndDamanAndDiu);
        }
        STATES.iter().find(|s| s.1 == code).map(|s| s.0)
    }

    /// A state from how a person writes it: any case and spacing, `&` for `and`, the old names
    /// (`Orissa`, `Pondicherry`, `Uttaranchal`), the vehicle codes (`UP`, `KA`), or the GST code
    /// (`09`, `9`). Leniency costs nothing here: every spelling maps to one state.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let key = normalise(text);
        let unknown = || {
            InvalidInput::new(format!(
                "\"{}\" is not a state or union territory of India",
                text.trim()
            ))
        };
        if key.is_empty() {
            return Err(InvalidInput::new("Choose a state or union territory"));
        }
        if key.bytes().all(|b| b.is_ascii_digit()) {
            return key
                .parse::<u8>()
                .ok()
                .and_then(Self::from_code)
                .ok_or_else(unknown);
        }
        STATES
            .iter()
            .find(|(_, _, name, aliases)| normalise(name) == key || aliases.contains(&&*key))
            .map(|s| s.0)
            .ok_or_else(unknown)
    }

    /// What an invoice calls the state's half of an intra-state tax: `SGST` in the states and
    /// in the union territories with a legislature (Delhi, Puducherry, Jammu and Kashmir),
    /// `UTGST` in the other union territories (the UTGST Act, 2017).
    pub fn state_tax_name(self) -> &'static str {
        match self {
            Chandigarh
            | DadraAndNagarHaveliAndDamanAndDiu
            | Lakshadweep
            | AndamanAndNicobarIslands
            | Ladakh
            | OtherTerritory => "UTGST",
            _ => "SGST",
        }
    }

    /// The state a pincode is most likely in, from its leading digits (see
    /// [`PINCODE_PREFIXES`]); `None` for Army Post Office pincodes (9xxxxx) and prefixes India
    /// Post does not use.
    ///
    /// A best guess to pre-fill the checkout's state select: India Post's postal circles do
    /// not follow state borders everywhere, so the shopper can always correct it, and what
    /// they choose is the place of supply.
    pub fn for_pincode(pincode: &Pincode) -> Option<Self> {
        let digits = pincode.as_str();
        PINCODE_PREFIXES
            .iter()
            .filter(|(prefix, _)| digits.starts_with(prefix))
            .max_by_key(|(prefix, _)| prefix.len())
            .map(|(_, state)| *state)
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Lower case, `&` as `and`, letters and digits only, a leading `the` dropped:
/// ` Jammu & Kashmir ` and `jammu-and-kashmir` both become `jammuandkashmir`.
fn normalise(text: &str) -> String {
    let key: String = text
        .to_lowercase()
        .replace('&', "and")
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    match key.strip_prefix("the") {
        Some(rest) if text.trim().to_lowercase().starts_with("the ") => rest.to_owned(),
        _ => key,
    }
}

/// Pincode prefixes to states: the longest prefix that a pincode starts with wins.
///
/// The first digit is India Post's region, the first two its postal circle, which mostly is a
/// state; the longer prefixes are the places where a circle spans several states or union
/// territories. Drawn from India Post's circle list and the head post offices of the border
/// districts; a best guess, not a gazette: a few villages near a border get the neighbour,
/// and the shopper corrects the checkout's state select when that happens.
///
/// - 11 Delhi; 12-13 Haryana; 14-15 Punjab; 16 Chandigarh, except Mohali (16005-16007,
///   Punjab); 17 Himachal Pradesh; 18-19 Jammu and Kashmir, 194 Ladakh.
/// - 20-28 Uttar Pradesh, with Uttarakhand at 246 (Garhwal; but 2467 is Bijnor, UP), 2476
///   (Haridwar district: Roorkee, Laksar), 248 (Dehradun), 249 (Haridwar, Rishikesh, Tehri),
///   24471 (Jaspur, Kashipur, Ramnagar), 2623-2625 (Khatima, Sitarganj, Pithoragarh) and 263
///   (Kumaon: Nainital, Haldwani, Almora, Rudrapur).
/// - 30-34 Rajasthan; 36-39 Gujarat, with Dadra and Nagar Haveli and Daman and Diu at
///   362520 (Diu), 396193 (Dadra) and 39621-39624 (Daman, Silvassa).
/// - 40-44 Maharashtra, 403 Goa; 45-48 Madhya Pradesh; 49 Chhattisgarh.
/// - 50 Telangana; 51-53 Andhra Pradesh, 533464 Yanam (Puducherry).
/// - 56-59 Karnataka; 60-64 Tamil Nadu, with Puducherry at 6050-6051 (but 605101, Auroville,
///   is Tamil Nadu), 607402 (Bahour) and 60960 (Karaikal).
/// - 67-69 Kerala, 68255 Lakshadweep, 673310 Mahe (Puducherry).
/// - 70-74 West Bengal, 737 Sikkim, 744 Andaman and Nicobar Islands; 75-77 Odisha; 78 Assam;
///   790-792 Arunachal Pradesh, 793-794 Meghalaya, 795 Manipur, 796 Mizoram, 797-798
///   Nagaland, 799 Tripura.
/// - 80-85 Bihar, with Jharkhand at 814-816 (Santhal Pargana, Giridih), 822 (Palamu), 825-829
///   (Hazaribagh, Dhanbad, Bokaro, Ramgarh) and 83 (Jamshedpur, Ranchi).
/// - 90-99 are the Army Post Office's, for units wherever they serve: no state.
pub const PINCODE_PREFIXES: &[(&str, State)] = &[
    ("11", Delhi),
    ("12", Haryana),
    ("13", Haryana),
    ("14", Punjab),
    ("15", Punjab),
    ("16", Chandigarh),
    ("16005", Punjab),
    ("16006", Punjab),
    ("16007", Punjab),
    ("17", HimachalPradesh),
    ("18", JammuAndKashmir),
    ("19", JammuAndKashmir),
    ("194", Ladakh),
    ("20", UttarPradesh),
    ("21", UttarPradesh),
    ("22", UttarPradesh),
    ("23", UttarPradesh),
    ("24", UttarPradesh),
    ("24471", Uttarakhand),
    ("246", Uttarakhand),
    ("2467", UttarPradesh),
    ("2476", Uttarakhand),
    ("248", Uttarakhand),
    ("249", Uttarakhand),
    ("25", UttarPradesh),
    ("26", UttarPradesh),
    ("2623", Uttarakhand),
    ("2624", Uttarakhand),
    ("2625", Uttarakhand),
    ("263", Uttarakhand),
    ("27", UttarPradesh),
    ("28", UttarPradesh),
    ("30", Rajasthan),
    ("31", Rajasthan),
    ("32", Rajasthan),
    ("33", Rajasthan),
    ("34", Rajasthan),
    ("36", Gujarat),
    ("362520", DadraAndNagarHaveliAndDamanAndDiu),
    ("37", Gujarat),
    ("38", Gujarat),
    ("39", Gujarat),
    ("396193", DadraAndNagarHaveliAndDamanAndDiu),
    ("39621", DadraAndNagarHaveliAndDamanAndDiu),
    ("39622", DadraAndNagarHaveliAndDamanAndDiu),
    ("39623", DadraAndNagarHaveliAndDamanAndDiu),
    ("39624", DadraAndNagarHaveliAndDamanAndDiu),
    ("40", Maharashtra),
    ("403", Goa),
    ("41", Maharashtra),
    ("42", Maharashtra),
    ("43", Maharashtra),
    ("44", Maharashtra),
    ("45", MadhyaPradesh),
    ("46", MadhyaPradesh),
    ("47", MadhyaPradesh),
    ("48", MadhyaPradesh),
    ("49", Chhattisgarh),
    ("50", Telangana),
    ("51", AndhraPradesh),
    ("52", AndhraPradesh),
    ("53", AndhraPradesh),
    ("533464", Puducherry),
    ("56", Karnataka),
    ("57", Karnataka),
    ("58", Karnataka),
    ("59", Karnataka),
    ("60", TamilNadu),
    ("6050", Puducherry),
    ("6051", Puducherry),
    ("605101", TamilNadu),
    ("607402", Puducherry),
    ("60960", Puducherry),
    ("61", TamilNadu),
    ("62", TamilNadu),
    ("63", TamilNadu),
    ("64", TamilNadu),
    ("67", Kerala),
    ("673310", Puducherry),
    ("68", Kerala),
    ("68255", Lakshadweep),
    ("69", Kerala),
    ("70", WestBengal),
    ("71", WestBengal),
    ("72", WestBengal),
    ("73", WestBengal),
    ("737", Sikkim),
    ("74", WestBengal),
    ("744", AndamanAndNicobarIslands),
    ("75", Odisha),
    ("76", Odisha),
    ("77", Odisha),
    ("78", Assam),
    ("790", ArunachalPradesh),
    ("791", ArunachalPradesh),
    ("792", ArunachalPradesh),
    ("793", Meghalaya),
    ("794", Meghalaya),
    ("795", Manipur),
    ("796", Mizoram),
    ("797", Nagaland),
    ("798", Nagaland),
    ("799", Tripura),
    ("80", Bihar),
    ("81", Bihar),
    ("814", Jharkhand),
    ("815", Jharkhand),
    ("816", Jharkhand),
    ("82", Bihar),
    ("822", Jharkhand),
    ("825", Jharkhand),
    ("826", Jharkhand),
    ("827", Jharkhand),
    ("828", Jharkhand),
    ("829", Jharkhand),
    ("83", Jharkhand),
    ("84", Bihar),
    ("85", Bihar),
];

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn state_of(pincode: &str) -> Option<State> {
        State::for_pincode(&Pincode::parse(pincode).unwrap())
    }

    #[test]
    fn the_table_is_in_the_enums_order_with_unique_codes_and_names() {
        for (i, (state, code, name, _)) in STATES.iter().enumerate() {
            assert_eq!(*state as usize, i, "{name} is out of order");
            assert_eq!(State::ALL[i], *state);
            assert_eq!(State::from_code(*code), Some(*state));
            assert_eq!(State::parse(name), Ok(*state));
            assert_eq!(state.to_string(), *name);
        }
        let mut keys: Vec<String> = STATES
            .iter()
            .flat_map(|(_, _, name, aliases)| {
                std::iter::once(normalise(name)).chain(aliases.iter().map(|a| a.to_string()))
            })
            .collect();
        let count = keys.len();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), count, "an alias names two states");
    }

    #[test]
    fn gst_codes_are_the_official_ones() {
        for (code, name) in [
            ("01", "Jammu and Kashmir"),
            ("07", "Delhi"),
            ("09", "Uttar Pradesh"),
            ("19", "West Bengal"),
            ("22", "Chhattisgarh"),
            ("26", "Dadra and Nagar Haveli and Daman and Diu"),
            ("27", "Maharashtra"),
            ("29", "Karnataka"),
            ("33", "Tamil Nadu"),
            ("36", "Telangana"),
            ("37", "Andhra Pradesh"),
            ("38", "Ladakh"),
            ("97", "Other Territory"),
        ] {
            assert_eq!(State::parse(name).unwrap().code_text(), code, "{name}");
        }
        assert_eq!(
            State::from_code(25),
            Some(DadraAndNagarHaveliAndDamanAndDiu)
        );
        for unused in [0, 28, 39, 96, 98, 99] {
            assert_eq!(State::from_code(unused), None, "{unused}");
        }
    }

    #[test]
    fn names_are_read_leniently() {
        for (text, state) in [
            ("uttar pradesh", UttarPradesh),
            ("  UTTAR   PRADESH ", UttarPradesh),
            ("Uttar-Pradesh", UttarPradesh),
            ("UP", UttarPradesh),
            ("09", UttarPradesh),
            ("9", UttarPradesh),
            ("Orissa", Odisha),
            ("odisha", Odisha),
            ("Pondicherry", Puducherry),
            ("Uttaranchal", Uttarakhand),
            ("Jammu & Kashmir", JammuAndKashmir),
            ("New Delhi", Delhi),
            ("NCT of Delhi", Delhi),
            ("Chattisgarh", Chhattisgarh),
            ("Daman & Diu", DadraAndNagarHaveliAndDamanAndDiu),
            ("Andaman & Nicobar", AndamanAndNicobarIslands),
            ("The Andaman and Nicobar Islands", AndamanAndNicobarIslands),
            ("telangana", Telangana),
        ] {
            assert_eq!(State::parse(text), Ok(state), "{text:?}");
        }
        assert_eq!(
            State::parse(" Atlantis ").unwrap_err().to_string(),
            "\"Atlantis\" is not a state or union territory of India"
        );
        assert_eq!(
            State::parse("  ").unwrap_err().to_string(),
            "Choose a state or union territory"
        );
        for bad in ["99", "28", "0", "Theni", "Bombay", "India"] {
            assert!(State::parse(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn union_territories_without_a_legislature_charge_utgst() {
        assert_eq!(Chandigarh.state_tax_name(), "UTGST");
        assert_eq!(Ladakh.state_tax_name(), "UTGST");
        assert_eq!(Delhi.state_tax_name(), "SGST");
        assert_eq!(Puducherry.state_tax_name(), "SGST");
        assert_eq!(UttarPradesh.state_tax_name(), "SGST");
    }

    #[test]
    fn the_shops_demo_pincodes_have_their_states() {
        assert_eq!(state_of("281001"), Some(UttarPradesh), "Mathura");
        assert_eq!(state_of("281204"), Some(UttarPradesh), "Mathura district");
        assert_eq!(state_of("492010"), Some(Chhattisgarh), "Raipur");
        assert_eq!(state_of("492001"), Some(Chhattisgarh), "Raipur");
    }

    #[test]
    fn well_known_pincodes_have_their_states() {
        for (pincode, state) in [
            ("110001", Delhi),
            ("400001", Maharashtra),
            ("560001", Karnataka),
            ("600001", TamilNadu),
            ("700001", WestBengal),
            ("500001", Telangana),
            ("380001", Gujarat),
            ("302001", Rajasthan),
            ("682001", Kerala),
            ("751001", Odisha),
            ("781001", Assam),
            ("403001", Goa),
            ("160017", Chandigarh),
            ("226001", UttarPradesh),
            ("208001", UttarPradesh),
            ("248001", Uttarakhand),
            ("249401", Uttarakhand),
            ("263001", Uttarakhand),
            ("244713", Uttarakhand),
            ("244001", UttarPradesh),
            ("246701", UttarPradesh),
            ("247001", UttarPradesh),
            ("247667", Uttarakhand),
            ("262001", UttarPradesh),
            ("262501", Uttarakhand),
            ("122001", Haryana),
            ("141001", Punjab),
            ("160055", Punjab),
            ("171001", HimachalPradesh),
            ("180001", JammuAndKashmir),
            ("190001", JammuAndKashmir),
            ("194101", Ladakh),
            ("396230", DadraAndNagarHaveliAndDamanAndDiu),
            ("396191", Gujarat),
            ("362520", DadraAndNagarHaveliAndDamanAndDiu),
            ("411001", Maharashtra),
            ("452001", MadhyaPradesh),
            ("462001", MadhyaPradesh),
            ("530001", AndhraPradesh),
            ("520001", AndhraPradesh),
            ("605001", Puducherry),
            ("609602", Puducherry),
            ("641001", TamilNadu),
            ("695001", Kerala),
            ("682555", Lakshadweep),
            ("737101", Sikkim),
            ("744101", AndamanAndNicobarIslands),
            ("791111", ArunachalPradesh),
            ("793001", Meghalaya),
            ("795001", Manipur),
            ("796001", Mizoram),
            ("797001", Nagaland),
            ("799001", Tripura),
            ("800001", Bihar),
            ("834001", Jharkhand),
            ("831001", Jharkhand),
            ("826001", Jharkhand),
            ("823001", Bihar),
        ] {
            assert_eq!(state_of(pincode), Some(state), "{pincode}");
        }
    }

    #[test]
    fn army_post_offices_and_unused_prefixes_have_no_state() {
        for pincode in ["900001", "999999", "560001"] {
            let expected = (pincode == "560001").then_some(Karnataka);
            assert_eq!(state_of(pincode), expected, "{pincode}");
        }
        for pincode in ["000001", "100001", "350001", "540001", "650001", "860001"] {
            assert_eq!(state_of(pincode), None, "{pincode}");
        }
    }

    #[test]
    fn every_prefix_is_digits_and_appears_once() {
        let mut prefixes: Vec<&str> = PINCODE_PREFIXES.iter().map(|(p, _)| *p).collect();
        assert!(
            prefixes
                .iter()
                .all(|p| (2..=6).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
        );
        let count = prefixes.len();
        prefixes.sort();
        prefixes.dedup();
        assert_eq!(prefixes.len(), count);
    }

    proptest! {
        #[test]
        fn every_pincode_of_regions_1_to_8_has_a_state_when_its_circle_is_used(
            pincode in 110_000u32..900_000
        ) {
            let text = pincode.to_string();
            let circle = &text[..2];
            let used = PINCODE_PREFIXES.iter().any(|(p, _)| p.starts_with(circle));
            prop_assert_eq!(state_of(&text).is_some(), used);
        }
    }
}
