//! Building the application from its settings: adapters, services, the HTTP server.

use paduka_courier::{ManualCourier, ShiprocketCourier};
use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer};
use anyhow::Context;
use paduka_application::accounts::{
    AuthService, RateLimiter, RegistrationPorts, RegistrationService, UserService,
};
use paduka_application::admin::AdminService;
use paduka_application::catalog::transfer::{
    Background, BackgroundJob, CatalogTransferService, TransferPorts,
};
use paduka_application::catalog::{CatalogSearch, CatalogService, PhotoService};
use paduka_application::checkout::{
    CheckoutIntentRepository, CheckoutPorts, CheckoutService, CourierEstimates, PaymentGateway,
    SandboxService, SandboxUseCases,
};
use paduka_application::cod::{CodLinks, CodPorts, CodService};
use paduka_application::coupons::CouponService;
use paduka_application::credit::CreditService;
use paduka_application::mail::{MailOutbox, Mailer};
use paduka_application::orders::{
    Courier, CreditNotes, InvoiceRenderer, Invoicing, OrderPorts, OrderService, OrderUseCases,
};
use paduka_application::returns::{ReturnPorts, ReturnService};
use paduka_application::sales::SaleService;
use paduka_application::whatsapp::{WhatsAppGateway, WhatsAppPorts, WhatsAppService};
use paduka_application::{Clock, IdGenerator};
use paduka_domain::catalog::import::{ImportRules, PhotoAddress};
use paduka_domain::invoice::{CreditNoteDocument, InvoiceDocument};
use paduka_domain::order::PackingSlip;
use paduka_http::{ApiState, CourierWebhookKey};
use paduka_mail::{OutboxFolder, OutboxMailer, SmtpMailer};
use paduka_media::{ImageCodec, WebPhotoFetcher};
use paduka_payment::{RazorpayConfig, RazorpayGateway, SandboxGateway};
use paduka_persistence::{
    Database, DieselCategoryRepository, DieselCheckoutIntentRepository, DieselCodConfirmations,
    DieselCouponRepository, DieselCreditNoteRepository, DieselImageRepository,
    DieselImportJobRepository, DieselOneTimeCodeRepository, DieselOrderRepository,
    DieselPhotoVariantRepository, DieselProductRepository, DieselReturnRepository,
    DieselReviewRepository, DieselSaleRepository, DieselSandboxRefundLedger,
    DieselSearchMissRepository, DieselShiprocketBookings, DieselStatsRepository,
    DieselStoreCreditRepository, DieselThrottle, DieselUserRepository,
    DieselWebhookEventRepository, DieselWhatsAppMessages,
};
use paduka_search::TantivySearch;
use paduka_whatsapp::{CloudApiConfig, CloudApiWhatsApp, OutboxWhatsApp};
use secrecy::{ExposeSecret, SecretString};
use tracing_actix_web::TracingLogger;

use crate::config::{CourierSettings, DatabaseSettings, MailSettings, Settings};
use crate::security::{BcryptHasher, HmacCodLinks, HmacCodes, JwtTokens, derived_key};
use crate::system::{SystemClock, UuidV7Ids};
use crate::{changes, cod_clock, demo, telemetry, whatsapp};
use paduka_web as site;

/// The shop, wired: the use cases the API serves (built once, here), and the adapters the
/// binary itself uses.
#[derive(Clone)]
pub struct Services {
    /// Every use case, as the API mounts them.
    pub api: ApiState,
    pub database: Database,
    /// The offline payment sandbox, when it is the payment adapter (no Razorpay keys).
    pub sandbox: Option<Arc<SandboxGateway>>,
    /// What the cached lists are tagged with, moved by [`changes::watch`] when the database
    /// says another instance changed the data.
    pub revisions: changes::Revisions,
    /// The invoices' settings and renderer (the demo's past orders are taxed as checkout's).
    pub invoicing: Arc<Invoicing>,
}

