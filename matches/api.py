"""The REST API of shows and matches: the archive, each show's card with its results and
play-by-play, and the promoter's actions: create a show, book a match, auto-book, schedule, run
now (asynchronous: 202 and a progress address), retry, cancel, run the week; odds for a pairing.

Every state change goes through the services (``matches.booking``, ``matches.autobook``,
``matches.services``); a refusal is a 400 with the service's reasons.
"""

from __future__ import annotations

import dataclasses
import secrets

import django_filters
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Prefetch
from django.urls import reverse
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
    inline_serializer,
)
from rest_framework import mixins, serializers, status
from rest_framework.decorators import action
from rest_framework.response import Response

from matches import booking
from matches.autobook import show_autobook
from matches.models import (
    Match,
    MatchParticipant,
    MatchStatus,
    MatchType,
    Method,
    Show,
    ShowKind,
    ShowStatus,
)
from matches.recap import show_recap
from matches.selectors import (
    Pairing,
    PairingRefused,
    card_of,
    matches_counted,
    pairing,
    pairing_odds,
    show_progress,
)
from matches.services import show_cancel, show_retry, show_run_now, week_run
from matches.share import recap_document
from promotion.access import Action, is_member
from promotion.models import Feud, Title, Wrestler
from rules.core.dice import SeededDice
from rules.models import System
from web.api import FederationViewSet, atomic_action
from web.api_fields import (
    FLAG_WORDS,
    INT32_MAX,
    NO_SUCH_SLUG,
    KnownSlugFilter,
    MomentField,
    MomentFilter,
    StrictBooleanFilter,
    StrictChoiceFilter,
    StrictOrderingFilter,
    WholeNumberFilter,
    YearFilter,
    read_flag,
)
from web.api_refs import PersonRefSerializer, person_ref
from web.api_support import not_found, problems_response
from web.idempotency import IdempotentCreates
from web.pictures import PictureField, picture_action

MAX_ODDS_RUNS = 5000
#: The most sides a pairing may name (a battle royal's entrants), as many as a booking takes.
MAX_SIDES = 40
PLAY_BY_PLAY_WORDS = {**FLAG_WORDS, "yes": True, "no": False}
SEED_MAX = 2**62 - 1


def _is_member(request, federation) -> bool:
    """Whether the reader is one of the federation's members (``promotion.access.is_member``,
    as the pages ask): the booking notes and why a show failed are theirs alone."""
    return federation is not None and is_member(request.user, federation)


# -- shows ----------------------------------------------------------------------------------------


class ParticipantSerializer(serializers.Serializer):
    wrestler = serializers.SlugField()
    name = serializers.CharField()
    role = serializers.CharField()


class MatchSideSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    team = PersonRefSerializer(allow_null=True)
    wrestlers = ParticipantSerializer(many=True)


class MatchSerializer(serializers.ModelSerializer):
    show = serializers.IntegerField(source="show.number", read_only=True)
    title: serializers.SlugRelatedField[Title] = serializers.SlugRelatedField(
        slug_field="slug",
        read_only=True,
        allow_null=True,
        help_text="The title's slug; null when no title is at stake.",
    )
    feud: serializers.PrimaryKeyRelatedField[Feud] = serializers.PrimaryKeyRelatedField(
        read_only=True, allow_null=True, help_text="The feud's id; null outside a feud."
    )
    booking_note = serializers.SerializerMethodField(
        help_text="Why it was booked (the auto-booker's reasons): for the federation's members "
        "only, as on its pages; null for anyone else."
    )
    sides = serializers.SerializerMethodField()
    winners = serializers.SerializerMethodField()

    class Meta:
        model = Match
        fields = [
            "show",
            "position",
            "match_type",
            "rule_system",
            "rule_options",
            "title",
            "feud",
            "is_main_event",
            "time_limit",
            "no_disqualification",
            "title_changes_on_dq",
            "stipulations",
            "booking_note",
            "status",
            "called_off_because",
            "sides",
            "winner_side",
            "winners",
            "method",
            "length",
            "seed",
        ]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_booking_note(self, match) -> str | None:
        # The viewsets put the reader's membership in the context (``_is_member``); a
        # serializer made without it shows nothing.
        return match.booking_note if self.context.get("is_member") else None

    @extend_schema_field(MatchSideSerializer(many=True))
    def get_sides(self, match):
        sides = []
        for index, rows in enumerate(match.sides()):
            team = next((row.team for row in rows if row.team_id), None)
            sides.append(
                {
                    "side": rows[0].side if rows else index,
                    "team": person_ref(team),
                    "wrestlers": [
                        {"wrestler": r.wrestler.slug, "name": r.wrestler.ring_name, "role": r.role}
                        for r in rows
                    ],
                }
            )
        return sides

    def get_winners(self, match) -> list[str]:
        return [p.wrestler.slug for p in match.winners()]


