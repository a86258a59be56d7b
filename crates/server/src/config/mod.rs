//! Settings, read once from the environment (and a `.env` file when present), grouped by what
//! they set up: each group is what its adapter or service is built from.
//!
//! Every variable is documented in `.env.example` and read by serde (`vars.rs`). A bad value
//! stops the start with a message naming the variable; secrets never print.

use std::net::SocketAddr;
use std::path::PathBuf;

use paduka_application::accounts::RateLimits;
use paduka_application::checkout::CodSettings;
use paduka_application::orders::InvoiceSettings;
use paduka_courier::ShiprocketConfig;
use paduka_domain::catalog::search::Synonyms;
use paduka_domain::delivery::{DeliveryArea, DeliveryTable};
use paduka_domain::invoice::Seller;
use paduka_domain::order::{CodClock, CodRtoLimit, PaymentCharges};
use paduka_domain::returns::FitRule;
use paduka_http::TrustedProxies;
use paduka_payment::RazorpayConfig;
use paduka_whatsapp::CloudApiConfig;
use secrecy::{ExposeSecret, SecretString};

mod vars;

use vars::Vars;

/// Every setting, in one group per adapter or service that is built from it.
#[derive(Debug)]
pub struct Settings {
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub accounts: AccountSettings,
    /// Razorpay's keys and API (`RAZORPAY_*`); `None`: the offline sandbox takes payments.
    pub razorpay: Option<RazorpayConfig>,
    pub mail: MailSettings,
    pub shop: ShopSettings,
    /// Who the invoices name as the seller, the GST slabs, the default HSN and the invoice
    /// numbers' prefix (`SHOP_LEGAL_NAME`, `SHOP_ADDRESS`, `SHOP_STATE`, `SHOP_GSTIN`,
    /// `GST_SLABS`, `DEFAULT_HSN`, `INVOICE_PREFIX`).
    pub invoices: InvoiceSettings,
    pub couriers: CourierSettings,
    /// WhatsApp's Cloud API (`WHATSAPP_TOKEN`, `WHATSAPP_PHONE_NUMBER_ID`,
    /// `WHATSAPP_APP_SECRET`, `WHATSAPP_VERIFY_TOKEN`, all or none; `WHATSAPP_API_BASE`,
    /// `WHATSAPP_LANG`); `None`: the offline outbox keeps every message (decisions D37).
    pub whatsapp: Option<CloudApiConfig>,
}

/// The couriers (decisions D15, D20): Shiprocket books parcels when its account is set, the
/// manual courier otherwise; Shiprocket's tracking webhook when its token is set.
#[derive(Debug)]
pub struct CourierSettings {
    /// What Shiprocket's tracking webhook sends as `x-api-key` (`SHIPROCKET_WEBHOOK_TOKEN`);
    /// `None`: every call to the webhook is refused.
    pub webhook_token: Option<SecretString>,
    /// Shiprocket's account (`SHIPROCKET_EMAIL`, `SHIPROCKET_PASSWORD`,
    /// `SHIPROCKET_PICKUP_LOCATION`, all or none; `SHIPROCKET_API_BASE`) and the parcel's
    /// defaults (`SHIP_DEFAULT_WEIGHT_GRAMS`, `SHIP_DEFAULT_DIMENSIONS_CM`); `None`: the
    /// manual courier.
    pub shiprocket: Option<ShiprocketConfig>,
}

/// The bare address in `Name <address>` (or the text itself).
fn bare_address(from: &str) -> String {
    from.rsplit_once('<')
        .and_then(|(_, rest)| rest.split_once('>'))
        .map_or(from, |(address, _)| address)
        .trim()
        .to_owned()
}

/// The HTTP server, the files it serves and keeps, and its logs.
#[derive(Debug)]
pub struct ServerSettings {
    pub bind_addr: SocketAddr,
    /// Where shoppers reach the shop (`https://shop.example.in`), without a trailing slash:
    /// absolute links (canonical links, link previews, the sitemap) start with it. Default
    /// `http://{bind_addr}`.
    pub public_url: String,
    /// The proxies in front whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`),
    /// so per-address limits count shoppers, not the proxy.
    pub trusted_proxies: TrustedProxies,
    /// The SQLite file by default, the mail outbox and the development secret.
    pub data_dir: PathBuf,
    pub static_dir: PathBuf,
    /// The app's server bundle the drawn pages are rendered with (`SSR_BUNDLE`); default
    /// `STATIC_DIR/server/entry-server.js`, as `npm run build` writes it.
    pub ssr_bundle: Option<PathBuf>,
    /// Load demo data into an empty database on start.
    pub demo_data: bool,
    /// `DEV_OUTBOX=true` (which `just run` sets, nothing else): admins see the outbox's mails
    /// and WhatsApp messages at `/dev/outbox` (decisions D45). Without it the page and its
    /// API do not exist: the mails hold sign-up and reset codes.
    pub dev_outbox: bool,
    /// How logs are written: text for people, or JSON lines for a log collector.
    pub log_format: LogFormat,
}

