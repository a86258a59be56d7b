//! The OpenAPI document of `/api/v1`, served at `/api/v1/openapi.json`.

use std::sync::LazyLock;

use actix_web::{HttpResponse, get};
use utoipa::openapi::path::{Operation, PathItem};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::contract::needs_token;
use crate::dto::{AuthCheckFailure, ErrorBody};
use crate::routes::registered_operations;

/// The name of the security scheme the guarded routes list.
pub const SECURITY_SCHEME: &str = "token";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Paduka API",
        description = "The online footwear shop's JSON API. Errors are always \
            `{\"success\": false, \"message\": \"...\"}` with the matching status. Money is in \
            rupees, percentages are whole numbers, times are UTC ISO 8601 with `Z`."
    ),
    components(schemas(ErrorBody, AuthCheckFailure)),
    tags(
        (name = "products", description = "The catalog and the admin product form"),
        (name = "reviews", description = "One review per shopper per product"),
        (name = "categories"),
        (name = "sales", description = "Timed sales, shown as a banner"),
        (name = "coupons", description = "Discount codes: the administrators' list and writes, and applying one to a cart"),
        (name = "auth", description = "Signing in, registering with a mailed code, resetting a password, and the route guards' checks"),
        (name = "users", description = "Profiles, and the administrators' list of users"),
        (name = "checkout", description = "Delivery checks, payments (Razorpay or the offline sandbox; `POST /payment/sandbox/pay` exists only with the sandbox) and the provider's webhook"),
        (name = "orders", description = "Placing a paid cart, my orders, and the administrators' order list"),
        (name = "shipping", description = "Handing orders to a courier and recording what the courier reported"),
        (name = "whatsapp", description = "WhatsApp's webhook: the verify handshake, message statuses and the buyers' button replies"),
        (name = "cod", description = "Confirming a cash-on-delivery order by the signed link of its mail, without signing in"),
        (name = "dev", description = "The development outbox (only with `DEV_OUTBOX=true`, which `just run` sets): the kept mails and WhatsApp messages, with the COD question's buttons working"),
        (name = "returns", description = "Returns and size exchanges of delivered orders: the shopper's request and cancel, the administrators' steps and the refund"),
        (name = "admin", description = "The administrators' overview: orders, revenue, stock"),
        (name = "media", description = "Images we store and serve, and the administrators' upload of a colour's photos"),
        (name = "health"),
        (name = "meta"),
    )
)]
pub struct ApiDoc;

/// The `Authorization` header as a security scheme, required by every operation behind a
/// guard (those that list the guards' 401).
struct TokenSecurity;

impl Modify for TokenSecurity {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            SECURITY_SCHEME,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "The token from /auth/login, sent as is or as `Bearer <token>`.",
            ))),
        );
        for item in openapi.paths.paths.values_mut() {
            for operation in operations_mut(item) {
                if needs_token(&operation.responses) {
                    let token = SecurityRequirement::new(SECURITY_SCHEME, Vec::<String>::new());
                    operation.security = Some(vec![token]);
                }
            }
        }
    }
}

/// The operations of a path item, one per method it has.
pub(crate) fn operations_mut(item: &mut PathItem) -> impl Iterator<Item = &mut Operation> {
    [
        &mut item.get,
        &mut item.put,
        &mut item.post,
        &mut item.delete,
        &mut item.options,
        &mut item.head,
        &mut item.patch,
        &mut item.trace,
    ]
    .into_iter()
    .flatten()
}

/// The operations whose JSON body may be left out (the spec's client sends none).
pub const OPTIONAL_BODIES: [&str; 2] = ["/api/v1/order/myorders", "/api/v1/payment/{amount}"];

/// utoipa makes a body optional only by making it nullable too (`Option<T>`), and `null`
/// is not a body these take: say "optional" here instead.
struct OptionalBodies;

impl Modify for OptionalBodies {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for path in OPTIONAL_BODIES {
            let body = openapi
                .paths
                .paths
                .get_mut(path)
                .and_then(|item| item.post.as_mut())
                .and_then(|operation| operation.request_body.as_mut());
            if let Some(body) = body {
                body.required = Some(utoipa::openapi::Required::False);
            }
        }
    }
}

