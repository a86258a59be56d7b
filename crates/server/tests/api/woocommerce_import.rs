//! WooCommerce's product exports imported as they are (decisions section 19, D46): its own
//! sample file, its importer's test file and a footwear shop's look-alike (see
//! tests/fixtures/woocommerce/README.md), their photos served by the tests' own web server.

use paduka_media::fixtures;
use reqwest::StatusCode;
use serde_json::{Value, json};
use wiremock::MockServer;

use crate::catalog_transfer::{counts, warned, warnings};
use crate::helpers::*;
use crate::import_photos::{by_handle, import_form, photo_server, requests_for};

crate::on_both_backends!(
    woocommerces_own_sample_file_imports_as_it_is_its_photos_fetched,
    woocommerces_importer_test_file_imports_with_its_warnings,
    a_footwear_shops_export_imports_with_colours_exact_prices_drafts_and_warnings,
    a_header_in_another_language_is_refused_naming_the_english_headers,
);

/// WooCommerce's own sample products (GPL; tests/fixtures/woocommerce/README.md).
const SAMPLE: &str = include_str!("../fixtures/woocommerce/sample_products.csv");
/// The CSV WooCommerce's own importer tests read.
const IMPORTER_TEST: &str = include_str!("../fixtures/woocommerce/importer-test-sample.csv");
/// A footwear shop's export written on WooCommerce 9's exporter header.
const FOOTWEAR: &str = include_str!("../fixtures/woocommerce/footwear-shop-lookalike.csv");

/// Every distinct address under `host` in `csv`, as paths.
fn paths_on(csv: &str, host: &str) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for (at, _) in csv.match_indices(host) {
        let rest = &csv[at + host.len()..];
        let end = rest
            .find(|c: char| c == ',' || c == '"' || c.is_whitespace())
            .unwrap_or(rest.len());
        let path = rest[..end].to_owned();
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    paths
}

/// A photo server with a photo of its own for each of `paths` but `dead`; and `csv` with
/// `host` moved onto it.
async fn served(csv: &str, host: &str, dead: &[&str]) -> (MockServer, String) {
    let paths = paths_on(csv, host);
    let photos: Vec<(&str, Vec<u8>)> = paths
        .iter()
        .enumerate()
        .filter(|(_, p)| !dead.contains(&p.as_str()))
        .map(|(i, p)| (p.as_str(), fixtures::jpeg(10 + i as u32, 10)))
        .collect();
    let server = photo_server(&photos).await;
    let moved = csv.replace(host, &server.uri());
    (server, moved)
}

impl TestApp {
    /// Every product, drafts too.
    async fn every_product(&self) -> Vec<Value> {
        let reply = self.get("/product/get-products", As::Admin).await;
        array(&reply.answers(StatusCode::OK).await["products"])
    }

    /// Whether every colour photo and gallery photo of `product` is served by this shop.
    async fn photos_served(&self, product: &Value) -> usize {
        let mut served = 0;
        let colours = array(&product["colors"]);
        let photos = colours
            .iter()
            .flat_map(|c| array(&c["photos"]))
            .chain(array(&product["otherphoto"]));
        for photo in photos {
            assert_eq!(
                self.media(&photo).await.status(),
                StatusCode::OK,
                "{photo} of {}",
                product["handle"]
            );
            served += 1;
        }
        served
    }
}

const UNMANAGED: &str = "Stock is blank and In stock? is 1 (stock not managed): 10 pairs";
const NOT_IMPORTED: &str =
    "not imported (only simple and variable products and their variations are)";

