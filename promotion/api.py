"""The REST API of the roster: federations and their members, wrestlers and their cards, teams,
titles and their lineages, feuds, injuries, the ledger, standings, contenders and records; the
export and import of a whole federation; card files as YAML.

Reads go through the selectors and writes through the services; the access policy is
``promotion.access`` through ``web.api.FederationAccess``; every list starts from the
federation the URL names, so it is scoped before it is filtered.
"""

from __future__ import annotations

import contextlib

import django_filters
from django.contrib.auth import get_user_model
from django.db.models import Exists, F, OuterRef, Prefetch, Q, Subquery
from django.http import Http404
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import SAFE_METHODS
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from matches.records import federation_records, record_book
from matches.selectors import shows_ahead_of
from promotion import selectors, services, transfer
from promotion.access import OWNER, Action, federations_for
from promotion.api_transfer import FederationDocumentParser
from promotion.models import (
    Alignment,
    Division,
    Federation,
    Feud,
    FeudParticipant,
    FeudStatus,
    Injury,
    InjurySource,
    MemberRole,
    Membership,
    ReignEnd,
    Standing,
    StandingChange,
    Team,
    TeamKind,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)
from promotion.validators import CARD_SIZE_VALIDATORS, time_zone_name
from rules import registry
from rules.core.safeyaml import load_text
from rules.models import System, WrestlerCard
from web.api import FederationAccess, FederationViewSet, atomic_action
from web.api_fields import (
    INT32_MAX,
    FilterBackend,
    KnownSlugFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
    StrictOrderingFilter,
    WholeNumberFilter,
)
from web.api_support import (
    BoundedJSONParser,
    YAMLParser,
    YAMLRenderer,
    problems_response,
)
from web.idempotency import IdempotentCreates

User = get_user_model()
SLUG = "[-a-zA-Z0-9_]+"
NO_SUCH_USER = (
    "No account has the username or e-mail address {username!r}; ask them to sign up first."
)
NO_SUCH_WRESTLER = "No wrestler with the slug {slug!r} in this federation."
HEAD_TO_HEAD_HIMSELF = "{wrestler} has no record against himself: name another wrestler."
SYSTEM_MISMATCH = "This card says system {given!r}, but the address is for {system!r}."
NO_ENGINE = "The {system} rule system has no engine yet; its cards cannot be checked."


# -- small shared fields --------------------------------------------------------------------------


class PersonRefSerializer(serializers.Serializer):
    """A wrestler or team named in passing."""

    kind = serializers.ChoiceField(choices=["wrestler", "team"])
    slug = serializers.SlugField()
    name = serializers.CharField()


def person_ref(holder) -> dict | None:
    if holder is None:
        return None
    if isinstance(holder, Team):
        return {"kind": "team", "slug": holder.slug, "name": holder.name}
    return {"kind": "wrestler", "slug": holder.slug, "name": holder.ring_name}


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


# -- federations ----------------------------------------------------------------------------------


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


class FederationSerializer(serializers.ModelSerializer):
    show_time = LocalTimeField(required=False)
    owner = serializers.CharField(source="owner.username", read_only=True)
    your_role = serializers.SerializerMethodField()
    time_zone = TimeZoneNameField(required=False)
    rule_options = serializers.ListField(child=serializers.CharField(max_length=40), required=False)
    # The model's bounds in the model's words (left to DRF, they would be its min/max, in its own).
    card_size = serializers.IntegerField(
        required=False,
        validators=CARD_SIZE_VALIDATORS,
        help_text=Federation._meta.get_field("card_size").help_text,
    )

    class Meta:
        model = Federation
        fields = [
            "slug",
            "name",
            "description",
            "owner",
            "your_role",
            "rule_system",
            "rule_options",
            "show_weekday",
            "show_time",
            "time_zone",
            "default_venue",
            "is_public",
            "card_size",
            "vacate_injured_champion_after_weeks",
            "created_at",
        ]
        read_only_fields = ["created_at"]

    def get_your_role(self, federation) -> str | None:
        user = self.context["request"].user
        if not user.is_authenticated:
            return None
        if user.is_superuser or federation.owner_id == user.pk:
            return OWNER
        return getattr(federation, "member_role", None)

    def to_representation(self, instance):
        with timezone.override(instance.time_zone):
            return super().to_representation(instance)

    def validate(self, attrs):
        # The options are the system's: the one given (once it is known to be one), else the
        # federation's own (never the raw body's, which may hold a list or anything else).
        attrs = super().validate(attrs)
        if "rule_options" in attrs:
            system = attrs.get("rule_system") or getattr(
                self.instance, "rule_system", System.FILSINGER
            )
            engine = registry.systems.get(system)
            if engine is not None:
                try:
                    engine.parse_options(attrs["rule_options"])
                except ValueError as exc:
                    raise serializers.ValidationError({"rule_options": str(exc)}) from None
        return attrs


class FederationDetailSerializer(FederationSerializer):
    """One federation: with the number of the show "Run this week" would wrestle now."""

    week_show = serializers.SerializerMethodField(
        help_text='The number of the show "Run this week" (`POST shows/run-week/`) wrestles now: '
        "the coming show's, or the one it would book. Name it there as `show` to run that show "
        "and no other."
    )

    week_show_new = serializers.SerializerMethodField(
        help_text='`week_show` is not booked yet ("Run this week" would book it): name it '
        "there with `new` too."
    )

    class Meta(FederationSerializer.Meta):
        fields = [*FederationSerializer.Meta.fields, "week_show", "week_show_new"]

    def _coming(self, federation):
        from matches.selectors import next_open_show

        if not hasattr(federation, "coming_show"):
            federation.coming_show = next_open_show(federation=federation)
        return federation.coming_show

    def get_week_show(self, federation) -> int:
        from matches.selectors import week_show_number

        return week_show_number(federation=federation, coming=self._coming(federation))

    def get_week_show_new(self, federation) -> bool:
        return self._coming(federation) is None


class FederationCreateSerializer(FederationSerializer):
    slug = serializers.SlugField(max_length=60)

    class Meta(FederationSerializer.Meta):
        read_only_fields = ["created_at"]

    def validate_slug(self, value):
        if Federation.objects.filter(slug=value).exists():
            raise serializers.ValidationError(services.SLUG_TAKEN.format(slug=value))
        return value


class FederationUpdateSerializer(FederationSerializer):
    class Meta(FederationSerializer.Meta):
        read_only_fields = ["slug", "created_at"]


