"""The rule systems: which have landed, and what each plays."""

from __future__ import annotations

from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.decorators import action
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from promotion import services
from promotion.api.cards import CARD_BODY
from promotion.api.common import (
    NO_ENGINE,
)
from rules import registry
from rules.models import System, WrestlerCard
from web.api_support import (
    BoundedJSONParser,
    YAMLParser,
    problems_response,
)


class SystemSerializer(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    available = serializers.BooleanField(help_text="Its engine has landed: matches can be run.")
    options = serializers.ListField(child=serializers.CharField())
    match_types = serializers.ListField(child=serializers.CharField())
    stipulations = serializers.ListField(child=serializers.CharField())


def system_json(name: str, label: str) -> dict:
    engine = registry.systems.get(name)
    return {
        "name": name,
        "title": getattr(engine, "title", label),
        "available": engine is not None,
        "options": list(getattr(engine, "option_names", ())),
        "match_types": list(getattr(engine, "match_types", ())),
        "stipulations": list(getattr(engine, "stipulation_names", ())),
    }


SYSTEM_PARAMETER = OpenApiParameter(
    "name", str, OpenApiParameter.PATH, enum=System.values, description="The system's name."
)


@extend_schema(tags=["systems"])
class SystemViewSet(GenericViewSet):
    """The rule systems: their options, match types and stipulations; checking a card."""

    queryset = WrestlerCard.objects.none()  # no rows; names the model for the schema

    permission_classes = []
    serializer_class = SystemSerializer
    raw_body_actions = {"check_card"}  # a card (OPTIONS lists no fields)
    lookup_field = "name"
    lookup_value_regex = "|".join(System.values)
    pagination_class = None

    @extend_schema(summary="The rule systems", responses=SystemSerializer(many=True))
    def list(self, request):
        return Response([system_json(value, label) for value, label in System.choices])

    @extend_schema(
        summary="One rule system", parameters=[SYSTEM_PARAMETER], responses=SystemSerializer
    )
    def retrieve(self, request, name=None):
        return Response(system_json(name, System(name).label))

    @extend_schema(
        summary="Check a card without storing it: its normalised form, or every problem by path",
        parameters=[SYSTEM_PARAMETER],
        request=CARD_BODY,
        responses=inline_serializer(
            "CheckedCard", {"system": serializers.CharField(), "data": serializers.DictField()}
        ),
    )
    @action(
        detail=True,
        methods=["post"],
        url_path="check-card",
        parser_classes=[BoundedJSONParser, YAMLParser],
        permission_classes=[],
    )
    def check_card(self, request, name=None):
        engine = registry.systems.get(name)
        if engine is None:
            return problems_response([("system", NO_ENGINE.format(system=name))])
        data = request.data
        if not isinstance(data, dict):
            return problems_response([("", "A card is a mapping of its fields.")])
        normalised, _ = services.card_normalise(system=name, data={**data, "system": name})
        return Response({"system": name, "data": normalised})
