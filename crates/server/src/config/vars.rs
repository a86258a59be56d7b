//! The variables as serde reads them: one field per variable, named as the variable in lower
//! case (envy matches names that way), with its default and the check of its value. A value
//! that fails its check stops the start with an error naming the variable.

use std::fmt::Display;
use std::net::SocketAddr;
use std::ops::RangeInclusive;
use std::path::PathBuf;

use chrono::NaiveTime;
use paduka_application::orders::InvoiceSettings;
use paduka_courier::ShiprocketConfig;
use paduka_domain::State;
use paduka_domain::catalog::search::Synonyms;
use paduka_domain::delivery::{DeliveryArea, DeliveryDays, parse_dispatch_cutoff};
use paduka_domain::gst::{GstSlabs, Gstin, Hsn};
use paduka_domain::invoice::InvoicePrefix;
use paduka_http::TrustedProxies;
use paduka_payment::RazorpayConfig;
use paduka_whatsapp::CloudApiConfig;
use secrecy::SecretString;
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};

use super::{ConfigError, LogFormat};

/// Every variable `.env.example` documents, `RUST_LOG` aside (the log filter reads it).
#[derive(Deserialize)]
pub(super) struct Vars {
    #[serde(default = "data_dir")]
    pub data_dir: PathBuf,
    #[serde(default = "static_dir")]
    pub static_dir: PathBuf,
    #[serde(default)]
    pub ssr_bundle: Option<PathBuf>,
    #[serde(default, deserialize_with = "database_url")]
    pub database_url: Option<SecretString>,
    #[serde(default, deserialize_with = "database_pool_size")]
    pub database_pool_size: Option<u32>,
    #[serde(default = "bind_addr", deserialize_with = "socket_address")]
    pub bind_addr: SocketAddr,
    #[serde(default, deserialize_with = "public_url")]
    pub public_url: Option<String>,
    #[serde(default, deserialize_with = "jwt_secret")]
    pub jwt_secret: Option<SecretString>,
    #[serde(
        default = "bcrypt_cost",
        deserialize_with = "bcrypt_cost_within_bounds"
    )]
    pub bcrypt_cost: u32,
    pub razorpay_key_id: Option<String>,
    #[serde(default, deserialize_with = "secret")]
    pub razorpay_key_secret: Option<SecretString>,
    #[serde(default, deserialize_with = "secret")]
    pub razorpay_webhook_secret: Option<SecretString>,
    #[serde(default = "razorpay_api_base", deserialize_with = "http_url")]
    pub razorpay_api_base: String,
    #[serde(default, deserialize_with = "smtp_url")]
    pub smtp_url: Option<SecretString>,
    #[serde(default = "mail_from", deserialize_with = "mail_address")]
    pub mail_from: String,
    #[serde(default, deserialize_with = "pincodes")]
    pub deliverable_pincodes: DeliveryArea,
    #[serde(default, deserialize_with = "secret")]
    pub shiprocket_webhook_token: Option<SecretString>,
    pub shiprocket_email: Option<String>,
    #[serde(default, deserialize_with = "secret")]
    pub shiprocket_password: Option<SecretString>,
    pub shiprocket_pickup_location: Option<String>,
    #[serde(default = "shiprocket_api_base", deserialize_with = "http_url")]
    pub shiprocket_api_base: String,
    #[serde(default, deserialize_with = "secret")]
    pub whatsapp_token: Option<SecretString>,
    #[serde(default, deserialize_with = "phone_number_id")]
    pub whatsapp_phone_number_id: Option<String>,
    #[serde(default, deserialize_with = "secret")]
    pub whatsapp_app_secret: Option<SecretString>,
    #[serde(default, deserialize_with = "secret")]
    pub whatsapp_verify_token: Option<SecretString>,
    #[serde(default = "whatsapp_api_base", deserialize_with = "http_url")]
    pub whatsapp_api_base: String,
    #[serde(default = "whatsapp_lang", deserialize_with = "language_code")]
    pub whatsapp_lang: String,
    #[serde(
        default = "ship_default_weight_grams",
        deserialize_with = "parcel_grams"
    )]
    pub ship_default_weight_grams: u32,
    #[serde(
        default = "ship_default_dimensions_cm",
        deserialize_with = "dimensions_cm"
    )]
    pub ship_default_dimensions_cm: (u32, u32, u32),
    #[serde(default, deserialize_with = "delivery_days")]
    pub delivery_days: DeliveryDays,
    #[serde(default = "dispatch_cutoff", deserialize_with = "cutoff")]
    pub dispatch_cutoff: NaiveTime,
    #[serde(default = "low_stock_threshold", deserialize_with = "stock_level")]
    pub low_stock_threshold: u32,
    #[serde(default = "switched_on", deserialize_with = "switch")]
    pub cod_enabled: bool,
    #[serde(default = "cod_max_amount", deserialize_with = "whole_rupees")]
    pub cod_max_amount: i64,
    #[serde(default, deserialize_with = "percent_limit")]
    pub cod_rto_limit: Option<u32>,
    #[serde(default, deserialize_with = "prepaid_percent")]
    pub prepaid_discount_percent: u32,
    #[serde(default, deserialize_with = "cod_fee")]
    pub cod_fee: u32,
    #[serde(default = "cod_rto_min_shipments", deserialize_with = "at_least_one")]
    pub cod_rto_min_shipments: u32,
    #[serde(default = "fit_min_returns", deserialize_with = "at_least_one")]
    pub fit_min_returns: u32,
    #[serde(default = "cod_remind_hours", deserialize_with = "at_least_one")]
    pub cod_remind_hours: u32,
    #[serde(default = "cod_confirm_hours", deserialize_with = "at_least_one")]
    pub cod_confirm_hours: u32,
    #[serde(default, deserialize_with = "switch")]
    pub cod_auto_cancel: bool,
    #[serde(default = "return_window_days", deserialize_with = "window_days")]
    pub return_window_days: u32,
    #[serde(default, deserialize_with = "synonyms")]
    pub search_synonyms: Synonyms,
    #[serde(default, deserialize_with = "switch")]
    pub import_allow_private_hosts: bool,
    #[serde(default = "import_uncounted_stock", deserialize_with = "stock_level")]
    pub import_uncounted_stock: u32,
    #[serde(default = "per_email", deserialize_with = "at_least_one")]
    pub rate_limit_per_email: u32,
    #[serde(default = "per_address", deserialize_with = "at_least_one")]
    pub rate_limit_per_address: u32,
    #[serde(default = "window_secs", deserialize_with = "at_least_one")]
    pub rate_limit_window_secs: u32,
    #[serde(default = "shop_legal_name", deserialize_with = "legal_name")]
    pub shop_legal_name: String,
    #[serde(default = "shop_address", deserialize_with = "address")]
    pub shop_address: String,
    #[serde(default = "shop_state", deserialize_with = "state")]
    pub shop_state: State,
    #[serde(default, deserialize_with = "gstin")]
    pub shop_gstin: Option<Gstin>,
    #[serde(default = "gst_slabs", deserialize_with = "slabs")]
    pub gst_slabs: GstSlabs,
    #[serde(default = "default_hsn", deserialize_with = "hsn")]
    pub default_hsn: Hsn,
    #[serde(default = "invoice_prefix", deserialize_with = "prefix")]
    pub invoice_prefix: InvoicePrefix,
    #[serde(default, deserialize_with = "log_format")]
    pub log_format: LogFormat,
    #[serde(default, deserialize_with = "proxies")]
    pub trusted_proxies: TrustedProxies,
    #[serde(default = "switched_on", deserialize_with = "switch")]
    pub demo_data: bool,
    #[serde(default, deserialize_with = "switch")]
    pub dev_outbox: bool,
}

