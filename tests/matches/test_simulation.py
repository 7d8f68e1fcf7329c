"""Simulating a show in process: the claim, the transaction, determinism, failures."""

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.db import transaction
from django.utils import timezone

from matches import simulation
from matches.booking import match_book, show_create, show_schedule
from matches.models import Match, MatchStatus, Show, ShowStatus
from matches.simulation import MAX_ATTEMPTS, match_seed, show_simulate
from promotion.models import Injury, StandingChange, TitleReign
from rules import registry

pytestmark = pytest.mark.django_db


def book_show(federation, *, when=None, seed=7):
    show = show_create(federation=federation, scheduled_at=when, seed=seed)
    wrestlers = list(federation.wrestlers.order_by("slug"))
    world = federation.titles.get(slug="world-heavyweight-championship")
    champion = world.current_reign.holder
    others = [w for w in wrestlers if w != champion]
    match_book(show=show, sides=[[champion], [others[0]]], title=world, is_main_event=True)
    for a, b in zip(others[1:9:2], others[2:10:2], strict=True):
        match_book(show=show, sides=[[a], [b]])
    return show_schedule(show=show)


def snapshot(show):
    return [
        (m.position, m.seed, m.winner_side, m.method, m.length, m.play_by_play)
        for m in Match.objects.filter(show=show).order_by("position")
    ], sorted(
        StandingChange.objects.filter(show=show).values_list(
            "wrestler_id", "attribute", "delta", "reason"
        )
    )


def test_a_show_is_simulated_completely(copperline):
    show = book_show(copperline)
    outcome = show_simulate(show_id=show.pk)
    assert outcome.status == "completed"
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED and show.completed_at and show.attempts == 1
    for match in show.matches.all():
        assert match.status == MatchStatus.COMPLETED
        assert match.method and match.play_by_play
        assert match.seed == match_seed(show.seed, match.position)
        assert all({"kind", "actor", "dice", "text"} <= set(e) for e in match.play_by_play)
    out = io.StringIO()
    call_command("check_federation", "copperline", stdout=out)
    assert "every invariant holds" in out.getvalue()


def test_the_same_state_and_seed_give_the_same_show(copperline):
    show = book_show(copperline)
    with transaction.atomic():
        show_simulate(show_id=show.pk)
        first = snapshot(show)
        transaction.set_rollback(True)
    assert Show.objects.get(pk=show.pk).status == ShowStatus.SCHEDULED
    show_simulate(show_id=show.pk)
    assert snapshot(show) == first


def test_a_second_delivery_exits_without_writing(copperline):
    show = book_show(copperline)
    assert show_simulate(show_id=show.pk).status == "completed"
    rows = StandingChange.objects.count()
    outcome = show_simulate(show_id=show.pk)
    assert (outcome.status, outcome.detail) == ("done", ShowStatus.COMPLETED)
    assert StandingChange.objects.count() == rows


def test_a_show_held_on_a_fresh_lease_is_left_alone(copperline):
    show = book_show(copperline)
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.RUNNING, started_at=timezone.now())
    assert show_simulate(show_id=show.pk).status == "busy"
    assert not Match.objects.filter(show=show, status=MatchStatus.COMPLETED).exists()


def test_an_expired_lease_is_claimed_again(copperline, settings):
    show = book_show(copperline)
    stale = timezone.now() - dt.timedelta(seconds=simulation.lease_seconds() + 1)
    Show.objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=stale, heartbeat_at=stale, attempts=1
    )
    assert show_simulate(show_id=show.pk).status == "completed"
    assert Show.objects.get(pk=show.pk).attempts == 2


def test_redelivery_is_bounded(copperline, settings):
    show = book_show(copperline)
    stale = timezone.now() - dt.timedelta(seconds=simulation.lease_seconds() + 1)
    Show.objects.filter(pk=show.pk).update(
        status=ShowStatus.RUNNING, started_at=stale, heartbeat_at=stale, attempts=MAX_ATTEMPTS
    )
    outcome = show_simulate(show_id=show.pk)
    assert outcome.status == "failed"
    show.refresh_from_db()
    assert show.status == ShowStatus.FAILED
    assert "Abandoned after 3 attempts" in show.error
    assert not Match.objects.filter(show=show, status=MatchStatus.COMPLETED).exists()


def test_a_show_whose_engine_raises_fails_and_changes_nothing_else(copperline, monkeypatch):
    show = book_show(copperline)
    later = book_show(copperline, when=show.scheduled_at + dt.timedelta(days=7), seed=8)
    engine = registry.systems["filsinger"]
    calls = []

    def broken(spec, **kwargs):
        calls.append(spec)
        if len(calls) == 3:
            raise RuntimeError("the dice rolled off the table")
        return type(engine).simulate(engine, spec, **kwargs)

    monkeypatch.setattr(engine, "simulate", broken)
    ledger, reigns, injuries = (
        StandingChange.objects.count(),
        list(TitleReign.objects.values()),
        Injury.objects.count(),
    )
    outcome = show_simulate(show_id=show.pk)
    assert outcome.status == "failed"
    show.refresh_from_db()
    assert show.status == ShowStatus.FAILED
    assert show.error == "RuntimeError: the dice rolled off the table"
    assert not Match.objects.filter(show=show, status=MatchStatus.COMPLETED).exists()
    assert StandingChange.objects.count() == ledger
    assert list(TitleReign.objects.values()) == reigns
    assert Injury.objects.count() == injuries
    monkeypatch.undo()
    # The next show of the federation waits for the failed one.
    assert show_simulate(show_id=later.pk).status == "waiting"
    assert Show.objects.get(pk=later.pk).status == ShowStatus.SCHEDULED


def test_shows_of_one_federation_run_in_date_order(copperline):
    first = book_show(copperline)
    second = book_show(copperline, when=first.scheduled_at + dt.timedelta(days=7), seed=9)
    assert show_simulate(show_id=second.pk).status == "waiting"
    assert show_simulate(show_id=first.pk).status == "completed"
    assert show_simulate(show_id=second.pk).status == "completed"


def test_an_unscheduled_show_is_not_simulated(copperline):
    show = show_create(federation=copperline)
    assert show_simulate(show_id=show.pk).status == "not_scheduled"


def test_the_dispatcher_finds_due_shows(copperline):
    from matches.services import shows_due

    past = timezone.now() - dt.timedelta(days=1)
    show = book_show(copperline, when=past)
    future = book_show(copperline, when=timezone.now() + dt.timedelta(days=6), seed=11)
    assert shows_due() == [show.pk]
    assert future.pk not in shows_due()


def test_feud_table_injuries_weaken_the_wrestler_in_his_next_match(copperline):
    wrestler = copperline.wrestlers.first()
    Injury.objects.create(
        wrestler=wrestler,
        occurred_on=dt.date(2020, 1, 1),
        source="feud_table",
        fight_cards_remaining=3,
        keeps_off_cards=False,
    )
    show = show_create(federation=copperline)
    opponent = (
        copperline.wrestlers.exclude(pk=wrestler.pk).exclude(reigns__ended_on__isnull=True).first()
    )
    match_book(show=show, sides=[[wrestler], [opponent]])
    [(_, spec)] = simulation.show_specs(show=show)
    injured = {p.key: p.injured for side in spec.sides for p in side.participants}
    assert injured == {wrestler.slug: True, opponent.slug: False}
