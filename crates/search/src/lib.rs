//! The `ProductSearch` adapter (decisions D27): an in-memory tantivy index of the catalog's
//! text, words folded and cut by the domain's search rules, rebuilt from the database when the
//! catalog's revision moved.
//!
//! Each query word finds a product through one of two fields, the name and the body (info,
//! material, tags, category, descriptions): as a substring of one of its words (the field's
//! words scanned, as the listing's `LIKE` always matched), as a typed prefix of a word within
//! the domain's typo allowance (tantivy's Levenshtein automaton over the field's term
//! dictionary), or through a synonym. A word with punctuation inside (`slip-on`) is found by its
//! parts and then checked against the folded text as typed, so it still means what `LIKE` meant.
//!
//! Each field's words are also kept with the products that have each, and products are sets of
//! bits by their position: a search over 10,000 products costs well under a millisecond of it
//! (figures in docs/performance.md), where compiling a regular expression per word and field,
//! and hashing every product found into sets, cost several.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use paduka_application::RepoError;
use paduka_application::catalog::{ProductSearch, SearchDocument, SearchDocuments, SearchHits};
use paduka_domain::ProductId;
use paduka_domain::catalog::search::{SearchQuery, Synonyms, fold, typos_allowed, words};
use tantivy::query::FuzzyTermQuery;
use tantivy::schema::{Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{TextAnalyzer, WhitespaceTokenizer};
use tantivy::{Index, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term};

/// The tokenizer of both fields: the text arrives already folded and cut into words by the
/// domain's rules, one space apart.
const WORDS: &str = "paduka_words";
/// Writer memory: tantivy's smallest budget; the catalog's text is a few MB at most.
const WRITER_BYTES: usize = 15_000_000;

/// The catalog's search index, rebuilt when the catalog changed since it was built.
pub struct TantivySearch {
    documents: Arc<dyn SearchDocuments>,
    synonyms: Arc<Synonyms>,
    built: RwLock<Option<Arc<Built>>>,
    /// One rebuild at a time; searches that find the index stale wait for it and share it.
    rebuilding: tokio::sync::Mutex<()>,
}

impl TantivySearch {
    pub fn new(documents: Arc<dyn SearchDocuments>, synonyms: Synonyms) -> Self {
        Self {
            documents,
            synonyms: Arc::new(synonyms),
            built: RwLock::new(None),
            rebuilding: tokio::sync::Mutex::new(()),
        }
    }

    fn current(&self, revision: u64) -> Option<Arc<Built>> {
        let built = self.built.read().expect("search index lock");
        built.as_ref().filter(|b| b.revision == revision).cloned()
    }

    /// The index of the catalog as of `revision`. A revision moves for stock too (orders),
    /// which the index does not hold: when the text is the same, the index is kept as it is.
    async fn fresh(&self, revision: u64) -> Result<Arc<Built>, RepoError> {
        if let Some(built) = self.current(revision) {
            return Ok(built);
        }
        let _one_at_a_time = self.rebuilding.lock().await;
        // Again: the rebuild this call waited for may be the one it needs.
        if let Some(built) = self.current(revision) {
            return Ok(built);
        }
        let documents = self.documents.search_documents().await?;
        let fingerprint = fingerprint(&documents);
        let previous = self.built.read().expect("search index lock").clone();
        let built = match previous.filter(|b| b.fingerprint == fingerprint) {
            Some(same) => Arc::new(same.at(revision)),
            None => {
                let built = tokio::task::spawn_blocking(move || {
                    Built::new(&documents, fingerprint, revision)
                })
                .await
                .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))?
                .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))?;
                tracing::debug!(products = built.ids.len(), "search index rebuilt");
                Arc::new(built)
            }
        };
        *self.built.write().expect("search index lock") = Some(built.clone());
        Ok(built)
    }
}

#[async_trait]
impl ProductSearch for TantivySearch {
    async fn search(&self, query: &SearchQuery, revision: u64) -> Result<SearchHits, RepoError> {
        let built = self.fresh(revision).await?;
        let synonyms = self.synonyms.clone();
        let query = query.clone();
        tokio::task::spawn_blocking(move || built.find(&query, &synonyms))
            .await
            .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))?
            .map_err(|e| RepoError::Unexpected(anyhow::Error::new(e)))
    }
}

fn fingerprint(documents: &[SearchDocument]) -> u64 {
    let mut hasher = DefaultHasher::new();
    for document in documents {
        (document.id.as_str(), &document.name, &document.body).hash(&mut hasher);
    }
    hasher.finish()
}

/// One product's folded text, kept to check words with punctuation as typed.
struct Folded {
    name: String,
    body: String,
}

/// A set of products, by their positions: one bit each. Searches combine the sets of each
/// word's fields and terms, which for a common word hold thousands of products.
#[derive(Clone)]
struct Products(Vec<u64>);

impl Products {
    fn none(count: usize) -> Self {
        Self(vec![0; count.div_ceil(64)])
    }

