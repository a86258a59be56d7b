//! The WhatsApp worker (decisions D37): sends the queued messages that are due, at once when
//! this instance queued one, else every second. The messages table is its queue, so what a
//! stopped instance had not sent is sent after its restart, or by another instance.

use std::sync::Arc;
use std::time::Duration;

use paduka_application::whatsapp::WhatsAppUseCases;
use tokio::task::JoinHandle;

/// How often the queue is looked at when nothing woke the worker: a message queued on
/// another instance, or a retry come due.
pub const POLL: Duration = Duration::from_secs(1);

/// Starts the worker on this runtime.
pub fn spawn(whatsapp: Arc<dyn WhatsAppUseCases>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            let full = match whatsapp.send_due().await {
                Ok(tried) => tried > 0,
                Err(error) => {
                    tracing::error!(error = %format!("{error:#}"), "the WhatsApp worker could not read its queue");
                    false
                }
            };
            // A claim that found messages may have left more behind it.
            if full {
                continue;
            }
            tokio::select! {
                () = tokio::time::sleep(POLL) => {}
                () = whatsapp.queued() => {}
            }
        }
    })
}
