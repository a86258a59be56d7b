//! The COD confirmation clock (decisions D39): every minute, the reminders and give-ups that
//! came due. Each step is taken by the instance whose conditional update wins, so several
//! instances may all run it.

use std::sync::Arc;
use std::time::Duration;

use paduka_application::cod::CodUseCases;
use tokio::task::JoinHandle;

/// How often the clock looks: its steps are hours apart, a minute late is nothing.
pub const TICK: Duration = Duration::from_secs(60);

/// Starts the clock on this runtime.
pub fn spawn(cod: Arc<dyn CodUseCases>) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(error) = cod.tick().await {
                tracing::error!(error = %format!("{error:#}"), "the COD clock could not read the orders");
            }
        }
    })
}
