use std::sync::Arc;

use async_trait::async_trait;
use paduka_domain::order::{Order, PaymentMethod, SettableStatus, StatusChange};
use paduka_domain::{OrderId, Paise, UserId};
use tracing::instrument;

use super::{InvoicePdf, Invoicing, OrderError, OrderRepository, mails};
use crate::Clock;
use crate::accounts::{Admin, Principal, UserRepository};
use crate::catalog::CatalogRevision;
use crate::checkout::{PaymentGateway, refund_key};
use crate::mail::Mailer;

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
}

/// Orders after checkout: reading them, admins moving them along, cancelling them.
pub struct OrderService {
    ports: OrderPorts,
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

    /// `GET /order/invoice/{id}`: the order's invoice as a PDF, for its owner or an admin
    /// (403 otherwise). `NoInvoice` (404) for an order placed before invoices.
    async fn invoice(&self, user: &Principal, id: &OrderId) -> Result<InvoicePdf, OrderError>;
}

impl OrderService {
    pub fn new(ports: OrderPorts) -> Self {
        Self { ports }
    }

    async fn find(&self, id: &OrderId) -> Result<Order, OrderError> {
        self.ports
            .orders
            .find(id)
            .await?
            .ok_or(OrderError::NotFound)
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
        // Cash on delivery was never taken through the provider: nothing to refund.
        if cancellation.refund_id.is_none() && order.payment_method == PaymentMethod::Online {
            let amount = Paise::from_rupees(order.amount_rupees)
                .map_err(|e| OrderError::Unexpected(anyhow::anyhow!(e)))?;
            let refund = self
                .ports
                .gateway
                .refund(&order.payment_id, amount, &refund_key(&order.payment_id))
                .await
                .map_err(|error| {
                    tracing::error!(order = %order.id, %error, "refund of a cancelled order failed");
                    OrderError::RefundFailed(error)
                })?;
            self.ports.orders.record_refund(&order.id, &refund).await?;
            tracing::info!(order = %order.id, refund = %refund.id, "cancelled order refunded");
        }
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
}

/// Owners see their orders; admins see every order.
fn ensure_may_see(user: &Principal, order: &Order) -> Result<(), OrderError> {
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
