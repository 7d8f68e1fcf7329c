"""The client's address, as the site's sign-in lockout and throttles key on it.

Behind a reverse proxy (deploy/) every connection comes from the proxy; the proxy names the
client in ``X-Forwarded-For`` (appending the address it was connected from) and ``X-Real-IP``.
Those headers are believed only from the proxies ``settings.TRUSTED_PROXIES`` lists (addresses
or networks; none by default): from anyone else they are the client's own claim, and ignored.

``ClientAddressMiddleware`` runs first and puts the client's address in ``REMOTE_ADDR``, so that
everything after it reads the same one: django-axes (the pages' and the API's sign-in lockout),
DRF's throttles (``NUM_PROXIES`` 0: they read ``REMOTE_ADDR`` alone) and the logs. The
connection's own address stays in ``PEER_ADDR``.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable, Mapping

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


@functools.lru_cache(maxsize=8)
def trusted_networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    """The networks of ``TRUSTED_PROXIES`` (``10.0.0.1``, ``10.0.0.0/24``, ``::1``)."""
    networks = []
    for proxy in proxies:
        try:
            networks.append(ipaddress.ip_network(proxy.strip(), strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"TRUSTED_PROXIES: {proxy!r} is not an address or a network "
                "(e.g. 127.0.0.1, 10.0.0.0/24)."
            ) from None
    return tuple(networks)


def _address(text: str) -> Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _is_trusted(address: Address, networks: Iterable[Network]) -> bool:
    return any(address in network for network in networks)


def client_address(meta: Mapping[str, str], proxies: Iterable[str]) -> str:
    """The client's address for a request's ``meta``, the proxies ``proxies`` trusted.

    A connection from anyone but a trusted proxy is its own address. From a trusted proxy,
    ``X-Forwarded-For`` is read from the right (the address the proxy itself appended) past
    every trusted hop to the first address that is not one: that is the client. Without the
    header, ``X-Real-IP``; an entry that is not an address ends the walk at the last one read."""
    peer = meta.get("REMOTE_ADDR", "")
    networks = trusted_networks(tuple(proxies))
    nearest = _address(peer)
    if nearest is None or not _is_trusted(nearest, networks):
        return peer
    forwarded = meta.get("HTTP_X_FORWARDED_FOR", "")
    hops = [hop for hop in forwarded.split(",") if hop.strip()] or [meta.get("HTTP_X_REAL_IP", "")]
    for hop in reversed(hops):
        address = _address(hop)
        if address is None:
            break
        nearest = address
        if not _is_trusted(address, networks):
            break
    return str(nearest)


class ClientAddressMiddleware:
    """Put the client's address (``client_address``) in ``REMOTE_ADDR`` for all that follows;
    the connection's own in ``PEER_ADDR``. First in ``MIDDLEWARE``."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        meta = request.META
        meta["PEER_ADDR"] = meta.get("REMOTE_ADDR", "")
        meta["REMOTE_ADDR"] = client_address(meta, settings.TRUSTED_PROXIES)
        return self.get_response(request)
