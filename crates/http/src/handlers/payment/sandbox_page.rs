//! `GET /sandbox/checkout`: the offline sandbox's checkout window.
//!
//! A self-contained page (inline CSS and JS, nothing fetched from elsewhere) sized for the
//! 500x400 window the frontend opens. It reads `amount` (paise) and `order_id` from its
//! query, pays through `POST /api/v1/payment/sandbox/pay` with the opener's token, and hands
//! the three fields Razorpay's window would return to `window.opener` by `postMessage`.

use actix_web::HttpResponse;
use actix_web::http::header;

/// Where the page is served (outside `/api/v1`).
pub const SANDBOX_CHECKOUT_PATH: &str = "/sandbox/checkout";

/// The page. Query values are put in with `textContent`, never as markup.
pub const SANDBOX_CHECKOUT_HTML: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paduka test payment</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f4f6;color:#111827}
  main{width:100%;max-width:460px;max-height:380px;padding:24px;background:#fff;border-radius:12px;
    box-shadow:0 4px 16px rgba(0,0,0,.12)}
  h1{margin:0 0 4px;font-size:20px}
  .note{margin:0 0 16px;color:#6b7280;font-size:13px}
  dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:6px 12px}
  dt{color:#6b7280}
  dd{margin:0;font-weight:600;word-break:break-all}
  #amount{font-size:22px}
  .actions{display:flex;gap:12px}
  button{flex:1;padding:10px 16px;font:inherit;font-weight:600;border-radius:8px;cursor:pointer;border:1px solid #d1d5db;background:#fff}
  button.pay{background:#15803d;border-color:#15803d;color:#fff}
  button:disabled{opacity:.6;cursor:wait}
  #error{min-height:1.4em;margin:12px 0 0;color:#b91c1c;font-size:14px}
</style>
</head>
<body>
<main>
  <h1>Paduka test payment</h1>
  <p class="note">Sandbox mode: no real money is charged.</p>
  <dl>
    <dt>Amount</dt><dd id="amount">&mdash;</dd>
    <dt>Order</dt><dd id="order">&mdash;</dd>
  </dl>
  <div class="actions">
    <button type="button" class="pay" id="pay">Pay</button>
    <button type="button" id="cancel">Cancel</button>
  </div>
  <p id="error" role="alert"></p>
</main>
<script>
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var orderId = params.get("order_id") || "";
  var paise = Number(params.get("amount"));
  var amountText = Number.isFinite(paise)
    ? "\u20B9" + (paise / 100).toLocaleString("en-IN", {minimumFractionDigits: 2, maximumFractionDigits: 2})
    : "\u2014";
  document.getElementById("amount").textContent = amountText;
  document.getElementById("order").textContent = orderId || "\u2014";
  var pay = document.getElementById("pay");
  var cancel = document.getElementById("cancel");
  var error = document.getElementById("error");

  function token() {
    try {
      var auth = JSON.parse(localStorage.getItem("auth") || "null");
      return auth && auth.token ? String(auth.token) : "";
    } catch (e) {
      return "";
    }
  }
  function tell(message) {
    if (window.opener) {
      window.opener.postMessage(message, location.origin);
    }
  }
  function fail(text) {
    error.textContent = text;
    pay.disabled = false;
    cancel.disabled = false;
  }

  pay.addEventListener("click", function () {
    if (!orderId) {
      fail("No order to pay.");
      return;
    }
    pay.disabled = true;
    cancel.disabled = true;
    error.textContent = "";
    fetch("/api/v1/payment/sandbox/pay", {
      method: "POST",
      headers: {"Content-Type": "application/json", "Authorization": token()},
      body: JSON.stringify({orderId: orderId})
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (!response.ok) {
          throw new Error(body && body.message ? body.message : "Payment failed");
        }
        return body;
      });
    }).then(function (body) {
      tell({
        type: "paduka:sandbox-payment",
        razorpay_order_id: body.razorpay_order_id,
        razorpay_payment_id: body.razorpay_payment_id,
        razorpay_signature: body.razorpay_signature
      });
      window.close();
    }).catch(function (e) {
      fail(e && e.message ? e.message : "Payment failed");
    });
  });

  cancel.addEventListener("click", function () {
    tell({type: "paduka:sandbox-cancel"});
    window.close();
  });
})();
</script>
</body>
</html>
"#;

/// Serves the sandbox checkout window.
pub async fn sandbox_checkout() -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header(("X-Frame-Options", "DENY"))
        .body(SANDBOX_CHECKOUT_HTML)
}
