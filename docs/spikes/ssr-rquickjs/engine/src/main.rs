//! Measures the server render in QuickJS: cold start (source and bytecode), per-page render
//! times, memory, the fallbacks, and two runtimes rendering at once.
//!
//! `paduka-ssr-spike [bundle.js] [renders]`; shims from /work/spike/ssr-shims.js, pages from
//! /work/spike/fixtures/*.json ({"url":..., "firstView":{...}}), outputs to /work/spike/out.

use std::fs;
use std::time::{Duration, Instant};

use paduka_ssr_spike::{Bundle, Drawn, Limits, Ssr};

const PAGES: [&str; 4] = ["home", "category", "product", "search"];

/// `{"url":"...","firstView":{...}}` -> (url, firstView as JSON text), without a JSON crate: the
/// fixture is written by gen.mjs with exactly this layout.
fn fixture(name: &str) -> (String, String) {
    let text = fs::read_to_string(format!("/work/spike/fixtures/{name}.json")).expect("fixture");
    let url_start = text.find("\"url\":\"").expect("url") + 7;
    let url_end = url_start + text[url_start..].find('"').expect("url end");
    let fv = text.find("\"firstView\":").expect("firstView") + 12;
    (text[url_start..url_end].to_owned(), text[fv..text.len() - 1].to_owned())
}

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}
unsafe extern "C" {
    fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
}
/// This thread's CPU time (CLOCK_THREAD_CPUTIME_ID), in ms: what a render costs whatever else
/// the machine runs (a CI build was compiling during these measurements).
fn cpu_ms() -> f64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: a valid pointer to a timespec; clock 3 is CLOCK_THREAD_CPUTIME_ID on Linux.
    unsafe { clock_gettime(3, &mut t) };
    t.sec as f64 * 1000.0 + t.nsec as f64 / 1e6
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

struct Stats {
    p50: f64,
    p90: f64,
    p99: f64,
    max: f64,
    mean: f64,
}

fn stats(mut v: Vec<f64>) -> Stats {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let q = |p: f64| v[((p * v.len() as f64) as usize).min(v.len() - 1)];
    Stats { p50: q(0.50), p90: q(0.90), p99: q(0.99), max: *v.last().unwrap(), mean: v.iter().sum::<f64>() / v.len() as f64 }
}

fn kib(n: u64) -> String {
    format!("{:.0} KiB", n as f64 / 1024.0)
}

