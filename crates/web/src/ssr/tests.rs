//! The render threads over small bundles written here, shaped as the app's (`ready`, `render`):
//! what a page gets when the bundle draws, throws, leaves a boundary to the browser, runs too
//! long or does not load. The app's own bundle is rendered in the e2e suite
//! (frontend/e2e/first-view.test.mjs), over the demo shop.

use std::path::PathBuf;
use std::time::Duration;

use super::*;

/// A bundle like the app's: its routes arrive in a later job, `render` draws from the first
/// view, and the first view can ask it to fail in each way a real render can.
const BUNDLE: &str = r#"
let loaded = false;
Promise.resolve().then(() => { loaded = true; });
export const ready = () => loaded;
export function render(url, json) {
  const view = JSON.parse(json);
  if (view.fail) throw new Error('the bundle failed');
  if (view.spin) for (;;) {}
  if (view.busyFor) { const until = Date.now() + view.busyFor; while (Date.now() < until) {} }
  if (view.suspended) return '<div class="app-shell"><!--$!--><template></template><!--/$--></div>';
  const price = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  return '<link rel="preload" as="image" href="/p.webp" fetchPriority="high"/><title>' + view.name + '</title>' +
    '<div class="app-shell"><h1>' + view.name + '</h1><p>' + price.format(view.rupees) + '</p><a href="' + url + '">here</a></div>';
}
"#;

fn bundle_file(name: &str, source: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paduka-ssr-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("entry-server.js");
    std::fs::write(&path, source).unwrap();
    path
}

fn renderer(name: &str, limits: Limits) -> Renderer {
    Renderer::start(
        &bundle_file(name, BUNDLE),
        1,
        limits,
        Duration::from_secs(5),
    )
}

async fn draw(renderer: &Renderer, view: &str) -> Result<Drawn, Failure> {
    renderer
        .render("/product/p-1".into(), view.into())
        .within(Duration::from_secs(5))
        .await
}

#[tokio::test]
async fn a_page_is_drawn_with_what_react_hoists_for_the_head_and_the_rest_for_the_root() {
    let renderer = renderer("draws", Limits::default());
    assert!(renderer.is_running());
    let drawn = draw(&renderer, r#"{"name":"Mojari","rupees":100000}"#)
        .await
        .unwrap();
    assert_eq!(
        drawn.head, r#"<link rel="preload" as="image" href="/p.webp" fetchPriority="high"/>"#,
        "the preloads, not the title (the page's head writes it)"
    );
    // The shims' en-IN rupees, as the browser's Intl writes them.
    assert_eq!(
        drawn.body,
        r#"<div class="app-shell"><h1>Mojari</h1><p>₹1,00,000</p><a href="/product/p-1">here</a></div>"#
    );
}

#[tokio::test]
async fn a_bundle_that_throws_gives_a_failure_and_the_next_page_is_drawn() {
    let renderer = renderer("throws", Limits::default());
    let failure = draw(&renderer, r#"{"fail":true}"#).await.unwrap_err();
    assert!(
        matches!(&failure, Failure::Exception(m) if m.contains("the bundle failed")),
        "{failure}"
    );
    assert!(failure.is_lasting());
    assert!(
        draw(&renderer, r#"{"name":"Jutti","rupees":1}"#)
            .await
            .is_ok()
    );
    // A first view that is not JSON is the bundle's exception too.
    assert!(matches!(
        draw(&renderer, "{").await,
        Err(Failure::Exception(_))
    ));
}

#[tokio::test]
async fn a_boundary_left_for_the_browser_is_not_a_drawn_page() {
    let renderer = renderer("suspends", Limits::default());
    assert_eq!(
        draw(&renderer, r#"{"suspended":true}"#).await,
        Err(Failure::Incomplete)
    );
}

#[tokio::test]
async fn a_render_that_never_ends_is_interrupted_and_its_runtime_replaced() {
    let limits = Limits {
        interrupt_after: Duration::from_millis(100),
        ..Limits::default()
    };
    let renderer = renderer("spins", limits);
    assert_eq!(
        draw(&renderer, r#"{"spin":true}"#).await,
        Err(Failure::Timeout)
    );
    // The thread loads a new runtime, then draws again.
    let drawn = draw(&renderer, r#"{"name":"Kolhapuri","rupees":2499}"#)
        .await
        .unwrap();
    assert!(drawn.body.contains("₹2,499"));
}

#[tokio::test]
async fn a_render_past_the_wait_is_late_and_can_still_be_finished() {
    let renderer = renderer("late", Limits::default());
    let mut pending = renderer.render(
        "/".into(),
        r#"{"busyFor":300,"name":"Late","rupees":5}"#.into(),
    );
    assert_eq!(
        pending.within(Duration::from_millis(20)).await,
        Err(Failure::Late)
    );
    assert!(!Failure::Late.is_lasting());
    let drawn = pending.finish().await.unwrap();
    assert!(drawn.body.contains("<h1>Late</h1>"));
}

#[tokio::test]
async fn a_missing_or_broken_bundle_leaves_every_page_plain() {
    let missing = Renderer::start(
        &std::env::temp_dir().join("paduka-ssr-none/entry-server.js"),
        1,
        Limits::default(),
        Renderer::WAIT,
    );
    assert!(!missing.is_running());
    assert_eq!(
        missing
            .render("/".into(), "{}".into())
            .within(Renderer::WAIT)
            .await,
        Err(Failure::Unavailable)
    );
    let broken = Renderer::start(
        &bundle_file("broken", "export function render( {"),
        1,
        Limits::default(),
        Renderer::WAIT,
    );
    assert!(!broken.is_running());
    let not_ready = Renderer::start(
        &bundle_file(
            "not-ready",
            "export const ready = () => false; export const render = () => '';",
        ),
        1,
        Limits::default(),
        Renderer::WAIT,
    );
    assert!(!not_ready.is_running());
}

#[test]
fn the_engine_is_usable_after_a_failure_inside_it() {
    let mut engine = Engine::new(BUNDLE, Limits::default()).unwrap();
    // A global the app relies on broken by the page: that render fails, the runtime stays.
    engine
        .eval("globalThis.savedIntl = Intl; Intl = undefined;")
        .unwrap();
    assert!(engine.render("/", r#"{"name":"A","rupees":1}"#).is_err());
    engine.eval("Intl = globalThis.savedIntl;").unwrap();
    assert!(engine.render("/", r#"{"name":"A","rupees":1}"#).is_ok());
    assert!(!engine.is_given_up());
}

#[tokio::test]
async fn a_full_queue_is_busy_for_now_not_a_lasting_failure() {
    let renderer = renderer("busy", Limits::default());
    // One thread kept busy, then the queue filled behind it.
    let mut running = vec![renderer.render(
        "/".into(),
        r#"{"busyFor":400,"name":"A","rupees":1}"#.into(),
    )];
    tokio::time::sleep(Duration::from_millis(50)).await;
    for _ in 0..Renderer::QUEUE {
        running.push(renderer.render("/".into(), r#"{"name":"B","rupees":1}"#.into()));
    }
    let failure = renderer
        .render("/".into(), r#"{"name":"C","rupees":1}"#.into())
        .within(Duration::from_secs(1))
        .await
        .unwrap_err();
    assert_eq!(failure, Failure::Busy);
    assert!(!failure.is_lasting());
    for pending in running {
        assert!(pending.finish().await.is_ok());
    }
}