class MatchDetailSerializer(MatchSerializer):
    class Meta(MatchSerializer.Meta):
        fields = [*MatchSerializer.Meta.fields, "effects", "play_by_play"]


POSTER_LINE_HELP = "An event's line on the poster (plain text, up to 200 characters)."
CARD_SIZE_HELP = (
    "Matches the auto-booker puts on the show (1 to 30); null: the federation's weekly card, or "
    "on a special event twice that, at most 12."
)


class ShowSerializer(serializers.ModelSerializer):
    matches = serializers.IntegerField(source="match_count", read_only=True)
    error = serializers.SerializerMethodField(
        help_text="Why a failed show failed: the detail for members, a plain line for visitors."
    )
    poster = PictureField(
        help_text="The poster and its thumbnail, or null without one (set through poster/)."
    )

    class Meta:
        model = Show
        fields = [
            "number",
            "name",
            "kind",
            "scheduled_at",
            "venue",
            "poster_line",
            "card_size",
            "status",
            "matches",
            "started_at",
            "completed_at",
            "error",
            "poster",
        ]
        extra_kwargs = {
            "poster_line": {"help_text": POSTER_LINE_HELP},
            "card_size": {"help_text": CARD_SIZE_HELP},
        }

    def get_error(self, show) -> str:
        if self.context.get("is_member"):
            return show.error
        return show.public_error


class ShowDetailSerializer(ShowSerializer):
    card = serializers.SerializerMethodField()

    class Meta(ShowSerializer.Meta):
        fields = [*ShowSerializer.Meta.fields, "seed", "card"]

    @extend_schema_field(MatchDetailSerializer(many=True))
    def get_card(self, show):
        serializer = MatchDetailSerializer if self.context.get("play_by_play") else MatchSerializer
        return serializer(self.context["card"], many=True, context=self.context).data


class ShowCreateSerializer(serializers.Serializer):
    scheduled_at = MomentField(
        required=False,
        help_text="ISO 8601; without an offset, in the federation's time zone. Default: the next "
        "weekly slot.",
    )
    name = serializers.CharField(max_length=160, required=False, allow_blank=True)
    kind = serializers.ChoiceField(choices=ShowKind.choices, default=ShowKind.WEEKLY)
    venue = serializers.CharField(max_length=160, required=False)
    seed = serializers.IntegerField(min_value=0, max_value=SEED_MAX, required=False)
    poster_line = serializers.CharField(
        max_length=200, required=False, allow_blank=True, help_text=POSTER_LINE_HELP
    )
    card_size = serializers.IntegerField(
        min_value=booking.SHOW_CARD_SIZES[0],
        max_value=booking.SHOW_CARD_SIZES[1],
        required=False,
        allow_null=True,
        help_text=CARD_SIZE_HELP,
    )


class ShowUpdateSerializer(serializers.Serializer):
    """What may change of a show that has not run (its date only while draft or booked)."""

    scheduled_at = MomentField(required=False)
    name = serializers.CharField(max_length=160, required=False)
    kind = serializers.ChoiceField(choices=ShowKind.choices, required=False)
    venue = serializers.CharField(max_length=160, required=False, allow_blank=True)
    poster_line = serializers.CharField(
        max_length=200, required=False, allow_blank=True, help_text=POSTER_LINE_HELP
    )
    card_size = serializers.IntegerField(
        min_value=booking.SHOW_CARD_SIZES[0],
        max_value=booking.SHOW_CARD_SIZES[1],
        required=False,
        allow_null=True,
        help_text=CARD_SIZE_HELP,
    )


