"""The REST API of tournaments: a federation's tournaments, drawing one, each with its bracket (or
round robin table) as data, and the promoter's actions: book the next round, call it off.

Every state change goes through ``matches.tournaments``; a refusal is a 400 naming its field.
Entrants are named by their slugs (wrestlers' for singles, teams' for tag and six-man), as
everywhere in the API, and looked up in the federation of the address only.
"""

from __future__ import annotations

import django_filters
from django.db.models import Count
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_view
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from matches.brackets import MAX_ENTRANTS, MIN_ENTRANTS
from matches.models import (
    Placement,
    Seeding,
    Tournament,
    TournamentEntrant,
    TournamentFormat,
    TournamentStatus,
    TournamentUnit,
)
from matches.tournaments import (
    BracketSlot,
    tournament_advance,
    tournament_bracket,
    tournament_cancel,
    tournament_create,
)
from promotion.models import Team, Wrestler
from rules.models import System
from web.api import FederationViewSet, atomic_action
from web.api_fields import StrictChoiceFilter
from web.api_refs import PersonRefSerializer, person_ref
from web.idempotency import IdempotentCreates

SEED_MAX = 2**62 - 1
NO_SUCH_ENTRANT = "{federation} has no {kind} {slug!r}."
NO_SUCH_TITLE = "{federation} has no title {slug!r}."


class EntrantSerializer(serializers.Serializer):
    seed = serializers.IntegerField(help_text="1 is the top seed.")
    entrant = PersonRefSerializer(help_text="The wrestler (singles) or the team.")
    withdrew_because = serializers.CharField(
        allow_blank=True, help_text="Why it forfeited (injured, suspended, retired), if it did."
    )


def _entrant(entrant: TournamentEntrant | None) -> dict | None:
    if entrant is None:
        return None
    return {
        "seed": entrant.seed,
        "entrant": person_ref(entrant.wrestler or entrant.team),
        "withdrew_because": entrant.withdrew_because,
    }


class BoutSideSerializer(serializers.Serializer):
    seed = serializers.IntegerField()
    name = serializers.CharField()
    won = serializers.BooleanField()


class BoutSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="0 is the top of the round.")
    a = BoutSideSerializer(allow_null=True, help_text="Null: a bye (round one) or not known yet.")
    b = BoutSideSerializer(allow_null=True, help_text="Null: a bye (round one) or not known yet.")
    decided_by = serializers.ChoiceField(
        choices=["", "match", "bye", "forfeit"], help_text="Empty while undecided."
    )
    forfeit_reason = serializers.CharField(allow_blank=True)
    show = serializers.IntegerField(
        allow_null=True, help_text="The number of the show its match is on; null until booked."
    )
    match = serializers.IntegerField(
        allow_null=True, help_text="The match's place on that show's card."
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField(help_text='"quarter-final", "final"; "round 2" (round robin).')
    bouts = BoutSerializer(many=True)


class TableRowSerializer(serializers.Serializer):
    place = serializers.IntegerField()
    seed = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField()
    wins = serializers.IntegerField(help_text="Won in the ring.")
    forfeit_wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    points = serializers.IntegerField()


class TournamentSerializer(serializers.ModelSerializer):
    title: serializers.SlugRelatedField = serializers.SlugRelatedField(
        slug_field="slug", read_only=True, allow_null=True, help_text="The title at stake."
    )
    event = serializers.IntegerField(
        source="event.number",
        read_only=True,
        allow_null=True,
        help_text="One-night placement: the number of its event's show.",
    )
    entrant_count = serializers.IntegerField(read_only=True)
    winner = serializers.SerializerMethodField()

    class Meta:
        model = Tournament
        fields = [
            "slug",
            "name",
            "format",
            "unit",
            "rule_system",
            "seeding",
            "placement",
            "title",
            "event",
            "status",
            "entrant_count",
            "winner",
            "created_at",
            "completed_at",
        ]

    @extend_schema_field(EntrantSerializer(allow_null=True))
    def get_winner(self, tournament: Tournament) -> dict | None:
        return _entrant(tournament.winner)


class TournamentDetailSerializer(TournamentSerializer):
    """A tournament with its field and its bracket as data: the rounds of bouts (single
    elimination: round one in bracket order, the byes decided) or a round robin's rounds and
    table."""

    entrants = serializers.SerializerMethodField()
    rounds = serializers.SerializerMethodField()
    table = serializers.SerializerMethodField()
    tie_break = serializers.SerializerMethodField()

    class Meta(TournamentSerializer.Meta):
        fields = [*TournamentSerializer.Meta.fields, "entrants", "rounds", "table", "tie_break"]

    @extend_schema_field(EntrantSerializer(many=True))
    def get_entrants(self, tournament: Tournament) -> list:
        rows = tournament.entrants.select_related("wrestler", "team").order_by("seed")
        return [_entrant(row) for row in rows]

    @extend_schema_field(RoundSerializer(many=True))
    def get_rounds(self, tournament: Tournament) -> list:
        bracket = self.context["bracket"]
        places = {
            (bout.round, bout.position): (bout.match.show.number, bout.match.position)
            for bout in tournament.bouts.filter(match__isnull=False).select_related("match__show")
            if bout.match is not None
        }

        def side(slot: BracketSlot | None) -> dict | None:
            if slot is None:
                return None
            return {"seed": slot.seed, "name": slot.name, "won": slot.won}

        return [
            {
                "number": round_.number,
                "name": round_.name,
                "bouts": [
                    {
                        "position": bout.position,
                        "a": side(bout.a),
                        "b": side(bout.b),
                        "decided_by": bout.decided_by,
                        "forfeit_reason": bout.forfeit_reason,
                        "show": places.get((bout.round, bout.position), (None, None))[0],
                        "match": places.get((bout.round, bout.position), (None, None))[1],
                    }
                    for bout in round_.bouts
                ],
            }
            for round_ in bracket.rounds
        ]

    @extend_schema_field(TableRowSerializer(many=True))
    def get_table(self, tournament: Tournament) -> list:
        return [
            {
                "place": line.place,
                "seed": line.entrant.seed,
                "name": line.entrant.name,
                "played": line.played,
                "wins": line.wins,
                "forfeit_wins": line.forfeit_wins,
                "losses": line.losses,
                "points": line.points,
            }
            for line in self.context["bracket"].table
        ]

    def get_tie_break(self, tournament: Tournament) -> str:
        return self.context["bracket"].tie_break


class TournamentCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=160)
    format = serializers.ChoiceField(
        choices=TournamentFormat.choices, default=TournamentFormat.SINGLE_ELIMINATION
    )
    unit = serializers.ChoiceField(choices=TournamentUnit.choices, default=TournamentUnit.SINGLES)
    seeding = serializers.ChoiceField(choices=Seeding.choices, default=Seeding.PRESTIGE)
    placement = serializers.ChoiceField(choices=Placement.choices, default=Placement.WEEKLY)
    rule_system = serializers.ChoiceField(
        choices=System.choices,
        required=False,
        help_text="Default: the title's system, else the federation's.",
    )
    title = serializers.SlugField(
        required=False, allow_null=True, help_text="A vacant title's slug: its winner is crowned."
    )
    entrants = serializers.ListField(
        child=serializers.SlugField(),
        required=False,
        allow_null=True,
        max_length=MAX_ENTRANTS,
        help_text="Seeded by hand: the wrestlers' slugs (singles) or the teams' (tag, six-man), "
        "the top seed first.",
    )
    size = serializers.IntegerField(
        min_value=MIN_ENTRANTS,
        max_value=MAX_ENTRANTS,
        required=False,
        allow_null=True,
        help_text="Seeded by Prestige or drawn: the top this many able to wrestle, by Prestige.",
    )
    draw_seed = serializers.IntegerField(
        min_value=0,
        max_value=SEED_MAX,
        required=False,
        allow_null=True,
        help_text="Drawn: the seed of the draw (the same seed draws the same order).",
    )

    def validate_title(self, slug):
        if not slug:
            return None
        federation = self.context["federation"]
        title = federation.titles.filter(slug=slug).first()
        if title is None:
            raise serializers.ValidationError(
                NO_SUCH_TITLE.format(federation=federation.name, slug=slug)
            )
        return title

    def validate(self, data):
        slugs = data.get("entrants")
        if slugs:
            federation = self.context["federation"]
            singles = data.get("unit", TournamentUnit.SINGLES) == TournamentUnit.SINGLES
            model = Wrestler if singles else Team
            found = dict(
                model.objects.filter(federation=federation, slug__in=slugs).values_list(
                    "slug", "pk"
                )
            )
            missing = [slug for slug in slugs if slug not in found]
            if missing:
                kind = "wrestler" if singles else "team"
                raise serializers.ValidationError(
                    {
                        "entrants": [
                            NO_SUCH_ENTRANT.format(federation=federation.name, kind=kind, slug=slug)
                            for slug in missing
                        ]
                    }
                )
            data["entrants"] = [found[slug] for slug in slugs]
        return data


