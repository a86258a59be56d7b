use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::delivery::DeliveryTable;
use paduka_domain::invoice::CreditNoteSource;
use paduka_domain::order::{
    CourierEvent, Order, OrderActions, OrderStatus, PaymentMethod, Release, SettableStatus, Ship,
    ShipRequest, StatusChange,
};
use paduka_domain::returns::DEFAULT_RETURN_WINDOW_DAYS;
use paduka_domain::{OrderId, Paise, ReturnId, UserId};
use tracing::instrument;

use super::{
    Courier, CourierReport, CourierUpdate, CreditNoteRepository, CreditNotes, InvoicePdf,
    Invoicing, OrderError, OrderRepository, ReportSource, Tracked, buyer_contact, mails,
};
use crate::Clock;
use crate::accounts::{Admin, Principal, UserRepository};
use crate::catalog::CatalogRevision;
use crate::checkout::{PaymentError, PaymentGateway, refund_key};
use crate::mail::Mailer;
use crate::whatsapp::OrderNotices;

/// One order as its page shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderDetail {
    pub order: Order,
    /// Oldest first.
    pub history: Vec<StatusChange>,
}

/// The ports the order service is built from.
pub struct OrderPorts {
    pub orders: Arc<dyn OrderRepository>,
    pub gateway: Arc<dyn PaymentGateway>,
    pub users: Arc<dyn UserRepository>,
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
    /// Bumped when a cancellation gives stock back, so cached catalog reads rebuild.
    pub catalog_revision: CatalogRevision,
    pub invoicing: Arc<Invoicing>,
    pub courier: Arc<dyn Courier>,
    /// Credit notes as issued (decisions D22).
    pub credit_notes: Arc<dyn CreditNoteRepository>,
}

/// What shipping an order did.
#[derive(Debug, Clone, PartialEq)]
pub struct Shipped {
    pub order: Order,
    /// `false` when it had shipped before: the shipment it has is the answer.
    pub shipped_now: bool,
}

/// Orders after checkout: reading them, admins moving them along, cancelling them.
pub struct OrderService {
    ports: OrderPorts,
    credit_notes: CreditNotes,
    delivery_table: DeliveryTable,
    /// `RETURN_WINDOW_DAYS`, as the returns service checks a request against it.
    return_window_days: u32,
    /// The WhatsApp messages that go with the status mails (decisions D37); none without.
    notices: Option<Arc<dyn OrderNotices>>,
}

