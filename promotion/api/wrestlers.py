"""Wrestlers: signed, listed, changed; each one's record and head-to-head."""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.response import Response

from matches.records import head_to_head, stored_record
from promotion import selectors, services
from promotion.api.common import (
    HEAD_TO_HEAD_HIMSELF,
    SLUG,
)
from promotion.models import (
    Alignment,
    Team,
    Wrestler,
    WrestlerStatus,
)
from rules.models import System, WrestlerCard
from web.api import FederationViewSet, atomic_action
from web.api_fields import (
    INT32_MAX,
    FilterBackend,
    KnownSlugFilter,
    StrictChoiceFilter,
    StrictOrderingFilter,
    WholeNumberFilter,
)
from web.api_support import not_found
from web.idempotency import IdempotentCreates
from web.pictures import PictureField, picture_action

#: The API's word for a wrestler's open injuries today (``selectors.open_injuries``).
HURT_OFF_CARDS, HURT_WRESTLING = "off_cards", "wrestling_hurt"


class WrestlerSerializer(serializers.ModelSerializer):
    teams = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField(help_text="The systems this wrestler has cards for.")
    hurt = serializers.SerializerMethodField(
        help_text="His open injuries today: off_cards (one keeps him off cards), wrestling_hurt "
        "(he wrestles through them), null (fit). The injuries themselves: injuries/?wrestler=."
    )
    photo = PictureField(
        help_text="His photo and its thumbnail, or null without one (set through photo/)."
    )

    class Meta:
        model = Wrestler
        fields = [
            "slug",
            "ring_name",
            "alignment",
            "pronouns",
            "status",
            "style",
            "height_in",
            "weight_lb",
            "hometown",
            "debut_on",
            "suspended_until",
            "fame",
            "prestige",
            "heat",
            "edge",
            "heat_direction",
            "teams",
            "cards",
            "hurt",
            "photo",
        ]
        read_only_fields = ["slug", "fame", "prestige", "heat", "edge"]

    def get_teams(self, wrestler) -> list[str]:
        return [team.slug for team in wrestler.teams.all()]

    @extend_schema_field(
        serializers.ChoiceField(choices=[HURT_OFF_CARDS, HURT_WRESTLING], allow_null=True)
    )
    def get_hurt(self, wrestler) -> str | None:
        """From the rows' open injuries the view read in one query (``hurt`` in the context);
        a wrestler serialized alone reads his own."""
        hurt = self.context.get("hurt")
        if hurt is None:
            on = selectors.federation_today(wrestler.federation)
            hurt = selectors.open_injuries(wrestlers=[wrestler], on=on)
        entry = hurt.get(wrestler.pk)
        if entry is None:
            return None
        return HURT_OFF_CARDS if entry.off_cards else HURT_WRESTLING

    def get_cards(self, wrestler) -> list[str]:
        return [card.system for card in wrestler.cards.all()]


class WrestlerCreateSerializer(WrestlerSerializer):
    slug = serializers.SlugField(max_length=80, required=False)
    fame = serializers.IntegerField(
        min_value=0,
        max_value=100_000,
        required=False,
        help_text="Default: the roster's lower quartile.",
    )
    prestige = serializers.IntegerField(
        min_value=0,
        max_value=100_000,
        required=False,
        help_text="Default: the roster's lower quartile.",
    )
    heat = serializers.IntegerField(min_value=0, max_value=10, default=0)

    class Meta(WrestlerSerializer.Meta):
        read_only_fields = ["edge"]

    def validate(self, attrs):
        attrs = super().validate(attrs)
        slug = attrs.get("slug") or selectors.free_slug(
            self.context["federation"].wrestlers.all(), attrs["ring_name"], fallback="wrestler"
        )
        if self.context["federation"].wrestlers.filter(slug=slug).exists():
            raise serializers.ValidationError(
                {"slug": f"A wrestler with the slug {slug!r} is on the roster already."}
            )
        attrs["slug"] = slug
        return attrs


class WrestlerFilter(django_filters.FilterSet):
    alignment = StrictChoiceFilter(choices=Alignment.choices)
    status = StrictChoiceFilter(choices=WrestlerStatus.choices)
    style = django_filters.CharFilter(lookup_expr="iexact")
    team = KnownSlugFilter(
        field_name="memberships__team__slug",
        model="promotion.Team",
        kind="team",
        distinct=True,
        label="A team's slug: its members.",
    )
    card = StrictChoiceFilter(
        field_name="cards__system", choices=System.choices, label="Has a card for this system."
    )
    prestige_min = WholeNumberFilter(
        field_name="prestige", lookup_expr="gte", low=-INT32_MAX - 1, high=INT32_MAX
    )
    prestige_max = WholeNumberFilter(
        field_name="prestige", lookup_expr="lte", low=-INT32_MAX - 1, high=INT32_MAX
    )

    class Meta:
        model = Wrestler
        fields = ["alignment", "status", "style"]


