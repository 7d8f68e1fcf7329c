"""Titles and their lineages: made, vacated, awarded, retired; every reign listed."""

from __future__ import annotations

import django_filters
from django.db.models import Prefetch
from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action

from promotion import selectors, services
from promotion.api.common import (
    SLUG,
    DeskActions,
    MatchRefSerializer,
    PersonRefSerializer,
    _today,
    federation_member,
    match_ref,
    person_ref,
)
from promotion.models import (
    Division,
    ReignEnd,
    Title,
    TitleReign,
)
from web.api import FederationViewSet, PagedByKeys
from web.api_fields import (
    KnownSlugFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
)
from web.idempotency import IdempotentCreates
from web.pictures import PictureField, picture_action


class ReignSerializer(serializers.ModelSerializer):
    title: serializers.SlugRelatedField[Title] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
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
    belt = PictureField(
        help_text="The belt's picture and its thumbnail, or null without one (set through belt/)."
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
            "belt",
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
    ordering_fields = ["rank", "name", "introduced_on"]
    ordering = ["rank", "name"]

    read_serializer = TitleSerializer
    belt = picture_action("belt", "title's belt picture", "titles")

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
        page = self.paginate_queryset(selectors.lineage_reigns(title=title))
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
class ReignViewSet(PagedByKeys, mixins.ListModelMixin, FederationViewSet):
    queryset = TitleReign.objects.all()
    serializer_class = ReignSerializer
    filterset_class = ReignFilter
    ordering_fields = ["won_on", "ended_on", "defenses", "number"]
    ordering = ["won_on", "number"]

    def scoped_queryset(self):
        return (
            TitleReign.objects.filter(title__federation=self.federation)
            .select_related(
                "title", "holder_wrestler", "holder_team", "won_at__show", "ended_at__show"
            )
            .defer(*selectors.WITHOUT_PLAY_BY_PLAY)
        )

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "today": _today(self)}
