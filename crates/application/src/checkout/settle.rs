//! Settling a verified payment: its order placed, or its cart found unfillable and the payment
//! refunded. Shared by the browser's `POST /order/cart` and the webhook.

use paduka_domain::contact::Pincode;
use paduka_domain::coupon::CouponRefusal;
use paduka_domain::order::{Order, PaymentMethod};
use paduka_domain::review::UserRef;
use paduka_domain::{OrderId, State, UserId};

use super::pricing::CouponAsk;
use super::{
    CartLine, CheckoutError, CheckoutIntent, CheckoutService, OrderOutcome, PlacedOrder,
    RefundState, Unfillable,
};
use crate::orders::{LowStock, NewOrder, OrderCredit, PlaceError, Placement, mails};

/// A verified payment and where its order goes.
pub(super) struct Paid<'a> {
    pub intent: &'a CheckoutIntent,
    pub payment_id: &'a str,
    pub buyer: UserRef,
    pub lines: &'a [CartLine],
    /// The coupon code the cart is priced with, if any.
    pub coupon: Option<&'a str>,
    pub address: String,
    /// The place of supply chosen, if any.
    pub state: Option<State>,
    pub pincode: Pincode,
    /// The amount the browser sent. `None` for the webhook, whose cart is the stored one:
    /// a rule that stored cart breaks now refunds the payment, as there is nobody to ask.
    pub client_amount: Option<i64>,
    /// Who placed it, for the order's history: the buyer, or `None` for the webhook.
    pub actor: Option<UserId>,
    /// The buyer's consent to WhatsApp updates.
    pub whatsapp: bool,
}

impl CheckoutService {
    /// Prices the cart, checks it against the paid amount (and the client's), checks stock
    /// and places the order; refunds the payment when the order can no longer be filled.
    pub(super) async fn settle(&self, paid: Paid<'_>) -> Result<OrderOutcome, CheckoutError> {
        let (intent, payment_id) = (paid.intent, paid.payment_id);
        // A coupon's dates are those of the moment the price was agreed: the payment's start.
        let ask = CouponAsk::of(paid.coupon, paid.buyer.id.as_ref(), intent.created_at);
        let priced = match self.price(paid.lines, ask).await {
            Ok(priced) => priced,
            Err(CheckoutError::CannotFill(reason)) => {
                return self.refund_unfillable(intent, payment_id, reason).await;
            }
            Err(CheckoutError::Coupon(refusal)) => {
                let reason = Unfillable::Coupon(refusal);
                return self.refund_unfillable(intent, payment_id, reason).await;
            }
            Err(CheckoutError::Invalid(rule)) if paid.client_amount.is_none() => {
                let reason = Unfillable::Invalid(rule);
                return self.refund_unfillable(intent, payment_id, reason).await;
            }
            Err(other) => return Err(other),
        };
        let (charge, amount_rupees) = priced.paid_by(self.charges, PaymentMethod::Online);
        if amount_rupees != intent.amount_rupees {
            let reason = Unfillable::PriceChanged {
                paid_rupees: intent.amount_rupees,
                cart_rupees: amount_rupees,
            };
            return self.refund_unfillable(intent, payment_id, reason).await;
        }
        if let Some(given) = paid.client_amount.filter(|&given| given != amount_rupees) {
            return Err(CheckoutError::AmountMismatch {
                cart_rupees: amount_rupees,
                given_rupees: given,
            });
        }
        if let Some(reason) = priced.shortage {
            return self.refund_unfillable(intent, payment_id, reason).await;
        }
        let invoicing = &self.ports.invoicing;
        let order = NewOrder {
            id: OrderId::new(self.ports.ids.new_id()),
            user: paid.buyer,
            address: paid.address,
            state: invoicing.place_of_supply(paid.state, &paid.pincode),
            invoice_prefix: invoicing.prefix().clone(),
            pincode: paid.pincode.as_str().to_owned(),
            amount_rupees,
            coupon: priced.coupon,
            charge,
            payment_id: payment_id.to_owned(),
            provider_order_id: intent.provider_order_id.clone(),
            lines: priced.lines,
            actor: paid.actor,
            whatsapp: paid.whatsapp,
            at: self.ports.clock.now(),
            low_stock_threshold: self.low_stock_threshold,
            cod: None,
            credit: OrderCredit::Exactly(intent.credit_used_rupees),
        };
        match self.ports.orders.place(&order, &priced.stock).await {
            Ok(Placement::Placed { order, low_stock }) => {
                tracing::info!(order = %order.id, amount = order.amount_rupees, "order placed");
                Ok(OrderOutcome::Placed(self.placed(order, &low_stock).await))
            }
            Ok(Placement::Existing(order)) => Ok(OrderOutcome::existing(order)),
            Err(PlaceError::OutOfStock {
                name, size, left, ..
            }) => {
                let reason = Unfillable::OutOfStock { name, size, left };
                self.refund_unfillable(intent, payment_id, reason).await
            }
            // Another order took the coupon's last use first.
            Err(PlaceError::CouponUsedUp) => {
                let reason = Unfillable::Coupon(CouponRefusal::UsageLimitReached);
                self.refund_unfillable(intent, payment_id, reason).await
            }
            Err(PlaceError::TooManyCodOrders) => Err(CheckoutError::Unexpected(anyhow::anyhow!(
                "a paid order met the cash on delivery limit"
            ))),
            // The credit agreed at the payment's start was spent meanwhile.
            Err(PlaceError::CreditChanged) => {
                let reason = Unfillable::CreditChanged;
                self.refund_unfillable(intent, payment_id, reason).await
            }
            // A refund claim won the race for this payment; its owner refunds it.
            Err(PlaceError::Refunded) => Ok(OrderOutcome::Unfilled {
                reason: Unfillable::AlreadyRefunded,
                refund: RefundState::Refunded,
            }),
            Err(PlaceError::Repo(error)) => Err(error.into()),
        }
    }

