"""The API's front door, ``GET /api/v1/``: where everything is, readable by anyone.

DRF's router root (``DefaultRouter``) lists the collections that need no federation
(``federations``, ``systems``); this one adds the address of one federation as a URI template
(``{slug}`` to fill in), signing in, the schema and the two documentation pages.
"""

from __future__ import annotations

from django.urls import reverse as django_reverse
from rest_framework import routers
from rest_framework.permissions import AllowAny
from rest_framework.reverse import reverse

#: Stands for the slug while an address is reversed, then becomes ``{slug}``.
_SLUG = "slug-placeholder"


class ApiRoot(routers.APIRootView):
    """Where everything is: each entry an absolute address."""

    # Read by anyone, signed in or not; anything but GET, HEAD and OPTIONS is a 405.
    permission_classes = [AllowAny]

    def get_view_name(self) -> str:
        return "Ringside API"

    def get(self, request, *args, **kwargs):
        response = super().get(request, *args, **kwargs)
        namespace = request.resolver_match.namespace
        one = reverse(
            f"{namespace}:federation-detail", kwargs={"federation_slug": _SLUG}, request=request
        )
        response.data.update(
            {
                "federation": one.replace(_SLUG, "{slug}"),
                "token": reverse(f"{namespace}:token", request=request),
                "schema": request.build_absolute_uri(django_reverse("api-schema")),
                "docs": request.build_absolute_uri(django_reverse("api-docs")),
                "redoc": request.build_absolute_uri(django_reverse("api-redoc")),
            }
        )
        return response


class Router(routers.DefaultRouter):
    """``SimpleRouter`` with the root above; no format suffixes (``.json``): the API speaks JSON
    (and YAML where a card is read or written, by ``Content-Type`` and ``?format=``)."""

    include_format_suffixes = False
    APIRootView = ApiRoot
