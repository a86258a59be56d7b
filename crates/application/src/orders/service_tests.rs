//! `OrderService` against mocked ports; unexpected calls fail the test.

use paduka_domain::order::OrderStatus;
use paduka_domain::review::UserRef;
use paduka_test_support::builders::{OrderBuilder, UserBuilder};
use paduka_test_support::time::now;

use super::*;
use crate::RepoError;
use crate::accounts::MockUserRepository;
use crate::catalog::CatalogRevision;
use crate::checkout::{MockPaymentGateway, PaymentError, RefundResult};
use crate::mail::MockMailer;
use crate::orders::{Cancellation, MockOrderRepository, OrderConflict};
use crate::testing::{admin, assert_refused, clock, invoicing, shopper};

#[derive(Default)]
struct Ports {
    orders: MockOrderRepository,
    gateway: MockPaymentGateway,
    users: MockUserRepository,
    mailer: MockMailer,
}

impl Ports {
    fn service(self) -> OrderService {
        OrderService::new(OrderPorts {
            orders: Arc::new(self.orders),
            gateway: Arc::new(self.gateway),
            users: Arc::new(self.users),
            mailer: Arc::new(self.mailer),
            clock: Arc::new(clock()),
            catalog_revision: CatalogRevision::default(),
            invoicing: invoicing(),
        })
    }

    /// The repository holds `order` (and only it).
    fn with_order(mut self, order: Order) -> Self {
        self.orders
            .expect_find()
            .returning(move |id| Ok((*id == order.id).then(|| order.clone())));
        self
    }

    /// The order's history: placed by its buyer, confirmed by an admin.
    fn with_history(mut self) -> Self {
        self.orders.expect_history().returning(|_| Ok(history()));
        self
    }

    /// `times` mails reach the buyer with a subject containing `subject`.
    fn mailing(mut self, times: usize, subject: &'static str) -> Self {
        self.users
            .expect_find()
            .returning(|id| Ok(Some(UserBuilder::shopper(id.as_str()).build())));
        self.mailer
            .expect_send()
            .withf(move |mail| {
                mail.to.as_str() == "shopper-1@paduka.test" && mail.subject.contains(subject)
            })
            .times(times)
            .returning(|_| Ok(()));
        self
    }

