//! `/`: the built file's own title and description; the newest product's photo.

use paduka_application::catalog::CatalogError;

use super::{Page, Previews};
use crate::head::Head;
use crate::json_ld;

impl Previews {
    /// The home page.
    pub async fn home(&self) -> Result<Page, CatalogError> {
        let Some(shell) = &self.shell else {
            return Ok(Page::NotFound);
        };
        self.page("/".into(), async {
            let newest = self.newest(Vec::new(), 12).await?;
            let image = newest.products.iter().find_map(|product| {
                let url = self.product_image(product)?;
                Some((url, product.name.clone()))
            });
            Ok(Some(Head {
                title: shell.title.clone(),
                description: shell.description.clone(),
                canonical: Some(self.url("/")),
                og_title: shell.title.clone(),
                og_type: "website",
                image,
                json_ld: vec![json_ld::web_site(self.url("/"))],
                ..Head::default()
            }))
        })
        .await
    }
}
