//! The route table: every `/api/v1` route in one list, mounted by [`configure`] and checked
//! against the OpenAPI document by a test.

use actix_web::http::Method;
use actix_web::http::header::ALLOW;
use actix_web::{FromRequest, Handler, HttpResponse, Resource, Responder, Route, web};

use crate::dto::ErrorBody;
use crate::extract::{json_config, path_config, query_config};
use crate::handlers::payment::sandbox_page;
use crate::handlers::{
    admin, auth, categories, coupons, delivery, health, media, orders, payment, products, reviews,
    sales, users,
};
use crate::{ApiState, openapi};

/// Where the API lives.
pub const API_PREFIX: &str = "/api/v1";

/// Health checks also answer at the root, where load balancers look for them.
pub const ROOT_HEALTH_PATHS: [&str; 2] = ["/health/live", "/health/ready"];

/// One route: its method, its path under [`API_PREFIX`], and its handler.
pub struct ApiRoute {
    pub method: Method,
    pub path: &'static str,
    pub route: Route,
    /// Mounted only while the sandbox payment adapter is active.
    pub sandbox_only: bool,
}

fn route<F, Args>(method: Method, path: &'static str, handler: F) -> ApiRoute
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    ApiRoute {
        route: web::method(method.clone()).to(handler),
        method,
        path,
        sandbox_only: false,
    }
}

fn sandbox_route<F, Args>(method: Method, path: &'static str, handler: F) -> ApiRoute
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    ApiRoute {
        sandbox_only: true,
        ..route(method, path, handler)
    }
}

/// Every `/api/v1` route.
pub fn api_routes() -> Vec<ApiRoute> {
    use Method as M;
    vec![
        // products
        route(
            M::GET,
            "/product/get-products",
            products::list::get_products,
        ),
        route(
            M::GET,
            "/product/featured",
            products::featured::featured_products,
        ),
        route(
            M::GET,
            "/product/get-product/{id}",
            products::get::get_product,
        ),
        route(
            M::GET,
            "/product/category/{id}",
            products::by_category::products_by_category,
        ),
        route(
            M::GET,
            "/product/product-photo/{id}",
            products::photo::product_photo,
        ),
        route(
            M::POST,
            "/product/create-product",
            products::create::create_product,
        ),
        route(
            M::PUT,
            "/product/update-product/{id}",
            products::update::update_product,
        ),
        route(
            M::DELETE,
            "/product/delete/{id}",
            products::delete::delete_product,
        ),
        // reviews
        route(
            M::GET,
            "/product/reviews/{id}",
            reviews::list::product_reviews,
        ),
        route(M::POST, "/review/add-review/{id}", reviews::add::add_review),
        // categories
        route(
            M::GET,
            "/category/all-categories",
            categories::list::all_categories,
        ),
        route(
            M::POST,
            "/category/create-category",
            categories::create::create_category,
        ),
        route(
            M::PUT,
            "/category/update-category/{id}",
            categories::update::update_category,
        ),
        route(
            M::GET,
            "/category/delete-category/{id}",
            categories::delete::delete_category,
        ),
        // sales
        route(M::GET, "/sale/allsales", sales::list::all_sales),
        route(M::POST, "/sale/create-sale", sales::create::create_sale),
        route(M::PUT, "/sale/update-sale/{id}", sales::update::update_sale),
        route(M::GET, "/sale/delete-sale/{id}", sales::delete::delete_sale),
        // coupons
        route(M::GET, "/coupon/all-coupons", coupons::list::all_coupons),
        route(
            M::POST,
            "/coupon/create-coupon",
            coupons::create::create_coupon,
        ),
        route(
            M::PUT,
            "/coupon/update-coupon/{id}",
            coupons::update::update_coupon,
        ),
        route(
            M::GET,
            "/coupon/delete-coupon/{id}",
            coupons::delete::delete_coupon,
        ),
        route(M::POST, "/coupon/apply", coupons::apply::apply_coupon),
        // auth and users
        route(M::POST, "/auth/login", auth::login::login),
        route(M::POST, "/auth/register", auth::register::register),
        route(
            M::POST,
            "/auth/forgot-password",
            auth::forgot_password::forgot_password,
        ),
        route(
            M::POST,
            "/auth/reset-password",
            auth::reset_password::reset_password,
        ),
        route(M::GET, "/auth/user-auth", auth::user_auth::user_auth),
        route(M::GET, "/auth/admin-auth", auth::admin_auth::admin_auth),
        route(M::GET, "/user/get-sellers", users::get_sellers::get_sellers),
        route(M::GET, "/user/get-users", users::get_users::get_users),
        route(
            M::PUT,
            "/user/update-user/{id}",
            users::update_user::update_user,
        ),
        route(
            M::GET,
            "/user/delete-user/{id}",
            users::delete_user::delete_user,
        ),
        // checkout and orders
        // Before `/delivery/{pincode}`, which would take `states` for a pincode.
        route(M::GET, "/delivery/states", delivery::states::states),
        route(
            M::GET,
            "/delivery/{pincode}",
            delivery::check::check_delivery,
        ),
        route(
            M::POST,
            "/payment/webhook",
            payment::webhook::payment_webhook,
        ),
        sandbox_route(
            M::POST,
            "/payment/sandbox/pay",
            payment::sandbox_pay::sandbox_pay,
        ),
        route(
            M::POST,
            "/payment/{amount}",
            payment::create::create_payment,
        ),
        route(M::POST, "/order/cart", orders::place::place_order),
        route(M::POST, "/order/cod", orders::cod::place_cod_order),
        route(
            M::PUT,
            "/order/mark-paid/{id}",
            orders::mark_paid::mark_paid,
        ),
        route(M::POST, "/order/myorders", orders::my_orders::my_orders),
        route(M::GET, "/order/get-order/{id}", orders::get::get_order),
        route(M::GET, "/order/invoice/{id}", orders::invoice::invoice),
        route(M::GET, "/order/get-all-orders", orders::all::all_orders),
        route(
            M::PUT,
            "/order/update-status/{id}",
            orders::update_status::update_status,
        ),
        route(M::GET, "/order/delete/{id}", orders::cancel::cancel_order),
        // the admin overview
        route(M::GET, "/admin/stats", admin::stats::admin_stats),
        // media, health, the document
        route(M::GET, "/media/{id}", media::get::get_media),
        route(M::GET, "/health/live", health::live::live),
        route(M::GET, "/health/ready", health::ready::ready),
        route(M::GET, "/openapi.json", openapi::openapi_json),
    ]
}

