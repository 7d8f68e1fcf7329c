"""Reads that span models. Each returns rows with what its page needs, in an explicit order."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import OuterRef, Prefetch, Q, QuerySet, Subquery, prefetch_related_objects
from django.utils.text import slugify

from promotion.access import federations_for
from promotion.calendar import WRESTLED as WRESTLED
from promotion.calendar import federation_today as federation_today
from promotion.models import (
    Division,
    Federation,
    Feud,
    FeudParticipant,
    FeudStatus,
    Injury,
    ReignEnd,
    StandingChange,
    Team,
    TeamKind,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)
from rules import registry
from rules.models import ChartOverride

#: A lineage reads the matches that crowned and ended each reign, never their play-by-play (a
#: match's longest column, which only its show's page reads).
WITHOUT_PLAY_BY_PLAY = ("won_at__play_by_play", "ended_at__play_by_play")


def federations_visible_to(*, user) -> QuerySet[Federation]:
    """Federations ``user`` may read (see ``promotion.access``), by name."""
    return federations_for(user).select_related("owner").order_by("name")


def roster(*, federation: Federation) -> QuerySet[Wrestler]:
    return (
        federation.wrestlers.exclude(status=WrestlerStatus.RETIRED)
        .prefetch_related("teams")
        .order_by("-prestige", "ring_name")
    )


def champions(*, federation: Federation) -> QuerySet[TitleReign]:
    """The open reign of every active title, world title first."""
    return (
        TitleReign.objects.filter(title__federation=federation, title__is_active=True)
        .filter(ended_on__isnull=True)
        .select_related("title", "holder_wrestler", "holder_team")
        .prefetch_related("holder_team__members")
        .order_by("title__rank", "title__name")
    )


def champion_ids(
    *, federation: Federation, on, reigns: Iterable[TitleReign] | None = None
) -> set[int]:
    """Wrestlers who hold a title on ``on``: singles champions and the members of champion teams
    on that date. ``reigns`` saves the query when the open reigns are at hand."""
    if reigns is None:
        reigns = TitleReign.objects.filter(
            title__federation=federation, ended_on__isnull=True
        ).order_by()
    reigns = list(reigns)
    holders = {r.holder_wrestler_id for r in reigns if r.holder_wrestler_id}
    teams = {r.holder_team_id for r in reigns if r.holder_team_id}
    if teams:
        holders.update(
            TeamMembership.objects.filter(team_id__in=teams, started_on__lte=on)
            .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
            .values_list("wrestler_id", flat=True)
        )
    return holders


#: What a lineage row says of the match that crowned a reign: its sides (how the champion won
#: it, over whom); read for the rows shown (``prefetch_related_objects``), not the whole lineage.
CROWNING_SIDES = ("won_at__participants__wrestler", "won_at__participants__team")


def title_lineage(*, title: Title) -> QuerySet[TitleReign]:
    """The reigns in order, each with its holder and the shows that began and ended it (the
    sides of the crowning match are ``CROWNING_SIDES``, read for the rows shown)."""
    return (
        title.reigns.select_related(
            "holder_wrestler", "holder_team", "won_at__show", "ended_at__show"
        )
        .defer(*WITHOUT_PLAY_BY_PLAY)
        .order_by("number")
    )


def active_feuds(*, federation: Federation, on=None) -> QuerySet[Feud]:
    """Feuds not ended (and, with ``on``, already begun on that date), hottest first."""
    feuds = federation.feuds.exclude(status="ended")
    if on is not None:
        feuds = feuds.filter(started_on__lte=on)
    return feuds.prefetch_related(
        Prefetch("participants", queryset=_feud_participants()),
    ).order_by("-heat", "-started_on")


def _feud_participants():
    return FeudParticipant.objects.select_related("wrestler", "team").order_by("side", "id")


def injury_report(*, federation: Federation, on) -> QuerySet[Injury]:
    return (
        Injury.objects.active_on(on)
        .filter(wrestler__federation=federation)
        .select_related("wrestler", "match__show")
        .defer("match__play_by_play")
        .order_by("expected_return", "wrestler__ring_name")
    )


#: How a wrestler's open injuries mark him wherever he is listed: next to his name, and (short)
#: beside his status.
HURT_OFF_CARDS = "injured, off cards"
HURT_WRESTLING = "wrestling hurt"
HURT_OFF_CARDS_SHORT = "off cards"


@dataclass(frozen=True)
class Hurt:
    """A wrestler's open injuries on a date (``InjuryQuerySet.hurting_on``, the injuries the
    engines wrestle him with), oldest first: one that keeps him off cards, or only ones he
    wrestles through."""

    injuries: tuple[Injury, ...]

    @property
    def off_cards(self) -> bool:
        return any(injury.keeps_off_cards for injury in self.injuries)

    @property
    def words(self) -> str:
        """Beside his name: "injured, off cards" or "wrestling hurt"."""
        return HURT_OFF_CARDS if self.off_cards else HURT_WRESTLING

    @property
    def short(self) -> str:
        """Beside his status: "off cards" or "wrestling hurt"."""
        return HURT_OFF_CARDS_SHORT if self.off_cards else HURT_WRESTLING

    @property
    def what(self) -> str:
        """The injuries in a few words each, with when he is expected back: "Ribs; Left knee
        (expected back Dec 12, 2026)"."""
        return "; ".join(
            injury.what
            + (
                f" (expected back {injury.expected_return:%b %-d, %Y})"
                if injury.expected_return
                else ""
            )
            for injury in self.injuries
        )


