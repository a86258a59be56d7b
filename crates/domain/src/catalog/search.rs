//! The rules of the catalog's search (decisions D27): how text is folded, what a word is, how
//! many typos a word may carry, which words mean the same, and what a "corrected" query is.
//! The search adapter applies them; it decides none of them.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;
use unicode_segmentation::UnicodeSegmentation;

use super::{Colour, ColourKey, Product};
use crate::InvalidInput;

/// `text` as search compares it: lower-cased, with the accents of Latin letters taken off
/// (`Café` is `cafe`). Only the combining diacritical marks (U+0300..U+036F) go, so Devanagari's
/// vowel signs and viramas stay and Hindi is compared as written.
pub fn fold(text: &str) -> String {
    text.nfd()
        .filter(|c| !('\u{0300}'..='\u{036F}').contains(c))
        .flat_map(char::to_lowercase)
        .nfc()
        .collect()
}

/// The words of a folded text, as Unicode's word boundaries cut it (UAX #29): punctuation and
/// spaces separate words; a Devanagari word keeps its vowel signs.
pub fn words(folded: &str) -> impl Iterator<Item = &str> {
    folded.unicode_words()
}

/// How many typos (insertions, deletions, substitutions or swaps of two neighbours) a query
/// word may carry and still find a word: none under 5 letters, one from 5, two from 9.
pub fn typos_allowed(word: &str) -> u8 {
    match word.chars().count() {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// What one searches with: the query's words, folded, each once, in the order typed. Words are
/// what white space separates, as the listing's search always took them, so `slip-on` is still
/// looked for as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchQuery {
    words: Vec<String>,
}

impl SearchQuery {
    /// `None` when `text` has no word (blank).
    pub fn parse(text: &str) -> Option<Self> {
        let mut words: Vec<String> = Vec::new();
        for word in fold(text).split_whitespace() {
            if !words.iter().any(|w| w == word) {
                words.push(word.to_owned());
            }
        }
        (!words.is_empty()).then_some(Self { words })
    }

    pub fn words(&self) -> &[String] {
        &self.words
    }

    /// The query as a miss is counted under: its folded words, one space apart.
    pub fn normalized(&self) -> String {
        self.words.join(" ")
    }

    /// The longest query, in letters of its normalised form, that a miss is counted for
    /// (decisions section 19): past it, or past [`Self::MISS_MAX_WORDS`], it is a pasted text
    /// or a bot's, not a word a shopper had for a product, and counting it would let anyone
    /// fill the table.
    pub const MISS_MAX_CHARS: usize = 64;
    pub const MISS_MAX_WORDS: usize = 5;

    /// What a search that found nothing is counted under, or `None` when it is too long to
    /// count.
    pub fn miss(&self) -> Option<String> {
        let normalized = self.normalized();
        (self.words.len() <= Self::MISS_MAX_WORDS
            && normalized.chars().count() <= Self::MISS_MAX_CHARS)
            .then_some(normalized)
    }

    /// The query as corrected: each word that found products only through a typo replaced by
    /// the word it found (`corrections[i]` for `words()[i]`); `None` when no word was
    /// corrected, so `correctedQ` is null whenever the query matched as typed.
    pub fn corrected(&self, corrections: &[Option<String>]) -> Option<String> {
        if corrections.iter().all(Option::is_none) {
            return None;
        }
        let words: Vec<&str> = self
            .words
            .iter()
            .enumerate()
            .map(|(i, word)| {
                corrections
                    .get(i)
                    .and_then(Option::as_deref)
                    .unwrap_or(word.as_str())
            })
            .collect();
        Some(words.join(" "))
    }
}

/// The colour a listed product is shown in (decisions D47): the offered colour the listing's
/// `color=` names (ignoring case), else the one a search's words name, else none (the product's
/// own photo). `words` are a search's words as it matched them (corrected, when it was).
pub fn shown_colour<'a>(
    product: &'a Product,
    asked: Option<&ColourKey>,
    words: &[String],
) -> Option<&'a Colour> {
    match asked {
        Some(key) => product.offered_colour(key),
        None => colour_named_by(words, product.offered_colours()),
    }
}

