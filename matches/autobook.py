"""The auto-booker: a full weekly card for a federation, every choice explained in a line.

What it books, in order of priority, until the card holds its size (``card_size_of``: the show's
own, a special event's, else ``federation.card_size``):

0. the tournaments' due rounds (``matches.tournaments.tournaments_book_on``), each match's note
   naming its round ("tournament quarter-final"), forfeits and byes among the report's reasons;
1. every active title, by rank: the champion (or the champion team) against the top contender by
   contention (Prestige plus recent results, a disqualification or count-out win counting less
   than a clean one); a vacant title goes to the top two contenders;
2. the active feuds, hottest first: a singles match, or a tag match when the feud is between
   teams; a blowoff (no disqualification) when the feud is hot enough;
3. the undercard: the wrestlers left, paired by Prestige.

A weekly show in the ``EVENT_BUILD_WEEKS`` before a special event builds toward it: no title at
stake, and its feuds' matches are never their blowoff; on the event every feud match is its
blowoff (``docs/events.md``).

Nobody works twice; nobody kept off cards by an injury, suspended or retired on the show's date or
without a card for the federation's rule system is booked (one wrestling through an injury may be,
and his match's note says so); a bout wrestled on the previous completed show is not
booked again unless a feud asks for it. A man who would carry ``rest.arm_points`` ARM injury
points or more into the show rests to heal them (they heal only in weeks off), unless the card
cannot be filled without him. The match with the highest stakes closes the show as its
main event. The weights are data: ``matches/data/booking.yaml``, read in ``docs/booking.md``.

``show_autobook`` returns an ``AutobookReport``: the matches booked (iterating the report gives
them) and the reasons for what it left out, one sentence each (a champion who cannot defend, a feud
that got no match). Each match's ``booking_note`` holds its explanation.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import transaction

from matches.booking import (
    CLOSED_STATUSES,
    NO_CARD,
    NO_ENGINE,
    SHOW_HAS_RUN,
    BookingError,
    card_size_of,
    in_words,
    match_book,
    wrestler_problems,
)
from matches.booking_config import (
    BookingConfig,
    booking_config,
)
from matches.models import Match, MatchType, Show, ShowKind, Tournament, TournamentStatus
from matches.selectors import Bout, bout_of, last_week_bouts, recent_history, recent_results
from matches.simulation import worked_days
from matches.tournaments import tournaments_book_on
from promotion.healing import arm_stamina, heal_roster
from promotion.models import (
    Division,
    Feud,
    Injury,
    TeamKind,
    TeamMembership,
    Title,
    TitleReign,
    Wrestler,
)
from promotion.selectors import (
    Hurt,
    TeamContender,
    active_feuds,
    champions,
    contenders,
    open_injuries,
    team_contenders,
)
from rules import registry
from rules.core.text import pronouns
from rules.models import WrestlerCard

# Messages the promoter sees (tests reuse them).
CARD_NOT_EMPTY = "{show} already has matches; the auto-booker only fills an empty card."
NOTHING_BOOKED = "Nothing could be booked on {show}: too few wrestlers are available."
NOTHING_BOOKED_NO_CARDS = (
    "Nothing could be booked on {show}: {able} can work that night, but only {carded} of them "
    "{has} a {system} card, and its matches are wrestled under those rules. Give them cards "
    "(a wrestler's page, or import_cards)."
)
TITLE_TOURNAMENT = "{title}: no match this week; the {tournament} tournament crowns its champion."
CHAMPION_OUT = "{title}: no defense this week; {reasons}"
CHAMPION_TEAM_SHORT = "{title}: no defense this week; {team} cannot field two wrestlers. {reasons}"
NO_CHALLENGER = "{title}: no defense this week; nobody is left to challenge {champion}."
NO_CHALLENGER_BUT_REMATCH = (
    "{title}: no defense this week; the only challengers left, {names}, met {champion} too "
    "recently for a rematch."
)
NO_VACANT_CONTENDERS = "{title} (vacant): not enough contenders are available."
FEUD_UNAVAILABLE = "Feud {feud}: no match this week; {reasons}"
PLANNED_ALREADY = "{wrestler} is in another match this auto-booking put on the card."
FEUD_TOO_COLD = "Feud {feud}: too cold for a match (heat {heat})."
FEUD_PASSED = "Feud {feud}: no match this week (a {status} feud; the show's die said no)."
FEUD_UNEVEN = "Feud {feud}: no match this week; its sides do not make a match ({shape})."
FEUD_NO_MATCH_TYPE = (
    "Feud {feud}: no match this week; the {system} rules have no {match_type} match."
)
FEUD_LIMIT = "Feud {feud}: no match this week; the card already has {count} feud matches."
FEUD_RESTING = "Feud {feud}: its sides rest this week after their match {ago}."
REST_TO_HEAL = (
    "{wrestler} rests this week to heal: {he} would carry {points} ARM injury points into the "
    "show, and the auto-booker rests a man at {line} (they heal only in weeks off)."
)
MATCH_TYPE_MISSING = "{what}: left off; {system} has no {match_type} match."
CARD_FULL = "{what}: left off; the card is full ({size} matches)."

#: The weeks before a special event whose weekly shows build toward it (``docs/events.md``):
#: their feuds build (no blowoff) and no title is at stake, saved for the event.
EVENT_BUILD_WEEKS = 4
SAVED_FOR_EVENT = "{title}: no defense this week; the title is saved for {event} ({when})."
NOTE_FEUD_BUILDS = (
    "{a} vs {b}: the feud {feud} builds toward {event} (heat {heat}); its blowoff is saved "
    "for the event"
)
NOTE_EVENT_BLOWOFF = (
    "{a} vs {b}: blowoff of the feud {feud} (heat {heat}) on the event, no disqualification"
)

NOTE_TITLE = (
    "{title}: {champion} defends against the top contender {challenger} (contention {score})"
)
NOTE_TAG_TITLE = (
    "{title}: {champion} defend against the top contenders {challenger} (contention {score})"
)
NOTE_VACANT = "{title} (vacant): the top contenders {a} and {b} meet for it"
NOTE_FEUD = "{a} vs {b}: the feud {feud} goes on (heat {heat})"
NOTE_BLOWOFF = "{a} vs {b}: blowoff of the feud {feud} (heat {heat}), no disqualification"
NOTE_TITLE_FEUD = "; it is also their feud (heat {heat})"
NOTE_TITLE_BLOWOFF = "; it is also the blowoff of their feud (heat {heat}), no disqualification"
NOTE_REMATCH_PASSED = "; passed over, too soon for a rematch: {names}"
NOTE_PARTNERS_PASSED = "; passed over, the champion's own partners: {names}"
NOTE_ONLY_PARTNER = "; {his} own partner, as no other contender is free"
NOTE_UNDERCARD = "{a} vs {b}, the nearest in Prestige still free ({pa} and {pb})"
#: What leads a plain pairing's note (no title, no feud): where it stands on the card.
LEAD_UNDERCARD = "Undercard"
LEAD_MAIN_EVENT = "Main event"
NOTE_IDLE = "; {names} had not wrestled for {shows}"
NOTE_DEBUT = "; {names} {have} yet to wrestle here"
NOTE_MET_BEFORE = "; they met {ago} (nobody fresher was free)"
NOTE_UNDER = "; wrestled under {system} rules"
NOTE_MAIN_EVENT = "; main event: the highest stakes on the card ({stakes})"
NOTE_MAIN_ONLY = "; the only match on the card"
NOTE_HURT = (
    "; {wrestler} is hurt ({what}) but may wrestle through it: the injury does not keep "
    "{him} off cards"
)
NOTE_RECALLED = (
    "; {wrestler} wrestles with {points} ARM injury points, over the rest line of {line}: "
    "nobody else was free to fill the card"
)
NOTE_MAIN_PLAIN = (
    "; no title or feud on the card, so the strongest pairing closes the show "
    "(contention {strength})"
)

TAG_SHAPES = {1: MatchType.SINGLES, 2: MatchType.TAG, 3: MatchType.THREE_MAN_TAG}


@dataclass(frozen=True)
class AutobookReport:
    """What the auto-booker did: the matches in card order, and why anything was left out."""

    matches: list[Match]
    skipped: list[str] = field(default_factory=list)

    def __iter__(self) -> Iterator[Match]:
        return iter(self.matches)

    def __len__(self) -> int:
        return len(self.matches)


@dataclass
class _Plan:
    sides: list[list[Wrestler]]
    match_type: str
    note: str
    stakes: int
    strength: int
    priority: int
    title: Title | None = None
    feud: Feud | None = None
    blowoff: bool = False
    rule_system: str | None = None  # None: the federation's
    lead: str = ""  # a plain pairing's: LEAD_UNDERCARD, or LEAD_MAIN_EVENT when it closes
    #: Men over the rest line called back to fill the card (their note says so, not NOTE_HURT).
    recalled: frozenset[int] = frozenset()

    def card_note(self, *, is_main: bool, card: Sequence[_Plan], hurt: Mapping[int, Hurt]) -> str:
        """The note as ``card`` has it: a plain pairing led by where it stands (the undercard,
        or the main event), who in it wrestles hurt (``hurt``: ``open_injuries`` that night),
        and the main event saying why it closes the show."""
        lead = f"{LEAD_MAIN_EVENT if is_main else self.lead}: " if self.lead else ""
        note = (
            lead
            + self.note
            + "".join(
                NOTE_HURT.format(
                    wrestler=wrestler,
                    what=", ".join(injury.what for injury in hurt[wrestler.pk].injuries),
                    him=pronouns(wrestler.pronouns).object,
                )
                for side in self.sides
                for wrestler in side
                if wrestler.pk in hurt and wrestler.pk not in self.recalled
            )
        )
        if not is_main:
            return note
        if len(card) == 1:
            why = NOTE_MAIN_ONLY
        elif self.lead and all(p.title is None and p.feud is None for p in card):
            why = NOTE_MAIN_PLAIN.format(strength=self.strength)
        else:
            why = NOTE_MAIN_EVENT.format(stakes=self.stakes)
        return note + why


def _passed_note(names: Sequence[str]) -> str:
    """Who was passed over as a challenger: a title rematch too soon, or a resting feud."""
    return NOTE_REMATCH_PASSED.format(names=", ".join(names))


def _names(wrestlers: Sequence[Wrestler]) -> str:
    return " & ".join(w.ring_name for w in wrestlers)


class _Booker:
    """Plans one show's card; ``plan`` returns the matches to book and the reasons for skips."""

    def __init__(self, show: Show, config: BookingConfig):
        self.show = show
        self.config = config
        self.federation = show.federation
        self.on = show.date
        self.system = self.federation.rule_system
        engine = registry.systems.get(self.system)
        self.match_types = set(engine.match_types) if engine else set()
        self.rng = random.Random(f"autobook:{show.seed}")
        self.plans: list[_Plan] = []
        self.skipped: list[str] = []
        self.used: set[int] = set()
        # A tournament's round booked on the show first (``matches.tournaments``): its men are
        # used, and its matches take places on the card.
        self.used.update(show.appearances.values_list("wrestler_id", flat=True))
        self.booked_before = show.matches.count()
        #: Vacant titles a tournament under way will crown (their names): no match for them.
        self.tournament_titles: dict[int, str] = dict(
            Tournament.objects.filter(
                federation=self.federation,
                title__isnull=False,
                status__in=[TournamentStatus.OPEN, TournamentStatus.RUNNING],
            ).values_list("title_id", "name")
        )
        self.recalled: set[int] = set()
        #: The card's size (an event's is longer); the event this show is, or the one its
        #: weekly show builds toward (``docs/events.md``).
        self.card_size = card_size_of(show)
        self.is_event = show.kind == ShowKind.SPECIAL
        self.coming_event = coming_event(show)

        pool = contenders(
            federation=self.federation, division=Division.SINGLES, on=self.on, system=self.system
        )
        #: ARM points each would carry into the show; at ``rest.arm_points`` or more he rests
        #: (``docs/booking.md``), unless the card cannot be filled without him (``_recall``).
        line = config.rest_arm_points
        self.carried = arm_points_carried([w.pk for w in pool], self.on) if line else {}
        self.resting = [w for w in pool if line and self.carried.get(w.pk, 0) >= line]
        self.over_the_line = list(self.resting)  # (Prestige order, as the pool)
        rested = {w.pk for w in self.resting}
        self.available = {w.pk: w for w in pool if w.pk not in rested}
        results = recent_results(
            show=show,
            shows=config.recent_shows,
            result_points=config.result_points,
            loss_points=config.loss_points,
            draw_points=config.draw_points,
        )
        self.score = {w.pk: w.prestige + results.wrestlers.get(w.pk, 0) for w in pool}
        self.team_results = results.teams
        self.by_contention = sorted(
            self.available.values(),
            key=lambda w: (-self.score[w.pk], -w.prestige, w.ring_name, w.pk),
        )
        self.by_prestige = list(self.available.values())  # the selector orders by Prestige
        self.teams = {
            c.team.pk: c
            for c in team_contenders(
                federation=self.federation,
                on=self.on,
                system=self.system,
                kinds=TeamKind.values,
                exclude=rested,
            )
        }
        self.last_bouts: set[Bout] = last_week_bouts(show=show)
        self.history = recent_history(
            show=show,
            shows=max(
                config.rematch_shows,
                config.idle_shows,
                config.feud_rest_shows,
                config.title_rematch_shows,
                1,
            ),
        )
        self.teammates: dict[int, set[int]] = {}
        self.team_members: dict[int, set[int]] = {}
        for wrestler_id, team_id in self._memberships():
            self.teammates.setdefault(wrestler_id, set()).add(team_id)
            self.team_members.setdefault(team_id, set()).add(wrestler_id)
        self.feuds = sorted(
            active_feuds(federation=self.federation, on=self.on),
            key=lambda f: (-f.heat, -f.started_on.toordinal(), f.pk),
        )
        self.reigns = {reign.title_id: reign for reign in champions(federation=self.federation)}
        #: The rule systems each wrestler holds a card for (titles wrestled under another).
        self.card_systems: dict[int, set[str]] = {}
        for wrestler_id, system in WrestlerCard.objects.filter(
            wrestler__federation=self.federation
        ).values_list("wrestler_id", "system"):
            self.card_systems.setdefault(wrestler_id, set()).add(system)
        self.reserved: set[int] = set()
        for reign in self.reigns.values():
            if reign.holder_wrestler_id:
                self.reserved.add(reign.holder_wrestler_id)
            elif reign.holder_team_id in self.teams:
                self.reserved.update(w.pk for w in self.teams[reign.holder_team_id].members)

    def _memberships(self):
        return (
            TeamMembership.objects.filter(
                team__federation=self.federation,
                team__disbanded_on__isnull=True,
                started_on__lte=self.on,
            )
            .exclude(ended_on__lte=self.on)
            .values_list("wrestler_id", "team_id")
        )

    # -- helpers -------------------------------------------------------------------------------

    @property
    def full(self) -> bool:
        return len(self.plans) + self.booked_before >= self.card_size

    def _add(self, plan: _Plan, what: str) -> bool:
        system = plan.rule_system or self.system
        engine = registry.systems.get(system)
        if engine is None or plan.match_type not in engine.match_types:
            self.skipped.append(
                MATCH_TYPE_MISSING.format(what=what, system=system, match_type=plan.match_type)
            )
            return False
        if self.full:
            self.skipped.append(CARD_FULL.format(what=what, size=self.card_size))
            return False
        self.plans.append(plan)
        self.used.update(w.pk for side in plan.sides for w in side)
        return True

    def _strength(self, sides: Sequence[Sequence[Wrestler]]) -> int:
        return sum(self.score.get(w.pk, w.prestige) for side in sides for w in side)

    def _problems(self, wrestler: Wrestler) -> list[str]:
        if wrestler.pk in self.available and wrestler.pk not in self.used:
            return []
        # ``used`` is who this auto-booking has put in a match of the card: he is in that
        # match, not "already on" a card the booker may have left empty.
        problems = wrestler_problems(
            show=self.show, wrestler=wrestler, system=self.system, on=self.on, booked=set()
        )
        if wrestler.pk in self.used:
            problems.insert(0, PLANNED_ALREADY.format(wrestler=wrestler))
        elif not problems and wrestler.pk not in self.available and self._rests(wrestler):
            problems.append(self._rest_reason(wrestler))
        return problems

    def _rests(self, wrestler: Wrestler) -> bool:
        return any(w.pk == wrestler.pk for w in self.resting)

    def _rest_reason(self, wrestler: Wrestler) -> str:
        return REST_TO_HEAL.format(
            wrestler=wrestler,
            he=pronouns(wrestler.pronouns).subject,
            points=self.carried[wrestler.pk],
            line=self.config.rest_arm_points,
        )

    @staticmethod
    def _title_system(title: Title) -> str | None:
        """The system a title is wrestled under, when it is not the federation's."""
        return title.rule_system or None

    def _carded(self, wrestler: Wrestler, title: Title) -> bool:
        """Whether the wrestler can wrestle for the title: a card for its rule system."""
        system = self._title_system(title)
        return system is None or system in self.card_systems.get(wrestler.pk, set())

    def _free_members(self, team_id: int) -> list[Wrestler]:
        contender = self.teams.get(team_id)
        members = contender.members if contender else ()
        return [w for w in members if w.pk not in self.used]

    def _feud_between(self, sides: Sequence[Sequence[Wrestler]]) -> Feud | None:
        """The active feud (not yet on the card) this match settles: each side of the match is
        drawn from one side of the feud (a team standing for its current members)."""
        if len(sides) != 2:
            return None
        first, second = ({w.pk for w in side} for side in sides)
        planned = {plan.feud.pk for plan in self.plans if plan.feud}
        for feud in self.feuds:
            if feud.pk in planned:
                continue
            ours, theirs = self._feud_members(feud)
            if (first <= ours and second <= theirs) or (first <= theirs and second <= ours):
                return feud
        return None

    def _feud_members(self, feud: Feud) -> tuple[set[int], set[int]]:
        members: tuple[set[int], set[int]] = (set(), set())
        for participant in feud.participants.all():
            if participant.wrestler_id:
                members[participant.side].add(participant.wrestler_id)
            else:
                # A wrestler or a team (feud_participant_is_wrestler_or_team).
                assert participant.team_id is not None
                members[participant.side].update(self.team_members.get(participant.team_id, ()))
        return members

    def _is_rematch(self, sides: Sequence[Sequence[Wrestler]]) -> bool:
        return bout_of(sides) in self.last_bouts

    def _title_rematch(self, sides: Sequence[Sequence[Wrestler]]) -> bool:
        """The same title bout within the last ``variety.title_rematch_shows`` shows (never on
        an event: the weeks before it build toward that very bout)."""
        if self.is_event:
            return False
        met = self.history.met(sides)
        return bool(met) and min(met) <= self.config.title_rematch_shows

    def _feud_note(self, feud: Feud | None) -> tuple[str, bool]:
        if feud is None:
            return "", False
        if self._is_blowoff(feud):
            return NOTE_TITLE_BLOWOFF.format(heat=feud.heat), True
        return NOTE_TITLE_FEUD.format(heat=feud.heat), False

    def _is_blowoff(self, feud: Feud) -> bool:
        """Its heat has reached the blowoff, or it has had its matches but the last; on an
        event always, and never on a weekly show building toward one."""
        if self.is_event:
            return True
        if self.coming_event is not None:
            return False
        played = self.history.feud_totals.get(feud.pk, 0)
        return feud.heat >= self.config.blowoff_heat or played + 1 >= self.config.feud_blowoff_after

    def _feud_resting(self, feud: Feud | None) -> int | None:
        """Shows back of the feud's last match when it is still resting from it, else None (an
        event's blowoffs rest for nothing)."""
        if feud is None or not self.config.feud_rest_shows or self.is_event:
            return None
        recent = [ago for ago in self.history.feud_matches.get(feud.pk, ()) if ago]
        if recent and min(recent) <= self.config.feud_rest_shows:
            return min(recent)
        return None

    def _title_stakes(self, title: Title, feud: Feud | None, blowoff: bool) -> int:
        stakes = self.config.stakes
        if title.rank <= 1:
            value = stakes["world_title"]
        else:
            value = stakes["title"] - stakes["title_rank_step"] * (title.rank - 2)
        if feud is not None:
            value += stakes["title_feud_bonus"] + (stakes["blowoff_bonus"] if blowoff else 0)
        return value

    # -- the card ------------------------------------------------------------------------------

    def plan(self) -> tuple[list[_Plan], list[str]]:
        titles = self.federation.titles.filter(is_active=True, introduced_on__lte=self.on).order_by(
            "rank", "name", "pk"
        )
        event = self.coming_event
        for title in titles if event is None else ():
            reign = self.reigns.get(title.pk)
            if title.division == Division.TAG:
                self._tag_title(title, reign)
            else:
                self._singles_title(title, reign)
        if event is not None:
            when = in_words(event.scheduled_at, self.federation)
            self.skipped += [
                SAVED_FOR_EVENT.format(title=title, event=event.name, when=when) for title in titles
            ]
        self._feud_matches()
        # The men over the rest line the card's empty places need come back before the
        # undercard is paired; more only when the pairing still leaves a place empty.
        if self.resting and self._short():
            self._recall(self._short())
        self._undercard()
        while not self.full and self.resting:
            self._recall(max(1, self._short()))
            self._undercard()
        # (One called back to fill the card but not paired still rests.)
        rests = [self._rest_reason(w) for w in self.over_the_line if w.pk not in self.used]
        return self.plans, rests + self.skipped

    def _short(self) -> int:
        """How many more men the card's empty places need than are free to fill them."""
        free = sum(1 for w in self.by_prestige if w.pk not in self.used)
        places = self.card_size - self.booked_before - len(self.plans)
        return max(0, 2 * places - free)

    def _recall(self, count: int) -> None:
        """Bring back ``count`` of the men resting, the fewest points first: resting never
        leaves empty a place on the card that they could fill."""
        back = sorted(self.resting, key=lambda w: (self.carried[w.pk], -w.prestige, w.pk))[:count]
        for wrestler in back:
            self.resting.remove(wrestler)
            self.available[wrestler.pk] = wrestler
        self.by_prestige = sorted(
            [*self.by_prestige, *back], key=lambda w: (-w.prestige, w.ring_name, w.pk)
        )
        self.recalled.update(w.pk for w in back)

    def _singles_title(self, title: Title, reign: TitleReign | None) -> None:
        if reign is None:
            self._vacant_singles(title)
            return
        champion = reign.holder_wrestler
        assert champion is not None  # a singles title's reigns are a wrestler's (_check_holder)
        if champion.pk not in self.available or champion.pk in self.used:
            reasons = " ".join(self._problems(champion)) or f"{champion} is unavailable."
            self.skipped.append(CHAMPION_OUT.format(title=title, reasons=reasons))
            return
        if not self._carded(champion, title):
            reasons = NO_CARD.format(wrestler=champion, system=self._title_system(title))
            self.skipped.append(CHAMPION_OUT.format(title=title, reasons=reasons))
            return
        passed: list[Wrestler] = []
        # A champion's tag partner or stablemate challenges him only over a feud (they have
        # split), or when nobody else is free.
        partners: list[Wrestler] = []
        chosen: tuple[Wrestler, Feud | None, str] | None = None
        for challenger in self.by_contention:
            if challenger.pk in self.used or challenger.pk in self.reserved:
                continue
            if not self._carded(challenger, title):
                continue
            sides = [[champion], [challenger]]
            feud = self._feud_between(sides)
            if (self._title_rematch(sides) and feud is None) or self._feud_resting(feud):
                passed.append(challenger)
                continue
            if feud is None and self._partners(champion, challenger):
                partners.append(challenger)
                continue
            names = ", ".join(w.ring_name for w in partners)
            chosen = (challenger, feud, NOTE_PARTNERS_PASSED.format(names=names) if names else "")
            break
        if chosen is None and partners:
            chosen = (
                partners[0],
                None,
                NOTE_ONLY_PARTNER.format(his=pronouns(champion.pronouns).possessive),
            )
        if chosen is None:
            self._no_challenger(title, champion, [w.ring_name for w in passed])
            return
        challenger, feud, extra = chosen
        note = NOTE_TITLE.format(
            title=title, champion=champion, challenger=challenger, score=self.score[challenger.pk]
        )
        sides = [[champion], [challenger]]
        passed_names = [w.ring_name for w in passed]
        self._defense(title, sides, MatchType.SINGLES, note + extra, passed_names, feud)

    def _partners(self, a: Wrestler, b: Wrestler) -> bool:
        """Whether ``a`` and ``b`` are in one tag team or stable now (when the weights ask to
        keep partners apart: ``avoid_teammates``)."""
        if not self.config.avoid_teammates:
            return False
        return bool(self.teammates.get(a.pk, set()) & self.teammates.get(b.pk, set()))

    def _defense(
        self,
        title: Title,
        sides: list[list[Wrestler]],
        match_type: str,
        note: str,
        passed: list[str],
        feud: Feud | None,
    ) -> None:
        """Plan a title defense; ``passed`` names the contenders skipped as last week's bouts."""
        if passed:
            note += _passed_note(passed)
        self._title_match(title, sides, match_type, note, feud, what=f"{title} defense")

    def _title_match(
        self,
        title: Title,
        sides: list[list[Wrestler]],
        match_type: str,
        note: str,
        feud: Feud | None,
        *,
        what: str,
    ) -> None:
        """Plan a match for a title, a defense or for the vacant belt."""
        extra, blowoff = self._feud_note(feud)
        system = self._title_system(title)
        if system is not None and system != self.system:
            extra += NOTE_UNDER.format(system=registry.systems[system].title)
        plan = _Plan(
            sides=sides,
            match_type=match_type,
            note=note + extra,
            stakes=self._title_stakes(title, feud, blowoff),
            strength=self._strength(sides),
            priority=len(self.plans),
            title=title,
            feud=feud,
            blowoff=blowoff,
            rule_system=system,
        )
        self._add(plan, what=what)

    def _no_challenger(self, title: Title, champion, passed: list[str]) -> None:
        if passed:
            message = NO_CHALLENGER_BUT_REMATCH.format(
                title=title, champion=champion, names=" and ".join(passed)
            )
        else:
            message = NO_CHALLENGER.format(title=title, champion=champion)
        self.skipped.append(message)

    def _crowned_by_tournament(self, title: Title) -> bool:
        """A vacant title a tournament will crown gets no match of its own (the reason said)."""
        tournament = self.tournament_titles.get(title.pk)
        if tournament is not None:
            self.skipped.append(TITLE_TOURNAMENT.format(title=title, tournament=tournament))
        return tournament is not None

    def _vacant_singles(self, title: Title) -> None:
        if self._crowned_by_tournament(title):
            return
        free = [
            w
            for w in self.by_contention
            if w.pk not in self.used and w.pk not in self.reserved and self._carded(w, title)
        ]
        for index, first in enumerate(free):
            for second in free[index + 1 :]:
                sides = [[first], [second]]
                feud = self._feud_between(sides)
                if (self._title_rematch(sides) and feud is None) or self._feud_resting(feud):
                    continue
                note = NOTE_VACANT.format(title=title, a=first, b=second)
                self._title_match(
                    title, sides, MatchType.SINGLES, note, feud, what=f"{title} (vacant)"
                )
                return
        self.skipped.append(NO_VACANT_CONTENDERS.format(title=title))

    def _team_score(self, contender: TeamContender) -> int:
        return contender.prestige + self.team_results.get(contender.team.pk, 0)

    def _challenger_teams(
        self, exclude_team: int | None, title: Title
    ) -> list[tuple[TeamContender, list]]:
        found = []
        for contender in self.teams.values():
            if contender.team.pk == exclude_team or contender.team.kind != TeamKind.TAG_TEAM:
                continue
            members = [
                w
                for w in contender.members
                if w.pk not in self.used and w.pk not in self.reserved and self._carded(w, title)
            ]
            if len(members) >= 2:
                found.append((contender, members[:2]))
        found.sort(
            key=lambda item: (-self._team_score(item[0]), item[0].team.name, item[0].team.pk)
        )
        return found

    def _tag_title(self, title: Title, reign: TitleReign | None) -> None:
        if reign is None:
            self._vacant_tag(title)
            return
        team = reign.holder_team
        assert team is not None  # a tag title's reigns are a team's (_check_holder)
        champions = [w for w in self._free_members(team.pk) if self._carded(w, title)][:2]
        if len(champions) < 2:
            # (Each reason once: a wrestler may be named by more than one membership.)
            problems = list(
                dict.fromkeys(p for w in team.members_on(self.on) for p in self._problems(w))
            )
            self.skipped.append(
                CHAMPION_TEAM_SHORT.format(title=title, team=team, reasons=" ".join(problems))
            )
            return
        passed: list[str] = []
        for contender, members in self._challenger_teams(exclude_team=team.pk, title=title):
            sides = [champions, members]
            feud = self._feud_between(sides)
            if (self._title_rematch(sides) and feud is None) or self._feud_resting(feud):
                passed.append(contender.team.name)
                continue
            note = NOTE_TAG_TITLE.format(
                title=title,
                champion=team,
                challenger=contender.team,
                score=self._team_score(contender),
            )
            self._defense(title, sides, MatchType.TAG, note, passed, feud)
            return
        self._no_challenger(title, team, passed)

    def _vacant_tag(self, title: Title) -> None:
        if self._crowned_by_tournament(title):
            return
        teams = self._challenger_teams(exclude_team=None, title=title)
        for index, (first, first_members) in enumerate(teams):
            for second, second_members in teams[index + 1 :]:
                if {w.pk for w in first_members} & {w.pk for w in second_members}:
                    continue
                sides = [first_members, second_members]
                feud = self._feud_between(sides)
                if (self._title_rematch(sides) and feud is None) or self._feud_resting(feud):
                    continue
                note = NOTE_VACANT.format(title=title, a=first.team, b=second.team)
                self._title_match(title, sides, MatchType.TAG, note, feud, what=f"{title} (vacant)")
                return
        self.skipped.append(NO_VACANT_CONTENDERS.format(title=title))

    def _feud_matches(self) -> None:
        booked = 0
        for feud in self.feuds:
            if any(plan.feud and plan.feud.pk == feud.pk for plan in self.plans):
                continue
            if feud.heat < self.config.feud_min_heat:
                self.skipped.append(FEUD_TOO_COLD.format(feud=feud, heat=feud.heat))
                continue
            resting = self._feud_resting(feud)
            if resting:
                self.skipped.append(FEUD_RESTING.format(feud=feud, ago=_shows_ago(resting)))
                continue
            roll = 0.0 if self.is_event else self.rng.random()  # (an event blows them all off)
            if roll >= self.config.feud_match_chance.get(feud.status, 0.0):
                self.skipped.append(
                    FEUD_PASSED.format(feud=feud, status=feud.get_status_display().lower())
                )
                continue
            if booked >= self.config.feud_max_per_show * (2 if self.is_event else 1):
                self.skipped.append(FEUD_LIMIT.format(feud=feud, count=booked))
                continue
            sides, problems = self._feud_lineup(feud)
            if problems:
                self.skipped.append(FEUD_UNAVAILABLE.format(feud=feud, reasons=" ".join(problems)))
                continue
            shape = "/".join(str(len(side)) for side in sides)
            if len(sides[0]) != len(sides[1]) or len(sides[0]) not in TAG_SHAPES:
                self.skipped.append(FEUD_UNEVEN.format(feud=feud, shape=shape))
                continue
            match_type = TAG_SHAPES[len(sides[0])]
            if match_type not in self.match_types:
                self.skipped.append(
                    FEUD_NO_MATCH_TYPE.format(feud=feud, system=self.system, match_type=match_type)
                )
                continue
            blowoff = self._is_blowoff(feud)
            template = NOTE_BLOWOFF if blowoff else NOTE_FEUD
            if self.is_event:
                template = NOTE_EVENT_BLOWOFF
            elif self.coming_event is not None:
                template = NOTE_FEUD_BUILDS
            stakes = self.config.stakes
            plan = _Plan(
                sides=sides,
                match_type=match_type,
                note=template.format(
                    a=self._side_name(feud, 0, sides[0]),
                    b=self._side_name(feud, 1, sides[1]),
                    feud=feud,
                    heat=feud.heat,
                    event=self.coming_event.name if self.coming_event else "",
                ),
                stakes=stakes["feud_base"]
                + stakes["feud_per_heat"] * feud.heat
                + (stakes["blowoff_bonus"] if blowoff else 0),
                strength=self._strength(sides),
                priority=len(self.plans),
                feud=feud,
                blowoff=blowoff,
            )
            if self._add(plan, what=f"Feud {feud}"):
                booked += 1

    def _feud_lineup(self, feud: Feud) -> tuple[list[list[Wrestler]], list[str]]:
        sides: list[list[Wrestler]] = [[], []]
        problems: list[str] = []
        for participant in feud.participants.all():
            wrestler = participant.wrestler
            if wrestler is not None:
                trouble = self._problems(wrestler)
                problems += trouble
                sides[participant.side].append(wrestler)
                continue
            # A wrestler or a team (feud_participant_is_wrestler_or_team).
            assert participant.team_id is not None
            members = self._free_members(participant.team_id)[:2]
            if len(members) < 2:
                team = participant.team
                assert team is not None
                trouble = [p for w in team.members_on(self.on) for p in self._problems(w)]
                problems.append(f"{team} cannot field two wrestlers.")
                problems += trouble
            sides[participant.side].extend(members)
        return sides, list(dict.fromkeys(problems))  # each reason once

    @staticmethod
    def _side_name(feud: Feud, side: int, wrestlers: Sequence[Wrestler]) -> str:
        teams = [p.team for p in feud.participants.all() if p.side == side and p.team_id]
        return " & ".join(str(t) for t in teams) if teams else _names(wrestlers)

    def _undercard(self) -> None:
        """The wrestlers left, in pairs: new signings who have never wrestled here first, then
        those who have waited longest for a match (idle for ``variety.idle_shows`` or more), each
        against the free wrestler closest in Prestige
        whom he has not met in the last ``variety.rematch_shows`` shows (and not a teammate)."""
        history = self.history
        free = [w for w in self.by_prestige if w.pk not in self.used]
        order = sorted(
            free,
            key=lambda w: (
                w.pk in history.ever_worked or not history.ever_worked,  # new signings first
                -history.idle(w.pk),
                -w.prestige,
                w.ring_name,
                w.pk,
            ),
        )
        while not self.full and len(free) >= 2:
            first = next(w for w in order if w in free)
            free.remove(first)
            options = [w for w in free if not self._is_rematch([[first], [w]])]
            if self.config.avoid_teammates:
                apart = [
                    w
                    for w in options
                    if not self.teammates.get(first.pk, set()) & self.teammates.get(w.pk, set())
                ]
                options = apart or options
            if not options:
                continue
            fresh = [w for w in options if not self._met_recently(first, w)]
            pool = (
                fresh or sorted(options, key=lambda w: -min(history.met([[first], [w]]) or [0]))[:1]
            )
            second = min(pool, key=lambda w: (abs(w.prestige - first.prestige), -w.prestige, w.pk))
            free.remove(second)
            sides = [[first], [second]]
            note = NOTE_UNDERCARD.format(a=first, pa=first.prestige, b=second, pb=second.prestige)
            idle = [w for w in (first, second) if history.idle(w.pk) >= self.config.idle_shows]
            waited = [w for w in idle if w.pk in history.ever_worked]
            debuts = [w for w in idle if w.pk not in history.ever_worked]
            if waited:
                # Each for as long as he waited ("A and B ... for 2 weeks", or "A ... for 3
                # weeks and B for 2 weeks").
                spans = [_shows_count(history.idle(w.pk), history.shows) for w in waited]
                if len(set(spans)) == 1:
                    names, shows = " and ".join(w.ring_name for w in waited), spans[0]
                else:
                    names = waited[0].ring_name
                    shows = f"{spans[0]} and {waited[1].ring_name} for {spans[1]}"
                note += NOTE_IDLE.format(names=names, shows=shows)
            if debuts:
                note += NOTE_DEBUT.format(
                    names=" and ".join(w.ring_name for w in debuts),
                    have="have" if len(debuts) > 1 else "has",
                )
            if not fresh:
                note += NOTE_MET_BEFORE.format(ago=_shows_ago(min(history.met(sides))))
            recalled = frozenset(w.pk for w in (first, second) if w.pk in self.recalled)
            note += "".join(
                NOTE_RECALLED.format(
                    wrestler=w, points=self.carried[w.pk], line=self.config.rest_arm_points
                )
                for w in (first, second)
                if w.pk in recalled
            )
            self._add(
                _Plan(
                    sides=sides,
                    match_type=MatchType.SINGLES,
                    note=note,
                    stakes=self.config.stakes["undercard"],
                    strength=self._strength(sides),
                    priority=len(self.plans),
                    lead=LEAD_UNDERCARD,
                    recalled=recalled,
                ),
                what="Undercard",
            )

    def _met_recently(self, a: Wrestler, b: Wrestler) -> bool:
        met = self.history.met([[a], [b]])
        return bool(met) and min(met) <= self.config.rematch_shows


