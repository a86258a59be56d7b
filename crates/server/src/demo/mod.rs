//! Demo data: a shop that looks real on first run, loaded only into an empty database.

pub mod catalog;
pub mod pictures;

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use anyhow::Context;
use chrono::{DateTime, Duration, Utc};
use paduka_application::accounts::{Admin, Principal};
use paduka_application::orders::{
    Invoicing, NewOrder, NewOrderLine, OrderRepository, Placement, StockChange,
};
use paduka_domain::catalog::{CategoryDraft, ColourInput, Image, Product, ProductInput, media_url};
use paduka_domain::contact::Email;
use paduka_domain::coupon::CouponTerms;
use paduka_domain::money::{PricedLine, order_amount_rupees};
use paduka_domain::order::{OrderLine, OrderStatus};
use paduka_domain::review::{ReviewDraft, UserRef};
use paduka_domain::sale::SaleDraft;
use paduka_domain::user::{Role, User};
use paduka_domain::{OrderId, Percent, State, UserId};
use paduka_persistence::DieselOrderRepository;

use crate::startup::Services;
use catalog::{CATEGORIES, PRODUCTS, colours_of, sizes};
use pictures::{Palette, View, category_webp, shoe_png, shoe_webp};

pub const ADMIN_EMAIL: &str = "admin@paduka.local";
pub const ADMIN_PASSWORD: &str = "paduka-admin";
pub const SHOPPER_EMAIL: &str = "shopper@paduka.local";
pub const SHOPPER_PASSWORD: &str = "paduka-shopper";

/// Pictures are this many pixels square.
const PICTURE_SIZE: u32 = 600;

/// What was loaded.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DemoSummary {
    pub categories: usize,
    pub products: usize,
}

/// Loads the demo shop when the database is empty: the admin and shopper accounts, five
/// categories, `product_count` products (the first two dozen are the catalog; beyond that
/// numbered copies, for benchmarks), a few reviews and a sale running now.
/// Returns `None`, changing nothing, when the database already holds users or products.
pub async fn load_if_empty(
    services: &Services,
    product_count: usize,
) -> anyhow::Result<Option<DemoSummary>> {
    // Held from the check to the last insert, so instances starting together on an empty
    // database load the demo shop once, not once each.
    let database = services.database.clone();
    let _seeding = tokio::task::spawn_blocking(move || database.startup_lock())
        .await
        .context("the start-up lock task failed")??;
    if !services.database.is_empty().await? {
        return Ok(None);
    }
    load(services, product_count).await.map(Some)
}