@extend_schema_view(
    list=extend_schema(summary="The roster", tags=["wrestlers"]),
    retrieve=extend_schema(summary="One wrestler", tags=["wrestlers"]),
    create=extend_schema(
        summary="Sign a wrestler (starting Fame, Prestige and Heat open the ledger)",
        request=WrestlerCreateSerializer,
        responses={201: WrestlerSerializer},
        tags=["wrestlers"],
    ),
    partial_update=extend_schema(
        summary="Edit a wrestler's profile", responses=WrestlerSerializer, tags=["wrestlers"]
    ),
)
class WrestlerViewSet(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    FederationViewSet,
):
    queryset = Wrestler.objects.all()
    serializer_class = WrestlerSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "slug"
    lookup_value_regex = SLUG
    filterset_class = WrestlerFilter
    filter_backends = [
        FilterBackend,
        SearchFilter,
        StrictOrderingFilter,
    ]
    search_fields = ["ring_name", "slug", "hometown"]
    ordering_fields = ["ring_name", "prestige", "fame", "heat", "debut_on", "slug"]
    ordering = ["ring_name"]
    http_method_names = ["get", "post", "patch", "head", "options"]
    photo = picture_action("photo", "wrestler's photo", "wrestlers")

    def scoped_queryset(self):
        return self.federation.wrestlers.all().prefetch_related(
            Prefetch("teams", queryset=Team.objects.order_by("name").distinct()),
            Prefetch("cards", queryset=WrestlerCard.objects.only("id", "wrestler_id", "system")),
        )

    def get_serializer_class(self):
        if self.action == "create":
            return WrestlerCreateSerializer
        return WrestlerSerializer

    def get_serializer(self, *args, **kwargs):
        """Rows to write out (a page of the roster, or one wrestler) come with their open
        injuries today, read in one query (``WrestlerSerializer.get_hurt``)."""
        if args and "data" not in kwargs:
            rows = list(args[0]) if kwargs.get("many") else [args[0]]
            context = kwargs.setdefault("context", self.get_serializer_context())
            context["hurt"] = selectors.open_injuries(
                wrestlers=rows, on=selectors.federation_today(self.federation)
            )
        return super().get_serializer(*args, **kwargs)

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        wrestler = services.wrestler_create(
            federation=self.federation, **dict(serializer.validated_data)
        )
        wrestler = self.get_queryset().get(pk=wrestler.pk)
        return Response(
            WrestlerSerializer(wrestler, context=self.get_serializer_context()).data,
            status=status.HTTP_201_CREATED,
        )

    @atomic_action
    def partial_update(self, request, *args, **kwargs):
        wrestler = self.get_object()
        serializer = self.get_serializer(wrestler, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        services.wrestler_update(wrestler=wrestler, **dict(serializer.validated_data))
        wrestler = self.get_queryset().get(pk=wrestler.pk)
        return Response(WrestlerSerializer(wrestler, context=self.get_serializer_context()).data)

    @extend_schema(
        summary="A wrestler's record: wins, losses and draws by method, streaks",
        responses=inline_serializer(
            "WrestlerRecord",
            {
                "wins": serializers.IntegerField(),
                "losses": serializers.IntegerField(),
                "draws": serializers.IntegerField(),
                "wins_by": serializers.DictField(child=serializers.IntegerField()),
                "losses_by": serializers.DictField(child=serializers.IntegerField()),
                "draws_by": serializers.DictField(child=serializers.IntegerField()),
                "streak": serializers.CharField(allow_blank=True),
                "longest_win_streak": serializers.IntegerField(),
            },
        ),
        tags=["wrestlers"],
    )
    @action(detail=True, methods=["get"])
    def record(self, request, **kwargs):
        return Response(record_json(stored_record(wrestler=self.get_object())))

    @extend_schema(
        summary="Head to head: this wrestler's record against another",
        responses=inline_serializer(
            "HeadToHead",
            {
                "opponent": serializers.SlugField(),
                "wins": serializers.IntegerField(),
                "losses": serializers.IntegerField(),
                "draws": serializers.IntegerField(),
                "wins_by": serializers.DictField(child=serializers.IntegerField()),
                "losses_by": serializers.DictField(child=serializers.IntegerField()),
                "draws_by": serializers.DictField(child=serializers.IntegerField()),
            },
        ),
        tags=["wrestlers"],
    )
    @action(
        detail=True,
        methods=["get"],
        url_path=f"head-to-head/(?P<opponent>{SLUG})",
        filter_backends=[],
        pagination_class=None,
    )
    def head_to_head(self, request, opponent=None, **kwargs):
        wrestler = self.get_object()
        other = self.federation.wrestlers.filter(slug=opponent).first()
        if other is None:
            raise not_found("wrestler", opponent, self.lookup_where())
        if other == wrestler:
            raise serializers.ValidationError(
                {"opponent": HEAD_TO_HEAD_HIMSELF.format(wrestler=wrestler)}
            )
        record = record_json(head_to_head(wrestler=wrestler, opponent=other))
        record.pop("streak")
        record.pop("longest_win_streak")
        return Response({"opponent": other.slug, **record})


def record_json(record) -> dict:
    return {
        "wins": record.wins,
        "losses": record.losses,
        "draws": record.draws,
        "wins_by": dict(sorted(record.wins_by.items())),
        "losses_by": dict(sorted(record.losses_by.items())),
        "draws_by": dict(sorted(record.draws_by.items())),
        "streak": record.streak,
        "longest_win_streak": record.longest_win_streak,
    }
