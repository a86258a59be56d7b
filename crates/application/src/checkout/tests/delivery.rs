use super::*;

#[test]
fn the_delivery_check_answers_with_the_product_page_messages() {
    let service = Shop::new().checkout();
    let yes = service.delivery("281001").unwrap();
    assert!(yes.deliverable);
    assert_eq!(yes.message, "Delivery available at this pincode");
    let no = service.delivery("110001").unwrap();
    assert!(!no.deliverable);
    assert_eq!(no.message, "Delivery unavailable");
    assert_eq!(
        message(service.delivery("28100")),
        "Enter a valid 6-digit Pincode"
    );
}