/// The colour of `colours` that the most of a search's folded `words` are found in, as search
/// finds a word (inside one of the name's words; a word with punctuation inside the name as
/// typed); between as many, the one more words name whole (`black` names `Black` before
/// `Blackberry`), then the first. `None` when no word is found in any.
pub fn colour_named_by<'a>(
    words: &[String],
    colours: impl IntoIterator<Item = &'a Colour>,
) -> Option<&'a Colour> {
    let mut best: Option<(&Colour, (usize, usize))> = None;
    for colour in colours {
        let name = fold(&colour.name);
        let parts: Vec<&str> = self::words(&name).collect();
        let mut score = (0, 0);
        for word in words {
            let whole = name == *word || parts.contains(&word.as_str());
            let inside = if self::words(word).eq(std::iter::once(word.as_str())) {
                parts.iter().any(|part| part.contains(word.as_str()))
            } else {
                name.contains(word.as_str())
            };
            if inside || whole {
                score.0 += 1;
            }
            if whole {
                score.1 += 1;
            }
        }
        if score.0 > 0 && best.is_none_or(|(_, most)| score > most) {
            best = Some((colour, score));
        }
    }
    best.map(|(colour, _)| colour)
}

/// Words that find each other's products (`chappal` finds slippers), from `SEARCH_SYNONYMS`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Synonyms {
    groups: Vec<Vec<String>>,
    /// Each folded word, and the group it is in.
    group_of: HashMap<String, usize>,
}

impl Synonyms {
    /// The shop's synonyms when `SEARCH_SYNONYMS` is not set.
    pub const DEFAULT: &'static str = "chappal=slipper=slippers; jutti=juti=mojari; sneaker=sneakers=trainers; \
         sandal=sandals; heel=heels";

    /// Groups separated by `;` or `,`, the words of a group by `=`, each word folded; blank
    /// groups and words are skipped. A word in two groups, or a group of one word, is refused.
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        let mut groups: Vec<Vec<String>> = Vec::new();
        let mut group_of = HashMap::new();
        for group in text.split([';', ',']) {
            let words: Vec<String> = group
                .split('=')
                .map(|w| fold(w.trim()))
                .filter(|w| !w.is_empty())
                .collect();
            if words.is_empty() {
                continue;
            }
            if words.len() < 2 {
                return Err(InvalidInput::new(format!(
                    "`{}` has no synonym (write words as a=b=c)",
                    group.trim()
                )));
            }
            if words.iter().any(|w| w.contains(char::is_whitespace)) {
                return Err(InvalidInput::new(format!(
                    "`{}` has a word with a space",
                    group.trim()
                )));
            }
            for word in &words {
                if group_of.insert(word.clone(), groups.len()).is_some() {
                    return Err(InvalidInput::new(format!("`{word}` is in two groups")));
                }
            }
            groups.push(words);
        }
        Ok(Self { groups, group_of })
    }

    /// The other words of `word`'s group (folded `word`), empty when it has none.
    pub fn of<'a>(&'a self, word: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.group_of
            .get(word)
            .map(|&i| self.groups[i].as_slice())
            .unwrap_or_default()
            .iter()
            .map(String::as_str)
            .filter(move |w| *w != word)
    }
}

