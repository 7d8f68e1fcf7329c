"""Injuries: recorded, listed, healed."""

from __future__ import annotations

import django_filters
from django.db.models import Q
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action

from matches.selectors import shows_ahead_of
from promotion import services
from promotion.api.common import (
    DeskActions,
    MatchRefSerializer,
    _today,
    federation_member,
    match_ref,
)
from promotion.models import (
    Injury,
    InjurySource,
    Wrestler,
)
from web.api import FederationViewSet, PagedByKeys
from web.api_fields import (
    KnownSlugFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
)
from web.idempotency import IdempotentCreates


class InjurySerializer(serializers.ModelSerializer):
    wrestler: serializers.SlugRelatedField[Wrestler] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
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
    PagedByKeys,
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
    ordering_fields = ["occurred_on", "expected_return", "healed_on"]
    ordering = ["-occurred_on", "id"]

    read_serializer = InjurySerializer
    created_serializer = InjuryRecordedSerializer

    def _create(self, data):
        return services.injury_record(**data)

    def scoped_queryset(self):
        return (
            Injury.objects.filter(wrestler__federation=self.federation)
            .select_related("wrestler", "match__show")
            .defer("match__play_by_play")
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