    /// `cancel` cancels the order (first time, no refund yet).
    fn cancelling(mut self) -> Self {
        self.orders.expect_cancel().times(1).returning(|id, _, _| {
            Ok(Cancellation {
                order: Order {
                    id: id.clone(),
                    status: OrderStatus::Cancelled,
                    ..order("Pending")
                },
                already_cancelled: false,
                refund_id: None,
            })
        });
        self
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

fn refund() -> RefundResult {
    RefundResult {
        id: "rfnd_1".into(),
        amount: Paise::from_stored(169_800),
        status: "processed".into(),
    }
}

// --- reading ------------------------------------------------------------------------------

#[tokio::test]
async fn my_orders_are_the_token_s_own() {
    let mut ports = Ports::default();
    ports
        .orders
        .expect_for_user()
        .withf(|user| user.as_str() == "shopper-1")
        .times(2)
        .returning(|_| Ok(vec![order("Pending")]));
    let service = ports.service();
    assert_eq!(
        service.my_orders(&shopper(), None).await.unwrap(),
        vec![order("Pending")]
    );
    let same = UserId::new("shopper-1");
    assert_eq!(
        service
            .my_orders(&shopper(), Some(same.clone()))
            .await
            .unwrap()
            .len(),
        1
    );
}

#[tokio::test]
async fn asking_for_someone_else_s_orders_is_forbidden_even_for_an_admin() {
    let service = Ports::default().service();
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
    let service = Ports::default()
        .with_order(order("Pending"))
        .with_history()
        .service();
    let id = OrderId::new("ord-1");
    assert_eq!(
        service.get(&admin_principal(), &id).await.unwrap(),
        OrderDetail {
            order: order("Pending"),
            history: history(),
        },
        "admins see who set each status"
    );
    let seen_by_owner = service.get(&shopper(), &id).await.unwrap();
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
    assert_refused!(service.get(&stranger(), &id).await, OrderError::Forbidden);
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
    let service = Ports::default().with_order(orphan).with_history().service();
    let id = OrderId::new("ord-1");
    assert!(service.get(&admin_principal(), &id).await.is_ok());
    assert_refused!(service.get(&shopper(), &id).await, OrderError::Forbidden);
}

#[tokio::test]
async fn admins_list_every_order() {
    let mut ports = Ports::default();
    ports
        .orders
        .expect_all()
        .times(1)
        .returning(|| Ok(vec![order("Cancelled"), order("Pending")]));
    assert_eq!(ports.service().all(&admin()).await.unwrap().len(), 2);
}

// --- status -------------------------------------------------------------------------------

#[tokio::test]
async fn an_admin_sets_a_settable_status_with_a_history_row_and_the_buyer_is_mailed() {
    let mut ports = Ports::default()
        .with_order(order("Pending"))
        .mailing(1, "is Confirmed");
    ports
        .orders
        .expect_set_status()
        .withf(|id, status, actor, at| {
            id.as_str() == "ord-1"
                && *status == OrderStatus::Confirmed
                && actor.as_ref().map(UserId::as_str) == Some("admin")
                && *at == now()
        })
        .times(1)
        .returning(|_, _, _, _| Ok(order("Confirmed")));
    let updated = ports
        .service()
        .update_status(&admin(), &OrderId::new("ord-1"), " Confirmed ")
        .await
        .unwrap();
    assert_eq!(updated.status, OrderStatus::Confirmed);
}

#[tokio::test]
async fn cancelled_and_unknown_statuses_cannot_be_set() {
    let service = Ports::default().service();
    for bad in ["Cancelled", "Shipped", ""] {
        let error = service
            .update_status(&admin(), &OrderId::new("ord-1"), bad)
            .await
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "Status must be Pending, Confirmed or Delivered"
        );
    }
}

#[tokio::test]
async fn a_cancelled_order_keeps_its_status() {
    let service = Ports::default().with_order(order("Cancelled")).service();
    let result = service
        .update_status(&admin(), &OrderId::new("ord-1"), "Pending")
        .await;
    assert_refused!(result, OrderError::Cancelled, "Order Cancelled");
}

#[tokio::test]
async fn a_cancellation_racing_a_status_change_wins() {
    let mut ports = Ports::default().with_order(order("Pending"));
    ports
        .orders
        .expect_set_status()
        .returning(|_, _, _, _| Err(RepoError::Conflict(OrderConflict::Cancelled)));
    let result = ports
        .service()
        .update_status(&admin(), &OrderId::new("ord-1"), "Delivered")
        .await;
    assert_refused!(result, OrderError::Cancelled);
}

#[tokio::test]
async fn setting_the_status_an_order_has_changes_nothing() {
    let service = Ports::default().with_order(order("Delivered")).service();
    let same = service
        .update_status(&admin(), &OrderId::new("ord-1"), "Delivered")
        .await
        .unwrap();
    assert_eq!(same, order("Delivered"));
}

#[tokio::test]
async fn the_status_of_an_unknown_order_is_not_found() {
    let service = Ports::default().with_order(order("Pending")).service();
    let result = service
        .update_status(&admin(), &OrderId::new("nope"), "Delivered")
        .await;
    assert_refused!(result, OrderError::NotFound);
}

// --- cancelling ---------------------------------------------------------------------------

#[tokio::test]
async fn the_owner_cancels_an_order_stock_comes_back_and_the_payment_is_refunded_once() {
    let mut ports = Ports::default()
        .with_order(order("Pending"))
        .cancelling()
        .mailing(1, "is Cancelled");
    ports
        .gateway
        .expect_refund()
        .withf(|payment, amount, key| {
            payment == "pay_1" && amount.paise() == 169_800 && key == "refund-pay_1"
        })
        .times(1)
        .returning(|_, _, _| Ok(refund()));
    ports
        .orders
        .expect_record_refund()
        .withf(|id, refund| id.as_str() == "ord-1" && refund.id == "rfnd_1")
        .times(1)
        .returning(|_, _| Ok(()));
    let cancelled = ports
        .service()
        .cancel(&shopper(), &OrderId::new("ord-1"))
        .await
        .unwrap();
    assert_eq!(cancelled.status, OrderStatus::Cancelled);
}

#[tokio::test]
async fn an_admin_may_cancel_anyone_s_order() {
    let mut ports = Ports::default()
        .with_order(order("Confirmed"))
        .cancelling()
        .mailing(1, "is Cancelled");
    ports
        .gateway
        .expect_refund()
        .returning(|_, _, _| Ok(refund()));
    ports.orders.expect_record_refund().returning(|_, _| Ok(()));
    assert!(
        ports
            .service()
            .cancel(&admin_principal(), &OrderId::new("ord-1"))
            .await
            .is_ok()
    );
}

#[tokio::test]
async fn a_delivered_order_cannot_be_cancelled() {
    let service = Ports::default().with_order(order("Delivered")).service();
    let result = service.cancel(&shopper(), &OrderId::new("ord-1")).await;
    assert_refused!(result, OrderError::Delivered, "Order Delivered");
}

#[tokio::test]
async fn an_order_delivered_while_being_cancelled_stays_delivered() {
    let mut ports = Ports::default().with_order(order("Confirmed"));
    ports
        .orders
        .expect_cancel()
        .returning(|_, _, _| Err(RepoError::Conflict(OrderConflict::Delivered)));
    let result = ports
        .service()
        .cancel(&shopper(), &OrderId::new("ord-1"))
        .await;
    assert_refused!(result, OrderError::Delivered);
}

#[tokio::test]
async fn nobody_cancels_someone_else_s_order() {
    let service = Ports::default().with_order(order("Pending")).service();
    let result = service.cancel(&stranger(), &OrderId::new("ord-1")).await;
    assert_refused!(result, OrderError::Forbidden);
}

#[tokio::test]
async fn a_refund_the_provider_refuses_is_reported_and_not_recorded() {
    let mut ports = Ports::default().with_order(order("Pending")).cancelling();
    ports.gateway.expect_refund().returning(|_, _, _| {
        Err(PaymentError::Rejected {
            status: 502,
            message: "gateway error".into(),
        })
    });
    let result = ports
        .service()
        .cancel(&shopper(), &OrderId::new("ord-1"))
        .await;
    assert_refused!(result, OrderError::RefundFailed(_));
}

#[tokio::test]
async fn cancelling_a_cancelled_and_refunded_order_again_changes_nothing() {
    let mut ports = Ports::default().with_order(order("Cancelled"));
    ports.orders.expect_cancel().returning(|_, _, _| {
        Ok(Cancellation {
            order: order("Cancelled"),
            already_cancelled: true,
            refund_id: Some("rfnd_1".into()),
        })
    });
    let again = ports
        .service()
        .cancel(&shopper(), &OrderId::new("ord-1"))
        .await
        .unwrap();
    assert_eq!(again.status, OrderStatus::Cancelled);
}

#[tokio::test]
async fn cancelling_again_retries_a_refund_that_failed() {
    let mut ports = Ports::default().with_order(order("Cancelled"));
    ports.orders.expect_cancel().returning(|_, _, _| {
        Ok(Cancellation {
            order: order("Cancelled"),
            already_cancelled: true,
            refund_id: None,
        })
    });
    ports
        .gateway
        .expect_refund()
        .withf(|_, _, key| key == "refund-pay_1")
        .times(1)
        .returning(|_, _, _| Ok(refund()));
    ports
        .orders
        .expect_record_refund()
        .times(1)
        .returning(|_, _| Ok(()));
    assert!(
        ports
            .service()
            .cancel(&shopper(), &OrderId::new("ord-1"))
            .await
            .is_ok()
    );
}

// --- invoice --------------------------------------------------------------------------------

#[tokio::test]
async fn the_buyer_and_an_admin_get_the_invoice_as_a_named_pdf() {
    let order = OrderBuilder::new("ord-1").build();
    for caller in [shopper(), admin().principal().clone()] {
        let pdf = Ports::default()
            .with_order(order.clone())
            .service()
            .invoice(&caller, &order.id)
            .await
            .unwrap();
        assert_eq!(pdf.file_name, "invoice-PDK-2025-26-000001.pdf");
        assert_eq!(pdf.bytes, crate::testing::FAKE_PDF);
    }
}

#[tokio::test]
async fn another_shopper_gets_no_invoice() {
    let order = OrderBuilder::new("ord-1").buyer("shopper-2").build();
    let result = Ports::default()
        .with_order(order.clone())
        .service()
        .invoice(&shopper(), &order.id)
        .await;
    assert_refused!(result, OrderError::Forbidden);
}

#[tokio::test]
async fn an_order_placed_before_invoices_has_none() {
    let mut order = OrderBuilder::new("ord-1").build();
    order.invoice_no = None;
    let result = Ports::default()
        .with_order(order.clone())
        .service()
        .invoice(&shopper(), &order.id)
        .await;
    assert_refused!(result, OrderError::NoInvoice);
}
