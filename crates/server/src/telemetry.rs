//! Logs: `tracing` events filtered by `RUST_LOG` (default `info`), as text for people or as
//! JSON lines for a log collector (`LOG_FORMAT=json`).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::{Error, HttpMessage};
use paduka_http::ClientAddress;
use tracing::{Span, Subscriber};
use tracing_actix_web::{DefaultRootSpanBuilder, RequestId, RootSpanBuilder};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::util::SubscriberInitExt;

use crate::config::LogFormat;

/// Installs the global subscriber, writing to standard output. Safe to call more than once
/// (tests): later calls do nothing.
pub fn init(default_filter: &str, format: LogFormat) {
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(default_filter));
    let _ = subscriber(filter, format, std::io::stdout).try_init();
}

/// The subscriber for `format`, writing to `writer`.
fn subscriber<W>(
    filter: EnvFilter,
    format: LogFormat,
    writer: W,
) -> Box<dyn Subscriber + Send + Sync>
where
    W: for<'a> MakeWriter<'a> + Send + Sync + 'static,
{
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_writer(writer);
    match format {
        LogFormat::Text => Box::new(logs.finish()),
        // Each line carries its spans' fields, so the request id travels with every event.
        LogFormat::Json => Box::new(
            logs.json()
                .with_current_span(true)
                .with_span_list(true)
                .finish(),
        ),
    }
}

/// Each request's span, as `tracing-actix-web`'s default makes it but for the client's
/// address: that one reads `X-Forwarded-For` from anyone, so a client could write any address
/// into the logs. Here it is the address the rate limits count ([`ClientAddress`]: the peer,
/// or what a trusted proxy forwarded).
pub struct RequestSpan;

impl RootSpanBuilder for RequestSpan {
    fn on_request_start(request: &ServiceRequest) -> Span {
        let client = ClientAddress::of_request(request.request());
        let user_agent = request
            .headers()
            .get("user-agent")
            .and_then(|value| value.to_str().ok())
            .unwrap_or("");
        let request_id = request.extensions().get::<RequestId>().copied();
        tracing::info_span!(
            "HTTP request",
            http.method = %request.method(),
            http.route = %request.match_pattern().unwrap_or_default(),
            http.target = %request.uri().path_and_query().map_or("", |p| p.as_str()),
            http.client_ip = %client.as_str(),
            http.user_agent = %user_agent,
            http.status_code = tracing::field::Empty,
            otel.status_code = tracing::field::Empty,
            request_id = %request_id.map(|id| id.to_string()).unwrap_or_default(),
            exception.message = tracing::field::Empty,
            exception.details = tracing::field::Empty,
        )
    }

    fn on_request_end<B: MessageBody>(span: Span, outcome: &Result<ServiceResponse<B>, Error>) {
        DefaultRootSpanBuilder::on_request_end(span, outcome);
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

    use actix_web::web;
    use paduka_http::TrustedProxies;

    use super::*;

    /// Log output kept in memory.
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().write(bytes)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn log_one_event(format: LogFormat) -> String {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = subscriber(EnvFilter::new("info"), format, move || writer.clone());
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("HTTP request", request_id = "req-42");
            let _entered = span.enter();
            tracing::info!(order = "o-1", amount = 1800, "order placed");
            tracing::debug!("filtered out at info");
        });
        String::from_utf8(captured.0.lock().unwrap().clone()).unwrap()
    }

    #[test]
    fn json_logs_are_one_object_a_line_with_the_request_id_of_their_span() {
        let output = log_one_event(LogFormat::Json);
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 1, "{output}");
        let line: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(line["level"], "INFO");
        assert_eq!(line["fields"]["message"], "order placed");
        assert_eq!(line["fields"]["order"], "o-1");
        assert_eq!(line["fields"]["amount"], 1800);
        assert_eq!(line["span"]["request_id"], "req-42");
        assert!(line["timestamp"].as_str().is_some_and(|t| t.contains('T')));
    }

    #[test]
    fn text_logs_stay_readable_lines() {
        let output = log_one_event(LogFormat::Text);
        assert!(output.contains("order placed"), "{output}");
        assert!(output.contains("req-42"), "the span's request id: {output}");
        assert!(serde_json::from_str::<serde_json::Value>(output.trim()).is_err());
    }

    /// The JSON log line a request to an app with `proxies` logs, from `peer` with the
    /// header `X-Forwarded-For: 6.6.6.6`.
    fn logged_client(proxies: TrustedProxies, peer: &str) -> serde_json::Value {
        let captured = Captured::default();
        let writer = captured.clone();
        let subscriber = subscriber(EnvFilter::new("info"), LogFormat::Json, move || {
            writer.clone()
        });
        let _default = tracing::subscriber::set_default(subscriber);
        actix_web::rt::System::new().block_on(async move {
            let app = actix_web::test::init_service(
                actix_web::App::new()
                    .app_data(web::Data::new(proxies))
                    .wrap(tracing_actix_web::TracingLogger::<RequestSpan>::new())
                    .route(
                        "/",
                        web::get().to(|| async {
                            tracing::info!("handled");
                            "ok"
                        }),
                    ),
            )
            .await;
            let request = actix_web::test::TestRequest::get()
                .uri("/")
                .peer_addr(format!("{peer}:4711").parse().unwrap())
                .insert_header(("X-Forwarded-For", "6.6.6.6"))
                .to_request();
            actix_web::test::call_service(&app, request).await;
        });
        let output = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
        let line = output
            .lines()
            .find(|line| line.contains("handled"))
            .unwrap_or_else(|| panic!("no log line: {output}"));
        serde_json::from_str::<serde_json::Value>(line).unwrap()["span"].clone()
    }

    #[test]
    fn the_logged_client_is_the_peer_unless_a_trusted_proxy_forwarded_it() {
        let span = logged_client(TrustedProxies::default(), "203.0.113.9");
        assert_eq!(
            span["http.client_ip"], "203.0.113.9",
            "a written header is not believed"
        );
        let proxies = TrustedProxies::parse("10.0.0.0/8").unwrap();
        let span = logged_client(proxies, "10.0.0.2");
        assert_eq!(
            span["http.client_ip"], "6.6.6.6",
            "what our proxy forwarded"
        );
        assert!(span["request_id"].as_str().is_some_and(|id| !id.is_empty()));
    }
}
