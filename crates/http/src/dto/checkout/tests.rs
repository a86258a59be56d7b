use serde_json::json;

use super::*;

#[test]
fn cart_lines_accept_numbers_or_text_and_ignore_extra_fields() {
    let body: OrderBody = serde_json::from_value(json!({
        "products": [{"_id": "p1", "productno": "1", "quantity": 2, "name": "x", "price": 5}],
        "address": "1 Road", "pincode": 281001, "amount": "450",
        "paymentId": "pay", "orderId": "", "signature": "sig", "status": "Delivered", "user": "u"
    }))
    .unwrap();
    let request = body.try_into_domain().unwrap();
    assert_eq!(request.lines[0].variant, 1);
    assert_eq!(request.lines[0].quantity, 2);
    assert_eq!(request.pincode, "281001");
    assert_eq!(request.amount_rupees, 450);
    assert_eq!(request.order_id, None);
}

#[test]
fn bad_amounts_and_quantities_are_refused() {
    let body: OrderBody = serde_json::from_value(json!({"amount": "12.5"})).unwrap();
    assert_eq!(
        body.try_into_domain().unwrap_err().public_message(),
        "Please enter a valid amount"
    );
    let body: OrderBody =
        serde_json::from_value(json!({"amount": 5, "products": [{"_id": "p", "quantity": 0}]}))
            .unwrap();
    assert_eq!(
        body.try_into_domain().unwrap_err().public_message(),
        "Quantity must be at least 1"
    );
    let empty: PaymentBody = serde_json::from_value(json!({})).unwrap();
    assert!(empty.try_into_domain().unwrap().is_none());
}

#[test]
fn a_payment_s_cart_is_read_pincode_first_then_address_then_state() {
    let refusal = |body: serde_json::Value| {
        let body: PaymentBody = serde_json::from_value(body).unwrap();
        body.try_into_domain()
            .unwrap_err()
            .public_message()
            .to_owned()
    };
    let line = json!([{"_id": "p1", "quantity": 1}]);
    assert_eq!(
        refusal(json!({"products": line, "pincode": "12", "address": " ", "state": "X"})),
        "Enter a valid 6-digit Pincode"
    );
    assert_eq!(
        refusal(json!({"products": line, "pincode": 281001, "address": " ", "state": "X"})),
        "Please enter your address"
    );
    assert_eq!(
        refusal(json!({"products": line, "pincode": 281001, "address": "1 Road", "state": " "})),
        "Choose a state or union territory"
    );
    let body: PaymentBody = serde_json::from_value(json!({
        "products": line, "pincode": " 281001 ", "address": " 1 Road ", "state": "KA"
    }))
    .unwrap();
    let cart = body.try_into_domain().unwrap().unwrap();
    assert_eq!(cart.pincode.as_str(), "281001");
    assert_eq!(cart.address.as_str(), "1 Road");
    assert_eq!(cart.state, Some(State::Karnataka));
}
