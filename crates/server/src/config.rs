//! Settings, read once from the environment (and a `.env` file when present).
//!
//! Every variable is documented in `.env.example`. A bad value stops the start with a message
//! naming the variable; secrets never print.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use paduka_application::Clock;
use paduka_application::accounts::RateLimits;
use paduka_application::admin::LOW_STOCK_THRESHOLD;
use paduka_application::checkout::CodSettings;
use paduka_application::orders::InvoiceSettings;
use paduka_domain::State;
use paduka_domain::contact::Pincode;
use paduka_domain::gst::{GstSlabs, Gstin, Hsn};
use paduka_domain::invoice::{InvoicePrefix, Seller};
use paduka_http::TrustedProxies;
use secrecy::{ExposeSecret, SecretString};

/// The spec's four deliverable pincodes, used when `DELIVERABLE_PINCODES` is unset.
pub const DEFAULT_PINCODES: [&str; 4] = ["281001", "492010", "281204", "492001"];

#[derive(Debug)]
pub struct Settings {
    /// `postgres://...` for PostgreSQL; otherwise a SQLite file (default `DATA_DIR/paduka.db`).
    /// Secret: a PostgreSQL URL may carry a password, so it never prints.
    pub database_url: SecretString,
    /// Pooled database connections (`DATABASE_POOL_SIZE`); `None`: sized for this machine.
    pub database_pool_size: Option<u32>,
    pub bind_addr: SocketAddr,
    /// Where shoppers reach the shop (`https://shop.example.in`), without a trailing slash:
    /// absolute links (canonical links, link previews, the sitemap) start with it. Default
    /// `http://{bind_addr}`.
    pub public_url: String,
    /// `None` means: generate one and keep it in the data folder (development only).
    pub jwt_secret: Option<SecretString>,
    pub bcrypt_cost: u32,
    pub razorpay: Option<RazorpaySettings>,
    pub smtp_url: Option<SecretString>,
    pub mail_from: String,
    pub deliverable_pincodes: Vec<Pincode>,
    /// A size (or pooled product) with this many pairs or fewer is low on stock: listed on
    /// the overview, and the admins are mailed when an order takes it there
    /// (`LOW_STOCK_THRESHOLD`, default 5).
    pub low_stock_threshold: u32,
    /// Cash on delivery: on or off (`COD_ENABLED`, default on) and the largest order a
    /// courier collects (`COD_MAX_AMOUNT`, whole rupees, default 10000).
    pub cash_on_delivery: CodSettings,
    /// Who the invoices name as the seller, the GST slabs, the default HSN and the invoice
    /// numbers' prefix (`SHOP_LEGAL_NAME`, `SHOP_ADDRESS`, `SHOP_STATE`, `SHOP_GSTIN`,
    /// `GST_SLABS`, `DEFAULT_HSN`, `INVOICE_PREFIX`).
    pub invoices: InvoiceSettings,
    pub data_dir: PathBuf,
    pub static_dir: PathBuf,
    /// Load demo data into an empty database on start.
    pub demo_data: bool,
    /// Attempts per e-mail and per client address at login (failures), registration and
    /// forgot-password, per window.
    pub rate_limits: RateLimits,
    /// How logs are written: text for people, or JSON lines for a log collector.
    pub log_format: LogFormat,
    /// The proxies in front whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`),
    /// so per-address limits count shoppers, not the proxy.
    pub trusted_proxies: TrustedProxies,
    /// Replaces the system clock (tests move time instead of sleeping). Never read from the
    /// environment.
    pub clock: Option<ClockOverride>,
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

/// A clock to use instead of the system's.
#[derive(Clone)]
pub struct ClockOverride(pub Arc<dyn Clock>);

impl std::fmt::Debug for ClockOverride {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ClockOverride")
    }
}

#[derive(Debug)]
pub struct RazorpaySettings {
    pub key_id: String,
    pub key_secret: SecretString,
    pub webhook_secret: Option<SecretString>,
    /// Where Razorpay's API is (`RAZORPAY_API_BASE`): `https://api.razorpay.com`, or a mock
    /// Razorpay in tests, or an egress proxy.
    pub api_base: String,
}

/// Razorpay's API, where every call of the Razorpay adapter goes unless
/// `RAZORPAY_API_BASE` says otherwise.
pub const DEFAULT_RAZORPAY_API_BASE: &str = "https://api.razorpay.com";

