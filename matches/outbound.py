"""Requests the site makes to addresses its users gave (a federation's webhooks), guarded
against being turned on the site's own network.

Before connecting, the host is resolved once and every address it names is checked: loopback,
private, link-local, multicast, reserved and other non-global addresses are refused unless
``settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE`` is on. The request then goes to the address that was
checked (the URL's host replaced by it, the name kept in ``Host`` and in TLS's server name and
certificate check), so a second lookup answering otherwise (a DNS rebind) is never made. The
timeout is short, redirects are not followed, and the answer's body is not read.
"""

from __future__ import annotations

import concurrent.futures
import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass, field

import httpx
from django.conf import settings

USER_AGENT = "Ringside-Webhooks/1"

Resolver = Callable[[str, int], list[str]]


class AddressRefused(ValueError):
    """The URL names an address the site does not send to (or none at all)."""


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str] = field(default_factory=dict)


def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (an address literal, itself), waiting for the lookup
    no longer than a request's timeout."""
    lookup = _LOOKUPS.submit(socket.getaddrinfo, host, port, type=socket.SOCK_STREAM)
    try:
        infos = lookup.result(timeout=settings.RINGSIDE_WEBHOOKS_TIMEOUT)
    except concurrent.futures.TimeoutError:
        raise OSError("the lookup took too long") from None
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


#: The lookups' threads (a lookup cannot be given a timeout of its own).
_LOOKUPS = concurrent.futures.ThreadPoolExecutor(max_workers=4, thread_name_prefix="lookup")


def is_blocked(address: str) -> bool:
    """Whether ``address`` is one the site keeps to itself: anything but a global unicast one
    (an IPv4 address mapped into IPv6 judged as itself)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast or ip.is_reserved


def literal_address(host: str) -> str | None:
    """The host as an address when it is written as one (no lookup), else None."""
    try:
        return str(ipaddress.ip_address(host.strip("[]")))
    except ValueError:
        return None


def check_url(url: str, *, allow_private: bool | None = None) -> httpx.URL:
    """The URL parsed, refused when it is not http(s) with a host, or names (as written) an
    address the site keeps to itself. Adding a webhook checks this; sending checks again after
    the lookup (``connect_address``)."""
    allow = settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE if allow_private is None else allow_private
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError) as exc:
        raise AddressRefused(f"This is not a web address: {exc}") from None
    if parsed.scheme not in ("http", "https") or not parsed.host:
        raise AddressRefused("Give an http:// or https:// address with a host.")
    if parsed.port is not None and not 1 <= parsed.port <= 65535:
        raise AddressRefused(f"A port is from 1 to 65535, not {parsed.port}.")
    host = parsed.host
    literal = literal_address(host)
    if not allow and (
        host == "localhost" or host.endswith(".localhost") or (literal and is_blocked(literal))
    ):
        raise AddressRefused(
            f"{host} is a loopback, private or reserved address: the site does not send there "
            "(RINGSIDE_WEBHOOKS_ALLOW_PRIVATE=1 allows it, docs/sharing.md)."
        )
    return parsed


def connect_address(
    parsed: httpx.URL, *, allow_private: bool, resolver: Resolver | None = None
) -> str:
    """The address to connect to for ``parsed``: its host resolved once, the first address the
    site may send to; refused when the host does not resolve, or names only blocked ones."""
    port = parsed.port or (443 if parsed.scheme == "https" else 80)
    try:
        addresses = (resolver or resolve)(parsed.host, port)
    except (OSError, UnicodeError) as exc:
        raise AddressRefused(f"{parsed.host} could not be looked up ({exc}).") from None
    allowed = [a for a in addresses if allow_private or not is_blocked(a)]
    if not allowed:
        shown = ", ".join(addresses) or "nothing"
        raise AddressRefused(
            f"{parsed.host} resolves to {shown}: a loopback, private or reserved address, "
            "where the site does not send."
        )
    return allowed[0]


def post(
    url: str,
    body: bytes,
    headers: dict[str, str],
    *,
    timeout: float | None = None,
    allow_private: bool | None = None,
    resolver: Resolver | None = None,
    transport: httpx.BaseTransport | None = None,
) -> Answer:
    """POST ``body`` to ``url`` through the guard; the answer's status and headers. Raises
    ``AddressRefused`` for an address the site does not send to, and ``httpx.TransportError``
    (``httpx.TimeoutException`` among them) when no answer comes."""
    allow = settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE if allow_private is None else allow_private
    seconds = settings.RINGSIDE_WEBHOOKS_TIMEOUT if timeout is None else timeout
    parsed = check_url(url, allow_private=allow)
    address = connect_address(parsed, allow_private=allow, resolver=resolver)
    host_header = parsed.netloc.decode("ascii").rsplit("@", 1)[-1]
    request_headers = {
        "User-Agent": USER_AGENT,
        **headers,
        "Host": host_header,
    }
    extensions = {"sni_hostname": parsed.host} if parsed.scheme == "https" else {}
    with httpx.Client(
        timeout=httpx.Timeout(seconds),
        follow_redirects=False,
        trust_env=False,  # (no proxy from the environment: the checked address is the one used)
        transport=transport,
    ) as client:
        request = client.build_request(
            "POST",
            parsed.copy_with(host=address),
            content=body,
            headers=request_headers,
            extensions=extensions,
        )
        response = client.send(request, stream=True)
        try:
            return Answer(response.status_code, dict(response.headers))
        finally:
            response.close()
