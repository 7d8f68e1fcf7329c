"""Feuds: started, listed, ended."""

from __future__ import annotations

from typing import Any

import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action

from promotion import services
from promotion.api.common import (
    DeskActions,
    PersonRefSerializer,
    federation_member,
    person_ref,
)
from promotion.models import (
    Feud,
    FeudParticipant,
    FeudStatus,
)
from web.api import FederationViewSet
from web.api_fields import (
    KnownSlugFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
    WholeNumberFilter,
)
from web.idempotency import IdempotentCreates


class FeudSideSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    members = PersonRefSerializer(many=True)


class FeudSerializer(serializers.ModelSerializer):
    sides = serializers.SerializerMethodField()

    class Meta:
        model = Feud
        fields = ["id", "name", "description", "started_on", "ended_on", "heat", "status", "sides"]

    @extend_schema_field(FeudSideSerializer(many=True))
    def get_sides(self, feud: Feud) -> list[dict[str, Any]]:
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