def open_injuries(
    *, wrestlers: QuerySet[Wrestler] | Iterable[Wrestler | int], on: dt.date
) -> dict[int, Hurt]:
    """The open injuries of ``wrestlers`` (rows, ids, or a queryset) on ``on``, by wrestler id;
    a wrestler who is fit has no entry. One query, whatever the number of wrestlers: the one
    read behind every mark of an injured wrestler (the roster, a wrestler's page, a show's card,
    the federation's page, the booking form's pickers, the API, the auto-booker's notes)."""
    injuries = Injury.objects.hurting_on(on).order_by("wrestler_id", "occurred_on", "pk")
    if isinstance(wrestlers, QuerySet):
        injuries = injuries.filter(wrestler__in=wrestlers.values("pk"))
    else:
        ids = {w if isinstance(w, int) else w.pk for w in wrestlers}
        if not ids:
            return {}
        injuries = injuries.filter(wrestler_id__in=ids)
    found: dict[int, list[Injury]] = {}
    for injury in injuries:
        found.setdefault(injury.wrestler_id, []).append(injury)
    return {wrestler_id: Hurt(tuple(rows)) for wrestler_id, rows in found.items()}


def federation_summary(*, slug: str) -> dict:
    federation = Federation.objects.get(slug=slug)
    today = federation_today(federation)
    return {
        "federation": federation.slug,
        "wrestlers": federation.wrestlers.count(),
        "champions": {
            reign.title.slug: str(reign.holder) for reign in champions(federation=federation)
        },
        "injured": injury_report(federation=federation, on=today).count(),
    }


def _available_wrestlers(*, federation: Federation, on, system: str | None = None):
    """Wrestlers who can work a show on ``on`` (``WrestlerQuerySet.available_on``: the rule
    booking applies too) holding a card for the rule system (the federation's by default)."""
    system = system or federation.rule_system
    return federation.wrestlers.filter(cards__system=system).available_on(on)


def contenders(
    *,
    federation: Federation,
    division: str,
    on,
    exclude: Iterable[int] = (),
    system: str | None = None,
) -> list:
    """Who can contend in ``division`` on the date ``on``, best Prestige first.

    A singles division gives wrestlers (see ``_available_wrestlers``); a tag division gives
    ``team_contenders``. ``exclude`` holds wrestler ids already taken (booked elsewhere, say).
    Results in recent matches are weighed on top of this by ``matches.selectors.contention``.
    """
    if division == Division.TAG:
        return team_contenders(federation=federation, on=on, exclude=exclude, system=system)
    return list(
        _available_wrestlers(federation=federation, on=on, system=system)
        .exclude(pk__in=list(exclude))
        .order_by("-prestige", "ring_name", "pk")
    )


