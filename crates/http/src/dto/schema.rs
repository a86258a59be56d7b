//! The request schemas of the OpenAPI document, written to say exactly what the server takes.
//!
//! The patterns follow the Rust code that reads each field: `str::trim` trims Unicode
//! White_Space ([`WS`]), a number may come as JSON number or as text (`scalar_text`), and an
//! id is the UUID the server made. JSON Schema applies `pattern` only to strings and
//! `minimum`/`maximum` only to numbers, so one schema of type `[integer, string]` says "this
//! number, or this text".

use serde_json::Value;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type,
};

/// Unicode White_Space, what `str::trim` and `char::is_whitespace` take, as a class body.
pub const WS: &str = r"\t\n\x0B\x0C\r \x85\xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000";

/// An id the server made: a lower-case UUID.
pub const ID_PATTERN: &str = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/// Text with something in it besides white space.
pub fn not_blank_pattern() -> String {
    format!("[^{WS}]")
}

/// `core` with any white space around it (the server trims).
pub fn trimmed(core: &str) -> String {
    format!("^[{WS}]*(?:{core})[{WS}]*$")
}

/// An e-mail address as `Email::parse` takes it: an ASCII dot-atom local part, `@`, two or
/// more host-name labels; trimmed. (The local part's 64 characters are in the description:
/// a pattern cannot count them.) No `format: email`: that format has no white space around
/// the address, which the server has always taken (`" ASHA@shop.test "` is Asha).
pub fn email_pattern() -> String {
    let atext = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
    let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    trimmed(&format!("{atext}+(?:\\.{atext}+)*@{label}(?:\\.{label})+"))
}

/// An Indian mobile number as `Phone::parse` takes it: 10 digits after an optional `+91`,
/// with spaces and dashes anywhere.
pub fn phone_pattern() -> String {
    let s = format!("[-{WS}]*");
    format!("^{s}(?:\\+{s}9{s}1{s})?(?:[0-9]{s}){{10}}$")
}

/// A coupon's code as `CouponCode::parse` takes it: 3 to 20 ASCII letters or digits, trimmed.
/// Where it is asked for (`apply`) and where a cart may carry one (blank: none), its shape is
/// the same as where it is made: a code no coupon could have is invalid, not merely unknown.
pub fn coupon_code_pattern(blank_is_none: bool) -> String {
    let code = "[A-Za-z0-9]{3,20}";
    if blank_is_none {
        trimmed(&format!("(?:{code})?"))
    } else {
        trimmed(code)
    }
}

/// A mailed code as text: six digits, trimmed.
pub fn code_pattern() -> String {
    trimmed("[0-9]{6}")
}

pub fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

/// A string or `null` (`null` is the same as leaving the field out).
pub fn nullable_string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// A whole JSON number from `min` to `max`, or `null` (left out).
pub fn nullable_integer(min: i64, max: i64) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Integer, Type::Null]))
        .minimum(Some(min))
        .maximum(Some(max))
}

/// A whole JSON number from `min` to `max`.
pub fn integer(min: i64, max: i64) -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(Type::Integer)
        .minimum(Some(min))
        .maximum(Some(max))
}

/// A JSON number or numeric text; `or_null` when `null` means "left out".
pub fn number_or_text(or_null: bool) -> ObjectBuilder {
    let mut types = vec![Type::Integer, Type::String];
    if or_null {
        types.push(Type::Null);
    }
    ObjectBuilder::new().schema_type(SchemaType::from_iter(types))
}

/// A whole number from `min` to `max`, as a JSON number or as text (trimmed, `+` and leading
/// zeros allowed, as Rust's integer parsing takes them). `text` is the pattern of the text.
pub fn whole_number(min: i64, max: i64, text: &str, or_null: bool) -> ObjectBuilder {
    number_or_text(or_null)
        .minimum(Some(min))
        .maximum(Some(max))
        .pattern(Some(trimmed(text)))
}

