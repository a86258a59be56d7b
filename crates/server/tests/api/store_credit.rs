//! Store credit over HTTP (decisions D23): `GET /user/credit`, credit earned by a cash-on-
//! delivery return, and `useCredit: true` at checkout, cash on delivery and online, given
//! back once when the order is cancelled.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::checkout::{ADDRESS, PINCODE};
use crate::helpers::*;

crate::on_both_backends!(
    store_credit_is_for_signed_in_shoppers_and_starts_at_zero,
    a_cash_on_delivery_return_refunded_to_credit_shows_in_the_balance_and_its_entries,
    a_cash_on_delivery_order_uses_credit_up_to_a_rupee_short_and_cancelling_gives_it_back_once,
    an_online_order_charges_the_provider_the_rest_and_cancelling_gives_the_credit_back_once,
);

/// The shopper's store credit.
async fn credit(app: &TestApp, who: As<'_>) -> Value {
    app.get("/user/credit", who)
        .await
        .answers(StatusCode::OK)
        .await
}

async fn balance(app: &TestApp) -> i64 {
    credit(app, As::Shopper).await["balance"]
        .as_i64()
        .expect("a whole number of rupees")
}

/// The shopper buys two pairs at ₹900 cash on delivery, gets them and sends one back; the
/// admin takes it through to completion, refunded (by default) as ₹900 of store credit.
/// The order and the return.
pub(crate) async fn credited(app: &TestApp) -> (Value, Value) {
    let product = app.shoe("Mojari", 5).await;
    let body = json!({"products": sized_cart(&product, 0, 2), "amount": 1800});
    let order = app.order_cod(body).await;
    app.deliver(&order).await;
    let id = order["_id"].as_str().unwrap();
    let asked = json!({
        "orderId": id,
        "lines": [{"line": 0, "quantity": 1, "reason": "Too big", "kind": "refund"}],
    });
    let asked = app.post_json("/return/request", As::Shopper, asked).await;
    let ret = asked.answers(StatusCode::CREATED).await["return"].clone();
    let ret_id = ret["_id"].as_str().unwrap();
    app.complete_return(ret_id).await;
    (order, ret)
}

async fn store_credit_is_for_signed_in_shoppers_and_starts_at_zero(db: &TestDb) {
    let app = spawn_app_on(db).await;
    let anonymous = app.get("/user/credit", As::Anonymous).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let meera = app.add_shopper("Meera").await;
    assert_eq!(
        credit(&app, As::Account(&meera)).await,
        json!({"success": true, "balance": 0, "entries": []})
    );
}

async fn a_cash_on_delivery_return_refunded_to_credit_shows_in_the_balance_and_its_entries(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    let (order, ret) = credited(&app).await;
    let credit = credit(&app, As::Shopper).await;
    assert_eq!(credit["balance"], 900);
    let entries = array(&credit["entries"]);
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["amount"], 900);
    assert_eq!(entries[0]["reason"], "Refund of a return");
    assert_eq!(entries[0]["orderId"], order["_id"]);
    assert_eq!(entries[0]["returnId"], ret["_id"]);
    assert!(entries[0]["at"].is_string(), "{entries:?}");
    // Another shopper's credit is their own.
    let ravi = app.add_shopper("Ravi").await;
    assert_eq!(credit_of(&app, &ravi).await, 0);
}

async fn credit_of(app: &TestApp, account: &Account) -> i64 {
    credit(app, As::Account(account)).await["balance"]
        .as_i64()
        .unwrap()
}

