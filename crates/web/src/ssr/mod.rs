//! The drawn pages' server render (decisions D32): the app's own server bundle
//! (`frontend/src/entry-server.tsx`, built by `npm run build` into
//! `STATIC_DIR/server/entry-server.js`) run by QuickJS inside this process.
//!
//! A `rquickjs::Runtime` cannot move between threads, so each render thread owns one (2.5-3 MiB
//! each), loaded once from the bundle's source; requests hand them a job through a bounded queue
//! and wait for the answer on a oneshot channel, so no actix worker ever runs JavaScript. The
//! adapter decides nothing about the page: it passes the path and the first view the page
//! carries, and takes the markup React gives back. Any failure is a [`Failure`], and the caller
//! serves the plain app shell.

mod engine;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use engine::{Engine, split_hoisted};
pub use engine::{Failure, Limits};

/// A page React drew.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    /// The `<link>` tags React hoists (the preloads of the images the page loads first), for
    /// `<head>`. Its `<title>` is left out: the page's head writes the same one.
    pub head: String,
    /// The markup inside `#root`, which the app hydrates.
    pub body: String,
}

impl Drawn {
    fn from_render(html: &str) -> Self {
        let (hoisted, body) = split_hoisted(html);
        Self {
            head: links(hoisted),
            body: body.to_owned(),
        }
    }
}

/// The `<link …>` tags of React's hoisted output, one a line.
fn links(hoisted: &str) -> String {
    let mut out = Vec::new();
    let mut rest = hoisted;
    while let Some(at) = rest.find("<link ") {
        let Some(end) = rest[at..].find('>') else {
            break;
        };
        out.push(&rest[at..at + end + 1]);
        rest = &rest[at + end + 1..];
    }
    out.join("\n    ")
}

type Reply = Result<Drawn, Failure>;

struct Job {
    url: String,
    first_view: String,
    reply: oneshot::Sender<Reply>,
}

/// The render threads, or none (no bundle, or it did not load).
pub struct Renderer {
    jobs: Option<SyncSender<Job>>,
    /// How long a request waits for a render before it is served the plain shell.
    wait: Duration,
}

/// A render asked for: its answer within the wait, or later; or why it was not asked for.
pub struct Pending(Result<oneshot::Receiver<Reply>, Failure>);

impl Pending {
    /// The page, if it is drawn within `wait`; [`Failure::Late`] leaves it running, to be
    /// awaited with [`Pending::finish`].
    pub async fn within(&mut self, wait: Duration) -> Reply {
        let receiver = match self.0.as_mut() {
            Ok(receiver) => receiver,
            Err(failure) => return Err(failure.clone()),
        };
        let reply = match tokio::time::timeout(wait, receiver).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) => Err(Failure::Engine("the render thread stopped".into())),
            Err(_) => return Err(Failure::Late),
        };
        self.0 = Err(Failure::Engine("answered already".into()));
        reply
    }

    /// The render's answer, however long it takes (its runtime interrupts it at its limit).
    pub async fn finish(self) -> Reply {
        match self.0 {
            Ok(receiver) => receiver
                .await
                .unwrap_or_else(|_| Err(Failure::Engine("the render thread stopped".into()))),
            Err(failure) => Err(failure),
        }
    }
}

impl Renderer {
    /// Jobs waiting beyond the ones running; past it a page is served plain at once.
    const QUEUE: usize = 32;
    /// How long a request waits for a render by default. A page not kept renders in 10-50 ms
    /// (the goal: 50 ms at p99); this is the safety net for a machine busy two times over, since
    /// the plain shell it falls back to shows nothing until the app's code has come and run,
    /// which on a phone takes longer. Past it the render finishes into the page cache.
    pub const WAIT: Duration = Duration::from_millis(500);

    /// No render threads: every page is served as the plain shell.
    pub fn disabled() -> Self {
        Self {
            jobs: None,
            wait: Self::WAIT,
        }
    }

