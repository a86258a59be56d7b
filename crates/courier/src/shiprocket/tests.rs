//! The adapter against a Shiprocket-compatible fake: one wiremock server whose single
//! responder keeps state (the orders it holds, the token it issued, the failures it was told
//! to give), so a test can say "Shiprocket holds exactly one order for ours".

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use paduka_application::RepoError;
use paduka_domain::OrderId;
use paduka_domain::order::PaymentMethod;
use paduka_test_support::builders::OrderBuilder;
use serde_json::{Value, json};
use wiremock::matchers::any;
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use super::*;

const LABEL_PDF: &[u8] = b"%PDF-1.4 shiprocket label";

/// What the fake Shiprocket holds and was told to do.
#[derive(Default)]
struct FakeState {
    base: String,
    logins: u32,
    token: Option<String>,
    /// Answer the next authenticated call 401, as for an expired token.
    expire_token: bool,
    /// (our id, Shiprocket's order id, shipment id)
    orders: Vec<(String, i64, i64)>,
    creates: u32,
    searches: u32,
    awb_failures: u32,
    awbs: u32,
    labels: u32,
    pickups: u32,
    last_order: Option<Value>,
    return_creates: u32,
    last_return: Option<Value>,
    /// (our return number, Shiprocket's order id, shipment id)
    returns: Vec<(String, i64, i64)>,
    return_searches: u32,
    /// The bodies of every AWB request, in order.
    awb_requests: Vec<Value>,
}

#[derive(Clone)]
struct FakeShiprocket(Arc<Mutex<FakeState>>);

impl FakeShiprocket {
    fn state(&self) -> std::sync::MutexGuard<'_, FakeState> {
        self.0.lock().unwrap()
    }
}

