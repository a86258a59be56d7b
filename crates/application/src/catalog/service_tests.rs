//! `CatalogService` against mocked ports. Every mock refuses calls it was not told to expect,
//! so a test that sets no expectation on a port also proves the port is left alone.

use std::collections::HashMap;

use paduka_domain::catalog::{ColourKey, ImageType};
use paduka_domain::review::UserRef;
use paduka_domain::user::{Role, User};
use paduka_domain::{Paise, UserId};
use paduka_test_support::builders::{ProductBuilder, UserBuilder, category};
use paduka_test_support::time::{at, now};

use super::*;
use crate::accounts::MockUserRepository;
use crate::testing::{admin, assert_down, assert_refused, clock, down, ids, shopper};
use crate::{MockClock, MockIdGenerator};

// --- fixtures -----------------------------------------------------------------------------

/// The mocks a service is built from; a test sets the expectations it needs, then builds.
#[derive(Default)]
struct Ports {
    products: MockProductRepository,
    categories: MockCategoryRepository,
    reviews: MockReviewRepository,
    images: MockImageRepository,
    users: MockUserRepository,
    ids: MockIdGenerator,
    clock: MockClock,
    search: MockProductSearch,
    misses: MockSearchMissRepository,
}

impl Ports {
    /// A new product in "Sneakers" (which exists), drawing `ids`, at the clock's time.
    fn creating(ids: &[&str]) -> Self {
        Self::default()
            .with_category(sneakers())
            .with_ids(ids)
            .with_clock()
    }

    /// An update of the stored `p-1` in "Sneakers" (which exists), at the clock's time.
    fn updating() -> Self {
        Self::default()
            .with_product(product("p-1"))
            .with_category(sneakers())
            .with_clock()
    }

    /// The product repository stores one new product, whose id and record `check` accepts.
    fn storing_new(
        mut self,
        check: impl Fn(&ProductId, &ProductRecord) -> bool + Send + 'static,
    ) -> Self {
        self.products
            .expect_create()
            .withf(check)
            .times(1)
            .returning(|_, _| Ok(product("p-new")));
        self
    }

    /// The product repository updates `p-1` once, with an id and record `check` accepts.
    fn storing_update(
        mut self,
        check: impl Fn(&ProductId, &ProductRecord) -> bool + Send + 'static,
    ) -> Self {
        self.products
            .expect_update()
            .withf(check)
            .times(1)
            .returning(|_, _| Ok(product("p-1")));
        self
    }

    fn service(self) -> CatalogService {
        CatalogService::new(
            Arc::new(self.products),
            Arc::new(self.categories),
            Arc::new(self.reviews),
            Arc::new(self.images),
            Arc::new(self.users),
            Arc::new(self.ids),
            Arc::new(self.clock),
            CatalogSearch {
                index: Arc::new(self.search),
                misses: Arc::new(self.misses),
            },
        )
    }

    /// The id generator hands out exactly these ids, in order, and no more.
    fn with_ids(mut self, list: &[&str]) -> Self {
        self.ids = ids(list);
        self
    }

    /// The clock reads [`now`].
    fn with_clock(mut self) -> Self {
        self.clock = clock();
        self
    }

    /// The category repository knows `category` (and only it).
    fn with_category(mut self, category: Category) -> Self {
        let id = category.id.clone();
        self.categories
            .expect_find()
            .withf(move |asked| *asked == id)
            .returning(move |_| Ok(Some(category.clone())));
        self
    }

    /// The product repository knows `product` (and only it).
    fn with_product(mut self, product: Product) -> Self {
        let id = product.id.clone();
        self.products
            .expect_find()
            .withf(move |asked| *asked == id)
            .returning(move |_| Ok(Some(product.clone())));
        self
    }

    /// The product repository knows no product at all.
    fn without_products(mut self) -> Self {
        self.products.expect_find().returning(|_| Ok(None));
        self
    }
}

fn sneakers() -> Category {
    category("cat-1", "Sneakers")
}

/// A stored product in "Sneakers", sold by `seller-1`.
fn product(id: &str) -> Product {
    ProductBuilder::new(id).build()
}

fn user(id: &str, role: Role) -> User {
    UserBuilder::new(id, role).build()
}

/// A valid admin form for a product in "Sneakers", with no seller and no product code.
fn input() -> ProductInput {
    ProductInput {
        name: Some("Trail Runner".into()),
        prices: vec!["2499".into()],
        category: Some("cat-1".into()),
        ..Default::default()
    }
}

fn photo() -> Image {
    Image {
        image_type: ImageType::Png,
        bytes: vec![0x89, b'P', b'N', b'G'],
    }
}

fn stored_image() -> StoredImage {
    StoredImage {
        content_type: "image/png".into(),
        bytes: vec![0x89, b'P', b'N', b'G'],
        sha256: "abc123".into(),
    }
}

fn review(id: &str, rating: u8) -> Review {
    Review {
        id: ReviewId::new(id),
        product: ProductId::new("p-1"),
        user: UserRef::new(UserId::new("shopper-1"), "Asha"),
        rating,
        comment: "Comfortable".into(),
        created_at: at(0),
        updated_at: now(),
    }
}

// --- reading products ---------------------------------------------------------------------

#[tokio::test]
async fn listing_products_passes_the_query_through_and_returns_the_page() {
    let query = ProductQuery {
        categories: vec![CategoryId::new("cat-1")],
        size: Some("UK 8".into()),
        in_stock: true,
        page: 2,
        limit: Some(10),
        ..ProductQuery::default()
    };
    let mut ports = Ports::default();
    let expected = query.clone();
    ports
        .products
        .expect_list()
        .withf(move |asked, found| *asked == expected && found.is_none())
        .times(1)
        .returning(|_, _| {
            Ok(ProductPage {
                products: vec![product("p-1")],
                total: 11,
                price_ceiling: Paise::from_stored(499_900),
                ..ProductPage::default()
            })
        });

    let page = ports.service().list_products(&query).await.unwrap();

    assert_eq!(
        page,
        ProductPage {
            products: vec![product("p-1")],
            total: 11,
            price_ceiling: Paise::from_stored(499_900),
            ..ProductPage::default()
        }
    );
}

