//! The shopper's mail at each step of their return.

use paduka_domain::returns::{Qc, Return, ReturnStatus};
use paduka_domain::text::escape_html;

use crate::mail::Mail;
use paduka_domain::user::User;

/// "Your return RET-000001 is STATUS", with what it means for them.
pub(super) fn status_changed(user: &User, ret: &Return) -> Mail {
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
    let note = ret
        .events
        .last()
        .and_then(|event| event.note.clone())
        .map(|note| format!("Note: {note}\n"))
        .unwrap_or_default();
    let subject = format!("Your return {number} is {}", ret.status.as_str());
    Mail {
        to: user.email.clone(),
        to_name: Some(user.name.clone()),
        text: format!(
            "Hello {},\n\nYour return {number} for order {} is {}.\n{what}\n{note}\nPaduka\n",
            user.name,
            ret.order_id,
            ret.status.as_str()
        ),
        html: format!(
            "<!doctype html><html><body style=\"font-family:sans-serif\"><p>Hello {},</p><p>Your return {number} for order {} is {}.</p><p>{}</p><p>{}</p><p>Paduka</p></body></html>",
            escape_html(&user.name),
            escape_html(ret.order_id.as_str()),
            ret.status.as_str(),
            escape_html(what),
            escape_html(note.trim()),
        ),
        subject,
        attachments: Vec::new(),
    }
}
