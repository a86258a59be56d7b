//! The order mails: order placed, status changed, payment refunded. Sent through the
//! [`Mailer`] port; a mail that cannot be sent is logged, never fails the order.

use paduka_domain::UserId;
use paduka_domain::order::{Order, OrderLine, OrderStatus, PaymentMethod};
use paduka_domain::text::escape_html;
use paduka_domain::user::User;

use super::LowStock;
use crate::accounts::UserRepository;
use crate::mail::{Attachment, Mail, Mailer};

/// Mails `user` what `make` writes, if the account still exists. Failures are logged.
pub(crate) async fn notify(
    users: &dyn UserRepository,
    mailer: &dyn Mailer,
    user: &UserId,
    make: impl FnOnce(&User) -> Mail,
) {
    let found = match users.find(user).await {
        Ok(Some(found)) => found,
        Ok(None) => return,
        Err(error) => {
            tracing::warn!(%user, %error, "could not look up the buyer to mail them");
            return;
        }
    };
    let mail = make(&found);
    if let Err(error) = mailer.send(&mail).await {
        tracing::warn!(%user, subject = %mail.subject, error = %format!("{error:#}"), "order mail not sent");
    }
}

fn line_text(line: &OrderLine) -> String {
    let variant = line
        .variant_words()
        .map(|v| format!(" ({v})"))
        .unwrap_or_default();
    let each = line.sale_price;
    let off = if line.discount.value() > 0 {
        format!(" after {}% off", line.discount.value())
    } else {
        String::new()
    };
    format!(
        "{} x {}{variant}, {each} each{off}",
        line.quantity, line.name
    )
}

/// A mail to `user`: the bodies between the greeting by name and the shop's signature.
fn mail(user: &User, subject: String, text_body: String, html_body: String) -> Mail {
    Mail {
        to: user.email.clone(),
        to_name: Some(user.name.clone()),
        subject,
        text: format!("Hello {},\n\n{text_body}\nPaduka\n", user.name),
        html: format!(
            "<!doctype html><html><body style=\"font-family:sans-serif\"><p>Hello {},</p>{html_body}<p>Paduka</p></body></html>",
            escape_html(&user.name)
        ),
        attachments: Vec::new(),
    }
}

/// The subtotal, then the coupon's discount, the saving for paying online and the charge for
/// cash on delivery, each when the order has it (decisions D41): one entry a line; none when
/// the total is the subtotal.
fn coupon_lines(order: &Order) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(coupon) = &order.coupon {
        lines.push(format!(
            "Coupon {}: −₹{}",
            coupon.code, coupon.discount_rupees
        ));
    }
    if order.prepaid_discount_rupees > 0 {
        lines.push(format!("Paid online: −₹{}", order.prepaid_discount_rupees));
    }
    if order.cod_fee_rupees > 0 {
        lines.push(format!(
            "Cash on delivery charge: ₹{}",
            order.cod_fee_rupees
        ));
    }
    if !lines.is_empty() {
        lines.insert(0, format!("Subtotal: ₹{}", order.subtotal_rupees()));
    }
    lines
}

/// How the order is paid, as the mails say it.
fn payment_line(order: &Order) -> String {
    match order.payment_method {
        PaymentMethod::Online => "Paid online".to_owned(),
        PaymentMethod::Cod if order.paid => "Cash on Delivery: paid".to_owned(),
        PaymentMethod::Cod => format!(
            "Cash on Delivery: ₹{} to pay on delivery",
            order.amount_rupees
        ),
    }
}

/// A cash-on-delivery order's mail with the link to confirm or cancel it (decisions D39).
pub(crate) fn with_cod_link(mut mail: Mail, url: &str) -> Mail {
    mail.text.push_str(&format!(
        "\nPlease confirm your cash on delivery order, or cancel it if you no longer want it:\n{url}\n"
    ));
    mail.html.push_str(&format!(
        "<p>Please <a href=\"{href}\">confirm your cash on delivery order</a>, or cancel it if you no longer want it.</p>",
        href = escape_html(url)
    ));
    mail
}