/// What the search index answers for `sneakr`: two products, `p-1` by its name, corrected.
fn sneakers_found() -> SearchHits {
    SearchHits {
        ids: vec![ProductId::new("p-1"), ProductId::new("p-2")],
        by_name: vec![ProductId::new("p-1")],
        corrected: Some("sneakers".into()),
    }
}

#[tokio::test]
async fn a_search_lists_what_the_index_found_with_the_query_as_corrected() {
    let query = ProductQuery {
        text: Some("  Sneakr ".into()),
        size: Some("UK 8".into()),
        ..ProductQuery::default()
    };
    let mut ports = Ports::default();
    ports
        .search
        .expect_search()
        .withf(|words, revision| words.words() == ["sneakr"] && *revision == 0)
        .times(1)
        .returning(|_, _| Ok(sneakers_found()));
    let expected = query.clone();
    ports
        .products
        .expect_list()
        .withf(move |asked, found| *asked == expected && *found == Some(&sneakers_found()))
        .times(1)
        .returning(|_, _| {
            Ok(ProductPage {
                products: vec![product("p-1")],
                total: 1,
                ..ProductPage::default()
            })
        });
    ports.misses.expect_record().times(0);

    let page = ports.service().list_products(&query).await.unwrap();

    assert_eq!(page.products, vec![product("p-1")]);
    assert_eq!(page.corrected.as_deref(), Some("sneakers"));
}

/// A boot in Tan and Black, and a loafer without colours.
fn coloured_page() -> ProductPage {
    ProductPage {
        products: vec![
            ProductBuilder::new("boot")
                .named("Chelsea Boot")
                .colours(&["Tan", "Black"])
                .build(),
            product("loafer"),
        ],
        total: 2,
        ..ProductPage::default()
    }
}

#[tokio::test]
async fn a_listing_of_one_colour_shows_each_product_in_it() {
    let query = ProductQuery {
        color: Some(ColourKey::of("BLACK")),
        ..ProductQuery::default()
    };
    let mut ports = Ports::default();
    let expected = query.clone();
    ports
        .products
        .expect_list()
        .withf(move |asked, found| *asked == expected && found.is_none())
        .times(1)
        .returning(|_, _| Ok(coloured_page()));

    let page = ports.service().list_products(&query).await.unwrap();

    // By its name as the product writes it; the loafer has none to show.
    assert_eq!(
        page.shown_colors,
        HashMap::from([(ProductId::new("boot"), "Black".to_owned())])
    );
}

#[tokio::test]
async fn a_search_word_naming_a_colour_shows_it_and_a_typo_the_colour_it_was_corrected_to() {
    for (typed, corrected) in [("tan boot", None), ("tna boot", Some("tan boot"))] {
        let query = ProductQuery {
            text: Some(typed.into()),
            ..ProductQuery::default()
        };
        let mut ports = Ports::default();
        ports.search.expect_search().returning(move |_, _| {
            Ok(SearchHits {
                ids: vec![ProductId::new("boot"), ProductId::new("loafer")],
                by_name: vec![],
                corrected: corrected.map(str::to_owned),
            })
        });
        ports
            .products
            .expect_list()
            .returning(|_, _| Ok(coloured_page()));

        let page = ports.service().list_products(&query).await.unwrap();

        assert_eq!(
            page.shown_colors,
            HashMap::from([(ProductId::new("boot"), "Tan".to_owned())]),
            "{typed}"
        );
    }
}

#[tokio::test]
async fn a_search_that_lists_nothing_is_counted_as_a_miss_of_its_folded_words_on_the_india_day() {
    let query = ProductQuery {
        text: Some("Sneakr  CAFÉ".into()),
        in_stock: true,
        searcher: Some("203.0.113.7".into()),
        ..ProductQuery::default()
    };
    let mut ports = Ports::default().with_clock();
    ports
        .search
        .expect_search()
        .returning(|_, _| Ok(sneakers_found()));
    ports
        .products
        .expect_list()
        .returning(|_, _| Ok(ProductPage::default()));
    let india_day = now()
        .with_timezone(&paduka_domain::sale::india_time())
        .date_naive();
    ports
        .misses
        .expect_record()
        .withf(move |q, day, searcher, forget_before| {
            q == "sneakr cafe"
                && *day == india_day
                && searcher.as_deref() == Some("203.0.113.7")
                && *forget_before == india_day - chrono::Days::new(30)
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));

    let page = ports.service().list_products(&query).await.unwrap();

    assert_eq!(page.total, 0);
    assert_eq!(page.corrected, None, "nothing listed, nothing corrected");
}

#[tokio::test]
async fn a_search_too_long_to_be_a_shoppers_words_is_not_counted() {
    let mut ports = Ports::default().with_clock();
    ports
        .search
        .expect_search()
        .returning(|_, _| Ok(SearchHits::default()));
    ports
        .products
        .expect_list()
        .returning(|_, _| Ok(ProductPage::default()));
    ports.misses.expect_record().times(0);
    let service = ports.service();

    for text in ["one two three four five six", &"x".repeat(65)] {
        let query = ProductQuery {
            text: Some(text.into()),
            ..ProductQuery::default()
        };
        let page = service.list_products(&query).await.unwrap();
        assert_eq!(page.total, 0);
    }
}

#[tokio::test]
async fn a_miss_that_cannot_be_counted_still_answers_the_search() {
    let mut ports = Ports::default().with_clock();
    ports
        .search
        .expect_search()
        .returning(|_, _| Ok(SearchHits::default()));
    ports
        .products
        .expect_list()
        .returning(|_, _| Ok(ProductPage::default()));
    ports
        .misses
        .expect_record()
        .returning(|_, _, _, _| Err(down()));

    let query = ProductQuery {
        text: Some("zzz".into()),
        ..ProductQuery::default()
    };
    assert_eq!(
        ports.service().list_products(&query).await.unwrap(),
        ProductPage::default()
    );
}

