"""What every endpoint of the REST API shares: access, the federation's time zone, the schema.
(Errors, pagination, throttles and YAML are in ``web.api_support``, the schema's error
responses in ``web.api_schema``.)

- **Access** goes through ``promotion.access``, the one policy of every door.
  ``FederationAccess`` resolves the federation named in the URL for the action the request takes
  (read, book, manage): a federation the user may not read answers 404, one he may read but not
  change 403 (401 when he is not signed in). Every list below a federation is scoped by it in its
  queryset, so no row of a federation the user cannot read is ever listed.
- **Time**: below a federation, dates and times are read and written in its time zone.
- **Signing in** for a token (``TokenView``) keeps the web's sign-in throttling (django-axes):
  an account locked out there is locked out here, with a 429 saying so and for how long. Both
  key on the same client address, the one ``web.client_address`` puts in ``REMOTE_ADDR``
  (behind the reverse proxy, the client's, not the proxy's).
"""

from __future__ import annotations

import functools
from typing import Any

from axes.helpers import get_cool_off
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.generics import get_object_or_404
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from promotion.access import AccessDenied, Action, federation_for
from promotion.models import Federation
from web.api_support import BoundedJSONParser, json_errors, not_found

# -- access -------------------------------------------------------------------------------------


class FederationAccess(BasePermission):
    """Resolves ``view.federation`` from the URL through ``promotion.access``.

    The action a request needs is ``view.access_for(request)``: reading for safe methods, the
    view's ``write_access`` (booking by default) otherwise. A federation the user may not read is
    a 404; one he may read but not change is a 403, or a 401 when he has not signed in."""

    def has_permission(self, request, view) -> bool:
        if "federation_slug" not in view.kwargs:
            # a collection of federations: anyone reads it (scoped), the signed-in create
            if request.method in SAFE_METHODS or request.user.is_authenticated:
                return True
            raise exceptions.NotAuthenticated()
        action = view.access_for(request)
        slug = view.kwargs["federation_slug"]
        try:
            view.federation = federation_for(request.user, slug, action)
        except Http404:
            raise not_found("federation", slug) from None
        except AccessDenied as exc:
            if not request.user.is_authenticated:
                raise exceptions.NotAuthenticated() from None
            raise exceptions.PermissionDenied(str(exc)) from None
        return True


class NamedLookup:
    """``get_object`` whose miss says what was looked for and where (``web.api_support``'s
    ``not_found``): the row's kind (``lookup_kind``, else the model's name) by the value in the
    address, ``lookup_where`` (below a federation: in it)."""

    lookup_kind: str | None = None

    def lookup_where(self) -> str:
        federation = getattr(self, "federation", None)
        return f"in {federation.name}" if federation is not None else ""

    def get_object(self):
        view: Any = self
        queryset = view.filter_queryset(view.get_queryset())
        value = view.kwargs[view.lookup_url_kwarg or view.lookup_field]
        try:
            row = get_object_or_404(queryset, **{view.lookup_field: value})
        except Http404:
            kind = self.lookup_kind or str(queryset.model._meta.verbose_name)
            raise not_found(kind, value, self.lookup_where()) from None
        view.check_object_permissions(view.request, row)
        return row


@extend_schema(
    parameters=[
        OpenApiParameter(
            "federation_slug", str, OpenApiParameter.PATH, description="The federation's slug."
        )
    ]
)
class FederationViewSet(NamedLookup, GenericViewSet):
    """Endpoints below ``/federations/{federation_slug}/``.

    ``get_queryset`` must start from ``self.federation``: that is what scopes every list.
    ``write_access`` names what unsafe methods need; ``read_access`` what safe ones need;
    ``action_access`` overrides both for single actions."""

    permission_classes = [FederationAccess]
    read_access = Action.READ
    write_access = Action.BOOK
    action_access: dict[str, Action] = {}
    # Set by FederationAccess before any handler runs; None only while the schema generator
    # walks the views without a request.
    federation: Federation = None  # type: ignore[assignment]

    def access_for(self, request) -> Action:
        if self.action in self.action_access:
            return self.action_access[self.action]
        return self.read_access if request.method in SAFE_METHODS else self.write_access

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        timezone.activate(self.federation.time_zone)
        request.federation = self.federation  # (the filters that check a slug read it)

    def finalize_response(self, request, response, *args, **kwargs):
        timezone.deactivate()
        return json_errors(super().finalize_response(request, response, *args, **kwargs))

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "federation": self.federation}

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):  # the schema generator, with no request
            return self.queryset.none()
        return self.scoped_queryset()

    def scoped_queryset(self):
        """The rows of ``self.federation`` this endpoint serves (every list starts here)."""
        raise NotImplementedError


class PagedByKeys(GenericViewSet):
    """A long list (ten years of a federation's ledger, injuries, reigns) whose page is chosen
    from its own rows' keys first, then read with its joins, in the page's order: the database
    sorts small rows, not every row with its matches and shows joined. One query more."""

    def paginate_queryset(self, queryset):
        keys = super().paginate_queryset(queryset.values_list("pk", flat=True))
        if keys is None:
            return None
        rows = queryset.order_by().in_bulk(list(keys))
        return [rows[pk] for pk in keys]


def atomic_action(method):
    """Run a view method in one transaction: a refusal anywhere leaves nothing written."""

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        with transaction.atomic():
            return method(*args, **kwargs)

    return wrapper


# -- tokens -------------------------------------------------------------------------------------

#: The web's lockout page in one sentence (templates/registration/locked_out.html), and when.
LOCKED_OUT = (
    "Too many failed sign-ins: signing in to this account from here is paused after several "
    "wrong passwords. Try again in {wait} (a sign-in tried before then starts the pause again), "
    "or reset the password."
)
LOCKED_OUT_FOR_GOOD = (
    "Too many failed sign-ins: signing in to this account from here is locked after several "
    "wrong passwords. Reset the password, or ask the site's administrators."
)


def _duration(seconds: int) -> str:
    """``15 minutes``, ``1 hour``, ``90 seconds``."""
    for unit, size in (("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if count != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


class SignInLockedOut(exceptions.APIException):
    """A sign-in refused because django-axes has locked the account out from this address:
    429, as the web's lockout page, with ``Retry-After`` while the pause has an end."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_code = "locked_out"

    def __init__(self, cool_off):
        self.wait = int(cool_off.total_seconds()) if cool_off else None
        if self.wait:
            super().__init__(LOCKED_OUT.format(wait=_duration(self.wait)))
        else:
            super().__init__(LOCKED_OUT_FOR_GOOD)


class TokenView(ObtainAuthToken):
    """``POST auth/token/``: a user's token for his username and password. The sign-in goes
    through django-axes as the web's does (``authenticate`` with the request): its failures
    count toward the same lockout, and while the account is locked out from this address the
    answer is that lockout (429), not "unable to log in", whatever the password. The pause runs
    ``AXES_COOLOFF_TIME`` from the last attempt: axes counts an attempt made during it as one more
    failure (``AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT``, its default). A JSON body is read
    as every endpoint's is (``BoundedJSONParser``: bounded in size and depth), not by DRF's own
    reader, which ``ObtainAuthToken`` names."""

    parser_classes = (FormParser, MultiPartParser, BoundedJSONParser)

    def post(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            if getattr(request, "axes_locked_out", False):
                raise SignInLockedOut(get_cool_off(request))
            raise exceptions.ValidationError(serializer.errors)
        token, _created = Token.objects.get_or_create(user=serializer.validated_data["user"])
        return Response({"token": token.key})
