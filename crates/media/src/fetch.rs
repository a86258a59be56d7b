//! The [`PhotoFetcher`] adapter: an import's photo URLs fetched with reqwest, from the public
//! internet only (decisions D28).
//!
//! The guard against server-side request forgery is in how the client connects, not in a
//! look at the URL beforehand: reqwest asks [`CheckedResolver`] for a host's addresses, which
//! looks the name up once and gives back only those [`paduka_domain::net`] calls public, so
//! the connection goes to an address that was checked (a name that resolves elsewhere on a
//! second lookup, DNS rebinding, changes nothing). An address written in the URL itself is
//! never looked up, so it is checked before the request and at every redirect, which the
//! client follows itself up to [`MAX_REDIRECTS`] times, each hop through the same two checks.
//! No proxy from the environment is used: a proxy would look the name up instead of us.

use std::error::Error as StdError;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use paduka_application::catalog::transfer::{FetchError, PhotoFetcher};
use paduka_domain::catalog::import::{FETCH_TIMEOUT, MAX_REDIRECTS};
use paduka_domain::net::{NonPublic, non_public};
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect::{Attempt, Policy};
use reqwest::{Client, Url};

/// Which addresses may be connected to: `None` for an address the shop may reach.
type Rule = fn(IpAddr) -> Option<NonPublic>;

/// Every address: a shop whose photos are on its own network, and tests.
fn anywhere(_: IpAddr) -> Option<NonPublic> {
    None
}

/// Photos fetched over http and https from the addresses the rule allows.
#[derive(Debug, Clone)]
pub struct WebPhotoFetcher {
    client: Client,
    rule: Rule,
    timeout: Duration,
}

impl WebPhotoFetcher {
    /// A fetcher for the public internet only; with `allow_private_hosts`
    /// (`IMPORT_ALLOW_PRIVATE_HOSTS`), for every address. Fails only when the HTTP client
    /// cannot be built.
    pub fn new(allow_private_hosts: bool) -> anyhow::Result<Self> {
        let rule: Rule = if allow_private_hosts {
            anywhere
        } else {
            non_public
        };
        Self::with_rule(rule, FETCH_TIMEOUT)
    }

    fn with_rule(rule: Rule, timeout: Duration) -> anyhow::Result<Self> {
        let client = Client::builder()
            .dns_resolver(Arc::new(CheckedResolver { rule }))
            .redirect(Policy::custom(move |attempt| follow(attempt, rule)))
            .no_proxy()
            .connect_timeout(timeout)
            .timeout(timeout)
            .user_agent(concat!(
                "paduka/",
                env!("CARGO_PKG_VERSION"),
                " (catalog import)"
            ))
            .build()?;
        Ok(Self {
            client,
            rule,
            timeout,
        })
    }