async fn woocommerces_own_sample_file_imports_as_it_is_its_photos_fetched(db: &TestDb) {
    let app = spawn_app_on_with(db, allow_private_hosts).await;
    // A dry run of the file as WooCommerce ships it (a dry run fetches nothing).
    let dry = app
        .send_import_form(import_form(SAMPLE, None, true))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(counts(&dry), (16, 0, 0), "{dry}");
    assert_eq!((&dry["valid"], &dry["invalid"]), (&json!(16), &json!(0)));
    let said = warnings(&dry);
    // 14 simple products and 7 variations whose stock WooCommerce does not manage.
    assert_eq!(said.iter().filter(|w| w.2 == UNMANAGED).count(), 21);
    assert!(said.contains(&warned(
        3,
        "Attribute 2 name",
        "Attribute 2 name Logo kept in the size label"
    )));
    assert!(said.contains(&warned(
        24,
        "Type",
        &format!("Type grouped: {NOT_IMPORTED}")
    )));
    assert!(said.contains(&warned(
        25,
        "Type",
        &format!("Type external: {NOT_IMPORTED}")
    )));
    assert_eq!(said.len(), 24, "{said:#?}");

    // Its photos from the tests' own server, at the same paths.
    let host = "https://woocommercecore.mystagingwebsite.com";
    let (server, csv) = served(SAMPLE, host, &[]).await;
    let report = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (16, 0, 0));
    assert_eq!(
        (&report["missingPhotos"], &report["errors"]),
        (&json!(0), &json!([]))
    );
    assert_eq!(
        warnings(&report),
        said,
        "the job says what the dry run said"
    );
    assert_eq!(
        requests_for(&server, "/wp-content/uploads/2017/12/hoodie-2.jpg").await,
        1,
        "an address is fetched once, however many places take it"
    );

    let products = app.every_product().await;
    assert_eq!(products.len(), 16);
    let vneck = by_handle(&products, "woo-vneck-tee");
    assert_eq!(vneck["name"], "V-Neck T-Shirt");
    assert_eq!(vneck["category"]["name"], "Tshirts");
    // Each colour in every size its parent lists (its variations leave the size blank).
    let colours = array(&vneck["colors"]);
    let names: Vec<&str> = colours
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Red", "Green", "Blue"]);
    assert_eq!(
        vneck["type"],
        json!([
            "Large", "Medium", "Small", "Large", "Medium", "Small", "Large", "Medium", "Small"
        ])
    );
    assert_eq!(
        vneck["price"],
        json!([20.0, 20.0, 20.0, 20.0, 20.0, 20.0, 15.0, 15.0, 15.0])
    );
    assert_eq!(vneck["salePrice"], vneck["price"]);
    assert_eq!(vneck["stock"], json!([10, 10, 10, 10, 10, 10, 10, 10, 10]));
    assert_eq!(
        app.photos_served(vneck).await,
        5,
        "3 colours' and 2 gallery photos"
    );
    let hoodie = by_handle(&products, "woo-hoodie");
    assert_eq!(hoodie["color"], json!(["Red", "Green", "Blue", "Blue"]));
    assert_eq!(hoodie["type"], json!(["No", "No", "No", "Yes"]));
    assert_eq!(hoodie["price"], json!([45.0, 45.0, 45.0, 45.0]));
    assert_eq!(hoodie["salePrice"], json!([42.0, 45.0, 45.0, 45.0]));
    assert_eq!(
        array(&hoodie["colors"][2]["photos"]).len(),
        2,
        "Blue's two variations' images"
    );
    app.photos_served(hoodie).await;
    let beanie = by_handle(&products, "woo-beanie");
    assert_eq!(
        (&beanie["price"], &beanie["salePrice"]),
        (&json!([20.0]), &json!([18.0]))
    );
    assert_eq!(beanie["colors"][0]["name"], "Red");
    assert_eq!(beanie["type"], json!(["One size"]));
    let album = by_handle(&products, "woo-album");
    assert_eq!(album["category"]["name"], "Music");
    assert_eq!(album["price"], json!([15.0]));
    assert!(products.iter().all(|p| p["published"] == true));
    assert!(
        products.iter().all(|p| p["hasPhoto"] == true),
        "every product its own photo"
    );
}

