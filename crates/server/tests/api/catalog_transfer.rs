//! The catalog out and in as CSV (decisions section 17, D28): handles, `GET /product/export`,
//! `POST /product/import` with its dry run, job and errors, in both of Shopify's layouts.

use reqwest::multipart::{Form, Part};
use reqwest::{Method, Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    a_product_gets_a_unique_handle_from_its_name_and_keeps_it_when_renamed,
    the_export_is_a_csv_attachment_whose_tricky_text_survives,
    importing_the_shops_own_export_changes_nothing,
    a_classic_file_creates_products_and_their_category_and_a_second_import_changes_nothing,
    a_dry_run_answers_the_counts_and_writes_nothing,
    a_file_with_wrong_rows_is_refused_whole_with_each_rows_errors,
    skip_invalid_imports_the_valid_products_and_lists_the_others,
    a_shopify_price_under_its_compare_at_price_sells_at_exactly_that_price,
    a_file_in_the_2025_layout_imports,
    shopifys_own_sample_file_imports_as_it_is_with_warnings,
    a_2024_shopify_export_imports_as_it_is_with_warnings,
    a_csv_over_20_mb_is_refused,
    only_admins_export_and_import,
    the_export_of_a_product_with_colours_imports_back_unchanged,
);

const CLASSIC: &str = "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Grams,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Variant Compare At Price,Image Src,Image Position,Image Alt Text,SEO Title,Status\n\
mojari,\"मोजरी \"\"Royal\"\", tan\",\"Hand made\nLeather sole\",Acme,Ethnic,\"wedding, festive\",TRUE,Size,UK 7,MJ-7,400,shopify,3,850,1000,,,,,active\n\
mojari,,,,,,,,UK 8,MJ-8,400,shopify,5,850,1000,,,,,active\n\
kolhapuri,Kolhapuri,,Acme,Ethnic,,TRUE,Size,6,,300,shopify,9,900,,,,,,active\n\
kolhapuri,,,,,,,,7,,300,shopify,,900,,,,,,active\n";

fn csv_form(csv: &[u8], dry_run: bool) -> Form {
    let form = Form::new().part("file", Part::bytes(csv.to_vec()).file_name("products.csv"));
    if dry_run {
        form.text("dryRun", "true")
    } else {
        form
    }
}

impl TestApp {
    async fn send_import(&self, csv: &[u8], dry_run: bool) -> Response {
        self.send_import_form(csv_form(csv, dry_run)).await
    }

    /// Imports `csv` and waits for its job to end; the job's last report.
    async fn import(&self, csv: &[u8]) -> Value {
        self.import_job(csv_form(csv, false)).await
    }

    async fn export(&self) -> Vec<u8> {
        let reply = self.get("/product/export", As::Admin).await;
        assert_eq!(reply.status(), StatusCode::OK);
        reply.bytes().await.unwrap().to_vec()
    }

    async fn all_products(&self) -> Vec<Value> {
        let reply = self.get("/product/get-products", As::Anonymous).await;
        array(&reply.answers(StatusCode::OK).await["products"])
    }
}

pub(crate) fn counts(report: &Value) -> (i64, i64, i64) {
    let n = |k: &str| report[k].as_i64().unwrap();
    (n("created"), n("updated"), n("unchanged"))
}

/// The export's rows as header -> cell maps.
fn rows(csv: &[u8]) -> Vec<std::collections::HashMap<String, String>> {
    let mut reader = csv::Reader::from_reader(csv);
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    reader
        .records()
        .map(|r| {
            header
                .iter()
                .cloned()
                .zip(r.unwrap().iter().map(str::to_owned))
                .collect()
        })
        .collect()
}

