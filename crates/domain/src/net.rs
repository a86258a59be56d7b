//! Which network addresses the shop's own outgoing requests may reach when an admin names
//! the address (a catalog import's photo URLs, decisions D28): only the public internet, so
//! that a file cannot make the server read its own machine or the network it sits in
//! (server-side request forgery). The adapter that fetches resolves the name, asks this of
//! every address, and connects only to an address it was told is public.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The network a refused address belongs to, as a seller reads it in a row's error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NonPublic {
    /// `0.0.0.0/8`, `::`: "this host".
    Unspecified,
    /// `127.0.0.0/8`, `::1`.
    Loopback,
    /// RFC 1918 (`10/8`, `172.16/12`, `192.168/16`) and IPv6 unique local `fc00::/7` (and the
    /// old site-local `fec0::/10`).
    Private,
    /// `100.64.0.0/10`, a carrier's NAT (RFC 6598).
    SharedCarrier,
    /// `169.254.0.0/16` (where clouds answer their metadata) and `fe80::/10`.
    LinkLocal,
    /// `224.0.0.0/4`, `255.255.255.255` and `ff00::/8`.
    Multicast,
    /// Addresses for documentation, benchmarks, protocol assignments and the future
    /// (`192.0.0/24`, `192.0.2/24`, `198.18/15`, `198.51.100/24`, `203.0.113/24`, `240/4`,
    /// `2001:db8::/32`): never a web server's.
    Reserved,
}

impl NonPublic {
    /// How a message says it: `its address 10.0.0.7 is on a private network`.
    pub fn describe(self) -> &'static str {
        match self {
            Self::Unspecified => "unspecified",
            Self::Loopback => "this server's own (loopback)",
            Self::Private => "on a private network",
            Self::SharedCarrier => "on a carrier's shared network",
            Self::LinkLocal => "link-local",
            Self::Multicast => "a multicast or broadcast address",
            Self::Reserved => "reserved",
        }
    }
}

/// `None` when `ip` is on the public internet; else the kind of network it is on. An IPv6
/// address that carries an IPv4 one (IPv4-mapped `::ffff:a.b.c.d`, the old IPv4-compatible
/// `::a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) is judged by the IPv4 address.
pub fn non_public(ip: IpAddr) -> Option<NonPublic> {
    match ip {
        IpAddr::V4(v4) => non_public_v4(v4),
        IpAddr::V6(v6) => non_public_v6(v6),
    }
}

/// Whether the shop may connect to `ip` for a URL an admin gave.
pub fn is_public(ip: IpAddr) -> bool {
    non_public(ip).is_none()
}

fn non_public_v4(ip: Ipv4Addr) -> Option<NonPublic> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        (0, ..) => NonPublic::Unspecified,
        (127, ..) => NonPublic::Loopback,
        (10, ..) | (192, 168, _) => NonPublic::Private,
        (172, b, _) if (16..=31).contains(&b) => NonPublic::Private,
        (100, b, _) if (64..=127).contains(&b) => NonPublic::SharedCarrier,
        (169, 254, _) => NonPublic::LinkLocal,
        (224..=239, ..) => NonPublic::Multicast,
        _ if ip == Ipv4Addr::BROADCAST => NonPublic::Multicast,
        (240..=255, ..) => NonPublic::Reserved,
        (192, 0, 0 | 2) | (198, 51, 100) | (203, 0, 113) => NonPublic::Reserved,
        (198, 18 | 19, _) => NonPublic::Reserved,
        _ => return None,
    })
}

fn non_public_v6(ip: Ipv6Addr) -> Option<NonPublic> {
    if let Some(v4) = embedded_v4(ip) {
        return non_public_v4(v4);
    }
    let segments = ip.segments();
    Some(match segments[0] {
        _ if ip.is_unspecified() => NonPublic::Unspecified,
        _ if ip.is_loopback() => NonPublic::Loopback,
        s if s & 0xfe00 == 0xfc00 => NonPublic::Private,
        s if s & 0xffc0 == 0xfec0 => NonPublic::Private,
        s if s & 0xffc0 == 0xfe80 => NonPublic::LinkLocal,
        s if s & 0xff00 == 0xff00 => NonPublic::Multicast,
        0x2001 if segments[1] == 0x0db8 => NonPublic::Reserved,
        _ => return None,
    })
}