async fn woocommerces_importer_test_file_imports_with_its_warnings(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let dry = app
        .send_import_form(import_form(IMPORTER_TEST, None, true))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(counts(&dry), (3, 0, 0), "{dry}");
    assert_eq!(
        warnings(&dry),
        [
            warned(
                2,
                "Sale price",
                "Sale price has dates in WooCommerce (Date sale price starts / Date sale price ends): this shop has no scheduled prices, so it sells at 18 from now on"
            ),
            warned(
                3,
                "Sale price",
                "Sale price has dates in WooCommerce (Date sale price starts / Date sale price ends): this shop has no scheduled prices, so it sells at 4 from now on"
            ),
            warned(
                3,
                "Stock",
                "Stock is blank and In stock? is 1 (stock not managed): 10 pairs"
            ),
            warned(4, "Type", &format!("Type external: {NOT_IMPORTED}")),
            warned(8, "Type", &format!("Type grouped: {NOT_IMPORTED}")),
        ]
    );
    // Without its photos, on a demo site that went away long ago.
    let csv = IMPORTER_TEST.replace("Images", "Images (not read)");
    let report = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(report["status"], "done", "{report}");
    let products = app.every_product().await;
    let logo = by_handle(&products, "woologo");
    assert_eq!(
        logo["category"]["name"], "Clothing",
        "the first path listed"
    );
    assert_eq!(
        (&logo["price"], &logo["salePrice"]),
        (&json!([20.0]), &json!([18.0]))
    );
    assert_eq!(logo["stock"], json!([5]));
    assert_eq!(logo["colors"][0]["name"], "Red");
    let album = by_handle(&products, "wooalbum");
    assert_eq!(album["category"]["name"], "Albums");
    assert_eq!(
        album["specifications"],
        json!(["Label: WooCommerce", "Vinyl: 180-Gram"]),
        "a simple product's attributes that are neither size nor colour describe it"
    );
    let idea = by_handle(&products, "wooidea");
    assert_eq!(idea["color"], json!(["Black", "Green"]));
    assert_eq!(idea["type"], json!(["M", "L"]));
    assert_eq!(idea["price"], json!([20.0, 20.0]));
    assert_eq!(idea["salePrice"], json!([20.0, 17.99]));
    assert_eq!(idea["stock"], json!([6, 10]));
}

