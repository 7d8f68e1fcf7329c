"""Wrestlers' cards: one card by its system, and a federation's card files as YAML."""

from __future__ import annotations

import contextlib
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from promotion import services
from promotion.api.common import (
    SYSTEM_MISMATCH,
)
from promotion.models import (
    Wrestler,
)
from rules import registry
from rules.core.safeyaml import load_text
from rules.models import System, WrestlerCard
from web.api import FederationViewSet, atomic_action
from web.api_fields import (
    StrictOrderingFilter,
)
from web.api_support import (
    BoundedJSONParser,
    YAMLParser,
    YAMLRenderer,
    not_found,
    problems_response,
)


def card_document(system: str, data: dict) -> dict:
    """A stored card as its file reads: ``system`` and ``name`` first, then the rest in the
    engine's own order where the engine has landed (the database may keep keys in any order)."""
    engine = registry.systems.get(system)
    if engine is not None:
        with contextlib.suppress(ValueError):  # a card stored before a rule changed: as stored
            data = engine.card_to_data(engine.parse_card(data))
    head = {key: data[key] for key in ("system", "name") if key in data}
    return {**head, **{key: value for key, value in data.items() if key not in head}}


class CardSerializer(serializers.ModelSerializer):
    wrestler: serializers.SlugRelatedField[Wrestler] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )

    class Meta:
        model = WrestlerCard
        fields = ["wrestler", "system", "data", "validated", "updated_at"]
        read_only_fields = fields


CARD_BODY = {
    "application/json": OpenApiTypes.OBJECT,
    "application/yaml": OpenApiTypes.STR,
}
#: A card as its file reads (YAML text on the wire, described as the document it holds).
CARD_DOCUMENT: dict[str, Any] = {
    "type": "object",
    "description": "A card: its rule system, the ring name, then the fields of that system's "
    "cards.",
    "properties": {
        "system": {"type": "string", "enum": System.values},
        "name": {"type": "string", "description": "The ring name the card carries."},
    },
    "required": ["system"],
    "additionalProperties": True,
}
#: The card file of a federation, as ``cards/import/`` and ``import_cards`` read it back.
CARD_FILE = {
    "type": "object",
    "description": "A card file: every card under `cards`, each naming its wrestler by `slug`.",
    "properties": {
        "cards": {
            "type": "array",
            "items": {
                **CARD_DOCUMENT,
                "properties": {
                    "slug": {"type": "string", "description": "The wrestler's slug."},
                    **CARD_DOCUMENT["properties"],
                },
                "required": ["slug", "system"],
            },
        }
    },
    "required": ["cards"],
}


