use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use paduka_domain::returns::{
    PickupProgress, RefundPlan, RefundTo, RequestedLine, Return, ReturnStatus, ReturnStep,
};
use paduka_domain::{InvalidInput, OrderId, Paise, ReturnId};
use tracing::instrument;

use super::{
    NewReturn, PickupUpdate, ReturnConflict, ReturnError, ReturnRepository, Stepped, mails,
};
use crate::accounts::{Admin, Principal, UserRepository};
use crate::catalog::CatalogRevision;
use crate::checkout::PaymentGateway;
use crate::mail::Mailer;
use crate::orders::CreditNotes;
use crate::orders::mails::notify;
use crate::orders::{Courier, OrderRepository, ReturnPickup, buyer_contact};
use crate::{Clock, IdGenerator, RepoError};

/// The provider's idempotency key for a return's refund: one refund per return, whatever is
/// retried.
pub fn refund_key(id: &ReturnId) -> String {
    format!("return:{id}")
}

/// The ports the returns service is built from.
pub struct ReturnPorts {
    pub returns: Arc<dyn ReturnRepository>,
    pub gateway: Arc<dyn PaymentGateway>,
    pub users: Arc<dyn UserRepository>,
    pub mailer: Arc<dyn Mailer>,
    /// Draws a refunded return's credit note for its completion mail.
    pub credit_notes: Arc<CreditNotes>,
    pub clock: Arc<dyn Clock>,
    pub ids: Arc<dyn IdGenerator>,
    /// The returned order, for the courier collecting its pairs.
    pub orders: Arc<dyn OrderRepository>,
    /// Books the reverse pickup on approval (Shiprocket); the manual courier books nothing.
    pub courier: Arc<dyn Courier>,
    /// Bumped when a return moves stock, so cached catalog reads rebuild.
    pub catalog_revision: CatalogRevision,
    /// `RETURN_WINDOW_DAYS`.
    pub window_days: u32,
}

/// Returns: the use cases the HTTP layer calls.
#[cfg_attr(any(test, feature = "mock"), mockall::automock)]
#[async_trait]
pub trait ReturnUseCases: Send + Sync {
    /// `POST /return/request`: the owner of a delivered order asks for some of its pairs to
    /// be taken back.
    async fn request(
        &self,
        user: &Principal,
        order: &OrderId,
        lines: Vec<RequestedLine>,
    ) -> Result<Return, ReturnError>;

    /// `GET /return/mine`, newest first.
    async fn mine(&self, user: &Principal) -> Result<Vec<Return>, ReturnError>;

    /// `GET /return/all`, newest first.
    async fn all(
        &self,
        admin: &Admin,
        status: Option<ReturnStatus>,
    ) -> Result<Vec<Return>, ReturnError>;

    /// An admin's step (approve, reject, picked up, receive). Approving books the reverse
    /// pickup with a courier that books one (Shiprocket), also when the return was approved
    /// before but has no pickup yet: the approval is written first, so a courier that does not
    /// answer (`CourierUnavailable`, 502) leaves it approved and approving again books.
    async fn admin_step(
        &self,
        admin: &Admin,
        id: &ReturnId,
        step: ReturnStep,
        note: Option<String>,
    ) -> Result<Return, ReturnError>;

    /// `POST /shipment/webhook` with `is_return: 1`: the courier's report on a return's parcel,
    /// found by its pickup AWB (`None` for an AWB no return has: ignored). Collected takes the
    /// `PickUp` step as the admin's would; arrived marks it arrived once (QC is still the
    /// admin's `receive`). A report the lifecycle refuses (the return moved on, or ended)
    /// changes nothing.
    async fn pickup_update(&self, update: PickupUpdate) -> Result<Option<Return>, ReturnError>;

    /// `PUT /return/cancel/{id}`: the shopper's own, before pickup.
    async fn cancel(&self, user: &Principal, id: &ReturnId) -> Result<Return, ReturnError>;

    /// `PUT /return/complete/{id}`: refunds (once) and completes.
    async fn complete(
        &self,
        admin: &Admin,
        id: &ReturnId,
        to: Option<RefundTo>,
        reference: Option<String>,
    ) -> Result<Return, ReturnError>;
}

pub struct ReturnService {
    ports: ReturnPorts,
}

impl ReturnService {
    pub fn new(ports: ReturnPorts) -> Self {
        Self { ports }
    }

    /// After a step: the catalog's caches rebuild when stock moved, the shopper is mailed.
    async fn after(&self, stepped: Stepped) -> Return {
        self.after_refund(stepped, None).await
    }

