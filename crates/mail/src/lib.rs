//! Mail adapters for Paduka's [`Mailer`] port: [`SmtpMailer`] delivers through an SMTP server
//! (`SMTP_URL`), and [`OutboxMailer`] writes each message as a `.eml` file under
//! `$DATA_DIR/outbox/`, so a new shop needs no mail server to register its first shopper.

mod outbox;

use std::path::PathBuf;

use anyhow::Context;
use async_trait::async_trait;
use lettre::message::header::ContentType;
use lettre::message::{Attachment as LettreAttachment, Mailbox, MultiPart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use paduka_application::mail::{Mail, Mailer};

pub use outbox::OutboxFolder;

/// Builds the MIME message: plain text with an HTML alternative, and with attachments a
/// `multipart/mixed` of that and the files.
fn message(from: &Mailbox, mail: &Mail) -> anyhow::Result<Message> {
    let to = Mailbox::new(
        mail.to_name.clone(),
        mail.to.as_str().parse().context("recipient address")?,
    );
    let body = MultiPart::alternative_plain_html(mail.text.clone(), mail.html.clone());
    let body = if mail.attachments.is_empty() {
        body
    } else {
        mail.attachments.iter().try_fold(
            MultiPart::mixed().multipart(body),
            |mixed, file| -> anyhow::Result<MultiPart> {
                let content_type = ContentType::parse(&file.content_type)
                    .with_context(|| format!("content type {:?}", file.content_type))?;
                Ok(mixed.singlepart(
                    LettreAttachment::new(file.file_name.clone())
                        .body(file.bytes.clone(), content_type),
                ))
            },
        )?
    };
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(&mail.subject)
        .multipart(body)
        .context("building the message")
}

fn parse_from(from: &str) -> anyhow::Result<Mailbox> {
    from.parse()
        .with_context(|| format!("MAIL_FROM {from:?} is not a mailbox"))
}

/// Delivers through an SMTP server: `smtp://user:pass@host:587` (STARTTLS required),
/// `smtps://...` (TLS from the start); `smtp://...?tls=none` for a relay on this machine.
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl SmtpMailer {
    pub fn new(url: &str, from: &str) -> anyhow::Result<Self> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(&lettre_url(url))
            .context("SMTP_URL is not a valid smtp:// or smtps:// URL")?
            .timeout(Some(std::time::Duration::from_secs(15)))
            .build();
        Ok(Self {
            transport,
            from: parse_from(from)?,
        })
    }
}

#[async_trait]
impl Mailer for SmtpMailer {
    async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        let message = message(&self.from, mail)?;
        self.transport
            .send(message)
            .await
            .context("the SMTP server refused the message")?;
        tracing::info!(to = %mail.to, subject = %mail.subject, "mail sent");
        Ok(())
    }
}

/// lettre reads a bare `smtp://` as plain text; ours requires STARTTLS unless the URL says
/// `tls=none` (plain, for a local relay) or `tls=opportunistic`.
fn lettre_url(url: &str) -> String {
    if !url.starts_with("smtp://")
        || url.contains("tls=required")
        || url.contains("tls=opportunistic")
    {
        return url.to_owned();
    }
    if url.contains("tls=none") {
        return url
            .replace("?tls=none&", "?")
            .replace("?tls=none", "")
            .replace("&tls=none", "");
    }
    let separator = if url.contains('?') { '&' } else { '?' };
    format!("{url}{separator}tls=required")
}

/// Writes each message to `folder` as an `.eml` file that any mail program opens, and logs
/// one line naming its recipient and subject.
pub struct OutboxMailer {
    transport: AsyncFileTransport<Tokio1Executor>,
    folder: PathBuf,
    from: Mailbox,
}

impl OutboxMailer {
    pub fn new(folder: impl Into<PathBuf>, from: &str) -> anyhow::Result<Self> {
        let folder = folder.into();
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("cannot create the outbox {}", folder.display()))?;
        Ok(Self {
            transport: AsyncFileTransport::new(&folder),
            folder,
            from: parse_from(from)?,
        })
    }
}

#[async_trait]
impl Mailer for OutboxMailer {
    async fn send(&self, mail: &Mail) -> anyhow::Result<()> {
        let message = message(&self.from, mail)?;
        let id = self
            .transport
            .send(message)
            .await
            .context("writing to the outbox")?;
        let file = self.folder.join(format!("{id}.eml"));
        tracing::info!(to = %mail.to, subject = %mail.subject, file = %file.display(), "mail written to the outbox");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::lettre_url;

    #[test]
    fn plain_smtp_urls_require_starttls_unless_told_otherwise() {
        assert_eq!(
            lettre_url("smtp://u:p@mail.example.com:587"),
            "smtp://u:p@mail.example.com:587?tls=required"
        );
        assert_eq!(lettre_url("smtp://relay:25?tls=none"), "smtp://relay:25");
        assert_eq!(
            lettre_url("smtp://relay:25?tls=opportunistic"),
            "smtp://relay:25?tls=opportunistic"
        );
        assert_eq!(
            lettre_url("smtps://u:p@mail.example.com"),
            "smtps://u:p@mail.example.com"
        );
    }
}