/// Invoices drawn by `paduka-invoice-pdf`, which knows the domain's document and nothing of
/// the application's port.
struct PdfInvoices;

impl InvoiceRenderer for PdfInvoices {
    fn render(&self, document: &InvoiceDocument) -> anyhow::Result<Vec<u8>> {
        paduka_invoice_pdf::render(document)
    }

    fn render_packing_slip(&self, slip: &PackingSlip) -> anyhow::Result<Vec<u8>> {
        paduka_invoice_pdf::render_packing_slip(slip)
    }

    fn render_credit_note(&self, document: &CreditNoteDocument) -> anyhow::Result<Vec<u8>> {
        paduka_invoice_pdf::render_credit_note(document)
    }
}

/// The mailer the settings ask for: SMTP when `SMTP_URL` is set, else `.eml` files in
/// `DATA_DIR/outbox/`.
pub fn mailer(settings: &MailSettings) -> anyhow::Result<Arc<dyn Mailer>> {
    Ok(match &settings.smtp_url {
        Some(url) => {
            Arc::new(SmtpMailer::new(url.expose_secret(), &settings.from).context("SMTP_URL")?)
        }
        None => {
            let outbox = &settings.outbox;
            tracing::info!(folder = %outbox.display(), "SMTP_URL is not set: mail goes to the outbox folder");
            Arc::new(OutboxMailer::new(outbox.clone(), &settings.from).context("DATA_DIR")?)
        }
    })
}

/// The sandbox's signing secret: derived from `JWT_SECRET`, so a payment started through one
/// instance verifies on every other, and across restarts.
pub fn sandbox_secret(jwt_secret: &SecretString) -> SecretString {
    hex::encode(derived_key(jwt_secret, "paduka sandbox signing v1")).into()
}

/// The payment port, and the sandbox behind it when it is the sandbox.
type Payments = (Arc<dyn PaymentGateway>, Option<Arc<SandboxGateway>>);

/// The payment adapter the settings ask for: Razorpay with keys, else the offline sandbox.
fn payment_gateway(
    razorpay: Option<&RazorpayConfig>,
    jwt_secret: &SecretString,
    database: &Database,
) -> anyhow::Result<Payments> {
    Ok(match razorpay {
        Some(config) => {
            tracing::info!(api = %config.base_url, "payments go through Razorpay");
            let gateway = RazorpayGateway::new(config.clone())
                .map_err(|e| anyhow::anyhow!("cannot build the Razorpay client: {e}"))?;
            (Arc::new(gateway), None)
        }
        None => {
            tracing::info!(
                "RAZORPAY_KEY_ID is not set: payments go through the offline sandbox (no real money)"
            );
            let sandbox = Arc::new(SandboxGateway::new(
                sandbox_secret(jwt_secret),
                Arc::new(DieselSandboxRefundLedger::new(database.clone())),
            ));
            (sandbox.clone(), Some(sandbox))
        }
    })
}

/// Shiprocket when its account is set (its steps kept in the database), else the manual
/// courier.
/// The courier the shop books with, and its delivery estimates when it gives them.
struct Couriers {
    booking: Arc<dyn Courier>,
    estimates: Option<Arc<dyn CourierEstimates>>,
}

/// Shiprocket with its settings, else the manual courier and the delivery table alone.
fn couriers(couriers: &CourierSettings, database: &Database) -> anyhow::Result<Couriers> {
    Ok(match &couriers.shiprocket {
        Some(config) => {
            if couriers.webhook_token.is_none() {
                tracing::warn!(
                    "SHIPROCKET_WEBHOOK_TOKEN is not set: Shiprocket books parcels but its tracking updates are refused"
                );
            }
            tracing::info!(api = %config.api_base, pickup = %config.pickup_location, "parcels are booked through Shiprocket");
            let store = Arc::new(DieselShiprocketBookings::new(database.clone()));
            let shiprocket = Arc::new(
                ShiprocketCourier::new(config.clone(), store)
                    .context("cannot build the Shiprocket client")?,
            );
            Couriers {
                booking: shiprocket.clone(),
                estimates: Some(shiprocket),
            }
        }
        None => {
            tracing::info!(
                "SHIPROCKET_EMAIL is not set: parcels are booked by hand (the manual courier)"
            );
            Couriers {
                booking: Arc::new(ManualCourier),
                estimates: None,
            }
        }
    })
}

