"""Stored won-lost-drawn records (issue 43, "ten years of history"): kept by the show's commit
(``RosterBook``), checked against the results by ``check_federation``, written afresh by
``rebuild_records`` and by the migration that brings them in, carried through an import."""

from __future__ import annotations

import datetime as dt
import importlib
import io

import pytest
from django.apps import apps
from django.core.management import CommandError, call_command
from django.db.models import Count
from django.utils import timezone

from matches.records import wrestler_record
from matches.simulation import show_simulate
from promotion.effects import Bout, RosterBook
from promotion.models import Federation, WinLossRecord, Wrestler
from promotion.transfer import federation_export, federation_import
from tests import factories
from tests.matches.helpers import book_week, sample_federation

pytestmark = pytest.mark.django_db

MONDAY = dt.date(2026, 11, 2)


def figures(row: WinLossRecord | None) -> tuple:
    if row is None:
        return ()
    return (
        (row.wins, row.losses, row.draws),
        row.wins_by,
        row.losses_by,
        row.draws_by,
        f"{row.streak_kind}{row.streak}",
        row.longest_win_streak,
    )


def stored(holder) -> tuple:
    field = "team" if holder.__class__.__name__ == "Team" else "wrestler"
    return figures(WinLossRecord.objects.filter(**{field: holder}).first())


def bout(show, sides, *, winner, method, teams=None, keys, effects=None) -> Bout:
    match = factories.MatchFactory(show=show)
    return Bout(
        match=match,
        sides=tuple(tuple(w.pk for w in side) for side in sides),
        teams=teams or tuple(None for _ in sides),
        keys={w.slug: w.pk for w in keys},
        winner=winner,
        method=method,
        effects=effects or {},
    )


def show_of(federation, week: int, *bouts_of):
    """One show a week: a RosterBook made afresh from the stored rows, as each commit does."""
    on = MONDAY + dt.timedelta(weeks=week)
    at = timezone.make_aware(dt.datetime.combine(on, dt.time(20)))
    show = factories.ShowFactory(federation=federation, number=week + 1, scheduled_at=at)
    book = RosterBook(federation=federation, show=show, on=on, at=at)
    for make in bouts_of:
        item = make(show)
        book.match_start(item)
        book.apply(item)
    book.end_of_show()
    book.flush()


def test_each_show_adds_its_results_to_the_stored_records():
    """Five weeks of singles, a draw and a battle royal, then a tag match; every figure below
    counted by hand from the results as written."""
    federation = factories.FederationFactory()
    a, b, c, d, e, f, g = factories.WrestlerFactory.create_batch(7, federation=federation)
    blue, red = factories.TeamFactory.create_batch(2, federation=federation)
    everyone = (a, b, c, d, e, f, g)
    show_of(federation, 0, lambda s: bout(s, [[a], [b]], winner=0, method="pin", keys=everyone))
    show_of(
        federation, 1, lambda s: bout(s, [[a], [c]], winner=0, method="submission", keys=everyone)
    )
    show_of(
        federation, 2, lambda s: bout(s, [[b], [a]], winner=0, method="count_out", keys=everyone)
    )
    show_of(
        federation,
        3,
        lambda s: bout(s, [[a], [b]], winner=None, method="double_count_out", keys=everyone),
    )
    # A battle royal: Cole thrown out first (a loss by elimination), Bell last, pinned.
    show_of(
        federation,
        4,
        lambda s: bout(
            s,
            [[a], [b], [c]],
            winner=0,
            method="pin",
            keys=everyone,
            effects={"eliminations": [c.slug, b.slug]},
        ),
    )
    show_of(
        federation,
        5,
        lambda s: bout(
            s, [[d, e], [f, g]], winner=1, method="pin", teams=(blue.pk, red.pk), keys=everyone
        ),
    )
    assert stored(a) == (
        (3, 1, 1),
        {"pin": 2, "submission": 1},
        {"count_out": 1},
        {"double_count_out": 1},
        "W1",
        2,
    )
    assert stored(b) == ((1, 2, 1), {"count_out": 1}, {"pin": 2}, {"double_count_out": 1}, "L1", 1)
    assert stored(c) == ((0, 2, 0), {}, {"submission": 1, "elimination": 1}, {}, "L2", 0)
    assert stored(d) == stored(e) == ((0, 1, 0), {}, {"pin": 1}, {}, "L1", 0)
    # The tag teams: one result each for the match, not one a member.
    assert stored(blue) == ((0, 1, 0), {}, {"pin": 1}, {}, "L1", 0)
    assert stored(red) == ((1, 0, 0), {"pin": 1}, {}, {}, "W1", 1)
    assert WinLossRecord.objects.filter(federation=federation).count() == 9


@pytest.fixture
def wrestled():
    """The sample federation after three weekly shows wrestled by the engines (seeded)."""
    federation = sample_federation()
    start = timezone.now() - dt.timedelta(days=22)
    for week in range(3):
        show = book_week(
            federation, scheduled_at=start + dt.timedelta(days=7 * week), seed=4300 + week
        )
        assert show_simulate(show_id=show.pk).status == "completed"
    return federation