/// Orders after checkout: the use cases the HTTP layer calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait OrderUseCases: Send + Sync {
    /// `POST /order/myorders`: the caller's own orders, newest first, without the cancelled
    /// ones. `claimed` is the `user` the body names, if any: naming anyone but the caller is
    /// `Forbidden` (403), admins included (they have `all`).
    async fn my_orders(
        &self,
        user: &Principal,
        claimed: Option<UserId>,
    ) -> Result<Vec<Order>, OrderError>;

    /// `GET /order/get-order/{id}`: the order and its status history, for its owner or an
    /// admin. Only admins learn who set each status.
    async fn get(&self, user: &Principal, id: &OrderId) -> Result<OrderDetail, OrderError>;

    /// `GET /order/get-all-orders`: every order, newest first, cancelled ones included.
    async fn all(&self, admin: &Admin) -> Result<Vec<Order>, OrderError>;

    /// What may be done to `order` now, the `actions` of every order reply (decisions D30):
    /// the lifecycle's answer at the clock's time, with the shop's `RETURN_WINDOW_DAYS`.
    fn actions(&self, order: &Order) -> OrderActions;

    /// `PUT /order/update-status/{id}`: `Pending`, `Confirmed` or `Delivered` (else 400); a
    /// cancelled order keeps its status (409 `Order Cancelled`). The buyer is mailed when
    /// the status changes; setting the status it has changes nothing.
    async fn update_status(
        &self,
        admin: &Admin,
        id: &OrderId,
        status: &str,
    ) -> Result<Order, OrderError>;

    /// `GET /order/delete/{id}`: for the owner or an admin. A delivered order cannot be
    /// cancelled (409 `Order Delivered`); any other becomes `Cancelled`, its stock comes back
    /// (one transaction) and its payment is refunded through the port, once (idempotency
    /// key per payment). Cancelling a cancelled order retries a refund that had failed.
    async fn cancel(&self, user: &Principal, id: &OrderId) -> Result<Order, OrderError>;

    /// `PUT /order/mark-paid/{id}`: the courier's cash is recorded on a cash-on-delivery
    /// order. 409 `Order is already paid` (online orders too), `Order Cancelled`.
    async fn mark_paid(&self, admin: &Admin, id: &OrderId) -> Result<Order, OrderError>;

    /// `POST /shipment/create/{id}`: hands the order to the courier (from `Pending` or
    /// `Confirmed`; 409 `Order Cancelled`, `Order Delivered`). An order that has shipped
    /// already is answered with its shipment and nothing new is booked. The buyer is mailed.
    async fn ship(
        &self,
        admin: &Admin,
        id: &OrderId,
        request: ShipRequest,
    ) -> Result<Shipped, OrderError>;

    /// `POST /shipment/event/{id}`: the admin records what the courier reported (the manual
    /// courier); the lifecycle decides the status (409 with its message when it refuses). A
    /// return to origin gives back what the order took and refunds a paid online order, once;
    /// reporting it again retries a refund that failed. The buyer is mailed when the parcel
    /// is delivered or comes back.
    async fn record_courier_event(
        &self,
        admin: &Admin,
        id: &OrderId,
        event: CourierEvent,
        note: Option<String>,
    ) -> Result<Order, OrderError>;

    /// `POST /shipment/webhook`: the courier's report on a parcel, found by its AWB (`None`
    /// for an AWB the shop does not know: ignored). Stored once; a report the lifecycle
    /// refuses, or one older than a stored report, is kept but moves nothing. A return to
    /// origin gives back and refunds as the admin's report does; a refund that fails is
    /// logged (the admin's report of the return retries it).
    async fn courier_update(&self, update: CourierUpdate) -> Result<Option<Order>, OrderError>;

    /// `GET /shipment/label/{id}`: the shipped order's label, for the admin to print: the
    /// packing slip the shop draws for the manual courier. `NotShipped` (409) before it has
    /// shipped.
    async fn label(&self, admin: &Admin, id: &OrderId) -> Result<InvoicePdf, OrderError>;

    /// `GET /order/invoice/{id}`: the order's invoice as a PDF, for its owner or an admin
    /// (403 otherwise). `NoInvoice` (404) for an order placed before invoices.
    async fn invoice(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError>;

    /// `GET /order/credit-note/{id}`: the credit note of the order's return to origin as a
    /// PDF, for its owner or an admin (403 otherwise); `NoCreditNote` (404) when it has none.
    async fn credit_note(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError>;

    /// `GET /return/credit-note/{id}`: the credit note of a refunded return as a PDF, for its
    /// order's owner or an admin (403 otherwise); `NoCreditNote` (404) when the return has none
    /// (not refunded, an order without an invoice, or no such return).
    async fn return_credit_note(
        &self,
        user: &Principal,
        id: &ReturnId,
    ) -> Result<InvoicePdf, OrderError>;
}

impl OrderService {
    pub fn new(ports: OrderPorts) -> Self {
        Self {
            credit_notes: CreditNotes::new(
                ports.credit_notes.clone(),
                ports.orders.clone(),
                ports.invoicing.clone(),
            ),
            ports,
            delivery_table: DeliveryTable::default(),
            return_window_days: DEFAULT_RETURN_WINDOW_DAYS,
            notices: None,
        }
    }

    /// Tells `notices` of every status the buyer is mailed (`order_shipped`,
    /// `order_delivered`).
    pub fn with_notices(mut self, notices: Arc<dyn OrderNotices>) -> Self {
        self.notices = Some(notices);
        self
    }

    /// Days after delivery a return may be asked for (`RETURN_WINDOW_DAYS`): what the orders'
    /// `actions` say, the same setting the returns service is given.
    pub fn with_return_window(mut self, days: u32) -> Self {
        self.return_window_days = days;
        self
    }

    /// How many days delivery takes: a booking without the courier's own date is expected
    /// by the table's slowest day after it leaves.
    pub fn with_delivery_table(mut self, table: DeliveryTable) -> Self {
        self.delivery_table = table;
        self
    }

    async fn find(&self, id: &OrderId) -> Result<Order, OrderError> {
        self.ports
            .orders
            .find(id)
            .await?
            .ok_or(OrderError::NotFound)
    }

    /// What follows a stored report that moved the order: an end gives back (the catalog's
    /// stock changed) and refunds; the buyer hears of a delivery or an end.
    async fn after_tracking(&self, tracked: Tracked) -> Result<Order, OrderError> {
        let Tracked {
            order,
            from,
            repeated,
            refund_id,
        } = tracked;
        if repeated || order.status == from {
            return Ok(order);
        }
        if Release::on_move(from, order.status, order.payment_method, order.paid).is_some() {
            self.ports.catalog_revision.bump();
            self.refund_in_full(&order, refund_id.as_deref(), OrderError::ReturnRefundFailed)
                .await?;
        }
        if order.status.is_end() || order.status == OrderStatus::Delivered {
            self.mail_status(&order).await;
        }
        Ok(order)
    }

    /// Refunds a paid online order in full once its end gives the money back, unless a
    /// refund is recorded already (`refund_id`); cash on delivery was never taken through the
    /// provider. The provider's idempotency key per payment makes a retry safe; its refusal
    /// is reported as `failed` says.
    async fn refund_in_full(
        &self,
        order: &Order,
        refund_id: Option<&str>,
        failed: fn(PaymentError) -> OrderError,
    ) -> Result<(), OrderError> {
        if refund_id.is_some() || order.payment_method != PaymentMethod::Online || !order.paid {
            return Ok(());
        }
        if order.charged_rupees() <= 0 {
            // A replacement order charged nothing: there is nothing to give back.
            return Ok(());
        }
        // What the provider charged: store credit comes back as credit, with the order's end.
        let amount = Paise::from_rupees(order.charged_rupees())
            .map_err(|e| OrderError::Unexpected(anyhow::anyhow!(e)))?;
        let refund = self
            .ports
            .gateway
            .refund(&order.payment_id, amount, &refund_key(&order.payment_id))
            .await
            .map_err(|error| {
                tracing::error!(order = %order.id, %error, status = order.status.as_str(), "refund failed");
                failed(error)
            })?;
        self.ports.orders.record_refund(&order.id, &refund).await?;
        tracing::info!(order = %order.id, refund = %refund.id, status = order.status.as_str(), "order refunded in full");
        Ok(())
    }

    async fn mail_status(&self, order: &Order) {
        if let Some(buyer) = &order.user.id {
            mails::notify(
                self.ports.users.as_ref(),
                self.ports.mailer.as_ref(),
                buyer,
                |user| mails::status_changed(user, order),
            )
            .await;
        }
        if let Some(notices) = &self.notices {
            notices.order_moved(order).await;
        }
    }
}

#[async_trait]
impl OrderUseCases for OrderService {
    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn my_orders(
        &self,
        user: &Principal,
        claimed: Option<UserId>,
    ) -> Result<Vec<Order>, OrderError> {
        if claimed.is_some_and(|claimed| claimed != user.user_id) {
            return Err(OrderError::Forbidden);
        }
        Ok(self.ports.orders.for_user(&user.user_id).await?)
    }

    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn get(&self, user: &Principal, id: &OrderId) -> Result<OrderDetail, OrderError> {
        let order = self.find(id).await?;
        ensure_may_see(user, &order)?;
        let mut history = self.ports.orders.history(id).await?;
        if user.as_admin().is_none() {
            history.iter_mut().for_each(|change| change.by = None);
        }
        Ok(OrderDetail { order, history })
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn all(&self, admin: &Admin) -> Result<Vec<Order>, OrderError> {
        Ok(self.ports.orders.all().await?)
    }

    fn actions(&self, order: &Order) -> OrderActions {
        order.actions(self.ports.clock.now(), self.return_window_days)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn update_status(
        &self,
        admin: &Admin,
        id: &OrderId,
        status: &str,
    ) -> Result<Order, OrderError> {
        let target = SettableStatus::parse(status)?;
        let order = self.find(id).await?;
        let status = order.lifecycle().update_status(target)?;
        if order.status == status {
            return Ok(order);
        }
        let order = self
            .ports
            .orders
            .set_status(id, status, Some(admin.id().clone()), self.ports.clock.now())
            .await?;
        self.mail_status(&order).await;
        Ok(order)
    }

    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn cancel(&self, user: &Principal, id: &OrderId) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        ensure_may_see(user, &order)?;
        // Checked again inside the repository's transaction; refusing here spares the write.
        order.lifecycle().cancel()?;
        let cancellation = self
            .ports
            .orders
            .cancel(id, Some(user.user_id.clone()), self.ports.clock.now())
            .await?;
        if !cancellation.already_cancelled {
            self.ports.catalog_revision.bump();
        }
        let order = cancellation.order;
        self.refund_in_full(
            &order,
            cancellation.refund_id.as_deref(),
            OrderError::RefundFailed,
        )
        .await?;
        if !cancellation.already_cancelled {
            self.mail_status(&order).await;
        }
        Ok(order)
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn mark_paid(&self, admin: &Admin, id: &OrderId) -> Result<Order, OrderError> {
        let order = self
            .ports
            .orders
            .mark_paid(id, self.ports.clock.now())
            .await?;
        tracing::info!(order = %order.id, amount = order.amount_rupees, "cash on delivery collected");
        Ok(order)
    }

    #[instrument(skip(self, request), fields(admin = %admin.id()))]
    async fn ship(
        &self,
        admin: &Admin,
        id: &OrderId,
        request: ShipRequest,
    ) -> Result<Shipped, OrderError> {
        let order = self.find(id).await?;
        if order.lifecycle().ship()? == Ship::AlreadyShipped {
            return Ok(Shipped {
                order,
                shipped_now: false,
            });
        }
        let buyer = buyer_contact(self.ports.users.as_ref(), &order).await?;
        let mut booking = self.ports.courier.book(&order, &buyer, &request).await?;
        let now = self.ports.clock.now();
        booking
            .expected_by
            .get_or_insert_with(|| self.delivery_table.expected_by(now));
        let shipping = self
            .ports
            .orders
            .ship(id, &booking, Some(admin.id().clone()), now)
            .await?;
        if shipping.shipped_now {
            tracing::info!(order = %id, courier = booking.courier.as_str(), awb = booking.awb.as_str(), "order shipped");
            self.mail_status(&shipping.order).await;
        }
        Ok(Shipped {
            order: shipping.order,
            shipped_now: shipping.shipped_now,
        })
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn record_courier_event(
        &self,
        admin: &Admin,
        id: &OrderId,
        event: CourierEvent,
        note: Option<String>,
    ) -> Result<Order, OrderError> {
        let order = self.find(id).await?;
        let refund_due = order.status == OrderStatus::ReturnedToOrigin
            && event == CourierEvent::ReturnedToOrigin;
        if refund_due {
            // Reported again: the return happened; only a refund that failed is left to do.
            let refund_id = self.ports.orders.recorded_refund(id).await?;
            self.refund_in_full(&order, refund_id.as_deref(), OrderError::ReturnRefundFailed)
                .await?;
            return Ok(order);
        }
        // Checked again inside the repository's transaction; refusing here spares the write.
        order.lifecycle().courier_event(event)?;
        let report = CourierReport::by_admin(event, self.ports.clock.now(), note);
        let tracked = self
            .ports
            .orders
            .track(id, &report, Some(admin.id().clone()))
            .await?;
        self.after_tracking(tracked).await
    }

    #[instrument(skip(self), fields(awb = update.awb.as_str(), status = %update.status))]
    async fn courier_update(&self, update: CourierUpdate) -> Result<Option<Order>, OrderError> {
        let Some(id) = self.ports.orders.find_by_awb(&update.awb).await? else {
            tracing::info!("courier update for an AWB the shop does not know: ignored");
            return Ok(None);
        };
        let report = CourierReport {
            event: update.event,
            status: update.status,
            at: update.at,
            location: update.location,
            note: None,
            source: ReportSource::Courier,
        };
        let tracked = self.ports.orders.track(&id, &report, None).await?;
        match self.after_tracking(tracked).await {
            Ok(order) => Ok(Some(order)),
            // The return is stored; the admin's report of it retries the refund.
            Err(OrderError::ReturnRefundFailed(_)) => Ok(self.ports.orders.find(&id).await?),
            Err(error) => Err(error),
        }
    }

    #[instrument(skip(self), fields(admin = %admin.id()))]
    async fn label(&self, admin: &Admin, id: &OrderId) -> Result<InvoicePdf, OrderError> {
        let order = self.find(id).await?;
        if order.shipment.is_none() {
            return Err(OrderError::NotShipped);
        }
        if let Some(bytes) = self.ports.courier.label(&order).await? {
            return Ok(InvoicePdf {
                file_name: format!("label-{}.pdf", order.id),
                bytes,
            });
        }
        let phone = match &order.user.id {
            Some(buyer) => self.ports.users.find(buyer).await?.map(|user| user.phone),
            None => None,
        };
        self.ports
            .invoicing
            .packing_slip(&order, phone)
            .map_err(OrderError::Unexpected)?
            .ok_or(OrderError::NotShipped)
    }

    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn invoice(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError> {
        let order = self.find(id).await?;
        ensure_may_see(user, &order)?;
        self.ports
            .invoicing
            .pdf(&order)
            .map_err(OrderError::Unexpected)?
            .ok_or(OrderError::NoInvoice)
    }

    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn credit_note(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError> {
        self.credit_notes.rto_pdf(user, id).await
    }

    async fn return_credit_note(
        &self,
        user: &Principal,
        id: &ReturnId,
    ) -> Result<InvoicePdf, OrderError> {
        let source = CreditNoteSource::Return(id.as_str().to_owned());
        self.credit_notes.pdf_for_source(user, &source).await
    }
}

/// Owners see their orders; admins see every order.
pub(super) fn ensure_may_see(user: &Principal, order: &Order) -> Result<(), OrderError> {
    let owner = order.user.id.as_ref() == Some(&user.user_id);
    if owner || user.as_admin().is_some() {
        Ok(())
    } else {
        Err(OrderError::Forbidden)
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;