#[tokio::test]
async fn suggestions_are_the_first_five_the_search_lists_and_no_miss_is_counted() {
    let mut ports = Ports::default();
    ports
        .search
        .expect_search()
        .returning(|_, _| Ok(SearchHits::default()));
    ports
        .products
        .expect_list()
        .withf(|asked, found| {
            asked.limit == Some(SUGGESTIONS)
                && asked.products_only
                && asked.page == 1
                && asked.size.as_deref() == Some("UK 9")
                && found.is_some()
        })
        .times(1)
        .returning(|_, _| Ok(ProductPage::default()));
    ports.misses.expect_record().times(0);

    let query = ProductQuery {
        text: Some("zzz".into()),
        size: Some("UK 9".into()),
        page: 7,
        limit: Some(100),
        ..ProductQuery::default()
    };
    assert_eq!(ports.service().suggest(&query).await.unwrap(), vec![]);
    assert_eq!(SUGGESTIONS, 5, "the spec's five");
}

#[tokio::test]
async fn a_blank_search_lists_without_the_index() {
    let mut ports = Ports::default();
    ports.search.expect_search().times(0);
    ports
        .products
        .expect_list()
        .withf(|_, found| found.is_none())
        .times(1)
        .returning(|_, _| Ok(ProductPage::default()));
    let query = ProductQuery {
        text: Some("   ".into()),
        ..ProductQuery::default()
    };
    ports.service().list_products(&query).await.unwrap();
}

#[tokio::test]
async fn the_admin_reads_the_twenty_most_missed_searches_of_thirty_india_days() {
    let mut ports = Ports::default().with_clock();
    let today = now()
        .with_timezone(&paduka_domain::sale::india_time())
        .date_naive();
    ports
        .misses
        .expect_most_missed()
        .withf(move |since, limit| *since == today - chrono::Days::new(29) && *limit == MOST_MISSED)
        .times(1)
        .returning(|_, _| {
            Ok(vec![SearchMiss {
                query: "mojdi".into(),
                count: 3,
            }])
        });

    let misses = ports.service().search_misses(&admin()).await.unwrap();

    assert_eq!(misses[0].query, "mojdi");
    assert_eq!(MOST_MISSED, 20);
}

#[tokio::test]
async fn the_banner_asks_the_catalog_for_five_random_products() {
    let mut ports = Ports::default();
    ports
        .products
        .expect_random()
        .withf(|count| *count == FEATURED_PRODUCTS)
        .times(1)
        .returning(|_| Ok(vec![product("p-2"), product("p-1")]));

    let featured = ports.service().featured_products().await.unwrap();

    assert_eq!(FEATURED_PRODUCTS, 5, "the spec's five slides");
    assert_eq!(featured, vec![product("p-2"), product("p-1")]);
}

#[tokio::test]
async fn a_product_is_found_by_its_id() {
    let service = Ports::default().with_product(product("p-1")).service();

    assert_eq!(
        service
            .product(&ProductId::new("p-1"), Audience::Shoppers)
            .await
            .unwrap(),
        product("p-1")
    );
}

#[tokio::test]
async fn an_unknown_product_is_not_found() {
    let service = Ports::default().without_products().service();

    let result = service
        .product(&ProductId::new("nope"), Audience::Admins)
        .await;
    assert_refused!(result, CatalogError::ProductNotFound, "Product not found");
}

#[tokio::test]
async fn a_draft_is_not_found_by_shoppers_and_found_by_admins() {
    let draft = ProductBuilder::new("p-1").draft().build();
    let service = Ports::default().with_product(draft.clone()).service();
    let id = ProductId::new("p-1");

    let result = service.product(&id, Audience::Shoppers).await;
    assert_refused!(result, CatalogError::ProductNotFound, "Product not found");
    assert_eq!(service.product(&id, Audience::Admins).await.unwrap(), draft);
}

#[tokio::test]
async fn a_shopper_can_neither_review_a_draft_nor_size_it() {
    let draft = ProductBuilder::new("p-1").draft().build();
    let service = Ports::default().with_product(draft).service();
    let id = ProductId::new("p-1");

    let reviews = service.reviews(&id).await;
    assert_refused!(reviews, CatalogError::ProductNotFound, "Product not found");
    let size = service.find_size(&id, 260).await;
    assert_refused!(size, CatalogError::ProductNotFound, "Product not found");
}