class TournamentFilter(django_filters.FilterSet):
    status = StrictChoiceFilter(choices=TournamentStatus.choices)
    # Not ``format``: the API reads ``?format=`` as the answer's format (a card's YAML, say).
    tournament_format = StrictChoiceFilter(field_name="format", choices=TournamentFormat.choices)

    class Meta:
        model = Tournament
        fields = ["status", "tournament_format"]


@extend_schema_view(
    list=extend_schema(summary="The federation's tournaments, the newest first", tags=["events"]),
    retrieve=extend_schema(
        summary="One tournament with its field and its bracket (or round robin table) as data",
        responses=TournamentDetailSerializer,
        tags=["events"],
    ),
    create=extend_schema(
        summary="Draw a tournament: its field seeded and its bracket laid out, byes decided",
        request=TournamentCreateSerializer,
        responses={201: TournamentDetailSerializer},
        tags=["events"],
    ),
)
class TournamentViewSet(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    http_method_names = ["get", "post", "head", "options"]
    queryset = Tournament.objects.all()
    serializer_class = TournamentSerializer
    lookup_field = "slug"
    lookup_value_regex = "[-a-zA-Z0-9_]+"
    lookup_kind = "tournament"
    filterset_class = TournamentFilter
    ordering_fields = ["created_at", "name"]
    ordering = ["-created_at", "-pk"]
    bodyless_actions = frozenset({"advance", "cancel"})

    def scoped_queryset(self):
        return self.federation.tournaments.select_related(
            "title", "event", "winner__wrestler", "winner__team"
        ).annotate(entrant_count=Count("entrants"))

    def get_serializer_class(self):
        if self.action == "create":
            return TournamentCreateSerializer
        return TournamentSerializer

    def _detail(self, tournament: Tournament, code: int = status.HTTP_200_OK) -> Response:
        tournament = self.get_queryset().get(pk=tournament.pk)
        tournament.federation = self.federation
        context = {**self.get_serializer_context(), "bracket": tournament_bracket(tournament)}
        body = TournamentDetailSerializer(tournament, context=context).data
        return Response(body, status=code)

    def retrieve(self, request, *args, **kwargs):
        return self._detail(self.get_object())

    def create(self, request, *args, **kwargs):
        asked = TournamentCreateSerializer(data=request.data, context=self.get_serializer_context())
        asked.is_valid(raise_exception=True)
        tournament = tournament_create(
            federation=self.federation, user=request.user, **asked.validated_data
        )
        return self._detail(tournament, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Book the tournament's next round (weekly: on the next show; one night: on its "
        "event), entrants who cannot wrestle forfeiting",
        request=None,
        responses=TournamentDetailSerializer,
        tags=["events"],
    )
    @action(detail=True, methods=["post"])
    @atomic_action
    def advance(self, request, **kwargs):
        tournament = self.get_object()
        tournament.federation = self.federation
        tournament_advance(tournament, user=request.user)
        return self._detail(tournament)

    @extend_schema(
        summary="Call the tournament off: its bouts still on cards come off them",
        request=None,
        responses=TournamentDetailSerializer,
        tags=["events"],
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, **kwargs):
        tournament = self.get_object()
        tournament.federation = self.federation
        tournament_cancel(tournament, user=request.user)
        return self._detail(tournament)
