//! GST invoices over HTTP (decisions D16): every order gets its place of supply and invoice
//! number, `GET /order/invoice/{id}` draws it as a PDF for its owner or an admin, and the
//! order-placed mail carries it. The PDF is read with `pdftotext` (Debian's poppler-utils).

use std::process::Command;

use paduka_domain::State;
use paduka_domain::gst::Gstin;
use paduka_domain::invoice::{FinancialYear, Seller};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;

crate::on_both_backends!(
    a_cod_order_s_tax_invoice_splits_cgst_and_sgst_within_the_shop_s_state,
    another_state_chosen_at_checkout_is_charged_igst,
    only_the_buyer_and_admins_get_an_invoice,
    an_unregistered_shop_issues_a_bill_of_supply_and_a_cancelled_order_s_says_so,
    the_order_placed_mail_of_an_online_payment_carries_the_invoice,
    states_and_the_pincode_s_state_are_offered_and_a_wrong_state_is_refused,
    the_first_order_after_1_april_in_india_starts_the_new_year_at_1,
    an_exact_sale_price_is_invoiced_to_the_paisa_under_its_mrp,
);

const GSTIN: &str = "09ABCDE1234F1ZY";

/// The shop as a registered dealer in Uttar Pradesh, where checkout's pincode 281001 is.
async fn registered_shop(db: &TestDb) -> TestApp {
    spawn_app_on_with(db, |settings| {
        settings.invoices.seller = Seller {
            legal_name: "Paduka Footwear Pvt Ltd".into(),
            address: "14 Holi Gate\nMathura 281001".into(),
            state: State::UttarPradesh,
            gstin: Some(Gstin::parse(GSTIN).unwrap()),
        };
    })
    .await
}

/// `POST /order/cod` as the shopper for `quantity` pairs of `product` (₹900 each), supplied
/// to `state` if given.
async fn order_cod(app: &TestApp, product: &str, quantity: u32, state: Option<&str>) -> Value {
    order_cod_as(app, As::Shopper, product, quantity, state).await
}

/// [`order_cod`] as `who`.
async fn order_cod_as(
    app: &TestApp,
    who: As<'_>,
    product: &str,
    quantity: u32,
    state: Option<&str>,
) -> Value {
    let mut body = json!({
        "products": sized_cart(product, 0, quantity),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 900 * quantity,
    });
    if let Some(state) = state {
        body["state"] = json!(state);
    }
    let placed = app.post_json("/order/cod", who, body).await;
    placed.answers(StatusCode::CREATED).await["order"].clone()
}

/// The invoice of `order` as `who`: the PDF's bytes, checked to be a PDF.
async fn invoice(app: &TestApp, order: &Value, who: As<'_>) -> Vec<u8> {
    let id = order["_id"].as_str().unwrap();
    let response = app.get(&format!("/order/invoice/{id}"), who).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "application/pdf");
    let number = order["invoiceNo"].as_str().unwrap().replace('/', "-");
    assert_eq!(
        headers["content-disposition"],
        format!("attachment; filename=\"invoice-{number}.pdf\"").as_str()
    );
    let bytes = response.bytes().await.unwrap().to_vec();
    assert!(bytes.starts_with(b"%PDF-"), "a PDF");
    bytes
}

