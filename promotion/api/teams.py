"""Teams (tag teams and stables): formed, joined, left, disbanded."""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action
from rest_framework.filters import SearchFilter

from promotion import services
from promotion.api.common import (
    SLUG,
    DeskActions,
    federation_member,
)
from promotion.models import (
    Team,
    TeamKind,
    TeamMembership,
    Wrestler,
)
from web.api import FederationViewSet
from web.api_fields import (
    FilterBackend,
    KnownSlugFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
    StrictOrderingFilter,
)
from web.idempotency import IdempotentCreates


class TeamMemberSerializer(serializers.ModelSerializer):
    wrestler: serializers.SlugRelatedField[Wrestler] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
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
