//! `paduka`: the shop's one binary.

use anyhow::Context;
use clap::{Parser, Subcommand};
use paduka_server::config::Settings;
use paduka_server::startup::{Application, DEMO_PRODUCTS, Services};
use paduka_server::{demo, telemetry};

/// jemalloc, whose background threads hand freed memory back to the system within seconds:
/// with glibc's malloc the shop kept about 250 MB after importing 10,000 products (decisions
/// D33, figures in docs/performance.md).
#[cfg(feature = "jemalloc")]
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(name = "paduka", version, about = "Paduka: an online footwear shop")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the shop and its API (the default).
    Serve,
    /// Manage administrators.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Ask the payment provider about the payments of the last hours that no webhook and no
    /// browser reported: a captured one gets its order (or its refund). Run it from cron or a
    /// systemd timer, e.g. hourly; running it twice does nothing twice.
    ReconcilePayments {
        /// How far back to look, in hours.
        #[arg(long, default_value_t = 48)]
        hours: u32,
    },
    /// Write a consistent copy of the SQLite shop to FILE while it runs (restore: stop the
    /// shop and put the file in place of the database). For PostgreSQL use pg_dump.
    Backup {
        /// Where to write the copy; must not exist yet.
        file: std::path::PathBuf,
    },
    /// Load demo data into an empty database, then exit.
    DemoData {
        /// How many products (the first 24 are the catalog; more are numbered copies).
        #[arg(long, default_value_t = DEMO_PRODUCTS)]
        products: usize,
    },
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Create an administrator, or promote the user who has this e-mail.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// At least 8 characters. Ignored when promoting an existing user.
        #[arg(long)]
        password: String,
        #[arg(long, default_value = "0000000000")]
        phone: String,
        #[arg(long, default_value = "Not given")]
        address: String,
    },
}

#[tokio::main]
async fn main() {
    if let Err(error) = run().await {
        eprintln!("paduka: {error:#}");
        std::process::exit(1);
    }
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let settings = Settings::from_env()?;
    telemetry::init("info", settings.server.log_format);
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => {
            let application = Application::build(settings).await?;
            tracing::info!("Paduka is open at {}", application.url());
            application
                .run_until_stopped()
                .await
                .context("server stopped with an error")
        }
        Command::Admin {
            command:
                AdminCommand::Create {
                    email,
                    name,
                    password,
                    phone,
                    address,
                },
        } => {
            let services = Services::build(&settings).await?;
            let (admin, created) = services
                .api
                .auth
                .create_admin(&email, &name, &password, &phone, &address)
                .await?;
            let verb = if created { "created" } else { "promoted" };
            println!("{verb} administrator {} <{}>", admin.name, admin.email);
            Ok(())
        }
        Command::ReconcilePayments { hours } => {
            let services = Services::build(&settings).await?;
            let since = chrono::Utc::now() - chrono::Duration::hours(i64::from(hours));
            let done = services.api.checkout.reconcile(since).await?;
            println!(
                "checked {} unsettled payment orders: {} orders placed, {} payments refunded, \
                 {} not answered (tried again next time)",
                done.checked, done.placed, done.refunded, done.failed
            );
            Ok(())
        }
        Command::Backup { file } => {
            let url = settings.database.url.clone();
            let target = file.clone();
            tokio::task::spawn_blocking(move || {
                paduka_persistence::Database::connect(secrecy::ExposeSecret::expose_secret(&url))?
                    .backup_to(&target)
            })
            .await
            .context("the backup task failed")??;
            println!("backed up the shop to {}", file.display());
            Ok(())
        }
        Command::DemoData { products } => {
            let services = Services::build(&settings).await?;
            match demo::load_if_empty(&services, products).await? {
                Some(summary) => println!(
                    "loaded {} products in {} categories",
                    summary.products, summary.categories
                ),
                None => println!("the database is not empty: demo data not loaded"),
            }
            Ok(())
        }
    }
}