/// WhatsApp's Cloud API with its settings, else the offline outbox (decisions D37).
fn whatsapp_gateway(config: Option<&CloudApiConfig>) -> anyhow::Result<Arc<dyn WhatsAppGateway>> {
    Ok(match config {
        Some(config) => {
            tracing::info!(api = %config.api_base, "WhatsApp messages go through the Cloud API");
            Arc::new(
                CloudApiWhatsApp::new(config.clone())
                    .context("cannot build the WhatsApp Cloud API client")?,
            )
        }
        None => {
            tracing::info!(
                "WHATSAPP_TOKEN is not set: WhatsApp messages are kept in the outbox, none is sent"
            );
            Arc::new(OutboxWhatsApp)
        }
    })
}

/// Connects to the database and applies pending migrations.
async fn open_database(settings: &DatabaseSettings) -> anyhow::Result<Database> {
    let url = settings.url.clone();
    let pool_size = settings.pool_size;
    tokio::task::spawn_blocking(move || -> anyhow::Result<Database> {
        let database = match pool_size {
            Some(size) => Database::connect_with(url.expose_secret(), size)?,
            None => Database::connect(url.expose_secret())?,
        };
        // Instances starting together on a new database take turns: one migrates it.
        let migrating = database.startup_lock()?;
        database.run_migrations()?;
        drop(migrating);
        Ok(database)
    })
    .await
    .context("database start-up task failed")?
    .with_context(|| {
        if settings.is_postgres() {
            "cannot open the PostgreSQL database named by DATABASE_URL".to_owned()
        } else {
            // A SQLite "URL" is a file path: nothing secret in it.
            format!(
                "cannot open the SQLite database at {}",
                settings.url.expose_secret()
            )
        }
    })
}

