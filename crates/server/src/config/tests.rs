//! Reading the settings: defaults, each variable, and the errors that name them.

use paduka_domain::delivery::{DeliveryDays, DeliveryTable, parse_dispatch_cutoff};
use std::path::PathBuf;

use paduka_domain::State;
use paduka_domain::gst::Gstin;

use super::*;

fn settings(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
    Settings::from_vars(vars.iter().copied())
}

#[test]
fn defaults_run_a_local_shop_on_sqlite() {
    let s = settings(&[]).unwrap();
    assert_eq!(s.server.bind_addr.to_string(), "127.0.0.1:8080");
    assert_eq!(s.server.public_url, "http://127.0.0.1:8080");
    assert_eq!(
        s.database.url.expose_secret(),
        PathBuf::from("data").join("paduka.db").to_string_lossy()
    );
    assert_eq!(s.server.log_format, LogFormat::Text);
    assert!(!s.database.is_postgres());
    assert_eq!(s.accounts.bcrypt_cost, 12);
    assert_eq!(s.shop.delivery_area.len(), 4);
    assert!(s.server.demo_data && s.razorpay.is_none() && s.accounts.jwt_secret.is_none());
    assert_eq!(
        s.accounts.rate_limits,
        RateLimits {
            per_email: 10,
            per_address: 50,
            window: chrono::Duration::seconds(900),
        }
    );
    assert_eq!(s.server.trusted_proxies, TrustedProxies::default());
    assert_eq!(s.shop.return_window_days, 7);
    assert!(
        !s.shop.import_allow_private_hosts,
        "imports fetch photos from the public internet only"
    );
    assert_eq!(s.shop.import_uncounted_stock, 10);
    let s = settings(&[
        ("RETURN_WINDOW_DAYS", " 30 "),
        ("IMPORT_ALLOW_PRIVATE_HOSTS", "true"),
        ("IMPORT_UNCOUNTED_STOCK", "0"),
    ])
    .unwrap();
    assert_eq!(s.shop.return_window_days, 30);
    assert!(s.shop.import_allow_private_hosts);
    assert_eq!(s.shop.import_uncounted_stock, 0);
}

#[test]
fn cod_goes_off_by_area_only_with_a_cod_rto_limit() {
    assert_eq!(settings(&[]).unwrap().shop.cod_rto_limit, None);
    let only_a_minimum = settings(&[("COD_RTO_MIN_SHIPMENTS", "20")]).unwrap();
    assert_eq!(only_a_minimum.shop.cod_rto_limit, None);
    let limit = settings(&[("COD_RTO_LIMIT", " 40 ")])
        .unwrap()
        .shop
        .cod_rto_limit;
    assert_eq!(limit, CodRtoLimit::new(40, 10));
    let limit = settings(&[("COD_RTO_LIMIT", "35"), ("COD_RTO_MIN_SHIPMENTS", "25")]).unwrap();
    assert_eq!(limit.shop.cod_rto_limit, CodRtoLimit::new(35, 25));
}

#[test]
fn paying_online_saves_and_cash_costs_only_when_set() {
    let charges = settings(&[]).unwrap().shop.payment_charges;
    assert_eq!(charges, PaymentCharges::default());
    let set = settings(&[("PREPAID_DISCOUNT_PERCENT", " 5 "), ("COD_FEE", "49")]).unwrap();
    assert_eq!(
        set.shop.payment_charges,
        PaymentCharges::new(5, 49).unwrap()
    );
    let error = |vars: &[(&str, &str)]| settings(vars).err().unwrap().to_string();
    assert_eq!(
        error(&[("PREPAID_DISCOUNT_PERCENT", "25")]),
        "PREPAID_DISCOUNT_PERCENT: \"25\" is not a whole number from 0 to 20"
    );
    assert_eq!(
        error(&[("COD_FEE", "49.50")]),
        "COD_FEE: \"49.50\" is not a whole number from 0 to 10000"
    );
}

#[test]
fn fit_advice_needs_five_fit_returns_unless_set() {
    assert_eq!(settings(&[]).unwrap().shop.fit_rule.min_returns(), 5);
    let s = settings(&[("FIT_MIN_RETURNS", "8")]).unwrap();
    assert_eq!(s.shop.fit_rule.min_returns(), 8);
}

