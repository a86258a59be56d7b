//! The checkout load (`just bench-checkout`): shoppers paying for one pair each, as fast as
//! the shop takes them, through the sandbox: `POST /payment/{amount}` with the cart, the
//! sandbox's Pay, `POST /order/cart`. Requests go round-robin over every instance given, as a
//! load balancer would send them. Afterwards every order is checked: stock taken equals
//! orders placed equals orders acknowledged.
//!
//! ```text
//! checkout_load run BASE_URL[,BASE_URL...] OUTBOX_DIR SHOPPERS SECONDS [RECORD_FILE]
//! checkout_load verify BASE_URL RECORD_FILE
//! checkout_load history BASE_URL OUTBOX_DIR SERVER_PID PAST_ORDERS SECONDS
//! ```
//!
//! `history` measures whether checkout grows dearer with the shopper's own past orders
//! (decisions D18): ONE account pays with 8 requests at a time for SECONDS, then places orders
//! until it has PAST_ORDERS, then pays for SECONDS again. For each measured phase it reads the
//! server process's CPU time (user + system, `/proc/SERVER_PID/stat`, all threads) before and
//! after and divides by the orders placed: the load generator shares the cores, but cannot
//! change what the server itself spent.
//!
//! `run` with `CHECKOUT_SERVER_PIDS` (the servers' process ids, comma-separated) also reports
//! the servers' CPU per acknowledged order over the load (`server_cpu_ms_per_order`, as
//! `history` measures it), which the load generator on the same cores cannot skew.
//!
//! With a record file, `run` writes the product and each acknowledged order's id there as it
//! goes, so that after a `kill -9` of the server and a restart, `verify` can check that every
//! acknowledged order is there and the stock taken matches the orders placed.
//!
//! The shop must have the demo admin (`admin@paduka.local`) and at least one category;
//! shoppers are registered through the API with the codes mailed to `OUTBOX_DIR` (the first
//! instance's `DATA_DIR/outbox`). Prints one JSON line of figures.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

const PRICE_RUPEES: i64 = 999;
const STOCK: i64 = 1_000_000;
const PASSWORD: &str = "bench-shopper-password";

type Result<T> = std::result::Result<T, Box<dyn std::error::Error + Send + Sync>>;

struct Shop {
    client: Client,
    bases: Vec<String>,
    next: AtomicUsize,
}

impl Shop {
    /// The next instance, round-robin.
    fn base(&self) -> &str {
        &self.bases[self.next.fetch_add(1, Ordering::Relaxed) % self.bases.len()]
    }