impl Services {
    /// Connects to the database, applies pending migrations and wires every service.
    pub async fn build(settings: &Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// As [`Services::build`], on another clock (tests move time instead of sleeping).
    pub async fn build_with_clock(
        settings: &Settings,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        let database = open_database(&settings.database).await?;
        let ids: Arc<dyn IdGenerator> = Arc::new(UuidV7Ids);
        let users = Arc::new(DieselUserRepository::new(database.clone()));
        let accounts = &settings.accounts;
        let jwt_secret = match &accounts.jwt_secret {
            Some(secret) => secret.clone(),
            None => JwtTokens::development_secret(&settings.server.data_dir)?,
        };
        let hasher = Arc::new(BcryptHasher::new(accounts.bcrypt_cost));
        let decoy_hash = hasher.decoy_hash()?;
        let mailer = mailer(&settings.mail)?;
        let limiter = RateLimiter::new(
            Arc::new(DieselThrottle::new(database.clone(), clock.clone())),
            accounts.rate_limits,
        );

        let stats = Arc::new(DieselStatsRepository::new(database.clone()));
        let catalog = CatalogService::new(
            Arc::new(DieselProductRepository::new(database.clone())),
            Arc::new(DieselCategoryRepository::new(database.clone())),
            Arc::new(DieselReviewRepository::new(database.clone())),
            Arc::new(DieselImageRepository::new(database.clone())),
            users.clone(),
            ids.clone(),
            clock.clone(),
            CatalogSearch {
                index: Arc::new(TantivySearch::new(
                    Arc::new(DieselProductRepository::new(database.clone())),
                    settings.shop.search_synonyms.clone(),
                )),
                misses: Arc::new(DieselSearchMissRepository::new(database.clone())),
            },
        )
        .with_fit(settings.shop.fit_rule, stats.clone());
        let photos = Arc::new(PhotoService::new(
            Arc::new(DieselProductRepository::new(database.clone())),
            Arc::new(DieselPhotoVariantRepository::new(database.clone())),
            Arc::new(ImageCodec::per_core()),
        ));
        if settings.shop.import_allow_private_hosts {
            tracing::warn!(
                "IMPORT_ALLOW_PRIVATE_HOSTS is on: an import may fetch photos from this machine and its networks"
            );
        }
        let fetcher = WebPhotoFetcher::new(settings.shop.import_allow_private_hosts)
            .context("cannot build the HTTP client that fetches imported photos")?;
        let transfer = CatalogTransferService::new(
            TransferPorts {
                products: Arc::new(DieselProductRepository::new(database.clone())),
                categories: Arc::new(DieselCategoryRepository::new(database.clone())),
                batches: Arc::new(DieselProductRepository::new(database.clone())),
                jobs: Arc::new(DieselImportJobRepository::new(database.clone())),
                fetcher: Arc::new(fetcher),
                photos: photos.clone(),
                images: Arc::new(DieselImageRepository::new(database.clone())),
                background: Arc::new(TokioBackground),
                ids: ids.clone(),
                clock: clock.clone(),
                revision: catalog.revision_handle(),
            },
            PhotoAddress::new(format!(
                "{}{}/product/product-photo/",
                settings.server.public_url,
                paduka_http::API_PREFIX
            )),
        )
        .with_rules(ImportRules {
            uncounted_stock: settings.shop.import_uncounted_stock,
        });
        let sales = SaleService::new(
            Arc::new(DieselSaleRepository::new(database.clone())),
            ids.clone(),
        );
        let revisions = changes::Revisions {
            catalog: catalog.revision_handle(),
            sales: sales.revision_handle(),
        };
        let registration = RegistrationService::new(
            RegistrationPorts {
                users: users.clone(),
                codes: Arc::new(DieselOneTimeCodeRepository::new(database.clone())),
                generator: Arc::new(HmacCodes::new(&jwt_secret)),
                hasher: hasher.clone(),
                mailer: mailer.clone(),
                ids: ids.clone(),
                clock: clock.clone(),
            },
            limiter.clone(),
        );
        let (gateway, sandbox) =
            payment_gateway(settings.razorpay.as_ref(), &jwt_secret, &database)?;
        let orders_repo = Arc::new(DieselOrderRepository::new(database.clone()));
        let intents: Arc<dyn CheckoutIntentRepository> =
            Arc::new(DieselCheckoutIntentRepository::new(database.clone()));
        let coupons_repo = Arc::new(DieselCouponRepository::new(database.clone()));
        let credit_repo = Arc::new(DieselStoreCreditRepository::new(database.clone()));
        let credit_notes_repo = Arc::new(DieselCreditNoteRepository::new(database.clone()));
        let invoicing = Arc::new(Invoicing::new(
            settings.invoices.clone(),
            Arc::new(PdfInvoices),
        ));
        let couriers = couriers(&settings.couriers, &database)?;
        let whatsapp = Arc::new(WhatsAppService::new(WhatsAppPorts {
            gateway: whatsapp_gateway(settings.whatsapp.as_ref())?,
            messages: Arc::new(DieselWhatsAppMessages::new(database.clone())),
            users: users.clone(),
            ids: ids.clone(),
            clock: clock.clone(),
        }));
        let cod_links: Arc<dyn CodLinks> =
            Arc::new(HmacCodLinks::new(&jwt_secret, &settings.server.public_url));
        let checkout = CheckoutService::new(
            CheckoutPorts {
                gateway: gateway.clone(),
                intents: intents.clone(),
                orders: orders_repo.clone(),
                products: Arc::new(DieselProductRepository::new(database.clone())),
                coupons: coupons_repo.clone(),
                users: users.clone(),
                credit: credit_repo.clone(),
                webhook_events: Arc::new(DieselWebhookEventRepository::new(database.clone())),
                mailer: mailer.clone(),
                ids: ids.clone(),
                clock: clock.clone(),
                catalog_revision: catalog.revision_handle(),
                invoicing: invoicing.clone(),
            },
            settings.shop.delivery_area.clone(),
        )
        .with_low_stock_threshold(settings.shop.low_stock_threshold)
        .with_cash_on_delivery(settings.shop.cash_on_delivery)
        .with_payment_charges(settings.shop.payment_charges)
        .with_delivery_table(settings.shop.delivery_table)
        .with_notices(whatsapp.clone())
        .with_cod_links(cod_links.clone());
        let checkout = match couriers.estimates {
            Some(estimates) => checkout.with_courier_estimates(estimates),
            None => checkout,
        };
        let checkout = match settings.shop.cod_rto_limit {
            Some(limit) => checkout.with_cod_rto_limit(limit, stats.clone()),
            None => checkout,
        };
        let coupons = CouponService::new(coupons_repo, ids.clone(), clock.clone());
        let returns = ReturnService::new(ReturnPorts {
            returns: Arc::new(DieselReturnRepository::new(database.clone())),
            gateway: gateway.clone(),
            users: users.clone(),
            mailer: mailer.clone(),
            credit_notes: Arc::new(CreditNotes::new(
                credit_notes_repo.clone(),
                orders_repo.clone(),
                invoicing.clone(),
            )),
            clock: clock.clone(),
            ids: ids.clone(),
            orders: orders_repo.clone(),
            // Shiprocket books the reverse pickup on approval; the manual courier books none.
            courier: couriers.booking.clone(),
            catalog_revision: catalog.revision_handle(),
            window_days: settings.shop.return_window_days,
        });
        let orders = OrderService::new(OrderPorts {
            orders: orders_repo.clone(),
            gateway,
            users: users.clone(),
            mailer: mailer.clone(),
            clock: clock.clone(),
            catalog_revision: catalog.revision_handle(),
            invoicing: invoicing.clone(),
            // Shiprocket when its settings are there, else the manual courier (decisions D15).
            courier: couriers.booking,
            credit_notes: credit_notes_repo,
        })
        .with_delivery_table(settings.shop.delivery_table)
        .with_return_window(settings.shop.return_window_days)
        .with_notices(whatsapp.clone());
        let orders: Arc<dyn OrderUseCases> = Arc::new(orders);
        let cod = Arc::new(CodService::new(
            CodPorts {
                orders: orders_repo,
                confirmations: Arc::new(DieselCodConfirmations::new(database.clone())),
                order_use_cases: orders.clone(),
                users: users.clone(),
                links: cod_links,
                notices: Some(whatsapp.clone()),
                clock: clock.clone(),
            },
            settings.shop.cod_clock,
        ));
        // A reply on WhatsApp confirms or cancels through the COD service, which sends its
        // reminders through WhatsApp's.
        let answers: Arc<dyn paduka_application::cod::CodAnswers> = cod.clone();
        whatsapp.act_with(&answers);
        let admin = AdminService::new(stats, clock.clone())
            .with_low_stock_threshold(settings.shop.low_stock_threshold)
            .with_cod_rto_limit(settings.shop.cod_rto_limit)
            .with_fit_rule(settings.shop.fit_rule);
        let user_service = UserService::new(users.clone(), clock.clone());
        let auth = AuthService::new(
            users,
            hasher,
            Arc::new(JwtTokens::new(&jwt_secret)),
            ids,
            clock,
            decoy_hash,
            limiter,
        );
        let api = ApiState {
            catalog: Arc::new(catalog),
            photos,
            transfer: Arc::new(transfer),
            sales: Arc::new(sales),
            coupons: Arc::new(coupons),
            auth: Arc::new(auth),
            registration: Arc::new(registration),
            users: Arc::new(user_service),
            checkout: Arc::new(checkout),
            credit: Arc::new(CreditService::new(credit_repo)),
            orders,
            returns: Arc::new(returns),
            admin: Arc::new(admin),
            sandbox: sandbox.clone().map(|sandbox| -> Arc<dyn SandboxUseCases> {
                Arc::new(SandboxService::new(sandbox, intents))
            }),
            readiness: Arc::new(database.clone()),
            replies: Arc::default(),
            trusted_proxies: Arc::new(settings.server.trusted_proxies.clone()),
            courier_webhook_key: Arc::new(CourierWebhookKey::new(
                (settings.couriers.webhook_token.as_ref())
                    .map(|token| token.expose_secret().to_owned()),
            )),
            whatsapp,
            cod,
            dev_outbox: settings.server.dev_outbox.then(|| -> Arc<dyn MailOutbox> {
                Arc::new(OutboxFolder::new(settings.mail.outbox.clone()))
            }),
        };
        Ok(Self {
            api,
            database,
            sandbox,
            revisions,
            invoicing,
        })
    }
}

/// Runs an import job on this instance's runtime, after its request was answered.
struct TokioBackground;

impl Background for TokioBackground {
    fn spawn(&self, job: BackgroundJob) {
        tokio::spawn(job);
    }
}

/// The demo catalog's size on a normal first run.
pub const DEMO_PRODUCTS: usize = 24;

/// A built, listening application, ready to run.
pub struct Application {
    port: u16,
    address: std::net::SocketAddr,
    server: Server,
    pub services: Services,
    /// Follows the other instances' changes while the server runs.
    watcher: tokio::task::JoinHandle<()>,
    /// Sends the queued WhatsApp messages.
    whatsapp_worker: tokio::task::JoinHandle<()>,
    /// Takes the COD confirmation clock's steps (decisions D39).
    cod_clock: tokio::task::JoinHandle<()>,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Arc::new(SystemClock)).await
    }

    /// As [`Application::build`], on another clock (tests move time instead of sleeping).
    pub async fn build_with_clock(
        settings: Settings,
        clock: Arc<dyn Clock>,
    ) -> anyhow::Result<Self> {
        let services = Services::build_with_clock(&settings, clock).await?;
        let server_settings = &settings.server;
        if server_settings.demo_data
            && let Some(summary) = demo::load_if_empty(&services, DEMO_PRODUCTS).await?
        {
            tracing::info!(
                categories = summary.categories,
                products = summary.products,
                admin = demo::ADMIN_EMAIL,
                shopper = demo::SHOPPER_EMAIL,
                "loaded demo data into the empty database"
            );
            if settings.database.is_postgres() || server_settings.public_url.starts_with("https://")
            {
                tracing::warn!(
                    "this looks like a live shop, and the demo accounts' passwords are published: \
                     delete them (or change their passwords) and set DEMO_DATA=false"
                );
            }
        }
        let listener = TcpListener::bind(server_settings.bind_addr).with_context(|| {
            format!("BIND_ADDR: cannot listen on {}", server_settings.bind_addr)
        })?;
        let address = listener.local_addr()?;
        let port = address.port();
        let state = services.api.clone();
        let static_dir = server_settings.static_dir.clone();
        if !static_dir.join("index.html").is_file() {
            tracing::warn!(
                dir = %static_dir.display(),
                "no built frontend found: the API works, pages need `just run` (or npm run build)"
            );
        }
        let frontend = tokio::task::spawn_blocking(move || site::Frontend::load(&static_dir))
            .await
            .context("reading the built frontend failed")?;
        let frontend = Arc::new(frontend);
        // The drawn pages' render threads (decisions D32): one per core, two at most (each a
        // QuickJS runtime of about 3 MiB); loading the bundle takes about 50 ms each.
        let bundle = server_settings.ssr_bundle.clone().unwrap_or_else(|| {
            server_settings
                .static_dir
                .join("server")
                .join("entry-server.js")
        });
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(2));
        let renderer = if frontend.index_html().is_some() {
            tokio::task::spawn_blocking(move || {
                site::ssr::Renderer::start(
                    &bundle,
                    threads,
                    site::ssr::Limits::default(),
                    site::ssr::Renderer::WAIT,
                )
            })
            .await
            .context("starting the server render failed")?
        } else {
            site::ssr::Renderer::disabled()
        };
        let pages = Arc::new(site::Previews::new(
            frontend.index_html(),
            &server_settings.public_url,
            services.api.catalog.clone(),
            Arc::new(renderer),
        ));
        pages.clone().keep_home_drawn();
        let public_url = server_settings.public_url.clone();
        let changes =
            changes::ChangeWatcher::new(services.database.clone(), services.revisions.clone());
        let catching_up = changes.clone();
        let server = HttpServer::new(move || {
            let catching_up = catching_up.clone();
            App::new()
                .wrap(from_fn(move |request, next| {
                    catching_up.clone().catch_up_for_signed_in(request, next)
                }))
                .wrap(from_fn(site::cache_and_request_id))
                // Shared replies and the frontend's files come compressed already; this is
                // for the replies made per request. Inside the logger, whose span-carrying
                // body would hide the reply's bytes.
                .wrap(from_fn(paduka_http::encoding::compress_on_the_fly))
                // Before anything reads the request: no NUL character reaches a database.
                .wrap(from_fn(paduka_http::nul::refuse_nul))
                .wrap(from_fn(paduka_http::handlers::cod::no_referrer))
                .wrap(TracingLogger::<telemetry::RequestSpan>::new())
                .configure(paduka_http::configure(state.clone()))
                .configure(site::robots(&public_url))
                .configure(site::previews(pages.clone(), frontend.clone()))
                .configure(site::frontend(frontend.clone()))
        })
        // Longer than any client's idle limit (nginx upstream 4 s, Node's fetch 4 s, browsers
        // minutes): the client, not the server, closes an idle connection, so no request is
        // ever sent on one the server is closing (at actix's 5 s default, Node's coarse timers
        // let a reused connection meet the server's close).
        .keep_alive(std::time::Duration::from_secs(75))
        .shutdown_timeout(10)
        .listen(listener)?
        .run();
        let watcher = changes.watch();
        let whatsapp_worker = whatsapp::spawn(services.api.whatsapp.clone());
        let cod_clock = cod_clock::spawn(services.api.cod.clone());
        Ok(Self {
            port,
            address,
            server,
            services,
            watcher,
            whatsapp_worker,
            cod_clock,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The address to open in a browser (loopback when listening on every interface).
    pub fn url(&self) -> String {
        let host = if self.address.ip().is_unspecified() {
            std::net::IpAddr::from([127, 0, 0, 1])
        } else {
            self.address.ip()
        };
        format!("http://{}/", std::net::SocketAddr::new(host, self.port))
    }

    /// Serves until SIGINT or SIGTERM, then finishes the requests in flight (graceful shutdown).
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let stopped = self.server.await;
        self.watcher.abort();
        self.whatsapp_worker.abort();
        self.cod_clock.abort();
        stopped
    }
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret;

    use super::*;

    #[test]
    fn the_sandbox_secret_follows_the_jwt_secret_so_every_instance_agrees() {
        let shared: SecretString = "one-secret-for-every-instance-of-the-shop".into();
        let first = sandbox_secret(&shared);
        let again = sandbox_secret(&"one-secret-for-every-instance-of-the-shop".into());
        assert_eq!(first.expose_secret(), again.expose_secret());
        assert_eq!(first.expose_secret().len(), 64);
        assert_ne!(
            first.expose_secret(),
            shared.expose_secret(),
            "a key of its own"
        );
        let other = sandbox_secret(&"another-shop-another-secret-entirely".into());
        assert_ne!(first.expose_secret(), other.expose_secret());
    }
}