/// A variable whose value cannot be used.
#[derive(Debug, thiserror::Error)]
#[error("{name}: {problem}")]
pub struct ConfigError {
    pub name: &'static str,
    pub problem: String,
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
        Self::from_vars(|name| std::env::var(name).ok())
    }

    /// Reads settings through `var`, so tests can supply their own environment.
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "data".into()));
        let database_url = get("DATABASE_URL")
            .unwrap_or_else(|| data_dir.join("paduka.db").to_string_lossy().into_owned());
        if let Some(scheme) = database_url.split_once("://").map(|(s, _)| s)
            && !matches!(scheme, "postgres" | "postgresql" | "sqlite")
        {
            return Err(ConfigError {
                name: "DATABASE_URL",
                problem: format!(
                    "the scheme {scheme}:// is not supported; use postgres:// or a SQLite file path"
                ),
            });
        }
        let database_pool_size = get("DATABASE_POOL_SIZE")
            .map(|v| {
                v.parse::<u32>()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or_else(|| ConfigError {
                        name: "DATABASE_POOL_SIZE",
                        problem: format!("{v:?} is not a whole number from 1 to 256"),
                    })
            })
            .transpose()?;
        let bind_addr = match get("BIND_ADDR") {
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
            Some(v) => v.parse().map_err(|_| ConfigError {
                name: "BIND_ADDR",
                problem: format!("{v:?} is not an address and port like 127.0.0.1:8080"),
            })?,
        };
        let public_url = match get("PUBLIC_URL") {
            None => format!("http://{bind_addr}"),
            Some(url) if url.starts_with("http://") || url.starts_with("https://") => {
                url.trim_end_matches('/').to_owned()
            }
            Some(url) => {
                return Err(ConfigError {
                    name: "PUBLIC_URL",
                    problem: format!("{url:?} must start with http:// or https://"),
                });
            }
        };
        let jwt_secret = match get("JWT_SECRET") {
            Some(secret) if secret.len() < 32 => {
                return Err(ConfigError {
                    name: "JWT_SECRET",
                    problem: "must be at least 32 characters".into(),
                });
            }
            other => other.map(SecretString::from),
        };
        let postgres = is_postgres_url(&database_url);
        if postgres && jwt_secret.is_none() {
            // Instances sharing a database must sign and check tokens, mailed codes and
            // sandbox payments with one key; a key made up per instance breaks all three.
            return Err(ConfigError {
                name: "JWT_SECRET",
                problem: "must be set when DATABASE_URL is PostgreSQL (every instance of the shop needs the same one)".into(),
            });
        }
        let bcrypt_cost = match get("BCRYPT_COST") {
            None => 12,
            Some(v) => v
                .parse()
                .ok()
                .filter(|c| (4..=31).contains(c))
                .ok_or_else(|| ConfigError {
                    name: "BCRYPT_COST",
                    problem: format!("{v:?} is not a whole number from 4 to 31"),
                })?,
        };
        let api_base = get("RAZORPAY_API_BASE")
            .unwrap_or_else(|| DEFAULT_RAZORPAY_API_BASE.to_owned())
            .trim_end_matches('/')
            .to_owned();
        if !(api_base.starts_with("https://") || api_base.starts_with("http://")) {
            return Err(ConfigError {
                name: "RAZORPAY_API_BASE",
                problem: format!("{api_base:?} is not an http(s):// URL"),
            });
        }
        let razorpay = match (get("RAZORPAY_KEY_ID"), get("RAZORPAY_KEY_SECRET")) {
            (None, None) => None,
            (Some(key_id), Some(secret)) => Some(RazorpaySettings {
                key_id,
                key_secret: secret.into(),
                webhook_secret: get("RAZORPAY_WEBHOOK_SECRET").map(SecretString::from),
                api_base,
            }),
            (Some(_), None) => {
                return Err(ConfigError {
                    name: "RAZORPAY_KEY_SECRET",
                    problem: "is required when RAZORPAY_KEY_ID is set".into(),
                });
            }
            (None, Some(_)) => {
                return Err(ConfigError {
                    name: "RAZORPAY_KEY_ID",
                    problem: "is required when RAZORPAY_KEY_SECRET is set".into(),
                });
            }
        };
        let smtp_url = get("SMTP_URL");
        if let Some(url) = &smtp_url
            && !(url.starts_with("smtp://") || url.starts_with("smtps://"))
        {
            return Err(ConfigError {
                name: "SMTP_URL",
                problem: "must start with smtp:// or smtps://".into(),
            });
        }
        let mail_from = get("MAIL_FROM").unwrap_or_else(|| "Paduka <no-reply@paduka.local>".into());
        if !mail_from.contains('@') {
            return Err(ConfigError {
                name: "MAIL_FROM",
                problem: format!("{mail_from:?} is not an e-mail address"),
            });
        }
        let deliverable_pincodes = match get("DELIVERABLE_PINCODES") {
            None => DEFAULT_PINCODES
                .iter()
                .map(|p| Pincode::parse(p))
                .collect::<Result<Vec<_>, _>>(),
            Some(list) => list
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(Pincode::parse)
                .collect::<Result<Vec<_>, _>>(),
        }
        .map_err(|_| ConfigError {
            name: "DELIVERABLE_PINCODES",
            problem: "must be a comma separated list of 6-digit pincodes".into(),
        })?;
        let positive = |name: &'static str, default: u32| match get(name) {
            None => Ok(default),
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| *n >= 1)
                .ok_or_else(|| ConfigError {
                    name,
                    problem: format!("{v:?} is not a whole number of at least 1"),
                }),
        };
        let rate_limits = RateLimits {
            per_email: positive("RATE_LIMIT_PER_EMAIL", 10)?,
            per_address: positive("RATE_LIMIT_PER_ADDRESS", 50)?,
            window: chrono::Duration::seconds(i64::from(positive("RATE_LIMIT_WINDOW_SECS", 900)?)),
        };
        let low_stock_threshold = match get("LOW_STOCK_THRESHOLD") {
            None => LOW_STOCK_THRESHOLD,
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 1_000_000)
                .ok_or_else(|| ConfigError {
                    name: "LOW_STOCK_THRESHOLD",
                    problem: format!("{v:?} is not a whole number from 0 to 1000000"),
                })?,
        };
        let cod_enabled = match get("COD_ENABLED").as_deref() {
            None | Some("1" | "true" | "yes" | "on") => true,
            Some("0" | "false" | "no" | "off") => false,
            Some(v) => {
                return Err(ConfigError {
                    name: "COD_ENABLED",
                    problem: format!("{v:?} is not true or false"),
                });
            }
        };
        let cash_on_delivery = CodSettings {
            enabled: cod_enabled,
            max_amount_rupees: match get("COD_MAX_AMOUNT") {
                None => CodSettings::default().max_amount_rupees,
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|n| (1..=10_000_000).contains(n))
                    .ok_or_else(|| ConfigError {
                        name: "COD_MAX_AMOUNT",
                        problem: format!("{v:?} is not whole rupees from 1 to 10000000"),
                    })?,
            },
        };
        let invoices = invoice_settings(&get)?;
        let log_format = match get("LOG_FORMAT").as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(v) => {
                return Err(ConfigError {
                    name: "LOG_FORMAT",
                    problem: format!("{v:?} is not text or json"),
                });
            }
        };
        let trusted_proxies = TrustedProxies::parse(&get("TRUSTED_PROXIES").unwrap_or_default())
            .map_err(|problem| ConfigError {
                name: "TRUSTED_PROXIES",
                problem,
            })?;
        let demo_data = match get("DEMO_DATA").as_deref() {
            None | Some("1" | "true" | "yes" | "on") => true,
            Some("0" | "false" | "no" | "off") => false,
            Some(v) => {
                return Err(ConfigError {
                    name: "DEMO_DATA",
                    problem: format!("{v:?} is not true or false"),
                });
            }
        };
        Ok(Self {
            database_url: database_url.into(),
            database_pool_size,
            bind_addr,
            public_url,
            jwt_secret,
            bcrypt_cost,
            razorpay,
            smtp_url: smtp_url.map(SecretString::from),
            mail_from,
            deliverable_pincodes,
            low_stock_threshold,
            cash_on_delivery,
            invoices,
            static_dir: PathBuf::from(get("STATIC_DIR").unwrap_or_else(|| "frontend/dist".into())),
            data_dir,
            demo_data,
            rate_limits,
            log_format,
            trusted_proxies,
            clock: None,
        })
    }

    /// Settings for tests: a private data folder, a random port, cheap hashing, no demo data.
    pub fn for_tests(data_dir: impl Into<PathBuf>) -> Self {
        let data_dir = data_dir.into();
        Self {
            database_url: data_dir
                .join("paduka.db")
                .to_string_lossy()
                .into_owned()
                .into(),
            database_pool_size: None,
            bind_addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            public_url: "http://127.0.0.1".into(),
            jwt_secret: Some("test-secret-test-secret-test-secret!".to_owned().into()),
            bcrypt_cost: 4,
            razorpay: None,
            smtp_url: None,
            mail_from: "Paduka <no-reply@paduka.local>".into(),
            deliverable_pincodes: DEFAULT_PINCODES
                .iter()
                .map(|p| Pincode::parse(p).expect("valid"))
                .collect(),
            low_stock_threshold: LOW_STOCK_THRESHOLD,
            cash_on_delivery: CodSettings::default(),
            invoices: InvoiceSettings::default(),
            static_dir: data_dir.join("static"),
            data_dir,
            demo_data: false,
            rate_limits: RateLimits::default(),
            log_format: LogFormat::Text,
            trusted_proxies: TrustedProxies::default(),
            clock: None,
        }
    }

    pub fn is_postgres(&self) -> bool {
        is_postgres_url(self.database_url.expose_secret())
    }
}