#[tokio::test]
async fn saving_a_draft_without_saying_published_keeps_it_a_draft_and_saying_it_publishes() {
    let draft = ProductBuilder::new("p-1").draft().build();
    let keeps = Ports::default()
        .with_product(draft.clone())
        .with_category(sneakers())
        .with_clock()
        .storing_update(|_, record| !record.draft.published)
        .service();
    keeps
        .update_product(&admin(), &ProductId::new("p-1"), input(), None)
        .await
        .unwrap();

    let publishes = Ports::default()
        .with_product(draft)
        .with_category(sneakers())
        .with_clock()
        .storing_update(|_, record| record.draft.published)
        .service();
    let form = ProductInput {
        published: Some("true".into()),
        ..input()
    };
    publishes
        .update_product(&admin(), &ProductId::new("p-1"), form, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_new_product_is_published_unless_the_form_says_draft() {
    let service = Ports::creating(&["id-1", "id-2"])
        .storing_new(|_, record| !record.draft.published)
        .service();
    let form = ProductInput {
        published: Some("false".into()),
        ..input()
    };
    service.create_product(&admin(), form, None).await.unwrap();
}

#[tokio::test]
async fn the_category_page_lists_the_whole_category_newest_first() {
    let mut ports = Ports::default().with_category(sneakers());
    ports
        .products
        .expect_list()
        .withf(|query, found| {
            *query
                == ProductQuery {
                    categories: vec![CategoryId::new("cat-1")],
                    ..ProductQuery::default()
                }
                && found.is_none()
        })
        .times(1)
        .returning(|_, _| {
            Ok(ProductPage {
                products: vec![product("p-1"), product("p-2")],
                total: 2,
                ..ProductPage::default()
            })
        });

    let page = ports
        .service()
        .category_page(&CategoryId::new("cat-1"))
        .await
        .unwrap();

    assert_eq!(page.category, sneakers());
    assert_eq!(page.products, vec![product("p-1"), product("p-2")]);
}

#[tokio::test]
async fn the_category_page_of_an_unknown_category_is_not_found_and_lists_nothing() {
    let mut ports = Ports::default();
    ports.categories.expect_find().returning(|_| Ok(None));
    ports.products.expect_list().times(0);

    let result = ports
        .service()
        .category_page(&CategoryId::new("nope"))
        .await;
    assert_refused!(result, CatalogError::CategoryNotFound, "Category not found");
}

// --- creating products --------------------------------------------------------------------

#[tokio::test]
async fn invalid_product_input_is_refused_before_reaching_any_repository() {
    let mut ports = Ports::default();
    ports.products.expect_create().times(0);
    ports.categories.expect_find().times(0);
    ports.users.expect_find().times(0);
    ports.ids.expect_new_id().times(0);
    let nameless = ProductInput {
        name: Some("  ".into()),
        ..input()
    };

    let result = ports
        .service()
        .create_product(&admin(), nameless, Some(photo()))
        .await;
    assert_refused!(result, CatalogError::Invalid(_), "Name is required");
}

#[tokio::test]
async fn a_created_product_is_stored_with_its_parsed_form_photo_and_the_clock_s_time() {
    let mut ports = Ports::creating(&["p-new", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]);
    let form = ProductInput {
        discounts: vec!["10".into()],
        quantity: Some("7".into()),
        ..input()
    };
    let draft = ProductDraft::parse(form.clone()).unwrap();
    ports = ports.storing_new(move |id, record| {
        id.as_str() == "p-new"
            && record.draft == draft
            && record.photo == Some(photo())
            && record.at == now()
    });

    let created = ports
        .service()
        .create_product(&admin(), form, Some(photo()))
        .await
        .unwrap();

    assert_eq!(created, product("p-new"));
}

#[tokio::test]
async fn a_new_product_is_sold_by_the_calling_admin_when_no_seller_is_named() {
    let mut ports = Ports::creating(&["p-new", "c0de"]);
    ports.users.expect_find().times(0);
    ports = ports.storing_new(|_, record| record.seller == UserId::new("admin"));

    ports
        .service()
        .create_product(&admin(), input(), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_named_seller_who_is_an_admin_sells_the_product() {
    let mut ports = Ports::creating(&["p-new", "c0de"]);
    ports
        .users
        .expect_find()
        .withf(|id| id.as_str() == "seller-2")
        .times(1)
        .returning(|id| Ok(Some(user(id.as_str(), Role::Admin))));
    ports = ports.storing_new(|_, record| record.seller == UserId::new("seller-2"));
    let form = ProductInput {
        seller: Some(" seller-2 ".into()),
        ..input()
    };

    ports
        .service()
        .create_product(&admin(), form, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_seller_who_is_not_an_admin_is_refused() {
    let mut ports = Ports::default()
        .with_category(sneakers())
        .with_ids(&["p-new"]);
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(user(id.as_str(), Role::Shopper))));
    ports.products.expect_create().times(0);
    let form = ProductInput {
        seller: Some("shopper-1".into()),
        ..input()
    };

    let result = ports.service().create_product(&admin(), form, None).await;
    assert_refused!(result, CatalogError::Invalid(_), "Seller must be an admin");
}

#[tokio::test]
async fn an_unknown_seller_is_refused_like_a_non_admin() {
    let mut ports = Ports::default()
        .with_category(sneakers())
        .with_ids(&["p-new"]);
    ports.users.expect_find().returning(|_| Ok(None));
    ports.products.expect_create().times(0);
    let form = ProductInput {
        seller: Some("ghost".into()),
        ..input()
    };

    let result = ports.service().create_product(&admin(), form, None).await;
    assert_refused!(result, CatalogError::Invalid(_), "Seller must be an admin");
}

#[tokio::test]
async fn creating_a_product_in_an_unknown_category_is_refused() {
    let mut ports = Ports::default().with_ids(&["p-new"]);
    ports
        .categories
        .expect_find()
        .withf(|id| id.as_str() == "cat-9")
        .returning(|_| Ok(None));
    ports.products.expect_create().times(0);
    let form = ProductInput {
        category: Some("cat-9".into()),
        ..input()
    };

    let result = ports.service().create_product(&admin(), form, None).await;
    assert_refused!(result, CatalogError::Invalid(_), "Category not found");
}

#[tokio::test]
async fn a_new_product_without_a_product_code_gets_a_pdk_code_from_a_fresh_id() {
    let mut ports = Ports::creating(&["p-new", "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"]);
    ports = ports
        .storing_new(|id, record| id.as_str() == "p-new" && record.product_code == "PDK-2E3F4A5B");

    ports
        .service()
        .create_product(&admin(), input(), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_product_code_given_in_the_form_is_stored_as_typed() {
    // Only the product's own id is drawn: no code is made up.
    let mut ports = Ports::creating(&["p-new"]);
    ports = ports.storing_new(|_, record| record.product_code == "SHOE-42");
    let form = ProductInput {
        product_code: Some(" SHOE-42 ".into()),
        ..input()
    };

    ports
        .service()
        .create_product(&admin(), form, None)
        .await
        .unwrap();
}

#[tokio::test]
async fn a_taken_product_code_on_create_is_a_conflict_naming_the_product_id() {
    let mut ports = Ports::creating(&["p-new"]);
    ports
        .products
        .expect_create()
        .returning(|_, _| Err(RepoError::Conflict(ProductConflict::DuplicateProductCode)));
    let form = ProductInput {
        product_code: Some("SHOE-42".into()),
        ..input()
    };

    let result = ports.service().create_product(&admin(), form, None).await;
    assert_refused!(
        result,
        CatalogError::Conflict(_),
        "Another product already has this Product Id"
    );
}

#[tokio::test]
async fn a_category_or_seller_gone_before_the_write_reads_as_the_form_s_own_check() {
    for (conflict, message) in [
        (ProductConflict::UnknownCategory, "Category not found"),
        (ProductConflict::UnknownSeller, "Seller must be an admin"),
    ] {
        let mut ports = Ports::creating(&["p-new", "code-id"]);
        ports
            .products
            .expect_create()
            .times(1)
            .returning(move |_, _| Err(RepoError::Conflict(conflict)));
        let result = ports
            .service()
            .create_product(&admin(), input(), None)
            .await;
        assert_refused!(result, CatalogError::Invalid(_), message);
    }
}

// --- updating products --------------------------------------------------------------------

#[tokio::test]
async fn updating_an_unknown_product_is_not_found_and_nothing_is_updated() {
    let mut ports = Ports::default().without_products();
    ports.categories.expect_find().times(0);
    ports.products.expect_update().times(0);

    let result = ports
        .service()
        .update_product(&admin(), &ProductId::new("nope"), input(), None)
        .await;
    assert_refused!(result, CatalogError::ProductNotFound, "Product not found");
}

#[tokio::test]
async fn invalid_input_on_update_never_reaches_the_repository() {
    let mut ports = Ports::default().with_product(product("p-1"));
    ports.categories.expect_find().times(0);
    ports.products.expect_update().times(0);
    let priceless = ProductInput {
        prices: vec![" ".into()],
        ..input()
    };

    let result = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), priceless, None)
        .await;
    assert_refused!(
        result,
        CatalogError::Invalid(_),
        "At least one price is required"
    );
}

#[tokio::test]
async fn an_update_keeps_the_current_product_code_seller_and_photo_when_the_form_leaves_them_out() {
    // No id is drawn (`Ports::default()` expects none): the current code is kept, not remade.
    let mut ports = Ports::updating();
    let draft = ProductDraft::parse(input()).unwrap();
    ports = ports.storing_update(move |id, record| {
        id.as_str() == "p-1"
            && record.product_code == "PDK-0000CAFE"
            && record.seller == UserId::new("seller-1")
            && record.photo.is_none()
            && record.draft == draft
            && record.at == now()
    });

    let updated = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), input(), None)
        .await
        .unwrap();

    assert_eq!(updated, product("p-1"));
}

#[tokio::test]
async fn an_update_of_a_product_whose_seller_was_deleted_gives_it_to_the_calling_admin() {
    let orphan = Product {
        seller: None,
        ..product("p-1")
    };
    let mut ports = Ports::default()
        .with_product(orphan)
        .with_category(sneakers())
        .with_clock();
    ports = ports.storing_update(|_, record| record.seller == UserId::new("admin"));

    ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), input(), None)
        .await
        .unwrap();
}