async fn load(services: &Services, product_count: usize) -> anyhow::Result<DemoSummary> {
    let api = &services.api;
    let (admin, _) = api
        .auth
        .create_admin(
            ADMIN_EMAIL,
            "Paduka Admin",
            ADMIN_PASSWORD,
            "9876543210",
            "Paduka HQ, 12 MG Road, Bengaluru 560001",
        )
        .await
        .context("creating the demo admin")?;
    let admin = Admin::trusted(&admin);
    let now = chrono::Utc::now();
    let shopper = api
        .auth
        .create_user_directly(
            User {
                id: UserId::new(uuid::Uuid::now_v7().to_string()),
                name: "Asha Verma".into(),
                email: Email::parse(SHOPPER_EMAIL)?,
                phone: "9123456780".into(),
                address: "14 Civil Lines, Mathura, Uttar Pradesh".into(),
                role: Role::Shopper,
                password_hash: String::new(),
                created_at: now,
                updated_at: now,
            },
            SHOPPER_PASSWORD,
        )
        .await
        .context("creating the demo shopper")?;

    let catalog = &api.catalog;
    // Every picture is stored as an admin's upload would be: through the photo use cases.
    let prepared = |bytes: Vec<u8>| api.photos.prepare_upload(&admin, bytes);
    let mut category_ids = Vec::new();
    for category in &CATEGORIES {
        let picture = prepared(category_webp(
            category.silhouette,
            category.palette,
            PICTURE_SIZE / 2,
        ))
        .await?;
        let image = catalog.store_image(&admin, picture).await?;
        let draft = CategoryDraft::parse(Some(category.name), Some(&media_url(&image)))?;
        category_ids.push(catalog.create_category(&admin, draft).await?.id);
    }

    // Each of the 24 designs is drawn once; numbered copies share its pictures.
    let mut drawn: HashMap<usize, (Image, Vec<String>)> = HashMap::new();
    let mut created = Vec::new();
    for index in 0..product_count {
        let design_index = index % PRODUCTS.len();
        let design = &PRODUCTS[design_index];
        if let Entry::Vacant(slot) = drawn.entry(design_index) {
            let photo = prepared(product_photo(design)).await?;
            let mut gallery = Vec::new();
            for view in [View::Mirrored, View::Detail, View::Pair] {
                let picture = prepared(shoe_webp(
                    design.silhouette,
                    design.palette,
                    view,
                    PICTURE_SIZE,
                ))
                .await?;
                gallery.push(media_url(&catalog.store_image(&admin, picture).await?));
            }
            slot.insert((photo, gallery));
        }
        let (photo, gallery) = &drawn[&design_index];
        let copy = index / PRODUCTS.len();
        let sizes_of_design = design.discounts.len();
        // The numbered copies made for benchmarks keep one colour.
        let colours = if copy == 0 {
            colours_of(design.name)
        } else {
            &[]
        };
        let mut colour_inputs = Vec::new();
        for colour in colours {
            let palette = Palette {
                upper: colour.upper,
                ..design.palette
            };
            let mut photos = Vec::new();
            for view in [View::Side, View::Mirrored] {
                let picture = if view == View::Side {
                    shoe_png(design.silhouette, palette, view, PICTURE_SIZE)
                } else {
                    shoe_webp(design.silhouette, palette, view, PICTURE_SIZE)
                };
                let stored = catalog
                    .store_image(&admin, prepared(picture).await?)
                    .await?;
                photos.push(media_url(&stored));
            }
            colour_inputs.push(ColourInput {
                name: colour.name.to_owned(),
                hex: Some(format!("#{:06X}", colour.upper)),
                photos,
            });
        }
        let colour_count = colours.len().max(1);
        let repeat = |list: Vec<String>| -> Vec<String> {
            (0..colour_count).flat_map(|_| list.clone()).collect()
        };
        let stocks = if copy != 0 {
            Vec::new()
        } else if colours.is_empty() {
            stock_per_size(design_index, design.quantity, sizes_of_design)
        } else {
            (0..colours.len())
                .flat_map(|k| {
                    let mut stock =
                        stock_per_size(design_index + k, design.quantity, sizes_of_design);
                    // The last colour's largest size is sold out: a shopper meets a greyed size.
                    if k + 1 == colours.len()
                        && let Some(last) = stock.last_mut()
                    {
                        *last = "0".to_owned();
                    }
                    stock
                })
                .collect()
        };
        let input = ProductInput {
            product_code: Some(format!("PDK-{:04}", index + 1)),
            name: Some(if copy == 0 {
                design.name.to_owned()
            } else {
                format!("{} {}", design.name, copy + 1)
            }),
            info: Some(design.info.into()),
            types: repeat(sizes(sizes_of_design, design_index % 3)),
            models: Vec::new(),
            descriptions: split(design.description),
            specifications: split(design.specifications),
            material: Some(design.material.into()),
            tags: split(design.tags),
            prices: repeat(
                (0..sizes_of_design)
                    .map(|i| (design.price + design.size_step * i as u32).to_string())
                    .collect(),
            ),
            discounts: repeat(design.discounts.iter().map(u8::to_string).collect()),
            sale_prices: Vec::new(),
            seller: None,
            category: Some(category_ids[design.category].to_string()),
            quantity: Some(design.quantity.to_string()),
            // The catalog's own designs keep stock per size (some sold out, some nearly);
            // the numbered copies made for benchmarks keep one pool.
            stocks,
            shipping: Some("true".into()),
            // Textile uppers are heading 6404; leather ones the shop's default, 6403.
            hsn: ["canvas", "mesh", "knit"]
                .iter()
                .any(|textile| design.material.to_lowercase().contains(textile))
                .then(|| "6404".to_owned()),
            other_photos: gallery.clone(),
            published: None,
            variant_colors: colours
                .iter()
                .flat_map(|c| std::iter::repeat_n(c.name.to_owned(), sizes_of_design))
                .collect(),
            colors: (!colour_inputs.is_empty()).then_some(colour_inputs),
            size_chart: None,
        };
        let product = catalog
            .create_product(&admin, input, Some(photo.clone()))
            .await
            .with_context(|| format!("creating demo product {}", design.name))?;
        created.push(product);
    }

    let shopper = Principal::of(&shopper);
    let reviews = [
        (0, 5, "Wore them all week in Mumbai. Super comfortable!"),
        (0, 4, "Good fit, true to size."),
        (5, 5, "Held on great on the wet Ooty trails."),
        (10, 4, "Smart and polished, needed a day to break in."),
    ];
    for (product_index, rating, comment) in reviews {
        if let Some(product) = created.get(product_index) {
            let draft = ReviewDraft::parse(Some(rating), Some(comment))?;
            catalog.add_review(&shopper, &product.id, draft).await?;
        }
    }

    let sale = SaleDraft {
        name: "Winter Footwear".into(),
        start: now - Duration::days(1),
        end: now + Duration::days(30),
        discount: Percent::new(20)?,
    };
    api.sales.create(&admin, sale).await?;

    let welcome = CouponTerms::parse(
        WELCOME_COUPON,
        "percent",
        10,
        0,
        now - Duration::days(1),
        now + Duration::days(365),
        None,
        Some(1),
    )?;
    api.coupons.create(&admin, welcome).await?;

    let orders = DieselOrderRepository::new(services.database.clone());
    past_orders(
        &orders,
        &services.invoicing,
        &shopper,
        &created[..created.len().min(PRODUCTS.len())],
        now,
    )
    .await
    .context("placing the demo shopper's past orders")?;

    Ok(DemoSummary {
        categories: category_ids.len(),
        products: created.len(),
    })
}

