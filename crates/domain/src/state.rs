//! India's states and union territories as GST knows them (decisions D16): the place of
//! supply on a tax invoice, whose state code decides CGST + SGST against IGST.

use std::fmt;

use crate::InvalidInput;
use crate::contact::Pincode;

mod pincode;
#[cfg(test)]
mod tests;

pub use pincode::PINCODE_PREFIXES;

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
