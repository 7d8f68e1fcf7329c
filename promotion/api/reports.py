"""What the federation reads of itself: the ledger, the standings, the contenders, the record
book, its export and its check."""

from __future__ import annotations

import django_filters
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers
from rest_framework.decorators import action
from rest_framework.response import Response

from matches.checks import federation_check, federation_notices, stored_figures_check
from matches.records import Record, federation_records, record_book
from promotion import selectors, transfer
from promotion.access import Action
from promotion.api.common import (
    SLUG,
    PersonRefSerializer,
    _date_param,
    _today,
    person_ref,
)
from promotion.api.titles import ReignSerializer
from promotion.models import (
    Division,
    Federation,
    Standing,
    StandingChange,
    Wrestler,
)
from web.api import FederationViewSet, PagedByKeys
from web.api_fields import (
    INT32_MAX,
    KnownSlugFilter,
    StrictChoiceFilter,
    WholeNumberFilter,
)
from web.api_support import (
    not_found,
    problems_response,
)


class LedgerSerializer(serializers.ModelSerializer):
    wrestler: serializers.SlugRelatedField[Wrestler] = serializers.SlugRelatedField(
        slug_field="slug", read_only=True
    )
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
class LedgerViewSet(PagedByKeys, mixins.ListModelMixin, FederationViewSet):
    queryset = StandingChange.objects.all()
    serializer_class = LedgerSerializer
    filterset_class = LedgerFilter
    ordering_fields = ["created_at", "id", "delta"]
    ordering = ["created_at", "id"]

    def scoped_queryset(self):
        return (
            StandingChange.objects.filter(wrestler__federation=self.federation)
            .select_related("wrestler", "show", "match")
            .defer("match__play_by_play")
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
            divisions = " and ".join(Division.values)
            hint = f"the divisions are {divisions}"
            raise not_found("division", division, self.lookup_where(), hint=hint)
        return division

    @extend_schema(
        summary="The division's standings: Prestige order with each record",
        parameters=[DIVISION_PARAMETER],
        responses=StandingRowSerializer(many=True),
    )
    @action(detail=False, methods=["get"], url_path=f"standings/(?P<division>{SLUG})")
    def standings(self, request, division=None, **kwargs):
        division = self._division(division)
        champions = selectors.division_champion_ids(federation=self.federation, division=division)
        if division == Division.SINGLES:
            page = self.paginate_queryset(selectors.singles_standings(federation=self.federation))
            records, _ = federation_records(
                federation=self.federation, wrestlers=[w.pk for w in page]
            )
            rows = [(w, w.prestige, w.fame, records.get(w.pk), w.pk in champions) for w in page]
        else:
            page = self.paginate_queryset(selectors.tag_standings(federation=self.federation))
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
        violations = federation_check(federation=self.federation)
        violations += stored_figures_check(federation=self.federation)
        return Response(
            {
                "ok": not violations,
                "violations": violations,
                "notices": federation_notices(federation=self.federation),
            }
        )

    action_access = {"export": Action.BOOK, "check": Action.BOOK}