def free_slug(taken: QuerySet, name: str, *, fallback: str, max_length: int = 80) -> str:
    """The address made from ``name`` (``slugify``) for an address left empty. A name with no
    letters or digits ("!!!") gives none: then ``fallback``, numbered on where ``taken`` (a
    queryset with a ``slug``) has it ("title", "title-2", ...), so that the promoter is never
    refused for an address he did not type. A name's own address that is taken stays taken: the
    caller refuses it (two teams of one name)."""
    own = slugify(name)[:max_length].strip("-")
    if own:
        return own
    used = set(taken.filter(slug__startswith=fallback).values_list("slug", flat=True))
    slug, n = fallback, 1
    while slug in used:
        n += 1
        slug = f"{fallback}-{n}"
    return slug


def account_named(value: str):
    """The account a promoter means by ``value``: its username or its e-mail address (either
    in any case), the first made when two share an address; or None."""
    value = value.strip()
    if not value:
        return None
    return (
        get_user_model()
        .objects.filter(Q(username__iexact=value) | Q(email__iexact=value))
        .order_by("pk")
        .first()
    )


def top_contenders(*, federation: Federation, division: str, on) -> list:
    """The division's contenders as the federation's page and the API list them: who can contend
    on ``on`` (``contenders``), best Prestige first, less the division's own champions on that
    date (a singles title's champion among the singles; a tag title's champion team among the
    teams): a champion defends, he does not contend."""
    held = TitleReign.objects.filter(
        title__federation=federation, title__division=division, won_on__lte=on
    ).filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
    if division == Division.TAG:
        teams = set(held.exclude(holder_team=None).values_list("holder_team_id", flat=True))
        found = contenders(federation=federation, division=division, on=on)
        return [c for c in found if c.team.pk not in teams]
    taken = held.exclude(holder_wrestler=None).values_list("holder_wrestler_id", flat=True)
    return contenders(federation=federation, division=division, on=on, exclude=list(taken))


@dataclass(frozen=True)
class TeamContender:
    """A team able to wrestle on a date: its available current members, best Prestige first."""

    team: Team
    members: tuple[Wrestler, ...]

    @property
    def prestige(self) -> int:
        """The mean Prestige of the two members who would wrestle."""
        return team_prestige(self.members)


def team_prestige(members: Iterable[Wrestler]) -> int:
    """A team's Prestige: the mean of its first two ``members``' (the best, as they are given),
    rounded down; 0 for a team without members."""
    pair = list(members)[:2]
    return sum(w.prestige for w in pair) // max(len(pair), 1)


def division_champion_ids(*, federation: Federation, division: str) -> set[int]:
    """The holders of the federation's active titles in ``division``'s terms: wrestlers' ids for
    singles, teams' ids for tag (what the standings mark as champions)."""
    reigns = list(champions(federation=federation))
    if division == Division.SINGLES:
        return {r.holder_wrestler_id for r in reigns if r.holder_wrestler_id}
    return {r.holder_team_id for r in reigns if r.holder_team_id}


def singles_standings(*, federation: Federation) -> QuerySet[Wrestler]:
    """The singles standings' order: every wrestler not retired, best Prestige first (then by
    ring name)."""
    return federation.wrestlers.exclude(status=WrestlerStatus.RETIRED).order_by(
        "-prestige", "ring_name", "pk"
    )


