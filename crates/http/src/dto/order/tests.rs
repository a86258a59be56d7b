use super::*;

#[test]
fn the_replies_name_statuses_and_payment_methods_as_the_domain_does() {
    for status in OrderStatus::ALL {
        let named = serde_json::to_value(OrderStatusName::from(status)).unwrap();
        assert_eq!(named, status.as_str());
    }
    for method in [PaymentMethod::Online, PaymentMethod::Cod] {
        let named = serde_json::to_value(PaymentMethodName::from(method)).unwrap();
        assert_eq!(named, method.as_str());
    }
}
