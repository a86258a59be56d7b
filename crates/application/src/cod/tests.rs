//! `CodService` over the in-memory orders: answers on WhatsApp and by link, and the clock's
//! edges.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::Duration;
use paduka_domain::OrderId;
use paduka_domain::order::{
    AnswerChannel, CodClock, CodConfirmation, CodEvent, CodRefusal, Order, OrderStatus,
};
use paduka_domain::whatsapp::CodAnswer;
use paduka_test_support::builders::{OrderBuilder, UserBuilder};
use paduka_test_support::time::now;

use super::*;
use crate::MockClock;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::orders::{OrderPorts, OrderRepository, OrderService};
use crate::testing::fakes::{FakeCourier, FakeGateway, FakeMailer, FakeOrders};
use crate::testing::{clock, invoicing};
use crate::whatsapp::OrderNotices;

/// The reminders asked for.
#[derive(Default)]
struct Reminders(Mutex<Vec<OrderId>>);

#[async_trait]
impl OrderNotices for Reminders {
    async fn order_placed(&self, _: &Order) {}
    async fn order_moved(&self, _: &Order) {}
    async fn cod_reminder(&self, order: &Order) {
        self.0.lock().unwrap().push(order.id.clone());
    }
}

/// Signs `ord-1` as `good-token`; nothing else holds.
struct Links;

impl CodLinks for Links {
    fn token(&self, order: &OrderId) -> String {
        format!("good-{order}")
    }
    fn order_of(&self, token: &str) -> Option<OrderId> {
        token.strip_prefix("good-").map(OrderId::new)
    }
    fn url(&self, order: &OrderId) -> String {
        format!("http://shop/cod/good-{order}")
    }
}

fn users() -> Arc<MockUserRepository> {
    let mut users = MockUserRepository::new();
    users.expect_find().returning(|id| {
        let known = id.as_str() == "shopper-1";
        Ok(known.then(|| UserBuilder::shopper("shopper-1").build()))
    });
    Arc::new(users)
}

struct Shop {
    orders: Arc<FakeOrders>,
    reminders: Arc<Reminders>,
}

impl Shop {
    fn holding(orders: impl IntoIterator<Item = Order>) -> Self {
        let shop = Self {
            orders: Arc::new(FakeOrders::default()),
            reminders: Arc::default(),
        };
        orders.into_iter().for_each(|o| shop.orders.holds(o));
        shop
    }

    fn service_at(&self, at: chrono::DateTime<chrono::Utc>, settings: CodClock) -> CodService {
        let mut clock_at = MockClock::new();
        clock_at.expect_now().return_const(at);
        let order_use_cases = OrderService::new(OrderPorts {
            orders: self.orders.clone(),
            gateway: Arc::new(FakeGateway::default()),
            users: users(),
            mailer: Arc::new(FakeMailer::default()),
            clock: Arc::new(clock()),
            catalog_revision: CatalogRevision::default(),
            invoicing: invoicing(),
            courier: Arc::new(FakeCourier::default()),
            credit_notes: Arc::new(NoCreditNotes),
        });
        CodService::new(
            CodPorts {
                orders: self.orders.clone(),
                confirmations: self.orders.clone(),
                order_use_cases: Arc::new(order_use_cases),
                users: users(),
                links: Arc::new(Links),
                notices: Some(self.reminders.clone()),
                clock: Arc::new(clock_at),
            },
            settings,
        )
    }

    fn service(&self) -> CodService {
        self.service_at(now(), CodClock::default())
    }

    async fn ord_1(&self) -> Order {
        self.orders.find(&ord_1()).await.unwrap().unwrap()
    }

    fn reminded(&self) -> Vec<OrderId> {
        self.reminders.0.lock().unwrap().clone()
    }
}

struct NoCreditNotes;

#[async_trait]
impl crate::orders::CreditNoteRepository for NoCreditNotes {
    async fn find(
        &self,
        _: &str,
    ) -> Result<Option<paduka_domain::invoice::CreditNote>, crate::RepoError> {
        Ok(None)
    }
    async fn for_source(
        &self,
        _: &paduka_domain::invoice::CreditNoteSource,
    ) -> Result<Option<paduka_domain::invoice::CreditNote>, crate::RepoError> {
        Ok(None)
    }
}

fn ord_1() -> OrderId {
    OrderId::new("ord-1")
}