#[test]
fn rate_limits_are_read_from_the_environment() {
    let s = settings(&[
        ("RATE_LIMIT_PER_EMAIL", "3"),
        ("RATE_LIMIT_PER_ADDRESS", " 20 "),
        ("RATE_LIMIT_WINDOW_SECS", "60"),
    ])
    .unwrap();
    assert_eq!(
        s.accounts.rate_limits,
        RateLimits {
            per_email: 3,
            per_address: 20,
            window: chrono::Duration::seconds(60),
        }
    );
}

#[test]
fn each_bad_value_names_its_variable() {
    for (name, value) in [
        ("BIND_ADDR", "localhost"),
        ("PUBLIC_URL", "shop.example.in"),
        ("BCRYPT_COST", "99"),
        ("JWT_SECRET", "short"),
        ("DATABASE_URL", "mysql://x"),
        ("SMTP_URL", "http://mail"),
        ("MAIL_FROM", "nobody"),
        ("DELIVERABLE_PINCODES", "12345,281001"),
        ("DEMO_DATA", "maybe"),
        ("LOG_FORMAT", "xml"),
        ("DATABASE_POOL_SIZE", "0"),
        ("TRUSTED_PROXIES", "10.0.0.0/8,proxy.local"),
        ("RAZORPAY_API_BASE", "api.razorpay.com"),
        ("RATE_LIMIT_PER_EMAIL", "0"),
        ("RATE_LIMIT_PER_EMAIL", "ten"),
        ("RATE_LIMIT_PER_ADDRESS", "-5"),
        ("RATE_LIMIT_WINDOW_SECS", "1.5"),
        ("RAZORPAY_KEY_SECRET", "only-the-secret"),
        // The check character of 09ABCDE1234F1ZY is Y.
        ("SHOP_GSTIN", "09ABCDE1234F1ZX"),
        ("SHOP_GSTIN", "09ABCDE1234F1Z"),
        ("SHOP_STATE", "Atlantis"),
        ("GST_SLABS", "5@2500"),
        ("DEFAULT_HSN", "64"),
        ("INVOICE_PREFIX", "PDK/2026"),
        ("INVOICE_PREFIX", "SHOE"),
        ("RETURN_WINDOW_DAYS", "0"),
        ("RETURN_WINDOW_DAYS", "366"),
        ("RETURN_WINDOW_DAYS", "seven"),
        ("IMPORT_ALLOW_PRIVATE_HOSTS", "sometimes"),
        ("COD_RTO_LIMIT", "0"),
        ("COD_RTO_LIMIT", "101"),
        ("COD_RTO_LIMIT", "40%"),
        ("COD_RTO_MIN_SHIPMENTS", "0"),
        ("COD_RTO_MIN_SHIPMENTS", "many"),
        ("FIT_MIN_RETURNS", "0"),
        ("FIT_MIN_RETURNS", "five"),
    ] {
        let error = settings(&[(name, value)]).unwrap_err();
        let expected = if name == "RAZORPAY_KEY_SECRET" {
            "RAZORPAY_KEY_ID"
        } else {
            name
        };
        assert_eq!(error.name, expected, "{name}={value}");
        assert!(error.to_string().starts_with(expected));
    }
}

