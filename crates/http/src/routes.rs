//! The route table: every `/api/v1` operation registered once, its path and method taken
//! from the handler's route attribute, its tag from the group it is registered in; the
//! OpenAPI document is collected from the same registration (utoipa-actix-web), so what is
//! served and what is documented cannot drift.

mod tagged;

use std::collections::BTreeMap;

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header::ALLOW;
use actix_web::{HttpResponse, Route, web};
use utoipa::openapi::path::Paths;
use utoipa::openapi::{HttpMethod, OpenApi};
use utoipa_actix_web::OpenApiFactory;
use utoipa_actix_web::scope::{Scope, scope};

use crate::dto::ErrorBody;
use crate::extract::{json_config, path_config, query_config};
use crate::handlers::payment::sandbox_page;
use crate::handlers::{
    admin, auth, categories, cod, coupons, delivery, dev, health, media, orders, payment, products,
    returns, reviews, sales, shipping, users, whatsapp,
};
use crate::{ApiState, openapi};
use tagged::{Optional, Tagged, tagged};

/// Where the API lives.
pub const API_PREFIX: &str = "/api/v1";

/// Every `/api/v1` operation, in groups of one tag each; `POST /payment/sandbox/pay` only
/// `with_sandbox` (the sandbox is the payment gateway), the development outbox only
/// `with_dev_outbox`. Order matters where paths overlap: a literal before a `{parameter}`.
pub fn api_scope(
    with_sandbox: bool,
    with_dev_outbox: bool,
) -> Scope<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    scope(API_PREFIX)
        .service(tagged(
            "products",
            (
                products::list::get_products,
                products::suggest::suggest,
                products::search_misses::search_misses,
                products::featured::featured_products,
                products::get::get_product,
                products::find_size::find_size,
                products::by_category::products_by_category,
                products::photo::product_photo,
                products::create::create_product,
                products::update::update_product,
                products::delete::delete_product,
            ),
        ))
        // The catalog's CSV, a group of its own: actix-web registers at most 12 at once.
        .service(tagged(
            "products",
            (
                products::export::export_products,
                products::import::import_products,
                products::import::import_job,
                products::import::refetch_photos,
            ),
        ))
        .service(tagged(
            "reviews",
            (reviews::list::product_reviews, reviews::add::add_review),
        ))
        .service(tagged(
            "categories",
            (
                categories::list::all_categories,
                categories::create::create_category,
                categories::update::update_category,
                categories::delete::delete_category,
            ),
        ))
        .service(tagged(
            "sales",
            (
                sales::list::all_sales,
                sales::create::create_sale,
                sales::update::update_sale,
                sales::delete::delete_sale,
            ),
        ))
        .service(tagged(
            "coupons",
            (
                coupons::list::all_coupons,
                coupons::create::create_coupon,
                coupons::update::update_coupon,
                coupons::delete::delete_coupon,
                coupons::apply::apply_coupon,
            ),
        ))
        .service(tagged(
            "auth",
            (
                auth::login::login,
                auth::register::register,
                auth::forgot_password::forgot_password,
                auth::reset_password::reset_password,
                auth::user_auth::user_auth,
                auth::admin_auth::admin_auth,
            ),
        ))
        .service(tagged(
            "users",
            (
                users::get_sellers::get_sellers,
                users::get_users::get_users,
                users::update_user::update_user,
                users::delete_user::delete_user,
                users::credit::my_credit,
            ),
        ))
        .service(tagged(
            "checkout",
            (
                delivery::states::states,
                delivery::check::check_delivery,
                payment::webhook::payment_webhook,
                Optional(with_sandbox.then_some(payment::sandbox_pay::sandbox_pay)),
                payment::create::create_payment,
                payment::quote::quote_cart,
            ),
        ))
        .service(tagged(
            "orders",
            (
                orders::place::place_order,
                orders::cod::place_cod_order,
                orders::mark_paid::mark_paid,
                orders::my_orders::my_orders,
                orders::get::get_order,
                orders::invoice::invoice,
                orders::invoice::credit_note,
                orders::all::all_orders,
                orders::update_status::update_status,
                orders::cancel::cancel_order,
            ),
        ))
        .service(tagged(
            "shipping",
            (
                shipping::create::ship_order,
                shipping::label::label,
                shipping::event::record_event,
                shipping::webhook::courier_webhook,
            ),
        ))
        .service(tagged(
            "returns",
            (
                returns::request::request_return,
                returns::mine::my_returns,
                returns::all::all_returns,
                returns::approve::approve_return,
                returns::reject::reject_return,
                returns::picked_up::return_picked_up,
                returns::receive::receive_return,
                returns::complete::complete_return,
                returns::cancel::cancel_return,
                returns::credit_note::return_credit_note,
            ),
        ))
        .service(tagged(
            "whatsapp",
            (
                whatsapp::verify::verify_webhook,
                whatsapp::webhook::whatsapp_webhook,
            ),
        ))
        .service(tagged(
            "cod",
            (cod::cod_link, cod::cod_confirm, cod::cod_cancel),
        ))
        .service(tagged(
            "dev",
            (
                Optional(with_dev_outbox.then_some(dev::dev_outbox)),
                Optional(with_dev_outbox.then_some(dev::dev_outbox_reply)),
            ),
        ))
        .service(tagged("admin", (admin::stats::admin_stats,)))
        .service(tagged(
            "media",
            (media::get::get_media, media::upload::upload_media),
        ))
        .service(health_checks())
        .service(tagged("meta", (openapi::openapi_json,)))
}