/// Mounts the API: the services as app data, every route under [`API_PREFIX`] (with JSON
/// errors for unknown paths and wrong methods), and the root health checks.
pub fn configure(state: ApiState) -> impl FnOnce(&mut web::ServiceConfig) {
    move |config| {
        // Each use case is app data of its own trait object, which is what handlers extract.
        // Destructured, so a use case added to `ApiState` cannot be left unmounted.
        let ApiState {
            catalog,
            photos,
            sales,
            coupons,
            auth,
            registration,
            users,
            checkout,
            orders,
            admin,
            sandbox,
            readiness,
            replies,
            trusted_proxies,
        } = state;
        config
            .app_data(web::Data::from(catalog))
            .app_data(web::Data::from(photos))
            .app_data(web::Data::from(replies))
            .app_data(web::Data::from(sales))
            .app_data(web::Data::from(coupons))
            .app_data(web::Data::from(auth))
            .app_data(web::Data::from(registration))
            .app_data(web::Data::from(users))
            .app_data(web::Data::from(checkout))
            .app_data(web::Data::from(orders))
            .app_data(web::Data::from(admin))
            .app_data(web::Data::from(readiness))
            .app_data(web::Data::from(trusted_proxies));

        let mut api = web::scope(API_PREFIX)
            .app_data(json_config())
            .app_data(query_config())
            .app_data(path_config());
        // One resource per path, so a wrong method on a known path is a 405 naming the
        // methods it has in `Allow` (RFC 9110).
        let state_has_sandbox = sandbox.is_some();
        let mut resources: Vec<(&'static str, Resource, Vec<Method>)> = Vec::new();
        for ApiRoute {
            method,
            path,
            route,
            sandbox_only,
        } in api_routes()
        {
            if sandbox_only && sandbox.is_none() {
                continue;
            }
            match resources.iter_mut().find(|(known, ..)| *known == path) {
                Some((_, resource, methods)) => {
                    let current = std::mem::replace(resource, web::resource(path));
                    *resource = current.route(route);
                    methods.push(method);
                }
                None => resources.push((path, web::resource(path).route(route), vec![method])),
            }
        }
        for (_, resource, methods) in resources {
            api = api.service(resource.default_service(method_not_allowed(&methods)));
        }
        if let Some(sandbox) = sandbox {
            api = api.app_data(web::Data::from(sandbox));
        }
        config.service(api.default_service(web::to(not_found)));
        if state_has_sandbox {
            config.service(
                web::resource(sandbox_page::SANDBOX_CHECKOUT_PATH)
                    .route(web::get().to(sandbox_page::sandbox_checkout)),
            );
        }

        config
            .service(
                web::resource(ROOT_HEALTH_PATHS[0])
                    .route(web::get().to(health::live::live))
                    .default_service(method_not_allowed(&[Method::GET])),
            )
            .service(
                web::resource(ROOT_HEALTH_PATHS[1])
                    .route(web::get().to(health::ready::ready))
                    .default_service(method_not_allowed(&[Method::GET])),
            );
    }
}

async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().json(ErrorBody::new("Not found"))
}

/// The 405 of a path that has only `methods`, which its `Allow` header names.
fn method_not_allowed(methods: &[Method]) -> Route {
    let allow = methods
        .iter()
        .map(Method::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    web::to(move || {
        let allow = allow.clone();
        async move {
            HttpResponse::MethodNotAllowed()
                .insert_header((ALLOW, allow))
                .json(ErrorBody::new("Method not allowed"))
        }
    })
}
