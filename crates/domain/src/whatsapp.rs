//! WhatsApp messages about an order (decisions D37, spec section 20): which templates there
//! are and what each carries, the numbers they go to, the order their statuses move in, the
//! retry backoff, and the quick replies' payloads. The adapters only translate.

use chrono::Duration;

use crate::OrderId;
use crate::contact::Phone;

/// A message's kind, which is also its template's name as the seller registers it with Meta.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MessageKind {
    /// Asks the buyer of a cash-on-delivery order to confirm or cancel it.
    CodConfirm,
    /// The same question again, once, when the first was not answered.
    CodReminder,
    /// The parcel is with the courier.
    OrderShipped,
    /// The parcel was delivered.
    OrderDelivered,
}

impl MessageKind {
    pub const ALL: [Self; 4] = [
        Self::CodConfirm,
        Self::CodReminder,
        Self::OrderShipped,
        Self::OrderDelivered,
    ];

    /// The template's name (and the stored kind).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CodConfirm => "cod_confirm",
            Self::CodReminder => "cod_reminder",
            Self::OrderShipped => "order_shipped",
            Self::OrderDelivered => "order_delivered",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }

    /// The body the seller registers for this template (docs/deployment.md lists these):
    /// `{{1}}`, `{{2}}`, ... are the [`Template`]'s values, in order.
    pub fn registered_body(self) -> &'static str {
        match self {
            Self::CodConfirm => {
                "Hi {{1}}, please confirm your cash on delivery order {{2}} for {{3}} from \
                 Paduka. Tap Confirm and we ship it; tap Cancel if you no longer want it."
            }
            Self::CodReminder => {
                "Hi {{1}}, your cash on delivery order {{2}} for {{3}} is waiting for your \
                 answer before we ship it. Tap Confirm or Cancel."
            }
            Self::OrderShipped => {
                "Hi {{1}}, your Paduka order {{2}} has shipped with {{3}}, AWB {{4}}."
            }
            Self::OrderDelivered => {
                "Hi {{1}}, your Paduka order {{2}} was delivered. Thank you for shopping with us!"
            }
        }
    }
}

/// A WhatsApp number as Meta's API takes and gives it: E.164 digits without the `+`, here
/// always India's `91` and the 10 digits of a [`Phone`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WhatsAppNumber(String);

impl WhatsAppNumber {
    pub fn of(phone: &Phone) -> Self {
        Self(format!("91{}", phone.as_str()))
    }

    /// A stored or received number: `91` and 10 digits (a leading `+` allowed); anything
    /// else is no number of ours.
    pub fn parse(text: &str) -> Option<Self> {
        let digits = text.trim().strip_prefix('+').unwrap_or(text.trim());
        let national = digits.strip_prefix("91")?;
        Phone::parse(national).ok().map(|phone| Self::of(&phone))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What one message says: its template and the values the template's placeholders take, in
/// order, and its buttons' values. Kept with the message, so that a retry after a restart
/// sends exactly what was decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub kind: MessageKind,
    /// `{{1}}`, `{{2}}`, … of the template's body.
    pub body: Vec<String>,
    pub buttons: Vec<Button>,
}

/// A template button's value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Button {
    /// A quick reply: what WhatsApp hands back as the reply's `button.payload`.
    QuickReply { payload: String },
    /// A URL button's variable part, appended to the URL the template was registered with.
    Url { suffix: String },
}

impl Button {
    /// The button's text as registered with the template: `Confirm` / `Cancel` for the COD
    /// question's replies, `Track order` for the shipped message's link.
    pub fn title(&self) -> &'static str {
        match self {
            Self::QuickReply { payload } => match CodAnswer::parse(payload) {
                Some((CodAnswer::Cancel, _)) => "Cancel",
                _ => "Confirm",
            },
            Self::Url { .. } => "Track order",
        }
    }
}

/// The order's short id in messages: the last 8 characters of its id, upper case (our ids
/// are UUID v7, whose first characters are the time and alike for orders of the same hour).
pub fn short_id(order: &OrderId) -> String {
    let id = order.as_str();
    let start = id.char_indices().rev().nth(7).map_or(0, |(index, _)| index);
    id[start..].to_uppercase()
}

