//! The storefront's server render in an embedded QuickJS (spike): the shims and the app's server
//! bundle loaded once into a runtime, then `render(url, firstViewJson)` called per page. Every
//! failure of the engine (an exception, a render over its time budget, memory over its limit)
//! is a `Drawn::Fallback`, never an error: the caller then draws the page as it does today.

use std::cell::Cell;
use std::fmt;
use std::rc::Rc;
use std::time::{Duration, Instant};

use rquickjs::context::EvalOptions;
use rquickjs::module::WriteOptions;
use rquickjs::{CatchResultExt, CaughtError, Context, Function, Module, Persistent, Runtime};

/// The server bundle, as JavaScript source or as QuickJS bytecode (`Ssr::compile`).
pub enum Bundle<'a> {
    Source(&'a str),
    /// Must come from `Ssr::compile` with the same rquickjs-sys (QuickJS-ng) version.
    Bytecode(&'static [u8]),
}

/// Limits of one runtime.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// A render still running after this is interrupted (and the runtime is to be rebuilt).
    pub render_budget: Duration,
    /// The runtime's allocations, all together; past it an allocation fails (an exception).
    pub memory: usize,
    /// QuickJS's cycle collector runs when allocations grow by this much.
    pub gc_threshold: usize,
    pub stack: usize,
}



impl Default for Limits {
    fn default() -> Self {
        Limits {
            render_budget: Duration::from_millis(250),
            memory: 256 << 20,
            gc_threshold: 256 << 10, // QuickJS's own default
            stack: 1 << 20,
        }
    }
}

#[derive(Debug)]
pub enum Failure {
    /// The bundle threw (its message and stack).
    Exception(String),
    /// Interrupted past `render_budget`.
    Timeout(Duration),
    /// Anything else rquickjs reported (out of memory shows as an exception too).
    Engine(String),
    /// The runtime was given up after an earlier interrupt or failure to load.
    Poisoned,
    /// React caught an error (or a suspension) inside a Suspense boundary and left it for the
    /// browser to draw (`<!--$!-->`): renderToString does not throw then, so the host checks.
    Incomplete,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Exception(m) => write!(f, "exception: {}", m.lines().next().unwrap_or("")),
            Failure::Timeout(d) => write!(f, "timeout after {d:?}"),
            Failure::Engine(m) => write!(f, "engine: {m}"),
            Failure::Poisoned => write!(f, "runtime given up"),
            Failure::Incomplete => write!(f, "a Suspense boundary errored or suspended (<!--$!-->)"),
        }
    }
}

/// What a page gets: the app's own markup, or word to draw it the old way.
#[derive(Debug)]
pub enum Drawn {
    /// `head`: what React hoists (the `<title>`, image preloads), for `<head>`; `body`: `#root`'s.
    React { head: String, body: String },
    Fallback(Failure),
}

pub struct Ssr {
    // Field order: the persistent function before the context before the runtime.
    render: Persistent<Function<'static>>,
    ctx: Context,
    rt: Runtime,
    deadline: Rc<Cell<Option<Instant>>>,
    limits: Limits,
    poisoned: bool,
}

fn caught(e: CaughtError<'_>) -> Failure {
    match e {
        CaughtError::Exception(ex) => Failure::Exception(format!(
            "{}\n{}",
            ex.message().unwrap_or_default(),
            ex.stack().unwrap_or_default()
        )),
        CaughtError::Value(v) => Failure::Exception(format!("{v:?}")),
        CaughtError::Error(e) => Failure::Engine(e.to_string()),
    }
}

