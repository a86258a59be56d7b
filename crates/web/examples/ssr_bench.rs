//! The drawn pages' cost (decisions D32; `just bench-ssr`, figures in docs/performance.md): the
//! home, a category, a product and a search page made by [`Previews`] over a catalog of 24
//! products shaped as the demo shop's, drawn by the app's own server bundle
//! (`frontend/dist/server/entry-server.js`, `npm run build`) on the server's render threads.
//!
//! - cold: the catalog's revision moves before every request, so each is a page not kept: the
//!   first view made, the page rendered in QuickJS, written into the shell and compressed;
//! - cached: the same revision, so each is the kept page.
//!
//! The catalog is an in-memory mock (no database) and no HTTP is involved: what is left is the
//! web adapter's own work. `SSR_BENCH_RUNS` (default 300) requests per page and mode.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use paduka_application::catalog::{CatalogError, MockCatalogUseCases, ProductPage};
use paduka_domain::catalog::{Category, CategoryRef, Handle, Product, ProductRating, Variant};
use paduka_domain::{CategoryId, Paise, Percent, ProductId};
use paduka_web::Previews;
use paduka_web::ssr::{Limits, Renderer};

const INDEX_HTML: &str = "frontend/dist/index.html";
const BUNDLE: &str = "frontend/dist/server/entry-server.js";

fn product(n: usize) -> Product {
    let name = format!("Demo Shoe {n} Classic");
    let variant = |label: &str, paise: i64, stock: u32| Variant {
        color: String::new(),
        label: Some(label.into()),
        model: None,
        price: Paise::from_stored(paise),
        sale_price: Paise::from_stored(paise)
            .discounted(Percent::new((n % 4) as i64 * 10).unwrap()),
        stock: Some(stock),
    };
    Product {
        id: ProductId::new(format!("01a223bc-0000-7000-8000-{n:012}")),
        product_code: format!("PDK-{n:03}"),
        handle: Handle::from_name(&name),
        name,
        info: "Hand-stitched leather upper on a cushioned sole, made for long days".into(),
        variants: ["UK 6", "UK 7", "UK 8", "UK 9", "UK 10"]
            .iter()
            .enumerate()
            .map(|(i, size)| variant(size, 129_900 + 10_000 * n as i64, (i as u32 + n as u32) % 4))
            .collect(),
        descriptions: vec!["Soft sole".into(), "Breathable lining".into()],
        specifications: vec!["Leather upper".into(), "Rubber sole".into()],
        material: "Leather".into(),
        tags: vec!["classic".into()],
        seller: None,
        category: CategoryRef {
            id: CategoryId::new(format!("c-{}", n % 5)),
            name: format!("Category {}", n % 5),
        },
        quantity: 12,
        shipping: true,
        other_photos: vec!["/api/v1/media/01K00000000000000000000001".into()],
        colors: vec![],
        hsn: None,
        published: true,
        size_chart: None,
        has_photo: true,
        photo_version: Some(format!("v{n:04}")),
        rating: ProductRating {
            total_stars: 9,
            reviews: 2,
        },
        created_at: Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap(),
        updated_at: Utc.with_ymd_and_hms(2026, 1, 2, 0, 0, 0).unwrap(),
    }
}

fn catalog(products: Vec<Product>, revision: Arc<AtomicU64>) -> MockCatalogUseCases {
    let mut catalog = MockCatalogUseCases::new();
    catalog
        .expect_revision()
        .returning(move || revision.load(Ordering::Relaxed));
    let listed = products.clone();
    catalog.expect_list_products().returning(move |query| {
        let products: Vec<Product> = listed
            .iter()
            .filter(|p| query.categories.is_empty() || query.categories.contains(&p.category.id))
            .take(24)
            .cloned()
            .collect();
        Ok(ProductPage {
            total: products.len() as u64,
            products,
            price_ceiling: Paise::from_stored(500_000),
            ..ProductPage::default()
        })
    });
    let featured = products.clone();
    catalog
        .expect_featured_products()
        .returning(move || Ok(featured.iter().take(5).cloned().collect()));
    catalog.expect_categories().returning(|| {
        Ok((0..5)
            .map(|n| Category {
                id: CategoryId::new(format!("c-{n}")),
                name: format!("Category {n}"),
                image: format!("/api/v1/media/category-{n}"),
            })
            .collect())
    });
    catalog.expect_product().returning(move |id, _| {
        products
            .iter()
            .find(|p| &p.id == id)
            .cloned()
            .ok_or(CatalogError::ProductNotFound)
    });
    catalog
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let at = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[at].as_secs_f64() * 1000.0
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let index = std::fs::read_to_string(root.join(INDEX_HTML))
        .expect("frontend/dist/index.html: run `npm run build` in frontend/ first");
    let runs: usize = std::env::var("SSR_BENCH_RUNS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
    let bundle = root.join(BUNDLE);
    let size = std::fs::metadata(&bundle).map_or(0, |m| m.len());
    // As the server waits for a render, but long enough that every render counts here.
    let renderer = Renderer::start(&bundle, threads, Limits::default(), Duration::from_secs(5));
    assert!(renderer.is_running(), "the server bundle did not load");
    let revision = Arc::new(AtomicU64::new(1));
    let products: Vec<Product> = (0..24).map(product).collect();
    let previews = Previews::new(
        Some(&index),
        "https://paduka.example",
        Arc::new(catalog(products, revision.clone())),
        Arc::new(renderer),
    );
    println!(
        "== drawn pages: bundle {} KB, {threads} render threads, {runs} requests a page and mode; load average {}",
        size / 1024,
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim()
    );
    println!(
        "| page | cold p50 (ms) | cold p99 (ms) | cached p50 (µs) | cached p99 (µs) | bytes |"
    );
    println!("|------|-----:|-----:|-----:|-----:|-----:|");
    let product = ProductId::new(format!("01a223bc-0000-7000-8000-{:012}", 3));
    for page in ["home", "category", "product", "search"] {
        let make = || async {
            match page {
                "home" => previews.home().await,
                "category" => previews.category(&CategoryId::new("c-1")).await,
                "product" => previews.product(&product, None).await,
                _ => previews.search("classic").await.map(Option::unwrap),
            }
        };
        let mut bytes = 0;
        let (mut cold, mut cached) = (Vec::with_capacity(runs), Vec::with_capacity(runs));
        for _ in 0..runs {
            revision.fetch_add(1, Ordering::Relaxed);
            let started = Instant::now();
            let made = make().await.expect("the page");
            cold.push(started.elapsed());
            if let paduka_web::Page::Found(found) = made {
                bytes = found.identity().len();
                assert!(
                    std::str::from_utf8(found.identity())
                        .unwrap()
                        .contains(r#"<div id="root"><div class="app-shell""#),
                    "{page}: not drawn (the plain shell: a render past the wait or a failure)"
                );
            }
        }
        for _ in 0..runs {
            let started = Instant::now();
            make().await.expect("the page");
            cached.push(started.elapsed());
        }
        cold.sort();
        cached.sort();
        println!(
            "| {page} | {:.1} | {:.1} | {:.1} | {:.1} | {bytes} |",
            percentile(&cold, 0.5),
            percentile(&cold, 0.99),
            percentile(&cached, 0.5) * 1000.0,
            percentile(&cached, 0.99) * 1000.0
        );
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        let line = |key: &str| {
            status
                .lines()
                .find(|l| l.starts_with(key))
                .map_or(String::new(), |l| l[key.len()..].trim().to_owned())
        };
        println!(
            "process memory: resident {}, peak {}",
            line("VmRSS:"),
            line("VmHWM:")
        );
    }
}