#[tokio::test]
async fn an_update_stores_a_new_product_code_seller_and_photo() {
    let mut ports = Ports::updating();
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(user(id.as_str(), Role::Admin))));
    ports = ports.storing_update(|_, record| {
        record.product_code == "SHOE-43"
            && record.seller == UserId::new("seller-2")
            && record.photo == Some(photo())
    });
    let form = ProductInput {
        product_code: Some("SHOE-43".into()),
        seller: Some("seller-2".into()),
        ..input()
    };

    ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), form, Some(photo()))
        .await
        .unwrap();
}

#[tokio::test]
async fn an_update_to_a_non_admin_seller_is_refused() {
    let mut ports = Ports::default()
        .with_product(product("p-1"))
        .with_category(sneakers());
    ports
        .users
        .expect_find()
        .returning(|id| Ok(Some(user(id.as_str(), Role::Shopper))));
    ports.products.expect_update().times(0);
    let form = ProductInput {
        seller: Some("shopper-1".into()),
        ..input()
    };

    let err = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), form, None)
        .await
        .unwrap_err();

    assert_eq!(err.to_string(), "Seller must be an admin");
}

#[tokio::test]
async fn moving_a_product_to_an_unknown_category_is_refused() {
    let mut ports = Ports::default().with_product(product("p-1"));
    ports.categories.expect_find().returning(|_| Ok(None));
    ports.products.expect_update().times(0);
    let form = ProductInput {
        category: Some("cat-9".into()),
        ..input()
    };

    let result = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), form, None)
        .await;
    assert_refused!(result, CatalogError::Invalid(_), "Category not found");
}

#[tokio::test]
async fn a_product_deleted_during_its_update_is_not_found() {
    let mut ports = Ports::updating();
    ports
        .products
        .expect_update()
        .returning(|_, _| Err(RepoError::NotFound));

    let result = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), input(), None)
        .await;
    assert_refused!(result, CatalogError::ProductNotFound);
}

#[tokio::test]
async fn a_taken_product_code_on_update_is_a_conflict_naming_the_product_id() {
    let mut ports = Ports::updating();
    ports
        .products
        .expect_update()
        .returning(|_, _| Err(RepoError::Conflict(ProductConflict::DuplicateProductCode)));
    let form = ProductInput {
        product_code: Some("TAKEN".into()),
        ..input()
    };

    let result = ports
        .service()
        .update_product(&admin(), &ProductId::new("p-1"), form, None)
        .await;
    assert_refused!(
        result,
        CatalogError::Conflict(_),
        "Another product already has this Product Id"
    );
}

// --- deleting products, photos and images -------------------------------------------------

#[tokio::test]
async fn deleting_a_product_deletes_it_by_its_id() {
    let mut ports = Ports::default();
    ports
        .products
        .expect_delete()
        .withf(|id| id.as_str() == "p-1")
        .times(1)
        .returning(|_| Ok(()));

    ports
        .service()
        .delete_product(&admin(), &ProductId::new("p-1"))
        .await
        .unwrap();
}

#[tokio::test]
async fn deleting_an_unknown_product_is_not_found() {
    let mut ports = Ports::default();
    ports
        .products
        .expect_delete()
        .returning(|_| Err(RepoError::NotFound));

    let result = ports
        .service()
        .delete_product(&admin(), &ProductId::new("nope"))
        .await;
    assert_refused!(result, CatalogError::ProductNotFound, "Product not found");
}