/// The health checks, mounted under [`API_PREFIX`] and at the root.
fn health_checks() -> Tagged<(health::live::live, health::ready::ready)> {
    tagged("health", (health::live::live, health::ready::ready))
}

/// The paths and schemas of every operation, the root health checks included: what
/// [`configure`] mounts with the sandbox and the development outbox on.
pub fn registered_operations() -> OpenApi {
    let api = api_scope(true, true);
    let mut document = OpenApi::default();
    document.paths = api.paths();
    document.paths.merge(health_checks().paths());
    let mut schemas = Vec::new();
    api.schemas(&mut schemas);
    document
        .components
        .get_or_insert_with(Default::default)
        .schemas
        .extend(schemas);
    document
}

/// Mounts the API: the services as app data, every operation under [`API_PREFIX`] (with JSON
/// errors for unknown paths and wrong methods), and the root health checks.
pub fn configure(state: ApiState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        // Each use case is app data of its own trait object, which is what handlers extract.
        // Destructured, so a use case added to `ApiState` cannot be left unmounted.
        let ApiState {
            catalog,
            photos,
            transfer,
            sales,
            coupons,
            auth,
            registration,
            users,
            checkout,
            credit,
            orders,
            returns,
            admin,
            sandbox,
            readiness,
            replies,
            trusted_proxies,
            courier_webhook_key,
            whatsapp,
            cod,
            dev_outbox,
        } = state;
        config
            .app_data(web::Data::from(catalog))
            .app_data(web::Data::from(photos))
            .app_data(web::Data::from(transfer))
            .app_data(web::Data::from(replies))
            .app_data(web::Data::from(sales))
            .app_data(web::Data::from(coupons))
            .app_data(web::Data::from(auth))
            .app_data(web::Data::from(registration))
            .app_data(web::Data::from(users))
            .app_data(web::Data::from(checkout))
            .app_data(web::Data::from(credit))
            .app_data(web::Data::from(orders))
            .app_data(web::Data::from(returns))
            .app_data(web::Data::from(admin))
            .app_data(web::Data::from(readiness))
            .app_data(web::Data::from(trusted_proxies))
            .app_data(web::Data::from(courier_webhook_key))
            .app_data(web::Data::from(whatsapp))
            .app_data(web::Data::from(cod));

        let api = api_scope(sandbox.is_some(), dev_outbox.is_some())
            .app_data(json_config())
            .app_data(query_config())
            .app_data(path_config());
        let allowed = allowed_methods(&api.paths(), API_PREFIX);
        let mut api = api.map(|mut api| {
            for (path, methods) in allowed {
                api = api.service(web::resource(path).default_service(method_not_allowed(methods)));
            }
            api.default_service(web::to(not_found))
        });
        if let Some(sandbox) = &sandbox {
            api = api.app_data(web::Data::from(sandbox.clone()));
        }
        if let Some(mails) = dev_outbox {
            api = api.app_data(web::Data::from(mails));
        }
        config.service(api);
        if sandbox.is_some() {
            config.service(
                web::resource(sandbox_page::SANDBOX_CHECKOUT_PATH)
                    .route(web::get().to(sandbox_page::sandbox_checkout)),
            );
        }

        // Health checks also answer at the root, where load balancers look for them.
        let root_health = health_checks();
        let allowed = allowed_methods(&root_health.paths(), "");
        config.service(root_health);
        for (path, methods) in allowed {
            config.service(web::resource(path).default_service(method_not_allowed(methods)));
        }
    }
}

/// Each documented path (without `prefix`) and the methods it answers, for the 405s.
/// `Paths` is sorted, which puts `/delivery/states` before `/delivery/{pincode}` (`{` sorts
/// after letters) as the 405 of a literal path must come first.
fn allowed_methods(paths: &Paths, prefix: &str) -> BTreeMap<String, String> {
    paths
        .paths
        .iter()
        .map(|(path, item)| {
            let methods = [
                (HttpMethod::Get, item.get.is_some()),
                (HttpMethod::Post, item.post.is_some()),
                (HttpMethod::Put, item.put.is_some()),
                (HttpMethod::Delete, item.delete.is_some()),
                (HttpMethod::Patch, item.patch.is_some()),
            ]
            .into_iter()
            .filter(|(_, present)| *present)
            .map(|(method, _)| method_name(&method))
            .collect::<Vec<_>>()
            .join(", ");
            let path = path.strip_prefix(prefix).unwrap_or(path).to_owned();
            (path, methods)
        })
        .collect()
}

fn method_name(method: &HttpMethod) -> &'static str {
    match method {
        HttpMethod::Get => "GET",
        HttpMethod::Post => "POST",
        HttpMethod::Put => "PUT",
        HttpMethod::Delete => "DELETE",
        HttpMethod::Patch => "PATCH",
        HttpMethod::Options => "OPTIONS",
        HttpMethod::Head => "HEAD",
        HttpMethod::Trace => "TRACE",
    }
}

async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().json(ErrorBody::new("Not found"))
}

/// The 405 of a known path, whose `Allow` header names the methods it has (RFC 9110).
fn method_not_allowed(allow: String) -> Route {
    web::to(move || {
        let allow = allow.clone();
        async move {
            HttpResponse::MethodNotAllowed()
                .insert_header((ALLOW, allow))
                .json(ErrorBody::new("Method not allowed"))
        }
    })
}