def coming_event(show: Show) -> Show | None:
    """The special event a weekly show builds toward: the federation's next event (not run,
    not cancelled) within ``EVENT_BUILD_WEEKS`` after it; None for an event itself."""
    if show.kind == ShowKind.SPECIAL:
        return None
    return (
        show.federation.shows.filter(
            kind=ShowKind.SPECIAL,
            scheduled_at__gt=show.scheduled_at,
            scheduled_at__lte=show.scheduled_at + dt.timedelta(weeks=EVENT_BUILD_WEEKS),
        )
        .exclude(status__in=CLOSED_STATUSES)
        .order_by("scheduled_at", "number")
        .first()
    )


def arm_points_carried(wrestler_ids: Collection[int], on: dt.date) -> dict[int, int]:
    """The open ARM injury points each wrestler would carry into a show on ``on`` were he on its
    card, all his body parts together: the roster's unhealed points less the weeks he took off
    that ended by then, the week ending that day worked (``promotion.healing``: the figure the
    show's preparation hands the engine). A wrestler with none has no entry."""
    points = list(
        Injury.objects.active_on(on)
        .filter(wrestler_id__in=list(wrestler_ids), points__isnull=False, healed_on__isnull=True)
        .order_by("occurred_on", "pk")
    )
    if not points:
        return {}
    hurt = {injury.wrestler_id for injury in points}
    since = min(injury.healing_counted_to or injury.occurred_on for injury in points)
    found = worked_days(hurt, since, on)
    worked = {wrestler_id: {*found.get(wrestler_id, ()), on} for wrestler_id in hurt}
    heal_roster(points, stamina=arm_stamina(hurt), on=on, worked=worked)
    carried: dict[int, int] = {}
    for injury in points:
        if injury.healed_on is None and injury.points:
            carried[injury.wrestler_id] = carried.get(injury.wrestler_id, 0) + injury.points
    return carried