impl Respond for FakeShiprocket {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let mut state = self.state();
        let path = request.url.path().to_owned();
        if path == "/labels/label.pdf" {
            return ResponseTemplate::new(200).set_body_bytes(LABEL_PDF);
        }
        let body: Value = serde_json::from_slice(&request.body).unwrap_or(Value::Null);
        if path == "/v1/external/auth/login" {
            if body["email"] != "shop@paduka.test" || body["password"] != "s3cret" {
                return ResponseTemplate::new(400)
                    .set_body_json(json!({"message": "Invalid email and password combination"}));
            }
            state.logins += 1;
            let token = format!("token-{}", state.logins);
            state.token = Some(token.clone());
            return ResponseTemplate::new(200).set_body_json(json!({"token": token, "id": 1}));
        }
        let bearer = request
            .headers
            .get("authorization")
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        let authorised =
            state.token.is_some() && bearer == state.token.as_ref().map(|t| format!("Bearer {t}"));
        if !authorised || state.expire_token {
            state.expire_token = false;
            state.token = None;
            return ResponseTemplate::new(401)
                .set_body_json(json!({"message": "Token has expired", "status_code": 401}));
        }
        match path.as_str() {
            "/v1/external/orders" => {
                state.searches += 1;
                let search = request
                    .url
                    .query_pairs()
                    .find(|(key, _)| key == "search")
                    .map(|(_, value)| value.into_owned())
                    .unwrap_or_default();
                let data: Vec<Value> = state
                    .orders
                    .iter()
                    .filter(|(ours, _, _)| ours.contains(&search))
                    .map(|(ours, id, shipment)| {
                        json!({"id": id, "channel_order_id": ours, "shipments": [{"id": shipment, "awb": ""}]})
                    })
                    .collect();
                ResponseTemplate::new(200).set_body_json(json!({"data": data, "meta": {}}))
            }
            "/v1/external/orders/create/adhoc" => {
                state.creates += 1;
                let ours = body["order_id"].as_str().unwrap_or_default().to_owned();
                let id = 1000 + i64::from(state.creates);
                let shipment = 2000 + i64::from(state.creates);
                state.orders.push((ours, id, shipment));
                state.last_order = Some(body);
                ResponseTemplate::new(200).set_body_json(json!({
                    "order_id": id, "shipment_id": shipment, "status": "NEW", "status_code": 1,
                    "awb_code": "", "courier_company_id": "", "courier_name": ""
                }))
            }
            "/v1/external/orders/processing/return" => {
                state.return_searches += 1;
                let search = request
                    .url
                    .query_pairs()
                    .find(|(key, _)| key == "search")
                    .map(|(_, value)| value.into_owned())
                    .unwrap_or_default();
                // As Shiprocket lists return orders: the shipment id beside the order, and
                // shipments without one.
                let data: Vec<Value> = state
                    .returns
                    .iter()
                    .filter(|(ours, _, _)| ours.contains(&search))
                    .map(|(ours, id, shipment)| {
                        json!({"id": id, "channel_order_id": ours, "shipment_id": shipment,
                               "status": "RETURN PENDING", "shipments": [{"awb": ""}]})
                    })
                    .collect();
                ResponseTemplate::new(200).set_body_json(json!({"data": data, "meta": {}}))
            }
            "/v1/external/orders/create/return" => {
                state.return_creates += 1;
                let id = 5000 + i64::from(state.return_creates);
                let ours = body["order_id"].as_str().unwrap_or_default().to_owned();
                state.returns.push((ours, id, id + 1000));
                state.last_return = Some(body);
                ResponseTemplate::new(200).set_body_json(json!({
                    "order_id": id, "shipment_id": id + 1000,
                    "status": "RETURN PENDING", "status_code": 21, "company_name": "Paduka"
                }))
            }
            "/v1/external/courier/assign/awb" => {
                state.awb_requests.push(body.clone());
                if state.awb_failures > 0 {
                    state.awb_failures -= 1;
                    return ResponseTemplate::new(500)
                        .set_body_json(json!({"message": "Server Error"}));
                }
                state.awbs += 1;
                ResponseTemplate::new(200).set_body_json(json!({
                    "awb_assign_status": 1,
                    "response": {"data": {
                        "courier_company_id": 24, "awb_code": 141123221084922_i64,
                        "courier_name": "Xpressbees Surface", "shipment_id": body["shipment_id"]
                    }}
                }))
            }
            "/v1/external/settings/company/pickup" => {
                ResponseTemplate::new(200).set_body_json(json!({
                    "data": {"shipping_address": [
                        {"pickup_location": "Other", "pin_code": 400001},
                        {"pickup_location": "Warehouse", "pin_code": 110001, "name": "Paduka Footwear",
                         "address": "4 Chandni Chowk", "address_2": "", "city": "New Delhi",
                         "state": "Delhi", "email": "shop@paduka.test", "phone": "9811111111"}
                    ]}
                }))
            }
            "/v1/external/courier/serviceability/" => {
                let query: HashMap<_, _> = request.url.query_pairs().into_owned().collect();
                assert_eq!(query["pickup_postcode"], "110001");
                ResponseTemplate::new(200).set_body_json(json!({
                    "data": {
                        "recommended_courier_company_id": 10,
                        "available_courier_companies": [
                            {"courier_company_id": 10, "courier_name": "Delhivery", "etd": "Dec 01, 2026"},
                            {"courier_company_id": 24, "courier_name": "Xpressbees Surface", "etd": "Dec 03, 2026"}
                        ]
                    }
                }))
            }
            "/v1/external/courier/generate/label" => {
                state.labels += 1;
                ResponseTemplate::new(200).set_body_json(json!({
                    "label_created": 1,
                    "label_url": format!("{}/labels/label.pdf", state.base),
                    "response": "Label has been created and uploaded successfully!",
                    "not_created": []
                }))
            }
            "/v1/external/courier/generate/pickup" => {
                state.pickups += 1;
                ResponseTemplate::new(200).set_body_json(json!({
                    "pickup_status": 1,
                    "response": {"pickup_scheduled_date": "2026-11-28 12:00:00", "status": 3}
                }))
            }
            _ => ResponseTemplate::new(404).set_body_json(json!({"message": "Not found"})),
        }
    }
}

async fn fake_shiprocket() -> (MockServer, FakeShiprocket) {
    let server = MockServer::start().await;
    let fake = FakeShiprocket(Arc::default());
    fake.state().base = server.uri();
    Mock::given(any())
        .respond_with(fake.clone())
        .mount(&server)
        .await;
    (server, fake)
}

/// The adapter's memory in a map; `fail_saves` saves fail, as a process killed before it
/// could write.
#[derive(Default)]
struct MemoryStore {
    kept: Mutex<HashMap<String, ShiprocketBooking>>,
    fail_saves: Mutex<u32>,
}

impl MemoryStore {
    fn kept(&self, id: &str) -> Option<ShiprocketBooking> {
        self.kept.lock().unwrap().get(id).cloned()
    }
}

