//! Who may use the GUI: requests that name this server by a host it answers to, that come from
//! its own page (or no page), and, when it listens beyond loopback, that carry its secret token
//! (printed in the address on start, then kept by the browser as a cookie).

use super::answers::error;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use std::net::IpAddr;
use std::sync::Arc;

/// The cookie that keeps the token once the page has been opened with it.
const TOKEN_COOKIE: &str = "tabula_token";

/// The rules of access of one server.
pub struct Access {
    /// The secret every request must carry; `None` when the server listens on loopback only.
    token: Option<String>,
}

impl Access {
    /// The rules for a server listening on `host`: a new random token unless it is loopback.
    pub fn for_host(host: IpAddr) -> Access {
        let token = (!host.is_loopback()).then(|| format!("{:032x}", rand::random::<u128>()));
        Access { token }
    }

    /// The token, if one is needed.
    pub fn token(&self) -> Option<&str> {
        self.token.as_deref()
    }

    /// Whether `host` (a `Host` header) names this server: `localhost` or a loopback address,
    /// and, beyond loopback (where the token guards), any IP address.
    fn knows_host(&self, host: &str) -> bool {
        let name = match host.rsplit_once(':') {
            Some((name, port)) if !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()) => {
                name
            }
            _ => host,
        };
        let address = name
            .strip_prefix('[')
            .and_then(|inner| inner.strip_suffix(']'))
            .unwrap_or(name)
            .parse::<IpAddr>();
        let (is_ip, is_loopback_ip) = match (&address, name.contains(':')) {
            // An IPv6 address is written in brackets in a Host header.
            (Ok(IpAddr::V6(_)), true) if !name.starts_with('[') => (false, false),
            (Ok(ip), _) => (true, ip.is_loopback()),
            (Err(_), _) => (false, false),
        };
        name == "localhost" || is_loopback_ip || (is_ip && self.token.is_some())
    }

    /// The token a request carries in its address (`?token=`), if it is the right one.
    fn query_token_matches(&self, request: &Request) -> bool {
        let Some(token) = &self.token else {
            return false;
        };
        request.uri().query().is_some_and(|query| {
            query
                .split('&')
                .filter_map(|pair| pair.strip_prefix("token="))
                .any(|given| same_secret(given, token))
        })
    }

    /// Whether the request carries the token in its cookie.
    fn cookie_token_matches(&self, request: &Request) -> bool {
        let Some(token) = &self.token else {
            return false;
        };
        request
            .headers()
            .get_all(header::COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|cookies| cookies.split(';'))
            .filter_map(|cookie| cookie.trim().strip_prefix(TOKEN_COOKIE)?.strip_prefix('='))
            .any(|given| same_secret(given, token))
    }
}

/// Compares two secrets in a time that does not depend on where they differ.
fn same_secret(given: &str, token: &str) -> bool {
    given.len() == token.len()
        && given
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |differ, (a, b)| differ | (a ^ b))
            == 0
}

/// Refuses what another web site could send through the user's browser (a request whose
/// `Origin` is not this server's own page, or that names this server by a host name of its
/// own: a DNS rebinding attack reaches it under the attacker's name), and, beyond loopback, any
/// request without the token. A request that brings the token in its address gets the cookie.
pub async fn check(State(access): State<Arc<Access>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|value| value.to_str().ok())
        .unwrap_or("");
    let foreign_origin = headers.get(header::ORIGIN).is_some_and(|origin| {
        let origin = origin.to_str().unwrap_or("");
        origin != format!("http://{host}") && origin != format!("https://{host}")
    });
    if !access.knows_host(host) || foreign_origin {
        return error(
            StatusCode::FORBIDDEN,
            "requests from other web sites are refused",
        );
    }
    if access.token.is_none() || access.cookie_token_matches(&request) {
        return next.run(request).await;
    }
    if !access.query_token_matches(&request) {
        return error(
            StatusCode::UNAUTHORIZED,
            "this server needs its token: open the address `tabula gui` printed on start \
             (http://HOST:PORT/?token=...)",
        );
    }
    let mut response = next.run(request).await;
    let cookie = format!(
        "{TOKEN_COOKIE}={}; Path=/; HttpOnly; SameSite=Strict",
        access.token.as_deref().unwrap_or("")
    );
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_loopback_names_and_beyond_loopback_addresses() {
        let local = Access::for_host(IpAddr::from([127, 0, 0, 1]));
        assert_eq!(local.token(), None);
        for host in [
            "localhost",
            "localhost:8088",
            "127.0.0.1:8088",
            "127.3.2.1",
            "[::1]:80",
        ] {
            assert!(local.knows_host(host), "{host}");
        }
        for host in [
            "192.168.1.20:8088",
            "evil.example",
            "evil.example:8088",
            "",
            "::1",
            "[::1]:",
            "localhost.evil.example",
        ] {
            assert!(!local.knows_host(host), "{host}");
        }
        let open = Access::for_host(IpAddr::from([0, 0, 0, 0]));
        assert_eq!(open.token().map(str::len), Some(32));
        for host in ["192.168.1.20:8088", "[fe80::1]:8088", "localhost"] {
            assert!(open.knows_host(host), "{host}");
        }
        assert!(!open.knows_host("evil.example:8088"));
        assert!(same_secret("abc", "abc"));
        assert!(!same_secret("abd", "abc") && !same_secret("ab", "abc"));
    }
}