def check(federation: Federation) -> str:
    out = io.StringIO()
    call_command("check_federation", federation.slug, stdout=out)
    return out.getvalue()


def test_the_stored_records_are_what_the_matches_say_after_real_shows(wrestled):
    wrestlers = list(wrestled.wrestlers.order_by("slug"))
    wrestled_some = 0
    for wrestler in wrestlers:
        reckoned = wrestler_record(wrestler=wrestler)  # the matches read one by one
        row = WinLossRecord.objects.filter(wrestler=wrestler).first()
        if not reckoned.matches:
            assert row is None
            continue
        wrestled_some += 1
        assert (row.wins, row.losses, row.draws) == (
            reckoned.wins,
            reckoned.losses,
            reckoned.draws,
        )
        assert row.wins_by == dict(reckoned.wins_by)
        assert row.losses_by == dict(reckoned.losses_by)
        assert f"{row.streak_kind}{row.streak}" == reckoned.streak
        assert row.longest_win_streak == reckoned.longest_win_streak
    assert wrestled_some >= 10  # three cards of the sample roster


def test_the_check_names_a_record_broken_on_purpose_and_the_rebuild_mends_it(wrestled):
    assert "every invariant holds" in check(wrestled)
    row = WinLossRecord.objects.filter(federation=wrestled, wrestler__isnull=False).first()
    before = figures(row)
    name = row.wrestler.ring_name
    WinLossRecord.objects.filter(pk=row.pk).update(wins=row.wins + 1)
    out = io.StringIO()
    with pytest.raises(CommandError, match="1 violation"):
        call_command("check_federation", wrestled.slug, stdout=out)
    assert f"- {name}: the stored record ({row.wins + 1}-" in out.getvalue()
    assert "rebuild_records mends it" in out.getvalue()
    # A record lost altogether is named too.
    WinLossRecord.objects.filter(pk=row.pk).delete()
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("check_federation", wrestled.slug, stdout=out)
    assert f"- {name}: the stored record (no record)" in out.getvalue()
    said = io.StringIO()
    call_command("rebuild_records", wrestled.slug, stdout=said)
    assert "record(s) written from the results" in said.getvalue()
    assert "every invariant holds" in check(wrestled)
    assert stored(Wrestler.objects.get(pk=row.wrestler_id)) == before


def test_the_api_check_says_the_broken_record_too(wrestled, client):
    client.force_login(wrestled.owner)
    url = f"/api/v1/federations/{wrestled.slug}/check/"
    assert client.get(url).json()["ok"] is True
    row = WinLossRecord.objects.filter(federation=wrestled, wrestler__isnull=False).first()
    WinLossRecord.objects.filter(pk=row.pk).update(streak=row.streak + 3)
    answer = client.get(url).json()
    assert answer["ok"] is False
    assert [v for v in answer["violations"] if row.wrestler.ring_name in v]


def test_the_migration_fills_the_records_from_the_results(wrestled):
    """The data migration's own reckoning, run on a federation whose records are gone, writes
    what the shows kept; on a database with no results it writes nothing."""
    migration = importlib.import_module("promotion.migrations.0022_records")
    kept = {r.wrestler_id or -r.team_id: figures(r) for r in WinLossRecord.objects.all()}
    assert kept
    WinLossRecord.objects.all().delete()
    migration.fill_records(apps, None)
    assert {r.wrestler_id or -r.team_id: figures(r) for r in WinLossRecord.objects.all()} == kept
    WinLossRecord.objects.all().delete()
    from matches.models import Match

    Match.objects.update(status="booked", winner_side=None, method="")
    migration.fill_records(apps, None)
    assert not WinLossRecord.objects.exists()


def test_an_imported_federation_comes_with_its_records(wrestled):
    document = federation_export(federation=wrestled)
    copy, _ = federation_import(document=document, owner=wrestled.owner, slug="copperline-copy")
    originals = {
        r.wrestler.slug: figures(r) for r in wrestled.win_loss_records.exclude(wrestler=None)
    }
    copied = {r.wrestler.slug: figures(r) for r in copy.win_loss_records.exclude(wrestler=None)}
    assert copied == originals and len(copied) >= 10
    assert "every invariant holds" in check(copy)


def test_a_profiles_head_to_heads_are_counted_by_the_database_as_match_by_match(wrestled):
    """The profile's table (counted in one grouped query) says what reading each pair's
    matches one by one says, most matches first."""
    from matches.records import head_to_head, head_to_heads

    wrestler = wrestled.wrestlers.annotate(n=Count("appearances")).order_by("-n", "slug").first()
    table = head_to_heads(wrestler=wrestler)
    assert len(table) >= 2
    for opponent, counted in table:
        one_by_one = head_to_head(wrestler=wrestler, opponent=opponent)
        assert (counted.wins, counted.losses, counted.draws) == (
            one_by_one.wins,
            one_by_one.losses,
            one_by_one.draws,
        )
    played = [r.wins + r.losses + r.draws for _, r in table]
    assert played == sorted(played, reverse=True)
    assert head_to_heads(wrestler=wrestler, limit=2) == table[:2]