    fn all(count: usize) -> Self {
        let mut all = Self(vec![u64::MAX; count.div_ceil(64)]);
        if !count.is_multiple_of(64)
            && let Some(last) = all.0.last_mut()
        {
            *last = (1 << (count % 64)) - 1;
        }
        all
    }

    fn insert(&mut self, position: u32) {
        self.0[position as usize / 64] |= 1 << (position % 64);
    }

    fn contains(&self, position: u32) -> bool {
        self.0[position as usize / 64] & (1 << (position % 64)) != 0
    }

    fn extend(&mut self, positions: &[u32]) {
        for &position in positions {
            self.insert(position);
        }
    }

    fn union(&mut self, other: &Products) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a |= b);
    }

    fn intersect(&mut self, other: &Products) {
        self.0.iter_mut().zip(&other.0).for_each(|(a, b)| *a &= b);
    }

    fn is_empty(&self) -> bool {
        self.0.iter().all(|word| *word == 0)
    }

    /// The positions, in ascending order.
    fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    i as u32 * 64 + bit
                })
            })
        })
    }
}

/// One field's words and the products that have each (their positions, ascending): what a
/// query word is looked for in, as a substring of the words, or by the words a typo reaches.
/// The same words as the field's term dictionary in the index, which finds those typos.
#[derive(Default)]
struct Terms {
    words: Vec<String>,
    products: Vec<Vec<u32>>,
    by_word: HashMap<String, usize>,
}

impl Terms {
    fn add(&mut self, word: &str, position: u32) {
        let at = match self.by_word.get(word) {
            Some(&at) => at,
            None => {
                self.words.push(word.to_owned());
                self.products.push(Vec::new());
                self.by_word.insert(word.to_owned(), self.words.len() - 1);
                self.words.len() - 1
            }
        };
        // Positions come in order; a word twice in one product counts once.
        if self.products[at].last() != Some(&position) {
            self.products[at].push(position);
        }
    }

    /// The products with `part` inside one of their words (`LIKE`'s substring match).
    fn containing(&self, part: &str, into: &mut Products) {
        for (word, products) in self.words.iter().zip(&self.products) {
            if word.contains(part) {
                into.extend(products);
            }
        }
    }
}

/// An index built at one revision.
struct Built {
    revision: u64,
    fingerprint: u64,
    /// The index as built (it is never written again): its term dictionaries find the
    /// words within a typo.
    searcher: Searcher,
    name: Field,
    body: Field,
    /// The products, by their position.
    ids: Arc<[ProductId]>,
    folded: Arc<[Folded]>,
    /// The name's words and the body's.
    terms: Arc<[Terms; 2]>,
}

/// Which of a word's fields found which products, and the terms typos reached.
struct WordHits {
    name: Products,
    body: Products,
    /// Found only through typos, with the term each typo reached and how many products have it.
    typo_terms: Vec<(String, u32)>,
}

/// The name's [`Terms`] and the body's, by their place in [`Built::terms`].
const NAME: usize = 0;
const BODY: usize = 1;