impl Vars {
    /// Reads the variables: only names written in capitals, each value trimmed, and a blank
    /// one taken as unset.
    pub fn read(vars: impl IntoIterator<Item = (String, String)>) -> Result<Self, ConfigError> {
        let vars = vars.into_iter().filter_map(|(name, value)| {
            let value = value.trim();
            // envy lower-cases every name; `data_dir` is not `DATA_DIR`.
            (!value.is_empty() && !name.bytes().any(|b| b.is_ascii_lowercase()))
                .then(|| (name, value.to_owned()))
        });
        let NamingErrors(vars) = envy::from_iter(vars).map_err(|error| ConfigError {
            name: "environment".into(),
            problem: error.to_string(),
        })?;
        vars
    }
}

/// A value deserialized through `serde_path_to_error`, so that a failed value's error
/// names its variable (envy's own deserializer is private: this wraps it from inside).
struct NamingErrors<T>(Result<T, ConfigError>);

impl<'de, T: DeserializeOwned> Deserialize<'de> for NamingErrors<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Self(
            serde_path_to_error::deserialize(deserializer).map_err(|error| ConfigError {
                name: error.path().to_string().to_uppercase(),
                problem: error.into_inner().to_string(),
            }),
        ))
    }
}

// The defaults.

fn data_dir() -> PathBuf {
    "data".into()
}

