use super::read::search_patterns;

#[test]
fn search_words_are_lower_cased_and_their_wildcards_escaped() {
    assert_eq!(
        search_patterns(Some("  Trail 50%_off a\\b trail ")),
        vec!["%50\\%\\_off%", "%a\\\\b%", "%trail%"]
    );
    assert!(search_patterns(Some("   ")).is_empty());
    assert!(search_patterns(None).is_empty());
}