#[async_trait]
impl ShiprocketBookings for MemoryStore {
    async fn find(&self, order_id: &OrderId) -> Result<Option<ShiprocketBooking>, RepoError> {
        Ok(self.kept(order_id.as_str()))
    }

    async fn save(&self, booking: &ShiprocketBooking) -> Result<(), RepoError> {
        let mut fail = self.fail_saves.lock().unwrap();
        if *fail > 0 {
            *fail -= 1;
            return Err(RepoError::Unexpected(anyhow::anyhow!(
                "the process was killed"
            )));
        }
        self.kept
            .lock()
            .unwrap()
            .insert(booking.order_id.as_str().to_owned(), booking.clone());
        Ok(())
    }
}

fn config(base: &str) -> ShiprocketConfig {
    ShiprocketConfig {
        api_base: base.to_owned(),
        email: "shop@paduka.test".into(),
        password: SecretString::from("s3cret"),
        pickup_location: "Warehouse".into(),
        default_weight_grams: 800,
        default_dimensions_cm: (30, 20, 12),
        fallback_email: "shop@paduka.test".into(),
        timeout: Duration::from_millis(500),
    }
}

fn adapter(base: &str, store: &Arc<MemoryStore>) -> ShiprocketCourier {
    ShiprocketCourier::new(config(base), store.clone()).unwrap()
}

fn buyer() -> BuyerContact {
    BuyerContact {
        name: "Asha Rao".into(),
        email: Some("asha@example.in".into()),
        phone: Some("9876543210".into()),
    }
}

fn cod_order() -> Order {
    let mut order = OrderBuilder::new("ord-1").build();
    order.payment_method = PaymentMethod::Cod;
    order.paid = false;
    order.address = "12 MG Road, Indiranagar, Bengaluru 560038".into();
    order.pincode = "560038".into();
    order
}

#[tokio::test]
async fn booking_logs_in_creates_assigns_labels_and_asks_for_the_pickup() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);

    let booking = courier
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();

    assert_eq!(booking.courier.as_str(), "Xpressbees Surface");
    assert_eq!(booking.awb.as_str(), "141123221084922");
    assert_eq!(
        booking.tracking_url.unwrap().as_str(),
        "https://shiprocket.co/tracking/141123221084922"
    );
    assert_eq!(booking.expected_by, NaiveDate::from_ymd_opt(2026, 12, 3));
    {
        let state = fake.state();
        assert_eq!(
            (
                state.logins,
                state.creates,
                state.awbs,
                state.labels,
                state.pickups
            ),
            (1, 1, 1, 1, 1)
        );
        let sent = state.last_order.clone().unwrap();
        assert_eq!(sent["order_id"], "ord-1");
        assert_eq!(sent["payment_method"], "COD");
        assert_eq!(sent["pickup_location"], "Warehouse");
        assert_eq!(sent["billing_customer_name"], "Asha");
        assert_eq!(sent["billing_last_name"], "Rao");
        assert_eq!(sent["billing_city"], "Bengaluru");
        assert_eq!(sent["billing_pincode"], "560038");
        assert_eq!(sent["billing_email"], "asha@example.in");
        assert_eq!(sent["billing_phone"], "9876543210");
        assert_eq!(sent["weight"], 0.8);
        assert_eq!(
            (&sent["length"], &sent["breadth"], &sent["height"]),
            (&json!(30), &json!(20), &json!(12))
        );
        assert!(
            sent["order_items"]
                .as_array()
                .is_some_and(|items| !items.is_empty())
        );
    }
    let kept = store.kept("ord-1").unwrap();
    assert_eq!(kept.shiprocket_order_id, Some(1001));
    assert_eq!(kept.shipment_id, Some(2001));
    assert!(kept.pickup_requested);
    assert_eq!(
        courier.label(&cod_order()).await.unwrap().as_deref(),
        Some(LABEL_PDF)
    );

    // Asked again (the use case's answer got lost): nothing is done twice.
    courier
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    let state = fake.state();
    assert_eq!(
        (state.creates, state.awbs, state.labels, state.pickups),
        (1, 1, 1, 1)
    );
}