/// The demo coupon: 10 % off, once per shopper, for a year from the first start.
pub const WELCOME_COUPON: &str = "WELCOME10";

/// Past orders: one every other day or so over the last month, from the demo shopper.
const PAST_ORDERS: i64 = 16;

/// A month of the demo shopper's orders, so the admin overview's chart and figures show
/// something on first run: delivered when older than a week, confirmed within it, the last
/// two pending, and one cancelled. Placed through the order repository as checkout would
/// (stock taken), dated in the past, without payments behind them.
async fn past_orders(
    orders: &DieselOrderRepository,
    invoicing: &Invoicing,
    shopper: &Principal,
    products: &[Product],
    now: DateTime<Utc>,
) -> anyhow::Result<()> {
    if products.is_empty() {
        return Ok(());
    }
    let buyer = UserRef::new(shopper.user_id.clone(), shopper.name.clone());
    for n in 0..PAST_ORDERS {
        let product = &products[(n as usize * 5) % products.len()];
        // The size with the most pairs, so the sold-out and nearly sold-out sizes stay so.
        let Some(index) = (0..product.variants.len()).max_by_key(|&i| product.available(i)) else {
            continue;
        };
        let variant = &product.variants[index];
        let quantity = 1 + u32::try_from(n % 2)?;
        if product.available(index) < quantity + 1 {
            continue;
        }
        let at = now - Duration::days(30 - 2 * n) - Duration::hours(3 * n);
        let amount = order_amount_rupees(&[PricedLine {
            sale_price: variant.sale_price,
            quantity,
        }]);
        let index_u32 = u32::try_from(index)?;
        let order = NewOrder {
            id: OrderId::new(uuid::Uuid::now_v7().to_string()),
            user: buyer.clone(),
            address: "14 Civil Lines, Mathura, Uttar Pradesh".into(),
            pincode: "281001".into(),
            state: State::UttarPradesh,
            invoice_prefix: invoicing.prefix().clone(),
            amount_rupees: amount,
            charge: Default::default(),
            coupon: None,
            cod: None,
            credit: paduka_application::orders::OrderCredit::None,
            payment_id: format!("demo_pay_{n}"),
            provider_order_id: format!("demo_order_{n}"),
            lines: vec![NewOrderLine {
                line: OrderLine {
                    product: product.id.clone(),
                    name: product.name.clone(),
                    category_name: product.category.name.clone(),
                    variant_label: variant.size_label().map(str::to_owned),
                    color: variant.color.clone(),
                    unit_price: variant.price,
                    discount: variant.discount(),
                    sale_price: variant.sale_price,
                    quantity,
                    tax: Some(invoicing.line_tax(product.hsn.as_ref(), variant.sale_price)),
                    held_by_returns: 0,
                },
                variant_index: index_u32,
            }],
            actor: Some(shopper.user_id.clone()),
            whatsapp: false,
            at,
            low_stock_threshold: 0,
        };
        let stock = StockChange {
            product: product.id.clone(),
            variant: product.tracks_sizes().then_some(index_u32),
            name: product.name.clone(),
            size: variant.size_label().map(str::to_owned),
            quantity,
        };
        let placed = match orders.place(&order, &[stock]).await? {
            Placement::Placed { order, .. } | Placement::Existing(order) => order,
        };
        let days_ago = (now - at).num_days();
        let later = at + Duration::hours(20);
        if n == 3 {
            orders.cancel(&placed.id, None, later).await?;
        } else if days_ago > 7 {
            orders
                .set_status(&placed.id, OrderStatus::Confirmed, None, later)
                .await?;
            orders
                .set_status(
                    &placed.id,
                    OrderStatus::Delivered,
                    None,
                    later + Duration::days(3),
                )
                .await?;
        } else if n < PAST_ORDERS - 2 {
            orders
                .set_status(&placed.id, OrderStatus::Confirmed, None, later)
                .await?;
        }
    }
    Ok(())
}