fn cold(shims: &str, bundle: Bundle<'_>, limits: Limits) -> (Ssr, f64) {
    let t = Instant::now();
    let ssr = Ssr::new(shims, bundle, limits).unwrap_or_else(|f| panic!("load: {f}"));
    (ssr, ms(t.elapsed()))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bundle_path = args.get(1).cloned().unwrap_or("/work/spike/frontend/dist-ssr-slim/entry-server.js".into());
    let renders: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(200);
    let gc_threshold: usize = std::env::var("GC_THRESHOLD").ok().and_then(|s| s.parse().ok()).unwrap_or(256 << 10);
    let gc_between = std::env::var("GC_BETWEEN").is_ok();
    let tag = std::env::var("TAG").unwrap_or_else(|_| "rquickjs".into());
    let shims = fs::read_to_string("/work/spike/ssr-shims.js").unwrap();
    let bundle = fs::read_to_string(&bundle_path).unwrap();
    let limits = Limits { gc_threshold, ..Limits::default() };
    println!("bundle {bundle_path}: {} bytes; shims {} bytes; gc threshold {gc_threshold}{}", bundle.len(), shims.len(), if gc_between { ", gc between renders" } else { "" });

    // --- Cold start from source, a few times (a fresh runtime each) ---
    let mut colds = vec![];
    for _ in 0..5 {
        let (ssr, t) = cold(&shims, Bundle::Source(&bundle), limits);
        colds.push(t);
        drop(ssr);
    }
    let c = stats(colds.clone());
    println!("cold start from source (runtime + context + shims + bundle + route imports), 5 runs: min {:.1} p50 {:.1} max {:.1} ms", colds.iter().cloned().fold(f64::MAX, f64::min), c.p50, c.max);

    // --- Bytecode ---
    for strip in [false, true] {
        let t = Instant::now();
        let bytes = Ssr::compile(&bundle, strip).unwrap_or_else(|f| panic!("compile: {f}"));
        let compile_ms = ms(t.elapsed());
        fs::write(format!("/work/spike/out/entry-server{}.qjsbc", if strip { ".stripped" } else { "" }), &bytes).unwrap();
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let mut colds = vec![];
        let mut last = None;
        for _ in 0..5 {
            let (ssr, t) = cold(&shims, Bundle::Bytecode(bytes), limits);
            colds.push(t);
            last = Some(ssr);
        }
        let c = stats(colds.clone());
        let mut ssr = last.unwrap();
        // The bytecode's render must equal the source's.
        let (url, fv) = fixture("home");
        let html = ssr.try_render(&url, &fv).unwrap();
        fs::write(format!("/work/spike/out/home.{tag}-bytecode{}.html", if strip { "-stripped" } else { "" }), &html).unwrap();
        println!(
            "bytecode{}: {} bytes, compiled in {compile_ms:.1} ms; cold start from bytecode, 5 runs: min {:.1} p50 {:.1} max {:.1} ms",
            if strip { " (source and debug info stripped)" } else { "" },
            bytes.len(),
            colds.iter().cloned().fold(f64::MAX, f64::min),
            c.p50,
            c.max
        );
    }

    // --- Renders ---
    let (mut ssr, t) = cold(&shims, Bundle::Source(&bundle), limits);
    let m0 = ssr.memory();
    println!("loaded in {t:.1} ms; memory after load: malloc {} (used {}), {} objects, functions {} (bytecode {}), strings {}, atoms {}",
        kib(m0.malloc_size), kib(m0.memory_used_size), m0.obj_count, kib(m0.js_func_size), kib(m0.js_func_code_size), kib(m0.str_size), kib(m0.atom_size));
    println!("{:<9} {:>7} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} | {:>8} {:>8} {:>8}  (wall ms; | thread CPU ms; {renders} renders after the first)", "page", "chars", "first", "p50", "p90", "p99", "max", "mean", "cpu p50", "cpu p99", "cpu max");
    let mut peak = 0;
    for page in PAGES {
        let (url, fv) = fixture(page);
        let t = Instant::now();
        let html = ssr.try_render(&url, &fv).unwrap_or_else(|f| panic!("{page}: {f}"));
        let first = ms(t.elapsed());
        fs::write(format!("/work/spike/out/{page}.{tag}.html"), &html).unwrap();
        let mut times = Vec::with_capacity(renders);
        let mut cpu = Vec::with_capacity(renders);
        for _ in 0..renders {
            let c = cpu_ms();
            let t = Instant::now();
            let out = ssr.try_render(&url, &fv).unwrap();
            times.push(ms(t.elapsed()));
            cpu.push(cpu_ms() - c);
            assert!(out == html, "{page}: a later render differs from the first");
            peak = peak.max(ssr.memory().malloc_size);
            if gc_between {
                ssr.run_gc();
            }
        }
        let s = stats(times);
        let c = stats(cpu);
        println!("{page:<9} {:>7} {first:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>8.2} | {:>8.2} {:>8.2} {:>8.2}", html.len(), s.p50, s.p90, s.p99, s.max, s.mean, c.p50, c.p99, c.max);
    }
    let m1 = ssr.memory();
    ssr.run_gc();
    let m2 = ssr.memory();
    println!("memory: peak malloc during renders {}; after renders {} ; after a GC {} ({} objects)", kib(peak), kib(m1.malloc_size), kib(m2.malloc_size), m2.obj_count);

    if std::env::var("QUICK").is_ok() {
        return;
    }
    // --- Two runtimes on two threads at once (the machine's two cores) ---
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let shims = shims.clone();
            let bundle = bundle.clone();
            std::thread::spawn(move || {
                let mut ssr = Ssr::new(&shims, Bundle::Source(&bundle), limits).unwrap();
                let (url, fv) = fixture("home");
                let mut times = vec![];
                for _ in 0..renders {
                    let t = Instant::now();
                    ssr.try_render(&url, &fv).unwrap();
                    times.push(ms(t.elapsed()));
                }
                times
            })
        })
        .collect();
    let t = Instant::now();
    let mut all = vec![];
    for h in threads {
        all.extend(h.join().unwrap());
    }
    let wall = t.elapsed();
    let n = all.len();
    let s = stats(all);
    println!("two runtimes on two threads, home x {renders} each: p50 {:.2} p99 {:.2} max {:.2} ms; {:.0} renders/s (incl. their loading)", s.p50, s.p99, s.max, n as f64 / wall.as_secs_f64());

    // --- Fallbacks: every failure is a Drawn::Fallback ---
    let (url, fv) = fixture("home");
    let show = |what: &str, d: Drawn| match d {
        Drawn::React { head, body } => println!("fallback check, {what}: React ({} + {} chars)", head.len(), body.len()),
        Drawn::Fallback(f) => println!("fallback check, {what}: Fallback({f})"),
    };
    show("home page", ssr.render(&url, &fv));
    show("malformed first view", ssr.render(&url, "{not json"));
    show("a route the server does not draw (/admin)", ssr.render("/admin", &fv));
    show("empty first view (home)", ssr.render("/", "{}"));
    let again = ssr.try_render(&url, &fv).unwrap();
    println!("fallback check, home page again after those: byte-identical to before: {}", again == fs::read_to_string(format!("/work/spike/out/home.{tag}.html")).unwrap());
    // A render that never ends: interrupted at the budget, and the runtime given up.
    let mut slow = Ssr::new(&shims, Bundle::Source(&bundle), Limits { render_budget: Duration::from_millis(100), ..limits }).unwrap();
    slow.eval_global("const real = JSON.parse; JSON.parse = (t) => { if (t === '{\"hang\":1}') for (;;) {} return real(t); };").unwrap();
    let t = Instant::now();
    show("a render stuck in a loop (budget 100 ms)", slow.render("/", "{\"hang\":1}"));
    println!("  ... returned after {:.1} ms; runtime poisoned: {}", ms(t.elapsed()), slow.is_poisoned());
    show("the next render on that runtime", slow.render(&url, &fv));
    // Memory: a runtime limited to 24 MiB, asked to build far more.
    let mut small = Ssr::new(&shims, Bundle::Source(&bundle), Limits { memory: 24 << 20, ..limits }).unwrap();
    small.eval_global("const real2 = JSON.parse; JSON.parse = (t) => { if (t === '{\"big\":1}') { const a = []; for (;;) a.push(new Array(1e5).fill(1)); } return real2(t); };").unwrap();
    show("a render over the memory limit (24 MiB)", small.render("/", "{\"big\":1}"));
    show("the next render on that runtime", small.render(&url, &fv));
    // The bundle itself failing to load.
    match Ssr::new(&shims, Bundle::Source("export const render = ;"), limits) {
        Ok(_) => println!("fallback check, broken bundle: loaded?!"),
        Err(f) => println!("fallback check, broken bundle: Ssr::new -> Err({f}): every page falls back"),
    }
}
