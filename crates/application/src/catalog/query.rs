use std::collections::HashMap;

use paduka_domain::catalog::{Audience, ColourKey, Product};
use paduka_domain::{CategoryId, InvalidInput, Paise, ProductId};

/// How the product list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductSort {
    /// Most recently updated first (the storefront's default).
    #[default]
    Newest,
    Oldest,
    /// Highest first-variant discount first.
    Discount,
    /// Cheapest first-variant sale price first.
    PriceLow,
    PriceHigh,
}

impl ProductSort {
    pub fn parse(text: &str) -> Result<Self, InvalidInput> {
        Ok(match text {
            "newest" => Self::Newest,
            "oldest" => Self::Oldest,
            "discount" => Self::Discount,
            "price-low" => Self::PriceLow,
            "price-high" => Self::PriceHigh,
            _ => {
                return Err(InvalidInput::new(
                    "sort must be one of newest, oldest, discount, price-low, price-high",
                ));
            }
        })
    }
}

/// Which products to list. The default lists the whole catalog, newest first.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProductQuery {
    /// Products of any of these categories; empty for every category.
    pub categories: Vec<CategoryId>,
    /// Compared with the first variant's sale price, as the home page filters.
    pub max_price: Option<Paise>,
    pub sort: ProductSort,
    /// Words that must each find the product (decisions D27): searched by the `ProductSearch`
    /// port, not by the repository.
    pub text: Option<String>,
    /// Only products with this size (variant label, as written) in stock.
    pub size: Option<String>,
    /// Only products with a pair in stock.
    pub in_stock: bool,
    /// Only products with a variant of this colour (decisions D47), each shown in it.
    pub color: Option<ColourKey>,
    /// 1-based page; paging applies only when `limit` is set.
    pub page: u32,
    pub limit: Option<u32>,
    /// Only the page's products are wanted (the search box's suggestions): the repository
    /// does not count the matches or take the price ceiling, which for a common word means
    /// reading thousands of products again; `total` is then the page's own count and
    /// `price_ceiling` zero.
    pub products_only: bool,
    /// Who searches (the client's address, as rate limits count it): a search that finds
    /// nothing is counted once per address a day. `None`: counted each time (the drawn
    /// search page, which asks once per catalog revision).
    pub searcher: Option<String>,
    /// Who lists: shoppers (the default) see published products only, admins drafts too
    /// (decisions D43). Part of a cached list's key, so neither is served the other's.
    pub audience: Audience,
}

impl ProductQuery {
    pub const MAX_LIMIT: u32 = 100;
    /// The last page one may ask for: the largest 32-bit signed number, what the published
    /// document's `int32` allows.
    pub const MAX_PAGE: u32 = i32::MAX as u32;
    /// Categories one query may name: more than a shop's filter panel ever shows.
    pub const MAX_CATEGORIES: usize = 50;

    pub fn offset(&self) -> u64 {
        match self.limit {
            Some(limit) => u64::from(self.page.max(1) - 1) * u64::from(limit),
            None => 0,
        }
    }
}

/// One page of products, how many match in all, and the price slider's maximum.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProductPage {
    pub products: Vec<Product>,
    pub total: u64,
    /// The highest first-variant sale price among the products matching every filter but
    /// `max_price`; zero when none does.
    pub price_ceiling: Paise,
    /// The search's words as corrected, when a word found products only through a typo.
    pub corrected: Option<String>,
    /// The colour a listed product is shown in, by its name as the product writes it: the
    /// listing's colour, or the one its search words name (decisions D47). Products without
    /// one are not here.
    pub shown_colors: HashMap<ProductId, String>,
}
