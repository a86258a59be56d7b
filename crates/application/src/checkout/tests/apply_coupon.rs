use super::*;
use crate::testing::shopper;

#[tokio::test]
async fn a_coupon_prices_the_cart_at_current_prices() {
    // ₹1698 less 10 % (169.8, floored to ₹169) is ₹1529.
    let shop = Shop::new().with_coupon(welcome10(0), 0);
    let applied = shop
        .checkout()
        .apply_coupon(&shopper(), "welcome10", &cart())
        .await
        .unwrap();
    assert_eq!(
        (applied.subtotal, applied.discount, applied.amount),
        (1698, 169, 1529)
    );
}

#[tokio::test]
async fn a_coupon_that_does_not_apply_is_refused_with_its_reason() {
    let cases = [
        ("NOPE10", welcome10(0), 0, "Invalid or expired coupon"),
        ("a-b", welcome10(0), 0, "Invalid or expired coupon"),
        ("WELCOME10", welcome10(100), 0, "Coupon usage limit reached"),
        ("WELCOME10", welcome10(3), 1, "Coupon usage limit reached"),
    ];
    for (code, coupon, uses, expected) in cases {
        let shop = Shop::new().with_coupon(coupon, uses);
        let refused = shop
            .checkout()
            .apply_coupon(&shopper(), code, &cart())
            .await;
        assert_eq!(message(refused), expected, "{code}");
    }
    // Two pairs at ₹100 less 15 % make ₹170, under the ₹500 minimum.
    let mut cheap = trail_runner(5);
    cheap.variants[0].price = Paise::from_rupees(100).unwrap();
    cheap.variants[0].sale_price = Paise::from_rupees(85).unwrap();
    let shop = (Shop::new().with_products(vec![cheap])).with_coupon(welcome10(0), 0);
    let refused = shop
        .checkout()
        .apply_coupon(&shopper(), "WELCOME10", &cart())
        .await;
    assert_eq!(message(refused), "Minimum order for this coupon is ₹500");
}