def _shows_ago(shows: int) -> str:
    return "last week" if shows == 1 else f"{shows} weeks ago"


def _shows_count(shows: int, window: int) -> str:
    if shows > window:
        return f"{window} weeks or more"
    return "a week" if shows == 1 else f"{shows} weeks"


def _nothing_booked(show: Show, system: str) -> str:
    """Why the auto-booker found no match: too few wrestlers who can work the night, or too few
    of them with a card for the federation's rule system."""
    able = Wrestler.objects.filter(federation=show.federation).available_on(show.date)
    count = able.count()
    carded = able.filter(cards__system=system).distinct().count()
    if count >= 2 and carded < 2:
        return NOTHING_BOOKED_NO_CARDS.format(
            show=show,
            able=f"{count} wrestlers",
            carded="none" if carded == 0 else "one",
            has="has" if carded == 1 else "have",
            system=registry.systems[system].title,
        )
    return NOTHING_BOOKED.format(show=show)


def card_order(plans: Sequence[_Plan], *, opener: str) -> list[_Plan]:
    """Opener first, then rising stakes, the main event (highest stakes) last."""
    if not plans:
        return []

    def weight(plan: _Plan):
        return (plan.stakes, plan.strength, -plan.priority)

    main = max(plans, key=weight)
    rest = sorted((p for p in plans if p is not main), key=weight)
    if rest and opener == "strongest_undercard":
        plain = [p for p in rest if p.title is None and p.feud is None]
        if plain:
            first = plain[-1]
            rest.remove(first)
            rest.insert(0, first)
    return [*rest, main]