/// `shopper-1`'s COD order `ord-1`, awaiting, placed [`now`], with ₹200 of store credit used.
fn awaiting() -> OrderBuilder {
    OrderBuilder::new("ord-1")
        .cash_on_delivery()
        .credit_used(200)
        .cod_confirmation(CodConfirmation::Awaiting)
}

async fn events(shop: &Shop) -> Vec<CodEvent> {
    let events = shop.service().events(&ord_1()).await.unwrap();
    events.into_iter().map(|e| e.event).collect()
}

#[tokio::test]
async fn confirm_on_whatsapp_confirms_once_with_its_event() {
    let shop = Shop::holding([awaiting().build()]);
    let service = shop.service();
    for _ in 0..3 {
        let order = service
            .answer(&ord_1(), CodAnswer::Confirm, AnswerChannel::WhatsApp)
            .await
            .unwrap();
        assert_eq!(order.cod_confirmation, Some(CodConfirmation::Confirmed));
    }
    assert_eq!(events(&shop).await, [CodEvent::ConfirmedOnWhatsApp]);
    // A link's confirm after it adds nothing.
    service
        .answer_link("good-ord-1", CodAnswer::Confirm)
        .await
        .unwrap();
    assert_eq!(events(&shop).await, [CodEvent::ConfirmedOnWhatsApp]);
}

#[tokio::test]
async fn an_unanswered_order_may_still_be_confirmed() {
    let order = awaiting()
        .cod_confirmation(CodConfirmation::Unanswered)
        .build();
    let shop = Shop::holding([order]);
    let view = shop
        .service()
        .answer_link("good-ord-1", CodAnswer::Confirm)
        .await
        .unwrap();
    assert_eq!(
        view.order.cod_confirmation,
        Some(CodConfirmation::Confirmed)
    );
    assert_eq!(events(&shop).await, [CodEvent::ConfirmedByLink]);
}

#[tokio::test]
async fn cancel_is_the_buyer_s_cancel_and_gives_credit_back_once() {
    let shop = Shop::holding([awaiting().build()]);
    let service = shop.service();
    let order = service
        .answer(&ord_1(), CodAnswer::Cancel, AnswerChannel::WhatsApp)
        .await
        .unwrap();
    assert_eq!(order.status, OrderStatus::Cancelled);
    let buyer = paduka_domain::UserId::new("shopper-1");
    assert_eq!(shop.orders.credit_of(&buyer), 200);
    // Again, on WhatsApp or by link: nothing changes, the credit is not given twice.
    let again = service
        .answer(&ord_1(), CodAnswer::Cancel, AnswerChannel::WhatsApp)
        .await;
    assert!(matches!(
        again,
        Err(CodError::Refused(CodRefusal::Cancelled))
    ));
    let confirm = service.answer_link("good-ord-1", CodAnswer::Confirm).await;
    assert!(matches!(
        confirm,
        Err(CodError::Refused(CodRefusal::Cancelled))
    ));
    assert_eq!(shop.orders.credit_of(&buyer), 200);
    assert_eq!(events(&shop).await, [CodEvent::CancelledOnWhatsApp]);
    assert_eq!(
        shop.ord_1().await.cod_confirmation,
        Some(CodConfirmation::Awaiting)
    );
}

#[tokio::test]
async fn after_shipping_an_answer_changes_nothing_and_the_page_says_why() {
    let shipped = awaiting().status(OrderStatus::Shipped).build();
    let shop = Shop::holding([shipped.clone()]);
    let service = shop.service();
    for answer in [CodAnswer::Confirm, CodAnswer::Cancel] {
        let refused = service
            .answer(&ord_1(), answer, AnswerChannel::WhatsApp)
            .await;
        assert!(matches!(
            refused,
            Err(CodError::Refused(CodRefusal::Shipped))
        ));
    }
    assert_eq!(shop.ord_1().await, shipped);
    let view = service.view_link("good-ord-1").await.unwrap();
    assert_eq!(view.refusal, Some(CodRefusal::Shipped));
    assert!(events(&shop).await.is_empty());
}

#[tokio::test]
async fn opening_the_link_never_acts_and_a_forged_one_is_refused() {
    let shop = Shop::holding([awaiting().build()]);
    let service = shop.service();
    let view = service.view_link("good-ord-1").await.unwrap();
    assert_eq!(view.refusal, None);
    assert_eq!(view.order, awaiting().build());
    assert!(matches!(
        service.view_link("forged-ord-1").await,
        Err(CodError::InvalidLink)
    ));
    assert!(matches!(
        service.answer_link("good-ord-9", CodAnswer::Cancel).await,
        Err(CodError::InvalidLink)
    ));
    assert_eq!(shop.ord_1().await, awaiting().build());
}