#[tokio::test]
async fn a_stored_image_is_served_by_its_media_id() {
    let mut ports = Ports::default();
    ports
        .images
        .expect_find()
        .withf(|id| id.as_str() == "m-1")
        .returning(|_| Ok(Some(stored_image())));

    assert_eq!(
        ports.service().image(&MediaId::new("m-1")).await.unwrap(),
        stored_image()
    );
}

#[tokio::test]
async fn an_unknown_media_id_gives_image_not_found() {
    let mut ports = Ports::default();
    ports.images.expect_find().returning(|_| Ok(None));

    let result = ports.service().image(&MediaId::new("nope")).await;
    assert_refused!(result, CatalogError::ImageNotFound, "Image not found");
}

#[tokio::test]
async fn a_stored_image_gets_a_fresh_media_id() {
    let mut ports = Ports::default().with_ids(&["m-new"]);
    ports
        .images
        .expect_store()
        .withf(|id, image| id.as_str() == "m-new" && *image == photo())
        .times(1)
        .returning(|_, _| Ok(()));

    let id = ports
        .service()
        .store_image(&admin(), photo())
        .await
        .unwrap();

    assert_eq!(id, MediaId::new("m-new"));
}

// --- reviews ------------------------------------------------------------------------------

#[tokio::test]
async fn a_product_s_reviews_are_returned_in_the_repository_s_order() {
    let mut ports = Ports::default().with_product(product("p-1"));
    ports
        .reviews
        .expect_for_product()
        .withf(|id| id.as_str() == "p-1")
        .returning(|_| Ok(vec![review("r-2", 5), review("r-1", 3)]));

    let reviews = ports
        .service()
        .reviews(&ProductId::new("p-1"))
        .await
        .unwrap();

    assert_eq!(reviews, vec![review("r-2", 5), review("r-1", 3)]);
}

#[tokio::test]
async fn reviews_of_an_unknown_product_are_not_found_rather_than_empty() {
    let mut ports = Ports::default().without_products();
    ports.reviews.expect_for_product().times(0);

    let result = ports.service().reviews(&ProductId::new("nope")).await;
    assert_refused!(result, CatalogError::ProductNotFound);
}

#[tokio::test]
async fn a_review_is_written_by_the_signed_in_user_at_the_clock_s_time() {
    let mut ports = Ports::default()
        .with_product(product("p-1"))
        .with_ids(&["r-new"])
        .with_clock();
    let draft = ReviewDraft::parse(Some(4), Some("Comfortable")).unwrap();
    let expected = ReviewRecord {
        id: ReviewId::new("r-new"),
        product: ProductId::new("p-1"),
        user: UserId::new("shopper-1"),
        draft: draft.clone(),
        at: now(),
    };
    ports
        .reviews
        .expect_upsert()
        .withf(move |record| *record == expected)
        .times(1)
        .returning(|_| Ok(review("r-new", 4)));

    let written = ports
        .service()
        .add_review(&shopper(), &ProductId::new("p-1"), draft)
        .await
        .unwrap();

    assert_eq!(written, review("r-new", 4));
}

#[tokio::test]
async fn reviewing_an_unknown_product_is_not_found_and_nothing_is_stored() {
    let mut ports = Ports::default().without_products();
    ports.reviews.expect_upsert().times(0);
    let draft = ReviewDraft::parse(Some(4), None).unwrap();

    let result = ports
        .service()
        .add_review(&shopper(), &ProductId::new("nope"), draft)
        .await;
    assert_refused!(result, CatalogError::ProductNotFound);
}

#[tokio::test]
async fn a_product_deleted_while_being_reviewed_is_not_found() {
    let mut ports = Ports::default()
        .with_product(product("p-1"))
        .with_ids(&["r-new"])
        .with_clock();
    ports
        .reviews
        .expect_upsert()
        .returning(|_| Err(RepoError::NotFound));
    let draft = ReviewDraft::parse(Some(4), None).unwrap();

    let result = ports
        .service()
        .add_review(&shopper(), &ProductId::new("p-1"), draft)
        .await;
    assert_refused!(result, CatalogError::ProductNotFound);
}

// --- categories ---------------------------------------------------------------------------

#[tokio::test]
async fn categories_are_listed_as_the_repository_orders_them() {
    let mut ports = Ports::default();
    ports
        .categories
        .expect_list()
        .returning(|| Ok(vec![category("c-2", "Boots"), sneakers()]));

    let categories = ports.service().categories().await.unwrap();

    assert_eq!(categories, vec![category("c-2", "Boots"), sneakers()]);
}

#[tokio::test]
async fn a_new_category_gets_a_fresh_id_and_is_stored_as_drafted() {
    let mut ports = Ports::default().with_ids(&["c-new"]);
    let expected = Category {
        id: CategoryId::new("c-new"),
        name: "Sandals".into(),
        image: "https://img.example/sandals.png".into(),
    };
    let stored = expected.clone();
    ports
        .categories
        .expect_create()
        .withf(move |category| *category == stored)
        .times(1)
        .returning(|_| Ok(()));
    let draft =
        CategoryDraft::parse(Some(" Sandals "), Some("https://img.example/sandals.png")).unwrap();

    let created = ports
        .service()
        .create_category(&admin(), draft)
        .await
        .unwrap();

    assert_eq!(created, expected);
}

#[tokio::test]
async fn creating_a_category_with_a_taken_name_is_refused_as_already_existing() {
    let mut ports = Ports::default().with_ids(&["c-new"]);
    ports
        .categories
        .expect_create()
        .returning(|_| Err(RepoError::Conflict(CategoryConflict::DuplicateName)));
    let draft = CategoryDraft::parse(Some("sneakers"), None).unwrap();

    let result = ports.service().create_category(&admin(), draft).await;
    assert_refused!(result, CatalogError::Conflict(_), "Category already exists");
}