impl Ssr {
    /// A runtime with the shims and the bundle loaded and its routes ready.
    pub fn new(shims: &str, bundle: Bundle<'_>, limits: Limits) -> Result<Ssr, Failure> {
        let rt = Runtime::new().map_err(|e| Failure::Engine(e.to_string()))?;
        rt.set_memory_limit(limits.memory);
        rt.set_gc_threshold(limits.gc_threshold);
        rt.set_max_stack_size(limits.stack);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::new(Cell::new(None));
        let seen = deadline.clone();
        rt.set_interrupt_handler(Some(Box::new(move || seen.get().is_some_and(|d| Instant::now() > d))));
        let ctx = Context::full(&rt).map_err(|e| Failure::Engine(e.to_string()))?;
        let render = ctx.with(|ctx| -> Result<Persistent<Function<'static>>, Failure> {
            let log = Function::new(ctx.clone(), |level: String, text: String| {
                eprintln!("[js {level}] {text}");
            })
            .catch(&ctx)
            .map_err(caught)?;
            ctx.globals().set("__log", log).catch(&ctx).map_err(caught)?;
            let mut opts = EvalOptions::default();
            opts.global = true;
            opts.strict = false;
            ctx.eval_with_options::<(), _>(shims, opts).catch(&ctx).map_err(caught)?;
            let declared = match bundle {
                Bundle::Source(src) => Module::declare(ctx.clone(), "entry-server.js", src),
                // SAFETY: bytecode written by `Ssr::compile` with this same QuickJS, kept for 'static
                // (JS_READ_OBJ_ROM_DATA points into it).
                Bundle::Bytecode(bytes) => unsafe { Module::load(ctx.clone(), bytes) },
            }
            .catch(&ctx)
            .map_err(caught)?;
            let (module, promise) = declared.eval().catch(&ctx).map_err(caught)?;
            // The module's top level and its `import()`s of the routes: run every pending job.
            while ctx.execute_pending_job() {}
            promise.finish::<()>().catch(&ctx).map_err(caught)?;
            let ready: Function = module.get("ready").catch(&ctx).map_err(caught)?;
            if !ready.call::<_, bool>(()).catch(&ctx).map_err(caught)? {
                return Err(Failure::Engine("routes not loaded after the pending jobs".into()));
            }
            let render: Function = module.get("render").catch(&ctx).map_err(caught)?;
            Ok(Persistent::save(&ctx, render))
        })?;
        Ok(Ssr { render, ctx, rt, deadline, limits, poisoned: false })
    }

    /// The bundle as QuickJS bytecode (in a runtime of its own), to ship instead of the source.
    pub fn compile(bundle: &str, strip: bool) -> Result<Vec<u8>, Failure> {
        let rt = Runtime::new().map_err(|e| Failure::Engine(e.to_string()))?;
        let ctx = Context::full(&rt).map_err(|e| Failure::Engine(e.to_string()))?;
        ctx.with(|ctx| {
            let m = Module::declare(ctx.clone(), "entry-server.js", bundle).catch(&ctx).map_err(caught)?;
            m.write(WriteOptions { strip_source: strip, strip_debug: strip, ..Default::default() })
                .catch(&ctx)
                .map_err(caught)
        })
    }

    /// The page at `url` drawn from its first view, or why not.
    pub fn render(&mut self, url: &str, first_view_json: &str) -> Drawn {
        match self.try_render(url, first_view_json) {
            Ok(html) => {
                let (head, body) = split_hoisted(&html);
                Drawn::React { head: head.to_owned(), body: body.to_owned() }
            }
            Err(f) => Drawn::Fallback(f),
        }
    }

    /// The whole string renderToString gave.
    pub fn try_render(&mut self, url: &str, first_view_json: &str) -> Result<String, Failure> {
        if self.poisoned {
            return Err(Failure::Poisoned);
        }
        let started = Instant::now();
        self.deadline.set(Some(started + self.limits.render_budget));
        let render = self.render.clone();
        let out = self.ctx.with(|ctx| {
            let f = render.restore(&ctx).map_err(|e| Failure::Engine(e.to_string()))?;
            f.call::<_, String>((url, first_view_json)).catch(&ctx).map_err(caught)
        });
        self.deadline.set(None);
        match out {
            Ok(html) if html.contains("<!--$!-->") || html.contains("<!--$?-->") => Err(Failure::Incomplete),
            Ok(html) => Ok(html),
            Err(Failure::Exception(m)) if m.contains("interrupted") => {
                // An interrupt leaves React's module state wherever it was: give the runtime up.
                self.poisoned = true;
                Err(Failure::Timeout(started.elapsed()))
            }
            Err(f) => {
                if matches!(f, Failure::Engine(_)) || self.rt.memory_usage().malloc_size as usize > self.limits.memory {
                    self.poisoned = true;
                }
                Err(f)
            }
        }
    }

    pub fn is_poisoned(&self) -> bool {
        self.poisoned
    }

    pub fn memory(&self) -> Memory {
        let m = self.rt.memory_usage();
        Memory {
            malloc_size: m.malloc_size as u64,
            memory_used_size: m.memory_used_size as u64,
            obj_count: m.obj_count as u64,
            js_func_size: m.js_func_size as u64,
            js_func_code_size: m.js_func_code_size as u64,
            str_size: m.str_size as u64,
            atom_size: m.atom_size as u64,
        }
    }

    pub fn run_gc(&self) {
        self.rt.run_gc();
    }

    /// A script in the runtime's global scope (tests of the fallback path).
    pub fn eval_global(&self, src: &str) -> Result<(), Failure> {
        self.ctx.with(|ctx| ctx.eval::<(), _>(src).catch(&ctx).map_err(caught))
    }
}

#[derive(Debug, Clone, Copy)]
pub struct Memory {
    pub malloc_size: u64,
    pub memory_used_size: u64,
    pub obj_count: u64,
    pub js_func_size: u64,
    pub js_func_code_size: u64,
    pub str_size: u64,
    pub atom_size: u64,
}

/// renderToString puts what React hoists (the route's `<title>`, the preloads of `priority`
/// images) before the app's markup: they belong in `<head>`, the rest in `#root`.
pub fn split_hoisted(html: &str) -> (&str, &str) {
    match html.find("<div class=\"app-shell\"") {
        Some(at) => html.split_at(at),
        None => ("", html),
    }
}