#[tokio::test]
async fn a_paid_order_is_prepaid_and_the_weight_is_the_admins() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let mut order = cod_order();
    order.payment_method = PaymentMethod::Online;
    order.paid = true;
    let request = ShipRequest::parse(None, None, None, Some(1250)).unwrap();
    adapter(&server.uri(), &store)
        .book(&order, &buyer(), &request)
        .await
        .unwrap();
    let sent = fake.state().last_order.clone().unwrap();
    assert_eq!(sent["payment_method"], "Prepaid");
    assert_eq!(sent["weight"], 1.25);
}

#[tokio::test]
async fn a_replacement_order_is_prepaid_at_the_value_of_the_pairs_it_replaces() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    // The replacement of a cash-on-delivery order: still `cod`, amount 0, nothing to collect.
    let mut order = OrderBuilder::new("ord-2").replacing("ord-1").build();
    order.payment_method = PaymentMethod::Cod;
    order.address = "12 MG Road, Indiranagar, Bengaluru 560038".into();
    order.pincode = "560038".into();
    adapter(&server.uri(), &store)
        .book(&order, &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    let sent = fake.state().last_order.clone().unwrap();
    assert_eq!(sent["order_id"], "ord-2");
    assert_eq!(sent["payment_method"], "Prepaid");
    // Two Trail Runner at ₹999 less 15 %: ₹849.15 each, ₹1,698 together, nothing off.
    assert_eq!(sent["order_items"][0]["selling_price"], 849.15);
    assert_eq!(sent["order_items"][0]["units"], 2);
    assert_eq!(sent["sub_total"], 1698);
    assert_eq!(sent["total_discount"], 0);
}

#[tokio::test]
async fn an_expired_token_costs_exactly_one_new_login() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);
    courier
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    fake.state().expire_token = true;
    let mut other = cod_order();
    other.id = OrderId::new("ord-2");
    courier
        .book(&other, &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    let state = fake.state();
    assert_eq!(state.logins, 2, "one login, then one more on the 401");
    assert_eq!(state.creates, 2);
}

#[tokio::test]
async fn a_failed_awb_assignment_is_resumed_without_a_second_order() {
    let (server, fake) = fake_shiprocket().await;
    fake.state().awb_failures = 1;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);

    let failed = courier
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await;
    assert!(
        matches!(failed, Err(CourierError::Unavailable(_))),
        "{failed:?}"
    );
    let kept = store.kept("ord-1").unwrap();
    assert_eq!(kept.shiprocket_order_id, Some(1001));
    assert_eq!(kept.awb, None);

    let booking = courier
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    assert_eq!(booking.awb.as_str(), "141123221084922");
    let state = fake.state();
    assert_eq!((state.creates, state.awbs, state.pickups), (1, 1, 1));
    assert_eq!(state.searches, 1, "searched once, before the one create");
}

#[tokio::test]
async fn killed_between_create_and_save_the_next_try_adopts_the_order_it_created() {
    let (server, fake) = fake_shiprocket().await;
    let dying = Arc::new(MemoryStore::default());
    *dying.fail_saves.lock().unwrap() = 1;
    let failed = adapter(&server.uri(), &dying)
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await;
    assert!(
        matches!(failed, Err(CourierError::Unavailable(_))),
        "{failed:?}"
    );
    assert_eq!(dying.kept("ord-1"), None, "nothing was saved");

    // A new process, the store as it was.
    let store = Arc::new(MemoryStore::default());
    let booking = adapter(&server.uri(), &store)
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    assert_eq!(booking.courier.as_str(), "Xpressbees Surface");
    let state = fake.state();
    let ours: Vec<_> = state.orders.iter().filter(|o| o.0 == "ord-1").collect();
    assert_eq!(ours.len(), 1, "exactly one Shiprocket order for ours");
    assert_eq!(state.creates, 1);
    assert_eq!(store.kept("ord-1").unwrap().shiprocket_order_id, Some(1001));
}

#[tokio::test]
async fn two_clicks_at_once_create_one_order() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);
    let (order, buyer, request) = (cod_order(), buyer(), ShipRequest::default());
    let (first, second) = tokio::join!(
        courier.book(&order, &buyer, &request),
        courier.book(&order, &buyer, &request),
    );
    assert_eq!(first.unwrap(), second.unwrap());
    let state = fake.state();
    assert_eq!((state.creates, state.awbs, state.pickups), (1, 1, 1));
}

