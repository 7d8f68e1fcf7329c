"""Shows wrestled under ARM, in process: the engine's standing changes and injuries reach the
roster and its ledger, each with its reason, counted once; injuries heal by the STA bonus; a
season keeps every invariant."""

from __future__ import annotations

import datetime as dt
import io
from collections import Counter

import pytest
from django.core.management import call_command
from django.db.models import Sum
from django.utils import timezone

from matches.booking import match_book, show_create, show_schedule
from matches.checks import federation_check
from matches.models import Match, ShowStatus
from matches.simulation import show_simulate, show_specs
from promotion.effects import RosterBook
from promotion.models import Federation, Injury, InjurySource, StandingChange, WrestlerStatus
from rules.arm.result import SUPERSEDES

pytestmark = pytest.mark.django_db


def arm_show(federation, *, seed, when=None, pairs=4, options=None):
    """A show of ARM singles matches down the roster, in a Filsinger federation."""
    show = show_create(federation=federation, scheduled_at=when, seed=seed)
    ready = [
        w for w in federation.wrestlers.order_by("-fame", "slug") if w.is_available_on(show.date)
    ]
    wrestlers = ready[: 2 * pairs]
    for a, b in zip(wrestlers[::2], wrestlers[1::2], strict=True):
        match_book(show=show, sides=[[a], [b]], rule_system="arm", rule_options=options)
    return show_schedule(show=show)


def test_an_arm_match_books_in_a_federation_of_another_system_without_its_options(copperline):
    copperline.rule_options = ["fatigue", "feud_table"]
    copperline.save()
    show = arm_show(copperline, seed=3, pairs=1)
    match = show.matches.get()
    assert (match.rule_system, match.rule_options) == ("arm", [])


def test_an_arm_show_moves_edge_prestige_and_heat_with_a_reason_each_counted_once(copperline):
    show = arm_show(copperline, seed=11)
    before = {w.pk: (w.fame, w.prestige, w.heat) for w in copperline.wrestlers.all()}
    assert show_simulate(show_id=show.pk).status == "completed"
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    spent = 0
    for match in Match.objects.filter(show=show).prefetch_related("participants__wrestler"):
        effects = match.effects
        assert effects["supersedes"] == list(SUPERSEDES)
        rows = list(StandingChange.objects.filter(match=match))
        slugs = {p.wrestler.slug: p.wrestler for p in match.participants.all()}
        for effect in effects.get("standing", ()):
            wrestler = slugs[effect["key"]]
            matching = [
                r for r in rows if r.wrestler_id == wrestler.pk and r.reason == effect["reason"]
            ]
            assert len(matching) == 1, effect  # applied once, with the engine's reason
            assert matching[0].attribute == effect["attribute"]
            if effect["attribute"] == "edge":
                spent += -effect["delta"]
        # The loser's penalty for losing came from the engine alone: one row, not two.
        if match.winner_side is not None:
            loser = [p.wrestler for p in match.participants.all() if p.side != match.winner_side]
            lost = [
                r
                for r in rows
                if r.wrestler_id == loser[0].pk
                and r.attribute == "prestige"
                and r.reason.startswith("Lost by")
            ]
            assert len(lost) == 1 and lost[0].delta in (-6, -3)
    assert spent > 0  # somebody spent Edge on this card
    for wrestler in copperline.wrestlers.all():
        for attribute in ("fame", "prestige", "heat", "edge"):
            total = wrestler.standing_changes.filter(attribute=attribute).aggregate(t=Sum("delta"))
            assert (total["t"] or 0) == getattr(wrestler, attribute)
    moved = [w for w in copperline.wrestlers.all() if (w.fame, w.prestige, w.heat) != before[w.pk]]
    assert len(moved) == 8
    assert federation_check(federation=copperline) == []