fn static_dir() -> PathBuf {
    "frontend/dist".into()
}

fn bind_addr() -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], 8080))
}

fn bcrypt_cost() -> u32 {
    12
}

fn razorpay_api_base() -> String {
    RazorpayConfig::DEFAULT_BASE_URL.to_owned()
}

fn shiprocket_api_base() -> String {
    ShiprocketConfig::DEFAULT_API_BASE.to_owned()
}

fn whatsapp_api_base() -> String {
    CloudApiConfig::DEFAULT_API_BASE.to_owned()
}

fn whatsapp_lang() -> String {
    CloudApiConfig::DEFAULT_LANGUAGE.to_owned()
}

fn ship_default_weight_grams() -> u32 {
    800
}

fn ship_default_dimensions_cm() -> (u32, u32, u32) {
    (30, 20, 12)
}

fn mail_from() -> String {
    "Paduka <no-reply@paduka.local>".into()
}

fn dispatch_cutoff() -> NaiveTime {
    NaiveTime::from_hms_opt(14, 0, 0).expect("a valid time")
}

fn low_stock_threshold() -> u32 {
    paduka_application::admin::LOW_STOCK_THRESHOLD
}

fn import_uncounted_stock() -> u32 {
    paduka_domain::catalog::import::DEFAULT_UNCOUNTED_STOCK
}

fn switched_on() -> bool {
    true
}

fn cod_max_amount() -> i64 {
    paduka_application::checkout::CodSettings::default().max_amount_rupees
}

fn cod_rto_min_shipments() -> u32 {
    paduka_domain::order::CodRtoLimit::DEFAULT_MIN_SHIPMENTS
}

fn cod_remind_hours() -> u32 {
    12
}

fn cod_confirm_hours() -> u32 {
    24
}

fn fit_min_returns() -> u32 {
    paduka_domain::returns::FitRule::DEFAULT_MIN_RETURNS
}

fn return_window_days() -> u32 {
    paduka_domain::returns::DEFAULT_RETURN_WINDOW_DAYS
}

fn per_email() -> u32 {
    paduka_application::accounts::RateLimits::default().per_email
}

fn per_address() -> u32 {
    paduka_application::accounts::RateLimits::default().per_address
}

fn window_secs() -> u32 {
    let window = paduka_application::accounts::RateLimits::default().window;
    u32::try_from(window.num_seconds()).expect("the default window fits")
}

fn shop_legal_name() -> String {
    InvoiceSettings::default().seller.legal_name
}

fn shop_address() -> String {
    InvoiceSettings::default().seller.address
}

fn shop_state() -> State {
    InvoiceSettings::default().seller.state
}

fn gst_slabs() -> GstSlabs {
    InvoiceSettings::default().slabs
}

fn default_hsn() -> Hsn {
    InvoiceSettings::default().default_hsn
}

fn invoice_prefix() -> InvoicePrefix {
    InvoiceSettings::default().prefix
}

// The checks, each given the variable's text.

/// Reads a value's text with `parse`, whose error says what is wrong with it.
fn parsed<'de, D, T, E>(
    deserializer: D,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    E: Display,
{
    let text = String::deserialize(deserializer)?;
    parse(&text).map_err(D::Error::custom)
}

fn whole_number<'de, D: Deserializer<'de>>(
    deserializer: D,
    range: RangeInclusive<u32>,
) -> Result<u32, D::Error> {
    parsed(deserializer, |text| {
        text.parse()
            .ok()
            .filter(|n| range.contains(n))
            .ok_or_else(|| match (range.start(), range.end()) {
                (least, &u32::MAX) => format!("{text:?} is not a whole number of at least {least}"),
                (least, most) => format!("{text:?} is not a whole number from {least} to {most}"),
            })
    })
}

