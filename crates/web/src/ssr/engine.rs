//! One QuickJS runtime (rquickjs) with the shims and the app's server bundle loaded, rendering a
//! page per call. Every failure (an exception, a render past its time, memory past its limit) is
//! a [`Failure`], never a panic: the caller then serves the plain shell.

use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::{CatchResultExt, CaughtError, Context, Function, Module, Persistent, Runtime};

/// What the server bundle needs that QuickJS lacks (`console`, timers, `URL`,
/// `URLSearchParams`, an en-IN `Intl`): each installed only where missing. It belongs to the
/// engine, so it is built into the binary; the bundle is the frontend's build.
const SHIMS: &str = include_str!("shims.js");

/// Limits of one runtime.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A render still running after this is interrupted, and the runtime given up.
    pub interrupt_after: Duration,
    /// All the runtime's allocations; past it an allocation fails (an exception).
    pub memory: usize,
    /// QuickJS's cycle collector runs when allocations grow by this much. Large, with a
    /// collection after each render instead (outside the caller's wait): about 10 % faster.
    pub gc_threshold: usize,
    pub stack: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            interrupt_after: Duration::from_secs(2),
            memory: 64 << 20,
            gc_threshold: 64 << 20,
            stack: 1 << 20,
        }
    }
}

/// Why a page was not drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// No bundle to run (not built, or it did not load).
    Unavailable,
    /// The bundle threw (its message, and the stack's first line).
    Exception(String),
    /// Interrupted past [`Limits::interrupt_after`].
    Timeout,
    /// Anything else rquickjs reported.
    Engine(String),
    /// React left part of the page for the browser (`<!--$!-->`: an error or a suspension
    /// inside a Suspense boundary); renderToString does not throw then.
    Incomplete,
    /// The render did not answer within the caller's wait (it may still finish).
    Late,
    /// Every render thread busy and the queue full: asked again on the next request.
    Busy,
}

impl Failure {
    /// Whether the same page would fail again (so its plain shell may be kept): a late,
    /// interrupted or queued-out render may well succeed next time.
    pub fn is_lasting(&self) -> bool {
        !matches!(self, Failure::Timeout | Failure::Late | Failure::Busy)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Unavailable => write!(f, "no server bundle loaded"),
            Failure::Exception(m) => write!(f, "exception: {}", m.lines().next().unwrap_or("")),
            Failure::Timeout => write!(f, "interrupted: the render ran too long"),
            Failure::Engine(m) => write!(f, "engine: {m}"),
            Failure::Incomplete => write!(f, "a Suspense boundary errored or suspended"),
            Failure::Late => write!(f, "not rendered within the wait"),
            Failure::Busy => write!(f, "the render queue is full"),
        }
    }
}

/// A runtime and context with the bundle loaded, and its `render` function.
pub(crate) struct Engine {
    // Dropped in this order: the function before its context before the runtime.
    render: Persistent<Function<'static>>,
    context: Context,
    runtime: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
    limits: Limits,
    given_up: bool,
}

fn caught(error: CaughtError<'_>) -> Failure {
    match error {
        CaughtError::Exception(exception) => Failure::Exception(format!(
            "{}\n{}",
            exception.message().unwrap_or_default(),
            exception.stack().unwrap_or_default()
        )),
        CaughtError::Value(value) => Failure::Exception(format!("{value:?}")),
        CaughtError::Error(error) => Failure::Engine(error.to_string()),
    }
}

fn engine_error(error: rquickjs::Error) -> Failure {
    Failure::Engine(error.to_string())
}