    /// What follows an order placed now, paid or cash on delivery: cached catalog reads
    /// rebuild, the buyer is mailed the order with its invoice, the admins about what it left
    /// low on stock.
    pub(super) async fn placed(&self, order: Order, low_stock: &[LowStock]) -> PlacedOrder {
        self.ports.catalog_revision.bump();
        let invoicing = &self.ports.invoicing;
        let cod_link = (self.cod_links.as_ref())
            .filter(|_| order.cod_confirmation.is_some())
            .map(|links| links.url(&order.id));
        self.mail_buyer(&order.user.id, |user| {
            let mail = mails::order_placed(user, &order, invoicing.attachment(&order));
            match &cod_link {
                Some(url) => mails::with_cod_link(mail, url),
                None => mail,
            }
        })
        .await;
        self.mail_admins_low_stock(low_stock).await;
        if let Some(notices) = &self.notices {
            notices.order_placed(&order).await;
        }
        PlacedOrder {
            order,
            created: true,
        }
    }

    /// Mails every admin about each size (or pool) the order took to the low-stock
    /// threshold. Failures are logged; the order stands.
    pub(super) async fn mail_admins_low_stock(&self, low_stock: &[LowStock]) {
        if low_stock.is_empty() {
            return;
        }
        let admins = match self.ports.users.admins().await {
            Ok(admins) => admins,
            Err(error) => {
                tracing::warn!(%error, "could not look up the admins to mail them about low stock");
                return;
            }
        };
        for low in low_stock {
            for admin in &admins {
                let mail = mails::low_stock(admin, low);
                if let Err(error) = self.ports.mailer.send(&mail).await {
                    tracing::warn!(admin = %admin.id, error = %format!("{error:#}"), "low stock mail not sent");
                }
            }
        }
    }

    /// Mails the buyer, when their account still exists (a failed mail is only logged).
    pub(super) async fn mail_buyer(
        &self,
        buyer: &Option<UserId>,
        mail: impl FnOnce(&paduka_domain::user::User) -> crate::mail::Mail,
    ) {
        if let Some(buyer) = buyer {
            let (users, mailer) = (self.ports.users.as_ref(), self.ports.mailer.as_ref());
            mails::notify(users, mailer, buyer, mail).await;
        }
    }
}