#[tokio::test]
async fn updating_a_category_stores_its_new_name_and_image_under_its_id() {
    let mut ports = Ports::default();
    ports
        .categories
        .expect_update()
        .withf(|stored| *stored == category("cat-1", "Running shoes"))
        .times(1)
        .returning(|_| Ok(()));
    let draft = CategoryDraft::parse(Some("Running shoes"), Some("/api/v1/media/cat-1")).unwrap();

    let updated = ports
        .service()
        .update_category(&admin(), &CategoryId::new("cat-1"), draft)
        .await
        .unwrap();

    assert_eq!(updated, category("cat-1", "Running shoes"));
}

#[tokio::test]
async fn renaming_a_category_to_a_taken_name_is_refused_as_already_existing() {
    let mut ports = Ports::default();
    ports
        .categories
        .expect_update()
        .returning(|_| Err(RepoError::Conflict(CategoryConflict::DuplicateName)));
    let draft = CategoryDraft::parse(Some("Boots"), None).unwrap();

    let result = ports
        .service()
        .update_category(&admin(), &CategoryId::new("cat-1"), draft)
        .await;
    assert_refused!(result, CatalogError::Conflict(_), "Category already exists");
}

#[tokio::test]
async fn updating_an_unknown_category_is_not_found() {
    let mut ports = Ports::default();
    ports
        .categories
        .expect_update()
        .returning(|_| Err(RepoError::NotFound));
    let draft = CategoryDraft::parse(Some("Boots"), None).unwrap();

    let result = ports
        .service()
        .update_category(&admin(), &CategoryId::new("nope"), draft)
        .await;
    assert_refused!(result, CatalogError::CategoryNotFound, "Category not found");
}

#[tokio::test]
async fn deleting_a_category_returns_the_category_deleted() {
    let mut ports = Ports::default().with_category(sneakers());
    ports
        .categories
        .expect_delete()
        .withf(|id| id.as_str() == "cat-1")
        .times(1)
        .returning(|_| Ok(()));

    let deleted = ports
        .service()
        .delete_category(&admin(), &CategoryId::new("cat-1"))
        .await
        .unwrap();

    assert_eq!(deleted, sneakers());
}

#[tokio::test]
async fn deleting_a_used_category_is_refused_with_its_name() {
    let mut ports = Ports::default().with_category(sneakers());
    ports
        .categories
        .expect_delete()
        .returning(|_| Err(RepoError::Conflict(CategoryConflict::InUse)));

    let result = ports
        .service()
        .delete_category(&admin(), &CategoryId::new("cat-1"))
        .await;
    assert_refused!(
        result,
        CatalogError::Conflict(_),
        "Sneakers still has products; move or delete them first"
    );
}

#[tokio::test]
async fn deleting_an_unknown_category_is_not_found_and_nothing_is_deleted() {
    let mut ports = Ports::default();
    ports.categories.expect_find().returning(|_| Ok(None));
    ports.categories.expect_delete().times(0);

    let result = ports
        .service()
        .delete_category(&admin(), &CategoryId::new("nope"))
        .await;
    assert_refused!(result, CatalogError::CategoryNotFound);
}

#[tokio::test]
async fn a_category_deleted_by_someone_else_meanwhile_is_not_found() {
    let mut ports = Ports::default().with_category(sneakers());
    ports
        .categories
        .expect_delete()
        .returning(|_| Err(RepoError::NotFound));

    let result = ports
        .service()
        .delete_category(&admin(), &CategoryId::new("cat-1"))
        .await;
    assert_refused!(result, CatalogError::CategoryNotFound);
}

// --- failures -----------------------------------------------------------------------------

#[tokio::test]
async fn unexpected_errors_from_the_first_read_pass_through_unchanged() {
    let mut ports = Ports::default().with_ids(&["p-new", "c-new", "m-new"]);
    ports.products.expect_list().returning(|_, _| Err(down()));
    ports.products.expect_find().returning(|_| Err(down()));
    ports.products.expect_delete().returning(|_| Err(down()));
    ports.categories.expect_list().returning(|| Err(down()));
    ports.categories.expect_find().returning(|_| Err(down()));
    ports.categories.expect_create().returning(|_| Err(down()));
    ports.categories.expect_update().returning(|_| Err(down()));
    ports.images.expect_find().returning(|_| Err(down()));
    ports.images.expect_store().returning(|_, _| Err(down()));
    let service = ports.service();
    let (p1, c1, m1) = (
        ProductId::new("p-1"),
        CategoryId::new("cat-1"),
        MediaId::new("m-1"),
    );
    let draft = || CategoryDraft::parse(Some("Boots"), None).unwrap();
    let review = || ReviewDraft::parse(Some(5), None).unwrap();

    assert_down(
        "list_products",
        service.list_products(&ProductQuery::default()).await,
    );
    assert_down("product", service.product(&p1, Audience::Shoppers).await);
    assert_down("category_page", service.category_page(&c1).await);
    assert_down(
        "create_product",
        service.create_product(&admin(), input(), None).await,
    );
    assert_down(
        "update_product",
        service.update_product(&admin(), &p1, input(), None).await,
    );
    assert_down(
        "delete_product",
        service.delete_product(&admin(), &p1).await,
    );
    assert_down("image", service.image(&m1).await);
    assert_down("reviews", service.reviews(&p1).await);
    assert_down(
        "add_review",
        service.add_review(&shopper(), &p1, review()).await,
    );
    assert_down("categories", service.categories().await);
    assert_down(
        "create_category",
        service.create_category(&admin(), draft()).await,
    );
    assert_down(
        "update_category",
        service.update_category(&admin(), &c1, draft()).await,
    );
    assert_down(
        "delete_category",
        service.delete_category(&admin(), &c1).await,
    );
    assert_down("store_image", service.store_image(&admin(), photo()).await);
}

