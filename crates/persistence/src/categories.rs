use async_trait::async_trait;
use diesel::dsl::Eq;
use diesel::prelude::*;
use paduka_application::RepoError;
use paduka_application::catalog::{CategoryConflict, CategoryRepository};
use paduka_domain::CategoryId;
use paduka_domain::catalog::Category;

use crate::db::{Broken, Database, matched_a_row, to_db_time};
use crate::schema::categories;

/// Categories in the `categories` table; names are unique ignoring case (`name_key`).
#[derive(Debug, Clone)]
pub struct DieselCategoryRepository {
    db: Database,
}

impl DieselCategoryRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = categories)]
struct CategoryRow {
    id: String,
    name: String,
    image: String,
}

impl From<CategoryRow> for Category {
    fn from(row: CategoryRow) -> Self {
        Category {
            id: CategoryId::new(row.id),
            name: row.name,
            image: row.image,
        }
    }
}

/// A write broke the unique rule on names (`categories_name_key_key`).
fn duplicate_name(broken: &Broken<'_>) -> Option<CategoryConflict> {
    (*broken == Broken::Unique(Some("categories_name_key_key")))
        .then_some(CategoryConflict::DuplicateName)
}

/// A delete broke a reference: the only one to categories is a product's
/// (`products_category_id_fkey`, `ON DELETE RESTRICT`), which SQLite does not name.
fn in_use(broken: &Broken<'_>) -> Option<CategoryConflict> {
    matches!(
        broken,
        Broken::ForeignKey(None | Some("products_category_id_fkey"))
    )
    .then_some(CategoryConflict::InUse)
}

/// The key that makes names unique ignoring case.
fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// The columns an admin's category fills, written alike when it is created and edited.
type CategoryColumns<'a> = (
    Eq<categories::name_key, String>,
    Eq<categories::name, &'a String>,
    Eq<categories::image, &'a String>,
);

fn category_columns(category: &Category) -> CategoryColumns<'_> {
    (
        categories::name_key.eq(name_key(&category.name)),
        categories::name.eq(&category.name),
        categories::image.eq(&category.image),
    )
}

#[async_trait]
impl CategoryRepository for DieselCategoryRepository {
    async fn list(&self) -> Result<Vec<Category>, RepoError> {
        self.db
            .run(|conn| {
                let rows = categories::table
                    .select(CategoryRow::as_select())
                    .order((categories::name_key, categories::name, categories::id))
                    .load::<CategoryRow>(conn)?;
                Ok(rows.into_iter().map(Category::from).collect())
            })
            .await
    }

    async fn find(&self, id: &CategoryId) -> Result<Option<Category>, RepoError> {
        let id = id.as_str().to_owned();
        self.db
            .run(move |conn| {
                let row = categories::table
                    .find(id)
                    .select(CategoryRow::as_select())
                    .first::<CategoryRow>(conn)
                    .optional()?;
                Ok(row.map(Category::from))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(category = %category.id))]
    async fn create(&self, category: &Category) -> Result<(), RepoError<CategoryConflict>> {
        let category = category.clone();
        self.db
            .run_with(
                move |conn| {
                    let now = to_db_time(chrono::Utc::now());
                    diesel::insert_into(categories::table)
                        .values((
                            categories::id.eq(category.id.as_str()),
                            category_columns(&category),
                            categories::created_at.eq(now),
                            categories::updated_at.eq(now),
                        ))
                        .execute(conn)?;
                    Ok(())
                },
                duplicate_name,
            )
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(category = %category.id))]
    async fn update(&self, category: &Category) -> Result<(), RepoError<CategoryConflict>> {
        let category = category.clone();
        self.db
            .run_with(
                move |conn| {
                    let changed = diesel::update(categories::table.find(category.id.as_str()))
                        .set((
                            category_columns(&category),
                            categories::updated_at.eq(to_db_time(chrono::Utc::now())),
                        ))
                        .execute(conn)?;
                    matched_a_row(changed)
                },
                duplicate_name,
            )
            .await
    }

    /// Products refer to their category with `ON DELETE RESTRICT`: deleting a category in
    /// use breaks that reference: `InUse`.
    #[tracing::instrument(level = "debug", skip(self))]
    async fn delete(&self, id: &CategoryId) -> Result<(), RepoError<CategoryConflict>> {
        let id = id.as_str().to_owned();
        self.db
            .run_with(
                move |conn| {
                    let deleted = diesel::delete(categories::table.find(id)).execute(conn)?;
                    matched_a_row(deleted)
                },
                in_use,
            )
            .await
    }
}
