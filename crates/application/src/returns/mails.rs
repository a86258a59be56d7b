//! The shopper's mail at each step of their return.

use paduka_domain::Paise;
use paduka_domain::returns::{Qc, RefundPlan, RefundTo, Return, ReturnStatus};
use paduka_domain::text::escape_html;

use crate::mail::{Attachment, Mail};
use paduka_domain::user::User;

/// "Your return RET-000001 is STATUS", with what it means for them. A refunded completion
/// (`refund`) says how much went where and names its credit note, attached when it could be
/// drawn (`credit_note`).
pub(super) fn status_changed(
    user: &User,
    ret: &Return,
    refund: Option<&RefundPlan>,
    credit_note: Option<Attachment>,
) -> Mail {
    let number = ret.number_text();
    let what = match (ret.status, ret.qc) {
        (ReturnStatus::Requested, _) => "We have your request and will look at it shortly.",
        (ReturnStatus::Approved, _) => "It is approved: the courier will pick the pairs up.",
        (ReturnStatus::PickedUp, _) => "The courier has picked the pairs up.",
        (ReturnStatus::Received, Some(Qc::Failed)) => {
            "The pairs did not pass our quality check (they must come back unworn, with their tags and box), so nothing can be refunded."
        }
        (ReturnStatus::Received, _) => "The pairs reached us and passed our quality check.",
        (ReturnStatus::Completed, Some(Qc::Failed)) => "It is closed, with nothing refunded.",
        (ReturnStatus::Completed, _) => "It is complete: the refund is on its way.",
        (ReturnStatus::Rejected, _) => "We could not accept it.",
        (ReturnStatus::Cancelled, _) => "You cancelled it.",
    };
    let mut details: Vec<String> = Vec::new();
    if ret.status == ReturnStatus::Approved
        && let Some(pickup) = &ret.pickup
    {
        details.push(format!(
            "Pickup by {}, AWB {}.",
            pickup.courier.as_str(),
            pickup.awb.as_str()
        ));
        if let Some(url) = &pickup.tracking_url {
            details.push(format!("Track the pickup: {}", url.as_str()));
        }
    }
    if ret.status == ReturnStatus::PickedUp
        && let Some(order) = &ret.replacement_order_id
    {
        details.push(format!("Your new size ships as order {order}, at no cost."));
    }
    if ret.status == ReturnStatus::Completed && ret.qc != Some(Qc::Failed) {
        if let Some(plan) = refund {
            details.extend(refund_text(ret, plan));
        }
        if let Some(note_no) = &ret.credit_note_no {
            details.push(match credit_note {
                Some(_) => format!("Our credit note {note_no} for it is attached."),
                None => format!("Our credit note for it is {note_no}."),
            });
        }
    }
    let note = ret
        .events
        .last()
        .and_then(|event| event.note.clone())
        .map(|note| format!("Note: {note}"));
    details.extend(note);
    let subject = format!("Your return {number} is {}", ret.status.as_str());
    let text_details: String = details.iter().map(|d| format!("{d}\n")).collect();
    let html_details: String = details
        .iter()
        .map(|d| format!("<p>{}</p>", escape_html(d)))
        .collect();
    Mail {
        to: user.email.clone(),
        to_name: Some(user.name.clone()),
        text: format!(
            "Hello {},\n\nYour return {number} for order {} is {}.\n{what}\n{text_details}\nPaduka\n",
            user.name,
            ret.order_id,
            ret.status.as_str()
        ),
        html: format!(
            "<!doctype html><html><body style=\"font-family:sans-serif\"><p>Hello {},</p><p>Your return {number} for order {} is {}.</p><p>{}</p>{html_details}<p>Paduka</p></body></html>",
            escape_html(&user.name),
            escape_html(ret.order_id.as_str()),
            ret.status.as_str(),
            escape_html(what),
        ),
        subject,
        attachments: credit_note.into_iter().collect(),
    }
}

/// How much was refunded and where each part went: the provider's refund or the payout's
/// reference as recorded on the return.
fn refund_text(ret: &Return, plan: &RefundPlan) -> Vec<String> {
    let rupees = |r: i64| {
        Paise::from_rupees(r)
            .unwrap_or(Paise::ZERO)
            .in_indian_style()
    };
    let reference = ret
        .refund_reference
        .as_deref()
        .map(|r| format!(" (reference {r})"))
        .unwrap_or_default();
    let mut lines = vec![format!("Refund: {}.", ret.refund_amount.in_indian_style())];
    match plan.to {
        RefundTo::Credit => lines.push(format!(
            "{} is added to your store credit, to spend on your next order.",
            rupees(plan.credit_rupees)
        )),
        RefundTo::Original | RefundTo::Bank => {
            if plan.rest > Paise::ZERO {
                let way = match plan.to {
                    RefundTo::Bank => "was paid to your bank or UPI account",
                    _ => "goes back to your original payment method",
                };
                lines.push(format!("{} {way}{reference}.", plan.rest.in_indian_style()));
            }
            if plan.credit_rupees > 0 {
                lines.push(format!(
                    "{}, the part you paid with store credit, is back in your store credit.",
                    rupees(plan.credit_rupees)
                ));
            }
        }
    }
    lines
}
