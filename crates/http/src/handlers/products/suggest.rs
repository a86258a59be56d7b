use actix_web::{HttpResponse, get, web};
use paduka_application::catalog::CatalogUseCases;

use crate::ApiError;
use crate::dto::{SuggestParams, SuggestResponse, SuggestionDto, TryIntoDomain};

/// The search box's suggestions: up to five products the words find, as the listing's `q`
/// finds them, name matches first; blank words suggest nothing. Not counted as misses.
#[utoipa::path(
    params(SuggestParams),
    responses(
        (status = 200, description = "Up to five products, best first", body = SuggestResponse),
    )
)]
#[get("/product/suggest")]
pub async fn suggest(
    catalog: web::Data<dyn CatalogUseCases>,
    params: web::Query<SuggestParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().try_into_domain()?;
    let products = match query.text {
        None => Vec::new(),
        Some(_) => catalog.suggest(&query).await?,
    };
    Ok(HttpResponse::Ok().json(SuggestResponse {
        success: true,
        products: products.iter().map(SuggestionDto::from).collect(),
    }))
}
