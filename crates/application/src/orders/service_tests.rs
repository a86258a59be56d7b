//! `OrderService` over in-memory fakes of its ports: given the orders a [`Shop`] holds, one
//! call, then what the fakes hold.

use std::sync::Arc;

use paduka_domain::invoice::{CreditNote, CreditNoteSource, CreditedLine};
use paduka_domain::order::OrderStatus;
use paduka_domain::review::UserRef;
use paduka_test_support::builders::{OrderBuilder, UserBuilder};
use paduka_test_support::time::now;

use super::*;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::checkout::RefundResult;
use crate::orders::BuyerContact;
use crate::testing::fakes::{FakeCourier, FakeGateway, FakeMailer, FakeOrders};
use crate::testing::{admin, assert_refused, clock, invoicing, shopper};

/// Orders after checkout: the order store, the provider, the mail, and `shopper-1`'s account.
#[derive(Default)]
struct Shop {
    orders: Arc<FakeOrders>,
    gateway: Arc<FakeGateway>,
    mailer: Arc<FakeMailer>,
    courier: Arc<FakeCourier>,
    credit_notes: Arc<FakeCreditNotes>,
}

/// Credit notes as the adapter would have issued them.
#[derive(Default)]
struct FakeCreditNotes(std::sync::Mutex<Vec<CreditNote>>);

#[async_trait::async_trait]
impl CreditNoteRepository for FakeCreditNotes {
    async fn find(&self, number: &str) -> Result<Option<CreditNote>, crate::RepoError> {
        let notes = self.0.lock().unwrap();
        Ok(notes.iter().find(|n| n.number == number).cloned())
    }

    async fn for_source(
        &self,
        source: &CreditNoteSource,
    ) -> Result<Option<CreditNote>, crate::RepoError> {
        let notes = self.0.lock().unwrap();
        Ok(notes.iter().find(|n| &n.source == source).cloned())
    }
}

impl Shop {
    /// The store holds these orders.
    fn holding(orders: impl IntoIterator<Item = Order>) -> Self {
        let shop = Self::default();
        orders
            .into_iter()
            .for_each(|order| shop.orders.holds(order));
        shop
    }

    fn service(&self) -> OrderService {
        let mut users = MockUserRepository::new();
        users.expect_find().returning(|id| {
            let known = id.as_str() == "shopper-1";
            Ok(known.then(|| UserBuilder::shopper("shopper-1").build()))
        });
        OrderService::new(OrderPorts {
            orders: self.orders.clone(),
            gateway: self.gateway.clone(),
            users: Arc::new(users),
            mailer: self.mailer.clone(),
            clock: Arc::new(clock()),
            catalog_revision: CatalogRevision::default(),
            invoicing: invoicing(),
            courier: self.courier.clone(),
            credit_notes: self.credit_notes.clone(),
        })
    }

    /// The order `ord-1` as stored now.
    async fn ord_1(&self) -> Order {
        let found = self.orders.find(&OrderId::new("ord-1")).await.unwrap();
        found.expect("ord-1 is stored")
    }

    /// The subjects of the mails `shopper-1` got.
    fn mailed(&self) -> Vec<String> {
        let sent = self.mailer.sent().into_iter();
        let theirs = sent.filter(|mail| mail.to.as_str() == "shopper-1@paduka.test");
        theirs.map(|mail| mail.subject).collect()
    }
}

/// Another shopper, `shopper-2`.
fn stranger() -> Principal {
    Principal::of(&UserBuilder::shopper("shopper-2").build())
}

/// The admin, as a signed-in user rather than a capability.
fn admin_principal() -> Principal {
    Principal::of(&UserBuilder::admin("admin").build())
}

/// `shopper-1`'s order `ord-1` for ₹1698, paid by `pay_1`, in `status`.
fn order(status: &str) -> Order {
    let status = OrderStatus::from_stored(status).unwrap();
    OrderBuilder::new("ord-1").status(status).build()
}

fn ord_1() -> OrderId {
    OrderId::new("ord-1")
}

// --- reading ------------------------------------------------------------------------------

