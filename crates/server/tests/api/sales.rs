use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn an_admin_runs_the_sale_lifecycle() {
    let app = spawn_app().await;
    let later = json!({"name": "Holi", "start": "2030-03-01T00:00:00Z", "end": "2030-03-10T00:00:00Z", "discount": 15});
    let sooner = json!({"name": "Diwali", "start": "2029-10-20T10:00", "end": "2029-10-30T10:00", "discount": "30"});
    let holi = expect(
        app.post_json("/sale/create-sale", As::Admin, later).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(holi["success"], json!(true));
    expect(
        app.post_json("/sale/create-sale", As::Admin, sooner).await,
        StatusCode::CREATED,
    )
    .await;

    let body = expect(
        app.get("/sale/allsales", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    let sales = body["sales"].as_array().unwrap();
    assert_eq!(sales[0]["name"], json!("Diwali"), "by start");
    // A time with no offset is India time: 10:00 IST is 04:30 UTC.
    assert_eq!(sales[0]["start"], json!("2029-10-20T04:30:00Z"));
    assert_eq!(sales[0]["discount"], json!(30));

    let id = holi["sale"]["_id"].as_str().unwrap();
    let changed = json!({"name": "Holi Week", "start": "2030-03-01T00:00:00Z", "end": "2030-03-08T00:00:00Z", "discount": 20});
    let body = expect(
        app.put_json(&format!("/sale/update-sale/{id}"), As::Admin, changed)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["sale"]["name"], json!("Holi Week"));

    let body = expect(
        app.get(&format!("/sale/delete-sale/{id}"), As::Admin).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["message"], json!("Sale deleted Successfully"));
    let body = expect(
        app.get("/sale/allsales", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["sales"].as_array().unwrap().len(), 1);
    expect_error(
        app.get(&format!("/sale/delete-sale/{id}"), As::Admin).await,
        StatusCode::NOT_FOUND,
        "Sale not found",
    )
    .await;
}

#[tokio::test]
async fn a_sale_needs_every_field_and_an_end_after_its_start() {
    let app = spawn_app().await;
    for missing in ["name", "start", "end", "discount"] {
        let mut body = json!({"name": "Holi", "start": "2030-03-01T00:00:00Z", "end": "2030-03-10T00:00:00Z", "discount": 15});
        body.as_object_mut().unwrap().remove(missing);
        expect_error(
            app.post_json("/sale/create-sale", As::Admin, body).await,
            StatusCode::BAD_REQUEST,
            "Fill all details",
        )
        .await;
    }
    for bad in [
        json!({"name": "Backwards", "start": "2030-03-10T00:00:00Z", "end": "2030-03-01T00:00:00Z", "discount": 15}),
        json!({"name": "Too much", "start": "2030-03-01T00:00:00Z", "end": "2030-03-10T00:00:00Z", "discount": 101}),
        json!({"name": "When", "start": "tomorrow", "end": "2030-03-10T00:00:00Z", "discount": 5}),
    ] {
        expect(
            app.post_json("/sale/create-sale", As::Admin, bad).await,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    let body = expect(
        app.get("/sale/allsales", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["sales"], json!([]));
}

#[tokio::test]
async fn sale_writes_need_an_admin() {
    let app = spawn_app().await;
    let sale = json!({"name": "Holi", "start": "2030-03-01T00:00:00Z", "end": "2030-03-10T00:00:00Z", "discount": 15});
    let created = expect(
        app.post_json("/sale/create-sale", As::Admin, sale.clone())
            .await,
        StatusCode::CREATED,
    )
    .await;
    let id = created["sale"]["_id"].as_str().unwrap();
    for (who, status) in [
        (As::Anonymous, StatusCode::UNAUTHORIZED),
        (As::Shopper, StatusCode::FORBIDDEN),
    ] {
        expect(
            app.post_json("/sale/create-sale", who, sale.clone()).await,
            status,
        )
        .await;
        expect(
            app.put_json(&format!("/sale/update-sale/{id}"), who, sale.clone())
                .await,
            status,
        )
        .await;
        expect(
            app.get(&format!("/sale/delete-sale/{id}"), who).await,
            status,
        )
        .await;
    }
    let body = expect(
        app.get("/sale/allsales", As::Anonymous).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(body["sales"].as_array().unwrap().len(), 1);
}
