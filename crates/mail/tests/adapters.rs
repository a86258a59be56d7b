//! The mail adapters against real peers: an SMTP server on loopback, and the file system.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use mailin::response::OK;
use mailin::{Action, Handler, Response, SessionBuilder};
use paduka_application::mail::{Attachment, Mail, Mailer};
use paduka_domain::contact::Email;
use paduka_mail::{OutboxMailer, SmtpMailer};

fn mail() -> Mail {
    Mail {
        to: Email::parse("asha@example.com").unwrap(),
        to_name: Some("Asha".into()),
        subject: "Your Paduka code: 482913".into(),
        text: "Your code is 482913. It expires in 10 minutes.".into(),
        html: "<p>Your code is <strong>482913</strong>.</p>".into(),
        attachments: Vec::new(),
    }
}

/// An order mail with its invoice attached.
fn mail_with_invoice() -> Mail {
    Mail {
        attachments: vec![Attachment {
            file_name: "invoice-PDK-26-27-000001.pdf".into(),
            content_type: "application/pdf".into(),
            // A PDF's second line is binary, so it travels as base64.
            bytes: b"%PDF-1.7\n%\xe2\xe3\xcf\xd3 an invoice".to_vec(),
        }],
        ..mail()
    }
}

/// The file is a part of its own beside the text and HTML, named, typed and encoded.
fn assert_invoice_attached(raw: &str) {
    assert!(raw.contains("multipart/mixed"), "{raw}");
    assert!(raw.contains("multipart/alternative"), "{raw}");
    assert!(raw.contains("Content-Type: application/pdf"), "{raw}");
    assert!(
        raw.contains("Content-Disposition: attachment; filename=\"invoice-PDK-26-27-000001.pdf\""),
        "{raw}"
    );
    assert!(raw.contains("Content-Transfer-Encoding: base64"), "{raw}");
    assert!(
        raw.contains("JVBERi0xLjcKJeLjz9MgYW4gaW52b2ljZQ=="),
        "{raw}"
    );
    assert!(raw.contains("Your code is 482913"), "the text stays: {raw}");
}

/// Each message: its recipients and its raw content.
type Received = Vec<(Vec<String>, Vec<u8>)>;

/// What the SMTP server received.
#[derive(Clone, Default)]
struct Inbox(Arc<Mutex<Received>>);

impl Handler for Inbox {
    fn data_start(&mut self, _domain: &str, _from: &str, _is8bit: bool, to: &[String]) -> Response {
        self.0.lock().unwrap().push((to.to_vec(), Vec::new()));
        OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        if let Some((_, body)) = self.0.lock().unwrap().last_mut() {
            body.extend_from_slice(buf);
        }
        Ok(())
    }
}

/// An SMTP server on loopback: mailin speaks the protocol (greeting, commands, DATA, dot
/// stuffing); this only moves its lines over the socket. Plain text, as `?tls=none` asks.
/// (mailin-embedded would do this loop too, but it cannot be built without rustls's
/// default AWS-LC, a C library that was the longest step of the test build.)
fn serve_smtp(inbox: Inbox) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let inbox = inbox.clone();
            std::thread::spawn(move || {
                let _ = smtp_session(stream, inbox);
            });
        }
    });
    port
}

fn smtp_session(mut stream: TcpStream, inbox: Inbox) -> std::io::Result<()> {
    let peer = stream.peer_addr()?.ip();
    let mut session = SessionBuilder::new("smtp.test").build(peer, inbox);
    session.greeting().write_to(&mut stream)?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut line = Vec::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            return Ok(());
        }
        let response = session.process(&line);
        match response.action {
            Action::Reply => response.write_to(&mut stream)?,
            Action::Close => {
                response.write_to(&mut stream)?;
                return stream.flush();
            }
            Action::NoReply | Action::UpgradeTls => {}
        }
    }
}

#[tokio::test]
async fn an_smtp_server_receives_the_message_with_recipient_subject_and_code() {
    let inbox = Inbox::default();
    let port = serve_smtp(inbox.clone());

    let mailer = SmtpMailer::new(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        "Paduka <no-reply@paduka.local>",
    )
    .unwrap();
    mailer
        .send(&mail())
        .await
        .expect("the server accepts the message");

    let received = inbox.0.lock().unwrap().clone();
    assert_eq!(received.len(), 1);
    let (recipients, body) = &received[0];
    assert_eq!(recipients, &vec!["asha@example.com".to_owned()]);
    let body = String::from_utf8_lossy(body);
    assert!(body.contains("Subject: Your Paduka code: 482913"), "{body}");
    assert!(
        body.contains("From: Paduka <no-reply@paduka.local>"),
        "{body}"
    );
    assert!(body.contains("Your code is 482913"), "{body}");
    assert!(body.contains("text/html"), "an HTML alternative: {body}");
    assert!(
        !body.contains("multipart/mixed"),
        "no attachment, no mixed part"
    );

    mailer.send(&mail_with_invoice()).await.unwrap();
    let received = inbox.0.lock().unwrap().clone();
    assert_eq!(received.len(), 2);
    assert_invoice_attached(&String::from_utf8_lossy(&received[1].1));
}

#[tokio::test]
async fn an_unreachable_smtp_server_is_an_error_not_a_panic() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mailer = SmtpMailer::new(
        &format!("smtp://127.0.0.1:{port}?tls=none"),
        "shop@paduka.local",
    )
    .unwrap();
    assert!(mailer.send(&mail()).await.is_err());
}

#[tokio::test]
async fn a_bad_smtp_url_or_sender_is_refused_up_front() {
    assert!(SmtpMailer::new("http://mail.example.com", "shop@paduka.local").is_err());
    assert!(SmtpMailer::new("smtp://127.0.0.1:25", "not a mailbox").is_err());
}

#[tokio::test]
async fn the_outbox_keeps_each_message_as_an_eml_file() {
    let folder = tempfile::tempdir().unwrap();
    let mailer = OutboxMailer::new(
        folder.path().join("outbox"),
        "Paduka <no-reply@paduka.local>",
    )
    .unwrap();
    mailer.send(&mail()).await.unwrap();
    mailer.send(&mail()).await.unwrap();

    let files: Vec<_> = std::fs::read_dir(folder.path().join("outbox"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 2);
    assert!(
        files
            .iter()
            .all(|f| f.extension().is_some_and(|e| e == "eml"))
    );
    let content = std::fs::read_to_string(&files[0]).unwrap();
    assert!(content.contains("To: Asha <asha@example.com>"), "{content}");
    assert!(content.contains("Subject: Your Paduka code: 482913"));
    assert!(content.contains("Your code is 482913"));
}

#[tokio::test]
async fn the_outbox_keeps_an_attachment_in_its_eml_file() {
    let folder = tempfile::tempdir().unwrap();
    let mailer = OutboxMailer::new(folder.path(), "Paduka <no-reply@paduka.local>").unwrap();
    mailer.send(&mail_with_invoice()).await.unwrap();
    let file = std::fs::read_dir(folder.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|f| f.extension().is_some_and(|e| e == "eml"))
        .expect("one .eml file");
    assert_invoice_attached(&std::fs::read_to_string(file).unwrap());
}