#[tokio::test]
async fn my_orders_are_the_token_s_own() {
    let someone_else_s = OrderBuilder::new("ord-2").buyer("shopper-2").build();
    let service = Shop::holding([order("Pending"), someone_else_s]).service();
    let mine = service.my_orders(&shopper(), None).await.unwrap();
    assert_eq!(mine, vec![order("Pending")]);
    let same = Some(UserId::new("shopper-1"));
    assert_eq!(service.my_orders(&shopper(), same).await.unwrap(), mine);
}

#[tokio::test]
async fn asking_for_someone_else_s_orders_is_forbidden_even_for_an_admin() {
    let service = Shop::holding([order("Pending")]).service();
    let other = UserId::new("shopper-1");
    for caller in [stranger(), admin_principal()] {
        assert_refused!(
            service.my_orders(&caller, Some(other.clone())).await,
            OrderError::Forbidden
        );
    }
}

fn history() -> Vec<StatusChange> {
    vec![
        StatusChange {
            status: OrderStatus::Pending,
            at: now(),
            by: Some("Asha".into()),
        },
        StatusChange {
            status: OrderStatus::Confirmed,
            at: now(),
            by: Some("Store Admin".into()),
        },
    ]
}

#[tokio::test]
async fn an_order_is_shown_to_its_owner_and_admins_only() {
    let shop = Shop::holding([order("Pending")]);
    shop.orders.has_history(&ord_1(), history());
    let service = shop.service();
    assert_eq!(
        service.get(&admin_principal(), &ord_1()).await.unwrap(),
        OrderDetail {
            order: order("Pending"),
            history: history(),
        },
        "admins see who set each status"
    );
    let seen_by_owner = service.get(&shopper(), &ord_1()).await.unwrap();
    assert_eq!(seen_by_owner.order, order("Pending"));
    assert_eq!(
        seen_by_owner
            .history
            .iter()
            .map(|c| (c.status, c.by.clone()))
            .collect::<Vec<_>>(),
        [(OrderStatus::Pending, None), (OrderStatus::Confirmed, None)],
        "the buyer sees the steps, not the staff's names"
    );
    assert_refused!(
        service.get(&stranger(), &ord_1()).await,
        OrderError::Forbidden
    );
    assert_refused!(
        service.get(&shopper(), &OrderId::new("nope")).await,
        OrderError::NotFound
    );
}

#[tokio::test]
async fn an_order_of_a_deleted_account_is_only_for_admins() {
    let orphan = Order {
        user: UserRef::deleted("Gone"),
        ..order("Pending")
    };
    let service = Shop::holding([orphan]).service();
    assert!(service.get(&admin_principal(), &ord_1()).await.is_ok());
    assert_refused!(
        service.get(&shopper(), &ord_1()).await,
        OrderError::Forbidden
    );
}

#[tokio::test]
async fn admins_list_every_order() {
    let cancelled = OrderBuilder::new("ord-0")
        .status(OrderStatus::Cancelled)
        .build();
    let shop = Shop::holding([cancelled, order("Pending")]);
    assert_eq!(shop.service().all(&admin()).await.unwrap().len(), 2);
}

// --- status -------------------------------------------------------------------------------

#[tokio::test]
async fn an_admin_sets_a_settable_status_with_a_history_row_and_the_buyer_is_mailed() {
    let shop = Shop::holding([order("Pending")]);
    let updated = (shop
        .service()
        .update_status(&admin(), &ord_1(), " Confirmed ")
        .await)
        .unwrap();
    assert_eq!(updated.status, OrderStatus::Confirmed);
    assert_eq!(shop.ord_1().await.status, OrderStatus::Confirmed);
    let history = shop.orders.history(&ord_1()).await.unwrap();
    let row = StatusChange {
        status: OrderStatus::Confirmed,
        at: now(),
        by: Some("admin".into()),
    };
    assert_eq!(history, [row]);
    let mailed = shop.mailed();
    assert!(
        matches!(&mailed[..], [subject] if subject.contains("is Confirmed")),
        "{mailed:?}"
    );
}

#[tokio::test]
async fn cancelled_and_unknown_statuses_cannot_be_set() {
    let shop = Shop::holding([order("Pending")]);
    for bad in ["Cancelled", "Shipped", ""] {
        let error = (shop.service().update_status(&admin(), &ord_1(), bad).await).unwrap_err();
        assert_eq!(
            error.to_string(),
            "Status must be Pending, Confirmed or Delivered"
        );
    }
    assert_eq!(shop.ord_1().await, order("Pending"));
}