async fn a_product_gets_a_unique_handle_from_its_name_and_keeps_it_when_renamed(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sneakers").await;
    let fields = |name| {
        [
            ("name", name),
            ("price", "999"),
            ("category", category.as_str()),
        ]
    };
    let one = app.product(&fields("Trail Runner"), None).await;
    let two = app.product(&fields("Trail Runner"), None).await;
    let three = app.product(&fields("मोजरी जूती!"), None).await;
    assert_eq!(one["handle"], "trail-runner");
    assert_eq!(two["handle"], "trail-runner-2");
    assert_eq!(three["handle"], "मोजरी-जूती");

    let id = one["_id"].as_str().unwrap();
    let renamed = [
        ("name", "Road Runner"),
        ("price", "999"),
        ("category", &category),
    ];
    let reply = app.update_product(id, As::Admin, &renamed).await;
    let body = reply.answers(StatusCode::OK).await;
    assert_eq!(body["product"]["name"], "Road Runner");
    assert_eq!(body["product"]["handle"], "trail-runner");
}

async fn the_export_is_a_csv_attachment_whose_tricky_text_survives(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("जूते, \"best\"").await;
    let fields = [
        ("name", "मोजरी \"Royal\", tan"),
        ("info", "Line one\nLine \"two\", with a comma"),
        ("type", "UK 7,UK 8"),
        ("price", "4755.18,900"),
        ("discount", "10,0"),
        ("stock", "2,0"),
        ("category", &category),
        ("hsn", "6403"),
    ];
    let product = app.product(&fields, Some(png())).await;

    let reply = app.get("/product/export", As::Admin).await;
    assert_eq!(reply.status(), StatusCode::OK);
    let headers = reply.headers().clone();
    assert!(
        headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment"), "{disposition}");
    let csv = reply.bytes().await.unwrap();
    let rows = rows(&csv);
    assert_eq!(rows.len(), 2);
    let first = &rows[0];
    assert_eq!(first["Handle"], product["handle"].as_str().unwrap());
    assert_eq!(first["Title"], "मोजरी \"Royal\", tan");
    assert_eq!(first["Info"], "Line one\nLine \"two\", with a comma");
    assert_eq!(first["Type"], "जूते, \"best\"");
    assert_eq!(first["Option1 Name"], "Size");
    assert_eq!(first["Option1 Value"], "UK 7");
    // 4755.18 less 10 % is 4279.662: the shop charges 4279.66.
    assert_eq!(first["Variant Compare At Price"], "4755.18");
    assert_eq!(first["Variant Price"], "4279.66");
    assert_eq!(first["Variant Inventory Qty"], "2");
    assert_eq!(first["HSN"], "6403");
    assert_eq!(first["Image Position"], "1");
    let id = product["_id"].as_str().unwrap();
    assert!(first["Image Src"].ends_with(&format!("/api/v1/product/product-photo/{id}")));
    assert_eq!(rows[1]["Variant Price"], "900");
    assert_eq!(rows[1]["Title"], "");
}

async fn importing_the_shops_own_export_changes_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Sneakers").await;
    let sized = [
        ("name", "Runner, \"fast\"\nedition"),
        ("type", "UK 7,UK 8"),
        ("price", "4755.18,900"),
        ("discount", "15,0"),
        ("stock", "2,3"),
        ("category", &category),
        ("tags", "road,trail"),
        ("description", "Light;Grippy"),
        ("otherphoto", "https://cdn.example.in/a.jpg,/b.jpg"),
    ];
    app.product(&sized, Some(png())).await;
    let pooled = [
        ("name", "जूती"),
        ("type", "6,7,8"),
        ("price", "900,900,950"),
        ("quantity", "7"),
        ("category", &category),
        ("shipping", "no"),
    ];
    app.product(&pooled, None).await;
    // Text a spreadsheet would run as a formula (OWASP's CSV injection).
    let formula = [
        ("name", "=HYPERLINK(\"x\")"),
        ("price", "500"),
        ("category", &category),
    ];
    app.product(&formula, None).await;
    let dashed = [
        ("name", "Dash"),
        ("price", "600"),
        ("category", &category),
        ("description", "- Leather sole;- Hand stitched"),
    ];
    app.product(&dashed, None).await;
    // An exact price under its MRP (decisions D36).
    let exact = [
        ("name", "Court Classic"),
        ("price", "3299"),
        ("salePrice", "1299"),
        ("category", &category),
    ];
    app.product(&exact, None).await;
    let before = app.all_products().await;
    let export = app.export().await;
    let exported = rows(&export);
    let cell = |title: &str, column: &str| -> String {
        exported
            .iter()
            .find(|r| r["Title"] == title)
            .unwrap_or_else(|| panic!("{title} exported"))[column]
            .clone()
    };
    assert_eq!(cell("'=HYPERLINK(\"x\")", "Title"), "'=HYPERLINK(\"x\")");
    assert_eq!(
        (
            cell("Court Classic", "Variant Price"),
            cell("Court Classic", "Variant Compare At Price")
        ),
        ("1299".to_owned(), "3299".to_owned())
    );
    // The form's description is one entry: it begins with `-`.
    assert_eq!(
        cell("Dash", "Body (HTML)"),
        "'- Leather sole;- Hand stitched"
    );

    let dry = app
        .send_import(&export, true)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(dry["status"], "done");
    assert_eq!(counts(&dry), (0, 0, 5));
    let report = app.import(&export).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (0, 0, 5));
    assert_eq!(report["processed"], 5);
    assert_eq!(app.all_products().await, before);
    assert_eq!(app.export().await, export);
}