class FederationFilter(django_filters.FilterSet):
    rule_system = StrictChoiceFilter(choices=System.choices)
    is_public = StrictBooleanFilter()
    mine = StrictBooleanFilter(method="filter_mine", label="Only federations you own or belong to.")

    class Meta:
        model = Federation
        fields = ["rule_system", "is_public"]

    def filter_mine(self, queryset, name, value):
        user = self.request.user
        if not value:
            return queryset
        if not user.is_authenticated:
            return queryset.none()
        return queryset.filter(
            Q(owner=user) | Exists(Membership.objects.filter(federation=OuterRef("pk"), user=user))
        )


@extend_schema_view(
    list=extend_schema(summary="Federations you may read", tags=["federations"]),
    retrieve=extend_schema(summary="One federation", tags=["federations"]),
    create=extend_schema(
        summary="Create an empty federation (you own it)",
        request=FederationCreateSerializer,
        responses={201: FederationSerializer},
        tags=["federations"],
    ),
    partial_update=extend_schema(
        summary="Change a federation's settings (owner)",
        request=FederationUpdateSerializer,
        responses=FederationSerializer,
        tags=["federations"],
    ),
    destroy=extend_schema(
        summary="Delete a federation and everything it holds (owner)", tags=["federations"]
    ),
)
class FederationViewSetAPI(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    GenericViewSet,
):
    """Federations: a public one is readable by anyone, a private one only by its members."""

    lookup_field = "slug"
    lookup_url_kwarg = "federation_slug"
    lookup_value_regex = SLUG
    permission_classes = [FederationAccess]
    serializer_class = FederationSerializer
    filterset_class = FederationFilter
    filter_backends = [
        FilterBackend,
        SearchFilter,
        StrictOrderingFilter,
    ]
    search_fields = ["name", "slug"]
    ordering_fields = ["name", "slug", "created_at"]
    ordering = ["name"]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]
    raw_body_actions = {"import_"}  # a whole federation's document (OPTIONS lists no fields)
    idempotent_actions = frozenset({"create", "import_"})

    def get_queryset(self):
        user = self.request.user
        federations = federations_for(user).select_related("owner")
        if user.is_authenticated:
            federations = federations.annotate(
                member_role=Subquery(
                    Membership.objects.filter(federation=OuterRef("pk"), user=user).values("role")[
                        :1
                    ]
                )
            )
        return federations.order_by("name")

    def get_serializer_class(self):
        if self.action == "create":
            return FederationCreateSerializer
        if self.action in ("update", "partial_update"):
            return FederationUpdateSerializer
        if self.action == "retrieve":
            return FederationDetailSerializer
        return FederationSerializer

    def access_for(self, request) -> Action:
        return Action.READ if request.method in SAFE_METHODS else Action.MANAGE

    def _managed(self) -> Federation:
        return self.get_object()

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        federation = services.federation_create(owner=request.user, **data)
        federation.member_role = None
        return Response(
            FederationSerializer(federation, context=self.get_serializer_context()).data,
            status=status.HTTP_201_CREATED,
        )

    @atomic_action
    def partial_update(self, request, *args, **kwargs):
        federation = self._managed()
        serializer = self.get_serializer(federation, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        federation = services.federation_update(
            federation=federation, **dict(serializer.validated_data)
        )
        return Response(
            FederationSerializer(federation, context=self.get_serializer_context()).data
        )

    def destroy(self, request, *args, **kwargs):
        services.federation_delete(federation=self._managed())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Import a whole federation from its JSON export (all or nothing; you own it)",
        request=OpenApiTypes.OBJECT,
        parameters=[
            OpenApiParameter(
                "slug", str, description="Import under this slug instead of the document's."
            )
        ],
        responses={201: FederationSerializer},
        tags=["federations"],
    )
    @action(
        detail=False,
        methods=["post"],
        url_path="import",
        parser_classes=[FederationDocumentParser],
    )
    def import_(self, request):
        slug = request.query_params.get("slug") or None
        federation, _ = transfer.federation_import(
            document=request.data, owner=request.user, slug=slug
        )
        federation.member_role = None
        return Response(
            FederationSerializer(federation, context=self.get_serializer_context()).data,
            status=status.HTTP_201_CREATED,
        )

    throttle_scopes = {"import_": "import"}


# -- members --------------------------------------------------------------------------------------


class MembershipSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=MemberRole.choices)

    class Meta:
        model = Membership
        fields = ["username", "role", "created_at"]
        read_only_fields = ["created_at"]


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=MemberRole.choices)


