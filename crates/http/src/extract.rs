//! Extractor settings for the API: body limits, and errors in our `{success, message}` shape.

use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::{HttpRequest, web};

use crate::ApiError;

/// A JSON body, at most.
pub const MAX_JSON_BYTES: usize = 64 * 1024;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default()
        .limit(MAX_JSON_BYTES)
        .error_handler(|error, _: &HttpRequest| json_error(error).into())
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|error, _: &HttpRequest| query_error(error).into())
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|error, _: &HttpRequest| path_error(error).into())
}

pub fn json_error(error: JsonPayloadError) -> ApiError {
    match error {
        JsonPayloadError::OverflowKnownLength { .. } | JsonPayloadError::Overflow { .. } => {
            ApiError::PayloadTooLarge(format!(
                "The request body must be at most {} KB",
                MAX_JSON_BYTES / 1024
            ))
        }
        JsonPayloadError::ContentType => {
            ApiError::bad_request("Send the request body as JSON (Content-Type: application/json)")
        }
        JsonPayloadError::Deserialize(cause) if cause.is_data() => {
            ApiError::bad_request(format!("Invalid request body: {cause}"))
        }
        JsonPayloadError::Deserialize(cause) => {
            ApiError::bad_request(format!("Malformed JSON: {cause}"))
        }
        other => ApiError::bad_request(format!("The request body could not be read: {other}")),
    }
}

pub fn query_error(error: QueryPayloadError) -> ApiError {
    match error {
        QueryPayloadError::Deserialize(cause) => {
            ApiError::bad_request(format!("Invalid query parameters: {cause}"))
        }
        other => ApiError::bad_request(format!("Invalid query parameters: {other}")),
    }
}

pub fn path_error(error: PathError) -> ApiError {
    match error {
        PathError::Deserialize(cause) => ApiError::bad_request(format!("Invalid path: {cause}")),
        other => ApiError::bad_request(format!("Invalid path: {other}")),
    }
}

#[cfg(test)]
mod tests {
    use actix_web::http::StatusCode;

    use super::*;

    #[test]
    fn json_errors_are_400_or_413_with_a_reason() {
        let too_big = json_error(JsonPayloadError::OverflowKnownLength {
            length: 100_000,
            limit: 65_536,
        });
        assert_eq!(too_big.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(
            too_big.public_message(),
            "The request body must be at most 64 KB"
        );

        let broken = serde_json::from_str::<serde_json::Value>("{\"email\": ").unwrap_err();
        let error = json_error(JsonPayloadError::Deserialize(broken));
        assert_eq!(error.status(), StatusCode::BAD_REQUEST);
        assert!(
            error.public_message().starts_with("Malformed JSON"),
            "{error}"
        );

        let wrong_type = serde_json::from_str::<Option<String>>("5").unwrap_err();
        let error = json_error(JsonPayloadError::Deserialize(wrong_type));
        assert!(
            error
                .public_message()
                .starts_with("Invalid request body: invalid type"),
            "{error}"
        );

        assert_eq!(
            json_error(JsonPayloadError::ContentType).status(),
            StatusCode::BAD_REQUEST
        );
    }
}
