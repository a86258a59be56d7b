//! Amounts in words, as Indian invoices write them (decisions D16): Indian numbering
//! (thousand, lakh, crore), which an Indian accountant reads at a glance, not millions.

use crate::Paise;

const ONES: [&str; 20] = [
    "Zero",
    "One",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Eleven",
    "Twelve",
    "Thirteen",
    "Fourteen",
    "Fifteen",
    "Sixteen",
    "Seventeen",
    "Eighteen",
    "Nineteen",
];

const TENS: [&str; 10] = [
    "", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety",
];

/// An amount in words: ₹1,23,456.78 is `Rupees One Lakh Twenty-Three Thousand Four Hundred
/// Fifty-Six and Seventy-Eight Paise Only`; ₹0 is `Rupees Zero Only`; whole rupees have no
/// paise part. Tens and ones are hyphenated and no `and` is put after `Hundred`, the
/// commonest style on Indian invoices and cheques.
pub fn amount_in_words(amount: Paise) -> String {
    let paise = amount.paise();
    let rupees = number_in_words(paise / 100);
    match paise % 100 {
        0 => format!("Rupees {rupees} Only"),
        p => format!("Rupees {rupees} and {} Paise Only", number_in_words(p)),
    }
}

/// A whole number in words with Indian numbering: `Twelve Crore Thirty-Four Lakh Fifty-Six
/// Thousand Seven Hundred Eighty-Nine`. Beyond 99 crore the crores are themselves written the
/// same way (`One Hundred Crore`). Negative numbers are read as their size.
pub fn number_in_words(number: i64) -> String {
    let n = number.unsigned_abs();
    if n == 0 {
        return ONES[0].to_owned();
    }
    let mut parts = Vec::new();
    let crore = n / 10_000_000;
    if crore > 0 {
        parts.push(format!("{} Crore", number_in_words(crore as i64)));
    }
    let rest = n % 10_000_000;
    for (unit, size, below) in [
        ("Lakh", 100_000, 10_000_000),
        ("Thousand", 1_000, 100_000),
        ("Hundred", 100, 1_000),
    ] {
        let count = rest % below / size;
        if count > 0 {
            parts.push(format!("{} {unit}", below_hundred(count)));
        }
    }
    if !rest.is_multiple_of(100) {
        parts.push(below_hundred(rest % 100));
    }
    parts.join(" ")
}

/// 1 to 99: `Seven`, `Nineteen`, `Forty`, `Fifty-Six`.
fn below_hundred(n: u64) -> String {
    let n = n as usize;
    match (n / 10, n % 10) {
        (0 | 1, _) => ONES[n].to_owned(),
        (tens, 0) => TENS[tens].to_owned(),
        (tens, ones) => format!("{}-{}", TENS[tens], ONES[ones]),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn words(rupees: i64, paise: i64) -> String {
        amount_in_words(Paise::from_stored(rupees * 100 + paise))
    }

    #[test]
    fn the_example_from_the_invoice() {
        assert_eq!(
            words(123_456, 78),
            "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight \
             Paise Only"
        );
    }

    #[test]
    fn whole_rupees_in_indian_numbering() {
        for (rupees, text) in [
            (0, "Zero"),
            (1, "One"),
            (10, "Ten"),
            (11, "Eleven"),
            (19, "Nineteen"),
            (20, "Twenty"),
            (21, "Twenty-One"),
            (99, "Ninety-Nine"),
            (100, "One Hundred"),
            (101, "One Hundred One"),
            (110, "One Hundred Ten"),
            (999, "Nine Hundred Ninety-Nine"),
            (1_000, "One Thousand"),
            (1_001, "One Thousand One"),
            (2_500, "Two Thousand Five Hundred"),
            (10_000, "Ten Thousand"),
            (99_999, "Ninety-Nine Thousand Nine Hundred Ninety-Nine"),
            (100_000, "One Lakh"),
            (100_100, "One Lakh One Hundred"),
            (1_500_000, "Fifteen Lakh"),
            (
                9_999_999,
                "Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine",
            ),
            (10_000_000, "One Crore"),
            (10_000_001, "One Crore One"),
            (
                123_456_789,
                "Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine",
            ),
            (1_000_000_000, "One Hundred Crore"),
            (
                123_456_789_012,
                "Twelve Thousand Three Hundred Forty-Five Crore Sixty-Seven Lakh Eighty-Nine \
                 Thousand Twelve",
            ),
        ] {
            assert_eq!(number_in_words(rupees), text, "{rupees}");
        }
    }

    #[test]
    fn rupees_and_paise() {
        for (rupees, paise, text) in [
            (0, 0, "Rupees Zero Only"),
            (1, 0, "Rupees One Only"),
            (10, 0, "Rupees Ten Only"),
            (99, 0, "Rupees Ninety-Nine Only"),
            (100, 0, "Rupees One Hundred Only"),
            (101, 0, "Rupees One Hundred One Only"),
            (1_000, 0, "Rupees One Thousand Only"),
            (100_000, 0, "Rupees One Lakh Only"),
            (1_500_000, 0, "Rupees Fifteen Lakh Only"),
            (10_000_000, 0, "Rupees One Crore Only"),
            (0, 50, "Rupees Zero and Fifty Paise Only"),
            (0, 1, "Rupees Zero and One Paise Only"),
            (1, 5, "Rupees One and Five Paise Only"),
            (
                3958,
                0,
                "Rupees Three Thousand Nine Hundred Fifty-Eight Only",
            ),
            (
                1299,
                99,
                "Rupees One Thousand Two Hundred Ninety-Nine and Ninety-Nine Paise Only",
            ),
            (
                2_500,
                10,
                "Rupees Two Thousand Five Hundred and Ten Paise Only",
            ),
        ] {
            assert_eq!(words(rupees, paise), text, "{rupees}.{paise}");
        }
    }

    proptest! {
        #[test]
        fn words_are_capitalised_single_spaced_and_never_say_zero_inside(paise in 1i64..=Paise::MAX.paise()) {
            let text = amount_in_words(Paise::from_stored(paise));
            prop_assert!(text.starts_with("Rupees ") && text.ends_with(" Only"));
            prop_assert!(!text.contains("  "));
            prop_assert_eq!(text.contains(" and "), paise % 100 != 0);
            if paise >= 100 {
                prop_assert!(!text.contains("Zero"), "{}", text);
            }
            for word in text.split([' ', '-']) {
                prop_assert!(word.starts_with(|c: char| c.is_ascii_uppercase()) || word == "and", "{}", text);
            }
        }
    }
}