    async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Result<(StatusCode, Value)> {
        let url = format!("{}/api/v1{path}", self.base());
        let mut request = self.client.request(method.parse()?, url);
        if let Some(token) = token {
            request = request.header("Authorization", token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let reply = request.send().await?;
        let status = reply.status();
        let body = reply.json::<Value>().await.unwrap_or(Value::Null);
        Ok((status, body))
    }

    async fn ok(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Result<Value> {
        let (status, body) = self.call(method, path, token, body).await?;
        if !status.is_success() {
            return Err(format!("{method} {path}: {status} {body}").into());
        }
        Ok(body)
    }

    async fn login(&self, email: &str, password: &str) -> Result<String> {
        let body = self
            .ok(
                "POST",
                "/auth/login",
                None,
                Some(json!({"email": email, "password": password})),
            )
            .await?;
        Ok(body["token"].as_str().ok_or("no token")?.to_owned())
    }
}

/// The code mailed to `email`: the newest `.eml` in the outbox addressed to it.
fn mailed_code(outbox: &std::path::Path, email: &str) -> Option<String> {
    let mut mails: Vec<_> = std::fs::read_dir(outbox)
        .ok()?
        .filter_map(|entry| entry.ok())
        .filter_map(|entry| {
            let text = std::fs::read_to_string(entry.path()).ok()?;
            let modified = entry.metadata().ok()?.modified().ok()?;
            text.contains(email).then_some((modified, text))
        })
        .collect();
    mails.sort_by_key(|(modified, _)| *modified);
    let (_, text) = mails.pop()?;
    text.lines()
        .map(str::trim)
        .find(|line| line.len() == 6 && line.bytes().all(|b| b.is_ascii_digit()))
        .map(str::to_owned)
}

async fn register(shop: &Shop, outbox: &std::path::Path, n: usize, run: u64) -> Result<String> {
    let email = format!("bench-{run}-{n}@shop.test");
    let mut form = json!({
        "email": email, "password": PASSWORD, "name": format!("Bench Shopper {n}"),
        "phone": "9876543210", "address": "1 Bench Road, Raipur", "otp": null,
    });
    shop.ok("POST", "/auth/register", None, Some(form.clone()))
        .await?;
    let mut code = None;
    for _ in 0..100 {
        code = mailed_code(outbox, &email);
        if code.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    form["otp"] = json!(code.ok_or("no code mailed")?);
    shop.ok("POST", "/auth/register", None, Some(form)).await?;
    shop.login(&email, PASSWORD).await
}

/// One checkout: the placed order's id, or `None` when the shop refused it.
async fn checkout(shop: &Shop, token: &str, product: &str) -> Result<Option<String>> {
    let products = json!([{"_id": product, "productno": 0, "quantity": 1}]);
    let (address, pincode) = ("1 Bench Road, Raipur", "492001");
    let payment = shop
        .ok(
            "POST",
            &format!("/payment/{PRICE_RUPEES}"),
            Some(token),
            Some(json!({"products": products, "address": address, "pincode": pincode})),
        )
        .await?;
    let paid = shop
        .ok(
            "POST",
            "/payment/sandbox/pay",
            Some(token),
            Some(json!({"orderId": payment["id"]})),
        )
        .await?;
    let (status, body) = shop
        .call(
            "POST",
            "/order/cart",
            Some(token),
            Some(json!({
                "products": products, "address": address, "pincode": pincode,
                "amount": PRICE_RUPEES,
                "paymentId": paid["razorpay_payment_id"],
                "orderId": paid["razorpay_order_id"],
                "signature": paid["razorpay_signature"],
            })),
        )
        .await?;
    Ok((status == StatusCode::CREATED)
        .then(|| body["order"]["_id"].as_str().map(str::to_owned))
        .flatten())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

async fn stock(shop: &Shop, product: &str) -> Result<i64> {
    let body = shop
        .ok(
            "GET",
            &format!("/product/get-product/{product}"),
            None,
            None,
        )
        .await?;
    body["product"]["quantity"]
        .as_i64()
        .ok_or_else(|| "no quantity".into())
}

/// Orders of `product` the shop holds, by id.
async fn orders_of(shop: &Shop, admin: &str, product: &str) -> Result<Vec<String>> {
    let orders = shop
        .ok("GET", "/order/get-all-orders", Some(admin), None)
        .await?;
    Ok(orders["orders"]
        .as_array()
        .ok_or("no orders")?
        .iter()
        .filter(|o| o["products"].to_string().contains(product))
        .filter_map(|o| o["_id"].as_str().map(str::to_owned))
        .collect())
}

#[tokio::main]
async fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["run", bases, outbox, shoppers, seconds, record @ ..] => {
            run(
                bases,
                outbox,
                shoppers.parse()?,
                seconds.parse()?,
                record.first().copied(),
            )
            .await
        }
        ["verify", base, record] => verify(base, record).await,
        ["history", base, outbox, pid, past, seconds] => {
            history(base, outbox, pid.parse()?, past.parse()?, seconds.parse()?).await
        }
        _ => Err(
            "usage: checkout_load run BASES OUTBOX SHOPPERS SECONDS [RECORD] | verify BASE RECORD \
             | history BASE OUTBOX SERVER_PID PAST_ORDERS SECONDS"
                .into(),
        ),
    }
}

/// Signs in as the demo admin and creates a product with stock for every order a run can
/// place, in the first category: the admin's token and the product's id.
async fn bench_product(first: &Shop, run: u64) -> Result<(String, String)> {
    // A product with stock for every order the run can place, in the first category.
    let admin = first.login("admin@paduka.local", "paduka-admin").await?;
    let categories = first
        .ok("GET", "/category/all-categories", None, None)
        .await?;
    let category = categories["categories"][0]["_id"]
        .as_str()
        .ok_or("no category")?
        .to_owned();
    let form = reqwest::multipart::Form::new()
        .text("name", format!("Bench Runner {run}"))
        .text("price", PRICE_RUPEES.to_string())
        .text("quantity", STOCK.to_string())
        .text("category", category);
    let created: Value = first
        .client
        .post(format!("{}/api/v1/product/create-product", first.bases[0]))
        .header("Authorization", &admin)
        .multipart(form)
        .send()
        .await?
        .json()
        .await?;
    let product = created["product"]["_id"]
        .as_str()
        .ok_or("no product")?
        .to_owned();
    Ok((admin, product))
}

fn shop_at(bases: &str, connections: usize) -> Result<Arc<Shop>> {
    Ok(Arc::new(Shop {
        client: Client::builder()
            .pool_max_idle_per_host(connections)
            .timeout(Duration::from_secs(30))
            .build()?,
        bases: bases
            .split(',')
            .map(|b| b.trim_end_matches('/').to_owned())
            .collect(),
        next: AtomicUsize::new(0),
    }))
}

async fn run(
    bases: &str,
    outbox: &str,
    shoppers: usize,
    seconds: u64,
    record: Option<&str>,
) -> Result<()> {
    let shop = shop_at(bases, shoppers)?;
    // Set-up talks to the first instance only: its outbox holds the registration codes.
    let first = shop_at(bases.split(',').next().unwrap_or(bases), 4)?;
    let outbox = std::path::PathBuf::from(outbox);
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_secs();
    let (admin, product) = bench_product(&first, run).await?;

    let mut tokens = Vec::with_capacity(shoppers);
    for n in 0..shoppers {
        tokens.push(register(&first, &outbox, n, run).await?);
    }
    let before = stock(&first, &product).await?;
    let record = match record {
        Some(path) => {
            let mut file = std::fs::File::create(path)?;
            writeln!(file, "{product} {before}")?;
            Some(Arc::new(std::sync::Mutex::new(file)))
        }
        None => None,
    };

    let pids: Vec<u32> = std::env::var("CHECKOUT_SERVER_PIDS")
        .unwrap_or_default()
        .split(',')
        .filter(|pid| !pid.trim().is_empty())
        .map(|pid| pid.trim().parse())
        .collect::<std::result::Result<_, _>>()?;
    let servers_cpu_ms = || -> Result<f64> { pids.iter().map(|&pid| cpu_ms(pid)).sum() };
    let cpu_before = servers_cpu_ms()?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let workers: Vec<_> = tokens
        .into_iter()
        .map(|token| {
            let (shop, product, record) = (shop.clone(), product.clone(), record.clone());
            tokio::spawn(async move {
                let (mut latencies, mut failed) = (Vec::new(), 0_usize);
                while Instant::now() < deadline {
                    let began = Instant::now();
                    match checkout(&shop, &token, &product).await {
                        Ok(Some(order)) => {
                            latencies.push(began.elapsed().as_secs_f64() * 1000.0);
                            if let Some(record) = &record {
                                let mut file = record.lock().expect("record file");
                                writeln!(file, "{order}")
                                    .and_then(|()| file.flush())
                                    .expect("record written");
                            }
                        }
                        Ok(None) | Err(_) => {
                            failed += 1;
                            // A shop that is down (killed on purpose) is not hammered.
                            tokio::time::sleep(Duration::from_millis(20)).await;
                        }
                    }
                }
                (latencies, failed)
            })
        })
        .collect();
    let (mut latencies, mut failed) = (Vec::new(), 0);
    for worker in workers {
        let (l, f) = worker.await?;
        latencies.extend(l);
        failed += f;
    }
    let elapsed = started.elapsed().as_secs_f64();
    // Servers killed on purpose have no CPU time left to read.
    let cpu = servers_cpu_ms().map(|after| after - cpu_before).ok();
    latencies.sort_by(f64::total_cmp);

    let acknowledged = latencies.len();
    let mut figures = json!({
        "instances": shop.bases.len(),
        "shoppers": shoppers,
        "seconds": elapsed,
        "orders_per_second": acknowledged as f64 / elapsed,
        "p50_ms": percentile(&latencies, 50.0),
        "p99_ms": percentile(&latencies, 99.0),
        "acknowledged": acknowledged,
        "failed": failed,
    });
    if let Some(cpu) = cpu.filter(|_| !pids.is_empty()) {
        figures["server_cpu_ms_per_order"] = json!(cpu / acknowledged.max(1) as f64);
    }
    if record.is_some() {
        // The shop may be down on purpose: `verify` checks it after the restart.
        println!("{figures}");
        return Ok(());
    }
    let after = stock(&shop, &product).await?;
    let placed = orders_of(&shop, &admin, &product).await?.len();
    let taken = usize::try_from(before - after)?;
    let consistent = acknowledged == placed && placed == taken;
    figures["placed"] = json!(placed);
    figures["stock_taken"] = json!(taken);
    figures["consistent"] = json!(consistent);
    println!("{figures}");
    if !consistent {
        return Err("orders, acknowledgements and stock disagree".into());
    }
    Ok(())
}

/// After a crash and a restart: every acknowledged order is there, and the stock taken is
/// the number of orders placed (none half-written).
async fn verify(base: &str, record: &str) -> Result<()> {
    let shop = shop_at(base, 1)?;
    let text = std::fs::read_to_string(record)?;
    let mut lines = text.lines();
    let (product, before) = lines
        .next()
        .and_then(|line| line.split_once(' '))
        .ok_or("an empty record")?;
    let acknowledged: Vec<&str> = lines.filter(|l| !l.is_empty()).collect();
    let admin = shop.login("admin@paduka.local", "paduka-admin").await?;
    let placed = orders_of(&shop, &admin, product).await?;
    let missing = acknowledged
        .iter()
        .filter(|id| !placed.iter().any(|p| p == *id))
        .count();
    let taken = before.parse::<i64>()? - stock(&shop, product).await?;
    let consistent = missing == 0 && usize::try_from(taken)? == placed.len();
    println!(
        "{}",
        json!({
            "acknowledged": acknowledged.len(),
            "placed": placed.len(),
            "stock_taken": taken,
            "acknowledged_but_missing": missing,
            "consistent": consistent,
        })
    );
    if !consistent {
        return Err("an acknowledged order was lost, or stock and orders disagree".into());
    }
    Ok(())
}

/// The CPU time the process has used so far (user + system, every thread), in milliseconds.
fn cpu_ms(pid: u32) -> Result<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // Fields after the command name (which may hold spaces) start at its closing parenthesis:
    // utime and stime are the 14th and 15th fields of the line, in clock ticks.
    let rest = stat.rsplit_once(')').ok_or("odd /proc stat")?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields[11].parse::<u64>()? + fields[12].parse::<u64>()?;
    let per_second: f64 = String::from_utf8(
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()?
            .stdout,
    )?
    .trim()
    .parse()?;
    Ok(ticks as f64 * 1000.0 / per_second)
}

/// `workers` requests at a time paying for one pair each with `token` until `deadline` (or
/// until `until` orders were placed): the orders placed.
async fn pay_repeatedly(
    shop: &Arc<Shop>,
    token: &str,
    product: &str,
    deadline: Instant,
    until: Option<usize>,
) -> Result<usize> {
    const WORKERS: usize = 8;
    let placed = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..WORKERS)
        .map(|_| {
            let (shop, token, product, placed) = (
                shop.clone(),
                token.to_owned(),
                product.to_owned(),
                placed.clone(),
            );
            tokio::spawn(async move {
                while Instant::now() < deadline
                    && until.is_none_or(|n| placed.load(Ordering::Relaxed) < n)
                {
                    if let Ok(Some(_)) = checkout(&shop, &token, &product).await {
                        placed.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    for worker in workers {
        worker.await?;
    }
    Ok(placed.load(Ordering::Relaxed))
}

async fn history(base: &str, outbox: &str, pid: u32, past: usize, seconds: u64) -> Result<()> {
    let shop = shop_at(base, 8)?;
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_secs();
    let (_, product) = bench_product(&shop, run).await?;
    let token = register(&shop, std::path::Path::new(outbox), 0, run).await?;
    let measure = |label: &'static str| {
        let (shop, token, product) = (shop.clone(), token.clone(), product.clone());
        async move {
            let cpu_before = cpu_ms(pid)?;
            let started = Instant::now();
            let deadline = started + Duration::from_secs(seconds);
            let orders = pay_repeatedly(&shop, &token, &product, deadline, None).await?;
            let cpu = cpu_ms(pid)? - cpu_before;
            let elapsed = started.elapsed().as_secs_f64();
            Ok::<_, Box<dyn std::error::Error + Send + Sync>>(json!({
                "phase": label,
                "orders": orders,
                "orders_per_second": orders as f64 / elapsed,
                "server_cpu_ms_per_order": cpu / orders.max(1) as f64,
            }))
        }
    };
    let fresh = measure("new account").await?;
    let placed = fresh["orders"].as_u64().unwrap_or(0) as usize;
    let far = Instant::now() + Duration::from_secs(3600);
    pay_repeatedly(
        &shop,
        &token,
        &product,
        far,
        Some(past.saturating_sub(placed)),
    )
    .await?;
    let seasoned = measure("after past orders").await?;
    let (a, b) = (
        fresh["server_cpu_ms_per_order"].as_f64().unwrap_or(0.0),
        seasoned["server_cpu_ms_per_order"].as_f64().unwrap_or(0.0),
    );
    println!(
        "{}",
        json!({"past_orders": past, "fresh": fresh, "seasoned": seasoned, "ratio": b / a})
    );
    Ok(())
}
