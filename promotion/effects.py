"""Applying a show's results to the roster: titles, injuries, standings, feuds, healing.

``RosterBook`` loads what a show can touch in a fixed number of queries, applies every match's
effects in memory, in card order, and writes them back in bulk: the number of queries does not
grow with the number of matches on the card. It is made when the show commits, under the roster's
lock (``promotion.db.lock_roster``), so it reads the roster as it stands then, desk writes made
while the engines wrestled included; nothing is written before ``flush``.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from promotion.choices import Method
from promotion.db import bulk_update_rows
from promotion.healing import WorkedDays, arm_stamina, heal_roster, healing_since
from promotion.models import (
    Division,
    Federation,
    Feud,
    FeudParticipant,
    FeudStatus,
    HeatDirection,
    Injury,
    InjurySource,
    ReignEnd,
    StandingChange,
    TitleReign,
    Wrestler,
    WrestlerStatus,
)
from promotion.records import RecordKeeper, side_how
from promotion.selectors import champion_ids
from promotion.standings import standings_table
from rules.arm.result import CROWD_PLAY
from rules.core.text import times

TITLE_CHANGING_METHODS = frozenset({"pin", "submission", "knockout", "elimination", "escape"})
DQ_METHODS = frozenset({"disqualification", "count_out"})
DQ_DRAWS = frozenset({"double_disqualification", "double_count_out"})
STANDING_ATTRIBUTES = frozenset({"fame", "prestige", "heat", "edge"})
#: A ledger row's reason at most (``StandingChange.reason``).
REASON_LENGTH = 240


ELIMINATION = "elimination"


def loss_method(method: str, effects: Mapping[str, Any] | None, key: str) -> str:
    """How one loser (participant key ``key``) of a match lost. In a match with eliminations (a
    battle royal), everyone thrown out before the end lost by elimination; the last one out,
    beaten in the final, lost by the match's own method."""
    order = (effects or {}).get("eliminations") or ()
    if not order or key == order[-1]:
        return method
    return ELIMINATION


@dataclass(frozen=True)
class Bout:
    """What the roster needs to know about one decided match.

    ``sides`` holds the wrestler ids in the ring per side; ``keys`` maps the engine's participant
    keys (wrestler slugs) to wrestler ids; ``effects`` is the engine's effects object as JSON.
    """

    match: Any
    sides: tuple[tuple[int, ...], ...]
    teams: tuple[int | None, ...]
    keys: Mapping[str, int]
    winner: int | None
    method: str
    title_id: int | None = None
    feud_id: int | None = None
    is_main_event: bool = False
    title_changes_on_dq: bool = False
    blowoff: bool = False
    effects: Mapping[str, Any] = field(default_factory=dict)

    @property
    def wrestler_ids(self) -> tuple[int, ...]:
        return tuple(w for side in self.sides for w in side)

    def sides_of(self, indexes: Iterable[int]) -> set[int]:
        return {w for index in indexes if index < len(self.sides) for w in self.sides[index]}

    def loss_method(self, wrestler_id: int) -> str:
        slugs = {pk: slug for slug, pk in self.keys.items()}
        return loss_method(self.method, self.effects, slugs.get(wrestler_id, ""))


def _told_with(reason: str, words: str) -> str:
    """``reason`` with ``words`` after it, the reason cut so that the whole fits a ledger row."""
    return f"{reason[: REASON_LENGTH - len(words)]}{words}"


def _finish_words(method: str) -> str:
    """A match's method as the promoter reads it: "pinfall", "count-out"."""
    return Method(method).label.lower() if method in Method.values else method.replace("_", " ")


def _day(on: dt.date) -> str:
    """A date as the pages write it: "Nov 6, 2026"."""
    return f"{on:%b} {on.day}, {on.year}"


