// `embed_migrations!` reads the migration folders at compile time but cannot ask cargo to watch
// them: without this, a new migration is left out of an incremental build.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