/// Whole rupees as the messages write them: `₹1,299` (Indian grouping).
pub fn rupees(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let grouped = if digits.len() <= 3 {
        digits
    } else {
        let (head, last3) = digits.split_at(digits.len() - 3);
        let mut parts: Vec<String> = Vec::new();
        let mut rest = head;
        while rest.len() > 2 {
            let (left, pair) = rest.split_at(rest.len() - 2);
            parts.push(pair.to_owned());
            rest = left;
        }
        parts.push(rest.to_owned());
        parts.reverse();
        format!("{},{last3}", parts.join(","))
    };
    let sign = if amount < 0 { "-" } else { "" };
    format!("{sign}₹{grouped}")
}

/// The buyer's answer to `cod_confirm` or `cod_reminder`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodAnswer {
    Confirm,
    Cancel,
}

impl CodAnswer {
    const CONFIRM: &'static str = "COD_CONFIRM:";
    const CANCEL: &'static str = "COD_CANCEL:";

    /// The quick reply's payload for `order`: `COD_CONFIRM:{orderId}` / `COD_CANCEL:{orderId}`.
    pub fn payload(self, order: &OrderId) -> String {
        let prefix = match self {
            Self::Confirm => Self::CONFIRM,
            Self::Cancel => Self::CANCEL,
        };
        format!("{prefix}{order}")
    }

    /// A reply's payload read back: the answer and the order it names.
    pub fn parse(payload: &str) -> Option<(Self, OrderId)> {
        let (answer, id) = if let Some(id) = payload.strip_prefix(Self::CONFIRM) {
            (Self::Confirm, id)
        } else {
            (Self::Cancel, payload.strip_prefix(Self::CANCEL)?)
        };
        let valid = !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        valid.then(|| (answer, OrderId::new(id)))
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Confirm => "confirm",
            Self::Cancel => "cancel",
        }
    }
}

/// The templates: name, short id, amount for the COD question; courier, AWB and the order's
/// page for the shipped one.
impl Template {
    pub fn cod_confirm(order: &OrderId, name: &str, amount_rupees: i64) -> Self {
        Self::cod_question(MessageKind::CodConfirm, order, name, amount_rupees)
    }

    pub fn cod_reminder(order: &OrderId, name: &str, amount_rupees: i64) -> Self {
        Self::cod_question(MessageKind::CodReminder, order, name, amount_rupees)
    }

    fn cod_question(kind: MessageKind, order: &OrderId, name: &str, amount_rupees: i64) -> Self {
        Self {
            kind,
            body: vec![name.to_owned(), short_id(order), rupees(amount_rupees)],
            buttons: vec![
                Button::QuickReply {
                    payload: CodAnswer::Confirm.payload(order),
                },
                Button::QuickReply {
                    payload: CodAnswer::Cancel.payload(order),
                },
            ],
        }
    }

    /// `tracking_path`: the order's page on the shop, after the shop's address.
    pub fn order_shipped(
        order: &OrderId,
        name: &str,
        courier: &str,
        awb: &str,
        tracking_path: String,
    ) -> Self {
        Self {
            kind: MessageKind::OrderShipped,
            body: vec![
                name.to_owned(),
                short_id(order),
                courier.to_owned(),
                awb.to_owned(),
            ],
            buttons: vec![Button::Url {
                suffix: tracking_path,
            }],
        }
    }

    /// What the buyer reads: the registered body with this message's values in place.
    /// One pass over the body, so a value that itself holds `{{2}}` stays as written.
    pub fn text(&self) -> String {
        let mut text = String::new();
        let mut rest = self.kind.registered_body();
        while let Some(start) = rest.find("{{") {
            text.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let Some(end) = after.find("}}") else {
                text.push_str(&rest[start..]);
                return text;
            };
            let value = after[..end]
                .parse::<usize>()
                .ok()
                .and_then(|number| self.body.get(number.checked_sub(1)?));
            text.push_str(value.map_or("", String::as_str));
            rest = &after[end + 2..];
        }
        text.push_str(rest);
        text
    }