fn database_url<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<SecretString>, D::Error> {
    parsed(deserializer, |url| match url.split_once("://") {
        Some((scheme, _)) if !matches!(scheme, "postgres" | "postgresql" | "sqlite") => {
            Err(format!(
                "the scheme {scheme}:// is not supported; use postgres:// or a SQLite file path"
            ))
        }
        _ => Ok(Some(url.to_owned().into())),
    })
}

fn database_pool_size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    whole_number(deserializer, 1..=256).map(Some)
}

fn socket_address<'de, D: Deserializer<'de>>(deserializer: D) -> Result<SocketAddr, D::Error> {
    parsed(deserializer, |text| {
        text.parse()
            .map_err(|_| format!("{text:?} is not an address and port like 127.0.0.1:8080"))
    })
}

/// Without its trailing slash: absolute links append paths to it.
fn public_url<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    parsed(deserializer, |url| {
        if url.starts_with("http://") || url.starts_with("https://") {
            Ok(Some(url.trim_end_matches('/').to_owned()))
        } else {
            Err(format!("{url:?} must start with http:// or https://"))
        }
    })
}

fn jwt_secret<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<SecretString>, D::Error> {
    parsed(deserializer, |secret| {
        if secret.len() < 32 {
            Err("must be at least 32 characters")
        } else {
            Ok(Some(secret.to_owned().into()))
        }
    })
}

fn bcrypt_cost_within_bounds<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 4..=31)
}

fn secret<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<SecretString>, D::Error> {
    String::deserialize(deserializer).map(|secret| Some(secret.into()))
}

/// Meta's id of the sending number: digits only (it is a path segment of every send).
fn phone_number_id<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<String>, D::Error> {
    parsed(deserializer, |id| {
        if !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Some(id.to_owned()))
        } else {
            Err(format!(
                "{id:?} is not a phone number id (digits, as WhatsApp Manager shows it)"
            ))
        }
    })
}

/// A template language code as Meta writes them: `en`, `hi`, `en_US`, `pt_BR`.
fn language_code<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    parsed(deserializer, |code| {
        let (language, region) = code.split_once('_').unwrap_or((code, ""));
        let language_ok =
            (2..=3).contains(&language.len()) && language.bytes().all(|b| b.is_ascii_lowercase());
        let region_ok = region.is_empty()
            || (region.len() == 2 && region.bytes().all(|b| b.is_ascii_uppercase()));
        if language_ok && region_ok {
            Ok(code.to_owned())
        } else {
            Err(format!(
                "{code:?} is not a language code such as en, hi or en_US"
            ))
        }
    })
}

/// Without its trailing slash: every call's path is appended to it.
fn http_url<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    parsed(deserializer, |url| {
        let url = url.trim_end_matches('/');
        if url.starts_with("https://") || url.starts_with("http://") {
            Ok(url.to_owned())
        } else {
            Err(format!("{url:?} is not an http(s):// URL"))
        }
    })
}

fn smtp_url<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<SecretString>, D::Error> {
    parsed(deserializer, |url| {
        if url.starts_with("smtp://") || url.starts_with("smtps://") {
            Ok(Some(url.to_owned().into()))
        } else {
            // Not the value: it may hold the mail server's password.
            Err("must start with smtp:// or smtps://")
        }
    })
}

fn mail_address<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    parsed(deserializer, |from| {
        if from.contains('@') {
            Ok(from.to_owned())
        } else {
            Err(format!("{from:?} is not an e-mail address"))
        }
    })
}

fn pincodes<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DeliveryArea, D::Error> {
    parsed(deserializer, |list| {
        DeliveryArea::parse_list(list)
            .map_err(|error| format!("must be a comma separated list of 6-digit pincodes: {error}"))
    })
}

fn delivery_days<'de, D: Deserializer<'de>>(deserializer: D) -> Result<DeliveryDays, D::Error> {
    parsed(deserializer, DeliveryDays::parse)
}

fn cutoff<'de, D: Deserializer<'de>>(deserializer: D) -> Result<NaiveTime, D::Error> {
    parsed(deserializer, parse_dispatch_cutoff)
}