class WeekRunSerializer(serializers.Serializer):
    show = serializers.IntegerField(
        min_value=1,
        max_value=2_147_483_647,  # (a show's number, as the databases store it)
        required=False,
        help_text="The number of the show you mean to run: the coming show's, or when none is "
        "coming the one it would book (`week_show` in `GET federations/{slug}/`). When the coming "
        "show is another by now (the week has run: a second request, a retry after a lost "
        "answer), nothing runs and the answer is 409. Without it, the coming show runs, "
        "whichever it is.",
    )
    new = serializers.BooleanField(
        default=False,
        help_text="`show` is a show not booked yet, the one this request would book "
        "(`week_show_new` in `GET federations/{slug}/`): if one has been booked since, its card "
        "unseen, nothing runs (409).",
    )


class MatchMoveSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=1, help_text="Its new place on the card.")


class ShowFilter(django_filters.FilterSet):
    status = StrictChoiceFilter(choices=ShowStatus.choices)
    kind = StrictChoiceFilter(choices=ShowKind.choices)
    year = YearFilter(field_name="scheduled_at", label="The year, in the federation's time zone.")
    after = MomentFilter(field_name="scheduled_at", lookup_expr="gte")
    before = MomentFilter(field_name="scheduled_at", lookup_expr="lt")

    class Meta:
        model = Show
        fields = ["status", "kind"]


class ProgressSerializer(serializers.Serializer):
    show = serializers.IntegerField(help_text="The show's number.")
    status = serializers.ChoiceField(choices=ShowStatus.choices)
    matches_done = serializers.IntegerField()
    matches_total = serializers.IntegerField()
    finished = serializers.BooleanField(help_text="Completed, cancelled or failed: stop polling.")
    message = serializers.CharField(allow_blank=True, help_text="Plain words, for anyone.")
    error = serializers.CharField(
        allow_blank=True, help_text="Why it failed: for the federation's members only."
    )
    status_url = serializers.URLField(help_text="Where to follow the show's progress.")


def _progress_json(request, show: Show, *, is_member: bool) -> dict:
    progress = show_progress(show=show)
    url = request.build_absolute_uri(
        reverse(
            "api:show-progress",
            kwargs={"federation_slug": show.federation.slug, "number": show.number},
        )
    )
    return {
        "show": show.number,
        "status": progress.status,
        "matches_done": progress.done,
        "matches_total": progress.total,
        "finished": progress.finished,
        "message": progress.message,
        "error": progress.error if is_member else "",
        "status_url": url,
    }


ACCEPTED = OpenApiResponse(
    ProgressSerializer,
    "Accepted: the show is on its way. Follow `status_url` (also in the Location header).",
)