class RosterBook:
    """The roster of one federation as one show changes it."""

    def __init__(
        self,
        *,
        federation: Federation,
        show: Any,
        on: dt.date,
        at: dt.datetime,
        injuries_before: frozenset[int] | None = None,
        worked_days: WorkedDays | None = None,
    ):
        """``injuries_before``: the open injuries as the show began (all of them when not
        given); one recorded after that, while the show was wrestled, does not count the show
        among the fight cards it keeps him off. ``worked_days(wrestler_ids, since, on)``: the
        days after ``since``, up to the show's, each wrestler wrestled on (the shows' side
        reads them: ``matches.simulation.worked_days``; nobody's when not given), asked of
        the wrestlers healing ARM points since their weeks began: a week he wrestled in heals
        nothing (``promotion.healing``). The wrestlers of the bouts applied wrestle on the
        show's day."""
        self.federation = federation
        self.injuries_before = injuries_before
        self.show = show
        self.on = on
        self.at = at
        self.rules = standings_table()
        self.wrestlers: dict[int, Wrestler] = {w.pk: w for w in federation.wrestlers.all()}
        self.open_reigns: dict[int, TitleReign] = {
            reign.title_id: reign
            for reign in TitleReign.objects.filter(
                title__federation=federation, ended_on__isnull=True
            )
            .select_related("title")
            .order_by()
        }
        self.last_number: dict[int, int] = {}
        self.reign_counts: Counter[tuple[int, str, int]] = Counter()
        for title_id, number, wrestler_id, team_id in (
            TitleReign.objects.filter(title__federation=federation)
            .order_by()
            .values_list("title_id", "number", "holder_wrestler_id", "holder_team_id")
        ):
            self.last_number[title_id] = max(number, self.last_number.get(title_id, 0))
            holder = ("wrestler", wrestler_id) if wrestler_id else ("team", team_id)
            self.reign_counts[(title_id, *holder)] += 1
        self.feuds: dict[int, Feud] = {
            feud.pk: feud
            for feud in federation.feuds.exclude(status=FeudStatus.ENDED)
            .order_by("pk")
            .prefetch_related("participants")
        }
        self.rivalries: set[frozenset] = {feud.sides_key() for feud in self.feuds.values()}
        self.feuding: set[tuple[str, int]] = {
            member for rivalry in self.rivalries for side in rivalry for member in side
        }
        self.new_feuds: list[tuple[Feud, tuple[frozenset[tuple[str, int]], ...]]] = []
        self.team_names: dict[int, str] = dict(federation.teams.values_list("pk", "name"))
        self.open_injuries: list[Injury] = list(
            Injury.objects.filter(wrestler__federation=federation, healed_on__isnull=True).order_by(
                "pk"
            )
        )
        self.arm_sta: dict[int, int] = self._arm_stamina()
        since = healing_since(self.open_injuries)
        self.worked: dict[int, set[dt.date]] = {}
        if worked_days is not None and since is not None:
            for wrestler_id, days in worked_days(set(self.arm_sta), since, on).items():
                self.worked[wrestler_id] = set(days)
        self.ledger: list[StandingChange] = []
        self.new_injuries: list[Injury] = []
        self.ended_reigns: list[TitleReign] = []
        self.new_reigns: list[TitleReign] = []
        self.defended: set[int] = set()
        self.touched: set[int] = set()
        self.touched_feuds: set[int] = set()
        self.featured_feuds: set[int] = set()
        self.healed: list[Injury] = []
        self.records = RecordKeeper(federation)  # won-lost-drawn, kept as each bout is applied

    def _arm_stamina(self, wrestler_ids=None) -> dict[int, int]:
        """STA of the wrestlers healing ARM injury points (their weekly recovery), or of
        ``wrestler_ids``; 10 for a wrestler without an ARM card."""
        if wrestler_ids is None:
            wrestler_ids = {i.wrestler_id for i in self.open_injuries if i.points is not None}
        return arm_stamina(wrestler_ids)

    def champion_ids(self) -> set[int]:
        """Wrestlers holding a title as the show begins (see ``selectors.champion_ids``)."""
        return champion_ids(
            federation=self.federation, on=self.on, reigns=list(self.open_reigns.values())
        )

    # -- standing ----------------------------------------------------------------------------
    def change(self, wrestler_id: int, attribute: str, delta: int, reason: str, match=None):
        """Move one standing and write its ledger row. Heat stays between 0 and the table's
        maximum; what a bound keeps from him is said in the row's reason, a row of no change
        when it keeps it all ("Played to the crowd once (Heat's cap is 10: 1 not gained)")."""
        wrestler = self.wrestlers[wrestler_id]
        before = getattr(wrestler, attribute)
        after = before + delta
        if attribute == "heat":
            most = self.rules["heat"]["maximum"]
            after = max(0, min(most, after))
            kept = abs(delta - (after - before))
            if kept and delta > 0:
                reason = _told_with(reason, f" (Heat's cap is {most}: {kept} not gained)")
            elif kept:
                reason = _told_with(reason, f" (Heat cannot go below 0: {kept} not lost)")
            if not delta:
                return
        elif attribute in ("fame", "edge"):
            after = max(0, after)
        if after == before and attribute != "heat":
            return
        setattr(wrestler, attribute, after)
        self.touched.add(wrestler_id)
        self.ledger.append(
            StandingChange(
                wrestler=wrestler,
                attribute=attribute,
                delta=after - before,
                value_after=after,
                reason=reason,
                match=match,
                show=self.show,
                created_at=self.at,
            )
        )

    def match_start(self, bout: Bout) -> None:
        """Edge is Fame // 100 at the start of each match."""
        for wrestler_id in bout.wrestler_ids:
            wrestler = self.wrestlers[wrestler_id]
            target = wrestler.fame // 100
            if wrestler.edge != target:
                self.change(
                    wrestler_id,
                    "edge",
                    target - wrestler.edge,
                    "Edge set to Fame // 100 at the start of the match",
                    bout.match,
                )

    # -- one match ---------------------------------------------------------------------------
    def apply(self, bout: Bout) -> None:
        rules = self.rules
        match = bout.match
        method = bout.method
        label = method.replace("_", " ")
        winners = set(bout.sides[bout.winner]) if bout.winner is not None else set()
        effects = bout.effects or {}
        cornered = bout.sides_of(effects.get("interference", ())) | bout.sides_of(
            effects.get("distractions", ())
        )
        # Entries of the standings table the system's own rules decided for this match (their
        # changes came in effects["standing"]): not applied twice.
        owned = frozenset(effects.get("supersedes", ()) or ())
        for wrestler_id in bout.wrestler_ids:
            self.worked.setdefault(wrestler_id, set()).add(self.on)  # (a week he worked in)
        self._record(bout)

        for wrestler_id in bout.wrestler_ids:
            won = wrestler_id in winners
            if bout.winner is None:
                self.change(
                    wrestler_id, "prestige", rules["prestige"]["draw"], f"Drew by {label}", match
                )
            elif won:
                points = rules["prestige"]["win"].get(method, 0)
                self.change(wrestler_id, "prestige", points, f"Won by {label}", match)
                if (
                    rules["prestige"]["engineered_penalty"]
                    and wrestler_id in cornered
                    and "prestige.engineered" not in owned
                ):
                    penalty = rules["prestige"]["loss"].get(method, 0)
                    self.change(
                        wrestler_id,
                        "prestige",
                        penalty,
                        "Engineered the win with help from ringside (ARM: counts as a loss)",
                        match,
                    )
            elif "prestige.loss" not in owned:
                lost_by = bout.loss_method(wrestler_id)
                points = rules["prestige"]["loss"].get(lost_by, 0)
                self.change(
                    wrestler_id,
                    "prestige",
                    points,
                    f"Lost by {lost_by.replace('_', ' ')}",
                    match,
                )
            if bout.is_main_event:
                self.change(
                    wrestler_id, "prestige", rules["prestige"]["main_event"], "Main event", match
                )
                self.change(wrestler_id, "fame", rules["fame"]["main_event"], "Main event", match)
            self.change(wrestler_id, "fame", rules["fame"]["appearance"], "Wrestled", match)
            if bout.winner is not None:
                fame = rules["fame"]["win"] if won else rules["fame"]["loss"]
                self.change(wrestler_id, "fame", fame, "Won" if won else "Lost", match)
            if wrestler_id in cornered and "heat.interference" not in owned:
                self.change(
                    wrestler_id,
                    "heat",
                    rules["heat"]["interference"],
                    "Help from ringside",
                    match,
                )

        for side, hits in enumerate(effects.get("finisher_hits", ()) or ()):
            if hits and side < len(bout.sides):
                for wrestler_id in bout.sides[side]:
                    self.change(
                        wrestler_id,
                        "fame",
                        rules["fame"]["finisher"] * hits,
                        f"Hit the finisher {times(hits)}",
                        match,
                    )

        for effect in effects.get("standing", ()) or ():
            keyed = bout.keys.get(effect.get("key"))
            if keyed is not None and effect.get("attribute") in STANDING_ATTRIBUTES:
                delta = int(effect.get("delta") or 0)
                reason = str(effect.get("reason") or "By the rules of the match")[:REASON_LENGTH]
                if (
                    effect["attribute"] == "heat"
                    and reason.startswith(CROWD_PLAY)
                    and self.wrestlers[keyed].heat_direction == HeatDirection.DOWN
                ):
                    # ARM: "increases the attacker's Heat (in whichever direction he prefers)
                    # by 1": he worked the crowd against his reaction to him.
                    delta = -delta
                    reason = _told_with(reason, ", against the crowd's reaction to him")
                self.change(keyed, effect["attribute"], delta, reason, match)

        changed_hands = False
        if bout.title_id is not None:
            changed_hands = self._apply_title(bout, match)
        if bout.feud_id is not None:
            self._apply_feud(bout, match, cornered)
        else:
            self._spark_feud(bout, cornered, changed_hands)
        self._apply_injuries(bout, match)

    def _record(self, bout: Bout) -> None:
        """Each wrestler's record (his own finish), and each tag team's once for its side."""
        for index, side in enumerate(bout.sides):
            won = None if bout.winner is None else index == bout.winner
            hows = [bout.method if won is not False else bout.loss_method(w) for w in side]
            for wrestler_id, how in zip(side, hows, strict=True):
                self.records.add(("wrestler", wrestler_id), won, how)
            team_id = bout.teams[index] if index < len(bout.teams) else None
            if team_id is not None:
                self.records.add(("team", team_id), won, side_how(bout.method, won, hows))

    def _apply_title(self, bout: Bout, match) -> bool:
        """Defenses and title changes; True when the title changed hands."""
        assert bout.title_id is not None  # asked only of a title match
        rules = self.rules
        reign = self.open_reigns.get(bout.title_id)
        title = reign.title if reign is not None else match.title
        champion_side = None
        if reign is not None:
            for index, side in enumerate(bout.sides):
                holders = (
                    {reign.holder_wrestler_id}
                    if reign.holder_wrestler_id
                    else {reign.holder_team_id}
                )
                ids = set(side) if reign.holder_wrestler_id else {bout.teams[index]}
                if holders & ids:
                    champion_side = index
        for index, side in enumerate(bout.sides):
            if index != champion_side:
                for wrestler_id in side:
                    self.change(
                        wrestler_id,
                        "prestige",
                        rules["prestige"]["title_challenge"],
                        f"Challenged for the {title}",
                        match,
                    )
        if bout.winner is None:
            return False
        changes_hands = bout.method in TITLE_CHANGING_METHODS or (
            bout.title_changes_on_dq and bout.method in DQ_METHODS
        )
        if reign is not None and bout.winner == champion_side:  # (a champion side has a reign)
            reign.defenses += 1
            self.defended.add(reign.pk)
            for wrestler_id in bout.sides[bout.winner]:
                self.change(
                    wrestler_id,
                    "prestige",
                    rules["prestige"]["title_defended"],
                    f"Retained the {title}",
                    match,
                )
            return False
        if not changes_hands:
            return False
        if any(self.wrestlers[w].status == WrestlerStatus.RETIRED for w in bout.sides[bout.winner]):
            return False  # retired at the desk while the show ran: he is crowned nothing
        if reign is not None:
            self._end_reign(reign, ReignEnd.LOST, ended_at=match)
        if title.division == Division.TAG:
            team_id = bout.teams[bout.winner]
            if team_id is None:
                return False  # booking requires teams for tag titles; nothing to crown otherwise
            holder = {"holder_team_id": team_id}
            count_key = (title.pk, "team", team_id)
        else:
            wrestler_id = bout.sides[bout.winner][0]
            holder = {"holder_wrestler_id": wrestler_id}
            count_key = (title.pk, "wrestler", wrestler_id)
        self.reign_counts[count_key] += 1
        self.last_number[title.pk] = self.last_number.get(title.pk, 0) + 1
        new = TitleReign(
            title=title,
            number=self.last_number[title.pk],
            holder_reign_number=self.reign_counts[count_key],
            won_on=self.on,
            won_at=match,
            **holder,
        )
        self.new_reigns.append(new)
        self.open_reigns[title.pk] = new
        for wrestler_id in bout.sides[bout.winner]:
            self.change(
                wrestler_id, "prestige", rules["prestige"]["title_won"], f"Won the {title}", match
            )
            self.change(wrestler_id, "fame", rules["fame"]["title_won"], f"Won the {title}", match)
            self.change(wrestler_id, "heat", rules["heat"]["title_won"], f"Won the {title}", match)
        return True

    def _end_reign(self, reign: TitleReign, reason: str, ended_at=None) -> None:
        reign.ended_on = self.on
        reign.end_reason = reason
        reign.ended_at = ended_at
        self.open_reigns.pop(reign.title_id, None)
        if reign.pk is None:  # won and lost on one show cannot happen: one appearance a show
            return
        self.ended_reigns.append(reign)

    def _apply_feud(self, bout: Bout, match, cornered: set[int]) -> None:
        assert bout.feud_id is not None  # asked only of a match in a feud
        feud = self.feuds.get(bout.feud_id)
        if feud is None or feud.started_on > self.on:
            return  # ended, or not begun by this show's date: it cannot heat up, nor end, yet
        rules = self.rules
        effects = bout.effects or {}
        self.featured_feuds.add(feud.pk)
        heat = rules["feuds"]["feud_match"]
        for wrestler_id in bout.wrestler_ids:
            self.change(
                wrestler_id, "heat", rules["heat"]["feud_match"], f"Feud match: {feud}", match
            )
        if effects.get("feud_brawl"):
            heat += rules["feuds"]["brawl"]
            for wrestler_id in bout.wrestler_ids:
                self.change(
                    wrestler_id,
                    "heat",
                    rules["heat"]["feud_brawl"],
                    "Brawled after the bell",
                    match,
                )
        if cornered:
            heat += rules["feuds"]["interference"]
        self._feud_heat(feud, heat)
        if bout.blowoff and bout.winner is not None:
            feud.status = FeudStatus.ENDED
            feud.ended_on = self.on
            self.touched_feuds.add(feud.pk)

    def _spark_feud(self, bout: Bout, cornered: set[int], changed_hands: bool) -> None:
        """A dirty or disputed finish between two sides not feuding yet starts a feud, unless
        one of them is in a feud already."""
        if len(bout.sides) != 2 or (bout.winner is None and bout.method not in DQ_DRAWS):
            return
        sparks = self.rules["feuds"]["sparks"]
        heat = max(
            sparks.get(bout.method, 0),
            sparks.get("interference", 0) if cornered else 0,
            sparks.get("title_change", 0) if changed_hands else 0,
        )
        if not heat:
            return
        sides = tuple(
            frozenset([("team", team)])
            if team is not None
            else frozenset(("wrestler", w) for w in wrestlers)
            for wrestlers, team in zip(bout.sides, bout.teams, strict=True)
        )
        if frozenset(sides) in self.rivalries or any(
            member in self.feuding for side in sides for member in side
        ):
            return  # one rivalry at a time: a wrestler already feuding is not drawn into another
        self.rivalries.add(frozenset(sides))
        self.feuding.update(member for side in sides for member in side)
        names = [self._side_name(side) for side in sides]
        feud = Feud(
            federation=self.federation,
            name=Feud.name_of(names),
            description=f"Sparked by a {_finish_words(bout.method)} finish on {_day(self.on)}.",
            started_on=self.on,
            heat=heat,
            status=FeudStatus.HOT if heat >= self.rules["feuds"]["hot_at"] else FeudStatus.BUILDING,
        )
        self.new_feuds.append((feud, sides))

    def _side_name(self, side: frozenset) -> str:
        names = []
        for kind, pk in sorted(side):
            if kind == "wrestler":
                names.append(self.wrestlers[pk].ring_name)
            else:
                names.append(self.team_names[pk])
        return " & ".join(names)

    def _feud_heat(self, feud: Feud, delta: int) -> None:
        feud.heat = max(0, min(10, feud.heat + delta))
        if feud.heat == 0:
            feud.status, feud.ended_on = FeudStatus.ENDED, self.on
        elif delta < 0:
            feud.status = FeudStatus.COOLING
        elif feud.heat >= self.rules["feuds"]["hot_at"]:
            feud.status = FeudStatus.HOT
        else:
            feud.status = FeudStatus.BUILDING
        self.touched_feuds.add(feud.pk)

    def _apply_injuries(self, bout: Bout, match) -> None:
        days = self.rules["injuries"]["days_per_fight_card"]
        for effect in (bout.effects or {}).get("injuries", ()):
            wrestler_id = bout.keys.get(effect["key"])
            if wrestler_id is None:
                continue
            cards = effect.get("fight_cards")
            points = effect.get("points")
            keeps_off = effect.get("keeps_off_cards", cards is None)
            if cards is not None:
                expected = self.on + dt.timedelta(days=days * cards)
            elif points is not None:
                if wrestler_id not in self.arm_sta:  # hurt on this show: his STA is not read yet
                    self.arm_sta.update(self._arm_stamina({wrestler_id}))
                expected = None  # (``_heal_arm_points``: from all his points, once healed)
            else:
                expected = None
            injury = Injury(
                wrestler_id=wrestler_id,
                occurred_on=self.on,
                match=match,
                source=effect.get("source") or InjurySource.MATCH,
                body_part=effect.get("body_part", ""),
                points=points,
                fight_cards_remaining=cards,
                keeps_off_cards=keeps_off,
                expected_return=expected,
                description=effect.get("description", "")[:240],
            )
            self.new_injuries.append(injury)
            wrestler = self.wrestlers[wrestler_id]
            if keeps_off and wrestler.status == WrestlerStatus.ACTIVE:
                # (one retired or suspended at the desk while the show ran stays so)
                wrestler.status = WrestlerStatus.INJURED
                self.touched.add(wrestler_id)

    # -- between weeks -----------------------------------------------------------------------
    def end_of_show(self) -> None:
        """Heal (one fight card per show; ARM points by the STA bonus), return the healed,
        lift expired suspensions, cool the feuds kept apart, vacate titles as the federation's
        setting says."""
        for injury in self.open_injuries:
            if injury.occurred_on > self.on or injury.points is not None:
                continue  # (ARM points heal by the week, the wrestler's together: below)
            if self.injuries_before is not None and injury.pk not in self.injuries_before:
                continue  # recorded while the show was wrestled: not a show he missed
            if injury.fight_cards_remaining is not None:
                injury.fight_cards_remaining = max(0, injury.fight_cards_remaining - 1)
                healed = injury.fight_cards_remaining == 0
            else:
                healed = injury.expected_return is not None and injury.expected_return <= self.on
            if healed:
                injury.healed_on = self.on
            self.healed.append(injury)
        self._heal_arm_points()
        still_out = {
            injury.wrestler_id
            for injury in [*self.open_injuries, *self.new_injuries]
            if injury.healed_on is None and injury.keeps_off_cards
        }
        for wrestler in self.wrestlers.values():
            if wrestler.status == WrestlerStatus.INJURED and wrestler.pk not in still_out:
                wrestler.status = WrestlerStatus.ACTIVE
                self.touched.add(wrestler.pk)
            elif (
                wrestler.status == WrestlerStatus.SUSPENDED
                and wrestler.suspended_until is not None
                and wrestler.suspended_until < self.on
            ):
                # (back from the suspension, still hurt if an injury keeps him off)
                still_hurt = wrestler.pk in still_out
                wrestler.status = WrestlerStatus.INJURED if still_hurt else WrestlerStatus.ACTIVE
                wrestler.suspended_until = None
                self.touched.add(wrestler.pk)
        for feud in self.feuds.values():
            if feud.started_on > self.on:
                continue  # not begun by this show's date: nothing to cool, and it cannot end
            if feud.pk not in self.featured_feuds and feud.status != FeudStatus.ENDED:
                self._feud_heat(feud, -self.rules["feuds"]["cooling"])
        self._vacate_titles(still_out)

    def _heal_arm_points(self) -> None:
        """ARM injury points, wrestler by wrestler, for the weeks that ended by the show's day
        and that he took off (``promotion.healing``: "The only way to heal injury is by taking
        time off"; a week he wrestled in, this show's day included, heals nothing). The show's
        preparation reckoned the same weeks for the points it handed the engine. Then every
        unhealed point of his, this show's too, is expected back when his whole total is
        healed, resting (``expected_return``)."""
        self.healed.extend(
            heal_roster(
                [*self.open_injuries, *self.new_injuries],
                stamina=self.arm_sta,
                on=self.on,
                worked=self.worked,
            )
        )

    def _vacate_titles(self, still_out: set[int]) -> None:
        weeks = self.federation.vacate_injured_champion_after_weeks
        horizon = None if weeks is None else self.on + dt.timedelta(weeks=weeks)
        returns: dict[int, dt.date] = {}
        for injury in [*self.open_injuries, *self.new_injuries]:
            if injury.healed_on is None and injury.keeps_off_cards and injury.expected_return:
                current = returns.get(injury.wrestler_id)
                if current is None or injury.expected_return > current:
                    returns[injury.wrestler_id] = injury.expected_return
        for reign in list(self.open_reigns.values()):
            if reign.holder_wrestler_id is None or reign.pk is None:
                continue
            holder = self.wrestlers.get(reign.holder_wrestler_id)
            if holder is not None and holder.status == WrestlerStatus.RETIRED:
                self._end_reign(reign, ReignEnd.RETIRED)
            elif (
                horizon is not None
                and reign.holder_wrestler_id in still_out
                and returns.get(reign.holder_wrestler_id, self.on) > horizon
            ):
                self._end_reign(reign, ReignEnd.VACATED_INJURY)

    # -- write back --------------------------------------------------------------------------
    def flush(self) -> None:
        if self.touched:
            bulk_update_rows(
                [self.wrestlers[pk] for pk in sorted(self.touched)],
                ["fame", "prestige", "heat", "edge", "status", "suspended_until"],
            )
        StandingChange.objects.bulk_create(self.ledger)
        self.records.flush()
        if self.ended_reigns or self.defended:
            reigns = {r.pk: r for r in self.ended_reigns}
            for reign in self.open_reigns.values():
                if reign.pk in self.defended:
                    reigns[reign.pk] = reign
            bulk_update_rows(
                list(reigns.values()), ["ended_on", "ended_at", "end_reason", "defenses"]
            )
        TitleReign.objects.bulk_create(self.new_reigns)
        Injury.objects.bulk_create(self.new_injuries)
        if self.healed:
            bulk_update_rows(
                self.healed,
                [
                    "fight_cards_remaining",
                    "points",
                    "healed_on",
                    "healing_counted_to",
                    "expected_return",
                ],
            )
        if self.touched_feuds:
            bulk_update_rows(
                [self.feuds[pk] for pk in sorted(self.touched_feuds)],
                ["heat", "status", "ended_on"],
            )
        if self.new_feuds:
            feuds = Feud.objects.bulk_create([feud for feud, _ in self.new_feuds])
            FeudParticipant.objects.bulk_create(
                FeudParticipant(
                    feud=feud,
                    side=index,
                    wrestler_id=pk if kind == "wrestler" else None,
                    team_id=pk if kind == "team" else None,
                )
                for feud, (_, sides) in zip(feuds, self.new_feuds, strict=True)
                for index, side in enumerate(sides)
                for kind, pk in sorted(side)
            )