/// Text with something in it besides white space, at most `max` characters.
pub fn not_blank(max: Option<usize>) -> ObjectBuilder {
    string().pattern(Some(not_blank_pattern())).max_length(max)
}

/// An e-mail address: the shape in one pattern, the local part's 64 characters in another
/// (one pattern cannot count across the local part's dots).
pub fn email() -> Schema {
    let shape = string()
        .pattern(Some(email_pattern()))
        .max_length(Some(254));
    let local_length = string().pattern(Some(format!("^[{WS}]*[^@]{{1,64}}@")));
    Schema::AllOf(
        AllOfBuilder::new()
            .description(Some(
                "An e-mail address in ASCII: a local part of at most 64 characters, `@`, a \\
                 domain of two or more labels; white space around it is ignored, case does not \\
                 count",
            ))
            .item(shape.build())
            .item(local_length.build())
            .build(),
    )
}

/// A phone number, as text or as a JSON number.
pub fn phone(or_null: bool) -> ObjectBuilder {
    number_or_text(or_null)
        .minimum(Some(1_000_000_000_i64))
        .maximum(Some(9_999_999_999_i64))
        .pattern(Some(phone_pattern()))
}

/// A mailed code: six digits as text, or a JSON number (whose lost leading zeros come back).
pub fn code() -> ObjectBuilder {
    number_or_text(false)
        .minimum(Some(0))
        .maximum(Some(999_999))
        .pattern(Some(code_pattern()))
}

/// An id the server made.
pub fn id() -> ObjectBuilder {
    string().pattern(Some(ID_PATTERN))
}

/// An object with these properties, of which `required` must be there.
pub fn object(
    description: &str,
    properties: Vec<(&str, ObjectBuilder, &str)>,
    required: &[&str],
) -> ObjectBuilder {
    let mut object = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(description));
    for (name, schema, about) in properties {
        let schema = if about.is_empty() {
            schema
        } else {
            schema.description(Some(about))
        };
        object = object.property(name, schema);
    }
    for name in required {
        object = object.required(*name);
    }
    object
}

/// Any of these schemas.
pub fn any_of(description: &str, schemas: Vec<ObjectBuilder>) -> Schema {
    let mut any = AnyOfBuilder::new().description(Some(description));
    for schema in schemas {
        any = any.item(schema.build());
    }
    Schema::AnyOf(any.build())
}

/// A request body's `ToSchema`, its schema written by hand (the server reads numbers sent as
/// text and the like, which derived schemas cannot say): `request_schema!(LoginBody, expr)`.
macro_rules! request_schema {
    ($body:ty, $schema:expr $(,)?) => {
        impl utoipa::ToSchema for $body {}

        impl utoipa::PartialSchema for $body {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $schema
            }
        }
    };
}
pub(crate) use request_schema;

/// `object` as the `RefOr` utoipa's traits return.
pub fn schema(object: ObjectBuilder) -> RefOr<Schema> {
    RefOr::T(Schema::Object(object.build()))
}

/// The enum of a text field.
pub fn one_of_texts(values: &[&str]) -> ObjectBuilder {
    string().enum_values(Some(values.iter().map(|v| Value::from(*v))))
}

/// The component every request's extra JSON (any property the schema does not name) must
/// match: any JSON without a NUL character in a key or a string.
pub const JSON_WITHOUT_NUL: &str = "JsonWithoutNul";