#[tokio::test]
async fn a_search_match_must_be_our_exact_id() {
    let (server, fake) = fake_shiprocket().await;
    fake.state().orders.push(("ord-10".into(), 999, 998));
    let store = Arc::new(MemoryStore::default());
    adapter(&server.uri(), &store)
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await
        .unwrap();
    assert_eq!(fake.state().creates, 1, "ord-10 is not ord-1");
    assert_eq!(store.kept("ord-1").unwrap().shiprocket_order_id, Some(1001));
}

#[tokio::test]
async fn shiprocket_not_answering_is_unavailable() {
    let server = MockServer::start().await;
    Mock::given(any())
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)))
        .mount(&server)
        .await;
    let store = Arc::new(MemoryStore::default());
    let slow = adapter(&server.uri(), &store)
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await;
    assert!(
        matches!(slow, Err(CourierError::Unavailable(_))),
        "{slow:?}"
    );
    assert_eq!(
        slow.unwrap_err().to_string(),
        "Courier is not answering, try again"
    );

    let gone = adapter("http://127.0.0.1:9", &store)
        .book(&cod_order(), &buyer(), &ShipRequest::default())
        .await;
    assert!(
        matches!(gone, Err(CourierError::Unavailable(_))),
        "{gone:?}"
    );
}

#[tokio::test]
async fn without_the_buyers_phone_nothing_is_created() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let gone = BuyerContact {
        name: "Asha".into(),
        email: None,
        phone: None,
    };
    let refused = adapter(&server.uri(), &store)
        .book(&cod_order(), &gone, &ShipRequest::default())
        .await;
    assert_eq!(refused.unwrap_err().to_string(), PHONE_REQUIRED);
    assert_eq!(fake.state().creates, 0);
}

#[tokio::test]
async fn an_order_never_booked_here_has_no_shiprocket_label() {
    let store = Arc::new(MemoryStore::default());
    let courier = adapter("http://127.0.0.1:9", &store);
    assert_eq!(courier.label(&cod_order()).await.unwrap(), None);
}

#[test]
fn the_city_is_the_last_part_before_the_pincode_or_else_the_state() {
    let cases = [
        (
            "12 MG Road, Indiranagar, Bengaluru 560038",
            "560038",
            "Bengaluru",
        ),
        (
            "12 MG Road, Indiranagar, Bengaluru - 560038",
            "560038",
            "Bengaluru",
        ),
        ("12 MG Road, Pune", "411001", "Pune"),
        ("12 MG Road", "411001", "Maharashtra"),
        ("12 MG Road, 411001", "411001", "Maharashtra"),
    ];
    for (address, pincode, city) in cases {
        assert_eq!(
            city_of(address, pincode, Some("Maharashtra")),
            city,
            "{address:?}"
        );
    }
}

#[tokio::test]
async fn the_product_page_s_estimate_is_the_recommended_courier_s_date() {
    let (server, _fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let pincode = Pincode::parse("560001").unwrap();
    let day = adapter(&server.uri(), &store)
        .latest_day(&pincode)
        .await
        .unwrap();
    assert_eq!(day, NaiveDate::from_ymd_opt(2026, 12, 1));
}

/// The fake Shiprocket, answering everything after `delay`.
struct Slow(FakeShiprocket, Duration);

impl Respond for Slow {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        self.0.respond(request).set_delay(self.1)
    }
}

#[tokio::test]
async fn an_estimate_not_given_within_two_seconds_is_not_waited_for() {
    let server = MockServer::start().await;
    let fake = FakeShiprocket(Arc::default());
    fake.state().base = server.uri();
    // Every answer is right but comes after 3 s, within the client's own 10 s timeout: only
    // the estimate's limit turns it down.
    Mock::given(any())
        .respond_with(Slow(fake, Duration::from_secs(3)))
        .mount(&server)
        .await;
    let patient = ShiprocketConfig {
        timeout: Duration::from_secs(10),
        ..config(&server.uri())
    };
    let store: Arc<MemoryStore> = Arc::default();
    let adapter = ShiprocketCourier::new(patient, store).unwrap();
    let pincode = Pincode::parse("560001").unwrap();
    let slow = adapter.latest_day(&pincode).await;
    assert!(
        matches!(slow, Err(CourierError::Unavailable(_))),
        "{slow:?}"
    );
}

fn return_pickup() -> ReturnPickup {
    let mut order = cod_order();
    order.paid = true;
    ReturnPickup {
        number: "RET-000007".into(),
        order,
        buyer: buyer(),
        items: vec![(0, 1)],
    }
}