    /// Reads the server bundle at `bundle` and starts `threads` render threads (at least one),
    /// each loading it into a runtime of its own. Blocking (about 50 ms a runtime): call it off
    /// the async runtime. A bundle missing or failing to load gives [`Renderer::disabled`], with
    /// the reason logged.
    pub fn start(bundle: &Path, threads: usize, limits: Limits, wait: Duration) -> Self {
        let source = match std::fs::read_to_string(bundle) {
            Ok(source) => Arc::<str>::from(source),
            Err(error) => {
                tracing::warn!(bundle = %bundle.display(), %error, "no server bundle: pages are served as the plain app shell");
                return Self::disabled();
            }
        };
        let (jobs, queue) = mpsc::sync_channel::<Job>(Self::QUEUE);
        let queue = Arc::new(Mutex::new(queue));
        let mut loaded = Vec::new();
        for n in 0..threads.max(1) {
            let (told, heard) = mpsc::channel();
            let (source, queue) = (source.clone(), queue.clone());
            let started = std::thread::Builder::new()
                .name(format!("paduka-ssr-{n}"))
                .spawn(move || work(&source, limits, &queue, told));
            if let Err(error) = started {
                tracing::warn!(%error, "cannot start a render thread");
                continue;
            }
            loaded.push(heard);
        }
        let mut running = 0;
        for heard in loaded {
            match heard.recv() {
                Ok(Ok((millis, bytes))) => {
                    running += 1;
                    tracing::info!(
                        bundle = %bundle.display(),
                        millis,
                        kilobytes = bytes / 1024,
                        "server render ready (QuickJS)"
                    );
                }
                Ok(Err(failure)) => {
                    tracing::warn!(bundle = %bundle.display(), %failure, "the server bundle did not load: pages are served as the plain app shell");
                }
                Err(_) => {}
            }
        }
        if running == 0 {
            return Self::disabled();
        }
        Self {
            jobs: Some(jobs),
            wait,
        }
    }

    /// Whether pages can be drawn.
    pub fn is_running(&self) -> bool {
        self.jobs.is_some()
    }

    /// How long a request waits for a render.
    pub fn wait(&self) -> Duration {
        self.wait
    }

    /// Asks for the page at `url` (its path and query, as the browser's address bar has them)
    /// drawn from `first_view`, the JSON the page carries in `#first-view`.
    pub fn render(&self, url: String, first_view: String) -> Pending {
        let Some(jobs) = &self.jobs else {
            return Pending(Err(Failure::Unavailable));
        };
        let (reply, answer) = oneshot::channel();
        match jobs.try_send(Job {
            url,
            first_view,
            reply,
        }) {
            Ok(()) => Pending(Ok(answer)),
            Err(TrySendError::Full(_)) => {
                tracing::info!("render queue full: the plain shell is served");
                Pending(Err(Failure::Busy))
            }
            Err(TrySendError::Disconnected(_)) => Pending(Err(Failure::Unavailable)),
        }
    }
}

/// A render thread: loads its runtime, says how that went, then renders jobs until the
/// renderer goes. A runtime given up (interrupted, or an engine error) is replaced after the
/// job's answer is sent, off any request's wait.
fn work(
    source: &str,
    limits: Limits,
    queue: &Mutex<Receiver<Job>>,
    told: mpsc::Sender<Result<(u128, u64), Failure>>,
) {
    let load = || {
        catch_unwind(AssertUnwindSafe(|| Engine::new(source, limits)))
            .unwrap_or_else(|_| Err(Failure::Engine("loading panicked".into())))
    };
    let started = Instant::now();
    let mut engine = load();
    let _ = told.send(match &engine {
        Ok(engine) => Ok((started.elapsed().as_millis(), engine.memory())),
        Err(failure) => Err(failure.clone()),
    });
    let Ok(_) = &engine else {
        return;
    };
    loop {
        let job = match queue.lock() {
            Ok(queue) => match queue.recv() {
                Ok(job) => job,
                Err(_) => return,
            },
            Err(_) => return,
        };
        if job.reply.is_closed() {
            continue;
        }
        let reply = match &mut engine {
            Ok(engine) => catch_unwind(AssertUnwindSafe(|| {
                engine.render(&job.url, &job.first_view)
            }))
            .unwrap_or_else(|_| Err(Failure::Engine("the render panicked".into())))
            .map(|html| Drawn::from_render(&html)),
            Err(failure) => Err(failure.clone()),
        };
        if let Err(failure) = &reply {
            tracing::warn!(url = job.url, %failure, "a page was not drawn: the plain shell is served");
        }
        let _ = job.reply.send(reply);
        match &engine {
            Ok(current) if current.is_given_up() => engine = load(),
            Ok(current) => current.collect_garbage(),
            Err(_) => engine = load(),
        }
    }
}

#[cfg(test)]
mod tests;