async fn a_classic_file_creates_products_and_their_category_and_a_second_import_changes_nothing(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let report = app.import(CLASSIC.as_bytes()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (2, 0, 0));
    assert_eq!(
        (report["processed"].as_i64(), report["total"].as_i64()),
        (Some(2), Some(2))
    );
    assert_eq!(report["warnings"], json!([]));

    let categories = app.categories().await;
    assert!(categories.iter().any(|c| c["name"] == "Ethnic"));
    let products = app.all_products().await;
    let mojari = products.iter().find(|p| p["handle"] == "mojari").unwrap();
    assert_eq!(mojari["name"], "मोजरी \"Royal\", tan");
    assert_eq!(mojari["description"], json!(["Hand made", "Leather sole"]));
    assert_eq!(mojari["tags"], json!(["wedding", "festive"]));
    assert_eq!(mojari["type"], json!(["UK 7", "UK 8"]));
    assert_eq!(mojari["model"], json!(["MJ-7", "MJ-8"]));
    assert_eq!(mojari["price"], json!([1000.0, 1000.0]));
    assert_eq!(mojari["discount"], json!([15, 15]));
    assert_eq!(mojari["stock"], json!([3, 5]));
    assert_eq!(mojari["category"]["name"], "Ethnic");
    let kolhapuri = products
        .iter()
        .find(|p| p["handle"] == "kolhapuri")
        .unwrap();
    assert_eq!(kolhapuri["stock"], Value::Null, "one pool");
    assert_eq!(kolhapuri["quantity"], 9);

    let again = app.import(CLASSIC.as_bytes()).await;
    assert_eq!(counts(&again), (0, 0, 2));
    assert_eq!(app.all_products().await, products);
}

async fn a_dry_run_answers_the_counts_and_writes_nothing(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let reply = app.send_import(CLASSIC.as_bytes(), true).await;
    let body = reply.answers(StatusCode::OK).await;
    assert_eq!(body["success"], true);
    assert_eq!(body["status"], "done");
    assert_eq!(counts(&body), (2, 0, 0));
    assert!(app.all_products().await.is_empty());
    assert!(app.categories().await.iter().all(|c| c["name"] != "Ethnic"));
    // The query's dryRun too.
    let reply = app
        .request(Method::POST, "/product/import?dryRun=true", As::Admin)
        .multipart(csv_form(CLASSIC.as_bytes(), false))
        .send()
        .await
        .unwrap();
    assert_eq!(reply.answers(StatusCode::OK).await["status"], "done");
    assert!(app.all_products().await.is_empty());
}