#[test]
fn the_invoices_seller_slabs_code_and_prefix_are_read_from_the_environment() {
    let s = settings(&[
        ("SHOP_LEGAL_NAME", "Paduka Footwear Pvt Ltd"),
        ("SHOP_ADDRESS", "14 Holi Gate\\nMathura 281001"),
        ("SHOP_STATE", "Uttar Pradesh"),
        ("SHOP_GSTIN", "09abcde1234f1zy"),
        ("GST_SLABS", "5@1000,12"),
        ("DEFAULT_HSN", "640299"),
        ("INVOICE_PREFIX", "sh1"),
    ])
    .unwrap();
    let invoices = &s.invoices;
    assert_eq!(invoices.seller.legal_name, "Paduka Footwear Pvt Ltd");
    assert_eq!(invoices.seller.address, "14 Holi Gate\nMathura 281001");
    assert_eq!(invoices.seller.state, State::UttarPradesh);
    assert_eq!(
        invoices.seller.gstin.as_ref().map(Gstin::as_str),
        Some("09ABCDE1234F1ZY")
    );
    assert_eq!(invoices.default_hsn.as_str(), "640299");
    assert_eq!(invoices.prefix.as_str(), "SH1");
    let unit = |rupees| paduka_domain::Paise::from_rupees(rupees).unwrap();
    assert_eq!(invoices.slabs.rate_for(unit(1000)).percent(), 5);
    assert_eq!(invoices.slabs.rate_for(unit(1001)).percent(), 12);
    // Unset: an unregistered shop (bills of supply) in Uttar Pradesh.
    let defaults = settings(&[]).unwrap().invoices;
    assert_eq!(defaults, InvoiceSettings::default());
    assert!(defaults.seller.gstin.is_none());
}

#[test]
fn a_gstin_of_another_state_than_the_shop_s_stops_the_start() {
    // 09 is Uttar Pradesh's code; the shop says Karnataka (29).
    let error = settings(&[
        ("SHOP_STATE", "Karnataka"),
        ("SHOP_GSTIN", "09ABCDE1234F1ZY"),
    ])
    .unwrap_err();
    assert_eq!(error.name, "SHOP_GSTIN");
    assert!(settings(&[("SHOP_STATE", "KA"), ("SHOP_GSTIN", "29ABCDE1234F1ZW")]).is_ok());
}

#[test]
fn the_public_url_follows_the_bind_address_unless_set() {
    let s = settings(&[("BIND_ADDR", "0.0.0.0:3000")]).unwrap();
    assert_eq!(s.server.public_url, "http://0.0.0.0:3000");
    let s = settings(&[("PUBLIC_URL", "https://shop.example.in/")]).unwrap();
    assert_eq!(s.server.public_url, "https://shop.example.in");
}

#[test]
fn a_postgres_url_selects_postgres() {
    let s = settings(&[
        ("DATABASE_URL", "postgres://root@127.0.0.1/shop"),
        ("JWT_SECRET", "a-very-long-secret-value-of-32-chars!!"),
    ])
    .unwrap();
    assert!(s.database.is_postgres());
}

#[test]
fn postgres_without_a_jwt_secret_is_refused_since_instances_must_share_it() {
    for url in ["postgres://root@127.0.0.1/shop", "postgresql://db/shop"] {
        let error = settings(&[("DATABASE_URL", url)]).unwrap_err();
        assert_eq!(error.name, "JWT_SECRET");
        assert!(error.problem.contains("PostgreSQL"), "{error}");
    }
    let sqlite = settings(&[("DATABASE_URL", "/srv/shop.db")]).unwrap();
    assert!(
        sqlite.accounts.jwt_secret.is_none(),
        "one SQLite shop may keep its own"
    );
}

#[test]
fn secrets_never_print() {
    let s = settings(&[
        ("JWT_SECRET", "a-very-long-secret-value-of-32-chars!!"),
        ("DATABASE_URL", "postgres://shop:db-password@10.0.0.5/shop"),
        ("RAZORPAY_KEY_ID", "rzp_test_key"),
        ("RAZORPAY_KEY_SECRET", "razorpay-key-secret"),
        ("RAZORPAY_WEBHOOK_SECRET", "razorpay-hook-secret"),
        ("SMTP_URL", "smtp://mailer:smtp-password@mail.example.com"),
    ])
    .unwrap();
    let printed = format!("{s:?}");
    for secret in [
        "a-very-long-secret",
        "db-password",
        "razorpay-key-secret",
        "razorpay-hook-secret",
        "smtp-password",
    ] {
        assert!(!printed.contains(secret), "{secret} printed: {printed}");
    }
    assert!(s.database.is_postgres());
}