#[tokio::test]
async fn a_return_is_collected_from_the_shopper_and_brought_to_the_pickup_address() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);
    let pickup = return_pickup();

    let booking = courier.book_return(&pickup).await.unwrap().unwrap();

    assert_eq!(booking.awb.as_str(), "141123221084922");
    assert_eq!(booking.courier.as_str(), "Xpressbees Surface");
    let state = fake.state();
    assert_eq!((state.return_creates, state.creates), (1, 0));
    let sent = state.last_return.clone().unwrap();
    assert_eq!(sent["order_id"], "RET-000007");
    assert_eq!(sent["payment_method"], "PREPAID");
    assert_eq!(sent["pickup_customer_name"], "Asha");
    assert_eq!(sent["pickup_pincode"], "560038");
    assert_eq!(sent["pickup_city"], "Bengaluru");
    assert_eq!(sent["pickup_phone"], "9876543210");
    assert_eq!(sent["shipping_pincode"], "110001");
    assert_eq!(sent["shipping_address"], "4 Chandni Chowk");
    assert_eq!(sent["shipping_city"], "New Delhi");
    let line = &pickup.order.lines[0];
    let items = sent["order_items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["units"], 1);
    assert_eq!(
        items[0]["selling_price"].as_f64().unwrap(),
        line.sale_price.rupees()
    );
    assert_eq!(
        state.awb_requests.last().unwrap(),
        &json!({"shipment_id": 6001, "is_return": 1})
    );
    let kept = store.kept("RET-000007").unwrap();
    assert_eq!(kept.shipment_id, Some(6001));
    assert!(kept.pickup_requested);
}

#[tokio::test]
async fn a_return_booking_cut_short_resumes_without_a_second_return_order() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let courier = adapter(&server.uri(), &store);
    fake.state().awb_failures = 1;

    let failed = courier.book_return(&return_pickup()).await;
    assert!(
        matches!(failed, Err(CourierError::Unavailable(_))),
        "{failed:?}"
    );
    let booking = courier
        .book_return(&return_pickup())
        .await
        .unwrap()
        .unwrap();
    courier.book_return(&return_pickup()).await.unwrap();

    assert_eq!(booking.awb.as_str(), "141123221084922");
    let state = fake.state();
    assert_eq!(state.return_creates, 1, "one return order at Shiprocket");
    assert_eq!(state.awbs, 1, "the AWB asked for until it came, then kept");
}

#[tokio::test]
async fn killed_between_creating_the_return_order_and_saving_it_the_next_try_adopts_it() {
    let (server, fake) = fake_shiprocket().await;
    let dying = Arc::new(MemoryStore::default());
    *dying.fail_saves.lock().unwrap() = 1;
    let failed = adapter(&server.uri(), &dying)
        .book_return(&return_pickup())
        .await;
    assert!(
        matches!(failed, Err(CourierError::Unavailable(_))),
        "{failed:?}"
    );
    assert_eq!(dying.kept("RET-000007"), None, "nothing was saved");
    // Another return's order, whose number contains ours, is not ours.
    fake.state()
        .returns
        .push(("RET-0000071".into(), 4999, 5999));

    // A new process, the store as it was.
    let store = Arc::new(MemoryStore::default());
    let booking = adapter(&server.uri(), &store)
        .book_return(&return_pickup())
        .await
        .unwrap()
        .unwrap();

    assert_eq!(booking.awb.as_str(), "141123221084922");
    let state = fake.state();
    assert_eq!(state.return_creates, 1, "exactly one return order for ours");
    assert_eq!(state.return_searches, 2, "looked for before each create");
    assert_eq!(
        state.awb_requests.last().unwrap(),
        &json!({"shipment_id": 6001, "is_return": 1}),
        "the AWB of the return order the first try created"
    );
    let kept = store.kept("RET-000007").unwrap();
    assert_eq!(
        (kept.shiprocket_order_id, kept.shipment_id),
        (Some(5001), Some(6001))
    );
}

#[tokio::test]
async fn a_return_is_not_booked_without_the_shoppers_phone() {
    let (server, fake) = fake_shiprocket().await;
    let store = Arc::new(MemoryStore::default());
    let mut pickup = return_pickup();
    pickup.buyer.phone = None;

    let refused = adapter(&server.uri(), &store).book_return(&pickup).await;

    assert_eq!(refused.unwrap_err().to_string(), PHONE_REQUIRED);
    assert_eq!(fake.state().return_creates, 0);
}
