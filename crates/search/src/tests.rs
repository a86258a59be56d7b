use std::sync::Mutex;

use super::*;

/// The catalog's text, as a test sets it.
#[derive(Default)]
struct Catalog(Mutex<Vec<SearchDocument>>);

#[async_trait]
impl SearchDocuments for Catalog {
    async fn search_documents(&self) -> Result<Vec<SearchDocument>, RepoError> {
        Ok(self.0.lock().unwrap().clone())
    }
}

fn document(id: &str, name: &str, body: &str) -> SearchDocument {
    SearchDocument {
        id: ProductId::new(id),
        name: name.into(),
        body: body.into(),
    }
}

fn shop() -> (Arc<Catalog>, TantivySearch) {
    let catalog = Arc::new(Catalog::default());
    *catalog.0.lock().unwrap() = vec![
        document(
            "sneakers",
            "Running Sneakers",
            "Light mesh\nMesh\nsport,gym\nSneakers\nBreathable upper",
        ),
        document(
            "kolhapuri",
            "Kolhapuri Classic",
            "Handmade leather kolhapuri\nLeather\nkolhapuri,ethnic\nSandals\nMade in Kolhapur",
        ),
        document(
            "slippers",
            "Bathroom Slippers",
            "Soft sole\nRubber\nhome\nSlippers\nAnti-skid, 100% rubber",
        ),
        document(
            "jutti",
            "Punjabi Jutti",
            "Embroidered\nVelvet\nwedding\nEthnic\nहाथ से बनी जूती",
        ),
        document(
            "cafe",
            "Café Loafer",
            "Suede\nSuède\nformal\nLoafers\nSlip-on",
        ),
        document(
            "boot",
            "Chelsea Boot",
            "Waterproof\nLeather\nwinter\nBoots\n",
        ),
    ];
    let search = TantivySearch::new(catalog.clone(), Synonyms::default());
    (catalog, search)
}

async fn hits(search: &TantivySearch, text: &str, revision: u64) -> SearchHits {
    search
        .search(&SearchQuery::parse(text).unwrap(), revision)
        .await
        .unwrap()
}

async fn found_at(search: &TantivySearch, text: &str, revision: u64) -> Vec<String> {
    let hits = hits(search, text, revision).await;
    let mut ids: Vec<String> = hits.ids.iter().map(ToString::to_string).collect();
    ids.sort();
    ids
}

async fn found(search: &TantivySearch, text: &str) -> Vec<String> {
    found_at(search, text, 0).await
}

#[tokio::test]
async fn queries_find_what_they_must_and_nothing_else() {
    let (_, search) = shop();
    // (query, the products it finds, sorted)
    let table: &[(&str, &[&str])] = &[
        // Substrings, as the listing always matched, in any field, ignoring case.
        ("SNEAK", &["sneakers"]),
        ("leather", &["boot", "kolhapuri"]),
        ("athro", &["slippers"]),
        ("ethnic", &["jutti", "kolhapuri"]),
        ("chelsea boot", &["boot"]),
        ("breathable", &["sneakers"]),
        // Typos: one from 5 letters, two from 9.
        ("sneakr", &["sneakers"]),
        ("Kolapuri", &["kolhapuri"]),
        ("kolhaapuri", &["kolhapuri"]),
        ("waterprof", &["boot"]),
        // Under 5 letters, no typo.
        ("boo", &["boot"]),
        ("boto", &[]),
        // Prefixes, with a typo too.
        ("sneakers", &["sneakers"]),
        ("runnin", &["sneakers"]),
        ("embroiderd", &["jutti"]),
        // Synonyms.
        ("chappal", &["slippers"]),
        ("mojari", &["jutti"]),
        ("trainers", &["sneakers"]),
        ("sandal", &["kolhapuri"]),
        // Accents either way.
        ("cafe", &["cafe"]),
        ("SUÉDE", &["cafe"]),
        // Hindi, as written.
        ("जूती", &["jutti"]),
        ("हाथ", &["jutti"]),
        // Punctuation means what it meant.
        ("slip-on", &["cafe"]),
        ("anti-skid", &["slippers"]),
        ("100%", &["slippers"]),
        ("%", &["slippers"]),
        ("skid-anti", &[]),
        // Every word must find the product.
        ("leather boot", &["boot"]),
        ("leather sneakr", &[]),
        ("nothing-like-this", &[]),
        ("zzzzzz", &[]),
    ];
    for (query, expected) in table {
        assert_eq!(&found(&search, query).await, expected, "{query}");
    }
}