/// The demo stock of each size of a design: its pairs spread over the sizes (at least 8 a
/// size, so the month of past orders leaves them above the low-stock line), with a few sizes
/// sold out and a few nearly so, so a new shopper meets `Sold out` and `Only 2 left`, and the
/// overview's low-stock list has a handful of entries.
fn stock_per_size(design_index: usize, pairs: u32, sizes: usize) -> Vec<String> {
    let sizes_u32 = u32::try_from(sizes).unwrap_or(1).max(1);
    let mut stock: Vec<u32> = vec![(pairs / sizes_u32).max(8); sizes];
    if sizes > 1 && design_index.is_multiple_of(6) {
        stock[sizes - 1] = 0;
    }
    if design_index % 8 == 3 {
        stock[0] = 2;
    }
    stock.iter().map(u32::to_string).collect()
}

/// A design's product photo as drawn, before it is stored.
fn product_photo(design: &catalog::DemoProduct) -> Vec<u8> {
    shoe_png(design.silhouette, design.palette, View::Side, PICTURE_SIZE)
}

/// Every demo design's product photo as drawn (PNG), for measuring what storage makes of them.
pub fn product_photos() -> Vec<Vec<u8>> {
    PRODUCTS.iter().map(product_photo).collect()
}

fn split(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().to_owned()).collect()
}