async fn a_cash_on_delivery_order_uses_credit_up_to_a_rupee_short_and_cancelling_gives_it_back_once(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    credited(&app).await;
    let product = app.shoe("Chappal", 5).await;
    // Without `useCredit` the balance is left alone.
    let plain = app
        .order_cod(json!({"products": sized_cart(&product, 0, 1), "amount": 900}))
        .await;
    assert_eq!(plain["creditUsed"], 0);
    assert_eq!(balance(&app).await, 900);

    // ₹900 of credit for a ₹900 order: all but the last rupee.
    let body = json!({"products": sized_cart(&product, 0, 1), "amount": 900, "useCredit": true});
    let order = app.order_cod(body).await;
    assert_eq!(order["creditUsed"], 899);
    assert_eq!(order["amount"], 900, "the amount stays the full price");
    assert_eq!(balance(&app).await, 1);
    let id = order["_id"].as_str().unwrap();
    let shown = app.get_order(id, As::Shopper).await;
    assert_eq!(
        shown.answers(StatusCode::OK).await["order"]["creditUsed"],
        899
    );
    let entries = array(&credit(&app, As::Shopper).await["entries"]);
    assert_eq!(entries[0]["amount"], -899, "newest first: {entries:?}");
    assert_eq!(entries[0]["reason"], "Paid for an order");
    assert_eq!(entries[0]["orderId"], order["_id"]);

    app.cancel_order(id, As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    assert_eq!(balance(&app).await, 900);
    // Cancelling again (a retry) changes nothing.
    let again = app.cancel_order(id, As::Shopper).await;
    again.answers(StatusCode::OK).await;
    assert_eq!(balance(&app).await, 900, "given back once");
    let entries = array(&credit(&app, As::Shopper).await["entries"]);
    assert_eq!(entries.len(), 3, "{entries:?}");
    assert_eq!(entries[0]["amount"], 899);
    assert_eq!(entries[0]["reason"], "Order cancelled");
}

async fn an_online_order_charges_the_provider_the_rest_and_cancelling_gives_the_credit_back_once(
    db: &TestDb,
) {
    let app = spawn_app_on(db).await;
    credited(&app).await;
    let product = app.shoe("Jutti", 5).await;
    let lines = sized_cart(&product, 0, 2);
    let body = json!({
        "products": lines,
        "address": ADDRESS,
        "pincode": PINCODE,
        "useCredit": true,
    });
    let payment = app.post_json("/payment/1800", As::Shopper, body).await;
    let payment = payment.answers(StatusCode::OK).await;
    assert_eq!(payment["creditUsed"], 900);
    assert_eq!(
        payment["amount"], 90_000,
        "paise: ₹1,800 less ₹900 of credit"
    );
    // Opening the payment takes nothing yet: the order does.
    assert_eq!(balance(&app).await, 900);

    let order_id = payment["id"].as_str().unwrap();
    let paid = app.sandbox_pay(As::Shopper, order_id).await;
    let paid = paid.answers(StatusCode::OK).await;
    let body = json!({
        "products": lines,
        "address": ADDRESS,
        "pincode": PINCODE,
        "amount": 1800,
        "paymentId": paid["razorpay_payment_id"],
        "orderId": paid["razorpay_order_id"],
        "signature": paid["razorpay_signature"],
        "useCredit": true,
    });
    let placed = app.post_json("/order/cart", As::Shopper, body).await;
    let order = placed.answers(StatusCode::CREATED).await["order"].clone();
    assert_eq!(order["creditUsed"], 900);
    assert_eq!(order["amount"], 1800);
    assert_eq!(balance(&app).await, 0);
    let id = order["_id"].as_str().unwrap();
    let shown = app.get_order(id, As::Shopper).await;
    assert_eq!(
        shown.answers(StatusCode::OK).await["order"]["creditUsed"],
        900
    );

    // Cancelled: the provider refunds what it took, the credit comes back, each once.
    let sandbox = app.services.sandbox.as_ref().unwrap();
    let before = sandbox.refunds().await.len();
    app.cancel_order(id, As::Shopper)
        .await
        .answers(StatusCode::OK)
        .await;
    let again = app.cancel_order(id, As::Shopper).await;
    again.answers(StatusCode::OK).await;
    let refunds = sandbox.refunds().await;
    assert_eq!(refunds.len(), before + 1, "refunded once");
    assert_eq!(refunds.last().unwrap().refund.amount.paise(), 90_000);
    assert_eq!(balance(&app).await, 900, "given back once");
}
