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