/// How log lines are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    #[default]
    Text,
    /// One JSON object a line, with the span fields (request id, user, ...), for collectors.
    Json,
}

#[derive(Debug)]
pub struct DatabaseSettings {
    /// `postgres://...` for PostgreSQL; otherwise a SQLite file (default `DATA_DIR/paduka.db`).
    /// Secret: a PostgreSQL URL may carry a password, so it never prints.
    pub url: SecretString,
    /// Pooled connections (`DATABASE_POOL_SIZE`); `None`: sized for this machine.
    pub pool_size: Option<u32>,
}

impl DatabaseSettings {
    pub fn is_postgres(&self) -> bool {
        let url = self.url.expose_secret();
        url.starts_with("postgres://") || url.starts_with("postgresql://")
    }
}

/// Sign-in: session tokens, password hashing, attempts allowed.
#[derive(Debug)]
pub struct AccountSettings {
    /// `None` means: generate one and keep it in the data folder (development only).
    /// The mailed codes' and the payment sandbox's keys are derived from it.
    pub jwt_secret: Option<SecretString>,
    pub bcrypt_cost: u32,
    /// Attempts per e-mail and per client address at login (failures), registration and
    /// forgot-password, per window.
    pub rate_limits: RateLimits,
}

/// Outgoing mail: SMTP when `SMTP_URL` is set, else `.eml` files in `DATA_DIR/outbox/`.
#[derive(Debug)]
pub struct MailSettings {
    /// Secret: it may carry the mail server's password.
    pub smtp_url: Option<SecretString>,
    pub from: String,
    /// Where mail goes without SMTP: `DATA_DIR/outbox`.
    pub outbox: PathBuf,
}

/// What checkout and the admin's overview are set up with.
#[derive(Debug)]
pub struct ShopSettings {
    /// The pincodes delivered to (`DELIVERABLE_PINCODES`, the spec's four by default).
    pub delivery_area: DeliveryArea,
    /// How many days delivery takes (`DELIVERY_DAYS`, default `3-7`) from the dispatch day,
    /// which is the next one after `DISPATCH_CUTOFF` (default `14:00` India time).
    pub delivery_table: DeliveryTable,
    /// A size (or pooled product) with this many pairs or fewer is low on stock: listed on
    /// the overview, and the admins are mailed when an order takes it there
    /// (`LOW_STOCK_THRESHOLD`, default 5).
    pub low_stock_threshold: u32,
    /// Cash on delivery: on or off (`COD_ENABLED`, default on) and the largest order a
    /// courier collects (`COD_MAX_AMOUNT`, whole rupees, default 10000).
    pub cash_on_delivery: CodSettings,
    /// The saving for paying online (`PREPAID_DISCOUNT_PERCENT`, 0-20, default 0) and the
    /// charge for cash on delivery (`COD_FEE`, whole rupees, default 0; decisions D41).
    pub payment_charges: PaymentCharges,
    /// No cash on delivery in a pincode area whose cash-on-delivery parcels of the last 90
    /// days came back at this percent or more (`COD_RTO_LIMIT`, 1-100; unset: none turned
    /// off), once it has `COD_RTO_MIN_SHIPMENTS` ended ones (default 10; decisions D38).
    pub cod_rto_limit: Option<CodRtoLimit>,
    /// A product runs small or large once its returns of the last 180 days gave this many fit
    /// reasons, 60 % of them one way (`FIT_MIN_RETURNS`, at least 1, default 5; decisions D38).
    pub fit_rule: FitRule,
    /// COD confirmation's clock (decisions D39): `cod_reminder` after `COD_REMIND_HOURS`
    /// (default 12), `unanswered` after `COD_CONFIRM_HOURS` (default 24), and then cancelled
    /// when `COD_AUTO_CANCEL=true` (default false).
    pub cod_clock: CodClock,
    /// Days after delivery a return may be asked for (`RETURN_WINDOW_DAYS`, 1-365, default 7).
    pub return_window_days: u32,
    /// Words search takes for each other (`SEARCH_SYNONYMS`: groups separated by `;` or `,`,
    /// words by `=`; default [`Synonyms::DEFAULT`]).
    pub search_synonyms: Synonyms,
    /// Whether a catalog import may fetch photos from loopback, private and link-local
    /// addresses (`IMPORT_ALLOW_PRIVATE_HOSTS`, default false: the public internet only).
    pub import_allow_private_hosts: bool,
    /// Pairs an import gives a size whose stock the file leaves blank and says it does not
    /// count (Shopify's empty `Variant Inventory Tracker`; `IMPORT_UNCOUNTED_STOCK`, default
    /// 10).
    pub import_uncounted_stock: u32,
}