impl Default for Synonyms {
    fn default() -> Self {
        Self::parse(Self::DEFAULT).expect("the default synonyms parse")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_case_and_latin_accents_but_keeps_hindi() {
        assert_eq!(fold("Café CRÈME Jüttï"), "cafe creme jutti");
        assert_eq!(
            fold("ＳＨＯＥ"),
            "ｓｈｏｅ",
            "full-width letters are only lower-cased"
        );
        // Vowel signs and the virama are not accents: Hindi stays as written.
        assert_eq!(fold("जूती"), "जूती");
        assert_eq!(fold("चप्पल"), "चप्पल");
        // Composed and decomposed forms fold alike.
        assert_eq!(fold("e\u{301}"), fold("\u{e9}"));
    }

    #[test]
    fn words_are_cut_at_spaces_and_punctuation_hindi_included() {
        let folded = fold("Slip-on, Kolhapuri लाल की जूती!");
        assert_eq!(
            words(&folded).collect::<Vec<_>>(),
            ["slip", "on", "kolhapuri", "लाल", "की", "जूती"]
        );
    }

    #[test]
    fn longer_words_may_carry_more_typos() {
        assert_eq!(typos_allowed("boot"), 0);
        assert_eq!(typos_allowed("snekr"), 1);
        assert_eq!(typos_allowed("kolapuri"), 1);
        assert_eq!(typos_allowed("kolhapuri"), 2);
        // Letters, not bytes.
        assert_eq!(typos_allowed("जूती"), 0);
        assert_eq!(typos_allowed("चप्पलें"), 1);
    }

    #[test]
    fn a_query_is_its_folded_words_each_once() {
        let query = SearchQuery::parse("  Sneakr  BLACK sneakr ").unwrap();
        assert_eq!(query.words(), ["sneakr", "black"]);
        assert_eq!(query.normalized(), "sneakr black");
        assert_eq!(SearchQuery::parse(" \t "), None);
        assert_eq!(
            SearchQuery::parse("slip-on").unwrap().words(),
            ["slip-on"],
            "white space alone separates a query's words"
        );
    }

    #[test]
    fn a_miss_is_counted_for_at_most_64_letters_and_5_words() {
        let five = SearchQuery::parse("red suede loafer size eleven").unwrap();
        assert_eq!(five.miss().as_deref(), Some("red suede loafer size eleven"));
        assert_eq!(
            SearchQuery::parse("red suede loafer size eleven wide")
                .unwrap()
                .miss(),
            None
        );
        // Letters, not bytes: 64 Devanagari letters count, 65 do not.
        let at_limit = "ज".repeat(64);
        assert_eq!(
            SearchQuery::parse(&at_limit).unwrap().miss(),
            Some(at_limit)
        );
        assert_eq!(SearchQuery::parse(&"ज".repeat(65)).unwrap().miss(), None);
        // The space between words counts, as the row keeps it.
        let two = format!("{} {}", "a".repeat(32), "b".repeat(32));
        assert_eq!(SearchQuery::parse(&two).unwrap().miss(), None);
    }

    #[test]
    fn a_query_is_corrected_only_where_a_word_matched_through_a_typo() {
        let query = SearchQuery::parse("black sneakr").unwrap();
        assert_eq!(query.corrected(&[None, None]), None);
        assert_eq!(
            query.corrected(&[None, Some("sneakers".into())]),
            Some("black sneakers".into())
        );
    }

    fn colours(names: &[&str]) -> Vec<Colour> {
        names
            .iter()
            .map(|name| Colour {
                name: (*name).into(),
                hex: None,
                photos: vec![],
            })
            .collect()
    }

    fn named_by(query: &str, names: &[&str]) -> Option<String> {
        let query = SearchQuery::parse(query).unwrap();
        colour_named_by(query.words(), &colours(names)).map(|c| c.name.clone())
    }

    #[test]
    fn a_search_word_names_the_colour_it_is_found_in() {
        assert_eq!(
            named_by("black boot", &["Tan", "Black"]).as_deref(),
            Some("Black")
        );
        // Folded as search folds: case and accents.
        assert_eq!(
            named_by("CREME loafer", &["Tan", "Crème"]).as_deref(),
            Some("Crème")
        );
        // Inside a word, as search finds one.
        assert_eq!(named_by("blk", &["Black"]), None);
        assert_eq!(named_by("bla", &["Black"]).as_deref(), Some("Black"));
        assert_eq!(named_by("boot", &["Tan", "Black"]), None);
        assert_eq!(named_by("boot", &[]), None);
    }

    #[test]
    fn the_colour_most_words_name_wins_then_a_whole_word_then_the_first() {
        assert_eq!(
            named_by("dark brown boot", &["Light Brown", "Dark Brown"]).as_deref(),
            Some("Dark Brown")
        );
        assert_eq!(
            named_by("brown boot", &["Light Brown", "Dark Brown"]).as_deref(),
            Some("Light Brown")
        );
        assert_eq!(
            named_by("black", &["Blackberry", "Black"]).as_deref(),
            Some("Black")
        );
        // A word with punctuation is looked for in the name as typed.
        assert_eq!(
            named_by("off-white", &["White", "Off-White"]).as_deref(),
            Some("Off-White")
        );
    }

    #[test]
    fn synonyms_parse_groups_and_find_each_other() {
        let synonyms = Synonyms::default();
        assert_eq!(
            synonyms.of("chappal").collect::<Vec<_>>(),
            ["slipper", "slippers"]
        );
        assert_eq!(synonyms.of("mojari").collect::<Vec<_>>(), ["jutti", "juti"]);
        assert_eq!(synonyms.of("boot").count(), 0);

        let custom = Synonyms::parse("Jootí = jutti, boot=boots;; ").unwrap();
        assert_eq!(custom.of("jooti").collect::<Vec<_>>(), ["jutti"]);
        assert_eq!(custom.of("boots").collect::<Vec<_>>(), ["boot"]);
        assert_eq!(Synonyms::parse("").unwrap().of("boot").count(), 0);

        assert!(Synonyms::parse("boot").is_err(), "a group of one word");
        assert!(Synonyms::parse("boot=boots;boots=shoe").is_err());
        assert!(Synonyms::parse("flip flop=chappal").is_err());
    }
}