/// The IPv4 address an IPv6 one stands for, when it stands for one.
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    let s = ip.segments();
    let low = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    match s {
        // ::ffff:a.b.c.d (mapped)
        [0, 0, 0, 0, 0, 0xffff, hi, lo] => Some(low(hi, lo)),
        // ::a.b.c.d (compatible, deprecated); `::` and `::1` are IPv6's own.
        [0, 0, 0, 0, 0, 0, hi, lo] if (hi, lo) != (0, 0) && (hi, lo) != (0, 1) => Some(low(hi, lo)),
        // 64:ff9b::a.b.c.d (NAT64's well-known prefix)
        [0x64, 0xff9b, 0, 0, 0, 0, hi, lo] => Some(low(hi, lo)),
        // 2002:aabb:ccdd::/48 (6to4)
        [0x2002, hi, lo, ..] => Some(low(hi, lo)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(text: &str) -> Option<NonPublic> {
        non_public(text.parse().expect("an address"))
    }

    #[test]
    fn addresses_inside_a_machine_or_a_network_are_refused() {
        for (address, network) in [
            ("127.0.0.1", NonPublic::Loopback),
            ("127.255.0.9", NonPublic::Loopback),
            ("::1", NonPublic::Loopback),
            ("10.0.0.1", NonPublic::Private),
            ("10.255.255.255", NonPublic::Private),
            ("172.16.0.1", NonPublic::Private),
            ("172.31.255.254", NonPublic::Private),
            ("192.168.1.10", NonPublic::Private),
            ("169.254.169.254", NonPublic::LinkLocal),
            ("fe80::1", NonPublic::LinkLocal),
            ("febf::1", NonPublic::LinkLocal),
            ("fc00::1", NonPublic::Private),
            ("fd12:3456::1", NonPublic::Private),
            ("fec0::1", NonPublic::Private),
            ("100.64.0.1", NonPublic::SharedCarrier),
            ("100.127.255.255", NonPublic::SharedCarrier),
            ("0.0.0.0", NonPublic::Unspecified),
            ("0.1.2.3", NonPublic::Unspecified),
            ("::", NonPublic::Unspecified),
            ("224.0.0.1", NonPublic::Multicast),
            ("239.255.255.250", NonPublic::Multicast),
            ("255.255.255.255", NonPublic::Multicast),
            ("ff02::1", NonPublic::Multicast),
            ("240.0.0.1", NonPublic::Reserved),
            ("192.0.2.1", NonPublic::Reserved),
            ("198.18.0.1", NonPublic::Reserved),
            ("203.0.113.5", NonPublic::Reserved),
            ("2001:db8::1", NonPublic::Reserved),
        ] {
            assert_eq!(judged(address), Some(network), "{address}");
        }
    }

    #[test]
    fn an_ipv6_address_carrying_an_ipv4_one_is_judged_by_it() {
        for (address, network) in [
            ("::ffff:127.0.0.1", Some(NonPublic::Loopback)),
            ("::ffff:10.1.2.3", Some(NonPublic::Private)),
            ("::ffff:169.254.169.254", Some(NonPublic::LinkLocal)),
            ("::127.0.0.1", Some(NonPublic::Loopback)),
            ("::2", Some(NonPublic::Unspecified)),
            ("64:ff9b::192.168.0.1", Some(NonPublic::Private)),
            ("2002:c0a8:0101::1", Some(NonPublic::Private)),
            ("::ffff:8.8.8.8", None),
            ("64:ff9b::8.8.4.4", None),
            ("2002:0808:0808::1", None),
        ] {
            assert_eq!(judged(address), network, "{address}");
        }
    }

    #[test]
    fn public_addresses_are_allowed() {
        for address in [
            "8.8.8.8",
            "1.1.1.1",
            "151.101.1.69",
            "172.15.255.255",
            "172.32.0.1",
            "100.63.255.255",
            "100.128.0.1",
            "169.253.0.1",
            "192.169.0.1",
            "11.0.0.1",
            "223.255.255.255",
            "2606:4700::1",
            "2a00:1450:4001:80b::2004",
            "2001:4860:4860::8888",
        ] {
            assert_eq!(judged(address), None, "{address}");
            assert!(is_public(address.parse().unwrap()), "{address}");
        }
        assert!(!is_public("127.0.0.1".parse().unwrap()));
    }
}