    async fn fetch_within(&self, url: &str, max_bytes: usize) -> Result<Vec<u8>, FetchError> {
        let url = Url::parse(url).map_err(|_| FetchError::NotWeb(url.to_owned()))?;
        check(&url, self.rule)?;
        let mut response = self
            .client
            .get(url)
            .header(reqwest::header::ACCEPT, "image/*")
            .send()
            .await
            .map_err(|e| failed(&e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|length| length > max_bytes as u64)
        {
            return Err(FetchError::TooLarge);
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| failed(&e))? {
            // Reading stops at the limit, whatever the headers said.
            if body.len() + chunk.len() > max_bytes {
                return Err(FetchError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }
}

#[async_trait]
impl PhotoFetcher for WebPhotoFetcher {
    async fn fetch(&self, url: &str, max_bytes: usize) -> Result<Vec<u8>, FetchError> {
        match tokio::time::timeout(self.timeout, self.fetch_within(url, max_bytes)).await {
            Ok(fetched) => fetched,
            Err(_) => Err(FetchError::TimedOut),
        }
    }
}

/// Refuses a URL that is not http(s), or whose host is an address the rule refuses.
fn check(url: &Url, rule: Rule) -> Result<(), FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::NotWeb(url.to_string()));
    }
    let host = url.host_str().unwrap_or_default();
    // An IPv6 address is written in brackets.
    let literal = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(address) = literal.parse::<IpAddr>()
        && let Some(network) = rule(address)
    {
        return Err(FetchError::Refused { address, network });
    }
    Ok(())
}

/// A redirect is followed when its URL passes [`check`] and there have been no more than
/// [`MAX_REDIRECTS`]; its host's name goes through the resolver like the first one's.
fn follow(attempt: Attempt<'_>, rule: Rule) -> reqwest::redirect::Action {
    // `previous` holds the first URL and every redirect's before this one.
    if attempt.previous().len() > MAX_REDIRECTS {
        return attempt.error(FetchError::TooManyRedirects);
    }
    match check(attempt.url(), rule) {
        Ok(()) => attempt.follow(),
        Err(refused) => attempt.error(refused),
    }
}

/// The refusal a failed request carries (from the resolver or the redirect policy), else
/// what kind of failure it was.
fn failed(error: &reqwest::Error) -> FetchError {
    let mut cause: Option<&(dyn StdError + 'static)> = Some(error);
    while let Some(current) = cause {
        if let Some(refused) = current.downcast_ref::<FetchError>() {
            return refused.clone();
        }
        cause = current.source();
    }
    if error.is_timeout() {
        FetchError::TimedOut
    } else {
        tracing::debug!(%error, "a photo could not be fetched");
        FetchError::Unreachable
    }
}

/// Looks a host's name up once, and gives reqwest only the addresses the rule allows: the
/// connection is made to one of them, never to an address looked up again.
struct CheckedResolver {
    rule: Rule,
}

impl Resolve for CheckedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let rule = self.rule;
        Box::pin(async move {
            let host = name.as_str().to_owned();
            let unknown = || -> Box<dyn StdError + Send + Sync> {
                Box::new(FetchError::UnknownHost(host.clone()))
            };
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await
                .map_err(|_| unknown())?
                .collect();
            let allowed: Vec<SocketAddr> = found
                .iter()
                .copied()
                .filter(|address| rule(address.ip()).is_none())
                .collect();
            match (allowed.is_empty(), found.first()) {
                (false, _) => Ok(Box::new(allowed.into_iter()) as Addrs),
                (true, Some(first)) => {
                    let address = first.ip();
                    let network = rule(address).unwrap_or(NonPublic::Reserved);
                    Err(Box::new(FetchError::Refused { address, network }) as _)
                }
                (true, None) => Err(unknown()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use wiremock::matchers::{method, path};
    use wiremock::{Mock, MockServer, ResponseTemplate};

    use super::*;

    const LIMIT: usize = 1024;

    /// Everything is refused but 127.0.0.1, where the test's server listens: a stand-in for
    /// the public internet, to check what happens at a redirect to an address that is not.
    fn only_127_0_0_1(address: IpAddr) -> Option<NonPublic> {
        (address != IpAddr::from([127, 0, 0, 1])).then_some(NonPublic::Private)
    }

    fn open() -> WebPhotoFetcher {
        WebPhotoFetcher::new(true).unwrap()
    }

    async fn serving(route: &str, response: ResponseTemplate) -> MockServer {
        let server = MockServer::start().await;
        Mock::given(method("GET"))
            .and(path(route))
            .respond_with(response)
            .mount(&server)
            .await;
        server
    }

    #[tokio::test]
    async fn a_photo_is_fetched_and_a_failed_status_is_told() {
        let server = serving(
            "/shoe.jpg",
            ResponseTemplate::new(200).set_body_bytes(b"JPEG bytes".to_vec()),
        )
        .await;
        let fetcher = open();
        let url = format!("{}/shoe.jpg", server.uri());
        assert_eq!(fetcher.fetch(&url, LIMIT).await, Ok(b"JPEG bytes".to_vec()));
        let missing = format!("{}/gone.jpg", server.uri());
        assert_eq!(
            fetcher.fetch(&missing, LIMIT).await,
            Err(FetchError::Status(404))
        );
    }

    /// A server on loopback that answers one request with `body` in chunks of 100 bytes,
    /// without a `Content-Length`; its address.
    fn chunked_server(body: Vec<u8>) -> String {
        use std::io::{BufRead, BufReader, Write};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap() > 0 && line != "\r\n" {
                line.clear();
            }
            let mut stream = stream;
            let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n";
            // The client may hang up once it has read enough: later writes may fail.
            let _ = stream.write_all(head.as_bytes());
            for chunk in body.chunks(100) {
                let _ = write!(stream, "{:x}\r\n", chunk.len());
                let _ = stream.write_all(chunk);
                let _ = stream.write_all(b"\r\n");
            }
            let _ = stream.write_all(b"0\r\n\r\n");
        });
        format!("http://{address}/big.jpg")
    }

    #[tokio::test]
    async fn a_body_over_the_limit_is_refused_whatever_its_length_header_says() {
        let big = vec![7u8; LIMIT + 1];
        let server = serving(
            "/big.jpg",
            ResponseTemplate::new(200).set_body_bytes(big.clone()),
        )
        .await;
        let fetcher = open();
        let url = format!("{}/big.jpg", server.uri());
        assert_eq!(fetcher.fetch(&url, LIMIT).await, Err(FetchError::TooLarge));
        assert_eq!(fetcher.fetch(&url, LIMIT + 1).await, Ok(big.clone()));
        // Without a length: reading stops past the limit.
        let streamed = chunked_server(vec![7u8; 10 * LIMIT]);
        assert_eq!(
            fetcher.fetch(&streamed, LIMIT).await,
            Err(FetchError::TooLarge)
        );
        let streamed = chunked_server(big.clone());
        assert_eq!(fetcher.fetch(&streamed, LIMIT + 1).await, Ok(big));
    }

    #[tokio::test]
    async fn a_loopback_address_or_name_is_refused_without_a_request() {
        let server = serving(
            "/shoe.jpg",
            ResponseTemplate::new(200).set_body_bytes(b"JPEG".to_vec()),
        )
        .await;
        let guarded = WebPhotoFetcher::new(false).unwrap();
        let by_address = format!("{}/shoe.jpg", server.uri());
        assert_eq!(
            guarded.fetch(&by_address, LIMIT).await,
            Err(FetchError::Refused {
                address: IpAddr::from([127, 0, 0, 1]),
                network: NonPublic::Loopback
            })
        );
        let port = server.address().port();
        let by_name = format!("http://localhost:{port}/shoe.jpg");
        match guarded.fetch(&by_name, LIMIT).await {
            Err(FetchError::Refused { address, network }) => {
                assert!(address.is_loopback(), "{address}");
                assert_eq!(network, NonPublic::Loopback);
            }
            other => panic!("localhost is refused: {other:?}"),
        }
        let mapped = format!("http://[::ffff:127.0.0.1]:{port}/shoe.jpg");
        assert!(matches!(
            guarded.fetch(&mapped, LIMIT).await,
            Err(FetchError::Refused { .. })
        ));
        assert!(
            server.received_requests().await.unwrap().is_empty(),
            "nothing was sent"
        );
        assert_eq!(
            guarded.fetch("ftp://example.com/a.jpg", LIMIT).await,
            Err(FetchError::NotWeb("ftp://example.com/a.jpg".into()))
        );
    }

    #[tokio::test]
    async fn every_redirect_is_checked_and_at_most_five_are_followed() {
        let server = MockServer::start().await;
        let port = server.address().port();
        let redirect = |to: String| ResponseTemplate::new(302).insert_header("Location", to);
        for (from, to) in [
            ("/away", format!("http://127.0.0.2:{port}/shoe.jpg")),
            ("/hop", format!("http://127.0.0.1:{port}/shoe.jpg")),
            ("/loop", "/loop".to_owned()),
        ] {
            Mock::given(method("GET"))
                .and(path(from))
                .respond_with(redirect(to))
                .mount(&server)
                .await;
        }
        Mock::given(method("GET"))
            .and(path("/shoe.jpg"))
            .respond_with(ResponseTemplate::new(200).set_body_bytes(b"JPEG".to_vec()))
            .mount(&server)
            .await;
        let fetcher = WebPhotoFetcher::with_rule(only_127_0_0_1, FETCH_TIMEOUT).unwrap();
        let base = server.uri();
        assert_eq!(
            fetcher.fetch(&format!("{base}/hop"), LIMIT).await,
            Ok(b"JPEG".to_vec())
        );
        assert_eq!(
            fetcher.fetch(&format!("{base}/away"), LIMIT).await,
            Err(FetchError::Refused {
                address: IpAddr::from([127, 0, 0, 2]),
                network: NonPublic::Private
            })
        );
        assert_eq!(
            fetcher.fetch(&format!("{base}/loop"), LIMIT).await,
            Err(FetchError::TooManyRedirects)
        );
        let loops = server
            .received_requests()
            .await
            .unwrap()
            .iter()
            .filter(|r| r.url.path() == "/loop")
            .count();
        assert_eq!(
            loops,
            1 + MAX_REDIRECTS,
            "the first request and five redirects"
        );
    }

    #[tokio::test]
    async fn a_slow_server_times_the_whole_fetch_out() {
        let server = serving(
            "/slow.jpg",
            ResponseTemplate::new(200)
                .set_body_bytes(b"JPEG".to_vec())
                .set_delay(Duration::from_secs(5)),
        )
        .await;
        let fetcher = WebPhotoFetcher::with_rule(anywhere, Duration::from_millis(200)).unwrap();
        let started = std::time::Instant::now();
        assert_eq!(
            fetcher
                .fetch(&format!("{}/slow.jpg", server.uri()), LIMIT)
                .await,
            Err(FetchError::TimedOut)
        );
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
