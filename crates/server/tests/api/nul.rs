//! NUL characters are refused at the edge (decisions D4): PostgreSQL cannot store them, so
//! no route may hand one to the database. Every operation of the published document is tried
//! with one in its path, its query and its JSON body, and the product form with one in a
//! field; each answers 400 and nothing is stored.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(every_route_refuses_a_nul_in_path_query_body_or_form,);

const REFUSED: &str = "Text must not contain NUL characters";

async fn every_route_refuses_a_nul_in_path_query_body_or_form(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let boots = app.category("Boots").await;
    let before = (app.categories().await, app.product_names("").await);

    let document = app.get("/openapi.json", As::Anonymous).await;
    let document = document.answers(StatusCode::OK).await;
    let mut tried = 0;
    for (path, operations) in document["paths"].as_object().unwrap() {
        // Outside the API (health checks) nothing takes text.
        let Some(path) = path.strip_prefix("/api/v1") else {
            continue;
        };
        for (method, operation) in operations.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            let with_nul_ids = path
                .split('/')
                .map(|part| if part.starts_with('{') { "a%00b" } else { part })
                .collect::<Vec<_>>()
                .join("/");
            if with_nul_ids != path {
                let sent = app.request(method.clone(), &with_nul_ids, As::Admin).send();
                sent.await
                    .unwrap()
                    .refuses(StatusCode::BAD_REQUEST, REFUSED)
                    .await;
                tried += 1;
            }
            let concrete = path
                .split('/')
                .map(|part| {
                    if part.starts_with('{') {
                        "some-id"
                    } else {
                        part
                    }
                })
                .collect::<Vec<_>>()
                .join("/");
            let query = format!("{concrete}?q=a%00b");
            let sent = app.request(method.clone(), &query, As::Admin).send();
            sent.await
                .unwrap()
                .refuses(StatusCode::BAD_REQUEST, REFUSED)
                .await;
            tried += 1;
            if operation["requestBody"]["content"]["application/json"].is_object() {
                let body = json!({"name": "a\u{0}b", "email": "asha\u{0}@paduka.test"});
                let sent = app
                    .request(method.clone(), &concrete, As::Admin)
                    .json(&body);
                sent.send()
                    .await
                    .unwrap()
                    .refuses(StatusCode::BAD_REQUEST, REFUSED)
                    .await;
                tried += 1;
            }
        }
    }
    assert!(tried > 40, "the document names every route ({tried} tried)");

    let form = app
        .create_product(
            As::Admin,
            &[
                ("name", "Chelsea\u{0}Boot"),
                ("price", "999"),
                ("category", &boots),
            ],
        )
        .await;
    form.refuses(StatusCode::BAD_REQUEST, REFUSED).await;

    let after = (app.categories().await, app.product_names("").await);
    assert_eq!(before, after, "nothing was stored");
    let users: Value = app
        .get("/user/get-users", As::Admin)
        .await
        .answers(StatusCode::OK)
        .await;
    assert!(!users.to_string().contains("\\u0000"));
}