#[tokio::test]
async fn a_cancelled_order_keeps_its_status() {
    let shop = Shop::holding([order("Cancelled")]);
    let result = shop
        .service()
        .update_status(&admin(), &ord_1(), "Pending")
        .await;
    assert_refused!(result, OrderError::Cancelled, "Order Cancelled");
    assert_eq!(shop.ord_1().await.status, OrderStatus::Cancelled);
}

#[tokio::test]
async fn a_cancellation_racing_a_status_change_wins() {
    let shop = Shop::holding([order("Pending")]);
    shop.orders.stores_meanwhile(order("Cancelled"));
    let result = shop
        .service()
        .update_status(&admin(), &ord_1(), "Delivered")
        .await;
    assert_refused!(result, OrderError::Cancelled);
    assert_eq!(shop.ord_1().await.status, OrderStatus::Cancelled);
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn setting_the_status_an_order_has_changes_nothing() {
    let shop = Shop::holding([order("Delivered")]);
    let same = (shop
        .service()
        .update_status(&admin(), &ord_1(), "Delivered")
        .await)
        .unwrap();
    assert_eq!(same, order("Delivered"));
    assert!(shop.orders.history(&ord_1()).await.unwrap().is_empty());
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn the_status_of_an_unknown_order_is_not_found() {
    let shop = Shop::holding([order("Pending")]);
    let unknown = OrderId::new("nope");
    let result = shop
        .service()
        .update_status(&admin(), &unknown, "Delivered")
        .await;
    assert_refused!(result, OrderError::NotFound);
}

// --- cancelling ---------------------------------------------------------------------------

#[tokio::test]
async fn the_owner_cancels_an_order_stock_comes_back_and_the_payment_is_refunded_once() {
    let shop = Shop::holding([order("Pending")]);
    let cancelled = shop.service().cancel(&shopper(), &ord_1()).await.unwrap();
    assert_eq!(cancelled.status, OrderStatus::Cancelled);
    assert_eq!(shop.ord_1().await.status, OrderStatus::Cancelled);
    assert_eq!(shop.gateway.refunds_asked(), ["pay_1 169800 refund-pay_1"]);
    let recorded = shop
        .orders
        .refund_of(&ord_1())
        .expect("the refund is recorded");
    assert_eq!(recorded.id, "rfnd_1");
    let mailed = shop.mailed();
    assert!(
        matches!(&mailed[..], [subject] if subject.contains("is Cancelled")),
        "{mailed:?}"
    );
}

#[tokio::test]
async fn an_admin_may_cancel_anyone_s_order() {
    let shop = Shop::holding([order("Confirmed")]);
    assert!(
        shop.service()
            .cancel(&admin_principal(), &ord_1())
            .await
            .is_ok()
    );
    assert_eq!(shop.ord_1().await.status, OrderStatus::Cancelled);
    assert_eq!(shop.mailed().len(), 1);
}

#[tokio::test]
async fn a_delivered_order_cannot_be_cancelled() {
    let shop = Shop::holding([order("Delivered")]);
    let result = shop.service().cancel(&shopper(), &ord_1()).await;
    assert_refused!(result, OrderError::Delivered, "Order Delivered");
    assert_eq!(shop.ord_1().await.status, OrderStatus::Delivered);
    assert!(shop.gateway.refunds_asked().is_empty());
}

#[tokio::test]
async fn a_replacement_order_cannot_be_cancelled_by_its_shopper_nor_an_admin() {
    let replacement = OrderBuilder::new("ord-1").replacing("ord-0").build();
    let shop = Shop::holding([replacement.clone()]);
    for caller in [shopper(), admin_principal()] {
        let result = shop.service().cancel(&caller, &ord_1()).await;
        assert_refused!(
            result,
            OrderError::Replacement,
            "Replacement orders cannot be cancelled"
        );
    }
    assert_eq!(shop.ord_1().await, replacement);
    assert!(shop.mailed().is_empty());
}

#[tokio::test]
async fn an_order_delivered_while_being_cancelled_stays_delivered() {
    let shop = Shop::holding([order("Confirmed")]);
    shop.orders.stores_meanwhile(order("Delivered"));
    let result = shop.service().cancel(&shopper(), &ord_1()).await;
    assert_refused!(result, OrderError::Delivered);
    assert_eq!(shop.ord_1().await.status, OrderStatus::Delivered);
    assert!(shop.gateway.refunds_asked().is_empty());
}

#[tokio::test]
async fn nobody_cancels_someone_else_s_order() {
    let shop = Shop::holding([order("Pending")]);
    let result = shop.service().cancel(&stranger(), &ord_1()).await;
    assert_refused!(result, OrderError::Forbidden);
    assert_eq!(shop.ord_1().await.status, OrderStatus::Pending);
}

#[tokio::test]
async fn a_refund_the_provider_refuses_is_reported_and_not_recorded() {
    let shop = Shop::holding([order("Pending")]);
    shop.gateway.refuses_refunds();
    let result = shop.service().cancel(&shopper(), &ord_1()).await;
    assert_refused!(result, OrderError::RefundFailed(_));
    assert_eq!(shop.ord_1().await.status, OrderStatus::Cancelled);
    assert!(shop.orders.refund_of(&ord_1()).is_none());
}

#[tokio::test]
async fn cancelling_a_cancelled_and_refunded_order_again_changes_nothing() {
    let shop = Shop::holding([order("Cancelled")]);
    let refund = RefundResult {
        id: "rfnd_1".into(),
        amount: Paise::from_stored(169_800),
        status: "processed".into(),
    };
    shop.orders.record_refund(&ord_1(), &refund).await.unwrap();
    let again = shop.service().cancel(&shopper(), &ord_1()).await.unwrap();
    assert_eq!(again, order("Cancelled"));
    assert!(shop.gateway.refunds_asked().is_empty());
    assert!(shop.mailer.sent().is_empty());
}

#[tokio::test]
async fn cancelling_again_retries_a_refund_that_failed() {
    let shop = Shop::holding([order("Cancelled")]);
    assert!(shop.service().cancel(&shopper(), &ord_1()).await.is_ok());
    assert_eq!(shop.gateway.refunds_asked(), ["pay_1 169800 refund-pay_1"]);
    assert!(shop.orders.refund_of(&ord_1()).is_some());
    assert!(shop.mailer.sent().is_empty());
}

// --- shipping -----------------------------------------------------------------------------

/// What the admin types to ship by hand: DTDC, AWB `D1234`, a tracking link.
fn by_hand() -> ShipRequest {
    ShipRequest::parse(
        Some("DTDC"),
        Some("D1234"),
        Some("https://track.example/D1234"),
        None,
    )
    .unwrap()
}

/// `ord-1` shipped by hand, as the store holds it after [`by_hand`].
async fn shipped(shop: &Shop) -> Order {
    let service = shop.service();
    service
        .ship(&admin(), &ord_1(), by_hand())
        .await
        .unwrap()
        .order
}

#[tokio::test]
async fn shipping_books_the_parcel_once_and_tells_the_buyer_where_to_track_it() {
    let shop = Shop::holding([order("Confirmed")]);
    let first = shop
        .service()
        .ship(&admin(), &ord_1(), by_hand())
        .await
        .unwrap();
    assert!(first.shipped_now);
    assert_eq!(first.order.status, OrderStatus::Shipped);
    let shipment = first.order.shipment.clone().expect("a shipment");
    assert_eq!(
        (shipment.courier.as_str(), shipment.awb.as_str()),
        ("DTDC", "D1234")
    );
    // Shipped at 15:00 in India on 1 October 2025: by the table's 7th day.
    let expected = chrono::NaiveDate::from_ymd_opt(2025, 10, 8);
    assert_eq!(shipment.expected_by, expected);
    assert_eq!(shop.mailed().len(), 1);
    let mail = &shop.mailer.sent()[0];
    assert!(mail.subject.contains("is Shipped"), "{}", mail.subject);
    assert!(
        mail.text.contains("DTDC") && mail.text.contains("D1234"),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("https://track.example/D1234"),
        "{}",
        mail.text
    );

    let again = shop
        .service()
        .ship(&admin(), &ord_1(), ShipRequest::default())
        .await
        .unwrap();
    assert!(!again.shipped_now);
    assert_eq!(again.order, first.order);
    assert_eq!(shop.courier.asked(), [ord_1()], "booked once");
    assert_eq!(shop.mailed().len(), 1);
}

#[tokio::test]
async fn the_courier_is_told_the_buyers_name_e_mail_and_phone() {
    let gone = OrderBuilder::new("ord-2").buyer("shopper-9").build();
    let shop = Shop::holding([order("Confirmed"), gone]);
    shipped(&shop).await;
    shop.service()
        .ship(&admin(), &OrderId::new("ord-2"), by_hand())
        .await
        .unwrap();
    assert_eq!(
        shop.courier.buyers(),
        [
            BuyerContact {
                name: "Shopper-1".into(),
                email: Some("shopper-1@paduka.test".into()),
                phone: Some("9876543210".into()),
            },
            BuyerContact {
                name: "Shopper-9".into(),
                email: None,
                phone: None,
            },
        ],
        "an account that is gone gives only the order's name"
    );
}

#[tokio::test]
async fn the_manual_courier_needs_its_name_and_awb_and_nothing_changes_without_them() {
    let shop = Shop::holding([order("Pending")]);
    let result = shop
        .service()
        .ship(&admin(), &ord_1(), ShipRequest::default())
        .await;
    assert_eq!(
        result.unwrap_err().to_string(),
        "Courier and AWB are required"
    );
    assert_eq!(shop.ord_1().await, order("Pending"));
}

#[tokio::test]
async fn cancelled_and_delivered_orders_are_not_shipped() {
    for (status, refusal) in [
        ("Cancelled", "Order Cancelled"),
        ("Delivered", "Order Delivered"),
    ] {
        let shop = Shop::holding([order(status)]);
        let result = shop.service().ship(&admin(), &ord_1(), by_hand()).await;
        assert_eq!(result.unwrap_err().to_string(), refusal);
        assert!(shop.courier.asked().is_empty(), "{status}: no booking");
    }
}

#[tokio::test]
async fn a_courier_that_does_not_answer_leaves_the_order_to_ship_again() {
    let shop = Shop::holding([order("Pending")]);
    shop.courier.is_down();
    let result = shop.service().ship(&admin(), &ord_1(), by_hand()).await;
    assert_refused!(result, OrderError::CourierUnavailable(_));
    assert_eq!(shop.ord_1().await.status, OrderStatus::Pending);
    assert!(shop.mailed().is_empty());
}

#[tokio::test]
async fn the_courier_s_reports_move_the_parcel_and_the_buyer_hears_of_the_delivery() {
    let shop = Shop::holding([order("Pending")]);
    shipped(&shop).await;
    let service = shop.service();
    let out = service
        .record_courier_event(&admin(), &ord_1(), CourierEvent::OutForDelivery, None)
        .await
        .unwrap();
    assert_eq!(out.status, OrderStatus::OutForDelivery);
    let failed = service
        .record_courier_event(
            &admin(),
            &ord_1(),
            CourierEvent::DeliveryFailed,
            Some("Door locked".into()),
        )
        .await
        .unwrap();
    assert_eq!(failed.status, OrderStatus::Shipped);
    let delivered = service
        .record_courier_event(&admin(), &ord_1(), CourierEvent::Delivered, None)
        .await
        .unwrap();
    assert_eq!(delivered.status, OrderStatus::Delivered);
    let events: Vec<_> = delivered.shipment.unwrap().events;
    assert_eq!(events.len(), 3);
    assert_eq!(events[1].note.as_deref(), Some("Door locked"));
    let mailed = shop.mailed();
    assert!(
        matches!(&mailed[..], [shipped, delivered] if shipped.contains("is Shipped") && delivered.contains("is Delivered")),
        "{mailed:?}"
    );
    let late = service
        .record_courier_event(&admin(), &ord_1(), CourierEvent::OutForDelivery, None)
        .await;
    assert_refused!(late, OrderError::Delivered);
}

#[tokio::test]
async fn a_report_on_an_order_that_has_not_shipped_is_refused() {
    let shop = Shop::holding([order("Confirmed")]);
    let result = shop
        .service()
        .record_courier_event(&admin(), &ord_1(), CourierEvent::Delivered, None)
        .await;
    assert_refused!(result, OrderError::NotShipped);
    assert_eq!(shop.ord_1().await, order("Confirmed"));
}

#[tokio::test]
async fn a_paid_order_back_at_origin_is_refunded_once_and_a_failed_refund_is_retried() {
    let shop = Shop::holding([order("Pending")]);
    shipped(&shop).await;
    shop.gateway.refuses_refunds();
    let service = shop.service();
    let result = service
        .record_courier_event(&admin(), &ord_1(), CourierEvent::ReturnedToOrigin, None)
        .await;
    assert_refused!(result, OrderError::ReturnRefundFailed(_));
    assert_eq!(shop.ord_1().await.status, OrderStatus::ReturnedToOrigin);
    assert!(shop.orders.refund_of(&ord_1()).is_none());

    let shop_up = Shop {
        gateway: Arc::default(),
        ..shop
    };
    let service = shop_up.service();
    for _ in 0..2 {
        let order = service
            .record_courier_event(&admin(), &ord_1(), CourierEvent::ReturnedToOrigin, None)
            .await
            .unwrap();
        assert_eq!(order.status, OrderStatus::ReturnedToOrigin);
    }
    assert_eq!(
        shop_up.gateway.refunds_asked(),
        ["pay_1 169800 refund-pay_1"]
    );
    assert!(shop_up.orders.refund_of(&ord_1()).is_some());
}

#[tokio::test]
async fn unpaid_cash_back_at_origin_is_not_refunded_and_nothing_is_left_to_collect() {
    let mut cod = order("Pending");
    (cod.payment_method, cod.paid) = (PaymentMethod::Cod, false);
    let shop = Shop::holding([cod]);
    shipped(&shop).await;
    let back = shop
        .service()
        .record_courier_event(&admin(), &ord_1(), CourierEvent::ReturnedToOrigin, None)
        .await
        .unwrap();
    assert_eq!(back.to_collect_rupees(), 0);
    assert!(shop.gateway.refunds_asked().is_empty());
}

#[tokio::test]
async fn a_paid_online_replacement_back_at_origin_refunds_nothing() {
    let replacement = OrderBuilder::new("ord-1").replacing("ord-0").build();
    let shop = Shop::holding([replacement]);
    shipped(&shop).await;
    let back = shop
        .service()
        .record_courier_event(&admin(), &ord_1(), CourierEvent::ReturnedToOrigin, None)
        .await
        .unwrap();
    assert_eq!(back.status, OrderStatus::ReturnedToOrigin);
    assert!(
        shop.gateway.refunds_asked().is_empty(),
        "it charged nothing"
    );
}

#[tokio::test]
async fn the_label_is_the_packing_slip_once_the_order_has_shipped() {
    let shop = Shop::holding([order("Pending")]);
    let early = shop.service().label(&admin(), &ord_1()).await;
    assert_refused!(early, OrderError::NotShipped);
    shipped(&shop).await;
    let label = shop.service().label(&admin(), &ord_1()).await.unwrap();
    assert_eq!(label.file_name, "packing-slip-ord-1.pdf");
    assert_eq!(label.bytes, crate::testing::FAKE_PDF);
}

#[tokio::test]
async fn a_courier_that_prints_labels_gives_its_own() {
    let shop = Shop::holding([order("Pending")]);
    shipped(&shop).await;
    shop.courier.prints_labels(b"%PDF-courier");
    let label = shop.service().label(&admin(), &ord_1()).await.unwrap();
    assert_eq!(label.file_name, "label-ord-1.pdf");
    assert_eq!(label.bytes, b"%PDF-courier");
}

// --- invoice --------------------------------------------------------------------------------

#[tokio::test]
async fn the_buyer_and_an_admin_get_the_invoice_as_a_named_pdf() {
    let service = Shop::holding([OrderBuilder::new("ord-1").build()]).service();
    for caller in [shopper(), admin().principal().clone()] {
        let pdf = service.invoice(&caller, &ord_1()).await.unwrap();
        assert_eq!(pdf.file_name, "invoice-PDK-25-26-000001.pdf");
        assert_eq!(pdf.bytes, crate::testing::FAKE_PDF);
    }
}

#[tokio::test]
async fn another_shopper_gets_no_invoice() {
    let theirs = OrderBuilder::new("ord-1").buyer("shopper-2").build();
    let result = Shop::holding([theirs])
        .service()
        .invoice(&shopper(), &ord_1())
        .await;
    assert_refused!(result, OrderError::Forbidden);
}

#[tokio::test]
async fn an_order_placed_before_invoices_has_none() {
    let mut old = OrderBuilder::new("ord-1").build();
    old.invoice_no = None;
    let result = Shop::holding([old])
        .service()
        .invoice(&shopper(), &ord_1())
        .await;
    assert_refused!(result, OrderError::NoInvoice);
}

// --- credit notes ---------------------------------------------------------------------------

/// `ord-1` came back to origin and got `CN/25-26/000001` for its whole invoice.
fn returned_to_origin() -> Shop {
    let shop = Shop::holding([order("Returned to origin")]);
    shop.credit_notes.0.lock().unwrap().push(CreditNote {
        number: "CN/25-26/000001".to_owned(),
        order_id: ord_1(),
        source: CreditNoteSource::ReturnToOrigin(ord_1()),
        issued_at: now(),
        amount: Paise::from_stored(169_800),
        lines: vec![CreditedLine {
            line: 0,
            quantity: 2,
            amount: Paise::from_stored(169_800),
        }],
    });
    shop
}

#[tokio::test]
async fn the_buyer_and_an_admin_get_the_rto_credit_note_as_a_named_pdf() {
    let service = returned_to_origin().service();
    for caller in [shopper(), admin_principal()] {
        let pdf = service.credit_note(&caller, &ord_1()).await.unwrap();
        assert_eq!(pdf.file_name, "credit-note-CN-25-26-000001.pdf");
        assert_eq!(pdf.bytes, crate::testing::FAKE_PDF);
    }
    let result = service.credit_note(&stranger(), &ord_1()).await;
    assert_refused!(result, OrderError::Forbidden);
}

#[tokio::test]
async fn an_order_without_a_credit_note_answers_no_credit_note() {
    let service = Shop::holding([order("Delivered")]).service();
    let result = service.credit_note(&shopper(), &ord_1()).await;
    assert_refused!(result, OrderError::NoCreditNote);
    let result = service.credit_note(&shopper(), &OrderId::new("nope")).await;
    assert_refused!(result, OrderError::NotFound);
}

#[tokio::test]
async fn a_credit_note_is_found_by_its_number_for_whoever_may_see_its_order() {
    let shop = returned_to_origin();
    let notes = CreditNotes::new(shop.credit_notes.clone(), shop.orders.clone(), invoicing());
    let pdf = notes
        .pdf_by_number(&shopper(), "CN/25-26/000001")
        .await
        .unwrap();
    assert_eq!(pdf.file_name, "credit-note-CN-25-26-000001.pdf");
    let result = notes.pdf_by_number(&stranger(), "CN/25-26/000001").await;
    assert_refused!(result, OrderError::Forbidden);
    let result = notes.pdf_by_number(&shopper(), "CN/25-26/000002").await;
    assert_refused!(result, OrderError::NoCreditNote);
}

// --- what may be done ---------------------------------------------------------------------

#[tokio::test]
async fn actions_are_the_lifecycle_s_at_the_clock_s_time_with_the_shop_s_return_window() {
    let shop = Shop::holding([order("Pending")]);
    let service = shop.service().with_return_window(30);
    // Set Delivered by hand: that instant dates the window.
    let delivered = service
        .update_status(&admin(), &ord_1(), "Delivered")
        .await
        .unwrap();
    assert_eq!(delivered.delivered_at, Some(now()));
    let actions = service.actions(&delivered);
    assert_eq!(
        actions.return_until,
        Some(now() + chrono::Duration::days(30))
    );
    assert_eq!(
        actions.cancel,
        Err(paduka_domain::order::Refusal::Delivered)
    );
    assert!(actions.events.is_empty());
    // The default window is the shop's default, 7 days.
    let default = shop.service().actions(&delivered);
    assert_eq!(
        default.return_until,
        Some(now() + chrono::Duration::days(7))
    );
}