#[tokio::test]
async fn online_orders_are_not_asked() {
    let shop = Shop::holding([OrderBuilder::new("ord-1").build()]);
    let refused = shop
        .service()
        .answer(&ord_1(), CodAnswer::Confirm, AnswerChannel::WhatsApp)
        .await;
    assert!(matches!(
        refused,
        Err(CodError::Refused(CodRefusal::NotAsked))
    ));
}

// --- the clock ----------------------------------------------------------------------------

async fn tick(shop: &Shop, hours_after: Duration, settings: CodClock) -> usize {
    shop.service_at(now() + hours_after, settings)
        .tick()
        .await
        .unwrap()
}

#[tokio::test]
async fn the_reminder_goes_at_12_hours_once() {
    let shop = Shop::holding([awaiting().build()]);
    let settings = CodClock::default();
    let almost = Duration::hours(12) - Duration::seconds(1);
    assert_eq!(tick(&shop, almost, settings).await, 0);
    assert!(shop.reminded().is_empty());
    assert_eq!(tick(&shop, Duration::hours(12), settings).await, 1);
    assert_eq!(tick(&shop, Duration::hours(13), settings).await, 0);
    assert_eq!(tick(&shop, Duration::hours(23), settings).await, 0);
    assert_eq!(shop.reminded(), [ord_1()]);
    assert_eq!(
        shop.ord_1().await.cod_confirmation,
        Some(CodConfirmation::Awaiting)
    );
}

#[tokio::test]
async fn at_24_hours_it_is_unanswered_and_stays_placed_by_default() {
    let shop = Shop::holding([awaiting().build()]);
    let settings = CodClock::default();
    tick(&shop, Duration::hours(12), settings).await;
    let almost = Duration::hours(24) - Duration::seconds(1);
    assert_eq!(tick(&shop, almost, settings).await, 0);
    assert_eq!(tick(&shop, Duration::hours(24), settings).await, 1);
    let order = shop.ord_1().await;
    assert_eq!(order.cod_confirmation, Some(CodConfirmation::Unanswered));
    assert_eq!(order.status, OrderStatus::Pending);
    assert_eq!(tick(&shop, Duration::hours(48), settings).await, 0);
    assert!(events(&shop).await.is_empty());
}

#[tokio::test]
async fn with_auto_cancel_an_unanswered_order_is_cancelled_as_the_buyer_would() {
    let shop = Shop::holding([awaiting().build()]);
    let settings = CodClock {
        auto_cancel: true,
        ..CodClock::default()
    };
    assert_eq!(tick(&shop, Duration::hours(24), settings).await, 1);
    let order = shop.ord_1().await;
    assert_eq!(order.cod_confirmation, Some(CodConfirmation::Unanswered));
    assert_eq!(order.status, OrderStatus::Cancelled);
    assert_eq!(
        shop.orders
            .credit_of(&paduka_domain::UserId::new("shopper-1")),
        200
    );
    assert_eq!(events(&shop).await, [CodEvent::CancelledUnanswered]);
    assert_eq!(tick(&shop, Duration::hours(25), settings).await, 0);
    assert_eq!(
        shop.orders
            .credit_of(&paduka_domain::UserId::new("shopper-1")),
        200
    );
}

#[tokio::test]
async fn the_clock_leaves_confirmed_shipped_and_online_orders_alone() {
    let confirmed = awaiting()
        .cod_confirmation(CodConfirmation::Confirmed)
        .build();
    let shipped = OrderBuilder::new("ord-2")
        .cash_on_delivery()
        .cod_confirmation(CodConfirmation::Awaiting)
        .status(OrderStatus::Shipped)
        .build();
    let online = OrderBuilder::new("ord-3").build();
    let shop = Shop::holding([confirmed.clone(), shipped.clone(), online.clone()]);
    let settings = CodClock {
        auto_cancel: true,
        ..CodClock::default()
    };
    assert_eq!(tick(&shop, Duration::hours(48), settings).await, 0);
    assert!(shop.reminded().is_empty());
    assert_eq!(shop.orders.orders(), [confirmed, shipped, online]);
}
