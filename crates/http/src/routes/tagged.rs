//! Handlers registered in groups, each group's operations documented under one tag: the
//! tag follows from where a handler is registered, not from its annotation.

use actix_web::dev::{AppService, HttpServiceFactory};
use utoipa::openapi::RefOr;
use utoipa::openapi::path::Paths;
use utoipa::openapi::schema::Schema;
use utoipa_actix_web::OpenApiFactory;

use crate::openapi::operations_mut;

/// What `OpenApiFactory::schemas` collects into.
type Schemas = Vec<(String, RefOr<Schema>)>;

/// A tuple of handlers (as actix-web registers them, up to 12) whose operations the document
/// lists under `tag`.
pub struct Tagged<S> {
    tag: &'static str,
    services: S,
}

/// `services` documented under `tag`, one of the document's tags (`openapi::ApiDoc`).
pub fn tagged<S>(tag: &'static str, services: S) -> Tagged<S> {
    Tagged { tag, services }
}

impl<S: HttpServiceFactory> HttpServiceFactory for Tagged<S> {
    fn register(self, config: &mut AppService) {
        self.services.register(config);
    }
}

impl<S> Tagged<S> {
    fn tag(&self, mut paths: Paths) -> Paths {
        for item in paths.paths.values_mut() {
            for operation in operations_mut(item) {
                operation.tags = Some(vec![self.tag.to_owned()]);
            }
        }
        paths
    }
}

macro_rules! tagged_tuples {
    () => {};
    ($first:ident $($rest:ident)*) => {
        impl<$first: OpenApiFactory, $($rest: OpenApiFactory),*> OpenApiFactory
            for Tagged<($first, $($rest,)*)>
        {
            #[allow(non_snake_case)]
            fn paths(&self) -> Paths {
                let ($first, $($rest,)*) = &self.services;
                let mut paths = Paths::new();
                paths.merge($first.paths());
                $(paths.merge($rest.paths());)*
                self.tag(paths)
            }

            #[allow(non_snake_case)]
            fn schemas(&self, schemas: &mut Schemas) {
                let ($first, $($rest,)*) = &self.services;
                $first.schemas(schemas);
                $($rest.schemas(schemas);)*
            }
        }
        tagged_tuples!($($rest)*);
    };
}

tagged_tuples!(A B C D E F G H I J K L);

/// A handler registered, and documented, only when it is `Some`.
pub struct Optional<S>(pub Option<S>);

impl<S: HttpServiceFactory> HttpServiceFactory for Optional<S> {
    fn register(self, config: &mut AppService) {
        if let Some(service) = self.0 {
            service.register(config);
        }
    }
}

impl<S: OpenApiFactory> OpenApiFactory for Optional<S> {
    fn paths(&self) -> Paths {
        self.0.as_ref().map(S::paths).unwrap_or_default()
    }

    fn schemas(&self, schemas: &mut Schemas) {
        if let Some(service) = &self.0 {
            service.schemas(schemas);
        }
    }
}