#[test]
fn json_logs_and_another_razorpay_base_are_read_from_the_environment() {
    let s = settings(&[
        ("LOG_FORMAT", "json"),
        ("RAZORPAY_KEY_ID", "rzp_test_key"),
        ("RAZORPAY_KEY_SECRET", "secret"),
        ("RAZORPAY_API_BASE", "http://127.0.0.1:9000/"),
    ])
    .unwrap();
    assert_eq!(s.server.log_format, LogFormat::Json);
    assert_eq!(s.razorpay.unwrap().base_url, "http://127.0.0.1:9000");
    let s = settings(&[("RAZORPAY_KEY_ID", "k"), ("RAZORPAY_KEY_SECRET", "s")]).unwrap();
    assert_eq!(s.razorpay.unwrap().base_url, "https://api.razorpay.com");
}

#[test]
fn a_message_names_the_variable_and_what_is_wrong_with_its_value() {
    let error = settings(&[("BCRYPT_COST", "99")]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "BCRYPT_COST: \"99\" is not a whole number from 4 to 31"
    );
    let error = settings(&[("DELIVERABLE_PINCODES", "281001,12345")]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "DELIVERABLE_PINCODES: must be a comma separated list of 6-digit pincodes: \
         \"12345\" is not a 6-digit pincode"
    );
}

#[test]
fn the_delivery_table_is_read_from_its_two_variables() {
    let default = settings(&[]).unwrap();
    assert_eq!(default.shop.delivery_table, DeliveryTable::default());
    let set = settings(&[("DELIVERY_DAYS", "2-4"), ("DISPATCH_CUTOFF", "18:30")]).unwrap();
    let expected = DeliveryTable::new(
        DeliveryDays::parse("2-4").unwrap(),
        parse_dispatch_cutoff("18:30").unwrap(),
    );
    assert_eq!(set.shop.delivery_table, expected);
    let error = settings(&[("DELIVERY_DAYS", "7-3")]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "DELIVERY_DAYS: must be days like 3-7, the first no more than the second, at most 30"
    );
    let error = settings(&[("DISPATCH_CUTOFF", "2pm")]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "DISPATCH_CUTOFF: must be a time like 14:00"
    );
}

#[test]
fn a_blank_value_is_unset_and_only_names_in_capitals_count() {
    let s = settings(&[
        ("BIND_ADDR", "  "),
        ("bcrypt_cost", "4"),
        ("MAIL_FROM", " shop@example.in "),
    ])
    .unwrap();
    assert_eq!(s.server.bind_addr.to_string(), "127.0.0.1:8080");
    assert_eq!(s.accounts.bcrypt_cost, 12);
    assert_eq!(s.mail.from, "shop@example.in");
}

#[test]
fn shiprocket_books_when_its_account_is_set_and_the_manual_courier_otherwise() {
    let manual = settings(&[]).unwrap();
    assert!(manual.couriers.shiprocket.is_none());

    let s = settings(&[
        ("SHIPROCKET_EMAIL", "api@shop.example.in"),
        ("SHIPROCKET_PASSWORD", "shiprocket-password"),
        ("SHIPROCKET_PICKUP_LOCATION", " Warehouse "),
        ("MAIL_FROM", "Paduka <orders@shop.example.in>"),
    ])
    .unwrap();
    let shiprocket = s.couriers.shiprocket.as_ref().expect("Shiprocket");
    assert_eq!(shiprocket.api_base, "https://apiv2.shiprocket.in");
    assert_eq!(shiprocket.email, "api@shop.example.in");
    assert_eq!(shiprocket.password.expose_secret(), "shiprocket-password");
    assert_eq!(shiprocket.pickup_location, "Warehouse");
    assert_eq!(shiprocket.default_weight_grams, 800);
    assert_eq!(shiprocket.default_dimensions_cm, (30, 20, 12));
    assert_eq!(shiprocket.fallback_email, "orders@shop.example.in");
    assert!(!format!("{s:?}").contains("shiprocket-password"));

    let s = settings(&[
        ("SHIPROCKET_EMAIL", "api@shop.example.in"),
        ("SHIPROCKET_PASSWORD", "pw"),
        ("SHIPROCKET_PICKUP_LOCATION", "Warehouse"),
        ("SHIPROCKET_API_BASE", "http://127.0.0.1:9100/"),
        ("SHIP_DEFAULT_WEIGHT_GRAMS", "1200"),
        ("SHIP_DEFAULT_DIMENSIONS_CM", "35 x 25 x 15"),
    ])
    .unwrap();
    let shiprocket = s.couriers.shiprocket.unwrap();
    assert_eq!(shiprocket.api_base, "http://127.0.0.1:9100");
    assert_eq!(shiprocket.default_weight_grams, 1200);
    assert_eq!(shiprocket.default_dimensions_cm, (35, 25, 15));
}