impl Built {
    fn new(documents: &[SearchDocument], fingerprint: u64, revision: u64) -> tantivy::Result<Self> {
        let mut schema = Schema::builder();
        let text = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(WORDS)
                .set_index_option(IndexRecordOption::Basic),
        );
        let name = schema.add_text_field("name", text.clone());
        let body = schema.add_text_field("body", text);
        let index = Index::create_in_ram(schema.build());
        index
            .tokenizers()
            .register(WORDS, TextAnalyzer::from(WhitespaceTokenizer::default()));
        let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_BYTES)?;
        let mut folded = Vec::with_capacity(documents.len());
        let mut terms: [Terms; 2] = Default::default();
        for (position, document) in documents.iter().enumerate() {
            let text = Folded {
                name: fold(&document.name),
                body: fold(&document.body),
            };
            let mut doc = TantivyDocument::new();
            for (field, at, folded) in [(name, NAME, &text.name), (body, BODY, &text.body)] {
                let field_words: Vec<&str> = words(folded).collect();
                for word in &field_words {
                    terms[at].add(word, position as u32);
                }
                doc.add_text(field, field_words.join(" "));
            }
            writer.add_document(doc)?;
            folded.push(text);
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(Self {
            revision,
            fingerprint,
            searcher: reader.searcher(),
            name,
            body,
            ids: documents.iter().map(|d| d.id.clone()).collect(),
            folded: folded.into(),
            terms: Arc::new(terms),
        })
    }

    /// The same index, known to be current at `revision`.
    fn at(&self, revision: u64) -> Self {
        Self {
            revision,
            fingerprint: self.fingerprint,
            searcher: self.searcher.clone(),
            name: self.name,
            body: self.body,
            ids: self.ids.clone(),
            folded: self.folded.clone(),
            terms: self.terms.clone(),
        }
    }

    fn count(&self) -> usize {
        self.ids.len()
    }

    fn find(&self, query: &SearchQuery, synonyms: &Synonyms) -> tantivy::Result<SearchHits> {
        let mut found: Option<Products> = None;
        let mut by_name: Option<Products> = None;
        let mut per_word = Vec::with_capacity(query.words().len());
        for word in query.words() {
            let hits = self.word(word, synonyms)?;
            let mut any = hits.name.clone();
            any.union(&hits.body);
            match &mut found {
                None => found = Some(any),
                Some(so_far) => so_far.intersect(&any),
            }
            match &mut by_name {
                None => by_name = Some(hits.name.clone()),
                Some(so_far) => so_far.intersect(&hits.name),
            }
            per_word.push(hits);
        }
        let found = found.unwrap_or_else(|| Products::none(self.count()));
        let mut by_name = by_name.unwrap_or_else(|| Products::none(self.count()));
        by_name.intersect(&found);
        let corrections: Vec<Option<String>> = per_word
            .into_iter()
            .map(|hits| {
                if found.is_empty() || hits.typo_terms.is_empty() {
                    return None;
                }
                // The term most products have, of those the typo reached.
                hits.typo_terms
                    .into_iter()
                    .max_by(|a, b| a.1.cmp(&b.1).then_with(|| b.0.cmp(&a.0)))
                    .map(|(term, _)| term)
            })
            .collect();
        Ok(SearchHits {
            ids: found.iter().map(|p| self.ids[p as usize].clone()).collect(),
            by_name: by_name
                .iter()
                .map(|p| self.ids[p as usize].clone())
                .collect(),
            corrected: query.corrected(&corrections),
        })
    }

    /// Where one query word finds products.
    fn word(&self, word: &str, synonyms: &Synonyms) -> tantivy::Result<WordHits> {
        let count = self.count();
        let mut exact_name = Products::none(count);
        let mut exact_body = Products::none(count);
        for written in std::iter::once(word).chain(synonyms.of(word)) {
            self.substring(NAME, written, |f| &f.name, &mut exact_name);
            self.substring(BODY, written, |f| &f.body, &mut exact_body);
        }
        let typos = typos_allowed(word);
        let mut typo_name = Products::none(count);
        let mut typo_body = Products::none(count);
        let mut typo_terms: HashMap<String, u32> = HashMap::new();
        // A typo is looked for only in a word as typed, never in one with punctuation.
        if typos > 0 && words(word).eq(std::iter::once(word)) {
            // The words `word` begins within its typos (the automaton does not depend on the
            // field: made once).
            let automaton =
                FuzzyTermQuery::new_prefix(Term::from_field_text(self.name, word), typos, true)
                    .automaton()?;
            for (field, at, into) in [
                (self.name, NAME, &mut typo_name),
                (self.body, BODY, &mut typo_body),
            ] {
                let mut reached = HashSet::new();
                for segment in self.searcher.segment_readers() {
                    let inverted = segment.inverted_index(field)?;
                    let mut stream = inverted.terms().search(&automaton).into_stream()?;
                    while stream.advance() {
                        reached.insert(String::from_utf8_lossy(stream.key()).into_owned());
                    }
                }
                for term in reached {
                    if let Some(&i) = self.terms[at].by_word.get(&term) {
                        let products = &self.terms[at].products[i];
                        into.extend(products);
                        *typo_terms.entry(term).or_default() += products.len() as u32;
                    }
                }
            }
        }
        let mut exact = exact_name.clone();
        exact.union(&exact_body);
        let mut typo_only = typo_name.clone();
        typo_only.union(&typo_body);
        let typo_only = typo_only.iter().any(|p| !exact.contains(p));
        let typo_terms = if exact.is_empty() && typo_only {
            typo_terms.into_iter().collect()
        } else {
            Vec::new()
        };
        exact_name.union(&typo_name);
        exact_body.union(&typo_body);
        Ok(WordHits {
            name: exact_name,
            body: exact_body,
            typo_terms,
        })
    }

    /// Adds the products with `written` inside one of the field's words; when `written` has
    /// punctuation or space inside, those with each of its words, checked against the text.
    fn substring(
        &self,
        at: usize,
        written: &str,
        text: impl Fn(&Folded) -> &str,
        into: &mut Products,
    ) {
        let terms = &self.terms[at];
        let parts: Vec<&str> = words(written).collect();
        if parts == [written] {
            terms.containing(written, into);
            return;
        }
        let mut candidates = Products::all(self.count());
        // Punctuation alone (`_`, `%`): every product is a candidate.
        for part in parts {
            let mut with_part = Products::none(self.count());
            terms.containing(part, &mut with_part);
            candidates.intersect(&with_part);
        }
        for p in candidates.iter() {
            if text(&self.folded[p as usize]).contains(written) {
                into.insert(p);
            }
        }
    }
}

#[cfg(test)]
mod tests;
