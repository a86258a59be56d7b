//! The network address a request comes from, as rate limits count it.

use std::convert::Infallible;
use std::future::{Ready, ready};
use std::net::{IpAddr, SocketAddr};

use actix_web::dev::Payload;
use actix_web::http::header::HeaderName;
use actix_web::{FromRequest, HttpRequest, web};
use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`): addresses or
/// networks. Empty by default: any client can write the header, so only a proxy we run may.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    pub fn new(networks: Vec<IpNet>) -> Self {
        Self(networks)
    }

    /// Comma-separated addresses (`10.0.0.5`) or networks (`10.0.0.0/8`, `fd00::/8`).
    pub fn parse(text: &str) -> Result<Self, String> {
        text.split(',')
            .map(str::trim)
            .filter(|part| !part.is_empty())
            .map(|part| {
                part.parse::<IpNet>()
                    .or_else(|_| part.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| {
                        format!("{part:?} is not an IP address or network like 10.0.0.0/8")
                    })
            })
            .collect::<Result<_, _>>()
            .map(Self)
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's IP: the peer's, or, when the peer is a trusted proxy, the nearest
    /// address in `X-Forwarded-For` that is not one of ours (each proxy appends the address
    /// it heard from, so the ones on the left could be anything the client wrote).
    pub fn client_ip(&self, peer: Option<IpAddr>, forwarded_for: &[&str]) -> Option<IpAddr> {
        let mut client = peer?;
        if !self.trusts(client) {
            return Some(client);
        }
        let hops = forwarded_for.iter().flat_map(|value| value.split(','));
        for hop in hops.collect::<Vec<_>>().into_iter().rev() {
            let Some(ip) = parse_hop(hop.trim()) else {
                break;
            };
            client = ip;
            if !self.trusts(ip) {
                break;
            }
        }
        Some(client)
    }
}

/// One `X-Forwarded-For` entry: an address, maybe with a port (`203.0.113.7:4711`,
/// `[2001:db8::1]:4711`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// The client's address: the TCP peer's IP, or the one a trusted proxy forwarded
/// ([`TrustedProxies`]). An IPv6 client counts as its /64 network (one machine usually holds
/// a whole /64).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddress(pub String);

impl ClientAddress {
    pub fn of(ip: Option<IpAddr>) -> Self {
        Self(match ip {
            None => "unknown".to_owned(),
            Some(IpAddr::V4(v4)) => v4.to_string(),
            Some(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.to_string(),
                None => {
                    let s = v6.segments();
                    format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
                }
            },
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");

impl ClientAddress {
    /// The address of `req`'s client: the peer, or what a trusted proxy (the app's
    /// [`TrustedProxies`]) forwarded.
    pub fn of_request(req: &HttpRequest) -> Self {
        let peer = req.peer_addr().map(|peer| peer.ip());
        let ip = match req.app_data::<web::Data<TrustedProxies>>() {
            Some(proxies) => {
                let forwarded: Vec<&str> = req
                    .headers()
                    .get_all(X_FORWARDED_FOR)
                    .filter_map(|value| value.to_str().ok())
                    .collect();
                proxies.client_ip(peer, &forwarded)
            }
            None => peer,
        };
        Self::of(ip)
    }
}

impl FromRequest for ClientAddress {
    type Error = Infallible;
    type Future = Ready<Result<Self, Infallible>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Self::of_request(req)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_the_peer_ip_and_ipv6_counts_by_its_64_network() {
        let of = |text: &str| ClientAddress::of(Some(text.parse().unwrap())).0;
        assert_eq!(of("203.0.113.7"), "203.0.113.7");
        assert_eq!(of("::ffff:203.0.113.7"), "203.0.113.7");
        assert_eq!(of("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
        assert_eq!(of("2001:db8:1:2:bbbb::9"), "2001:db8:1:2::/64");
        assert_eq!(ClientAddress::of(None).0, "unknown");
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn only_a_trusted_proxy_is_believed_and_only_as_far_as_our_own_hops() {
        let proxies = TrustedProxies::parse("10.0.0.0/8, 192.168.1.5,fd00::/8").unwrap();
        let client = |peer: &str, header: &[&str]| {
            proxies
                .client_ip(Some(ip(peer)), header)
                .unwrap()
                .to_string()
        };
        assert_eq!(
            client("203.0.113.9", &["198.51.100.1"]),
            "203.0.113.9",
            "anyone else's header is ignored"
        );
        assert_eq!(client("10.0.0.2", &["198.51.100.1"]), "198.51.100.1");
        assert_eq!(
            client("10.0.0.2", &["6.6.6.6, 198.51.100.1, 10.0.0.7"]),
            "198.51.100.1",
            "what the client wrote on the left does not count"
        );
        assert_eq!(
            client("192.168.1.5", &["6.6.6.6", "198.51.100.1:4711"]),
            "198.51.100.1",
            "several headers and a port"
        );
        assert_eq!(client("10.0.0.2", &[]), "10.0.0.2", "no header: the proxy");
        assert_eq!(client("10.0.0.2", &["garbage"]), "10.0.0.2");
        assert_eq!(client("::ffff:10.0.0.2", &["2001:db8::1"]), "2001:db8::1");
        assert_eq!(
            TrustedProxies::default().client_ip(Some(ip("10.0.0.2")), &["1.2.3.4"]),
            Some(ip("10.0.0.2")),
            "nothing trusted unless configured"
        );
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
        assert_eq!(
            TrustedProxies::parse(" ").unwrap(),
            TrustedProxies::default()
        );
    }
}