#[tokio::test]
async fn unexpected_errors_from_later_steps_pass_through_unchanged() {
    let mut ports = Ports::default()
        .with_product(product("p-1"))
        .with_category(sneakers())
        .with_ids(&["p-new", "p-new-2", "r-new"])
        .with_clock();
    ports.products.expect_list().returning(|_, _| Err(down()));
    ports.products.expect_create().returning(|_, _| Err(down()));
    ports.products.expect_update().returning(|_, _| Err(down()));
    ports.users.expect_find().returning(|_| Err(down()));
    ports
        .reviews
        .expect_for_product()
        .returning(|_| Err(down()));
    ports.reviews.expect_upsert().returning(|_| Err(down()));
    ports.categories.expect_delete().returning(|_| Err(down()));
    let service = ports.service();
    let (p1, c1) = (ProductId::new("p-1"), CategoryId::new("cat-1"));
    let coded = || ProductInput {
        product_code: Some("SHOE-1".into()),
        ..input()
    };
    let sold_by = || ProductInput {
        seller: Some("seller-2".into()),
        ..coded()
    };
    let review = ReviewDraft::parse(Some(5), None).unwrap();

    assert_down("category_page", service.category_page(&c1).await);
    assert_down(
        "create_product",
        service.create_product(&admin(), coded(), None).await,
    );
    assert_down(
        "create_product (seller)",
        service.create_product(&admin(), sold_by(), None).await,
    );
    assert_down(
        "update_product",
        service.update_product(&admin(), &p1, coded(), None).await,
    );
    assert_down("reviews", service.reviews(&p1).await);
    assert_down(
        "add_review",
        service.add_review(&shopper(), &p1, review).await,
    );
    assert_down(
        "delete_category",
        service.delete_category(&admin(), &c1).await,
    );
}

#[tokio::test]
async fn a_refusal_the_use_case_does_not_expect_is_an_unexpected_error() {
    let mut ports = Ports::default().with_ids(&["c-new"]);
    ports
        .categories
        .expect_update()
        .returning(|_| Err(RepoError::Conflict(CategoryConflict::InUse)));
    ports
        .categories
        .expect_create()
        .returning(|_| Err(RepoError::NotFound));
    let service = ports.service();

    let draft = CategoryDraft::parse(Some("Boots"), None).unwrap();
    let result = service
        .update_category(&admin(), &CategoryId::new("c-1"), draft.clone())
        .await;
    assert_refused!(
        result,
        CatalogError::Unexpected(_),
        "conflict: products use the category"
    );

    let result = service.create_category(&admin(), draft).await;
    assert_refused!(result, CatalogError::Unexpected(_), "not found");
}

// --- fit advice (decisions D38) ----------------------------------------------------------

use crate::catalog::{MockFitRepository, SizeSuggestion};

/// `p-1` sized UK 7 and UK 8, on the shop's chart.
fn sized(id: &str) -> Product {
    use paduka_test_support::builders::variant;
    ProductBuilder::new(id)
        .variants(vec![
            variant(Some("UK 7"), 999, 0),
            variant(Some("UK 8"), 999, 0),
        ])
        .build()
}

/// Fit reasons the repository holds for `p-1` since 180 days before [`now`].
fn reasons_of_p1(too_small: u32, too_big: u32) -> Arc<MockFitRepository> {
    use paduka_domain::returns::FitReasons;
    let since = now() - chrono::Duration::days(180);
    let mut reasons = MockFitRepository::new();
    reasons
        .expect_fit_reasons()
        .withf(move |id, from| id == &ProductId::new("p-1") && *from == since)
        .returning(move |_, _| Ok(FitReasons { too_small, too_big }));
    Arc::new(reasons)
}

#[tokio::test]
async fn a_product_whose_fit_returns_mostly_say_too_small_runs_small_and_sizes_one_up() {
    use paduka_domain::returns::{Fit, FitRule, SizeChart};
    let service = Ports::default()
        .with_product(sized("p-1"))
        .with_clock()
        .service()
        .with_fit(FitRule::default(), reasons_of_p1(3, 2));
    let advice = service.fit_advice(&sized("p-1")).await.unwrap();
    assert_eq!(advice.fit, Some(Fit::Small));
    assert_eq!(advice.chart, Some(SizeChart::uk_default()));
    // 25.8 cm is between UK 7 and UK 8: UK 8, and one up.
    let found = service
        .find_size(&ProductId::new("p-1"), 258)
        .await
        .unwrap();
    assert_eq!(
        found,
        SizeSuggestion {
            size: Some("UK 9".into()),
            fit: Some(Fit::Small),
        }
    );
}

#[tokio::test]
async fn four_fit_returns_are_no_advice_and_a_product_off_the_chart_has_no_size_to_find() {
    use paduka_domain::returns::FitRule;
    let service = Ports::default()
        .with_product(product("p-1"))
        .with_clock()
        .service()
        .with_fit(FitRule::default(), reasons_of_p1(4, 0));
    let advice = service.fit_advice(&sized("p-1")).await.unwrap();
    assert_eq!(advice.fit, None);
    let found = service.find_size(&ProductId::new("p-1"), 258).await;
    assert_refused!(
        found,
        CatalogError::NoSizeChart,
        "This product has no size chart"
    );
    // Without the setting's repository, no advice and nothing read.
    let plain = Ports::default().service();
    assert_eq!(plain.fit_advice(&sized("p-1")).await.unwrap().fit, None);
}

#[tokio::test]
async fn a_product_s_own_chart_is_the_one_find_my_size_reads() {
    use paduka_domain::returns::{ChartSize, Fit, FitRule, SizeChart};
    let eu = SizeChart::new(
        [("EU 40", 250), ("EU 41", 257), ("EU 42", 263)]
            .map(|(label, foot_mm)| ChartSize {
                label: label.into(),
                foot_mm,
            })
            .to_vec(),
    )
    .unwrap();
    // Sized in UK labels too: its own chart still comes before the shop's.
    let mut own = sized("p-1");
    own.size_chart = Some(eu.clone());
    let service = Ports::default()
        .with_product(own.clone())
        .with_clock()
        .service()
        .with_fit(FitRule::default(), reasons_of_p1(0, 5));
    assert_eq!(service.fit_advice(&own).await.unwrap().chart, Some(eu));
    // 25.1 cm fits EU 41 (25.7), and the product runs large: one down.
    assert_eq!(
        service
            .find_size(&ProductId::new("p-1"), 251)
            .await
            .unwrap(),
        SizeSuggestion {
            size: Some("EU 40".into()),
            fit: Some(Fit::Large),
        }
    );
}