def tag_standings(*, federation: Federation) -> list[tuple[Team, int]]:
    """The tag standings' order: every tag team not disbanded with its Prestige (``team_prestige``
    of its two best current members), best first; teams of equal Prestige by name."""
    teams = (
        federation.teams.filter(disbanded_on__isnull=True, kind=TeamKind.TAG_TEAM)
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
    ranked = [(team, team_prestige(m.wrestler for m in team.memberships.all())) for team in teams]
    ranked.sort(key=lambda row: -row[1])
    return ranked


def team_contenders(
    *,
    federation: Federation,
    on,
    exclude: Iterable[int] = (),
    system: str | None = None,
    kinds: Iterable[str] = (TeamKind.TAG_TEAM,),
) -> list[TeamContender]:
    """Active teams (tag teams by default) with at least two current members available on
    ``on`` and not in ``exclude``, best Prestige first."""
    available = {
        w.pk: w
        for w in _available_wrestlers(federation=federation, on=on, system=system).exclude(
            pk__in=list(exclude)
        )
    }
    memberships = (
        TeamMembership.objects.filter(
            team__federation=federation,
            team__kind__in=list(kinds),
            team__disbanded_on__isnull=True,
            started_on__lte=on,
        )
        .filter(Q(ended_on__isnull=True) | Q(ended_on__gt=on))
        .select_related("team")
        .order_by("team__name", "team_id")
    )
    members: dict[int, list[Wrestler]] = {}
    teams: dict[int, Team] = {}
    for membership in memberships:
        teams[membership.team_id] = membership.team
        wrestler = available.get(membership.wrestler_id)
        if wrestler is not None:
            members.setdefault(membership.team_id, []).append(wrestler)
    result = [
        TeamContender(
            team=teams[team_id],
            members=tuple(sorted(found, key=lambda w: (-w.prestige, w.ring_name, w.pk))),
        )
        for team_id, found in members.items()
        if len(found) >= 2
    ]
    result.sort(key=lambda c: (-c.prestige, c.team.name, c.team.pk))
    return result


def suggested_start(*, federation: Federation) -> dict[str, int]:
    """Starting Fame and Prestige for a new signing: the lower quartile of the active roster's
    (zero for an empty roster), so a newcomer starts near the bottom of the card."""

    def quartile(values: list[int]) -> int:
        if not values:
            return 0
        values = sorted(values)
        return values[(len(values) - 1) // 4]

    rows = list(
        federation.wrestlers.exclude(status=WrestlerStatus.RETIRED).values_list("fame", "prestige")
    )
    return {
        "fame": quartile([fame for fame, _ in rows]),
        "prestige": quartile([prestige for _, prestige in rows]),
    }


# -- pages ---------------------------------------------------------------------------------------

#: The roster page's sort keys: the visitor's word to the ordering.
ROSTER_SORTS: dict[str, tuple[str, ...]] = {
    "prestige": ("-prestige", "ring_name"),
    "fame": ("-fame", "ring_name"),
    "heat": ("-heat", "ring_name"),
    "name": ("ring_name",),
    "alignment": ("alignment", "ring_name"),
    "status": ("status", "ring_name"),
}


def roster_page(
    *,
    federation: Federation,
    alignment: str = "",
    status: str = "",
    division: str = "",
    min_prestige: int | None = None,
    search: str = "",
    sort: str = "prestige",
) -> QuerySet[Wrestler]:
    """The roster as the roster page filters and sorts it; every wrestler, retired included
    when asked for by status. ``division`` is ``tag`` (in an active tag team) or ``singles``."""
    wrestlers = federation.wrestlers.all()
    if status:
        wrestlers = wrestlers.filter(status=status)
    else:
        wrestlers = wrestlers.exclude(status=WrestlerStatus.RETIRED)
    if alignment:
        wrestlers = wrestlers.filter(alignment=alignment)
    if min_prestige is not None:
        wrestlers = wrestlers.filter(prestige__gte=min_prestige)
    if search:
        wrestlers = wrestlers.filter(Q(ring_name__icontains=search) | Q(hometown__icontains=search))
    in_tag_team = TeamMembership.objects.filter(
        team__kind=TeamKind.TAG_TEAM, team__disbanded_on__isnull=True, ended_on__isnull=True
    ).values("wrestler_id")
    if division == Division.TAG:
        wrestlers = wrestlers.filter(pk__in=in_tag_team)
    elif division == Division.SINGLES:
        wrestlers = wrestlers.exclude(pk__in=in_tag_team)
    return wrestlers.prefetch_related(
        Prefetch("teams", queryset=Team.objects.filter(disbanded_on__isnull=True).order_by("name"))
    ).order_by(*ROSTER_SORTS.get(sort, ROSTER_SORTS["prestige"]))


def titles_with_holders(*, federation: Federation) -> QuerySet[Title]:
    """Every title (active first, by rank) with its open reign at hand as ``open_reigns``."""
    return (
        federation.titles.prefetch_related(
            Prefetch(
                "reigns",
                queryset=TitleReign.objects.filter(ended_on__isnull=True).select_related(
                    "holder_wrestler", "holder_team"
                ),
                to_attr="open_reigns",
            )
        )
        .annotate(reign_count=models.Count("reigns"))
        .order_by("-is_active", "rank", "name")
    )


@dataclass(frozen=True)
class LineageRow:
    """One row of a title's lineage: a reign, a vacancy between two reigns (``reign`` None), or
    the title's retirement, its last row (``retired``: ``start`` is the day)."""

    reign: TitleReign | None
    start: dt.date
    end: dt.date | None
    reason: str = ""
    retired: bool = False

    @property
    def days(self) -> int | None:
        return None if self.end is None else (self.end - self.start).days


def ended_by_retirement(*, wrestler: Wrestler) -> tuple[list[TitleReign], list[Feud]]:
    """What a wrestler retired today ended that day (``services.wrestler_update``): the reigns,
    his or a tag team's of his, ended "Champion retired", and the feuds of his ended."""
    today = federation_today(wrestler.federation)
    teams = wrestler.memberships.filter(ended_on__isnull=True).values("team")
    reigns = TitleReign.objects.filter(
        Q(holder_wrestler=wrestler) | Q(holder_team__in=teams),
        end_reason=ReignEnd.RETIRED,
        ended_on=today,
    ).select_related("title", "holder_wrestler", "holder_team")
    feuds = Feud.objects.filter(
        participants__wrestler=wrestler, status=FeudStatus.ENDED, ended_on=today
    ).prefetch_related(Prefetch("participants", queryset=_feud_participants()))
    return list(reigns), list(feuds.distinct())


def vacancy_after(
    reign: TitleReign, next_won_on: dt.date | None, retired_on: dt.date | None
) -> LineageRow | None:
    """The vacancy after ``reign``, if the belt had no holder then: after a reign ended other
    than by a loss or the title's retirement, up to the next reign (``next_won_on``), else the
    day the title was retired, else open (still vacant). The one rule of the title's page and
    the API's lineage."""
    if reign.ended_on is None or reign.end_reason in (ReignEnd.LOST, ReignEnd.DEACTIVATED):
        return None
    return LineageRow(
        reign=None,
        start=reign.ended_on,
        end=next_won_on or retired_on,
        reason=reign.get_end_reason_display(),
    )


def lineage_rows(*, title: Title, today: dt.date) -> list[LineageRow]:
    """The lineage in order, a vacancy row wherever the belt had no holder: between a reign that
    ended other than by a loss and the next reign (or today, while the belt is still vacant; or
    the day it was retired), and last, for a retired title, its retirement. A vacancy of no days
    (a champion stripped and the title awarded that day) is a row too: it says why his reign
    ended."""
    rows: list[LineageRow] = []
    # Each reign with its holder's name and address alone: the rows a page shows read the rest
    # (``crowning_matches``).
    reigns = list(
        title.reigns.select_related("holder_wrestler", "holder_team")
        .only(*LINEAGE_FIELDS)
        .order_by("number")
    )
    retired = title.retired_on
    for index, reign in enumerate(reigns):
        rows.append(LineageRow(reign=reign, start=reign.won_on, end=reign.ended_on))
        following = reigns[index + 1] if index + 1 < len(reigns) else None
        vacancy = vacancy_after(reign, following.won_on if following else None, retired)
        if vacancy is not None:
            rows.append(vacancy)
    if retired is not None:
        rows.append(LineageRow(reign=None, start=retired, end=None, retired=True))
    return rows


LINEAGE_FIELDS = (
    *(f.name for f in TitleReign._meta.concrete_fields),
    "holder_wrestler__ring_name",
    "holder_wrestler__slug",
    "holder_wrestler__federation",
    "holder_team__name",
    "holder_team__slug",
    "holder_team__federation",
)


def crowning_matches(reigns: Iterable[TitleReign]) -> None:
    """Reads for ``reigns`` (the rows a lineage page shows) the matches that crowned them, with
    their shows and sides (``CROWNING_SIDES``): one query for the matches with their shows, one
    each for their sides' rows, wrestlers and teams, however many reigns the title has had."""
    won_at = TitleReign._meta.get_field("won_at").related_model
    prefetch_related_objects(
        list(reigns),
        Prefetch(
            "won_at", queryset=won_at._default_manager.select_related("show").defer("play_by_play")
        ),
        *CROWNING_SIDES,
    )


def lineage_reigns(*, title: Title) -> QuerySet[TitleReign]:
    """The title's reigns in lineage order, each with ``next_won_on``: when the next reign
    began (the end of a vacancy after this one)."""
    following = TitleReign.objects.filter(
        title=OuterRef("title"), number__gt=OuterRef("number")
    ).order_by("number")
    return (
        title_lineage(title=title)
        .prefetch_related(*CROWNING_SIDES)
        .annotate(next_won_on=Subquery(following.values("won_on")[:1]))
    )


def feuds_page(*, federation: Federation) -> QuerySet[Feud]:
    """Every feud, the active ones first (hottest first), then the ended ones, latest first."""
    return (
        federation.feuds.prefetch_related(Prefetch("participants", queryset=_feud_participants()))
        .annotate(
            ended=models.Case(
                models.When(status="ended", then=models.Value(1)),
                default=models.Value(0),
                output_field=models.IntegerField(),
            )
        )
        .order_by("ended", "-heat", "-started_on", "pk")
    )


def injuries_page(*, federation: Federation) -> QuerySet[Injury]:
    """Every injury, the unhealed ones first, then by date, latest first."""
    return (
        Injury.objects.filter(wrestler__federation=federation)
        .select_related("wrestler", "match__show")
        .defer("match__play_by_play")
        .annotate(
            healed=models.Case(
                models.When(healed_on__isnull=True, then=models.Value(0)),
                default=models.Value(1),
                output_field=models.IntegerField(),
            )
        )
        .order_by("healed", "-occurred_on", "wrestler__ring_name", "pk")
    )


def teams_page(*, federation: Federation) -> QuerySet[Team]:
    """Tag teams and stables, the active ones first, with their memberships and members."""
    return federation.teams.prefetch_related(
        Prefetch(
            "memberships",
            queryset=TeamMembership.objects.select_related("wrestler").order_by(
                "ended_on", "started_on", "wrestler__ring_name"
            ),
        )
    ).order_by(models.F("disbanded_on").asc(nulls_first=True), "kind", "name")


def wrestler_reigns(*, wrestler: Wrestler) -> QuerySet[TitleReign]:
    """The wrestler's reigns, alone or with a team he belonged to when it won, oldest first."""
    team_ids = wrestler.memberships.values("team_id")
    return (
        TitleReign.objects.filter(Q(holder_wrestler=wrestler) | Q(holder_team_id__in=team_ids))
        .select_related("title", "holder_wrestler", "holder_team", "won_at__show")
        .defer("won_at__play_by_play")
        .order_by("won_on", "pk")
    )


def wrestler_feuds(*, wrestler: Wrestler) -> QuerySet[Feud]:
    """Feuds the wrestler took part in, himself or through a team, active first."""
    team_ids = wrestler.memberships.values("team_id")
    return (
        Feud.objects.filter(
            Q(participants__wrestler=wrestler) | Q(participants__team_id__in=team_ids)
        )
        .distinct()
        .prefetch_related(Prefetch("participants", queryset=_feud_participants()))
        .order_by(models.F("ended_on").desc(nulls_first=True), "-started_on")
    )


def _standing_rows(wrestler: Wrestler) -> QuerySet[StandingChange]:
    return wrestler.standing_changes.filter(attribute__in=CHARTED).order_by("created_at", "id")


#: The figures the wrestler page's chart draws, and how far back it looks unless asked for the
#: whole history (``?history=all``).
CHARTED = ("fame", "prestige")
CHART_WINDOW = dt.timedelta(days=365)


@dataclass(frozen=True)
class StandingWindow:
    """What the wrestler page's Fame and Prestige chart draws.

    ``rows``: (when, attribute, value after), oldest first: those from ``start`` on, and before
    them each figure's last row before ``start`` (the value it enters the window with); every
    row when ``start`` is None. ``start``: where the chart begins (None: the whole history).
    ``default_start``: where it begins unless the whole history is asked for (None when nothing
    moved after the signing: the whole of it). ``opened``: the day of the ledger's first row
    (None when it has none)."""

    rows: list[tuple[dt.datetime, str, int]]
    start: dt.date | None
    default_start: dt.date | None
    opened: dt.date | None


def standing_window(
    *, wrestler: Wrestler, zone, today: dt.date, whole: bool = False
) -> StandingWindow:
    """The chart's rows in three queries however long the ledger: its first row, the first row
    after that day, and the rows drawn. By default the chart begins where the figures move (the
    first row after the signing's day: years between a signing and the first match would
    squeeze every movement to the right edge), at most ``CHART_WINDOW`` before ``today``;
    ``whole``: every row, from the signing."""
    rows = _standing_rows(wrestler)
    first = rows.values_list("created_at", flat=True).first()
    if first is None:
        return StandingWindow(rows=[], start=None, default_start=None, opened=None)
    opened = first.astimezone(zone).date()
    after_opening = dt.datetime.combine(opened + dt.timedelta(days=1), dt.time.min, tzinfo=zone)
    moved_at = rows.filter(created_at__gte=after_opening).values_list("created_at", flat=True)
    moved = moved_at.first()
    default_start = None
    if moved is not None:
        default_start = max(moved.astimezone(zone).date(), today - CHART_WINDOW)
    start = None if whole else default_start
    if start is None:
        drawn = rows
    else:
        since = dt.datetime.combine(start, dt.time.min, tzinfo=zone)
        drawn = rows.filter(Q(created_at__gte=since))
        for attribute in CHARTED:  # the value each figure enters the window with
            entering = rows.filter(attribute=attribute, created_at__lt=since)
            drawn |= rows.filter(
                pk=Subquery(entering.order_by("-created_at", "-id").values("pk")[:1])
            )
    return StandingWindow(
        rows=list(drawn.values_list("created_at", "attribute", "value_after")),
        start=start,
        default_start=default_start,
        opened=opened,
    )


def wrestler_ledger(*, wrestler: Wrestler) -> QuerySet[StandingChange]:
    return (
        wrestler.standing_changes.select_related("match__show", "show")
        .defer("match__play_by_play")
        .order_by("-created_at", "-id")
    )


def federation_tables(*, federation: Federation | None, system: str):
    """A rule system's charts as this federation plays them: the defaults with its overrides
    (``ChartOverride``) merged in; the defaults alone without a federation. None for a system
    whose engine has not landed."""
    engine = registry.systems.get(system)
    if engine is None:
        return None
    overrides = {}
    if federation is not None:
        overrides = {
            o.chart: o.data
            for o in ChartOverride.objects.filter(federation=federation, system=system).order_by()
        }
    return engine.load_tables(overrides or None)
