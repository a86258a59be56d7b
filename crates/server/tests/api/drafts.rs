//! Drafts (decisions section 19, D43): a product saved with `published` false is hidden from
//! shoppers and visitors everywhere (listing, search, suggestions, category page, banner,
//! sitemap, its page and `get-product`), shown to admins, never ordered, and imported and
//! exported as Shopify's `Status`.

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;
use crate::previews::{page, spawn_shop};

crate::on_both_backends!(
    a_draft_is_hidden_from_shoppers_everywhere_and_shown_to_admins,
    publishing_a_draft_shows_it_at_once_and_unpublishing_hides_it_at_once,
    a_draft_cannot_be_ordered_and_nothing_changes,
    an_imports_status_draft_or_published_false_imports_a_draft_and_the_export_round_trips,
);

/// In "Boots": "Chelsea Classic" (published) and "Hiker Prototype" (a draft), each 5 pairs at
/// ₹1000 less 10 % (₹900); the category's id and the two products' ids.
async fn boots_with_a_draft(app: &TestApp) -> (String, String, String) {
    let boots = app.category("Boots").await;
    let form = |name: &'static str, published: &'static str| {
        vec![
            ("name", name),
            ("price", "1000"),
            ("discount", "10"),
            ("quantity", "5"),
            ("published", published),
        ]
    };
    let mut chelsea = form("Chelsea Classic", "true");
    chelsea.push(("category", &boots));
    let chelsea = app.product(&chelsea, None).await;
    assert_eq!(chelsea["published"], json!(true));
    let mut hiker = form("Hiker Prototype", "false");
    hiker.push(("category", &boots));
    let hiker = app.product(&hiker, None).await;
    assert_eq!(hiker["published"], json!(false), "{hiker}");
    let id = |p: &Value| p["_id"].as_str().unwrap().to_owned();
    (boots.clone(), id(&chelsea), id(&hiker))
}

/// The names of the products `path`'s reply lists under `products`, as `who`.
async fn names(app: &TestApp, path: &str, who: As<'_>) -> Vec<String> {
    let reply = app.get(path, who).await.answers(StatusCode::OK).await;
    let mut names: Vec<String> = array(&reply["products"])
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    names
}

async fn sitemap(app: &TestApp) -> String {
    let response = app.site("/sitemap.xml").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.text().await.unwrap()
}

