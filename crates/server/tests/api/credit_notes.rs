//! Credit notes over HTTP (decisions D22): a parcel the courier brings back to origin gets
//! one credit note, however often the webhook says so, and `GET /order/credit-note/{id}`
//! draws it as a PDF for the order's owner or an admin. Read with `pdftotext`.

use paduka_domain::State;
use paduka_domain::gst::Gstin;
use paduka_domain::invoice::{FinancialYear, Seller};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;
use crate::invoices::{attachment_bytes, pdf_text};
use crate::store_credit::credited;

crate::on_both_backends!(
    a_parcel_back_at_origin_through_the_webhook_gets_one_credit_note_reversing_its_invoice,
    only_the_buyer_and_admins_get_a_credit_note_and_only_after_a_return_to_origin,
    a_return_to_origin_in_another_state_reverses_igst,
    a_refunded_return_s_completion_mail_carries_its_credit_note,
);

const GSTIN: &str = "09ABCDE1234F1ZY";
const WEBHOOK_TOKEN: &str = "shiprocket-webhook-token";

/// A registered dealer in Uttar Pradesh (checkout's pincode 281001) taking the courier's
/// webhook.
async fn registered_shop(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |settings| {
        settings.invoices.seller = Seller {
            legal_name: "Paduka Footwear Pvt Ltd".into(),
            address: "14 Holi Gate\nMathura 281001".into(),
            state: State::UttarPradesh,
            gstin: Some(Gstin::parse(GSTIN).unwrap()),
        };
        settings.couriers.webhook_token = Some(WEBHOOK_TOKEN.to_owned().into());
    })
    .await
}

/// The shopper's cash-on-delivery order of two pairs (₹900 each), supplied to `state` if
/// given, shipped by the admin with the AWB `awb`.
async fn shipped_order(app: &TestApp, state: Option<&str>, awb: &str) -> Value {
    let product = app.shoe("Kolhapuri", 5).await;
    let mut body = json!({
        "products": sized_cart(&product, 0, 2),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 1800,
    });
    if let Some(state) = state {
        body["state"] = json!(state);
    }
    let placed = app.post_json("/order/cod", As::Shopper, body).await;
    let order = placed.answers(StatusCode::CREATED).await["order"].clone();
    let id = order["_id"].as_str().unwrap();
    app.post_json(
        &format!("/shipment/create/{id}"),
        As::Admin,
        json!({"courier": "Delhivery", "awb": awb}),
    )
    .await
    .answers(StatusCode::CREATED)
    .await;
    order
}

/// Shiprocket's tracking update: the parcel is back with the shop.
fn rto_delivered(awb: &str) -> Value {
    json!({
        "awb": awb,
        "courier_name": "Delhivery Surface",
        "current_status": "RTO DELIVERED",
        "current_status_id": 10,
        "current_timestamp": "03 12 2026 11:00:00",
        "scans": [],
        "is_return": 0,
    })
}

async fn webhook(app: &TestApp, body: &Value) -> reqwest::Response {
    app.request(reqwest::Method::POST, "/shipment/webhook", As::Anonymous)
        .header("x-api-key", WEBHOOK_TOKEN)
        .json(body)
        .send()
        .await
        .unwrap()
}

/// The order's credit note as `who`: the PDF's bytes, checked to be a named PDF.
async fn credit_note(app: &TestApp, order: &Value, who: As<'_>, number: &str) -> Vec<u8> {
    let id = order["_id"].as_str().unwrap();
    let response = app.get(&format!("/order/credit-note/{id}"), who).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(
        headers["content-disposition"],
        format!(
            "attachment; filename=\"credit-note-{}.pdf\"",
            number.replace('/', "-")
        )
        .as_str()
    );
    let bytes = response.bytes().await.unwrap().to_vec();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    bytes
}

fn first_number() -> String {
    format!(
        "CN/{}/000001",
        FinancialYear::of(chrono::Utc::now()).short()
    )
}