def test_edge_comes_from_the_rosters_fame_and_what_is_spent_comes_off_it(copperline):
    show = arm_show(copperline, seed=11)
    for _match, spec in show_specs(show=show):
        for participant in spec.participants:
            wrestler = copperline.wrestlers.get(slug=participant.key)
            assert participant.edge == wrestler.fame // 100
    copperline.wrestlers.filter(slug="mortimer-gale").update(fame=180)  # the sheet says 780
    show_simulate(show_id=show.pk)
    gale = copperline.wrestlers.get(slug="mortimer-gale")
    spent = StandingChange.objects.filter(
        wrestler=gale, show=show, attribute="edge", reason__startswith="Spent"
    ).aggregate(t=Sum("delta"))["t"]
    assert -(spent or 0) <= 1  # Fame 180: one Edge point to spend, not the sheet's seven
    assert gale.edge == 1 + (spent or 0)


def test_arm_injuries_are_recorded_by_body_part_and_keep_him_off_at_four_points(copperline):
    found = []
    for seed in range(1, 8):
        show = arm_show(copperline, seed=seed, when=timezone.now() + dt.timedelta(weeks=seed))
        show_simulate(show_id=show.pk)
        found = list(Injury.objects.filter(source=InjurySource.ARM_INJURY))
        if any(i.keeps_off_cards for i in found) and any(not i.keeps_off_cards for i in found):
            break
    assert found
    for injury in found:
        assert injury.body_part in ("head", "neck", "body", "back", "arm", "leg")
        points = int(injury.description.split()[0])  # "3 injury points to the arm"
        assert injury.keeps_off_cards == (points >= 4)
    off = [i for i in found if i.keeps_off_cards and i.healed_on is None]
    for injury in off:
        assert injury.wrestler.status == WrestlerStatus.INJURED
    assert federation_check(federation=copperline) == []


def hurt(wrestler, on, **points_by_part):
    """ARM injury points on a wrestler, a row a part, as a match leaves them."""
    rows = [
        Injury.objects.create(
            wrestler=wrestler,
            occurred_on=on,
            source=InjurySource.ARM_INJURY,
            body_part=part,
            points=points,
            keeps_off_cards=points >= 4,
            description=f"{points} injury points to the {part}",
        )
        for part, points in points_by_part.items()
    ]
    if any(row.keeps_off_cards for row in rows):
        wrestler.status = WrestlerStatus.INJURED
        wrestler.save()
    return rows


def show_ends_on(federation, day: dt.date, seed: int = 1):
    """The end of a show on ``day`` as the roster sees it: healing, returns."""
    show = show_create(
        federation=federation,
        scheduled_at=timezone.make_aware(dt.datetime(day.year, day.month, day.day, 20)),
        seed=seed,
    )
    book = RosterBook(federation=federation, show=show, on=show.date, at=show.scheduled_at)
    book.end_of_show()
    book.flush()


def points_left(rows):
    for row in rows:
        row.refresh_from_db()
    return [row.points for row in rows]


# Bastian Holloway: STA 15, a bonus of 3 a week (the standings table's band for STA 14-16).