/// Says in the document what `nul::refuse_nul` and the product form enforce: no NUL
/// character in any text of a request (path, query, body; keys of extra properties too).
/// Every string schema a request uses gets `not: {type: string, pattern: \x00}`, every object
/// `propertyNames` without NUL and extra properties as [`JSON_WITHOUT_NUL`]. Responses are
/// left alone. Applied to the whole document once, where it is served.
pub fn forbid_nul(document: &mut Value) {
    let mut components = document["components"]["schemas"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    let mut seen = std::collections::HashSet::new();
    if let Some(paths) = document["paths"].as_object_mut() {
        for item in paths.values_mut() {
            let Some(item) = item.as_object_mut() else {
                continue;
            };
            for operation in item.values_mut() {
                if let Some(parameters) = operation
                    .get_mut("parameters")
                    .and_then(Value::as_array_mut)
                {
                    for parameter in parameters {
                        if let Some(schema) = parameter.get_mut("schema") {
                            forbid_nul_in(schema, true, &mut components, &mut seen);
                        }
                    }
                }
                if let Some(content) = operation
                    .get_mut("requestBody")
                    .and_then(|body| body.get_mut("content"))
                    .and_then(Value::as_object_mut)
                {
                    for (media_type, media) in content.iter_mut() {
                        // A form's fields are flat text (and a photo): no extra JSON in them.
                        let form = media_type == "multipart/form-data";
                        if let Some(schema) = media.get_mut("schema") {
                            forbid_nul_in(schema, !form, &mut components, &mut seen);
                        }
                    }
                }
            }
        }
    }
    let no_nul = serde_json::json!({"type": "string", "pattern": "\\x00"});
    components.insert(
        JSON_WITHOUT_NUL.to_owned(),
        serde_json::json!({
            "description": "Any JSON without a NUL character in a key or a string",
            "anyOf": [
                {"type": ["null", "boolean", "number"]},
                {"type": "string", "not": no_nul},
                {"type": "array", "items": {"$ref": format!("#/components/schemas/{JSON_WITHOUT_NUL}")}},
                {
                    "type": "object",
                    "propertyNames": {"not": no_nul},
                    "additionalProperties": {"$ref": format!("#/components/schemas/{JSON_WITHOUT_NUL}")}
                }
            ]
        }),
    );
    document["components"]["schemas"] = Value::Object(components);
}

fn forbid_nul_in(
    schema: &mut Value,
    json: bool,
    components: &mut serde_json::Map<String, Value>,
    seen: &mut std::collections::HashSet<String>,
) {
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
        let name = reference.rsplit('/').next().unwrap_or_default().to_owned();
        if seen.insert(name.clone())
            && let Some(mut target) = components.remove(&name)
        {
            forbid_nul_in(&mut target, json, components, seen);
            components.insert(name, target);
        }
        return;
    }
    let types: Vec<String> = match object.get("type") {
        Some(Value::String(one)) => vec![one.clone()],
        Some(Value::Array(many)) => many
            .iter()
            .filter_map(|t| t.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    };
    let binary = object.get("format").and_then(Value::as_str) == Some("binary");
    if types.iter().any(|t| t == "string") && !binary && !object.contains_key("not") {
        object.insert(
            "not".into(),
            serde_json::json!({"type": "string", "pattern": "\\x00"}),
        );
    }
    let is_object = types.iter().any(|t| t == "object") || object.contains_key("properties");
    if is_object && json {
        object
            .entry("propertyNames")
            .or_insert_with(|| serde_json::json!({"not": {"type": "string", "pattern": "\\x00"}}));
        // `true` ("anything", as the courier's webhook takes) still means anything without NUL.
        let extra = object
            .entry("additionalProperties")
            .or_insert(Value::Bool(true));
        if *extra == Value::Bool(true) {
            *extra =
                serde_json::json!({"$ref": format!("#/components/schemas/{JSON_WITHOUT_NUL}")});
        }
    }
    if let Some(properties) = object.get_mut("properties").and_then(Value::as_object_mut) {
        for property in properties.values_mut() {
            forbid_nul_in(property, json, components, seen);
        }
    }
    if let Some(items) = object.get_mut("items") {
        forbid_nul_in(items, json, components, seen);
    }
    for key in ["anyOf", "allOf", "oneOf"] {
        if let Some(list) = object.get_mut(key).and_then(Value::as_array_mut) {
            for item in list {
                forbid_nul_in(item, json, components, seen);
            }
        }
    }
}