fn assert_holds(text: &str, wanted: &[&str]) {
    let squeezed: String = text
        .lines()
        .map(|line| line.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    for piece in wanted {
        assert!(
            squeezed.contains(piece),
            "{piece:?} is not on the credit note:\n{text}"
        );
    }
}

async fn a_parcel_back_at_origin_through_the_webhook_gets_one_credit_note_reversing_its_invoice(
    db: &TestDb,
) {
    let app = registered_shop(db).await;
    let order = shipped_order(&app, None, "7788990011").await;
    let invoice_no = order["invoiceNo"].as_str().unwrap().to_owned();
    let update = rto_delivered("7788990011");
    // Shiprocket says it again and again, some of it at once.
    for _ in 0..3 {
        webhook(&app, &update).await.answers(StatusCode::OK).await;
    }
    let at_once = tokio::join!(
        webhook(&app, &update),
        webhook(&app, &update),
        webhook(&app, &update),
        webhook(&app, &update),
        webhook(&app, &update),
    );
    for answer in [at_once.0, at_once.1, at_once.2, at_once.3, at_once.4] {
        assert_eq!(answer.status(), StatusCode::OK);
    }
    let id = order["_id"].as_str().unwrap();
    let seen = app.get_order(id, As::Shopper).await;
    assert_eq!(
        seen.answers(StatusCode::OK).await["order"]["status"],
        "Returned to origin"
    );
    assert_eq!(
        db.count("SELECT COUNT(*) AS n FROM credit_notes"),
        1,
        "one note"
    );

    let number = first_number();
    let text = pdf_text(&credit_note(&app, &order, As::Shopper, &number).await);
    // ₹1,800 at 5 % as invoiced: taxable ₹1,714.29, CGST ₹42.86 and SGST ₹42.85 reversed.
    assert_holds(
        &text,
        &[
            "Credit Note",
            &number,
            &format!("Original invoice: {invoice_no} dated"),
            "Paduka Footwear Pvt Ltd",
            GSTIN,
            "Place of supply: Uttar Pradesh (09)",
            "Kolhapuri",
            "CGST",
            "SGST",
            "₹1,714.29",
            "₹42.86",
            "₹42.85",
            "₹1,800.00",
            "Rupees One Thousand Eight Hundred Only",
            "Tax payable on reverse charge: No",
        ],
    );
    assert!(!text.contains("IGST"), "{text}");
    credit_note(&app, &order, As::Admin, &number).await;
}

async fn only_the_buyer_and_admins_get_a_credit_note_and_only_after_a_return_to_origin(
    db: &TestDb,
) {
    let app = registered_shop(db).await;
    let order = shipped_order(&app, None, "5566778899").await;
    let id = order["_id"].as_str().unwrap();
    let path = format!("/order/credit-note/{id}");
    // Shipped, not back: no note.
    app.get(&path, As::Shopper)
        .await
        .refuses(StatusCode::NOT_FOUND, "No credit note for this order")
        .await;
    webhook(&app, &rto_delivered("5566778899"))
        .await
        .answers(StatusCode::OK)
        .await;
    credit_note(&app, &order, As::Shopper, &first_number()).await;

    let stranger = app.add_shopper("Ravi").await;
    let refused = app.get(&path, As::Account(&stranger)).await;
    let body = refused.answers(StatusCode::FORBIDDEN).await;
    assert_eq!(body["success"], false);
    let anonymous = app.get(&path, As::Anonymous).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    app.get(
        "/order/credit-note/0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a",
        As::Shopper,
    )
    .await
    .refuses(StatusCode::NOT_FOUND, "Order not found")
    .await;
}

async fn a_return_to_origin_in_another_state_reverses_igst(db: &TestDb) {
    let app = registered_shop(db).await;
    let order = shipped_order(&app, Some("Maharashtra"), "1122334455").await;
    let id = order["_id"].as_str().unwrap();
    // Reported by the admin this time.
    let body = json!({"status": "Returned to origin", "note": "by phone"});
    app.post_json(&format!("/shipment/event/{id}"), As::Admin, body)
        .await
        .answers(StatusCode::OK)
        .await;
    let text = pdf_text(&credit_note(&app, &order, As::Admin, &first_number()).await);
    // ₹1,800 at 5 %: IGST ₹85.71.
    assert_holds(
        &text,
        &[
            "Credit Note",
            "Place of supply: Maharashtra (27)",
            "IGST",
            "₹85.71",
            "₹1,800.00",
        ],
    );
    assert!(!text.contains("CGST"), "{text}");
}

async fn a_refunded_return_s_completion_mail_carries_its_credit_note(db: &TestDb) {
    let app = registered_shop(db).await;
    let (order, ret) = credited(&app).await;
    let number = ret_credit_note(&app, &ret).await;
    assert_eq!(number, first_number());
    let subject = format!(
        "Your return {} is Completed",
        ret["number"].as_str().unwrap()
    );
    let mail = app.take_mail(SHOPPER_EMAIL, &subject);
    let text = mail_text(&mail);
    for said in [
        "Refund: ₹900.",
        "₹900 is added to your store credit",
        &format!("Our credit note {number} for it is attached."),
    ] {
        assert!(text.contains(said), "{said:?} not in:\n{text}");
    }
    let file_name = format!("credit-note-{}.pdf", number.replace('/', "-"));
    assert!(
        mail.contains(&format!("filename=\"{file_name}\"")),
        "{mail}"
    );
    // The attachment is the credit note the shop serves: the return's pair reversed.
    let attached = pdf_text(&attachment_bytes(&mail));
    let invoice_no = order["invoiceNo"].as_str().unwrap();
    assert_holds(
        &attached,
        &[
            "Credit Note",
            &number,
            invoice_no,
            GSTIN,
            "Mojari",
            "₹900.00",
        ],
    );
}

/// The credit note number the completed return `ret` carries now.
async fn ret_credit_note(app: &TestApp, ret: &Value) -> String {
    let mine = app.get("/return/mine", As::Shopper).await;
    let mine = array(&mine.answers(StatusCode::OK).await["returns"]);
    let now = mine.iter().find(|r| r["_id"] == ret["_id"]).unwrap();
    now["creditNoteNo"]
        .as_str()
        .expect("a credit note")
        .to_owned()
}
