//! Keeps the document's texts and the domain's in step.

use paduka_domain::Paise;
use serde_json::json;

use super::*;

fn request(body: Value) -> Result<ReturnRequestInput, String> {
    let body: ReturnRequestBody = serde_json::from_value(body).unwrap();
    body.try_into_domain().map_err(|e| e.to_string())
}

#[test]
fn a_request_is_read_exactly_as_the_document_says() {
    let id = "0190a000-0000-7000-8000-000000000001";
    let read = request(json!({"orderId": id, "lines": [
        {"line": 0, "quantity": 1, "reason": "Too small", "kind": "exchange", "size": 2},
        {"line": 1, "quantity": 2.0, "reason": "Damaged", "kind": "refund", "size": null},
    ]}))
    .unwrap();
    assert_eq!(read.order.as_str(), id);
    assert_eq!(read.lines[0].size, Some(2));
    assert_eq!(read.lines[1].quantity, 2);
    let line = |l: Value| request(json!({"orderId": id, "lines": [l]})).unwrap_err();
    assert_eq!(
        line(json!({"line": 0, "quantity": 1, "reason": "Too tight", "kind": "refund"})),
        "Invalid reason"
    );
    assert_eq!(
        line(json!({"line": 0, "quantity": 1, "reason": " Damaged", "kind": "refund"})),
        "Invalid reason"
    );
    assert_eq!(
        line(json!({"line": 0, "quantity": 0, "reason": "Damaged", "kind": "refund"})),
        "Quantity must be at least 1"
    );
    assert_eq!(
        line(json!({"line": "0", "quantity": 1, "reason": "Damaged", "kind": "refund"})),
        "line must be a whole number"
    );
    assert_eq!(
        line(json!({"line": 1e30, "quantity": 1, "reason": "Damaged", "kind": "refund"})),
        "line must be a whole number"
    );
    assert_eq!(
        line(json!({"line": 0, "quantity": 1, "reason": "Damaged", "kind": "swap"})),
        "Kind must be exchange or refund"
    );
    assert_eq!(
        request(json!({"orderId": id, "lines": []})).unwrap_err(),
        "Nothing to return"
    );
    assert_eq!(
        request(json!({"lines": []})).unwrap_err(),
        "orderId is required"
    );
}

#[test]
fn the_step_bodies_take_the_document_s_enums() {
    let receive = |body: Value| {
        serde_json::from_value::<ReceiveBody>(body)
            .unwrap()
            .try_into_domain()
            .map_err(|e| e.to_string())
    };
    assert_eq!(receive(json!({"qc": "passed"})).unwrap().qc, Qc::Passed);
    assert!(receive(json!({"qc": "Passed"})).is_err());
    let complete = |body: Value| {
        serde_json::from_value::<CompleteBody>(body)
            .unwrap()
            .try_into_domain()
            .map_err(|e| e.to_string())
    };
    assert_eq!(complete(json!({})).unwrap(), CompleteInput::default());
    assert_eq!(
        complete(json!({"refundTo": "bank", "reference": "UTR1"}))
            .unwrap()
            .to,
        Some(RefundTo::Bank)
    );
    assert!(complete(json!({"refundTo": "wallet"})).is_err());
    assert!(complete(json!({"reference": "x".repeat(101)})).is_err());
    for status in ReturnStatus::ALL {
        let params = ReturnListParams {
            status: Some(status.as_str().to_owned()),
        };
        assert_eq!(params.try_into_domain().unwrap(), Some(status));
    }
    let empty = ReturnListParams {
        status: Some(String::new()),
    };
    assert_eq!(empty.try_into_domain().unwrap(), None);
}

#[test]
fn money_is_rupees_with_paise() {
    assert_eq!(Paise::from_stored(123_456).rupees(), 1234.56);
}

#[test]
fn next_steps_are_named_as_their_calls_paths() {
    use paduka_domain::returns::{Qc, ReturnStep};
    let names: Vec<Value> = ReturnStep::KINDS
        .into_iter()
        .map(|step| serde_json::to_value(ReturnStepName::from(step)).unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "approve",
            "reject",
            "picked-up",
            "receive",
            "complete",
            "cancel"
        ]
    );
    assert_eq!(
        serde_json::to_value(ReturnStepName::from(ReturnStep::Receive(Qc::Failed))).unwrap(),
        "receive"
    );
}