/// The invoices' settings (decisions 11). A GSTIN whose check character is wrong, or whose
/// first two digits are not `SHOP_STATE`'s code, stops the start: every invoice would carry it.
fn invoice_settings(get: &impl Fn(&str) -> Option<String>) -> Result<InvoiceSettings, ConfigError> {
    let defaults = InvoiceSettings::default();
    let invalid = |name: &'static str| {
        move |error: paduka_domain::InvalidInput| ConfigError {
            name,
            problem: error.to_string(),
        }
    };
    let text = |name: &'static str, default: &str, max: usize| match get(name) {
        None => Ok(default.to_owned()),
        Some(value) if value.chars().count() <= max => Ok(value),
        Some(_) => Err(ConfigError {
            name,
            problem: format!("must be at most {max} characters"),
        }),
    };
    // Blank is unset, as for every variable.
    let legal_name = text("SHOP_LEGAL_NAME", &defaults.seller.legal_name, 200)?;
    // `\n` in an env file is a line break of the printed address.
    let address = text("SHOP_ADDRESS", &defaults.seller.address, 500)?.replace("\\n", "\n");
    let state = match get("SHOP_STATE") {
        None => defaults.seller.state,
        Some(value) => State::parse(&value).map_err(invalid("SHOP_STATE"))?,
    };
    let gstin = match get("SHOP_GSTIN") {
        None => None,
        Some(value) => {
            let gstin = Gstin::parse(&value).map_err(invalid("SHOP_GSTIN"))?;
            gstin.check_state(state).map_err(invalid("SHOP_GSTIN"))?;
            Some(gstin)
        }
    };
    Ok(InvoiceSettings {
        seller: Seller {
            legal_name,
            address,
            state,
            gstin,
        },
        slabs: match get("GST_SLABS") {
            None => defaults.slabs,
            Some(value) => GstSlabs::parse(&value).map_err(invalid("GST_SLABS"))?,
        },
        default_hsn: match get("DEFAULT_HSN") {
            None => defaults.default_hsn,
            Some(value) => Hsn::parse(&value).map_err(invalid("DEFAULT_HSN"))?,
        },
        prefix: match get("INVOICE_PREFIX") {
            None => defaults.prefix,
            Some(value) => InvoicePrefix::parse(&value).map_err(invalid("INVOICE_PREFIX"))?,
        },
    })
}

fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    fn settings(vars: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let vars: HashMap<String, String> = vars
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Settings::from_vars(|name| vars.get(name).cloned())
    }

    #[test]
    fn defaults_run_a_local_shop_on_sqlite() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.bind_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(s.public_url, "http://127.0.0.1:8080");
        assert_eq!(
            s.database_url.expose_secret(),
            PathBuf::from("data").join("paduka.db").to_string_lossy()
        );
        assert_eq!(s.log_format, LogFormat::Text);
        assert!(!s.is_postgres());
        assert_eq!(s.bcrypt_cost, 12);
        assert_eq!(s.deliverable_pincodes.len(), 4);
        assert!(s.demo_data && s.razorpay.is_none() && s.jwt_secret.is_none());
        assert_eq!(
            s.rate_limits,
            RateLimits {
                per_email: 10,
                per_address: 50,
                window: chrono::Duration::seconds(900),
            }
        );
        assert!(s.clock.is_none());
        assert_eq!(s.trusted_proxies, TrustedProxies::default());
    }

    #[test]
    fn rate_limits_are_read_from_the_environment() {
        let s = settings(&[
            ("RATE_LIMIT_PER_EMAIL", "3"),
            ("RATE_LIMIT_PER_ADDRESS", " 20 "),
            ("RATE_LIMIT_WINDOW_SECS", "60"),
        ])
        .unwrap();
        assert_eq!(
            s.rate_limits,
            RateLimits {
                per_email: 3,
                per_address: 20,
                window: chrono::Duration::seconds(60),
            }
        );
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        for (name, value) in [
            ("BIND_ADDR", "localhost"),
            ("PUBLIC_URL", "shop.example.in"),
            ("BCRYPT_COST", "99"),
            ("JWT_SECRET", "short"),
            ("DATABASE_URL", "mysql://x"),
            ("SMTP_URL", "http://mail"),
            ("MAIL_FROM", "nobody"),
            ("DELIVERABLE_PINCODES", "12345,281001"),
            ("DEMO_DATA", "maybe"),
            ("LOG_FORMAT", "xml"),
            ("DATABASE_POOL_SIZE", "0"),
            ("TRUSTED_PROXIES", "10.0.0.0/8,proxy.local"),
            ("RAZORPAY_API_BASE", "api.razorpay.com"),
            ("RATE_LIMIT_PER_EMAIL", "0"),
            ("RATE_LIMIT_PER_EMAIL", "ten"),
            ("RATE_LIMIT_PER_ADDRESS", "-5"),
            ("RATE_LIMIT_WINDOW_SECS", "1.5"),
            ("RAZORPAY_KEY_SECRET", "only-the-secret"),
            // The check character of 09ABCDE1234F1ZY is Y.
            ("SHOP_GSTIN", "09ABCDE1234F1ZX"),
            ("SHOP_GSTIN", "09ABCDE1234F1Z"),
            ("SHOP_STATE", "Atlantis"),
            ("GST_SLABS", "5@2500"),
            ("DEFAULT_HSN", "64"),
            ("INVOICE_PREFIX", "PDK/2026"),
        ] {
            let error = settings(&[(name, value)]).unwrap_err();
            let expected = if name == "RAZORPAY_KEY_SECRET" {
                "RAZORPAY_KEY_ID"
            } else {
                name
            };
            assert_eq!(error.name, expected, "{name}={value}");
            assert!(error.to_string().starts_with(expected));
        }
    }

    #[test]
    fn the_invoices_seller_slabs_code_and_prefix_are_read_from_the_environment() {
        let s = settings(&[
            ("SHOP_LEGAL_NAME", "Paduka Footwear Pvt Ltd"),
            ("SHOP_ADDRESS", "14 Holi Gate\\nMathura 281001"),
            ("SHOP_STATE", "Uttar Pradesh"),
            ("SHOP_GSTIN", "09abcde1234f1zy"),
            ("GST_SLABS", "5@1000,12"),
            ("DEFAULT_HSN", "640299"),
            ("INVOICE_PREFIX", "shoe"),
        ])
        .unwrap();
        let invoices = &s.invoices;
        assert_eq!(invoices.seller.legal_name, "Paduka Footwear Pvt Ltd");
        assert_eq!(invoices.seller.address, "14 Holi Gate\nMathura 281001");
        assert_eq!(invoices.seller.state, State::UttarPradesh);
        assert_eq!(
            invoices.seller.gstin.as_ref().map(Gstin::as_str),
            Some("09ABCDE1234F1ZY")
        );
        assert_eq!(invoices.default_hsn.as_str(), "640299");
        assert_eq!(invoices.prefix.as_str(), "SHOE");
        let unit = |rupees| paduka_domain::Paise::from_rupees(rupees).unwrap();
        assert_eq!(invoices.slabs.rate_for(unit(1000)).percent(), 5);
        assert_eq!(invoices.slabs.rate_for(unit(1001)).percent(), 12);
        // Unset: an unregistered shop (bills of supply) in Uttar Pradesh.
        let defaults = settings(&[]).unwrap().invoices;
        assert_eq!(defaults, InvoiceSettings::default());
        assert!(defaults.seller.gstin.is_none());
    }

    #[test]
    fn a_gstin_of_another_state_than_the_shop_s_stops_the_start() {
        // 09 is Uttar Pradesh's code; the shop says Karnataka (29).
        let error = settings(&[
            ("SHOP_STATE", "Karnataka"),
            ("SHOP_GSTIN", "09ABCDE1234F1ZY"),
        ])
        .unwrap_err();
        assert_eq!(error.name, "SHOP_GSTIN");
        assert!(settings(&[("SHOP_STATE", "KA"), ("SHOP_GSTIN", "29ABCDE1234F1ZW")]).is_ok());
    }

    #[test]
    fn the_public_url_follows_the_bind_address_unless_set() {
        let s = settings(&[("BIND_ADDR", "0.0.0.0:3000")]).unwrap();
        assert_eq!(s.public_url, "http://0.0.0.0:3000");
        let s = settings(&[("PUBLIC_URL", "https://shop.example.in/")]).unwrap();
        assert_eq!(s.public_url, "https://shop.example.in");
    }

    #[test]
    fn a_postgres_url_selects_postgres() {
        let s = settings(&[
            ("DATABASE_URL", "postgres://root@127.0.0.1/shop"),
            ("JWT_SECRET", "a-very-long-secret-value-of-32-chars!!"),
        ])
        .unwrap();
        assert!(s.is_postgres());
    }

    #[test]
    fn postgres_without_a_jwt_secret_is_refused_since_instances_must_share_it() {
        for url in ["postgres://root@127.0.0.1/shop", "postgresql://db/shop"] {
            let error = settings(&[("DATABASE_URL", url)]).unwrap_err();
            assert_eq!(error.name, "JWT_SECRET");
            assert!(error.problem.contains("PostgreSQL"), "{error}");
        }
        let sqlite = settings(&[("DATABASE_URL", "/srv/shop.db")]).unwrap();
        assert!(
            sqlite.jwt_secret.is_none(),
            "one SQLite shop may keep its own"
        );
    }

    #[test]
    fn secrets_never_print() {
        let s = settings(&[
            ("JWT_SECRET", "a-very-long-secret-value-of-32-chars!!"),
            ("DATABASE_URL", "postgres://shop:db-password@10.0.0.5/shop"),
            ("RAZORPAY_KEY_ID", "rzp_test_key"),
            ("RAZORPAY_KEY_SECRET", "razorpay-key-secret"),
            ("RAZORPAY_WEBHOOK_SECRET", "razorpay-hook-secret"),
            ("SMTP_URL", "smtp://mailer:smtp-password@mail.example.com"),
        ])
        .unwrap();
        let printed = format!("{s:?}");
        for secret in [
            "a-very-long-secret",
            "db-password",
            "razorpay-key-secret",
            "razorpay-hook-secret",
            "smtp-password",
        ] {
            assert!(!printed.contains(secret), "{secret} printed: {printed}");
        }
        assert!(s.is_postgres());
    }

    #[test]
    fn json_logs_and_another_razorpay_base_are_read_from_the_environment() {
        let s = settings(&[
            ("LOG_FORMAT", "json"),
            ("RAZORPAY_KEY_ID", "rzp_test_key"),
            ("RAZORPAY_KEY_SECRET", "secret"),
            ("RAZORPAY_API_BASE", "http://127.0.0.1:9000/"),
        ])
        .unwrap();
        assert_eq!(s.log_format, LogFormat::Json);
        assert_eq!(s.razorpay.unwrap().api_base, "http://127.0.0.1:9000");
        let s = settings(&[("RAZORPAY_KEY_ID", "k"), ("RAZORPAY_KEY_SECRET", "s")]).unwrap();
        assert_eq!(s.razorpay.unwrap().api_base, "https://api.razorpay.com");
    }
}