def test_arm_injury_points_heal_by_the_sta_bonus_each_week(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    (arm,) = hurt(bastian, dt.date(2030, 1, 3), arm=5)
    for day, left in ((dt.date(2030, 1, 10), [2]), (dt.date(2030, 1, 17), [0])):
        show_ends_on(copperline, day)
        assert points_left([arm]) == left
    bastian.refresh_from_db()
    assert arm.healed_on == dt.date(2030, 1, 17) and bastian.status == WrestlerStatus.ACTIVE


def test_the_weeks_bonus_comes_off_his_total_spread_among_the_injured_areas(copperline):
    # "subtract his STA bonus each week from his total Injuries; these healed Injuries are
    # spread among all of the Injured areas": 12 points heal in four weeks, not in two.
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    rows = hurt(bastian, dt.date(2030, 1, 3), arm=4, leg=4, neck=4)
    for week, left in ((1, [3, 3, 3]), (2, [2, 2, 2]), (3, [1, 1, 1]), (4, [0, 0, 0])):
        bastian.refresh_from_db()
        assert bastian.status == WrestlerStatus.INJURED
        show_ends_on(copperline, dt.date(2030, 1, 3) + dt.timedelta(weeks=week))
        assert points_left(rows) == left
    bastian.refresh_from_db()
    assert bastian.status == WrestlerStatus.ACTIVE


def test_the_area_with_the_most_points_heals_first(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    rows = hurt(bastian, dt.date(2030, 1, 3), arm=1, leg=5)
    show_ends_on(copperline, dt.date(2030, 1, 10))
    assert points_left(rows) == [1, 2]
    show_ends_on(copperline, dt.date(2030, 1, 17))
    assert points_left(rows) == [0, 0]


def test_shows_on_following_days_heal_no_faster_than_one_week(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    (neck,) = hurt(bastian, dt.date(2030, 1, 3), neck=9)
    for day in (4, 5, 6, 9):
        show_ends_on(copperline, dt.date(2030, 1, day))
        assert points_left([neck]) == [9]
    show_ends_on(copperline, dt.date(2030, 1, 10))
    show_ends_on(copperline, dt.date(2030, 1, 11))
    assert points_left([neck]) == [6]
    assert neck.healing_counted_to == dt.date(2030, 1, 10)
    # His whole total is healed in two more weeks off, the last ending on Jan 24: he is
    # expected back the day after (a show on Jan 24 would be work in that week).
    assert neck.expected_return == dt.date(2030, 1, 25)


def test_weeks_without_a_show_are_caught_up_at_the_next(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    (neck,) = hurt(bastian, dt.date(2030, 1, 3), neck=9)
    show_ends_on(copperline, dt.date(2030, 1, 18))  # two weeks and a day later
    assert points_left([neck]) == [3]
    assert neck.healing_counted_to == dt.date(2030, 1, 17)
    show_ends_on(copperline, dt.date(2030, 1, 31))
    assert points_left([neck]) == [0] and neck.healed_on == dt.date(2030, 1, 24)


def test_a_later_injury_joins_his_weeks_and_waits_for_the_next_one(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    (arm,) = hurt(bastian, dt.date(2030, 1, 3), arm=2)
    (leg,) = hurt(bastian, dt.date(2030, 1, 10), leg=4)  # on the day his first week ends
    show_ends_on(copperline, dt.date(2030, 1, 10))
    assert points_left([arm, leg]) == [0, 4]  # the week's 3 points: only 2 were his yet
    assert arm.healed_on == dt.date(2030, 1, 10)
    show_ends_on(copperline, dt.date(2030, 1, 17))
    assert points_left([leg]) == [1]


def test_a_new_arm_injury_is_expected_back_when_all_his_points_are_healed(copperline):
    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    (arm,) = hurt(bastian, dt.date(2030, 1, 3), arm=4)
    show = show_create(
        federation=copperline,
        scheduled_at=timezone.make_aware(dt.datetime(2030, 1, 12, 20)),
        seed=1,
    )
    book = RosterBook(federation=copperline, show=show, on=show.date, at=show.scheduled_at)
    (leg,) = hurt(bastian, dt.date(2030, 1, 12), leg=5)  # as if taken on this show
    book.new_injuries.append(Injury.objects.get(pk=leg.pk))
    book.open_injuries = [i for i in book.open_injuries if i.pk != leg.pk]
    Injury.objects.filter(pk=leg.pk).delete()
    book.end_of_show()
    book.flush()
    # Week one (Jan 10) took the arm from 4 to 1; 1 + 5 = 6 points at 3 a week: healed by
    # the end of Jan 24, back the day after.
    assert points_left([arm]) == [1]
    new = Injury.objects.get(wrestler=bastian, body_part="leg")
    assert new.expected_return == dt.date(2030, 1, 25) == arm.expected_return
    assert new.healing_counted_to == dt.date(2030, 1, 10)


def test_points_wrestled_through_start_his_next_arm_match_on_that_part(copperline):
    jonah = copperline.wrestlers.get(slug="jonah-whitlock")
    show = arm_show(copperline, seed=5, pairs=1)
    Injury.objects.create(
        wrestler=jonah,
        occurred_on=show.date - dt.timedelta(days=7),
        source=InjurySource.ARM_INJURY,
        body_part="leg",
        points=2,
        keeps_off_cards=False,
        description="2 injury points to the leg",
    )
    match_book(
        show=show,
        sides=[[jonah], [copperline.wrestlers.get(slug="felix-ardent")]],
        rule_system="arm",
    )
    specs = {m.position: s for m, s in show_specs(show=show)}
    participant = next(p for p in specs[2].participants if p.key == "jonah-whitlock")
    assert participant.injuries[0]["body_part"] == "leg" and participant.injuries[0]["points"] == 2
    from rules.arm.engine import Match as ArmMatch
    from rules.arm.engine import prepare
    from rules.arm.strategy import DefaultStrategy
    from rules.core.dice import SeededDice

    m = ArmMatch(prepare(specs[2]), SeededDice(1), DefaultStrategy())
    assert m.me(0).inj == {"leg": 2}


@pytest.mark.django_db(transaction=True)
def test_a_season_wrestled_under_arm_keeps_every_invariant(in_process):
    call_command("load_sample_federation", verbosity=0)
    federation = Federation.objects.get(slug="copperline")
    federation.rule_system = "arm"
    federation.rule_options = []
    federation.save()
    federation.titles.update(rule_system="")  # every match under ARM, the titles' too
    out = io.StringIO()
    call_command(
        "simulate_season",
        "copperline",
        weeks=6,
        seed=3,
        start=dt.date(2026, 9, 4),
        no_progress=True,
        stdout=out,
    )
    assert "Simulated 6 weeks" in out.getvalue()
    matches = Match.objects.filter(show__federation=federation)
    assert set(matches.values_list("rule_system", flat=True)) == {"arm"}
    methods = Counter(matches.values_list("method", flat=True))
    assert methods["pin"] + methods["submission"] + methods["knockout"] >= matches.count() // 2
    reasons = set(
        StandingChange.objects.filter(wrestler__federation=federation).values_list(
            "reason", flat=True
        )
    )
    assert any(r.startswith("Spent") and "Edge" in r for r in reasons)
    check = io.StringIO()
    call_command("check_federation", "copperline", stdout=check)
    assert "every invariant holds" in check.getvalue()


def test_the_injury_report_and_his_page_tell_the_points_still_to_heal(copperline, client):
    from django.urls import reverse

    bastian = copperline.wrestlers.get(slug="bastian-holloway")
    hurt(bastian, dt.date(2030, 1, 3), arm=5)
    show_ends_on(copperline, dt.date(2030, 1, 10))
    for url in (
        reverse("wrestler-detail", args=[copperline.slug, bastian.slug]),
        reverse("injury-list", args=[copperline.slug]),
    ):
        page = client.get(url).content.decode()
        assert "5 injury points to the arm" in page and "(2 still to heal)" in page, url


def test_the_rosters_alignment_is_how_arm_plays_him_at_a_show(copperline):
    from rules.arm.engine import prepare

    show = arm_show(copperline, seed=3, pairs=1)
    _, spec = show_specs(show=show)[0]
    first = spec.sides[0].participants[0]
    wrestler = copperline.wrestlers.get(slug=first.key)
    sheet = first.card.alignment
    turned = "heel" if sheet == "face" else "face"

    def plays_as(alignment):
        copperline.wrestlers.filter(pk=wrestler.pk).update(alignment=alignment)
        _, spec = show_specs(show=show)[0]
        assert spec.sides[0].participants[0].alignment == alignment
        return "face" if prepare(spec).wrestlers[0][0].face else "heel"

    # The roster's face or heel, whatever the sheet says; a tweener as the sheet has him.
    assert (plays_as(turned), plays_as(sheet), plays_as("tweener")) == (turned, sheet, sheet)