/// A variable whose value cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    /// The variable's name.
    pub name: String,
    pub problem: String,
}

impl ConfigError {
    fn new(name: &str, problem: impl Into<String>) -> Self {
        Self {
            name: name.to_owned(),
            problem: problem.into(),
        }
    }
}

impl Settings {
    /// Reads the process environment, after loading `.env` when there is one.
    pub fn from_env() -> Result<Self, ConfigError> {
        // A missing .env is normal; a malformed one is not worth refusing to start over,
        // but say so.
        if let Err(error) = dotenvy::dotenv()
            && !error.not_found()
        {
            eprintln!("warning: .env could not be read: {error}");
        }
        // A variable that is not Unicode is left unread, as if unset.
        Self::from_vars(std::env::vars_os().filter_map(|(name, value)| {
            Some((name.into_string().ok()?, value.into_string().ok()?))
        }))
    }

    /// Reads settings from `vars` (name and value), as from the environment: tests and the
    /// API tests' application give their own.
    pub fn from_vars(
        vars: impl IntoIterator<Item = (impl Into<String>, impl Into<String>)>,
    ) -> Result<Self, ConfigError> {
        let vars = Vars::read(
            vars.into_iter()
                .map(|(name, value)| (name.into(), value.into())),
        )?;
        let database = DatabaseSettings {
            url: vars.database_url.unwrap_or_else(|| {
                let file = vars.data_dir.join("paduka.db");
                file.to_string_lossy().into_owned().into()
            }),
            pool_size: vars.database_pool_size,
        };
        if database.is_postgres() && vars.jwt_secret.is_none() {
            // Instances sharing a database must sign and check tokens, mailed codes and
            // sandbox payments with one key; a key made up per instance breaks all three.
            return Err(ConfigError::new(
                "JWT_SECRET",
                "must be set when DATABASE_URL is PostgreSQL (every instance of the shop needs the same one)",
            ));
        }
        let razorpay = match (vars.razorpay_key_id, vars.razorpay_key_secret) {
            (None, None) => None,
            (Some(key_id), Some(key_secret)) => Some(RazorpayConfig {
                base_url: vars.razorpay_api_base,
                ..RazorpayConfig::new(key_id, key_secret, vars.razorpay_webhook_secret)
            }),
            (Some(_), None) => {
                return Err(ConfigError::new(
                    "RAZORPAY_KEY_SECRET",
                    "is required when RAZORPAY_KEY_ID is set",
                ));
            }
            (None, Some(_)) => {
                return Err(ConfigError::new(
                    "RAZORPAY_KEY_ID",
                    "is required when RAZORPAY_KEY_SECRET is set",
                ));
            }
        };
        let shiprocket = match (
            vars.shiprocket_email,
            vars.shiprocket_password,
            vars.shiprocket_pickup_location,
        ) {
            (None, None, None) => None,
            (Some(email), Some(password), Some(pickup_location)) => Some(ShiprocketConfig {
                api_base: vars.shiprocket_api_base,
                email,
                password,
                pickup_location,
                default_weight_grams: vars.ship_default_weight_grams,
                default_dimensions_cm: vars.ship_default_dimensions_cm,
                fallback_email: bare_address(&vars.mail_from),
                timeout: ShiprocketConfig::DEFAULT_TIMEOUT,
            }),
            (email, password, pickup) => {
                let missing: Vec<&str> = [
                    ("SHIPROCKET_EMAIL", email.is_none()),
                    ("SHIPROCKET_PASSWORD", password.is_none()),
                    ("SHIPROCKET_PICKUP_LOCATION", pickup.is_none()),
                ]
                .into_iter()
                .filter_map(|(name, unset)| unset.then_some(name))
                .collect();
                return Err(ConfigError::new(
                    missing[0],
                    format!(
                        "is required with the other Shiprocket settings (missing: {}; set all three or none)",
                        missing.join(", ")
                    ),
                ));
            }
        };
        let whatsapp = match (
            vars.whatsapp_token,
            vars.whatsapp_phone_number_id,
            vars.whatsapp_app_secret,
            vars.whatsapp_verify_token,
        ) {
            (None, None, None, None) => None,
            (Some(token), Some(phone_number_id), Some(app_secret), Some(verify_token)) => {
                Some(CloudApiConfig {
                    api_base: vars.whatsapp_api_base,
                    token,
                    phone_number_id,
                    app_secret,
                    verify_token,
                    language: vars.whatsapp_lang,
                    timeout: CloudApiConfig::DEFAULT_TIMEOUT,
                })
            }
            (token, phone_number_id, app_secret, verify_token) => {
                let missing: Vec<&str> = [
                    ("WHATSAPP_TOKEN", token.is_none()),
                    ("WHATSAPP_PHONE_NUMBER_ID", phone_number_id.is_none()),
                    ("WHATSAPP_APP_SECRET", app_secret.is_none()),
                    ("WHATSAPP_VERIFY_TOKEN", verify_token.is_none()),
                ]
                .into_iter()
                .filter_map(|(name, unset)| unset.then_some(name))
                .collect();
                return Err(ConfigError::new(
                    missing[0],
                    format!(
                        "is required with the other WhatsApp settings (missing: {}; set all four or none)",
                        missing.join(", ")
                    ),
                ));
            }
        };
        // Every invoice would carry a GSTIN of another state than the shop's.
        if let Some(gstin) = &vars.shop_gstin {
            gstin
                .check_state(vars.shop_state)
                .map_err(|error| ConfigError::new("SHOP_GSTIN", error.to_string()))?;
        }
        let outbox = vars.data_dir.join("outbox");
        Ok(Self {
            server: ServerSettings {
                public_url: vars
                    .public_url
                    .unwrap_or_else(|| format!("http://{}", vars.bind_addr)),
                bind_addr: vars.bind_addr,
                trusted_proxies: vars.trusted_proxies,
                data_dir: vars.data_dir,
                static_dir: vars.static_dir,
                ssr_bundle: vars.ssr_bundle,
                demo_data: vars.demo_data,
                dev_outbox: vars.dev_outbox,
                log_format: vars.log_format,
            },
            database,
            accounts: AccountSettings {
                jwt_secret: vars.jwt_secret,
                bcrypt_cost: vars.bcrypt_cost,
                rate_limits: RateLimits {
                    per_email: vars.rate_limit_per_email,
                    per_address: vars.rate_limit_per_address,
                    window: chrono::Duration::seconds(vars.rate_limit_window_secs.into()),
                },
            },
            razorpay,
            mail: MailSettings {
                smtp_url: vars.smtp_url,
                from: vars.mail_from,
                outbox,
            },
            shop: ShopSettings {
                delivery_area: vars.deliverable_pincodes,
                delivery_table: DeliveryTable::new(vars.delivery_days, vars.dispatch_cutoff),
                low_stock_threshold: vars.low_stock_threshold,
                cash_on_delivery: CodSettings {
                    enabled: vars.cod_enabled,
                    max_amount_rupees: vars.cod_max_amount,
                },
                payment_charges: PaymentCharges::new(
                    vars.prepaid_discount_percent,
                    i64::from(vars.cod_fee),
                )
                .map_err(|error| ConfigError::new("PREPAID_DISCOUNT_PERCENT", error.to_string()))?,
                cod_rto_limit: vars
                    .cod_rto_limit
                    .and_then(|percent| CodRtoLimit::new(percent, vars.cod_rto_min_shipments)),
                fit_rule: FitRule::new(vars.fit_min_returns).unwrap_or_default(),
                cod_clock: CodClock {
                    remind_after: chrono::Duration::hours(i64::from(vars.cod_remind_hours)),
                    give_up_after: chrono::Duration::hours(i64::from(vars.cod_confirm_hours)),
                    auto_cancel: vars.cod_auto_cancel,
                },
                return_window_days: vars.return_window_days,
                search_synonyms: vars.search_synonyms,
                import_allow_private_hosts: vars.import_allow_private_hosts,
                import_uncounted_stock: vars.import_uncounted_stock,
            },
            invoices: InvoiceSettings {
                seller: Seller {
                    legal_name: vars.shop_legal_name,
                    address: vars.shop_address,
                    state: vars.shop_state,
                    gstin: vars.shop_gstin,
                },
                slabs: vars.gst_slabs,
                default_hsn: vars.default_hsn,
                prefix: vars.invoice_prefix,
            },
            couriers: CourierSettings {
                webhook_token: vars.shiprocket_webhook_token,
                shiprocket,
            },
            whatsapp,
        })
    }
}

#[cfg(test)]
mod tests;