/// "Your order is placed": its lines, subtotal and coupon (if any), total and address, with
/// its invoice attached when there is one.
pub(crate) fn order_placed(user: &User, order: &Order, invoice: Option<Attachment>) -> Mail {
    let lines: Vec<String> = order.lines.iter().map(line_text).collect();
    let coupon = coupon_lines(order);
    let supply = order
        .state
        .map(|state| format!("Place of supply: {}", state.name()));
    let invoice_line = invoice
        .as_ref()
        .and(order.invoice_no.as_deref())
        .map(|number| format!("Your invoice {number} is attached."));
    let text = format!(
        "Thank you for your order {id}.\n\n{lines}\n\n{coupon}Total: ₹{total}\n{payment}\n\nDelivering to:\n{address}\nPincode {pincode}\n{supply}\nStatus: {status}\n{invoice_line}",
        id = order.id,
        lines = lines
            .iter()
            .map(|l| format!("- {l}"))
            .collect::<Vec<_>>()
            .join("\n"),
        coupon = coupon.iter().map(|l| format!("{l}\n")).collect::<String>(),
        total = order.amount_rupees,
        payment = payment_line(order),
        address = order.address,
        pincode = order.pincode,
        status = order.status.as_str(),
        invoice_line = invoice_line
            .as_deref()
            .map_or(String::new(), |l| format!("\n{l}\n")),
        supply = supply
            .as_deref()
            .map_or(String::new(), |s| format!("{s}\n")),
    );
    let html = format!(
        "<p>Thank you for your order <strong>{id}</strong>.</p><ul>{lines}</ul>\
         {coupon}<p><strong>Total: ₹{total}</strong><br>{payment}</p><p>Delivering to:<br>{address}<br>Pincode {pincode}{supply_html}</p>\
         <p>Status: {status}</p>{invoice_html}",
        id = escape_html(order.id.as_str()),
        lines = lines
            .iter()
            .map(|l| format!("<li>{}</li>", escape_html(l)))
            .collect::<String>(),
        coupon = coupon
            .iter()
            .map(|l| format!("<p>{}</p>", escape_html(l)))
            .collect::<String>(),
        total = order.amount_rupees,
        payment = escape_html(&payment_line(order)),
        address = escape_html(&order.address).replace('\n', "<br>"),
        pincode = escape_html(&order.pincode),
        status = order.status.as_str(),
        supply_html = supply
            .as_deref()
            .map_or(String::new(), |s| format!("<br>{}", escape_html(s))),
        invoice_html = invoice_line
            .as_deref()
            .map_or(String::new(), |l| format!("<p>{}</p>", escape_html(l))),
    );
    let mut placed = mail(
        user,
        format!("Your Paduka order {} is placed", order.id),
        text,
        html,
    );
    placed.attachments.extend(invoice);
    placed
}

/// "Your order is now <status>", with where the parcel is once it has shipped and the
/// refund once an online order has ended.
pub(crate) fn status_changed(user: &User, order: &Order) -> Mail {
    let status = order.status.as_str();
    let refund = if order.status.is_end() && order.payment_method == PaymentMethod::Online {
        format!(
            " The ₹{} you paid is refunded to your payment method.",
            order.amount_rupees
        )
    } else {
        String::new()
    };
    let parcel = match &order.shipment {
        Some(shipment) if order.status == OrderStatus::Shipped => format!(
            " It is with {courier}, AWB {awb}.",
            courier = shipment.courier.as_str(),
            awb = shipment.awb.as_str(),
        ),
        _ => String::new(),
    };
    let tracking = order
        .shipment
        .as_ref()
        .and_then(|shipment| shipment.tracking_url.as_ref())
        .filter(|_| !order.status.is_end() && order.status != OrderStatus::Delivered);
    let text = format!(
        "Your order {id} (₹{total}) is now {status}.{parcel}{refund}\n{track}",
        id = order.id,
        total = order.amount_rupees,
        track = tracking.map_or(String::new(), |url| format!("Track it: {}\n", url.as_str())),
    );
    let html = format!(
        "<p>Your order <strong>{id}</strong> (₹{total}) is now <strong>{status}</strong>.\
         {parcel}{refund}</p>{track}",
        id = escape_html(order.id.as_str()),
        total = order.amount_rupees,
        parcel = escape_html(&parcel),
        refund = escape_html(&refund),
        track = tracking.map_or(String::new(), |url| format!(
            "<p><a href=\"{url}\">Track your parcel</a></p>",
            url = escape_html(url.as_str())
        )),
    );
    mail(
        user,
        format!("Your Paduka order {} is {status}", order.id),
        text,
        html,
    )
}

/// "We could not fill your order; your payment is refunded", with the reason.
pub(crate) fn payment_refunded(
    user: &User,
    payment_id: &str,
    amount_rupees: i64,
    reason: &str,
) -> Mail {
    let text = format!(
        "We could not place your order: {reason}.\nYour payment {payment_id} of ₹{amount_rupees} has been refunded.\n"
    );
    let html = format!(
        "<p>We could not place your order: {reason}.</p>\
         <p>Your payment {payment} of ₹{amount_rupees} has been refunded.</p>",
        reason = escape_html(reason),
        payment = escape_html(payment_id),
    );
    mail(
        user,
        "Your Paduka payment has been refunded".to_owned(),
        text,
        html,
    )
}

/// To an admin: an order took a size (or a pooled product) to the low-stock threshold or
/// below.
pub(crate) fn low_stock(admin: &User, low: &LowStock) -> Mail {
    let item = match &low.size {
        Some(size) => format!("{} ({size})", low.name),
        None => low.name.clone(),
    };
    let pairs = if low.left == 1 { "pair" } else { "pairs" };
    let text = format!(
        "Stock is running low: {left} {pairs} left of {item}.\nProduct id: {id}\n",
        left = low.left,
        id = low.product,
    );
    let html = format!(
        "<p>Stock is running low: <strong>{left} {pairs} left of {item}</strong>.</p>\
         <p>Product id: {id}</p>",
        left = low.left,
        item = escape_html(&item),
        id = escape_html(low.product.as_str()),
    );
    mail(admin, format!("Low stock: {item}"), text, html)
}
