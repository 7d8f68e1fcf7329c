"""ARM injury points healing by the week, for the weeks a wrestler takes off.

The chapter: "The only way to heal injury is by taking time off. The wrestler gets to subtract
his STA bonus each week from his total Injuries; these healed Injuries are spread among all of
the Injured areas." Our reading (``docs/standings.md``): his weeks run from the day of his first
unhealed point (``Injury.healing_counted_to``), each the seven days after the last; a week heals
him only if he wrestled on none of its days (its last day included, so that in a weekly
federation each show he sits out is one week's healing); a week he wrestled in passes without
healing. The weeks that ended by a show's day are reckoned before it is wrestled: the show's
preparation hands the engine the points left after them, and its commit writes them, by this
same reckoning, so a man never wrestles carrying points a week off took away.

This module reads nothing of the shows: who wrestled on which days comes from the caller
(``worked``), the roster's domain importing nothing of matches.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Iterable, Mapping

from promotion.models import Injury
from promotion.standings import arm_sta_bonus
from rules.models import System, WrestlerCard

WEEK = dt.timedelta(days=7)
DAY = dt.timedelta(days=1)
#: ``(wrestler_ids, since, on)`` -> the days after ``since``, up to ``on``, each of them
#: wrestled on: his in-ring matches wrestled to a finish.
WorkedDays = Callable[[set[int], dt.date, dt.date], Mapping[int, Collection[dt.date]]]


def _left(injury: Injury) -> int:
    """An injury's ARM points left (of an injury that counts them)."""
    return injury.points or 0


def arm_stamina(wrestler_ids: Iterable[int]) -> dict[int, int]:
    """The STA of each wrestler by his ARM card; 10 for one without an ARM card."""
    stamina = dict.fromkeys(wrestler_ids, 10)
    if stamina:
        for card in WrestlerCard.objects.filter(wrestler_id__in=list(stamina), system=System.ARM):
            stamina[card.wrestler_id] = int((card.data.get("attributes") or {}).get("STA", 10))
    return stamina


def weekly_bonus(sta: int) -> int:
    """The points a week off heals (the STA bonus, at least 1)."""
    return max(1, arm_sta_bonus(sta))


def expected_back(clock: dt.date, left: int, bonus: int) -> dt.date:
    """The first day he may work healed, resting from ``clock`` on: the day after the week
    that takes his last point off (a show on that week's last day would be work in it)."""
    return clock + WEEK * -(-left // bonus) + DAY


def heal_weeks(
    injuries: list[Injury], *, bonus: int, on: dt.date, worked: Collection[dt.date]
) -> dt.date:
    """Heal one wrestler's ARM points (``injuries``, his rows with points, in memory) for the
    weeks that ended by ``on`` and he did not wrestle in (``worked``: the days he wrestled);
    returns the day his weeks are counted to. Rows not yet saved (this show's) have no weeks
    yet. Each healing week's points come off one at a time from the area with the most left,
    the oldest injury of it first (our reading of "spread"); a point taken on the day a week
    ends waits for the next. A row left with no points is healed on the last day of the week
    that took its last point off."""
    injuries.sort(key=lambda i: (i.occurred_on, i.pk is None, i.pk or 0))
    for injury in injuries:
        if injury.points == 0 and injury.healed_on is None:  # (none left, yet open)
            injury.healed_on = on
    old = [i for i in injuries if i.pk is not None and i.points]
    clock = min((i.healing_counted_to or i.occurred_on for i in old), default=on)
    while old and clock + WEEK <= on:
        start, clock = clock, clock + WEEK
        if any(start < day <= clock for day in worked):
            continue  # he wrestled in this week: no time off, no healing
        due = [i for i in old if i.points and i.occurred_on < clock]
        for _ in range(bonus):
            areas: dict[str, list[Injury]] = {}
            for injury in due:
                if injury.points:
                    areas.setdefault(injury.body_part, []).append(injury)
            if not areas:
                break
            most = max(areas.values(), key=lambda rows: sum(_left(r) for r in rows))
            most[0].points = _left(most[0]) - 1
        for injury in due:
            if injury.points == 0 and injury.healed_on is None:
                injury.healed_on = clock
        old = [i for i in old if i.points]
    return clock


def heal_roster(
    injuries: Iterable[Injury],
    *,
    stamina: Mapping[int, int],
    on: dt.date,
    worked: Mapping[int, Collection[dt.date]],
) -> list[Injury]:
    """Heal the ARM points of every wrestler among ``injuries`` (any rows: those without
    points, or not happened by ``on``, are left alone) by ``heal_weeks``, and set each unhealed
    point's ``healing_counted_to`` and ``expected_return`` (``expected_back``: his whole total,
    resting). Returns the saved rows it went over, to write back."""
    hurt: dict[int, list[Injury]] = {}
    for injury in injuries:
        if injury.points is not None and injury.occurred_on <= on:
            hurt.setdefault(injury.wrestler_id, []).append(injury)
    touched: list[Injury] = []
    for wrestler_id, rows in hurt.items():
        bonus = weekly_bonus(stamina.get(wrestler_id, 10))
        clock = heal_weeks(rows, bonus=bonus, on=on, worked=worked.get(wrestler_id, ()))
        left = sum(_left(i) for i in rows if i.healed_on is None)
        expected = expected_back(clock, left, bonus)
        for injury in rows:
            if injury.healed_on is None:
                injury.healing_counted_to = clock
                injury.expected_return = expected
            if injury.pk is not None:
                touched.append(injury)
    return touched


def healing_since(injuries: Iterable[Injury]) -> dt.date | None:
    """The earliest day any of these open ARM injuries counts its weeks from (the days worked
    after it are the ones ``heal_roster`` needs)."""
    days = [
        i.healing_counted_to or i.occurred_on
        for i in injuries
        if i.points is not None and i.healed_on is None
    ]
    return min(days, default=None)
