"""Federations and their members: listed, made, changed, exported and imported whole; members
given a role or removed."""

from __future__ import annotations

import django_filters
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter
from rest_framework.permissions import SAFE_METHODS
from rest_framework.response import Response
from rest_framework.viewsets import GenericViewSet

from matches.selectors import next_open_show, week_show_number
from promotion import selectors, services, transfer
from promotion.access import OWNER, Action, federations_for
from promotion.api.common import (
    NO_SUCH_USER,
    SLUG,
    LocalTimeField,
    TimeZoneNameField,
)
from promotion.api.documents import FederationDocumentParser
from promotion.models import (
    Federation,
    MemberRole,
    Membership,
)
from promotion.validators import CARD_SIZE_VALIDATORS
from rules import registry
from rules.models import System
from web.api import FederationAccess, FederationViewSet, atomic_action
from web.api_fields import (
    FilterBackend,
    StrictBooleanFilter,
    StrictChoiceFilter,
    StrictOrderingFilter,
)
from web.idempotency import IdempotentCreates


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
        if not hasattr(federation, "coming_show"):
            federation.coming_show = next_open_show(federation=federation)
        return federation.coming_show

    def get_week_show(self, federation) -> int:
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
    lookup_kind = "member"
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
