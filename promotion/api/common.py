"""What the roster's endpoints share: references to a wrestler, a team or a match, the time
fields, the desks' actions and the query parameters read the same way everywhere."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from drf_spectacular.utils import (
    extend_schema_field,
)
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from promotion import selectors
from promotion.validators import time_zone_name
from web.api import atomic_action
from web.api_refs import PersonRefSerializer as PersonRefSerializer
from web.api_refs import person_ref as person_ref

User = get_user_model()
SLUG = "[-a-zA-Z0-9_]+"
NO_SUCH_USER = (
    "No account has the username or e-mail address {username!r}; ask them to sign up first."
)
NO_SUCH_WRESTLER = "No wrestler with the slug {slug!r} in this federation."
HEAD_TO_HEAD_HIMSELF = "{wrestler} has no record against himself: name another wrestler."
SYSTEM_MISMATCH = "This card says system {given!r}, but the address is for {system!r}."
NO_ENGINE = "The {system} rule system has no engine yet; its cards cannot be checked."


class MatchRefSerializer(serializers.Serializer):
    show = serializers.IntegerField(help_text="The show's number.")
    show_name = serializers.CharField()
    position = serializers.IntegerField()
    method = serializers.CharField(allow_blank=True)


def match_ref(match) -> dict | None:
    if match is None:
        return None
    return {
        "show": match.show.number,
        "show_name": match.show.name,
        "position": match.position,
        "method": match.method,
    }


class TimeZoneNameField(serializers.CharField):
    """A federation's time zone, checked by the model field's own rule
    (``validators.time_zone_name``: a place's current name or UTC) and in its words."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.validators.append(time_zone_name)

    def to_representation(self, value):
        return str(value)


@extend_schema_field(
    {"type": "string", "pattern": r"^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$", "example": "20:00"}
)
class LocalTimeField(serializers.TimeField):
    """A wall-clock time in the federation's time zone (so without an offset)."""


def federation_member(federation, kind: str, slug: str):
    """The federation's wrestler or team (``kind``) at ``slug``, or a validation error naming
    what is missing (the desks' serializers)."""
    rows = federation.wrestlers if kind == "wrestler" else federation.teams
    found = rows.filter(slug=slug).first()
    if found is None:
        raise serializers.ValidationError(f"{federation} has no {kind} {slug!r}.")
    return found


class DeskActions(generics.GenericAPIView):
    """The booker's desks over the API (titles, teams, feuds, injuries): a row created, or an
    action's body checked by its serializer and the service called with the row, through the
    same services as the pages and the admin; the answer is the row read back as a list shows
    it (``read_serializer``)."""

    read_serializer: type[serializers.Serializer]
    #: The answer to a create, when it says more than the row (None: ``read_serializer``).
    created_serializer: type[serializers.Serializer] | None = None

    def _read(self, row, serializer: type[serializers.Serializer] | None = None) -> dict:
        row = self.get_queryset().get(pk=row.pk)
        reader = serializer or self.read_serializer
        return reader(row, context=self.get_serializer_context()).data

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        row = self._create(serializer.validated_data)
        return Response(self._read(row, self.created_serializer), status=status.HTTP_201_CREATED)

    def _create(self, data: dict):
        """The row the create serializer's ``data`` describes, written by its service."""
        raise NotImplementedError

    def _desk(self, request, act) -> Response:
        row = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        act(row, **serializer.validated_data)
        return Response(self._read(row))


def _today(view):
    """The federation's today for an endpoint below it (``selectors.federation_today``); None
    where there is no federation (the schema generator's views)."""
    federation = getattr(view, "federation", None)
    return selectors.federation_today(federation) if federation is not None else None


def _date_param(request, name: str):
    value = request.query_params.get(name)
    if not value:
        return None
    field = serializers.DateField()
    try:
        return field.to_internal_value(value)
    except serializers.ValidationError as exc:
        raise serializers.ValidationError({name: exc.detail}) from None