def show_autobook(*, show: Show, config: BookingConfig | None = None) -> AutobookReport:
    """Book a full weekly card on an empty show, or refuse with every reason; all or nothing."""
    config = config or booking_config()
    with transaction.atomic():
        show = Show.objects.select_for_update().select_related("federation").get(pk=show.pk)
        if show.status in CLOSED_STATUSES:
            raise BookingError(
                [SHOW_HAS_RUN.format(show=show, status=show.get_status_display().lower())]
            )
        if show.matches.exists():
            raise BookingError([CARD_NOT_EMPTY.format(show=show)])
        system = show.federation.rule_system
        if system not in registry.systems:
            raise BookingError([NO_ENGINE.format(system=system)])
        # The tournaments' due rounds go on the card first, each match with its reason.
        rounds = tournaments_book_on(show=show)
        plans, skipped = _Booker(show, config).plan()
        if not plans and not rounds.matches:
            raise BookingError([*rounds.reasons, *skipped, _nothing_booked(show, system)])
        ordered = card_order(plans, opener=config.opener)
        # Nobody kept off cards is booked; one who wrestles through an injury may be, and his
        # match's note says so.
        hurt = open_injuries(
            wrestlers=[w for plan in ordered for side in plan.sides for w in side], on=show.date
        )
        matches = []
        before = len(rounds.matches)
        for position, plan in enumerate(ordered, start=1 + before):
            is_main = position == before + len(ordered)
            note = plan.card_note(is_main=is_main, card=ordered, hurt=hurt)
            matches.append(
                match_book(
                    show=show,
                    sides=plan.sides,
                    match_type=plan.match_type,
                    rule_system=plan.rule_system,
                    title=plan.title,
                    feud=plan.feud,
                    no_disqualification=plan.blowoff,
                    stipulations={"blowoff": True} if plan.blowoff else None,
                    position=position,
                    is_main_event=is_main,
                    note=_clip(note),
                )
            )
        return AutobookReport(
            matches=[*rounds.matches, *matches], skipped=[*rounds.reasons, *skipped]
        )


def _clip(note: str, limit: int | None = Match._meta.get_field("booking_note").max_length) -> str:
    """The note cut to the column's width (``None``: a field without one takes it whole)."""
    return note if limit is None or len(note) <= limit else note[: limit - 1] + "…"