async fn a_file_with_wrong_rows_is_refused_whole_with_each_rows_errors(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let csv = "Handle,Title,Type,Variant Price,Variant Inventory Qty\n\
good,Good,Sneakers,100,1\n\
,Bad,Sneakers,100,1\n\
priced,\"Two\nlines\",Sneakers,ten,1\n";
    let reply = app.send_import(csv.as_bytes(), false).await;
    let body = expect(reply, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["message"], "Import has errors");
    assert_eq!(
        body["errors"],
        json!([
            {"row": 3, "column": "Handle", "message": "Handle is required"},
            {"row": 4, "column": "Variant Price", "message": "Variant Price \"ten\" must be a number of rupees of at least 0, with at most 2 decimals"},
        ])
    );
    assert!(app.all_products().await.is_empty(), "nothing written");

    let reply = app.send_import(b"Name,Price\nx,1\n", false).await;
    let body = expect(reply, StatusCode::BAD_REQUEST).await;
    assert_eq!(body["errors"][0]["row"], 1);
    let reply = app.send_import(b"Handle,Title\na,\xff\n", false).await;
    expect_error(
        reply,
        StatusCode::BAD_REQUEST,
        "The file is not UTF-8 text at line 2",
    )
    .await;
}

/// Decisions section 19, "Import what is valid": the right products of a file with some wrong
/// ones, on asking; the replies that read the file count both.
async fn skip_invalid_imports_the_valid_products_and_lists_the_others(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let csv = "Handle,Title,Type,Variant Price,Variant Inventory Qty\n\
good,Good,Sneakers,100,1\n\
,Bad,Sneakers,100,1\n\
priced,Priced,Sneakers,ten,1\n\
also-good,Also Good,Sneakers,200,2\n";
    let wrong_rows = json!([
        {"row": 3, "column": "Handle", "message": "Handle is required"},
        {"row": 4, "column": "Variant Price", "message": "Variant Price \"ten\" must be a number of rupees of at least 0, with at most 2 decimals"},
    ]);
    let refused = expect(
        app.send_import(csv.as_bytes(), true).await,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert_eq!(
        (&refused["valid"], &refused["invalid"], &refused["errors"]),
        (&json!(2), &json!(2), &wrong_rows)
    );

    // A dry run asked by query: what it would import, the wrong rows listed, nothing written.
    let dry = app
        .request(
            Method::POST,
            "/product/import?dryRun=true&skipInvalid=true",
            As::Admin,
        )
        .multipart(csv_form(csv.as_bytes(), false))
        .send()
        .await
        .unwrap();
    let dry = dry.answers(StatusCode::OK).await;
    assert_eq!((&dry["valid"], &dry["invalid"]), (&json!(2), &json!(2)));
    assert_eq!((&dry["total"], &dry["created"]), (&json!(2), &json!(2)));
    assert_eq!(dry["errors"], wrong_rows);
    assert!(
        app.all_products().await.is_empty(),
        "a dry run writes nothing"
    );

    let started = app
        .send_import_form(csv_form(csv.as_bytes(), false).text("skipInvalid", "true"))
        .await;
    let started = started.answers(StatusCode::ACCEPTED).await;
    assert_eq!(
        (&started["valid"], &started["invalid"]),
        (&json!(2), &json!(2))
    );
    let report = app.job_when_ended(started["job"].as_str().unwrap()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(
        report["errors"], wrong_rows,
        "the finished job lists what it left out"
    );
    let mut names: Vec<Value> = app
        .all_products()
        .await
        .iter()
        .map(|p| p["name"].clone())
        .collect();
    names.sort_by_key(|n| n.to_string());
    assert_eq!(names, [json!("Also Good"), json!("Good")]);

    // A file that cannot be read has no valid product to import.
    let form = csv_form(b"Name,Price\nx,1\n", false).text("skipInvalid", "true");
    let refused = expect(app.send_import_form(form).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(
        (&refused["valid"], &refused["invalid"]),
        (&json!(0), &json!(0))
    );
    let form = csv_form(csv.as_bytes(), false).text("skipInvalid", "yes");
    let refused = app.send_import_form(form).await;
    expect_error(
        refused,
        StatusCode::BAD_REQUEST,
        "skipInvalid must be true or false",
    )
    .await;
    assert_eq!(app.all_products().await.len(), 2, "nothing more written");
}

async fn a_shopify_price_under_its_compare_at_price_sells_at_exactly_that_price(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let csv = "Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Variant Compare At Price,Variant Inventory Qty\n\
court-classic,Court Classic,Sneakers,Size,UK 7,1299,3299,4\n\
court-classic,,,,UK 8,1299,,2\n";
    let report = app.import(csv.as_bytes()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(report["warnings"], json!([]), "no price moved");
    let products = app.all_products().await;
    // UK 8 has no compare-at price: its price is its MRP.
    assert_eq!(products[0]["price"], json!([3299.0, 1299.0]));
    assert_eq!(products[0]["salePrice"], json!([1299.0, 1299.0]));
    assert_eq!(products[0]["discount"], json!([60, 0]));
    // Bought: exactly ₹1,299.
    let id = products[0]["_id"].as_str().unwrap();
    let order = app.buy(&sized_cart(id, 0, 1), 1299, None).await;
    assert_eq!(order["products"][0]["salePrice"], json!(1299.0));
    // Exported and imported back: unchanged to the paisa.
    let export = app.export().await;
    let again = app.import(&export).await;
    assert_eq!(counts(&again), (0, 0, 1));
    assert_eq!(
        app.all_products().await[0]["salePrice"],
        json!([1299.0, 1299.0])
    );
}

async fn a_file_in_the_2025_layout_imports(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let csv = "Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Price,Compare-at price,Cost per item,Charge tax,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Product image URL,Image position,Image alt text,Variant image URL,SEO title,SEO description\n\
Jutti,jutti,Soft,Acme,Apparel & Accessories > Shoes,Ethnic,festive,TRUE,Active,J-6,,Size,6,999,1149,500,TRUE,shopify,4,deny,300,,,,,,\n\
,jutti,,,,,,,,J-7,,,7,999,1149,500,TRUE,shopify,6,deny,300,,,,,,\n";
    let report = app.import(csv.as_bytes()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (1, 0, 0));
    let products = app.all_products().await;
    assert_eq!(products[0]["handle"], "jutti");
    assert_eq!(products[0]["category"]["name"], "Ethnic");
    assert_eq!(products[0]["price"], json!([1149.0, 1149.0]));
    // Sold at exactly the file's price; the discount is derived, rounded down.
    assert_eq!(products[0]["salePrice"], json!([999.0, 999.0]));
    assert_eq!(products[0]["discount"], json!([13, 13]));
    assert_eq!(report["warnings"], json!([]), "no price moved");
    assert_eq!(products[0]["stock"], json!([4, 6]));
}

/// Shopify's own sample product CSV (see tests/fixtures/shopify/README.md).
const SHOPIFY_TEMPLATE: &str = include_str!("../fixtures/shopify/product_template.csv");
/// A 2024 Shopify export's header with what real exports hold (the same README).
const SHOPIFY_2024: &str = include_str!("../fixtures/shopify/shopify-2024-lookalike.csv");

/// A reply's warnings as (row, column, message).
pub(crate) fn warnings(report: &Value) -> Vec<(i64, String, String)> {
    array(&report["warnings"])
        .iter()
        .map(|w| {
            (
                w["row"].as_i64().unwrap(),
                w["column"].as_str().unwrap().to_owned(),
                w["message"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

pub(crate) fn warned(row: i64, column: &str, message: &str) -> (i64, String, String) {
    (row, column.to_owned(), message.to_owned())
}

const UNTRACKED: &str = "Variant Inventory Qty is blank and Variant Inventory Tracker is empty (stock not tracked): 10 pairs";

async fn shopifys_own_sample_file_imports_as_it_is_with_warnings(db: &TestDb) {
    let app = spawn_app_on(db).await;
    // A dry run: the file as Shopify gives it (its photos are on Shopify's CDN, which a dry
    // run does not fetch).
    let dry = app.send_import(SHOPIFY_TEMPLATE.as_bytes(), true).await;
    let dry = dry.answers(StatusCode::OK).await;
    assert_eq!(counts(&dry), (3, 0, 0), "{dry}");
    assert_eq!(
        warnings(&dry),
        [
            warned(2, "Variant Inventory Qty", UNTRACKED),
            warned(3, "Variant Inventory Qty", UNTRACKED),
            warned(
                4,
                "Variant Inventory Qty",
                "Variant Inventory Qty is blank: 0 pairs"
            ),
            warned(5, "Variant Inventory Qty", UNTRACKED),
            warned(6, "Variant Inventory Qty", UNTRACKED),
        ]
    );

    // Imported without its CDN photos (the test has no internet): the stock as the warnings
    // said.
    let mut reader = csv::Reader::from_reader(SHOPIFY_TEMPLATE.as_bytes());
    let header = reader.headers().unwrap().clone();
    let src = header.iter().position(|h| h == "Image Src").unwrap();
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record(&header).unwrap();
    for record in reader.records() {
        let mut cells: Vec<String> = record.unwrap().iter().map(str::to_owned).collect();
        cells[src].clear();
        writer.write_record(&cells).unwrap();
    }
    let file = writer.into_inner().unwrap();
    let report = app.import(&file).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(warnings(&report), warnings(&dry));
    // Its pants are a `draft` and its hat `archived` (decisions D43): only admins see them.
    let products = app.get("/product/get-products", As::Admin).await;
    let products = array(&products.answers(StatusCode::OK).await["products"]);
    let published = |handle: &str| {
        products.iter().find(|p| p["handle"] == handle).unwrap()["published"].clone()
    };
    assert_eq!(
        [
            published("example-t-shirt"),
            published("example-pants"),
            published("example-hat")
        ],
        [json!(true), json!(false), json!(false)]
    );
    let shown: Vec<Value> = app.all_products().await;
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0]["handle"], "example-t-shirt");
    let shirt = products
        .iter()
        .find(|p| p["handle"] == "example-t-shirt")
        .unwrap();
    assert_eq!(
        shirt["type"],
        json!(["Lithograph - Height: 9\" x Width: 12\"", "Small", "Medium"])
    );
    assert_eq!(shirt["stock"], json!([10, 10, 0]));
    assert_eq!(shirt["category"]["name"], "Shirts");
    let hat = products
        .iter()
        .find(|p| p["handle"] == "example-hat")
        .unwrap();
    assert_eq!(hat["stock"], json!([10]));
}

async fn a_2024_shopify_export_imports_as_it_is_with_warnings(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let dry = app.send_import(SHOPIFY_2024.as_bytes(), true).await;
    let dry = dry.answers(StatusCode::OK).await;
    assert_eq!(counts(&dry), (3, 0, 0), "{dry}");
    let expected = [
        warned(
            2,
            "Type",
            "Type is empty: the product is in Sneakers, from Product Category",
        ),
        warned(
            3,
            "Variant Inventory Qty",
            "Variant Inventory Qty -2 is below 0: 0 pairs",
        ),
        warned(4, "Type", "Type is empty: the product is in Uncategorised"),
        warned(4, "Variant Inventory Qty", UNTRACKED),
        warned(
            5,
            "Handle",
            "Handle \"Monsoon-Knit™-🌧\" is not in handle form: imported as monsoon-knit",
        ),
        warned(
            6,
            "Variant Inventory Qty",
            "Variant Inventory Qty is blank: 0 pairs",
        ),
    ];
    assert_eq!(warnings(&dry), expected);
    assert!(
        app.all_products().await.is_empty(),
        "a dry run writes nothing"
    );

    let report = app.import(SHOPIFY_2024.as_bytes()).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (3, 0, 0));
    assert_eq!(warnings(&report), expected, "the job keeps the warnings");
    let products = app.all_products().await;
    let product = |handle: &str| {
        products
            .iter()
            .find(|p| p["handle"] == handle)
            .unwrap_or_else(|| panic!("{handle} imported"))
    };
    assert_eq!(product("court-sneaker")["category"]["name"], "Sneakers");
    assert_eq!(product("court-sneaker")["stock"], json!([4, 0]));
    assert_eq!(
        product("gift-card-slipper")["category"]["name"],
        "Uncategorised"
    );
    assert_eq!(product("gift-card-slipper")["stock"], json!([10]));
    assert_eq!(product("monsoon-knit")["stock"], json!([3, 0, 5]));
    assert_eq!(product("monsoon-knit")["category"]["name"], "Slip-Ons");
    let categories = app.categories().await;
    for made in ["Sneakers", "Uncategorised", "Slip-Ons"] {
        assert!(categories.iter().any(|c| c["name"] == made), "{made}");
    }

    // The same file again changes nothing, and says the same.
    let again = app.import(SHOPIFY_2024.as_bytes()).await;
    assert_eq!(counts(&again), (0, 0, 3), "{again}");
    assert_eq!(warnings(&again), expected);
}

async fn a_csv_over_20_mb_is_refused(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let mut csv = b"Handle,Title\n".to_vec();
    csv.resize(20 * 1024 * 1024 + 1, b'a');
    let reply = app.send_import(&csv, false).await;
    expect_error(
        reply,
        StatusCode::PAYLOAD_TOO_LARGE,
        "The CSV file must be at most 20 MB",
    )
    .await;
}

async fn only_admins_export_and_import(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let reply = app.get("/product/export", As::Shopper).await;
    expect(reply, StatusCode::FORBIDDEN).await;
    let reply = app
        .request(Method::POST, "/product/import", As::Shopper)
        .multipart(csv_form(CLASSIC.as_bytes(), false))
        .send()
        .await
        .unwrap();
    expect(reply, StatusCode::FORBIDDEN).await;
    let reply = app.get("/product/import/nope", As::Admin).await;
    expect_error(reply, StatusCode::NOT_FOUND, "Import job not found").await;
}

async fn the_export_of_a_product_with_colours_imports_back_unchanged(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let category = app.category("Slip-ons").await;
    let colours = r##"[{"name": "Tan", "hex": "#A0522D", "photos": ["/api/v1/media/tan-1", "/api/v1/media/tan-2"]}, {"name": "Black", "hex": null, "photos": []}]"##;
    let created = app
        .product(
            &[
                ("name", "Monsoon Knit Slip-On"),
                ("colors", colours),
                ("color", "Tan,Tan,Black"),
                ("type", "UK 7,UK 8,UK 7"),
                ("price", "3299,3299,3299"),
                ("salePrice", "1299,1299,1499.50"),
                ("category", &category),
                ("stock", "1,2,3"),
            ],
            None,
        )
        .await;
    let export = app.export().await;
    let exported = rows(&export);
    let cells = |key: &str| exported.iter().map(|r| r[key].clone()).collect::<Vec<_>>();
    assert_eq!(cells("Option2 Name"), ["Color", "", ""]);
    assert_eq!(cells("Option2 Value"), ["Tan", "Tan", "Black"]);
    assert_eq!(
        cells("Variant Image"),
        ["/api/v1/media/tan-1", "/api/v1/media/tan-1", ""]
    );
    let again = app.import(&export).await;
    assert_eq!(again["status"], "done", "{again}");
    assert_eq!(counts(&again), (0, 0, 1));
    let products = app.all_products().await;
    for key in ["colors", "color", "type", "salePrice", "stock"] {
        assert_eq!(products[0][key], created[key], "{key}");
    }
}
