//! The network address a request comes from, as rate limits count it.

use std::convert::Infallible;
use std::future::{Ready, ready};
use std::net::IpAddr;

use actix_web::dev::Payload;
use actix_web::{FromRequest, HttpRequest};

/// The client's address: the TCP peer's IP. `X-Forwarded-For` and the like are not read,
/// since any client can write them. An IPv6 client counts as its /64 network (one machine
/// usually holds a whole /64).
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

impl FromRequest for ClientAddress {
    type Error = Infallible;
    type Future = Ready<Result<Self, Infallible>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(Ok(Self::of(req.peer_addr().map(|peer| peer.ip()))))
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
}