    /// Whether `payload` is one of this message's quick replies: only those may come back.
    pub fn offers_reply(&self, payload: &str) -> bool {
        self.buttons
            .iter()
            .any(|button| matches!(button, Button::QuickReply { payload: own } if own == payload))
    }

    pub fn order_delivered(order: &OrderId, name: &str) -> Self {
        Self {
            kind: MessageKind::OrderDelivered,
            body: vec![name.to_owned(), short_id(order)],
            buttons: Vec::new(),
        }
    }
}

/// Where a kept message stands. Statuses move forward only: `queued` < `sent` < `delivered`
/// < `read`; `failed` ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum MessageStatus {
    /// Decided and waiting for its (next) try.
    Queued,
    Sent,
    Delivered,
    Read,
    Failed,
}

impl MessageStatus {
    pub const ALL: [Self; 5] = [
        Self::Queued,
        Self::Sent,
        Self::Delivered,
        Self::Read,
        Self::Failed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Sent => "sent",
            Self::Delivered => "delivered",
            Self::Read => "read",
            Self::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|status| status.as_str() == text)
    }

    /// Whether a report of `to` moves a message that is `self`: only forward, never out of
    /// `failed`, and a read message does not fail afterwards (reports arrive out of order).
    pub fn moves_to(self, to: Self) -> bool {
        match (self, to) {
            (Self::Failed, _) | (Self::Read, Self::Failed) => false,
            (_, Self::Failed) => true,
            _ => to > self,
        }
    }

    /// The statuses a report of `to` may move a message from, for a conditional update.
    pub fn moved_from(to: Self) -> Vec<Self> {
        Self::ALL
            .into_iter()
            .filter(|from| from.moves_to(to))
            .collect()
    }
}

/// How a send failed, as far as it matters: try again later, or never.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SendFailure {
    /// A rate limit (130429), a 5xx or a timeout: Meta may take it later.
    Transient,
    /// Anything else, 131026 (not on WhatsApp) among them: ends the message `failed`.
    Permanent,
}

/// Meta's error codes for "too many messages": the pair rate limit and the throughput limit.
pub const RATE_LIMIT_CODES: [i64; 2] = [130_429, 131_056];
/// "Message undeliverable": the number is not on WhatsApp (or cannot take it).
pub const NOT_ON_WHATSAPP: i64 = 131_026;

/// What a send's HTTP status and Meta's error code (if any) make of a failure.
pub fn failure_of(http_status: u16, code: Option<i64>) -> SendFailure {
    match code {
        Some(code) if RATE_LIMIT_CODES.contains(&code) => SendFailure::Transient,
        Some(NOT_ON_WHATSAPP) => SendFailure::Permanent,
        _ if http_status >= 500 || http_status == 429 => SendFailure::Transient,
        _ => SendFailure::Permanent,
    }
}

/// Tries a message gets before it is given up as `failed`.
pub const MAX_ATTEMPTS: u32 = 8;