@extend_schema_view(
    list=extend_schema(summary="The show archive", tags=["shows"]),
    retrieve=extend_schema(
        summary="One show with its card, results and (on request) play-by-play",
        parameters=[
            OpenApiParameter(
                "play_by_play", bool, description="Include each match's play-by-play and effects."
            )
        ],
        responses=ShowDetailSerializer,
        tags=["shows"],
    ),
    create=extend_schema(
        summary="Create a show (a draft) in the next weekly slot or at a given time",
        request=ShowCreateSerializer,
        responses={201: ShowDetailSerializer},
        tags=["shows"],
    ),
)
class ShowViewSet(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    http_method_names = ["get", "post", "patch", "head", "options"]
    queryset = Show.objects.all()
    serializer_class = ShowSerializer
    lookup_field = "number"
    lookup_url_kwarg = "number"
    lookup_value_regex = "[0-9]+"
    filterset_class = ShowFilter
    ordering_fields = ["scheduled_at", "number"]
    ordering = ["-scheduled_at", "-number"]
    throttle_scopes = {"run": "run", "run_week": "run"}
    #: Actions that read no body (OPTIONS lists them with no fields; the schema, no body).
    bodyless_actions = frozenset({"autobook", "schedule", "run", "retry", "cancel"})
    poster = picture_action("poster", "show's poster", "shows")

    def scoped_queryset(self):
        return self.federation.shows.annotate(match_count=matches_counted())

    def get_serializer_class(self):
        return {
            "create": ShowCreateSerializer,
            "partial_update": ShowUpdateSerializer,
            "run_week": WeekRunSerializer,
        }.get(self.action, ShowSerializer)

    def get_serializer_context(self):
        context = super().get_serializer_context()
        context["is_member"] = _is_member(self.request, self.federation)
        try:  # (yes and no too: this flag took yes before the filters' flags were checked)
            flag = read_flag(self.request.query_params.get("play_by_play"), PLAY_BY_PLAY_WORDS)
        except DjangoValidationError as exc:
            raise serializers.ValidationError({"play_by_play": exc.messages}) from None
        context["play_by_play"] = bool(flag)
        return context

    def _show(self) -> Show:
        show = self.get_object()
        show.federation = self.federation
        return show

    def _detail(self, show: Show, code: int = status.HTTP_200_OK) -> Response:
        show = self.get_queryset().get(pk=show.pk)
        show.federation = self.federation
        context = {**self.get_serializer_context(), "card": list(card_of(show=show))}
        return Response(ShowDetailSerializer(show, context=context).data, status=code)

    def retrieve(self, request, *args, **kwargs):
        return self._detail(self._show())

    def create(self, request, *args, **kwargs):
        serializer = ShowCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        show = booking.show_create(federation=self.federation, **serializer.validated_data)
        return self._detail(show, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Rename a show, change its venue, kind, poster line or card size, or move it "
        "(a draft or booked show)",
        request=ShowUpdateSerializer,
        responses=ShowDetailSerializer,
        tags=["shows"],
    )
    def partial_update(self, request, *args, **kwargs):
        serializer = ShowUpdateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        show = booking.show_update(show=self._show(), **serializer.validated_data)
        return self._detail(show)

    @extend_schema(
        summary="Auto-book an empty card; each match explains itself, each omission too",
        request=None,
        responses=inline_serializer(
            "AutobookReport",
            {
                "matches": MatchSerializer(many=True),
                "skipped": serializers.ListField(child=serializers.CharField()),
            },
        ),
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def autobook(self, request, **kwargs):
        report = show_autobook(show=self._show())
        matches = list(card_of(show=self._show()).filter(pk__in=[m.pk for m in report.matches]))
        return Response(
            {
                "matches": MatchSerializer(
                    matches, many=True, context=self.get_serializer_context()
                ).data,
                "skipped": list(report.skipped),
            }
        )

    @extend_schema(
        summary="Put a booked show on the schedule; it runs when it is due",
        request=None,
        responses=ShowDetailSerializer,
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def schedule(self, request, **kwargs):
        return self._detail(booking.show_schedule(show=self._show()))

    @extend_schema(
        summary="Simulate a booked show now (asynchronous)",
        request=None,
        responses={202: ACCEPTED},
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def run(self, request, **kwargs):
        show = show_run_now(show=self._show())
        return self._accepted(request, show)

    def _accepted(self, request, show: Show) -> Response:
        show.federation = self.federation
        body = _progress_json(request, show, is_member=True)
        return Response(
            body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["status_url"]}
        )

    @extend_schema(
        summary="Run this week: book (if need be), schedule and simulate the coming show",
        request=WeekRunSerializer,
        responses={202: ACCEPTED},
        tags=["booking"],
    )
    @action(detail=False, methods=["post"], url_path="run-week")
    def run_week(self, request, **kwargs):
        asked = WeekRunSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        expect, new = asked.validated_data.get("show"), asked.validated_data["new"]
        done = week_run(federation=self.federation, expect=expect, new=new)
        return self._accepted(request, done.show)

    @extend_schema(
        summary="A show's progress: its status, matches done of the card, and a plain message",
        responses=ProgressSerializer,
        tags=["shows"],
    )
    @action(detail=True, methods=["get"])
    def progress(self, request, **kwargs):
        return Response(
            _progress_json(request, self._show(), is_member=_is_member(request, self.federation))
        )

    @extend_schema(
        summary="The recap of a completed show: what it changed, and its text for Markdown, "
        "BBCode, Discord (messages of at most 2,000 characters) and Slack (409 before the "
        "show is completed)",
        responses={
            200: inline_serializer(
                "ShowRecap",
                {
                    "recap": serializers.DictField(),
                    "markdown": serializers.CharField(),
                    "bbcode": serializers.CharField(),
                    "discord": serializers.ListField(child=serializers.CharField()),
                    "slack": serializers.CharField(),
                },
            ),
            409: OpenApiResponse(description="The show is not completed yet."),
        },
        tags=["shows"],
    )
    @action(detail=True, methods=["get"])
    def recap(self, request, **kwargs):
        made = show_recap(self._show())
        made = dataclasses.replace(made, url=request.build_absolute_uri(made.url))
        return Response(recap_document(made))

    @extend_schema(
        summary="Put a failed show back on the schedule (it runs at once if it is due)",
        request=None,
        responses=ShowDetailSerializer,
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def retry(self, request, **kwargs):
        return self._detail(show_retry(show=self._show()))

    @extend_schema(
        summary="Call off a show that has not run (a failed one too); later shows go on",
        request=None,
        responses=ShowDetailSerializer,
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request, **kwargs):
        return self._detail(show_cancel(show=self._show()))


# -- matches --------------------------------------------------------------------------------------


class BookMatchSerializer(serializers.Serializer):
    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.SlugField(), min_length=1, max_length=6),
        min_length=2,
        max_length=MAX_SIDES,
        help_text='Wrestlers\' slugs, side by side: [["a"], ["b"]] or [["a", "b"], ...].',
    )
    match_type = serializers.ChoiceField(choices=MatchType.choices, default=MatchType.SINGLES)
    title = serializers.SlugField(required=False, allow_null=True, help_text="A title's slug.")
    feud = serializers.IntegerField(required=False, allow_null=True, help_text="A feud's id.")
    rule_system = serializers.ChoiceField(choices=System.choices, required=False)
    rule_options = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, max_length=40
    )
    time_limit = serializers.IntegerField(
        min_value=booking.TIME_LIMIT[0], max_value=booking.TIME_LIMIT[1], required=False
    )
    no_disqualification = serializers.BooleanField(default=False)
    title_changes_on_dq = serializers.BooleanField(default=False)
    stipulations = serializers.DictField(
        child=serializers.BooleanField(),
        required=False,
        help_text='Stipulations by name, each on or off: {"no_dq": true, "blowoff": true}.',
    )
    allies = serializers.DictField(
        child=serializers.SlugField(),
        required=False,
        help_text='A ringside ally per side: {"0": "slug"}.',
    )
    position = serializers.IntegerField(min_value=1, max_value=100, required=False)
    is_main_event = serializers.BooleanField(default=False)
    note = serializers.CharField(max_length=240, required=False, allow_blank=True)


@extend_schema_view(
    list=extend_schema(summary="A show's card in order", tags=["shows"]),
    retrieve=extend_schema(
        summary="One match with its result, effects and play-by-play (every die)",
        responses=MatchDetailSerializer,
        tags=["shows"],
    ),
    create=extend_schema(
        summary="Book a match on the show (the booking service's refusals are 400s)",
        request=BookMatchSerializer,
        responses={201: MatchDetailSerializer},
        tags=["booking"],
    ),
)
class ShowMatchViewSet(
    IdempotentCreates,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    FederationViewSet,
):
    http_method_names = ["get", "post", "delete", "head", "options"]
    queryset = Match.objects.all()
    serializer_class = MatchSerializer
    lookup_field = "position"
    lookup_url_kwarg = "position"
    lookup_value_regex = "[0-9]+"
    filter_backends = [StrictOrderingFilter]
    ordering_fields = ["position"]
    ordering = ["position"]

    def show(self) -> Show:
        show = self.federation.shows.filter(number=self.kwargs["show_number"]).first()
        if show is None:
            raise not_found("show", self.kwargs["show_number"], super().lookup_where())
        show.federation = self.federation
        return show

    def lookup_where(self) -> str:
        return f"on show {self.kwargs['show_number']} {super().lookup_where()}"

    def scoped_queryset(self):
        return card_of(show=self.show()).select_related("show")

    def get_serializer_context(self):
        return {
            **super().get_serializer_context(),
            "is_member": _is_member(self.request, self.federation),
        }

    def get_serializer_class(self):
        return {
            "retrieve": MatchDetailSerializer,
            "create": BookMatchSerializer,
            "move": MatchMoveSerializer,
        }.get(self.action, MatchSerializer)

    @atomic_action
    def create(self, request, *args, **kwargs):
        show = self.show()  # (the address first: no such show is a 404 whatever the body)
        serializer = BookMatchSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        problems: list[tuple[str, str]] = []
        slugs = {slug for side in data["sides"] for slug in side} | set(
            (data.get("allies") or {}).values()
        )
        wrestlers = {w.slug: w for w in self.federation.wrestlers.filter(slug__in=slugs)}
        sides = []
        for i, side in enumerate(data.pop("sides")):
            row = []
            for j, slug in enumerate(side):
                if slug not in wrestlers:
                    problems.append((f"sides[{i}][{j}]", f"No wrestler {slug!r} here."))
                else:
                    row.append(wrestlers[slug])
            sides.append(row)
        allies = {}
        for key, slug in (data.pop("allies", None) or {}).items():
            if not str(key).isdigit():
                problems.append((f"allies.{key}", "Name the side by its number, from 0."))
            elif slug not in wrestlers:
                problems.append((f"allies.{key}", f"No wrestler {slug!r} here."))
            else:
                allies[int(key)] = wrestlers[slug]
        title_slug = data.pop("title", None)
        title = None
        if title_slug:
            title = self.federation.titles.filter(slug=title_slug).first()
            if title is None:
                problems.append(("title", f"No title {title_slug!r} here."))
        feud_id = data.pop("feud", None)
        feud = None
        if feud_id is not None:
            feud = Feud.objects.filter(federation=self.federation, pk=feud_id).first()
            if feud is None:
                problems.append(("feud", f"No feud {feud_id} here."))
        if problems:
            return problems_response(problems)
        match = booking.match_book(
            show=show, sides=sides, allies=allies or None, title=title, feud=feud, **data
        )
        match = self.get_queryset().get(pk=match.pk)
        return Response(
            MatchDetailSerializer(match, context=self.get_serializer_context()).data,
            status=status.HTTP_201_CREATED,
        )

    @extend_schema(
        summary="Take a booked match off a show that has not run (the card closes up)",
        responses={204: None},
        tags=["booking"],
    )
    def destroy(self, request, *args, **kwargs):
        booking.match_remove(match=self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Move a match to another place on the card",
        request=MatchMoveSerializer,
        responses=MatchSerializer(many=True),
        tags=["booking"],
    )
    @action(detail=True, methods=["post"])
    def move(self, request, *args, **kwargs):
        match = self.get_object()  # (the address before the body: a miss is a 404)
        serializer = MatchMoveSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        booking.match_move(match=match, position=serializer.validated_data["position"])
        return Response(
            MatchSerializer(
                self.get_queryset(), many=True, context=self.get_serializer_context()
            ).data
        )


class MatchFilter(django_filters.FilterSet):
    show = WholeNumberFilter(field_name="show__number", high=INT32_MAX, label="Show number.")
    wrestler = django_filters.CharFilter(method="filter_wrestler", label="A wrestler's slug.")
    title = KnownSlugFilter(field_name="title__slug", model="promotion.Title", kind="title")
    title_matches = StrictBooleanFilter(field_name="title", lookup_expr="isnull", exclude=True)
    feud = WholeNumberFilter(field_name="feud_id", label="A feud's id.")
    status = StrictChoiceFilter(choices=MatchStatus.choices)
    method = StrictChoiceFilter(choices=Method.choices)
    match_type = StrictChoiceFilter(choices=MatchType.choices)
    rule_system = StrictChoiceFilter(choices=System.choices)

    class Meta:
        model = Match
        fields = ["status", "method", "match_type", "rule_system"]

    def filter_wrestler(self, queryset, name, value):
        federation = getattr(self.request, "federation", None)
        if federation is not None and not federation.wrestlers.filter(slug=value).exists():
            message = NO_SUCH_SLUG.format(kind="wrestler", value=value)
            raise serializers.ValidationError({"wrestler": message})
        return queryset.filter(
            pk__in=MatchParticipant.objects.filter(wrestler__slug=value).values("match_id")
        )


@extend_schema_view(
    list=extend_schema(
        summary="Every match of the federation, with results (play-by-play on each match's page)",
        tags=["shows"],
    )
)
class MatchViewSet(mixins.ListModelMixin, FederationViewSet):
    queryset = Match.objects.all()
    serializer_class = MatchSerializer
    filterset_class = MatchFilter
    ordering_fields = ["show__scheduled_at", "show__number", "position", "length"]
    ordering = ["-show__scheduled_at", "-show__number", "position"]

    def get_serializer_context(self):
        return {
            **super().get_serializer_context(),
            "is_member": _is_member(self.request, self.federation),
        }

    def scoped_queryset(self):
        return (
            Match.objects.filter(show__federation=self.federation)
            .select_related("show", "title")
            .defer("play_by_play", "effects")
            .prefetch_related(
                Prefetch(
                    "participants",
                    queryset=MatchParticipant.objects.select_related("wrestler", "team").order_by(
                        "side", "order"
                    ),
                )
            )
        )


# -- odds -----------------------------------------------------------------------------------------


class PairingRequestSerializer(serializers.Serializer):
    """Who meets whom, under which system and rules."""

    # Read by matches.selectors.pairing. (The docstring above is the schema's description.)

    sides = serializers.ListField(
        child=serializers.ListField(child=serializers.SlugField(), min_length=1, max_length=3),
        min_length=2,
        max_length=MAX_SIDES,
        error_messages={
            "min_length": "At least 2 sides.",
            "max_length": f"At most {MAX_SIDES} sides.",
        },
        help_text='Wrestlers\' slugs, side by side: [["a"], ["b"]]. Two sides, or as many as the '
        "system lets the match type have (a battle royal: one wrestler a side, any number).",
    )
    match_type = serializers.ChoiceField(choices=MatchType.choices, default=MatchType.SINGLES)
    rule_system = serializers.ChoiceField(
        choices=System.choices, required=False, help_text="The federation's system by default."
    )
    rule_options = serializers.ListField(
        child=serializers.CharField(max_length=40),
        required=False,
        max_length=40,
        help_text="The federation's options for its own system by default; none for another. "
        'A stipulation a match can be booked with may be named among them ("no_dq").',
    )
    seed = serializers.IntegerField(min_value=0, max_value=2**31 - 1, required=False)

    def pairing(self, federation) -> Pairing:
        """The pairing asked for; raises ``PairingRefused`` with every problem."""
        data = self.validated_data
        return pairing(
            federation=federation,
            sides=data["sides"],
            match_type=data["match_type"],
            system=data.get("rule_system"),
            rule_options=data.get("rule_options"),
        )

    def seed_or_new(self) -> int:
        seed = self.validated_data.get("seed")
        return secrets.randbelow(2**31) if seed is None else seed


class OddsRequestSerializer(PairingRequestSerializer):
    runs = serializers.IntegerField(min_value=1, max_value=MAX_ODDS_RUNS, default=1000)
    exact = serializers.BooleanField(
        default=False, help_text="Also solve the match exactly, where the system can (singles)."
    )


class OddsSideSerializer(serializers.Serializer):
    wrestlers = serializers.ListField(child=serializers.SlugField())
    wins = serializers.IntegerField()
    win_rate = serializers.FloatField()
    standard_error = serializers.FloatField()
    exact = serializers.FloatField(allow_null=True)


class OddsSerializer(serializers.Serializer):
    system = serializers.CharField()
    match_type = serializers.CharField()
    rule_options = serializers.ListField(
        child=serializers.CharField(),
        help_text='The optional rules played, by name (Filsinger\'s: each rule that "all" '
        "turns on); empty: the basic game.",
    )
    standing = serializers.CharField(
        help_text='Whose standing the odds play: "roster", each wrestler\'s Prestige, Fame, Heat, '
        "Edge and alignment as the roster has them (manage.py odds plays each card as written).",
    )
    runs = serializers.IntegerField()
    seed = serializers.IntegerField()
    sides = OddsSideSerializer(many=True)
    draws = serializers.IntegerField()
    methods = serializers.DictField(child=serializers.IntegerField())
    exact_draw = serializers.FloatField(allow_null=True)
    exact_note = serializers.CharField(
        allow_blank=True,
        help_text="Why there are no exact figures (empty when there are): not asked for, a match "
        "other than singles (solved here for singles only), a system without an exact solver, "
        "or the solver's own reason (its budget, say).",
    )


class PairingViewSet(FederationViewSet):
    """A read-only action on a pairing of the federation's wrestlers (odds, exhibitions)."""

    queryset = Wrestler.objects.all()
    action_access = {"create": Action.READ}
    throttle_scopes = {"create": "odds"}

    def read_pairing(self, serializer_class):
        """The request read and its pairing made: ``(serializer, pairing, None)``, or
        ``(None, None, response)`` naming every problem of a pairing that cannot be played."""
        serializer = serializer_class(data=self.request.data)
        serializer.is_valid(raise_exception=True)
        try:
            return serializer, serializer.pairing(self.federation), None
        except PairingRefused as refused:
            return None, None, problems_response(refused.problems)


@extend_schema(tags=["odds"])
class OddsViewSet(PairingViewSet):
    """Odds of a pairing under a system and rules, from the wrestlers' stored cards."""

    serializer_class = OddsRequestSerializer  # (the body OPTIONS describes)

    @extend_schema(
        summary="Odds of a pairing: Monte Carlo over a bounded number of runs, exact on request",
        request=OddsRequestSerializer,
        responses={200: OddsSerializer},
    )
    def create(self, request, **kwargs):
        serializer, played, refused = self.read_pairing(OddsRequestSerializer)
        if refused is not None:
            return refused
        data = serializer.validated_data
        match_type = data["match_type"]
        seed = serializer.seed_or_new()
        report = pairing_odds(played=played, runs=data["runs"], seed=seed, exact=data["exact"])
        exact = report.exact
        return Response(
            {
                "system": played.system,
                "match_type": match_type,
                "rule_options": played.options,
                "standing": "roster",
                "runs": report.runs,
                "seed": report.seed,
                "sides": [
                    {
                        "wrestlers": list(data["sides"][i]),
                        "wins": report.wins[i],
                        "win_rate": report.win_rate(i),
                        "standard_error": report.standard_error(i),
                        "exact": exact.wins[i] if exact else None,
                    }
                    for i in range(len(played.spec.sides))
                ],
                "draws": report.draws,
                "methods": dict(report.methods),
                "exact_draw": exact.draw if exact else None,
                "exact_note": "" if exact else report.exact_note,
            }
        )


# -- exhibitions ----------------------------------------------------------------------------------


class ExhibitionRequestSerializer(PairingRequestSerializer):
    pass


class ExhibitionEventSerializer(serializers.Serializer):
    """One event of the play-by-play, as ``simulate_match --json`` gives it."""

    kind = serializers.CharField()
    actor = serializers.CharField(allow_null=True, help_text="Who acts (a wrestler's slug).")
    dice = serializers.ListField(child=serializers.IntegerField())
    text = serializers.CharField()
    # A field named as Serializer.data (the event's shape): DRF declares fields by attribute,
    # the stubs read the name as the property it shadows.
    data = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="The event's figures, where it has any (the engine's own)."
    )