#[tokio::test]
async fn name_matches_are_told_apart_and_typos_corrected() {
    let (_, search) = shop();
    let h = hits(&search, "leather", 0).await;
    assert!(h.by_name.is_empty(), "no name has leather");
    let h = hits(&search, "kolhapuri", 0).await;
    assert_eq!(h.by_name, [ProductId::new("kolhapuri")]);
    assert_eq!(h.corrected, None, "found as typed");

    let h = hits(&search, "Sneakr running", 0).await;
    assert_eq!(h.corrected.as_deref(), Some("sneakers running"));
    let h = hits(&search, "kolapuri", 0).await;
    assert_eq!(h.corrected.as_deref(), Some("kolhapuri"));
    let h = hits(&search, "chappal", 0).await;
    assert_eq!(h.corrected, None, "a synonym is no typo");
}

#[tokio::test]
async fn a_catalog_change_is_searched_once_the_revision_moves() {
    let (catalog, search) = shop();
    assert_eq!(found(&search, "mojdi").await, Vec::<String>::new());
    catalog
        .0
        .lock()
        .unwrap()
        .push(document("mojdi", "Rajasthani Mojdi", "Camel leather"));
    assert_eq!(
        found_at(&search, "mojdi", 0).await,
        Vec::<String>::new(),
        "the index is kept while the revision stays"
    );
    assert_eq!(found_at(&search, "mojdi", 1).await, ["mojdi"]);
    assert_eq!(found_at(&search, "rajastani", 1).await, ["mojdi"]);
}

#[test]
fn product_sets_hold_positions_across_words_of_bits() {
    let mut set = Products::none(130);
    assert!(set.is_empty());
    set.extend(&[0, 63, 64, 129]);
    assert_eq!(set.iter().collect::<Vec<_>>(), [0, 63, 64, 129]);
    assert!(set.contains(64) && !set.contains(65));

    let all = Products::all(130);
    assert_eq!(all.iter().count(), 130, "no bit past the last product");
    assert_eq!(Products::all(128).iter().count(), 128);
    assert_eq!(Products::all(0).iter().count(), 0);

    let mut some = Products::none(130);
    some.extend(&[1, 64, 100]);
    let mut both = set.clone();
    both.intersect(&some);
    assert_eq!(both.iter().collect::<Vec<_>>(), [64]);
    both.union(&some);
    assert_eq!(both.iter().collect::<Vec<_>>(), [1, 64, 100]);
}

#[tokio::test]
async fn a_catalog_of_hundreds_is_searched_as_a_few() {
    // More products than one word of bits holds, a word in every other one.
    let catalog = Arc::new(Catalog::default());
    *catalog.0.lock().unwrap() = (0..300)
        .map(|i| {
            let name = if i % 2 == 0 {
                "Canvas Sneaker"
            } else {
                "Leather Loafer"
            };
            document(&format!("p{i:03}"), &format!("{name} {i}"), "Everyday pair")
        })
        .collect();
    let search = TantivySearch::new(catalog, Synonyms::default());
    let sneakers = found(&search, "sneakr").await;
    assert_eq!(sneakers.len(), 150);
    assert!(
        sneakers
            .iter()
            .all(|id| id[1..].parse::<u32>().unwrap() % 2 == 0)
    );
    assert_eq!(found(&search, "loafer 299").await, ["p299"]);
    assert_eq!(found(&search, "everyday").await.len(), 300);
    let h = hits(&search, "sneakr", 0).await;
    assert_eq!(h.corrected.as_deref(), Some("sneaker"));
    assert_eq!(h.by_name.len(), 150);
}

#[tokio::test]
async fn a_colour_is_a_word_of_its_product_and_a_typo_is_corrected_to_it() {
    // The colours of a product's variants end its body, one a line (decisions D47).
    let catalog = Arc::new(Catalog::default());
    *catalog.0.lock().unwrap() = vec![
        document("black-boot", "Chelsea Boot", "Leather\nBoots\nBlack\nTan"),
        document("tan-boot", "Desert Boot", "Suede\nBoots\nTan"),
        document("black-loafer", "Penny Loafer", "Leather\nLoafers\nBlack"),
    ];
    let search = TantivySearch::new(catalog, Synonyms::default());
    assert_eq!(found(&search, "black boot").await, ["black-boot"]);
    assert_eq!(found(&search, "TAN").await, ["black-boot", "tan-boot"]);
    let typo = hits(&search, "blakc boot", 0).await;
    assert_eq!(typo.corrected.as_deref(), Some("black boot"));
}