/// The wait before try `attempt + 1` after `attempt` tries failed for a passing reason:
/// 10 s, 20 s, 40 s, … doubling, at most an hour.
pub fn backoff(attempt: u32) -> Duration {
    let seconds = 10_i64.saturating_mul(1_i64 << attempt.saturating_sub(1).min(12));
    Duration::seconds(seconds.min(3600))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_reads_as_its_registered_template_with_its_values() {
        let order = OrderId::new("0193a2b4-7c1d-7e00-8f00-00000abc1234");
        let question = Template::cod_confirm(&order, "Asha {{2}}", 129_900);
        assert_eq!(
            question.text(),
            "Hi Asha {{2}}, please confirm your cash on delivery order 0ABC1234 for ₹1,29,900 from \
             Paduka. Tap Confirm and we ship it; tap Cancel if you no longer want it."
        );
        let titles: Vec<_> = question.buttons.iter().map(Button::title).collect();
        assert_eq!(titles, ["Confirm", "Cancel"]);
        assert!(question.offers_reply(&CodAnswer::Cancel.payload(&order)));
        assert!(!question.offers_reply(&CodAnswer::Cancel.payload(&OrderId::new("other"))));

        let shipped = Template::order_shipped(&order, "Asha", "Delhivery", "AWB1", "p".into());
        assert_eq!(
            shipped.text(),
            "Hi Asha, your Paduka order 0ABC1234 has shipped with Delhivery, AWB AWB1."
        );
        assert_eq!(shipped.buttons[0].title(), "Track order");
        assert!(!shipped.offers_reply("p"), "a link is not a reply");
    }

    #[test]
    fn numbers_are_india_e164_digits() {
        let phone = Phone::parse("+91 98765-43210").unwrap();
        assert_eq!(WhatsAppNumber::of(&phone).as_str(), "919876543210");
        assert_eq!(
            WhatsAppNumber::parse("+919876543210").unwrap().as_str(),
            "919876543210"
        );
        assert_eq!(WhatsAppNumber::parse("9876543210"), None);
        assert_eq!(WhatsAppNumber::parse("4915112345678"), None);
    }

    #[test]
    fn statuses_move_forward_only_and_failed_ends_them() {
        use MessageStatus::*;
        assert!(Sent.moves_to(Delivered));
        assert!(Delivered.moves_to(Read));
        assert!(Sent.moves_to(Read));
        assert!(!Read.moves_to(Delivered));
        assert!(!Delivered.moves_to(Sent));
        assert!(!Read.moves_to(Read));
        assert!(Sent.moves_to(Failed));
        assert!(!Failed.moves_to(Read));
        assert!(!Read.moves_to(Failed));
        assert_eq!(MessageStatus::moved_from(Delivered), vec![Queued, Sent]);
    }

    #[test]
    fn payloads_name_the_answer_and_the_order() {
        let order = OrderId::new("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
        let payload = CodAnswer::Confirm.payload(&order);
        assert_eq!(payload, "COD_CONFIRM:0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
        assert_eq!(
            CodAnswer::parse(&payload),
            Some((CodAnswer::Confirm, order.clone()))
        );
        assert_eq!(
            CodAnswer::parse(&CodAnswer::Cancel.payload(&order)),
            Some((CodAnswer::Cancel, order))
        );
        assert_eq!(CodAnswer::parse("COD_CONFIRM:"), None);
        assert_eq!(CodAnswer::parse("COD_CONFIRM:a b"), None);
        assert_eq!(CodAnswer::parse("HELLO"), None);
    }

    #[test]
    fn the_cod_question_carries_name_short_id_amount_and_both_buttons() {
        let order = OrderId::new("0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
        let template = Template::cod_confirm(&order, "Asha", 125_999);
        assert_eq!(template.body, vec!["Asha", "2E3F4A5B", "₹1,25,999"]);
        assert_eq!(
            template.buttons,
            vec![
                Button::QuickReply {
                    payload: format!("COD_CONFIRM:{order}")
                },
                Button::QuickReply {
                    payload: format!("COD_CANCEL:{order}")
                },
            ]
        );
        assert_eq!(rupees(999), "₹999");
        assert_eq!(rupees(1_299), "₹1,299");
        assert_eq!(short_id(&OrderId::new("o1")), "O1");
    }

    #[test]
    fn rate_limits_and_server_errors_are_retried_not_on_whatsapp_is_not() {
        assert_eq!(failure_of(400, Some(130_429)), SendFailure::Transient);
        assert_eq!(failure_of(503, None), SendFailure::Transient);
        assert_eq!(failure_of(400, Some(131_026)), SendFailure::Permanent);
        assert_eq!(failure_of(400, Some(100)), SendFailure::Permanent);
        assert_eq!(backoff(1), Duration::seconds(10));
        assert_eq!(backoff(2), Duration::seconds(20));
        assert_eq!(backoff(30), Duration::seconds(3600));
    }
}
