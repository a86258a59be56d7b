//! Logs: `tracing` events filtered by `RUST_LOG` (default `info`), as text for people or as
//! JSON lines for a log collector (`LOG_FORMAT=json`).

use tracing::Subscriber;
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

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::sync::{Arc, Mutex};

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
}
