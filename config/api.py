"""What every endpoint of the REST API shares: access, the federation's time zone, the schema.
(Errors, pagination, throttles and YAML are in ``config.api_support``, the schema's error
responses in ``config.api_schema``.)

- **Access** goes through ``promotion.access``, the one policy of every door.
  ``FederationAccess`` resolves the federation named in the URL for the action the request takes
  (read, book, manage): a federation the user may not read answers 404, one he may read but not
  change 403 (401 when he is not signed in). Every list below a federation is scoped by it in its
  queryset, so no row of a federation the user cannot read is ever listed.
- **Time**: below a federation, dates and times are read and written in its time zone.
"""

from __future__ import annotations

import functools

from django.db import transaction
from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.viewsets import GenericViewSet

from config.api_support import json_errors
from promotion.access import AccessDenied, Action, federation_for

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
        try:
            view.federation = federation_for(request.user, view.kwargs["federation_slug"], action)
        except AccessDenied as exc:
            if not request.user.is_authenticated:
                raise exceptions.NotAuthenticated() from None
            raise exceptions.PermissionDenied(str(exc)) from None
        return True


@extend_schema(
    parameters=[
        OpenApiParameter(
            "federation_slug", str, OpenApiParameter.PATH, description="The federation's slug."
        )
    ]
)
class FederationViewSet(GenericViewSet):
    """Endpoints below ``/federations/{federation_slug}/``.

    ``get_queryset`` must start from ``self.federation``: that is what scopes every list.
    ``write_access`` names what unsafe methods need; ``read_access`` what safe ones need;
    ``action_access`` overrides both for single actions."""

    permission_classes = [FederationAccess]
    read_access = Action.READ
    write_access = Action.BOOK
    action_access: dict[str, Action] = {}
    federation = None

    def access_for(self, request) -> Action:
        if self.action in self.action_access:
            return self.action_access[self.action]
        return self.read_access if request.method in SAFE_METHODS else self.write_access

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        timezone.activate(self.federation.time_zone)

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


def atomic_action(method):
    """Run a view method in one transaction: a refusal anywhere leaves nothing written."""

    @functools.wraps(method)
    def wrapper(*args, **kwargs):
        with transaction.atomic():
            return method(*args, **kwargs)

    return wrapper
