"""A generated card for a wrestler who has none of a system (``promotion.services.card_generate``;
``docs/cards.md``, "Generated wrestlers"): ``POST F/wrestlers/{wrestler_slug}/generate-card/``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response

from promotion import services
from promotion.api.cards import CardSerializer
from promotion.models import Wrestler
from rules import generators
from rules.models import WrestlerCard
from web.api import FederationViewSet, atomic_action
from web.api_support import not_found


class GenerateCardSerializer(serializers.Serializer):
    system = serializers.CharField(
        max_length=20, help_text="The rule system he has no card for (filsinger, superstar, arm)."
    )
    # (a body field named "style", as the service's word: it hides Field.style, the rendering
    # hints, which this body serializer never renders with)
    style = serializers.CharField(  # type: ignore[assignment]
        max_length=40,
        required=False,
        help_text=f"One of {', '.join(generators.STYLE_NAMES)}; left out, read from his profile.",
    )
    tier = serializers.CharField(
        max_length=40,
        required=False,
        help_text=f"One of {', '.join(generators.TIER_NAMES)}; left out, from his Prestige.",
    )
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=generators.MAX_SEED,
        help_text="The same seed, style and tier give the same card; left out, one is drawn.",
    )


GENERATED = inline_serializer(
    "GeneratedCard",
    {
        "card": CardSerializer(),
        "style": serializers.CharField(),
        "tier": serializers.CharField(),
        "seed": serializers.IntegerField(),
    },
)


@extend_schema(tags=["cards"])
class GeneratedCardViewSet(FederationViewSet):
    """Give a wrestler a generated card for a system he has no card for."""

    queryset = WrestlerCard.objects.all()
    serializer_class = GenerateCardSerializer
    http_method_names = ["post", "options"]
    pagination_class = None

    def wrestler(self) -> Wrestler:
        slug = self.kwargs["wrestler_slug"]
        wrestler = self.federation.wrestlers.filter(slug=slug).first()
        if wrestler is None:
            raise not_found("wrestler", slug, self.lookup_where())
        return wrestler

    @extend_schema(
        summary="Give a wrestler a generated card for a system he has no card for",
        request=GenerateCardSerializer,
        responses={201: GENERATED},
    )
    @atomic_action
    def create(self, request, *args, **kwargs):
        wrestler = self.wrestler()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        made = services.card_generate(
            wrestler=wrestler,
            system=data["system"],
            style=data.get("style"),
            tier=data.get("tier"),
            seed=data.get("seed"),
        )
        body = {
            "card": CardSerializer(made.card, context=self.get_serializer_context()).data,
            "style": made.style,
            "tier": made.tier,
            "seed": made.seed,
        }
        return Response(body, status=status.HTTP_201_CREATED)