class ExhibitionSerializer(serializers.Serializer):
    system = serializers.CharField()
    match_type = serializers.CharField()
    rule_options = serializers.ListField(child=serializers.CharField())
    seed = serializers.IntegerField()
    sides = serializers.ListField(child=serializers.ListField(child=serializers.SlugField()))
    winner = serializers.IntegerField(
        allow_null=True, help_text="The winning side's index, from 0; null for a draw."
    )
    method = serializers.CharField()
    length = serializers.IntegerField()
    events = ExhibitionEventSerializer(many=True)


@extend_schema(tags=["odds"])
class ExhibitionViewSet(PairingViewSet):
    """One match between the federation's wrestlers, from their stored cards, played as a show
    would play it (the federation's charts and options) and stored nowhere: what
    ``simulate_match`` does with card files."""

    serializer_class = ExhibitionRequestSerializer  # (the body OPTIONS describes)

    @extend_schema(
        summary="Play one exhibition match: the result and its play-by-play, nothing stored",
        request=ExhibitionRequestSerializer,
        responses={200: ExhibitionSerializer},
    )
    def create(self, request, **kwargs):
        serializer, played, refused = self.read_pairing(ExhibitionRequestSerializer)
        if refused is not None:
            return refused
        data = serializer.validated_data
        seed = serializer.seed_or_new()
        result = played.engine.simulate(played.spec, dice=SeededDice(seed), tables=played.tables)
        told = result.to_json()
        return Response(
            {
                "system": played.system,
                "match_type": data["match_type"],
                "rule_options": played.options,
                "seed": seed,
                "sides": [list(side) for side in data["sides"]],
                "winner": told["winner"],
                "method": told["method"],
                "length": told["length"],
                "events": told["events"],  # (as simulate_match --json gives them)
            }
        )
