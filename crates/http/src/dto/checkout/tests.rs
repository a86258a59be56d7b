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
    let request = body.try_into_request().unwrap();
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
        body.try_into_request().unwrap_err().public_message(),
        "Please enter a valid amount"
    );
    let body: OrderBody =
        serde_json::from_value(json!({"amount": 5, "products": [{"_id": "p", "quantity": 0}]}))
            .unwrap();
    assert_eq!(
        body.try_into_request().unwrap_err().public_message(),
        "Quantity must be at least 1"
    );
    let empty: PaymentBody = serde_json::from_value(json!({})).unwrap();
    assert!(empty.try_into_cart().unwrap().is_none());
}
