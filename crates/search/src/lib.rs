//! The `ProductSearch` adapter (decisions D27): an in-memory tantivy index of the catalog's
//! text, words folded and cut by the domain's search rules, rebuilt from the database when the
//! catalog's revision moved.
//!
//! Each query word finds a product through one of two fields, the name and the body (info,
//! material, tags, category, descriptions): as a substring of one of its words (a regular
//! expression walked over the field's term dictionary, as the listing's `LIKE` always matched),
//! as a typed prefix of a word within the domain's typo allowance (tantivy's Levenshtein
//! automaton), or through a synonym. A word with punctuation inside (`slip-on`) is found by its
//! parts and then checked against the folded text as typed, so it still means what `LIKE` meant.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use paduka_application::RepoError;
use paduka_application::catalog::{ProductSearch, SearchDocument, SearchDocuments, SearchHits};
use paduka_domain::ProductId;
use paduka_domain::catalog::search::{SearchQuery, Synonyms, fold, typos_allowed, words};
use tantivy::collector::DocSetCollector;
use tantivy::query::{BooleanQuery, FuzzyTermQuery, Query, RegexQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{TextAnalyzer, WhitespaceTokenizer};
use tantivy::{
    DocAddress, Index, IndexReader, IndexWriter, ReloadPolicy, Searcher, TantivyDocument, Term,
};

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

/// An index built at one revision.
struct Built {
    revision: u64,
    fingerprint: u64,
    reader: IndexReader,
    name: Field,
    body: Field,
    /// The products, by their position (the `n` fast field).
    ids: Arc<[ProductId]>,
    folded: Arc<[Folded]>,
    /// Per segment, per document: its product's position.
    positions: Arc<[Vec<u32>]>,
}

/// Which of a word's fields found which products (positions), and the terms typos reached.
#[derive(Default)]
struct WordHits {
    name: HashSet<u32>,
    body: HashSet<u32>,
    /// Found only through typos, with the term each typo reached and how many products have it.
    typo_terms: Vec<(String, u32)>,
}

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
        let n = schema.add_u64_field("n", FAST);
        let index = Index::create_in_ram(schema.build());
        index
            .tokenizers()
            .register(WORDS, TextAnalyzer::from(WhitespaceTokenizer::default()));
        let mut writer: IndexWriter = index.writer_with_num_threads(1, WRITER_BYTES)?;
        let mut folded = Vec::with_capacity(documents.len());
        for (position, document) in documents.iter().enumerate() {
            let text = Folded {
                name: fold(&document.name),
                body: fold(&document.body),
            };
            let mut doc = TantivyDocument::new();
            doc.add_text(name, words(&text.name).collect::<Vec<_>>().join(" "));
            doc.add_text(body, words(&text.body).collect::<Vec<_>>().join(" "));
            doc.add_u64(n, position as u64);
            writer.add_document(doc)?;
            folded.push(text);
        }
        writer.commit()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        let searcher = reader.searcher();
        let mut positions = Vec::new();
        for segment in searcher.segment_readers() {
            let column = segment.fast_fields().u64("n")?;
            positions.push(
                (0..segment.max_doc())
                    .map(|doc| column.first(doc).unwrap_or_default() as u32)
                    .collect(),
            );
        }
        Ok(Self {
            revision,
            fingerprint,
            reader,
            name,
            body,
            ids: documents.iter().map(|d| d.id.clone()).collect(),
            folded: folded.into(),
            positions: positions.into(),
        })
    }

    /// The same index, known to be current at `revision`.
    fn at(&self, revision: u64) -> Self {
        Self {
            revision,
            fingerprint: self.fingerprint,
            reader: self.reader.clone(),
            name: self.name,
            body: self.body,
            ids: self.ids.clone(),
            folded: self.folded.clone(),
            positions: self.positions.clone(),
        }
    }

    fn find(&self, query: &SearchQuery, synonyms: &Synonyms) -> tantivy::Result<SearchHits> {
        let searcher = self.reader.searcher();
        let mut found: Option<HashSet<u32>> = None;
        let mut by_name: Option<HashSet<u32>> = None;
        let mut per_word = Vec::with_capacity(query.words().len());
        for word in query.words() {
            let hits = self.word(&searcher, word, synonyms)?;
            let any: HashSet<u32> = hits.name.union(&hits.body).copied().collect();
            found = Some(match found {
                None => any,
                Some(so_far) => so_far.intersection(&any).copied().collect(),
            });
            by_name = Some(match by_name {
                None => hits.name.clone(),
                Some(so_far) => so_far.intersection(&hits.name).copied().collect(),
            });
            per_word.push(hits);
        }
        let found = found.unwrap_or_default();
        let by_name: HashSet<u32> = by_name.unwrap_or_default();
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
        let mut ids: Vec<u32> = found.iter().copied().collect();
        ids.sort_unstable();
        let mut names: Vec<u32> = by_name.intersection(&found).copied().collect();
        names.sort_unstable();
        Ok(SearchHits {
            ids: ids.iter().map(|&p| self.ids[p as usize].clone()).collect(),
            by_name: names
                .iter()
                .map(|&p| self.ids[p as usize].clone())
                .collect(),
            corrected: query.corrected(&corrections),
        })
    }

    /// Where one query word finds products.
    fn word(
        &self,
        searcher: &Searcher,
        word: &str,
        synonyms: &Synonyms,
    ) -> tantivy::Result<WordHits> {
        let mut hits = WordHits::default();
        let mut exact_name = HashSet::new();
        let mut exact_body = HashSet::new();
        for written in std::iter::once(word).chain(synonyms.of(word)) {
            exact_name.extend(self.substring(searcher, self.name, written, |f| &f.name)?);
            exact_body.extend(self.substring(searcher, self.body, written, |f| &f.body)?);
        }
        let typos = typos_allowed(word);
        let mut typo_name = HashSet::new();
        let mut typo_body = HashSet::new();
        let mut typo_terms: HashMap<String, u32> = HashMap::new();
        // A typo is looked for only in a word as typed, never in one with punctuation.
        if typos > 0 && words(word).eq(std::iter::once(word)) {
            for (field, into) in [(self.name, &mut typo_name), (self.body, &mut typo_body)] {
                let query =
                    FuzzyTermQuery::new_prefix(Term::from_field_text(field, word), typos, true);
                into.extend(self.positions_of(searcher, &query)?);
                for segment in searcher.segment_readers() {
                    let inverted = segment.inverted_index(field)?;
                    let mut stream = inverted.terms().search(query.automaton()?).into_stream()?;
                    while stream.advance() {
                        let term = String::from_utf8_lossy(stream.key()).into_owned();
                        *typo_terms.entry(term).or_default() += stream.value().doc_freq;
                    }
                }
            }
        }
        let exact: HashSet<u32> = exact_name.union(&exact_body).copied().collect();
        let typo_only = typo_name
            .iter()
            .chain(&typo_body)
            .any(|p| !exact.contains(p));
        if exact.is_empty() && typo_only {
            hits.typo_terms = typo_terms.into_iter().collect();
        }
        hits.name = exact_name.union(&typo_name).copied().collect();
        hits.body = exact_body.union(&typo_body).copied().collect();
        Ok(hits)
    }

    /// The products with `written` inside one of `field`'s words; when `written` has
    /// punctuation or space inside, those with each of its words, checked against the text.
    fn substring(
        &self,
        searcher: &Searcher,
        field: Field,
        written: &str,
        text: impl Fn(&Folded) -> &str,
    ) -> tantivy::Result<HashSet<u32>> {
        let parts: Vec<&str> = words(written).collect();
        if parts == [written] {
            return Ok(self
                .positions_of(searcher, &contains(field, written)?)?
                .into_iter()
                .collect());
        }
        let query: Box<dyn Query> = if parts.is_empty() {
            // Punctuation alone (`_`, `%`): every product is a candidate.
            Box::new(tantivy::query::AllQuery)
        } else {
            let all: Vec<Box<dyn Query>> = parts
                .iter()
                .map(|part| contains(field, part).map(|q| Box::new(q) as Box<dyn Query>))
                .collect::<tantivy::Result<_>>()?;
            Box::new(BooleanQuery::intersection(all))
        };
        let candidates = self.positions_of(searcher, query.as_ref())?;
        Ok(candidates
            .into_iter()
            .filter(|&p| text(&self.folded[p as usize]).contains(written))
            .collect())
    }

    fn positions_of(&self, searcher: &Searcher, query: &dyn Query) -> tantivy::Result<Vec<u32>> {
        let docs = searcher.search(query, &DocSetCollector)?;
        Ok(docs
            .into_iter()
            .map(
                |DocAddress {
                     segment_ord,
                     doc_id,
                 }| { self.positions[segment_ord as usize][doc_id as usize] },
            )
            .collect())
    }
}

/// Terms of `field` with `part` inside.
fn contains(field: Field, part: &str) -> tantivy::Result<RegexQuery> {
    RegexQuery::from_pattern(&format!(".*{}.*", escape(part)), field)
}

/// `text` as a regular expression that matches it literally.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if "\\.+*?()|[]{}^$#&-~".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

#[cfg(test)]
mod tests;