    /// [`Self::after`], for a completion that paid `refund`: its mail says where the money
    /// went and carries the credit note (without it, logged, when it cannot be drawn).
    async fn after_refund(&self, stepped: Stepped, refund: Option<&RefundPlan>) -> Return {
        if stepped.moved {
            if matches!(
                stepped.ret.status,
                ReturnStatus::Requested
                    | ReturnStatus::Received
                    | ReturnStatus::Rejected
                    | ReturnStatus::Cancelled
            ) {
                self.ports.catalog_revision.bump();
            }
            let ret = &stepped.ret;
            let credit_note = match (&ret.credit_note_no, ret.status) {
                (Some(number), ReturnStatus::Completed) => {
                    self.ports.credit_notes.attachment(number).await
                }
                _ => None,
            };
            notify(
                self.ports.users.as_ref(),
                self.ports.mailer.as_ref(),
                &ret.user_id,
                |user| mails::status_changed(user, ret, refund, credit_note),
            )
            .await;
        }
        stepped.ret
    }

    /// Books the approved return's reverse pickup and keeps it on the return; `None` when the
    /// courier books nothing (the manual courier: the admin arranges it).
    async fn book_pickup(&self, ret: &Return) -> Result<Option<Return>, ReturnError> {
        let order = self
            .ports
            .orders
            .find(&ret.order_id)
            .await?
            .ok_or_else(|| {
                ReturnError::Unexpected(anyhow::anyhow!("order of return {} is gone", ret.id))
            })?;
        let buyer = buyer_contact(self.ports.users.as_ref(), &order).await?;
        let items = ret
            .lines
            .iter()
            .map(|line| (line.line as usize, line.quantity))
            .collect();
        let pickup = ReturnPickup {
            number: ret.number_text(),
            order,
            buyer,
            items,
        };
        let Some(booking) = self
            .ports
            .courier
            .book_return(&pickup)
            .await
            .map_err(|error| {
                tracing::error!(return_id = %ret.id, error = ?error, "reverse pickup not booked");
                ReturnError::from(error)
            })?
        else {
            return Ok(None);
        };
        tracing::info!(return_id = %ret.id, courier = booking.courier.as_str(), awb = booking.awb.as_str(), "reverse pickup booked");
        Ok(Some(
            self.ports.returns.record_pickup(&ret.id, &booking).await?,
        ))
    }
}

impl ReturnService {
    /// The old pairs are picked up: the move, and the exchange's replacement order under a
    /// new order id (made only by the move, so once).
    pub async fn pick_up(
        &self,
        id: &ReturnId,
        note: Option<String>,
        at: DateTime<Utc>,
    ) -> Result<Stepped, RepoError<ReturnConflict>> {
        let replacement = OrderId::new(self.ports.ids.new_id());
        let stepped = self
            .ports
            .returns
            .pick_up(id, &replacement, note, at)
            .await?;
        if stepped.moved
            && let Some(order) = &stepped.ret.replacement_order_id
        {
            tracing::info!(return_id = %id, order = %order, "replacement order made");
        }
        Ok(stepped)
    }
}

/// A step's note: trimmed, empty as none, at most [`NOTE_MAX`](paduka_domain::returns::NOTE_MAX)
/// characters.
fn note(note: Option<String>) -> Result<Option<String>, InvalidInput> {
    let note = note.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty());
    if note
        .as_ref()
        .is_some_and(|n| n.chars().count() > paduka_domain::returns::NOTE_MAX)
    {
        return Err(InvalidInput::new(format!(
            "Note must be at most {} characters",
            paduka_domain::returns::NOTE_MAX
        )));
    }
    Ok(note)
}

#[async_trait]
impl ReturnUseCases for ReturnService {
    #[instrument(skip(self, lines), fields(user = %user.user_id))]
    async fn request(
        &self,
        user: &Principal,
        order: &OrderId,
        lines: Vec<RequestedLine>,
    ) -> Result<Return, ReturnError> {
        let new = NewReturn {
            id: ReturnId::new(self.ports.ids.new_id()),
            order: order.clone(),
            user: user.user_id.clone(),
            lines,
            window_days: self.ports.window_days,
            at: self.ports.clock.now(),
        };
        let ret = match self.ports.returns.request(&new).await {
            Err(crate::RepoError::NotFound) => return Err(ReturnError::OrderNotFound),
            other => other?,
        };
        Ok(self.after(Stepped { ret, moved: true }).await)
    }

    async fn mine(&self, user: &Principal) -> Result<Vec<Return>, ReturnError> {
        Ok(self.ports.returns.for_user(&user.user_id).await?)
    }

    async fn all(
        &self,
        _admin: &Admin,
        status: Option<ReturnStatus>,
    ) -> Result<Vec<Return>, ReturnError> {
        Ok(self.ports.returns.all(status).await?)
    }