/// The document as served: what utoipa makes of the handlers, with the NUL rule said of
/// every request's text (see `forbid_nul`).
pub fn document() -> serde_json::Value {
    let mut document = ApiDoc::openapi();
    document.merge(registered_operations());
    TokenSecurity.modify(&mut document);
    OptionalBodies.modify(&mut document);
    let mut document = serde_json::to_value(document).expect("the OpenAPI document serialises");
    crate::dto::schema::forbid_nul(&mut document);
    every_operation_lists_the_shared_answers(&mut document);
    root_operations_have_ids_of_their_own(&mut document);
    document
}

/// The health checks are one handler at two paths; OpenAPI wants each operation id once
/// (generated clients name functions after them), so the root's get an `_at_root` suffix.
fn root_operations_have_ids_of_their_own(document: &mut serde_json::Value) {
    let Some(paths) = document["paths"].as_object_mut() else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        if path.starts_with(crate::API_PREFIX) {
            continue;
        }
        let operations = item
            .as_object_mut()
            .into_iter()
            .flat_map(|item| item.values_mut());
        for operation in operations.filter_map(serde_json::Value::as_object_mut) {
            if let Some(id) = operation
                .get("operationId")
                .and_then(serde_json::Value::as_str)
            {
                let id = format!("{id}_at_root");
                operation.insert("operationId".into(), id.into());
            }
        }
    }
}

/// Operations that touch nothing that can fail: no 500 for them.
const CANNOT_FAIL: [&str; 4] = [
    "/health/live",
    "/api/v1/health/live",
    "/api/v1/health/ready",
    "/api/v1/openapi.json",
];

/// What any operation may answer besides its own: 400 for a NUL in its path or query (a
/// `%00`, refused by `nul::refuse_nul` before the route), and 500 when something of ours
/// fails (the database, say).
fn every_operation_lists_the_shared_answers(document: &mut serde_json::Value) {
    let error = |description: &str| {
        serde_json::json!({
            "description": description,
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
        })
    };
    let refusal = error("`Text must not contain NUL characters`: a `%00` in the path or query");
    let fault = error(
        "`Something went wrong`: a fault on our side; the cause is in the log with the request id",
    );
    let Some(paths) = document["paths"].as_object_mut() else {
        return;
    };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else {
            continue;
        };
        for operation in item.values_mut() {
            if let Some(responses) = operation
                .get_mut("responses")
                .and_then(serde_json::Value::as_object_mut)
            {
                responses.entry("400").or_insert_with(|| refusal.clone());
                // `/health/ready` answers its own 503 instead.
                if !CANNOT_FAIL.contains(&path.as_str()) && path != "/health/ready" {
                    responses.entry("500").or_insert_with(|| fault.clone());
                }
            }
        }
    }
}

static DOCUMENT: LazyLock<String> = LazyLock::new(|| document().to_string());