impl Engine {
    /// A runtime with the shims and `bundle` (the server bundle's source) evaluated and the
    /// routes it draws loaded.
    pub(crate) fn new(bundle: &str, limits: Limits) -> Result<Self, Failure> {
        let runtime = Runtime::new().map_err(engine_error)?;
        runtime.set_memory_limit(limits.memory);
        runtime.set_gc_threshold(limits.gc_threshold);
        runtime.set_max_stack_size(limits.stack);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let seen = deadline.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || {
            seen.get().is_some_and(|at| Instant::now() > at)
        })));
        let context = Context::full(&runtime).map_err(engine_error)?;
        let render = context.with(|ctx| -> Result<Persistent<Function<'static>>, Failure> {
            let log = Function::new(ctx.clone(), |level: String, text: String| {
                if level == "error" || level == "warn" {
                    tracing::warn!(target: "paduka_web::ssr::js", "{text}");
                } else {
                    tracing::debug!(target: "paduka_web::ssr::js", "{text}");
                }
            })
            .catch(&ctx)
            .map_err(caught)?;
            ctx.globals()
                .set("__log", log)
                .catch(&ctx)
                .map_err(caught)?;
            let mut options = EvalOptions::default();
            options.global = true;
            options.strict = false;
            ctx.eval_with_options::<(), _>(SHIMS, options)
                .catch(&ctx)
                .map_err(caught)?;
            let declared = Module::declare(ctx.clone(), "entry-server.js", bundle)
                .catch(&ctx)
                .map_err(caught)?;
            let (module, promise) = declared.eval().catch(&ctx).map_err(caught)?;
            // The module's top level and its `import()`s of the drawn routes (inlined in the
            // one file, still answered in later jobs).
            while ctx.execute_pending_job() {}
            promise.finish::<()>().catch(&ctx).map_err(caught)?;
            let ready: Function = module.get("ready").catch(&ctx).map_err(caught)?;
            if !ready.call::<_, bool>(()).catch(&ctx).map_err(caught)? {
                return Err(Failure::Engine(
                    "the drawn routes did not load after the pending jobs".into(),
                ));
            }
            let render: Function = module.get("render").catch(&ctx).map_err(caught)?;
            Ok(Persistent::save(&ctx, render))
        })?;
        Ok(Self {
            render,
            context,
            runtime,
            deadline,
            limits,
            given_up: false,
        })
    }

    /// What `render(url, firstViewJson)` gives: the whole string renderToString made.
    pub(crate) fn render(&mut self, url: &str, first_view: &str) -> Result<String, Failure> {
        if self.given_up {
            return Err(Failure::Unavailable);
        }
        self.deadline
            .set(Some(Instant::now() + self.limits.interrupt_after));
        let render = self.render.clone();
        let out = self.context.with(|ctx| {
            let render = render.restore(&ctx).map_err(engine_error)?;
            render
                .call::<_, String>((url, first_view))
                .catch(&ctx)
                .map_err(caught)
        });
        self.deadline.set(None);
        match out {
            Ok(html) if html.contains("<!--$!-->") || html.contains("<!--$?-->") => {
                Err(Failure::Incomplete)
            }
            Ok(html) => Ok(html),
            Err(Failure::Exception(message)) if message.contains("interrupted") => {
                // An interrupt leaves React's module state wherever it was.
                self.given_up = true;
                Err(Failure::Timeout)
            }
            Err(failure) => {
                if matches!(failure, Failure::Engine(_))
                    || self.runtime.memory_usage().malloc_size as usize > self.limits.memory
                {
                    self.given_up = true;
                }
                Err(failure)
            }
        }
    }

    /// Whether this runtime must be replaced (after an interrupt or an engine error).
    pub(crate) fn is_given_up(&self) -> bool {
        self.given_up
    }

    /// Bytes QuickJS holds.
    pub(crate) fn memory(&self) -> u64 {
        self.runtime.memory_usage().malloc_size as u64
    }

    pub(crate) fn collect_garbage(&self) {
        self.runtime.run_gc();
    }

    /// Runs `source` in the runtime's global scope: tests break the bundle's world with it.
    #[cfg(test)]
    pub(crate) fn eval(&self, source: &str) -> Result<(), Failure> {
        self.context
            .with(|ctx| ctx.eval::<(), _>(source).catch(&ctx).map_err(caught))
    }
}

/// renderToString puts what React hoists (the route's `<title>`, the preloads of the images it
/// loads first) before the app's markup: they belong in `<head>`, the rest in `#root`.
pub(crate) fn split_hoisted(html: &str) -> (&str, &str) {
    match html.find("<div class=\"app-shell\"") {
        Some(at) => html.split_at(at),
        None => ("", html),
    }
}
