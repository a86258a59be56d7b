use paduka_domain::catalog::Product;
use paduka_domain::{CategoryId, InvalidInput, Paise};

/// How the product list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ProductSort {
    /// Most recently updated first (the storefront's default).
    #[default]
    Newest,
    Oldest,
    /// Highest first-variant discount first.
    Discount,
    /// Cheapest first-variant price first.
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
    pub category: Option<CategoryId>,
    /// Compared with the first variant's price, as the home page filters.
    pub max_price: Option<Paise>,
    pub sort: ProductSort,
    /// Words that must all appear in the name, info, material, tags or category name.
    pub text: Option<String>,
    /// 1-based page; paging applies only when `limit` is set.
    pub page: u32,
    pub limit: Option<u32>,
}

impl ProductQuery {
    pub const MAX_LIMIT: u32 = 100;

    pub fn offset(&self) -> u64 {
        match self.limit {
            Some(limit) => u64::from(self.page.max(1) - 1) * u64::from(limit),
            None => 0,
        }
    }
}

/// One page of products and how many match in all.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProductPage {
    pub products: Vec<Product>,
    pub total: u64,
}