/// This document.
#[utoipa::path(
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
#[get("/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(DOCUMENT.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `name` of each item of a list (parameters, tags).
    fn names(list: &serde_json::Value) -> Vec<&str> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|item| item["name"].as_str().unwrap())
            .collect()
    }

    #[test]
    fn guarded_routes_name_the_token_scheme_and_it_is_the_authorization_header() {
        let json = document();
        let scheme = &json["components"]["securitySchemes"][SECURITY_SCHEME];
        assert_eq!(scheme["type"], "apiKey");
        assert_eq!(scheme["in"], "header");
        assert_eq!(scheme["name"], "Authorization");
        let create = &json["paths"]["/api/v1/product/create-product"]["post"];
        assert_eq!(
            create["security"][0][SECURITY_SCHEME],
            serde_json::json!([])
        );
        assert!(create["requestBody"]["content"]["multipart/form-data"].is_object());
        let list = &json["paths"]["/api/v1/product/get-products"]["get"];
        let names = names(&list["parameters"]);
        for name in ["category", "maxPrice", "sort", "q", "page", "limit"] {
            assert!(names.contains(&name), "{name} missing from {names:?}");
        }
        for schema in [
            "ProductDto",
            "ErrorBody",
            "SaleDto",
            "ReviewDto",
            "CategoryDto",
            "LoginResponse",
            "RegisterBody",
            "UsersResponse",
            "UpdateUserResponse",
            "AdminStatsResponse",
        ] {
            assert!(
                json["components"]["schemas"][schema].is_object(),
                "{schema} schema missing"
            );
        }
        assert!(DOCUMENT.contains("\"openapi\""));
    }

    #[test]
    fn the_served_document_says_what_requests_may_hold() {
        let doc = document();
        let schemas = &doc["components"]["schemas"];
        // Required fields, patterns, bounds and enums of bodies.
        assert_eq!(
            schemas["LoginBody"]["required"],
            serde_json::json!(["email", "password"])
        );
        assert_eq!(schemas["ReviewBody"]["properties"]["rating"]["maximum"], 5);
        assert_eq!(
            schemas["StatusBody"]["properties"]["status"]["enum"],
            serde_json::json!(["Pending", "Confirmed", "Delivered"])
        );
        assert!(schemas["RegisterBody"]["anyOf"].is_array());
        // No NUL in any text of a request, extra properties included; responses untouched.
        assert_eq!(
            schemas["CategoryBody"]["properties"]["name"]["not"]["pattern"],
            "\\x00"
        );
        // A body that takes anything extra (the courier's webhook) takes it without NUL too.
        for body in ["CategoryBody", "CourierWebhookBody"] {
            assert_eq!(
                schemas[body]["additionalProperties"]["$ref"],
                "#/components/schemas/JsonWithoutNul",
                "{body}"
            );
        }
        assert!(schemas["CategoryDto"]["properties"]["name"]["not"].is_null());
        // Every operation lists its 400 (and 500), and the optional bodies are optional.
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                assert!(
                    operation["responses"]["400"].is_object(),
                    "{method} {path} has no 400"
                );
                assert_eq!(
                    operation["responses"]["500"].is_object(),
                    !CANNOT_FAIL.contains(&path.as_str()) && path != "/health/ready",
                    "{method} {path}"
                );
            }
        }
        for path in OPTIONAL_BODIES {
            let body = &doc["paths"][path]["post"]["requestBody"];
            assert_eq!(body["required"], false, "{path}");
        }
        // Ids in paths are the server's UUIDs.
        let parameter = &doc["paths"]["/api/v1/product/get-product/{id}"]["get"]["parameters"][0];
        assert_eq!(
            parameter["schema"]["pattern"].as_str().unwrap(),
            crate::dto::schema::ID_PATTERN
        );
    }

    #[test]
    fn each_operation_has_one_declared_tag_and_needs_the_token_only_behind_a_guard() {
        let doc = document();
        let declared = names(&doc["tags"]);
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let tags = operation["tags"].as_array().unwrap();
                assert!(
                    tags.len() == 1 && declared.contains(&tags[0].as_str().unwrap()),
                    "{method} {path}: {tags:?}"
                );
            }
        }
        // Login's own 401 (a wrong password) is no guard's.
        let login = &doc["paths"]["/api/v1/auth/login"]["post"];
        assert!(login["responses"]["401"].is_object());
        assert!(login["security"].is_null());
        let check = &doc["paths"]["/api/v1/auth/user-auth"]["get"];
        assert_eq!(check["security"][0][SECURITY_SCHEME], serde_json::json!([]));
    }

    /// The document the frontend's types are generated from (`npm run gen:api` in frontend/)
    /// is the one we serve; `UPDATE_OPENAPI=1` rewrites it.
    #[test]
    fn the_committed_document_is_the_served_one() {
        let committed = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../frontend/src/types/openapi.json"
        );
        let served = format!("{:#}\n", document());
        if std::env::var_os("UPDATE_OPENAPI").is_some() {
            std::fs::write(committed, &served)
                .expect("frontend/src/types/openapi.json is writable");
            return;
        }
        let on_disk = std::fs::read_to_string(committed).unwrap_or_default();
        assert!(
            on_disk == served,
            "frontend/src/types/openapi.json is stale: run `UPDATE_OPENAPI=1 cargo test -p paduka-http --lib openapi` and `npm run gen:api` in frontend/"
        );
    }
}