@extend_schema_view(
    list=extend_schema(summary="A wrestler's cards, one per system", tags=["cards"]),
    retrieve=extend_schema(
        summary="One card (JSON, or YAML with ?format=yaml)",
        responses={200: CardSerializer, (200, "application/yaml"): CARD_DOCUMENT},
        tags=["cards"],
    ),
    update=extend_schema(
        summary="Store or replace a card: checked by its engine, every problem listed by path",
        request=CARD_BODY,
        responses=CardSerializer,
        tags=["cards"],
    ),
    destroy=extend_schema(summary="Remove a card", tags=["cards"]),
)
class CardViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    FederationViewSet,
):
    queryset = WrestlerCard.objects.all()
    serializer_class = CardSerializer
    lookup_field = "system"
    lookup_url_kwarg = "system"
    lookup_value_regex = "|".join(System.values)
    parser_classes = [BoundedJSONParser, YAMLParser]
    renderer_classes = [JSONRenderer, YAMLRenderer]
    filter_backends = [StrictOrderingFilter]
    ordering_fields = ["system", "updated_at"]
    ordering = ["system"]
    http_method_names = ["get", "put", "delete", "head", "options"]
    raw_body_actions = {"update"}  # the card itself (OPTIONS lists no fields)
    lookup_kind = "card"

    def wrestler(self) -> Wrestler:
        wrestler = self.federation.wrestlers.filter(slug=self.kwargs["wrestler_slug"]).first()
        if wrestler is None:
            raise not_found("wrestler", self.kwargs["wrestler_slug"], self.lookup_where())
        return wrestler

    def lookup_where(self) -> str:
        wrestler = self.federation.wrestlers.filter(slug=self.kwargs["wrestler_slug"]).first()
        where = super().lookup_where()
        return f"for {wrestler} {where}" if wrestler is not None else where

    def scoped_queryset(self):
        return WrestlerCard.objects.filter(wrestler=self.wrestler()).select_related("wrestler")

    def retrieve(self, request, *args, **kwargs):
        card = self.get_object()
        if request.accepted_renderer.format == "yaml":
            return Response(card_document(card.system, card.data))
        return Response(self.get_serializer(card).data)

    @atomic_action
    def update(self, request, *args, **kwargs):
        wrestler = self.wrestler()
        system = self.kwargs["system"]
        data = request.data
        if not isinstance(data, dict):
            return problems_response([("", "A card is a mapping of its fields.")])
        given = data.get("system", system)
        if given != system:
            return problems_response(
                [("system", SYSTEM_MISMATCH.format(given=given, system=system))]
            )
        card = services.card_store(
            wrestler=wrestler, system=system, data={**data, "system": system}
        )
        return Response(self.get_serializer(card).data)

    def destroy(self, request, *args, **kwargs):
        self.get_object().delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["cards"])
class CardFileViewSet(FederationViewSet):
    """The federation's cards as one YAML file, out and in (as ``import_cards`` takes them)."""

    queryset = WrestlerCard.objects.all()
    renderer_classes = [YAMLRenderer, JSONRenderer]
    parser_classes = [YAMLParser, BoundedJSONParser, MultiPartParser]
    throttle_scopes = {"import_": "import"}
    pagination_class = None

    @extend_schema(
        summary="Every card of the federation as one YAML file (a `cards:` list)",
        parameters=[
            OpenApiParameter("system", str, enum=System.values, description="Only this system.")
        ],
        responses={
            (200, "application/yaml"): CARD_FILE,
            (200, "application/json"): CARD_FILE,
        },
    )
    @action(detail=False, methods=["get"], url_path="export")
    def export(self, request, **kwargs):
        system = request.query_params.get("system")
        cards = WrestlerCard.objects.filter(wrestler__federation=self.federation)
        if system:
            if system not in System.values:
                return problems_response(
                    [("system", f"Unknown system {system!r}; one of {', '.join(System.values)}.")]
                )
            cards = cards.filter(system=system)
        cards = cards.select_related("wrestler").order_by("wrestler__slug", "system")
        document = {
            "cards": [
                {"slug": card.wrestler.slug, **card_document(card.system, card.data)}
                for card in cards
            ]
        }
        response = Response(document)
        response["Content-Disposition"] = f'inline; filename="{self.federation.slug}-cards.yaml"'
        return response

    @extend_schema(
        summary="Import cards from YAML, all or nothing, every problem named by path",
        request={
            "application/yaml": OpenApiTypes.STR,
            "application/json": OpenApiTypes.OBJECT,
            "multipart/form-data": inline_serializer(
                "CardUpload", {"file": serializers.FileField()}
            ),
        },
        responses={200: inline_serializer("CardImport", {"imported": CardSerializer(many=True)})},
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        renderer_classes=[JSONRenderer],
    )
    def import_(self, request, **kwargs):
        data = request.data
        source = "request"
        if hasattr(data, "getlist"):  # multipart
            upload = request.FILES.get("file")
            if upload is None:
                return problems_response([("file", "Attach the YAML file as `file`.")])
            source = upload.name or "file"
            data = load_text(upload.read(YAMLParser.max_bytes + 1), source=source)
        cards = services.cards_import(federation=self.federation, documents=[(source, data)])
        return Response({"imported": CardSerializer(cards, many=True).data})