    #[instrument(skip(self, _admin, note))]
    async fn admin_step(
        &self,
        _admin: &Admin,
        id: &ReturnId,
        step: ReturnStep,
        note: Option<String>,
    ) -> Result<Return, ReturnError> {
        let note = self::note(note)?;
        if step == ReturnStep::Reject && note.is_none() {
            return Err(InvalidInput::new("A rejection needs a note").into());
        }
        if matches!(step, ReturnStep::Complete | ReturnStep::Cancel) {
            return Err(ReturnError::Unexpected(anyhow::anyhow!(
                "{step:?} is not an admin's plain step"
            )));
        }
        let at = self.ports.clock.now();
        let mut stepped = if step == ReturnStep::PickUp {
            self.pick_up(id, note, at).await?
        } else {
            self.ports.returns.step(id, step, None, note, at).await?
        };
        // Approved again with no pickup booked: the courier failed last time (or the process
        // stopped before it was asked), so this approval books it.
        if step == ReturnStep::Approve && stepped.ret.pickup.is_none() {
            match self.book_pickup(&stepped.ret).await {
                Ok(Some(booked)) => stepped.ret = booked,
                Ok(None) => {}
                Err(error) => {
                    // The approval stands: the shopper hears of it, the admin is asked to retry.
                    self.after(stepped).await;
                    return Err(error);
                }
            }
        }
        Ok(self.after(stepped).await)
    }

    #[instrument(skip(self), fields(awb = update.awb.as_str(), status = update.status.as_str()))]
    async fn pickup_update(&self, update: PickupUpdate) -> Result<Option<Return>, ReturnError> {
        let Some(id) = self.ports.returns.find_by_pickup_awb(&update.awb).await? else {
            tracing::info!("return pickup update for an AWB the shop does not know: ignored");
            return Ok(None);
        };
        let Some(progress) = update.progress else {
            tracing::info!("return pickup update kept in the log only");
            return Ok(self.ports.returns.find(&id).await?);
        };
        // Delivered to the shop means collected too: a missed `PICKED UP` is made up for.
        let stepped = self.pick_up(&id, None, update.at).await;
        let ret = match stepped {
            Ok(stepped) => self.after(stepped).await,
            Err(RepoError::Conflict(ReturnConflict::Refused(refusal))) => {
                // Received, completed, or withdrawn before the courier came: nothing to move.
                tracing::info!(%refusal, "return pickup update moves nothing");
                self.ports
                    .returns
                    .find(&id)
                    .await?
                    .ok_or(ReturnError::NotFound)?
            }
            Err(error) => return Err(error.into()),
        };
        if progress == PickupProgress::Arrived {
            return Ok(Some(self.ports.returns.mark_arrived(&id, update.at).await?));
        }
        Ok(Some(ret))
    }

    #[instrument(skip(self), fields(user = %user.user_id))]
    async fn cancel(&self, user: &Principal, id: &ReturnId) -> Result<Return, ReturnError> {
        let at = self.ports.clock.now();
        let owner = Some(user.user_id.clone());
        let stepped = self
            .ports
            .returns
            .step(id, ReturnStep::Cancel, owner, None, at)
            .await?;
        Ok(self.after(stepped).await)
    }

    #[instrument(skip(self, _admin, reference))]
    async fn complete(
        &self,
        _admin: &Admin,
        id: &ReturnId,
        to: Option<RefundTo>,
        reference: Option<String>,
    ) -> Result<Return, ReturnError> {
        let ret = self
            .ports
            .returns
            .find(id)
            .await?
            .ok_or(ReturnError::NotFound)?;
        // Refused now, before any money moves, when it is not ready or done already.
        ret.lifecycle()
            .step(ReturnStep::Complete)
            .map_err(|refusal| ReturnError::Conflict(refusal.to_string()))?;
        if ret.status == ReturnStatus::Completed {
            return Ok(ret);
        }
        let plan_for = |claim: &super::RefundClaim, to, reference: Option<&str>| {
            RefundPlan::new(
                claim.payment_method,
                to,
                reference,
                claim.refund_amount,
                claim.credit_used_rupees,
                claim.amount_rupees,
            )
        };
        let mut claim = self.ports.returns.refund_claim(id).await?;
        let refunds = claim.qc == Some(paduka_domain::returns::Qc::Passed);
        if claim.refund_to.is_none() {
            // Checked against the order's payment before it is fixed; the first completion's
            // choice is the one every retry pays.
            let asked = plan_for(&claim, to, reference.as_deref())?;
            claim = self
                .ports
                .returns
                .fix_refund(id, asked.to, asked.reference)
                .await?;
        }
        let plan = plan_for(&claim, claim.refund_to, claim.reference.as_deref())?;
        let reference = match plan.to {
            RefundTo::Original if refunds && plan.rest > Paise::ZERO => {
                let refund = self
                    .ports
                    .gateway
                    .refund(&claim.payment_id, plan.rest, &refund_key(id))
                    .await
                    .map_err(|error| {
                        tracing::error!(return_id = %id, %error, "return refund failed");
                        ReturnError::RefundFailed(error)
                    })?;
                tracing::info!(return_id = %id, refund = %refund.id, "return refunded");
                Some(refund.id)
            }
            _ => plan.reference.clone(),
        };
        let at = self.ports.clock.now();
        let credit_rupees = if refunds { plan.credit_rupees } else { 0 };
        let stepped = self
            .ports
            .returns
            .complete(id, reference, credit_rupees, at)
            .await?;
        let refund = refunds.then_some(&plan);
        Ok(self.after_refund(stepped, refund).await)
    }
}