async fn a_footwear_shops_export_imports_with_colours_exact_prices_drafts_and_warnings(
    db: &TestDb,
) {
    let app = spawn_app_on_with(db, allow_private_hosts).await;
    let dead = "/wp-content/uploads/2024/05/knit-gone.jpg";
    let (server, csv) = served(FOOTWEAR, "https://shop.example", &[dead]).await;
    let dry = app
        .send_import_form(import_form(&csv, None, true))
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(counts(&dry), (4, 0, 0), "{dry}");
    let expected = [
        warned(
            6,
            "Published",
            "Published 0: a variation switched off in WooCommerce, not imported",
        ),
        warned(7, "Stock", "Stock -1 is below 0: 0 pairs"),
        warned(
            8,
            "Attribute 1 value(s)",
            "Black, UK 9 is on row 5 already: the first is kept",
        ),
        warned(9, "Stock", UNMANAGED),
        warned(13, "Type", &format!("Type grouped: {NOT_IMPORTED}")),
        warned(14, "Type", &format!("Type external: {NOT_IMPORTED}")),
        warned(
            15,
            "Categories",
            "Categories is empty: the product is in Uncategorised",
        ),
    ];
    assert_eq!(warnings(&dry), expected);

    let started = app
        .send_import_form(import_form(&csv, None, false))
        .await
        .answers(StatusCode::ACCEPTED)
        .await;
    let job = started["job"].as_str().unwrap().to_owned();
    let report = app.job_when_ended(&job).await;
    assert_eq!(report["status"], "done", "{report}");
    assert_eq!(counts(&report), (4, 0, 0));
    assert_eq!(report["missingPhotos"], 1);
    let mut with_photo = expected.to_vec();
    with_photo.insert(
        4,
        warned(
            10,
            "Images",
            &format!(
                "The photo at {}{dead} could not be fetched: the server answered 404",
                server.uri()
            ),
        ),
    );
    assert_eq!(warnings(&report), with_photo);

    let products = app.every_product().await;
    let mojari = by_handle(&products, "jaipuri-mojari");
    assert_eq!(mojari["category"]["name"], "Mojaris");
    assert_eq!(
        mojari["info"],
        "<p>Hand-stitched leather mojari with a camel-leather sole.</p>"
    );
    assert_eq!(
        mojari["description"],
        json!([
            "<h3>Care</h3>",
            "<ul>",
            "<li>Wipe with a dry cloth</li>",
            "<li>Keep away from water</li>",
            "</ul>"
        ])
    );
    assert_eq!(mojari["specifications"], json!(["Sole: Leather"]));
    assert_eq!(mojari["tags"], json!(["leather", "handmade"]));
    assert_eq!(
        mojari["color"],
        json!(["Tan", "Tan", "Black", "Black", "Black", "Black", "Maroon"])
    );
    assert_eq!(
        mojari["type"],
        json!(["UK 7", "UK 8", "UK 6", "UK 7", "UK 8", "UK 9", "UK 9"])
    );
    assert_eq!(
        mojari["price"],
        json!([3299.0, 3299.0, 2999.0, 2999.0, 2999.0, 2999.0, 3499.0])
    );
    assert_eq!(
        mojari["salePrice"],
        json!([1299.0, 1299.0, 2999.0, 2999.0, 2999.0, 2999.0, 2799.5])
    );
    assert_eq!(mojari["discount"], json!([60, 60, 0, 0, 0, 0, 19]));
    assert_eq!(mojari["stock"], json!([4, 0, 2, 2, 2, 2, 0]));
    assert_eq!(mojari["published"], true);
    assert_eq!(
        app.photos_served(mojari).await,
        4,
        "Tan's, Black's, Maroon's and the sole's"
    );
    assert_eq!(
        requests_for(&server, "/wp-content/uploads/2024/05/mojari-tan.jpg").await,
        1
    );

    let kolhapuri = by_handle(&products, "kol-classic");
    assert_eq!(kolhapuri["published"], false, "-1: a draft");
    assert_eq!(
        kolhapuri["specifications"],
        json!(["Size: UK 6, UK 7, UK 8"])
    );
    assert_eq!(kolhapuri["stock"], json!([10]));
    assert_eq!(
        kolhapuri["description"],
        json!(["Made in Kolhapur.", "Softens with wear."])
    );

    let knit = by_handle(&products, "mks");
    assert_eq!(knit["color"], json!(["Grey", "Grey", "Navy", "Navy"]));
    assert_eq!(knit["type"], json!(["UK 7", "UK 8", "UK 7", "UK 8"]));
    assert_eq!(
        (&knit["stock"], &knit["quantity"]),
        (&Value::Null, &json!(20)),
        "one pool"
    );
    assert_eq!(knit["salePrice"], json!([1499.0, 1499.0, 1999.0, 1999.0]));
    assert_eq!(
        knit["otherphoto"],
        json!([]),
        "its one gallery photo is dead"
    );

    let jutti = by_handle(&products, "jut-emb");
    assert_eq!(jutti["published"], false, "0 (private): a draft");
    assert_eq!(jutti["category"]["name"], "Uncategorised");
    assert_eq!(jutti["colors"][0]["name"], "Rani pink");
    assert_eq!(jutti["type"], json!(["One size"]));
    assert_eq!(
        (&jutti["price"], &jutti["salePrice"]),
        (&json!([1499.0]), &json!([999.0]))
    );
    assert_eq!(jutti["tags"], json!(["wedding, festive", "women"]));
    // Drafts are the admin's only.
    let shown = app.listed().await;
    assert_eq!(shown.len(), 2);

    // The same file again changes nothing: its photos, fetched anew, are the ones kept.
    let again = app.import_job(import_form(&csv, None, false)).await;
    assert_eq!(counts(&again), (0, 0, 4), "{again}");
    assert_eq!(app.every_product().await, products);
}

async fn a_header_in_another_language_is_refused_naming_the_english_headers(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let french = "ID,Type,UGS,Nom,Publié,\"Mis en avant ?\",\"Visibilité dans le catalogue\",\"Description courte\",Description,\"En stock ?\",Stock,\"Tarif promo\",\"Tarif régulier\",Catégories,Étiquettes,Images,Parent,\"Nom de l’attribut 1\",\"Valeur(s) de l’attribut 1\"\n\
10,simple,CH-1,Chaussure,1,0,visible,,,1,5,,49,Chaussures,,,,,\n";
    let reply = app.send_import_form(import_form(french, None, false)).await;
    let body = reply.answers(StatusCode::BAD_REQUEST).await;
    assert_eq!(body["message"], "Import has errors");
    assert_eq!(
        body["errors"],
        json!([{
            "row": 1,
            "column": "ID",
            "message": "This looks like a WooCommerce export whose header is not in English (WooCommerce writes it in the language of the user exporting): set your WordPress profile's language to English and export again. The import reads WooCommerce's English headers: ID, Type, SKU, Name, Published, Short description, Description, Sale price, Regular price, Categories, Tags, Images, Stock, In stock?, Parent, Attribute 1 name, Attribute 1 value(s)",
        }])
    );
    assert!(app.every_product().await.is_empty());
}
