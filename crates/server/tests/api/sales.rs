//! Sales: the admin's writes and the storefront's list.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

crate::on_both_backends!(
    an_admin_runs_the_sale_lifecycle,
    a_sale_needs_every_field_and_an_end_after_its_start,
    sale_writes_need_an_admin,
);

/// Holi, 1 to 10 March 2030, 15% off.
fn holi() -> Value {
    json!({"name": "Holi", "start": "2030-03-01T00:00:00Z", "end": "2030-03-10T00:00:00Z", "discount": 15})
}

async fn an_admin_runs_the_sale_lifecycle(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let sooner = json!({"name": "Diwali", "start": "2029-10-20T10:00", "end": "2029-10-30T10:00", "discount": "30"});
    let created = app.create(&SALES, As::Admin, holi()).await;
    let created = created.answers(StatusCode::CREATED).await;
    assert_eq!(created["success"], json!(true));
    let diwali = app.create(&SALES, As::Admin, sooner).await;
    diwali.answers(StatusCode::CREATED).await;

    let sales = app.sales().await;
    assert_eq!(sales[0]["name"], json!("Diwali"), "by start");
    // A time with no offset is India time: 10:00 IST is 04:30 UTC.
    assert_eq!(sales[0]["start"], json!("2029-10-20T04:30:00Z"));
    assert_eq!(sales[0]["discount"], json!(30));

    let id = created["sale"]["_id"].as_str().unwrap();
    let changed = json!({"name": "Holi Week", "start": "2030-03-01T00:00:00Z", "end": "2030-03-08T00:00:00Z", "discount": 20});
    let body = app.update(&SALES, id, As::Admin, changed).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["sale"]["name"], json!("Holi Week"));

    let body = app.remove(&SALES, id, As::Admin).await;
    let body = body.answers(StatusCode::OK).await;
    assert_eq!(body["message"], json!("Sale deleted Successfully"));
    assert_eq!(app.sales().await.len(), 1);
    let again = app.remove(&SALES, id, As::Admin).await;
    again.refuses(StatusCode::NOT_FOUND, "Sale not found").await;
}

async fn a_sale_needs_every_field_and_an_end_after_its_start(db: &TestDb) {
    let app = spawn_app_on(db).await;
    for missing in ["name", "start", "end", "discount"] {
        let mut sale = holi();
        sale.as_object_mut().unwrap().remove(missing);
        let refused = app.create(&SALES, As::Admin, sale).await;
        refused
            .refuses(StatusCode::BAD_REQUEST, "Fill all details")
            .await;
    }
    let backwards = json!({"start": "2030-03-10T00:00:00Z", "end": "2030-03-01T00:00:00Z"});
    for change in [
        backwards,
        json!({"discount": 101}),
        json!({"start": "tomorrow"}),
    ] {
        let mut sale = holi();
        for (field, value) in change.as_object().unwrap() {
            sale[field] = value.clone();
        }
        let refused = app.create(&SALES, As::Admin, sale).await;
        refused.answers(StatusCode::BAD_REQUEST).await;
    }
    assert!(app.sales().await.is_empty());
}

async fn sale_writes_need_an_admin(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let created = app.create(&SALES, As::Admin, holi()).await;
    let created = created.answers(StatusCode::CREATED).await;
    let id = created["sale"]["_id"].as_str().unwrap();
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        for response in [
            app.create(&SALES, who, holi()).await,
            app.update(&SALES, id, who, holi()).await,
            app.remove(&SALES, id, who).await,
        ] {
            response.answers(status).await;
        }
    }
    assert_eq!(app.sales().await.len(), 1);
}