/// The PDF's text, laid out as on the page, by `pdftotext` (poppler-utils).
pub(crate) fn pdf_text(pdf: &[u8]) -> String {
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("invoice.pdf");
    std::fs::write(&file, pdf).unwrap();
    let output = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&file)
        .arg("-")
        .output()
        .expect("pdftotext (Debian's poppler-utils) must be installed to read invoices");
    assert!(output.status.success(), "pdftotext failed: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

fn assert_holds(text: &str, wanted: &[&str]) {
    for piece in wanted {
        assert!(
            text.contains(piece),
            "{piece:?} is not on the invoice:\n{text}"
        );
    }
}

async fn a_cod_order_s_tax_invoice_splits_cgst_and_sgst_within_the_shop_s_state(db: &TestDb) {
    let app = registered_shop(db).await;
    let product = app.shoe("Kolhapuri", 5).await;
    let order = order_cod(&app, &product, 2, None).await;
    assert_eq!(
        order["state"], "Uttar Pradesh",
        "281001 is in Uttar Pradesh"
    );
    let number = order["invoiceNo"].as_str().unwrap();
    assert!(
        number.starts_with("PDK/") && number.ends_with("/000001"),
        "the shop's first invoice: {number}"
    );
    let text = pdf_text(&invoice(&app, &order, As::Shopper).await);
    // ₹1,800 at 5 % (₹900 a pair): taxable 1,80,000 x 100 / 105 = 1,71,428.57 -> ₹1,714.29,
    // GST ₹85.71: CGST ₹42.86 (the odd paisa) and SGST ₹42.85.
    assert_holds(
        &text,
        &[
            "Tax Invoice",
            "Paduka Footwear Pvt Ltd",
            GSTIN,
            number,
            "Uttar Pradesh",
            "Kolhapuri",
            "6403",
            "1,714.29",
            "CGST",
            "SGST",
            "42.86",
            "42.85",
            "₹1,800.00",
            "Rupees One Thousand Eight Hundred Only",
            ADDRESS,
        ],
    );
    assert!(!text.contains("IGST"), "no IGST within one state:\n{text}");
    assert!(!text.contains("CANCELLED"));
    // The order's own page says the same.
    let id = order["_id"].as_str().unwrap();
    let detail = app.get_order(id, As::Shopper).await;
    let detail = detail.answers(StatusCode::OK).await;
    assert_eq!(detail["order"]["invoiceNo"], number);
}

async fn another_state_chosen_at_checkout_is_charged_igst(db: &TestDb) {
    let app = registered_shop(db).await;
    let product = app.shoe("Mojari", 5).await;
    let first = order_cod(&app, &product, 1, None).await;
    let order = order_cod(&app, &product, 1, Some("maharashtra")).await;
    assert_eq!(order["state"], "Maharashtra");
    let (a, b) = (
        first["invoiceNo"].as_str().unwrap(),
        order["invoiceNo"].as_str().unwrap(),
    );
    assert!(a.ends_with("/000001") && b.ends_with("/000002"), "{a}, {b}");
    let text = pdf_text(&invoice(&app, &order, As::Admin).await);
    // ₹900 at 5 %: taxable ₹857.14, IGST ₹42.86.
    assert_holds(
        &text,
        &[
            "Maharashtra",
            "IGST",
            "857.14",
            "42.86",
            "Rupees Nine Hundred Only",
        ],
    );
    assert!(!text.contains("CGST") && !text.contains("SGST"), "{text}");
}

async fn only_the_buyer_and_admins_get_an_invoice(db: &TestDb) {
    let app = registered_shop(db).await;
    let product = app.shoe("Jutti", 5).await;
    let order = order_cod(&app, &product, 1, None).await;
    let id = order["_id"].as_str().unwrap();
    let path = format!("/order/invoice/{id}");
    invoice(&app, &order, As::Admin).await;

    let stranger = app.add_shopper("Ravi").await;
    let refused = app.get(&path, As::Account(&stranger)).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let body = refused.answers(StatusCode::FORBIDDEN).await;
    assert_eq!(body["success"], false);
    let anonymous = app.get(&path, As::Anonymous).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    app.get(
        "/order/invoice/0193a6f0-7c1e-7d2a-9b1c-2f3e4d5c6b7a",
        As::Shopper,
    )
    .await
    .refuses(StatusCode::NOT_FOUND, "Order not found")
    .await;
}

async fn an_unregistered_shop_issues_a_bill_of_supply_and_a_cancelled_order_s_says_so(db: &TestDb) {
    // No SHOP_GSTIN: the defaults.
    let app = spawn_app_on(db).await;
    let product = app.shoe("Chappal", 5).await;
    let order = order_cod(&app, &product, 1, None).await;
    let text = pdf_text(&invoice(&app, &order, As::Shopper).await);
    assert_holds(
        &text,
        &[
            "Bill of Supply",
            "Chappal",
            "₹900.00",
            "Rupees Nine Hundred Only",
        ],
    );
    for absent in ["Tax Invoice", "GSTIN", "CGST", "SGST", "IGST", "CANCELLED"] {
        assert!(
            !text.contains(absent),
            "{absent:?} on a bill of supply:\n{text}"
        );
    }

    let id = order["_id"].as_str().unwrap();
    app.cancel_order(id, As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    let text = pdf_text(&invoice(&app, &order, As::Shopper).await);
    assert_holds(&text, &["CANCELLED", order["invoiceNo"].as_str().unwrap()]);
}

async fn the_order_placed_mail_of_an_online_payment_carries_the_invoice(db: &TestDb) {
    let app = registered_shop(db).await;
    let product = app.shoe("Sandal", 5).await;
    let order = app.buy(&sized_cart(&product, 0, 1), 900, None).await;
    assert_eq!(order["paymentMethod"], "online");
    let number = order["invoiceNo"].as_str().unwrap();
    let subject = format!(
        "Your Paduka order {} is placed",
        order["_id"].as_str().unwrap()
    );
    let mail = app.take_mail(SHOPPER_EMAIL, &subject);
    let text = mail_text(&mail);
    assert!(
        text.contains(&format!("Your invoice {number} is attached.")),
        "{text}"
    );
    assert!(text.contains("Place of supply: Uttar Pradesh"), "{text}");
    let file_name = format!("invoice-{}.pdf", number.replace('/', "-"));
    assert!(mail.contains("Content-Type: application/pdf"), "{mail}");
    assert!(
        mail.contains(&format!("filename=\"{file_name}\"")),
        "{mail}"
    );
    // The attachment is the same invoice the shop serves.
    let attached = attachment_bytes(&mail);
    let text = pdf_text(&attached);
    assert_holds(&text, &["Tax Invoice", number, GSTIN, "Sandal"]);
}

/// The bytes of the one base64 attachment of an outbox mail.
pub(crate) fn attachment_bytes(mail: &str) -> Vec<u8> {
    let part = mail
        .split("Content-Type: application/pdf")
        .nth(1)
        .expect("a PDF part");
    let (_, body) = part.split_once("\r\n\r\n").expect("the part's body");
    let encoded: String = body
        .split("\r\n--")
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    base64_decode(&encoded)
}

/// Standard base64, as lettre writes attachments.
fn base64_decode(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for byte in text.bytes().take_while(|b| *b != b'=') {
        let value = ALPHABET.iter().position(|a| *a == byte).expect("base64") as u32;
        bits = (bits << 6) | value;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
            bits &= (1 << count) - 1;
        }
    }
    bytes
}

async fn states_and_the_pincode_s_state_are_offered_and_a_wrong_state_is_refused(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let body = app.get("/delivery/states", As::Anonymous).await;
    let states = array(&body.answers(StatusCode::OK).await["states"]);
    assert_eq!(states.len(), 37, "28 states and 9 union territories");
    let names: Vec<&str> = states.iter().map(|s| s["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "by name");
    assert!(states.contains(&json!({"code": "29", "name": "Karnataka"})));

    let check = app.get("/delivery/281001", As::Anonymous).await;
    let check = check.answers(StatusCode::OK).await;
    assert_eq!(check["state"], "Uttar Pradesh");
    assert_eq!(check["deliverable"], true);

    let product = app.shoe("Jutti", 5).await;
    let body = json!({
        "products": sized_cart(&product, 0, 1),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 900,
        "state": "Atlantis",
    });
    app.post_json("/order/cod", As::Shopper, body)
        .await
        .refuses(
            StatusCode::BAD_REQUEST,
            "\"Atlantis\" is not a state or union territory of India",
        )
        .await;
    assert_eq!(app.stock(&product).await, 5, "nothing was taken");
    assert!(app.my_orders(As::Shopper).await.is_empty());
}

async fn the_first_order_after_1_april_in_india_starts_the_new_year_at_1(db: &TestDb) {
    let app = registered_shop(db).await;
    let product = app.shoe("Jutti", 5).await;
    let year = FinancialYear::of(chrono::Utc::now());
    let first = order_cod(&app, &product, 1, None).await;
    assert_eq!(first["invoiceNo"], format!("PDK/{}/000001", year.short()));
    // The shop's clock moves to a minute past midnight on 1 April in India.
    let next = FinancialYear::starting_in(year.first_year() + 1);
    let wait = next.starts_at() - chrono::Utc::now() + chrono::Duration::minutes(1);
    app.clock.advance(wait);
    // Months on, the morning's session has expired: Asha signs in again.
    let asha = Account {
        id: first["user"]["_id"].as_str().unwrap().to_owned(),
        token: app.login_token(SHOPPER_EMAIL, PASSWORD).await,
    };
    let second = order_cod_as(&app, As::Account(&asha), &product, 1, None).await;
    assert_eq!(second["invoiceNo"], format!("PDK/{}/000001", next.short()));
    let text = pdf_text(&invoice(&app, &second, As::Account(&asha)).await);
    assert_holds(
        &text,
        &[
            &format!("PDK/{}/000001", next.short()),
            &format!("01 Apr {}", next.first_year()),
        ],
    );
}

async fn an_exact_sale_price_is_invoiced_to_the_paisa_under_its_mrp(db: &TestDb) {
    let app = registered_shop(db).await;
    let category = app.category("Sneakers").await;
    let fields = [
        ("name", "Court Classic"),
        ("price", "3299"),
        ("salePrice", "1299"),
        ("category", &category),
        ("quantity", "5"),
    ];
    let product = app.product(&fields, None).await;
    let body = json!({
        "products": sized_cart(product["_id"].as_str().unwrap(), 0, 1),
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 1299,
    });
    let placed = app.post_json("/order/cod", As::Shopper, body).await;
    let order = placed.answers(StatusCode::CREATED).await["order"].clone();
    assert_eq!(order["amount"], json!(1299));
    let text = pdf_text(&invoice(&app, &order, As::Shopper).await);
    // The MRP as the unit price, ₹2,000 off it, and exactly ₹1,299 to pay: taxable
    // 1,29,900 x 100 / 105 = ₹1,237.14, GST ₹61.86.
    assert_holds(&text, &["3,299.00", "2,000.00", "1,237.14", "₹1,299.00"]);
}
