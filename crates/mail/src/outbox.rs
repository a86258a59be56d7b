//! The outbox's mails read back for the development outbox's page (`DEV_OUTBOX`, decisions
//! D45): the newest `.eml` files of the folder [`crate::OutboxMailer`] writes, parsed by
//! mail-parser (MIME parts, quoted-printable, encoded headers).

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use mail_parser::{MessageParser, MimeHeaders};
use paduka_application::mail::{KeptMail, MailOutbox};

/// The outbox folder, read.
pub struct OutboxFolder {
    folder: PathBuf,
}

impl OutboxFolder {
    pub fn new(folder: impl Into<PathBuf>) -> Self {
        Self {
            folder: folder.into(),
        }
    }
}

#[async_trait]
impl MailOutbox for OutboxFolder {
    async fn recent(&self, limit: usize) -> anyhow::Result<Vec<KeptMail>> {
        let folder = self.folder.clone();
        tokio::task::spawn_blocking(move || read_recent(&folder, limit)).await?
    }
}

fn read_recent(folder: &Path, limit: usize) -> anyhow::Result<Vec<KeptMail>> {
    let entries = match fs::read_dir(folder) {
        Ok(entries) => entries,
        // A shop that sends through SMTP never made the folder: no mails.
        Err(error) if error.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(error.into()),
    };
    let mut files: Vec<(SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "eml"))
        .filter_map(|path| Some((fs::metadata(&path).ok()?.modified().ok()?, path)))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    Ok(files
        .into_iter()
        .take(limit)
        .filter_map(|(modified, path)| read_mail(&path, modified))
        .collect())
}

/// One file as a mail; `None` for one removed meanwhile or that is no mail.
fn read_mail(path: &Path, modified: SystemTime) -> Option<KeptMail> {
    let raw = fs::read(path).ok()?;
    let message = MessageParser::default().parse(&raw)?;
    let sent_at = message
        .date()
        .and_then(|date| DateTime::from_timestamp(date.to_timestamp(), 0))
        .unwrap_or_else(|| DateTime::<Utc>::from(modified));
    Some(KeptMail {
        id: path.file_stem()?.to_string_lossy().into_owned(),
        to: message
            .to()
            .and_then(|to| to.first())
            .and_then(|to| to.address())
            .unwrap_or_default()
            .to_owned(),
        subject: message.subject().unwrap_or_default().to_owned(),
        sent_at,
        text: message.body_text(0).unwrap_or_default().into_owned(),
        attachments: message
            .attachments()
            .filter_map(|part| part.attachment_name().map(str::to_owned))
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use paduka_application::mail::{Attachment, Mail, Mailer};
    use paduka_domain::contact::Email;

    use super::*;
    use crate::OutboxMailer;

    fn mail(to: &str, subject: &str, text: &str, attachments: Vec<Attachment>) -> Mail {
        Mail {
            to: Email::parse(to).unwrap(),
            to_name: Some("Asha Rao".into()),
            subject: subject.into(),
            text: text.into(),
            html: format!("<p>{text}</p>"),
            attachments,
        }
    }

    #[tokio::test]
    async fn the_outbox_reads_back_what_was_written_newest_first_decoded() {
        let folder = tempfile::tempdir().unwrap();
        let outbox = OutboxMailer::new(folder.path(), "Paduka <shop@paduka.local>").unwrap();
        outbox
            .send(&mail(
                "asha@example.com",
                "Your code",
                "Your code is 123456",
                vec![],
            ))
            .await
            .unwrap();
        // File times order the mails: the second must be written in a later instant.
        std::thread::sleep(std::time::Duration::from_millis(20));
        let invoice = Attachment {
            file_name: "invoice-PDK-1.pdf".into(),
            content_type: "application/pdf".into(),
            bytes: b"%PDF-1.7".to_vec(),
        };
        outbox
            .send(&mail(
                "ravi@example.com",
                "Order placed — ₹1,299",
                "Collect ₹1,299 in cash. नमस्ते",
                vec![invoice],
            ))
            .await
            .unwrap();

        let mails = OutboxFolder::new(folder.path()).recent(10).await.unwrap();
        assert_eq!(mails.len(), 2);
        assert_eq!(mails[0].to, "ravi@example.com");
        assert_eq!(mails[0].subject, "Order placed — ₹1,299");
        assert_eq!(mails[0].text.trim_end(), "Collect ₹1,299 in cash. नमस्ते");
        assert_eq!(mails[0].attachments, ["invoice-PDK-1.pdf"]);
        assert_eq!(mails[1].subject, "Your code");
        assert!(mails[1].attachments.is_empty());

        let newest = OutboxFolder::new(folder.path()).recent(1).await.unwrap();
        assert_eq!(newest.len(), 1);
        assert_eq!(newest[0].to, "ravi@example.com");
    }

    #[tokio::test]
    async fn a_missing_folder_has_no_mails() {
        let folder = tempfile::tempdir().unwrap();
        let mails = OutboxFolder::new(folder.path().join("never-made"))
            .recent(10)
            .await
            .unwrap();
        assert!(mails.is_empty());
    }
}