#[test]
fn a_partial_shiprocket_account_names_what_is_missing() {
    let error = settings(&[
        ("SHIPROCKET_EMAIL", "api@shop.example.in"),
        ("SHIPROCKET_PASSWORD", "pw"),
    ])
    .unwrap_err();
    assert_eq!(error.name, "SHIPROCKET_PICKUP_LOCATION");
    let error = settings(&[("SHIPROCKET_PICKUP_LOCATION", "Warehouse")]).unwrap_err();
    assert_eq!(error.name, "SHIPROCKET_EMAIL");
    assert!(
        error
            .problem
            .contains("SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD"),
        "{}",
        error.problem
    );
}

#[test]
fn bad_parcel_defaults_and_shiprocket_base_name_their_variable() {
    for (name, value) in [
        ("SHIP_DEFAULT_WEIGHT_GRAMS", "0"),
        ("SHIP_DEFAULT_WEIGHT_GRAMS", "50001"),
        ("SHIP_DEFAULT_WEIGHT_GRAMS", "0.8kg"),
        ("SHIP_DEFAULT_DIMENSIONS_CM", "30x20"),
        ("SHIP_DEFAULT_DIMENSIONS_CM", "30x20x0"),
        ("SHIP_DEFAULT_DIMENSIONS_CM", "30x20x12x5"),
        ("SHIP_DEFAULT_DIMENSIONS_CM", "thirty"),
        ("SHIPROCKET_API_BASE", "apiv2.shiprocket.in"),
    ] {
        let error = settings(&[(name, value)]).unwrap_err();
        assert_eq!(error.name, name, "{name}={value}");
    }
}

#[test]
fn whatsapp_is_the_outbox_until_all_four_secrets_are_set() {
    assert!(settings(&[]).unwrap().whatsapp.is_none());
    let all = [
        ("WHATSAPP_TOKEN", "EAAG-token"),
        ("WHATSAPP_PHONE_NUMBER_ID", " 1234567890 "),
        ("WHATSAPP_APP_SECRET", "app-secret"),
        ("WHATSAPP_VERIFY_TOKEN", "verify-me"),
    ];
    let cloud = settings(&all).unwrap().whatsapp.expect("the Cloud API");
    assert_eq!(cloud.api_base, "https://graph.facebook.com/v21.0");
    assert_eq!(cloud.phone_number_id, "1234567890");
    assert_eq!(cloud.language, "en");
    assert_eq!(cloud.token.expose_secret(), "EAAG-token");
    let mut more = all.to_vec();
    more.extend([
        ("WHATSAPP_API_BASE", "http://127.0.0.1:9999/v21.0/"),
        ("WHATSAPP_LANG", "en_US"),
    ]);
    let cloud = settings(&more).unwrap().whatsapp.unwrap();
    assert_eq!(cloud.api_base, "http://127.0.0.1:9999/v21.0");
    assert_eq!(cloud.language, "en_US");

    let error = settings(&all[..2]).unwrap_err();
    assert_eq!(error.name, "WHATSAPP_APP_SECRET");
    assert_eq!(
        error.to_string(),
        "WHATSAPP_APP_SECRET: is required with the other WhatsApp settings \
         (missing: WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN; set all four or none)"
    );
    let error = settings(&[("WHATSAPP_VERIFY_TOKEN", "verify-me")]).unwrap_err();
    assert_eq!(error.name, "WHATSAPP_TOKEN");
    let mut bad = all.to_vec();
    bad[1] = ("WHATSAPP_PHONE_NUMBER_ID", "12/../34");
    assert_eq!(settings(&bad).unwrap_err().name, "WHATSAPP_PHONE_NUMBER_ID");
    let mut bad = all.to_vec();
    bad.push(("WHATSAPP_LANG", "English"));
    assert_eq!(settings(&bad).unwrap_err().name, "WHATSAPP_LANG");
}