@extend_schema_view(
    list=extend_schema(summary="The federation's bookers and viewers (owner)", tags=["members"]),
    create=extend_schema(summary="Add a booker or viewer (owner)", tags=["members"]),
    partial_update=extend_schema(
        summary="Change a member's role (owner)",
        request=RoleSerializer,
        responses=MembershipSerializer,
        tags=["members"],
    ),
    destroy=extend_schema(summary="Remove a member (owner)", tags=["members"]),
)
class MemberViewSet(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.CreateModelMixin,
    mixins.UpdateModelMixin,
    mixins.DestroyModelMixin,
    FederationViewSet,
):
    queryset = Membership.objects.all()
    serializer_class = MembershipSerializer
    read_access = Action.MANAGE
    write_access = Action.MANAGE
    lookup_field = "user__username"
    lookup_url_kwarg = "username"
    lookup_value_regex = r"[\w.@+-]+"
    filter_backends = [StrictOrderingFilter]
    ordering_fields = ["created_at", "role", "user__username"]
    ordering = ["role", "user__username"]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def scoped_queryset(self):
        return self.federation.memberships.select_related("user")

    def _user(self, username: str):
        """The account by its username or e-mail address, as the members page takes it."""
        user = selectors.account_named(username)
        if user is None:
            raise serializers.ValidationError({"username": NO_SUCH_USER.format(username=username)})
        return user

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = self._user(serializer.validated_data["user"]["username"])
        membership = services.membership_set(
            federation=self.federation, user=user, role=serializer.validated_data["role"]
        )
        return Response(self.get_serializer(membership).data, status=status.HTTP_201_CREATED)

    @atomic_action
    def partial_update(self, request, *args, **kwargs):
        membership = self.get_object()
        serializer = RoleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        membership = services.membership_set(
            federation=self.federation, user=membership.user, role=serializer.validated_data["role"]
        )
        return Response(self.get_serializer(membership).data)

    def destroy(self, request, *args, **kwargs):
        membership = self.get_object()
        services.membership_remove(federation=self.federation, user=membership.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- wrestlers and their cards --------------------------------------------------------------------


class WrestlerSerializer(serializers.ModelSerializer):
    teams = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField(help_text="The systems this wrestler has cards for.")

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
            "teams",
            "cards",
        ]
        read_only_fields = ["slug", "fame", "prestige", "heat", "edge"]

    def get_teams(self, wrestler) -> list[str]:
        return [team.slug for team in wrestler.teams.all()]

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
    team = django_filters.CharFilter(method="filter_team", label="A team's slug: its members.")
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

    def filter_team(self, queryset, name, value):
        members = TeamMembership.objects.filter(
            team__slug=value, team__federation_id=F("wrestler__federation_id")
        )
        return queryset.filter(pk__in=members.values("wrestler_id"))


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

    def scoped_queryset(self):
        return self.federation.wrestlers.all().prefetch_related(
            Prefetch("teams", queryset=Team.objects.order_by("name").distinct()),
            Prefetch("cards", queryset=WrestlerCard.objects.only("id", "wrestler_id", "system")),
        )

    def get_serializer_class(self):
        if self.action == "create":
            return WrestlerCreateSerializer
        return WrestlerSerializer

    @atomic_action
    def create(self, request, *args, **kwargs):
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        wrestler = services.wrestler_create(
            federation=self.federation, **dict(serializer.validated_data)
        )
        wrestler = self.get_queryset().get(pk=wrestler.pk)
        return Response(WrestlerSerializer(wrestler).data, status=status.HTTP_201_CREATED)

    @atomic_action
    def partial_update(self, request, *args, **kwargs):
        wrestler = self.get_object()
        serializer = self.get_serializer(wrestler, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        services.wrestler_update(wrestler=wrestler, **dict(serializer.validated_data))
        return Response(WrestlerSerializer(self.get_queryset().get(pk=wrestler.pk)).data)

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
        from matches.records import wrestler_record

        return Response(record_json(wrestler_record(wrestler=self.get_object())))

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
        from matches.records import head_to_head

        wrestler = self.get_object()
        other = self.federation.wrestlers.filter(slug=opponent).first()
        if other is None:
            raise Http404(NO_SUCH_WRESTLER.format(slug=opponent))
        if other == wrestler:
            raise serializers.ValidationError(
                {"opponent": HEAD_TO_HEAD_HIMSELF.format(wrestler=wrestler)}
            )
        record = record_json(head_to_head(wrestler=wrestler, opponent=other))
        record.pop("streak")
        record.pop("longest_win_streak")
        return Response({"opponent": other.slug, **record})


def card_document(system: str, data: dict) -> dict:
    """A stored card as its file reads: ``system`` and ``name`` first, then the rest in the
    engine's own order where the engine has landed (the database may keep keys in any order)."""
    engine = registry.systems.get(system)
    if engine is not None:
        with contextlib.suppress(ValueError):  # a card stored before a rule changed: as stored
            data = engine.card_to_data(engine.parse_card(data))
    head = {key: data[key] for key in ("system", "name") if key in data}
    return {**head, **{key: value for key, value in data.items() if key not in head}}


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


class CardSerializer(serializers.ModelSerializer):
    wrestler = serializers.SlugRelatedField(slug_field="slug", read_only=True)

    class Meta:
        model = WrestlerCard
        fields = ["wrestler", "system", "data", "validated", "updated_at"]
        read_only_fields = fields


CARD_BODY = {
    "application/json": OpenApiTypes.OBJECT,
    "application/yaml": OpenApiTypes.STR,
}
#: A card as its file reads (YAML text on the wire, described as the document it holds).
CARD_DOCUMENT = {
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

    def wrestler(self) -> Wrestler:
        wrestler = self.federation.wrestlers.filter(slug=self.kwargs["wrestler_slug"]).first()
        if wrestler is None:
            raise Http404(NO_SUCH_WRESTLER.format(slug=self.kwargs["wrestler_slug"]))
        return wrestler

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


# -- teams ----------------------------------------------------------------------------------------


class TeamMemberSerializer(serializers.ModelSerializer):
    wrestler = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    ring_name = serializers.CharField(source="wrestler.ring_name", read_only=True)

    class Meta:
        model = TeamMembership
        fields = ["wrestler", "ring_name", "started_on", "ended_on"]


class TeamSerializer(serializers.ModelSerializer):
    memberships = TeamMemberSerializer(many=True, read_only=True)

    class Meta:
        model = Team
        fields = ["slug", "name", "kind", "formed_on", "disbanded_on", "memberships"]


class TeamFilter(django_filters.FilterSet):
    kind = StrictChoiceFilter(choices=TeamKind.choices)
    active = StrictBooleanFilter(field_name="disbanded_on", lookup_expr="isnull")
    member = KnownSlugFilter(
        field_name="members__slug",
        model="promotion.Wrestler",
        kind="wrestler",
        label="A member's slug.",
    )

    class Meta:
        model = Team
        fields = ["kind"]


def federation_member(federation, kind: str, slug: str):
    """The federation's wrestler or team (``kind``) at ``slug``, or a validation error naming
    what is missing (the desks' serializers)."""
    rows = federation.wrestlers if kind == "wrestler" else federation.teams
    found = rows.filter(slug=slug).first()
    if found is None:
        raise serializers.ValidationError(f"{federation} has no {kind} {slug!r}.")
    return found


class DeskActions:
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


class TeamCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    slug = serializers.SlugField(
        max_length=80, required=False, default="", help_text="Default: made from the name."
    )
    kind = serializers.ChoiceField(choices=TeamKind.choices, default=TeamKind.TAG_TEAM)
    members = serializers.ListField(
        child=serializers.SlugField(), help_text="The members' slugs (two or more for a tag team)."
    )
    formed_on = serializers.DateField(help_text="Not a day still to come.")

    def validate_members(self, slugs):
        federation = self.context["federation"]
        found = {w.slug: w for w in federation.wrestlers.filter(slug__in=slugs)}
        missing = [slug for slug in slugs if slug not in found]
        if missing:
            raise serializers.ValidationError(
                f"{federation} has no wrestler {', '.join(map(repr, missing))}."
            )
        return [found[slug] for slug in slugs]


class TeamMemberChangeSerializer(serializers.Serializer):
    wrestler = serializers.SlugField()
    on = serializers.DateField(help_text="Not a day still to come.")

    def validate_wrestler(self, slug):
        return federation_member(self.context["federation"], "wrestler", slug)


class TeamDisbandSerializer(serializers.Serializer):
    on = serializers.DateField(help_text="Every member leaves that day (not a day still to come).")


@extend_schema_view(
    list=extend_schema(summary="Tag teams and stables with their members", tags=["teams"]),
    retrieve=extend_schema(summary="One team", tags=["teams"]),
    create=extend_schema(
        summary="Form a tag team or a stable",
        request=TeamCreateSerializer,
        responses={201: TeamSerializer},
        tags=["teams"],
    ),
)
class TeamViewSet(
    IdempotentCreates,
    DeskActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    queryset = Team.objects.all()
    serializer_class = TeamSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "slug"
    lookup_value_regex = SLUG
    filterset_class = TeamFilter
    filter_backends = [
        FilterBackend,
        SearchFilter,
        StrictOrderingFilter,
    ]
    search_fields = ["name", "slug"]
    ordering_fields = ["name", "formed_on", "slug"]
    ordering = ["name"]

    read_serializer = TeamSerializer

    def _create(self, data):
        return services.team_form(federation=self.federation, **data)

    def scoped_queryset(self):
        return (
            self.federation.teams.all()
            .prefetch_related(
                Prefetch(
                    "memberships",
                    queryset=TeamMembership.objects.select_related("wrestler").order_by(
                        "started_on", "wrestler__ring_name"
                    ),
                )
            )
            .distinct()
        )

    def get_serializer_class(self):
        return {
            "create": TeamCreateSerializer,
            "join": TeamMemberChangeSerializer,
            "leave": TeamMemberChangeSerializer,
            "disband": TeamDisbandSerializer,
        }.get(self.action, TeamSerializer)

    @extend_schema(
        summary="A wrestler joins the team on a day",
        request=TeamMemberChangeSerializer,
        responses=TeamSerializer,
        tags=["teams"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def join(self, request, **kwargs):
        return self._desk(request, lambda team, **data: services.team_join(team=team, **data))

    @extend_schema(
        summary="A member leaves the team on a day",
        description="Refused while the member is booked for the team on a show not yet wrestled.",
        request=TeamMemberChangeSerializer,
        responses=TeamSerializer,
        tags=["teams"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def leave(self, request, **kwargs):
        return self._desk(request, lambda team, **data: services.team_leave(team=team, **data))

    @extend_schema(
        summary="Disband the team: every member leaves that day",
        description="Refused while the team holds a title or is booked on a show not yet wrestled.",
        request=TeamDisbandSerializer,
        responses=TeamSerializer,
        tags=["teams"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def disband(self, request, **kwargs):
        return self._desk(request, lambda team, **data: services.team_disband(team=team, **data))


# -- titles and lineages --------------------------------------------------------------------------


class ReignSerializer(serializers.ModelSerializer):
    title = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    holder = serializers.SerializerMethodField()
    won_at = serializers.SerializerMethodField()
    ended_at = serializers.SerializerMethodField()
    days_held = serializers.SerializerMethodField()

    class Meta:
        model = TitleReign
        fields = [
            "title",
            "number",
            "holder",
            "holder_reign_number",
            "won_on",
            "won_at",
            "won_how",
            "days_held",
            "defenses",
            "ended_on",
            "ended_at",
            "end_reason",
        ]

    @extend_schema_field(PersonRefSerializer)
    def get_holder(self, reign):
        return person_ref(reign.holder)

    @extend_schema_field(MatchRefSerializer(allow_null=True))
    def get_won_at(self, reign):
        return match_ref(reign.won_at)

    @extend_schema_field(MatchRefSerializer(allow_null=True))
    def get_ended_at(self, reign):
        return match_ref(reign.ended_at)

    def get_days_held(self, reign) -> int:
        return reign.days_held(self.context.get("today"))


class LineageEntrySerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["reign", "vacancy"])
    reign = ReignSerializer(required=False, allow_null=True)
    vacant_from = serializers.DateField(required=False, allow_null=True)
    vacant_until = serializers.DateField(required=False, allow_null=True)
    reason = serializers.CharField(required=False, allow_blank=True)
    days = serializers.IntegerField(required=False)


class TitleSerializer(serializers.ModelSerializer):
    champion = serializers.SerializerMethodField()
    rule_system = serializers.SerializerMethodField(
        help_text="The rule system its matches are wrestled under."
    )

    class Meta:
        model = Title
        fields = [
            "slug",
            "name",
            "division",
            "rank",
            "rule_system",
            "is_active",
            "introduced_on",
            "retired_on",
            "champion",
        ]

    def get_rule_system(self, title) -> str:
        return title.rule_system or title.federation.rule_system

    @extend_schema_field(ReignSerializer(allow_null=True))
    def get_champion(self, title):
        current = title.open_reigns[0] if title.open_reigns else None
        return None if current is None else ReignSerializer(current, context=self.context).data


class TitleFilter(django_filters.FilterSet):
    division = StrictChoiceFilter(choices=Division.choices)
    is_active = StrictBooleanFilter()

    class Meta:
        model = Title
        fields = ["division", "is_active"]


def lineage_reigns(*, title: Title):
    """The title's reigns in lineage order, each with ``next_won_on``: when the next reign
    began (the end of a vacancy after this one)."""
    following = TitleReign.objects.filter(
        title=OuterRef("title"), number__gt=OuterRef("number")
    ).order_by("number")
    return selectors.title_lineage(title=title).annotate(
        next_won_on=Subquery(following.values("won_on")[:1])
    )


def _today(view):
    """The federation's today for an endpoint below it (``selectors.federation_today``); None
    where there is no federation (the schema generator's views)."""
    federation = getattr(view, "federation", None)
    return selectors.federation_today(federation) if federation is not None else None


def lineage_entries(reigns, *, title: Title, today) -> list[dict]:
    """Reigns as record-book rows: each reign, then the vacancy after it on its own row, as the
    title's page has them (``selectors.vacancy_after``: none after the title's retirement, and
    one before it ends that day)."""
    entries: list[dict] = []
    for reign in reigns:
        entries.append({"kind": "reign", "reign": reign})
        vacancy = selectors.vacancy_after(reign, reign.next_won_on, title.retired_on)
        if vacancy is None:
            continue
        entries.append(
            {
                "kind": "vacancy",
                "vacant_from": vacancy.start,
                "vacant_until": vacancy.end,
                "reason": vacancy.reason,
                "days": ((vacancy.end or today) - vacancy.start).days,
            }
        )
    return entries


class TitleCreateSerializer(serializers.ModelSerializer):
    slug = serializers.SlugField(
        max_length=80, required=False, help_text="Default: made from the name."
    )

    class Meta:
        model = Title
        fields = ["name", "slug", "division", "rank", "rule_system", "introduced_on"]
        extra_kwargs = {"rule_system": {"help_text": "Empty: the federation's rule system."}}

    def validate(self, attrs):
        attrs = super().validate(attrs)
        slug = attrs.get("slug") or selectors.free_slug(
            self.context["federation"].titles.all(), attrs["name"], fallback="title"
        )
        if self.context["federation"].titles.filter(slug=slug).exists():
            raise serializers.ValidationError(
                {
                    "slug": services.TITLE_SLUG_TAKEN.format(
                        federation=self.context["federation"], slug=slug
                    )
                }
            )
        return attrs


class TitleVacateSerializer(serializers.Serializer):
    on = serializers.DateField(help_text="The day the reign ends (not a day still to come).")
    reason = serializers.ChoiceField(
        choices=[(r.value, r.label) for r in services.VACATE_REASONS], default=ReignEnd.VACATED
    )


class TitleAwardSerializer(serializers.Serializer):
    wrestler = serializers.SlugField(
        required=False, help_text="The new champion of a singles title, by slug."
    )
    team = serializers.SlugField(
        required=False, help_text="The new champions of a tag-team title, by slug."
    )
    on = serializers.DateField(help_text="The day the reign begins (not a day still to come).")
    how = serializers.CharField(required=False, default="", allow_blank=True, max_length=200)

    def validate_wrestler(self, slug):
        return federation_member(self.context["federation"], "wrestler", slug)

    def validate_team(self, slug):
        return federation_member(self.context["federation"], "team", slug)

    def validate(self, attrs):
        if ("wrestler" in attrs) == ("team" in attrs):
            raise serializers.ValidationError(services.REIGN_HOLDER_REQUIRED)
        attrs["holder"] = attrs.pop("wrestler", None) or attrs.pop("team")
        return attrs


class TitleRetireSerializer(serializers.Serializer):
    on = serializers.DateField(help_text="The day the title is retired (not a day still to come).")


@extend_schema_view(
    list=extend_schema(summary="Titles with their current champions", tags=["titles"]),
    retrieve=extend_schema(summary="One title with its champion", tags=["titles"]),
    create=extend_schema(
        summary="Introduce a title; it stands vacant until a match or an award fills it",
        request=TitleCreateSerializer,
        responses={201: TitleSerializer},
        tags=["titles"],
    ),
)
class TitleViewSet(
    IdempotentCreates,
    DeskActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    queryset = Title.objects.all()
    serializer_class = TitleSerializer
    lookup_field = "slug"
    lookup_url_kwarg = "slug"
    lookup_value_regex = SLUG
    filterset_class = TitleFilter
    filter_backends = [FilterBackend, StrictOrderingFilter]
    ordering_fields = ["rank", "name", "introduced_on"]
    ordering = ["rank", "name"]

    read_serializer = TitleSerializer

    def _create(self, data):
        return services.title_create(federation=self.federation, **data)

    def scoped_queryset(self):
        return self.federation.titles.prefetch_related(
            Prefetch(
                "reigns",
                queryset=TitleReign.objects.filter(ended_on__isnull=True).select_related(
                    "title", "holder_wrestler", "holder_team", "won_at__show", "ended_at__show"
                ),
                to_attr="open_reigns",
            )
        )

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "today": _today(self)}

    def get_serializer_class(self):
        return {
            "create": TitleCreateSerializer,
            "vacate": TitleVacateSerializer,
            "award": TitleAwardSerializer,
            "retire": TitleRetireSerializer,
        }.get(self.action, TitleSerializer)

    @extend_schema(
        summary="Vacate the title by hand: vacated, stripped or vacated through injury",
        description="Refused while the title is at stake on a show not yet wrestled, before a "
        "match that already had it at stake, or on a day still to come.",
        request=TitleVacateSerializer,
        responses=TitleSerializer,
        tags=["titles"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def vacate(self, request, **kwargs):
        return self._desk(request, lambda title, **data: services.title_vacate(title=title, **data))

    @extend_schema(
        summary="Crown a champion of a vacant title by hand (a wrestler, or a team for a tag "
        "title)",
        request=TitleAwardSerializer,
        responses=TitleSerializer,
        tags=["titles"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def award(self, request, **kwargs):
        return self._desk(request, lambda title, **data: services.title_award(title=title, **data))

    @extend_schema(
        summary="Retire the title: its reign ends, it takes no more matches, its lineage stays",
        request=TitleRetireSerializer,
        responses=TitleSerializer,
        tags=["titles"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def retire(self, request, **kwargs):
        return self._desk(request, lambda title, **data: services.title_retire(title=title, **data))

    @extend_schema(
        summary="The title's lineage: every reign in order, vacancies on their own rows",
        description="Paginated by reigns: a page holds `page_size` reigns, each followed by "
        "the vacancy after it, if any; `count` counts reigns.",
        responses=LineageEntrySerializer(many=True),
        tags=["titles"],
    )
    @action(detail=True, methods=["get"], filter_backends=[])
    def lineage(self, request, **kwargs):
        title = self.get_object()
        page = self.paginate_queryset(lineage_reigns(title=title))
        entries = lineage_entries(page, title=title, today=_today(self))
        data = LineageEntrySerializer(entries, many=True, context=self.get_serializer_context())
        return self.get_paginated_response(data.data)


class ReignFilter(django_filters.FilterSet):
    title = KnownSlugFilter(
        field_name="title__slug", model="promotion.Title", kind="title", label="Title slug."
    )
    wrestler = KnownSlugFilter(
        field_name="holder_wrestler__slug", model="promotion.Wrestler", kind="wrestler"
    )
    team = KnownSlugFilter(field_name="holder_team__slug", model="promotion.Team", kind="team")
    current = StrictBooleanFilter(field_name="ended_on", lookup_expr="isnull")
    end_reason = StrictChoiceFilter(choices=ReignEnd.choices)

    class Meta:
        model = TitleReign
        fields = ["end_reason"]


@extend_schema_view(list=extend_schema(summary="Every reign of every title", tags=["titles"]))
class ReignViewSet(mixins.ListModelMixin, FederationViewSet):
    queryset = TitleReign.objects.all()
    serializer_class = ReignSerializer
    filterset_class = ReignFilter
    filter_backends = [FilterBackend, StrictOrderingFilter]
    ordering_fields = ["won_on", "ended_on", "defenses", "number"]
    ordering = ["won_on", "number"]

    def scoped_queryset(self):
        return TitleReign.objects.filter(title__federation=self.federation).select_related(
            "title", "holder_wrestler", "holder_team", "won_at__show", "ended_at__show"
        )

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "today": _today(self)}


# -- feuds and injuries ---------------------------------------------------------------------------


class FeudSideSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    members = PersonRefSerializer(many=True)


class FeudSerializer(serializers.ModelSerializer):
    sides = serializers.SerializerMethodField()

    class Meta:
        model = Feud
        fields = ["id", "name", "description", "started_on", "ended_on", "heat", "status", "sides"]

    @extend_schema_field(FeudSideSerializer(many=True))
    def get_sides(self, feud):
        grouped: dict[int, list] = {}
        for participant in feud.participants.all():
            grouped.setdefault(participant.side, []).append(
                person_ref(participant.wrestler or participant.team)
            )
        return [{"side": side, "members": members} for side, members in sorted(grouped.items())]


class FeudFilter(django_filters.FilterSet):
    status = StrictChoiceFilter(choices=FeudStatus.choices)
    active = StrictBooleanFilter(method="filter_active")
    wrestler = KnownSlugFilter(
        field_name="participants__wrestler__slug", model="promotion.Wrestler", kind="wrestler"
    )
    team = KnownSlugFilter(
        field_name="participants__team__slug", model="promotion.Team", kind="team"
    )
    heat_min = WholeNumberFilter(
        field_name="heat", lookup_expr="gte", low=0, high=10, label="Heat at least (0 to 10)."
    )

    class Meta:
        model = Feud
        fields = ["status"]

    def filter_active(self, queryset, name, value):
        return queryset.exclude(status="ended") if value else queryset.filter(status="ended")


class FeudMemberInSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["wrestler", "team"])
    slug = serializers.SlugField()


class FeudSideInSerializer(serializers.Serializer):
    members = FeudMemberInSerializer(many=True, allow_empty=False)


class FeudCreateSerializer(serializers.Serializer):
    sides = FeudSideInSerializer(many=True, help_text="Exactly two sides.")
    started_on = serializers.DateField(help_text="Not a day still to come.")
    heat = serializers.IntegerField(min_value=1, max_value=10, default=3)
    name = serializers.CharField(
        required=False,
        default="",
        allow_blank=True,
        max_length=160,
        help_text="Default: named after its sides.",
    )
    description = serializers.CharField(
        required=False, default="", allow_blank=True, max_length=2000
    )

    def validate_sides(self, sides):
        if len(sides) != 2:
            raise serializers.ValidationError(services.FEUD_SIDES)
        federation = self.context["federation"]
        return [
            [federation_member(federation, m["kind"], m["slug"]) for m in side["members"]]
            for side in sides
        ]


class FeudEndSerializer(serializers.Serializer):
    on = serializers.DateField(help_text="The day the feud ended (not a day still to come).")


@extend_schema_view(
    list=extend_schema(summary="Feuds with their heat, active and ended", tags=["feuds"]),
    retrieve=extend_schema(summary="One feud", tags=["feuds"]),
    create=extend_schema(
        summary="Start a feud between two sides of wrestlers or teams",
        request=FeudCreateSerializer,
        responses={201: FeudSerializer},
        tags=["feuds"],
    ),
)
class FeudViewSet(
    IdempotentCreates,
    DeskActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    queryset = Feud.objects.all()
    serializer_class = FeudSerializer
    lookup_value_regex = "[0-9]+"
    filterset_class = FeudFilter
    filter_backends = [FilterBackend, StrictOrderingFilter]
    ordering_fields = ["started_on", "ended_on", "heat"]
    ordering = ["-heat", "-started_on"]

    read_serializer = FeudSerializer

    def _create(self, data):
        return services.feud_start(federation=self.federation, **data)

    def scoped_queryset(self):
        return (
            self.federation.feuds.all()
            .prefetch_related(
                Prefetch(
                    "participants",
                    queryset=FeudParticipant.objects.select_related("wrestler", "team").order_by(
                        "side", "id"
                    ),
                )
            )
            .distinct()
        )

    def get_serializer_class(self):
        return {"create": FeudCreateSerializer, "end": FeudEndSerializer}.get(
            self.action, FeudSerializer
        )

    @extend_schema(
        summary="End a feud by hand",
        description="Refused while a show not yet wrestled has a match of the feud on its card.",
        request=FeudEndSerializer,
        responses=FeudSerializer,
        tags=["feuds"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def end(self, request, **kwargs):
        return self._desk(request, lambda feud, **data: services.feud_end(feud=feud, **data))


class InjurySerializer(serializers.ModelSerializer):
    wrestler = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    ring_name = serializers.CharField(source="wrestler.ring_name", read_only=True)
    match = serializers.SerializerMethodField()
    is_healed = serializers.BooleanField(read_only=True)

    class Meta:
        model = Injury
        fields = [
            "id",
            "wrestler",
            "ring_name",
            "occurred_on",
            "match",
            "source",
            "body_part",
            "points",
            "healing_counted_to",
            "fight_cards_remaining",
            "keeps_off_cards",
            "expected_return",
            "healed_on",
            "is_healed",
            "description",
        ]

    @extend_schema_field(MatchRefSerializer(allow_null=True))
    def get_match(self, injury):
        return match_ref(injury.match)


class InjuryRecordedSerializer(InjurySerializer):
    """An injury just recorded by hand, with the cards the wrestler is still on (as the page
    warns the booker)."""

    still_booked = serializers.SerializerMethodField(
        help_text="The numbers of the shows not yet wrestled with this wrestler still on the "
        "card: each such match is called off when its show runs, unless the wrestler has "
        "healed by then or the match is changed. Empty for an injury wrestled through."
    )

    class Meta(InjurySerializer.Meta):
        fields = [*InjurySerializer.Meta.fields, "still_booked"]

    def get_still_booked(self, injury) -> list[int]:
        if not injury.keeps_off_cards:
            return []
        return [
            show.number
            for show in shows_ahead_of(
                wrestler=injury.wrestler, on=injury.occurred_on, before=injury.expected_return
            )
        ]


class InjuryFilter(django_filters.FilterSet):
    wrestler = KnownSlugFilter(
        field_name="wrestler__slug", model="promotion.Wrestler", kind="wrestler"
    )
    source = StrictChoiceFilter(choices=InjurySource.choices)
    current = StrictBooleanFilter(method="filter_current", label="Unhealed today.")
    keeps_off_cards = StrictBooleanFilter()

    class Meta:
        model = Injury
        fields = ["source", "keeps_off_cards"]

    def filter_current(self, queryset, name, value):
        # "Today" is the federation's (``selectors.federation_today``): its view's federation.
        today = _today(self.request.parser_context["view"])
        current = Q(occurred_on__lte=today) & (Q(healed_on__isnull=True) | Q(healed_on__gt=today))
        return queryset.filter(current) if value else queryset.exclude(current)


class InjuryCreateSerializer(serializers.Serializer):
    wrestler = serializers.SlugField()
    occurred_on = serializers.DateField(help_text="Not a day still to come.")
    expected_return = serializers.DateField(
        required=False,
        allow_null=True,
        default=None,
        help_text="The wrestler heals at the end of the first show from that day; none: only by "
        "hand.",
    )
    body_part = serializers.CharField(required=False, default="", allow_blank=True, max_length=40)
    description = serializers.CharField(
        required=False, default="", allow_blank=True, max_length=240
    )
    keeps_off_cards = serializers.BooleanField(
        default=True, help_text="False: an injury the wrestler wrestles through."
    )

    def validate_wrestler(self, slug):
        return federation_member(self.context["federation"], "wrestler", slug)


class InjuryHealSerializer(serializers.Serializer):
    on = serializers.DateField(help_text="Not a day still to come.")


@extend_schema_view(
    list=extend_schema(summary="Injuries, current and past", tags=["injuries"]),
    retrieve=extend_schema(summary="One injury", tags=["injuries"]),
    create=extend_schema(
        summary="Record an injury by hand (outside the matches)",
        request=InjuryCreateSerializer,
        responses={201: InjuryRecordedSerializer},
        tags=["injuries"],
    ),
)
class InjuryViewSet(
    IdempotentCreates,
    DeskActions,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    queryset = Injury.objects.all()
    serializer_class = InjurySerializer
    lookup_value_regex = "[0-9]+"
    filterset_class = InjuryFilter
    filter_backends = [FilterBackend, StrictOrderingFilter]
    ordering_fields = ["occurred_on", "expected_return", "healed_on"]
    ordering = ["-occurred_on", "id"]

    read_serializer = InjurySerializer
    created_serializer = InjuryRecordedSerializer

    def _create(self, data):
        return services.injury_record(**data)

    def scoped_queryset(self):
        return Injury.objects.filter(wrestler__federation=self.federation).select_related(
            "wrestler", "match__show"
        )

    def get_serializer_class(self):
        return {"create": InjuryCreateSerializer, "heal": InjuryHealSerializer}.get(
            self.action, InjurySerializer
        )

    @extend_schema(
        summary="Heal an injury by hand; the wrestler is back on cards from that day",
        request=InjuryHealSerializer,
        responses=InjurySerializer,
        tags=["injuries"],
    )
    @action(detail=True, methods=["post"], filter_backends=[])
    def heal(self, request, **kwargs):
        return self._desk(
            request, lambda injury, **data: services.injury_heal(injury=injury, **data)
        )


# -- the ledger -----------------------------------------------------------------------------------


class LedgerSerializer(serializers.ModelSerializer):
    wrestler = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    show = serializers.SerializerMethodField()
    match = serializers.SerializerMethodField()

    class Meta:
        model = StandingChange
        fields = [
            "id",
            "wrestler",
            "attribute",
            "delta",
            "value_after",
            "reason",
            "show",
            "match",
            "created_at",
        ]

    def get_show(self, row) -> int | None:
        return row.show.number if row.show_id else None

    def get_match(self, row) -> int | None:
        """The match's position on the show's card."""
        return row.match.position if row.match_id else None


class LedgerFilter(django_filters.FilterSet):
    wrestler = KnownSlugFilter(
        field_name="wrestler__slug", model="promotion.Wrestler", kind="wrestler"
    )
    attribute = StrictChoiceFilter(choices=Standing.choices)
    show = WholeNumberFilter(field_name="show__number", high=INT32_MAX, label="Show number.")

    class Meta:
        model = StandingChange
        fields = ["attribute"]


@extend_schema_view(
    list=extend_schema(
        summary="The ledger: every change of Fame, Prestige, Heat and Edge with its reason",
        tags=["ledger"],
    )
)
class LedgerViewSet(mixins.ListModelMixin, FederationViewSet):
    queryset = StandingChange.objects.all()
    serializer_class = LedgerSerializer
    filterset_class = LedgerFilter
    filter_backends = [FilterBackend, StrictOrderingFilter]
    ordering_fields = ["created_at", "id", "delta"]
    ordering = ["created_at", "id"]

    def scoped_queryset(self):
        return StandingChange.objects.filter(wrestler__federation=self.federation).select_related(
            "wrestler", "show", "match"
        )


# -- standings, contenders, records ---------------------------------------------------------------


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    who = PersonRefSerializer()
    prestige = serializers.IntegerField()
    fame = serializers.IntegerField(allow_null=True)
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    streak = serializers.CharField(allow_blank=True)
    champion = serializers.BooleanField()


DIVISION_PARAMETER = OpenApiParameter(
    "division", str, OpenApiParameter.PATH, enum=Division.values, description="singles or tag"
)


@extend_schema(tags=["standings"])
class ReportViewSet(FederationViewSet):
    """Standings and contenders per division."""

    queryset = Federation.objects.all()
    pagination_class = FederationViewSet.pagination_class

    def _division(self, division: str) -> str:
        if division not in Division.values:
            raise Http404(f"No division {division!r}; divisions: {', '.join(Division.values)}.")
        return division

    @extend_schema(
        summary="The division's standings: Prestige order with each record",
        parameters=[DIVISION_PARAMETER],
        responses=StandingRowSerializer(many=True),
    )
    @action(detail=False, methods=["get"], url_path=f"standings/(?P<division>{SLUG})")
    def standings(self, request, division=None, **kwargs):
        from matches.records import Record

        division = self._division(division)
        reigns = list(selectors.champions(federation=self.federation))
        if division == Division.SINGLES:
            champions = {r.holder_wrestler_id for r in reigns if r.holder_wrestler_id}
            people = self.federation.wrestlers.exclude(status=WrestlerStatus.RETIRED).order_by(
                "-prestige", "ring_name", "pk"
            )
            page = self.paginate_queryset(people)
            records, _ = federation_records(
                federation=self.federation, wrestlers=[w.pk for w in page]
            )
            rows = [(w, w.prestige, w.fame, records.get(w.pk), w.pk in champions) for w in page]
        else:
            champions = {r.holder_team_id for r in reigns if r.holder_team_id}
            teams = list(
                self.federation.teams.filter(disbanded_on__isnull=True, kind=TeamKind.TAG_TEAM)
                .prefetch_related(
                    Prefetch(
                        "memberships",
                        queryset=TeamMembership.objects.filter(ended_on__isnull=True)
                        .select_related("wrestler")
                        .order_by("-wrestler__prestige", "wrestler__pk"),
                    )
                )
                .order_by("name", "pk")
            )
            ranked = []
            for team in teams:
                pair = [m.wrestler for m in team.memberships.all()][:2]
                ranked.append((team, sum(w.prestige for w in pair) // max(len(pair), 1)))
            ranked.sort(key=lambda row: -row[1])
            page = self.paginate_queryset(ranked)
            _, records = federation_records(
                federation=self.federation, teams=[team.pk for team, _ in page]
            )
            rows = [
                (team, prestige, None, records.get(team.pk), team.pk in champions)
                for team, prestige in page
            ]
        first = self.paginator.page.start_index() if rows else 1
        table = []
        for rank, (who, prestige, fame, record, champion) in enumerate(rows, start=first):
            record = record or Record()
            table.append(
                {
                    "rank": rank,
                    "who": person_ref(who),
                    "prestige": prestige,
                    "fame": fame,
                    "wins": record.wins,
                    "losses": record.losses,
                    "draws": record.draws,
                    "streak": record.streak,
                    "champion": champion,
                }
            )
        return self.get_paginated_response(StandingRowSerializer(table, many=True).data)

    @extend_schema(
        summary="Who can contend in the division on a date (available, best Prestige first)",
        parameters=[
            DIVISION_PARAMETER,
            OpenApiParameter("on", OpenApiTypes.DATE, description="Default: today."),
        ],
        responses=inline_serializer(
            "Contender",
            {
                "rank": serializers.IntegerField(),
                "who": PersonRefSerializer(),
                "prestige": serializers.IntegerField(),
                "members": serializers.ListField(child=serializers.SlugField()),
            },
            many=True,
        ),
    )
    @action(detail=False, methods=["get"], url_path=f"contenders/(?P<division>{SLUG})")
    def contenders(self, request, division=None, **kwargs):
        division = self._division(division)
        on = _date_param(request, "on") or _today(self)
        found = selectors.top_contenders(federation=self.federation, division=division, on=on)
        rows = []
        for rank, contender in enumerate(found, start=1):
            if division == Division.TAG:
                rows.append(
                    {
                        "rank": rank,
                        "who": person_ref(contender.team),
                        "prestige": contender.prestige,
                        "members": [w.slug for w in contender.members],
                    }
                )
            else:
                rows.append(
                    {
                        "rank": rank,
                        "who": person_ref(contender),
                        "prestige": contender.prestige,
                        "members": [contender.slug],
                    }
                )
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(page)

    @extend_schema(
        summary="The record book: longest reigns, most defenses, streaks, most wins by method",
        parameters=[OpenApiParameter("limit", int, description="Rows per list (1-50, 10).")],
        responses=inline_serializer(
            "RecordBook",
            {
                "longest_reigns": ReignSerializer(many=True),
                "most_defenses": ReignSerializer(many=True),
                "longest_win_streaks": inline_serializer(
                    "StreakRow",
                    {"who": PersonRefSerializer(), "streak": serializers.IntegerField()},
                    many=True,
                ),
                "current_win_streaks": inline_serializer(
                    "CurrentStreakRow",
                    {"who": PersonRefSerializer(), "streak": serializers.IntegerField()},
                    many=True,
                ),
                "most_wins_by_method": serializers.DictField(
                    child=serializers.ListField(child=serializers.DictField())
                ),
            },
        ),
    )
    @action(detail=False, methods=["get"], pagination_class=None)
    def records(self, request, **kwargs):
        try:
            limit = int(request.query_params.get("limit", 10))
        except ValueError:
            limit = 0
        if not 1 <= limit <= 50:  # (not clamped: a limit out of range is a mistake to name)
            return problems_response([("limit", "A whole number from 1 to 50.")])
        today = _today(self)
        book = record_book(federation=self.federation, today=today, limit=limit)
        context = {"today": today}
        return Response(
            {
                "longest_reigns": ReignSerializer(
                    book.longest_reigns, many=True, context=context
                ).data,
                "most_defenses": ReignSerializer(
                    book.most_defenses, many=True, context=context
                ).data,
                "longest_win_streaks": [
                    {"who": person_ref(w), "streak": n} for w, n in book.longest_win_streaks
                ],
                "current_win_streaks": [
                    {"who": person_ref(w), "streak": n} for w, n in book.current_win_streaks
                ],
                "most_wins_by_method": {
                    method: [{"who": person_ref(w), "wins": n} for w, n in rows]
                    for method, rows in book.most_wins_by_method.items()
                },
            }
        )

    @extend_schema(
        summary="The whole federation as one JSON document (members who book)",
        responses={200: OpenApiTypes.OBJECT},
        tags=["federations"],
    )
    @action(detail=False, methods=["get"], pagination_class=None, url_path="export")
    def export(self, request, **kwargs):
        document = transfer.federation_export(federation=self.federation)
        response = Response(document)
        response["Content-Disposition"] = f'attachment; filename="{self.federation.slug}.json"'
        return response

    @extend_schema(
        summary="Every invariant of the federation's history checked (as check_federation)",
        responses={
            200: inline_serializer(
                "FederationCheck",
                {
                    "ok": serializers.BooleanField(),
                    "violations": serializers.ListField(child=serializers.CharField()),
                    "notices": serializers.ListField(child=serializers.CharField()),
                },
            )
        },
        tags=["federations"],
    )
    @action(detail=False, methods=["get"], pagination_class=None, url_path="check")
    def check(self, request, **kwargs):
        from matches.checks import federation_check, federation_notices

        violations = federation_check(federation=self.federation)
        return Response(
            {
                "ok": not violations,
                "violations": violations,
                "notices": federation_notices(federation=self.federation),
            }
        )

    action_access = {"export": Action.BOOK, "check": Action.BOOK}


def _date_param(request, name: str):
    value = request.query_params.get(name)
    if not value:
        return None
    field = serializers.DateField()
    try:
        return field.to_internal_value(value)
    except serializers.ValidationError as exc:
        raise serializers.ValidationError({name: exc.detail}) from None


# -- rule systems ---------------------------------------------------------------------------------


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