async fn a_draft_is_hidden_from_shoppers_everywhere_and_shown_to_admins(db: &TestDb) {
    let app = spawn_shop(db).await;
    let (boots, chelsea, hiker) = boots_with_a_draft(&app).await;
    let only_chelsea = vec!["Chelsea Classic".to_owned()];

    for who in [As::Anonymous, As::Shopper] {
        for path in [
            "/product/get-products".to_owned(),
            "/product/get-products?limit=10&page=1".to_owned(),
            format!("/product/category/{boots}"),
            "/product/featured".to_owned(),
        ] {
            assert_eq!(names(&app, &path, who).await, only_chelsea, "{path}");
        }
        assert!(
            names(&app, "/product/get-products?q=hiker", who)
                .await
                .is_empty()
        );
        assert!(
            names(&app, "/product/suggest?q=hiker", who)
                .await
                .is_empty()
        );
        assert_eq!(
            names(&app, "/product/get-products?q=boots", who).await,
            only_chelsea
        );
        let path = format!("/product/get-product/{hiker}");
        app.get(&path, who)
            .await
            .refuses(StatusCode::NOT_FOUND, "Product not found")
            .await;
    }

    // The admin's products screen lists the draft, marked.
    let listed = app.get("/product/get-products", As::Admin).await;
    let listed = array(&listed.answers(StatusCode::OK).await["products"]);
    let published: Vec<(String, Value)> = listed
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_owned(),
                p["published"].clone(),
            )
        })
        .collect();
    assert_eq!(
        published,
        [
            ("Hiker Prototype".to_owned(), json!(false)),
            ("Chelsea Classic".to_owned(), json!(true)),
        ]
    );
    let read = app
        .get(&format!("/product/get-product/{hiker}"), As::Admin)
        .await;
    assert_eq!(
        read.answers(StatusCode::OK).await["product"]["published"],
        json!(false)
    );
    // The shoppers' copy of the list was not the admin's, nor is it afterwards.
    assert_eq!(
        names(&app, "/product/get-products", As::Anonymous).await,
        only_chelsea
    );

    // The drawn page is every visitor's: not found; the sitemap leaves it out.
    let (status, html) = page(&app, &format!("/product/{hiker}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(!html.contains("Hiker Prototype"));
    let (status, _) = page(&app, &format!("/product/{chelsea}")).await;
    assert_eq!(status, StatusCode::OK);
    let (_, category_page) = page(&app, &format!("/category/{boots}")).await;
    assert!(!category_page.contains("Hiker Prototype"));
    let map = sitemap(&app).await;
    assert!(map.contains(&chelsea) && !map.contains(&hiker), "{map}");
}

async fn publishing_a_draft_shows_it_at_once_and_unpublishing_hides_it_at_once(db: &TestDb) {
    let app = spawn_shop(db).await;
    let (boots, chelsea, hiker) = boots_with_a_draft(&app).await;
    // Every shared copy read first, so a stale one would show.
    assert_eq!(
        names(&app, "/product/get-products", As::Anonymous)
            .await
            .len(),
        1
    );
    assert!(!sitemap(&app).await.contains(&hiker));
    let (status, _) = page(&app, &format!("/product/{hiker}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (shop, category) = (&app, boots.as_str());
    let save = move |id: &str, name: &'static str, published: &'static str| {
        let id = id.to_owned();
        async move {
            let fields = [
                ("name", name),
                ("price", "1000"),
                ("discount", "10"),
                ("quantity", "5"),
                ("category", category),
                ("published", published),
            ];
            let saved = shop.update_product(&id, As::Admin, &fields).await;
            saved.answers(StatusCode::OK).await["product"].clone()
        }
    };
    assert_eq!(
        save(&hiker, "Hiker Prototype", "true").await["published"],
        json!(true)
    );
    let both = vec!["Chelsea Classic".to_owned(), "Hiker Prototype".to_owned()];
    assert_eq!(
        names(&app, "/product/get-products", As::Anonymous).await,
        both
    );
    assert_eq!(
        names(&app, &format!("/product/category/{boots}"), As::Anonymous).await,
        both
    );
    assert_eq!(
        names(&app, "/product/get-products?q=hiker", As::Anonymous).await,
        ["Hiker Prototype"]
    );
    assert_eq!(
        names(&app, "/product/suggest?q=hiker", As::Anonymous).await,
        ["Hiker Prototype"]
    );
    app.get_product(&hiker).await.answers(StatusCode::OK).await;
    let (status, _) = page(&app, &format!("/product/{hiker}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(sitemap(&app).await.contains(&hiker));

    // Saved without saying: it stays as it is. Saying false hides it again at once.
    let fields = [
        ("name", "Chelsea Classic"),
        ("price", "1000"),
        ("category", boots.as_str()),
    ];
    let kept = app.update_product(&chelsea, As::Admin, &fields).await;
    assert_eq!(
        kept.answers(StatusCode::OK).await["product"]["published"],
        json!(true)
    );
    save(&chelsea, "Chelsea Classic", "false").await;
    assert_eq!(
        names(&app, "/product/get-products", As::Anonymous).await,
        ["Hiker Prototype"]
    );
    assert!(
        names(&app, "/product/get-products?q=chelsea", As::Anonymous)
            .await
            .is_empty()
    );
    app.get_product(&chelsea)
        .await
        .refuses(StatusCode::NOT_FOUND, "Product not found")
        .await;
    assert!(!sitemap(&app).await.contains(&chelsea));
}

async fn a_draft_cannot_be_ordered_and_nothing_changes(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let (_, _, hiker) = boots_with_a_draft(&app).await;
    let cart = sized_cart(&hiker, 0, 1);
    let gone = "A product in your cart is no longer available";

    app.ask_payment_for(&cart, 900, None)
        .await
        .refuses(StatusCode::CONFLICT, gone)
        .await;
    let cod = json!({"products": cart, "address": ADDRESS, "pincode": PINCODE, "amount": 900});
    app.post_json("/order/cod", As::Shopper, cod)
        .await
        .refuses(StatusCode::CONFLICT, gone)
        .await;
    let quote = json!({"products": cart});
    app.post_json("/cart/quote", As::Shopper, quote)
        .await
        .refuses(StatusCode::CONFLICT, gone)
        .await;

    assert!(app.my_orders(As::Shopper).await.is_empty());
    let read = app
        .get(&format!("/product/get-product/{hiker}"), As::Admin)
        .await;
    assert_eq!(
        read.answers(StatusCode::OK).await["product"]["quantity"],
        json!(5)
    );
}

/// A classic Shopify file: a draft, an archived product, one `Published` `FALSE` and one active.
const SHOPIFY: &str = "Handle,Title,Type,Published,Option1 Name,Option1 Value,Variant Price,Variant Inventory Qty,Status\n\
drafted,Drafted Boot,Boots,TRUE,Size,UK 7,900,3,draft\n\
archived,Archived Boot,Boots,TRUE,Size,UK 7,900,3,archived\n\
hidden,Hidden Boot,Boots,FALSE,Size,UK 7,900,3,\n\
active,Active Boot,Boots,TRUE,Size,UK 7,900,3,active\n";

/// Every product as the admin's products screen lists them.
async fn admin_list(app: &TestApp) -> Vec<Value> {
    let reply = app.get("/product/get-products", As::Admin).await;
    array(&reply.answers(StatusCode::OK).await["products"])
}

async fn import(app: &TestApp, csv: &[u8]) -> Value {
    let form = Form::new().part("file", Part::bytes(csv.to_vec()).file_name("products.csv"));
    app.import_job(form).await
}

async fn an_imports_status_draft_or_published_false_imports_a_draft_and_the_export_round_trips(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let report = import(&app, SHOPIFY.as_bytes()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(report["created"], 4, "{report}");

    assert_eq!(
        names(&app, "/product/get-products", As::Anonymous).await,
        ["Active Boot"]
    );
    let before = admin_list(&app).await;
    let mut drafts: Vec<&str> = before
        .iter()
        .filter(|p| p["published"] == json!(false))
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    drafts.sort_unstable();
    assert_eq!(drafts, ["Archived Boot", "Drafted Boot", "Hidden Boot"]);

    // The export says which are drafts, and imports back changing nothing.
    let export = app.get("/product/export", As::Admin).await;
    assert_eq!(export.status(), StatusCode::OK);
    let export = export.bytes().await.unwrap().to_vec();
    let text = String::from_utf8(export.clone()).unwrap();
    let status_of = |handle: &str| -> String {
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header = reader.headers().unwrap().clone();
        let at = |name: &str| header.iter().position(|h| h == name).unwrap();
        let row = reader
            .records()
            .map(Result::unwrap)
            .find(|r| &r[at("Handle")] == handle)
            .unwrap();
        row[at("Status")].to_owned()
    };
    assert_eq!(status_of("drafted"), "draft");
    assert_eq!(status_of("hidden"), "draft");
    assert_eq!(status_of("active"), "active");
    let again = import(&app, &export).await;
    assert_eq!(again["status"], "done", "{again}");
    assert_eq!(
        (&again["created"], &again["updated"], &again["unchanged"]),
        (&json!(0), &json!(0), &json!(4)),
        "{again}"
    );
    assert_eq!(admin_list(&app).await, before);
}