/// `chappal=slipper=slippers; jutti=juti=mojari` (decisions D27).
fn synonyms<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Synonyms, D::Error> {
    parsed(deserializer, Synonyms::parse)
}

fn stock_level<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 0..=1_000_000)
}

/// `COD_RTO_LIMIT`: a whole percent; 0 would turn cash on delivery off in every area with
/// enough shipments, which `COD_ENABLED=false` says plainly (decisions D38).
fn percent_limit<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u32>, D::Error> {
    whole_number(deserializer, 1..=100).map(Some)
}

/// `PREPAID_DISCOUNT_PERCENT`: the saving for paying online (decisions D41).
fn prepaid_percent<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(
        deserializer,
        0..=paduka_domain::order::MAX_PREPAID_DISCOUNT_PERCENT,
    )
}

/// `COD_FEE`: whole rupees, at most what [`paduka_domain::order::PaymentCharges`] takes.
fn cod_fee<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 0..=10_000)
}

/// Days after delivery a return may be asked for (decisions D24).
fn window_days<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 1..=365)
}

/// A parcel's weight: what one courier parcel may be (decisions D15).
fn parcel_grams<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 1..=50_000)
}

/// `30x20x12`: length, breadth and height in whole centimetres, each 1-300.
fn dimensions_cm<'de, D: Deserializer<'de>>(deserializer: D) -> Result<(u32, u32, u32), D::Error> {
    parsed(deserializer, |text| {
        let sizes: Vec<u32> = text
            .split(['x', 'X'])
            .filter_map(|size| size.trim().parse().ok())
            .filter(|size| (1..=300).contains(size))
            .collect();
        match (sizes.as_slice(), text.split(['x', 'X']).count()) {
            ([length, breadth, height], 3) => Ok((*length, *breadth, *height)),
            _ => Err(format!(
                "{text:?} is not LxBxH in whole centimetres from 1 to 300 (e.g. 30x20x12)"
            )),
        }
    })
}

fn switch<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
    parsed(deserializer, |text| match text {
        "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!("{text:?} is not true or false")),
    })
}

fn whole_rupees<'de, D: Deserializer<'de>>(deserializer: D) -> Result<i64, D::Error> {
    parsed(deserializer, |text| {
        text.parse()
            .ok()
            .filter(|n| (1..=10_000_000).contains(n))
            .ok_or_else(|| format!("{text:?} is not whole rupees from 1 to 10000000"))
    })
}

fn at_least_one<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    whole_number(deserializer, 1..=u32::MAX)
}

fn text_of_at_most<'de, D: Deserializer<'de>>(
    deserializer: D,
    max: usize,
) -> Result<String, D::Error> {
    parsed(deserializer, |text| {
        if text.chars().count() <= max {
            Ok(text.to_owned())
        } else {
            Err(format!("must be at most {max} characters"))
        }
    })
}

fn legal_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    text_of_at_most(deserializer, 200)
}

/// `\n` in an env file is a line break of the printed address.
fn address<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    text_of_at_most(deserializer, 500).map(|address| address.replace("\\n", "\n"))
}

fn state<'de, D: Deserializer<'de>>(deserializer: D) -> Result<State, D::Error> {
    parsed(deserializer, State::parse)
}

fn gstin<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Gstin>, D::Error> {
    parsed(deserializer, Gstin::parse).map(Some)
}

fn slabs<'de, D: Deserializer<'de>>(deserializer: D) -> Result<GstSlabs, D::Error> {
    parsed(deserializer, GstSlabs::parse)
}

fn hsn<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Hsn, D::Error> {
    parsed(deserializer, Hsn::parse)
}

fn prefix<'de, D: Deserializer<'de>>(deserializer: D) -> Result<InvoicePrefix, D::Error> {
    parsed(deserializer, InvoicePrefix::parse)
}

fn log_format<'de, D: Deserializer<'de>>(deserializer: D) -> Result<LogFormat, D::Error> {
    parsed(deserializer, |text| match text {
        "text" => Ok(LogFormat::Text),
        "json" => Ok(LogFormat::Json),
        _ => Err(format!("{text:?} is not text or json")),
    })
}

fn proxies<'de, D: Deserializer<'de>>(deserializer: D) -> Result<TrustedProxies, D::Error> {
    parsed(deserializer, TrustedProxies::parse)
}
