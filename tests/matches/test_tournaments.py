"""The tournament services (``matches/tournaments.py``): making one (seeded by Prestige, by hand
or drawn), refusals naming their field with nothing written, byes, forfeits with their reasons,
results flowing back into the bracket, the crown in the lineage, the auto-booker's reasons,
cancelling, round robins and tag teams."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from matches.autobook import TITLE_TOURNAMENT, show_autobook
from matches.booking import match_book, show_create
from matches.models import (
    BoutDecision,
    MatchStatus,
    MatchType,
    Seeding,
    ShowStatus,
    Tournament,
    TournamentBout,
    TournamentEntrant,
    TournamentFormat,
    TournamentStatus,
    TournamentUnit,
)
from matches.services import show_cancel
from matches.tournaments import (
    NO_WINNER,
    ROUND_BOOKED,
    SHOW_FAILED,
    tournament_advance,
    tournament_bracket,
    tournament_cancel,
    tournament_create,
    tournament_results,
)
from promotion.models import TeamKind, WrestlerStatus
from promotion.services import ServiceError
from tests.factories import (
    BookableWrestlerFactory,
    FederationFactory,
    TeamFactory,
    TeamMembershipFactory,
    TitleFactory,
    TitleReignFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def roster():
    """A federation of eight bookable wrestlers, Prestige 80, 70, ... 10 (names A to H)."""
    federation = FederationFactory(rule_system="filsinger")
    wrestlers = [
        BookableWrestlerFactory(
            federation=federation, ring_name=f"Wrestler {letter}", prestige=80 - 10 * index
        )
        for index, letter in enumerate("ABCDEFGH")
    ]
    return federation, wrestlers


def names_by_seed(tournament: Tournament) -> list[str]:
    return [e.name for e in tournament.entrants.order_by("seed")]


def refusal_fields(error: ServiceError) -> set[str]:
    return {name for name, _ in error.by_field}


def test_seeded_by_prestige_with_byes_for_the_top_seeds(roster):
    federation, wrestlers = roster
    # Entered in reverse: seeding by Prestige puts them back in order.
    cup = tournament_create(
        federation=federation, name="Spring Cup", entrants=[w.pk for w in wrestlers[:6][::-1]]
    )
    assert cup.slug == "spring-cup"
    assert cup.rounds == 3
    assert names_by_seed(cup) == [f"Wrestler {x}" for x in "ABCDEF"]
    bouts = {(b.round, b.position): b for b in cup.bouts.all()}
    assert len(bouts) == 4 + 2 + 1
    # Six into eight: seeds 1 and 2 have byes, straight into the semi-finals' top places.
    first = bouts[(1, 0)]
    assert first.decided_by == BoutDecision.BYE
    assert first.winner.seed == 1 and first.entrant_b is None
    assert bouts[(1, 2)].decided_by == BoutDecision.BYE and bouts[(1, 2)].winner.seed == 2
    assert bouts[(2, 0)].entrant_a.seed == 1 and bouts[(2, 0)].entrant_b is None
    assert bouts[(2, 1)].entrant_a.seed == 2
    assert (bouts[(1, 1)].entrant_a.seed, bouts[(1, 1)].entrant_b.seed) == (4, 5)
    assert (bouts[(1, 3)].entrant_a.seed, bouts[(1, 3)].entrant_b.seed) == (3, 6)
    assert bouts[(1, 1)].round_name == "quarter-final"
    assert bouts[(3, 0)].is_final and bouts[(3, 0)].round_name == "final"
    bracket = tournament_bracket(cup)
    assert [r.name for r in bracket.rounds] == ["quarter-final", "semi-final", "final"]
    assert bracket.rounds[0].bouts[0].a.name == "Wrestler A"


def test_seeded_by_hand_keeps_the_order_given(roster):
    federation, wrestlers = roster
    order = [wrestlers[i] for i in (3, 0, 2, 1)]
    cup = tournament_create(
        federation=federation, name="Hand Cup", seeding=Seeding.HAND, entrants=order
    )
    assert names_by_seed(cup) == ["Wrestler D", "Wrestler A", "Wrestler C", "Wrestler B"]


def test_the_top_by_prestige_when_only_a_size_is_given(roster):
    federation, wrestlers = roster
    wrestlers[0].status = WrestlerStatus.RETIRED
    wrestlers[0].save()
    cup = tournament_create(federation=federation, name="Top Four", size=4)
    assert names_by_seed(cup) == ["Wrestler B", "Wrestler C", "Wrestler D", "Wrestler E"]


def test_a_draw_is_the_same_for_the_same_seed(roster):
    federation, _ = roster
    one = tournament_create(
        federation=federation, name="Draw One", seeding=Seeding.DRAW, size=8, draw_seed=7
    )
    two = tournament_create(
        federation=federation, name="Draw Two", seeding=Seeding.DRAW, size=8, draw_seed=7
    )
    three = tournament_create(
        federation=federation, name="Draw Three", seeding=Seeding.DRAW, size=8, draw_seed=8
    )
    assert one.draw_seed == 7
    assert names_by_seed(one) == names_by_seed(two)
    assert sorted(names_by_seed(one)) == [f"Wrestler {x}" for x in "ABCDEFGH"]
    assert names_by_seed(one) != names_by_seed(three)
    assert names_by_seed(one) != [f"Wrestler {x}" for x in "ABCDEFGH"]


def test_bad_input_is_refused_field_by_field_and_nothing_is_written(roster):
    federation, wrestlers = roster
    other = BookableWrestlerFactory()  # of another federation
    with pytest.raises(ServiceError) as caught:
        tournament_create(
            federation=federation,
            name="",
            format="ladder",
            unit="singles",
            seeding="prestige",
            placement="monthly",
            entrants=[wrestlers[0].pk, wrestlers[0].pk, other.pk],
        )
    assert refusal_fields(caught.value) >= {"name", "format", "placement", "entrants"}
    assert "A tournament needs a name." in str(caught.value)
    assert "Wrestler A is entered twice." in str(caught.value)
    assert Tournament.objects.count() == 0 and TournamentEntrant.objects.count() == 0

    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="Tiny", size=1)
    assert refusal_fields(caught.value) == {"size"}
    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="Huge", size=9)
    assert "Only 8 wrestlers can wrestle" in str(caught.value)
    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="Nobody", seeding=Seeding.HAND)
    assert refusal_fields(caught.value) == {"entrants"}
    assert Tournament.objects.count() == 0 and TournamentBout.objects.count() == 0


def test_an_entrant_who_cannot_wrestle_is_refused_at_entry(roster):
    federation, wrestlers = roster
    wrestlers[2].status = WrestlerStatus.RETIRED
    wrestlers[2].save()
    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4])
    assert caught.value.by_field == (
        ("entrants", "Wrestler C cannot enter: Wrestler C has retired."),
    )
    assert not Tournament.objects.exists()


def test_a_title_tournament_needs_a_vacant_title_of_its_division(roster):
    federation, wrestlers = roster
    held = TitleFactory(federation=federation, name="World Title")
    TitleReignFactory(title=held, holder_wrestler=wrestlers[0], number=1)
    tag = TitleFactory(federation=federation, name="Tag Titles", division="tag")
    for title, words in ((held, "is held by Wrestler A"), (tag, "is a tag team title")):
        with pytest.raises(ServiceError) as caught:
            tournament_create(federation=federation, name="Cup", size=4, title=title)
        assert refusal_fields(caught.value) == {"title"}
        assert words in str(caught.value)
    assert not Tournament.objects.exists()


def test_a_slug_taken_is_refused(roster):
    federation, _ = roster
    tournament_create(federation=federation, name="Cup", size=2)
    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="Cup", size=2)
    assert refusal_fields(caught.value) == {"slug"}
    assert Tournament.objects.count() == 1


def test_advance_books_the_round_and_forfeits_who_cannot_wrestle(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4])
    # Seed 4 (Wrestler D) is suspended before the semi-finals are booked.
    wrestlers[3].status = WrestlerStatus.SUSPENDED
    wrestlers[3].save()
    matches = tournament_advance(cup)
    assert len(matches) == 1
    match = matches[0]
    assert match.match_type == MatchType.SINGLES
    assert match.stipulations == {"tournament": True}
    assert (
        match.booking_note
        == "Cup: tournament semi-final, Wrestler B (seed 2) v Wrestler C (seed 3)"
    )
    forfeited = cup.bouts.get(round=1, position=0)
    assert forfeited.decided_by == BoutDecision.FORFEIT
    assert forfeited.winner.name == "Wrestler A"
    day = match.show.date
    suspended = f"Wrestler D is suspended on {day:%b} {day.day}, {day.year}."
    assert forfeited.forfeit_reason == f"Wrestler A goes through: {suspended}"
    assert cup.entrants.get(seed=4).withdrew_because == suspended
    assert cup.bouts.get(round=2).entrant_a.name == "Wrestler A"  # fed on
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.RUNNING
    with pytest.raises(ServiceError, match="booked on"):
        tournament_advance(cup)
    assert ROUND_BOOKED.startswith("The {round}")


def test_when_neither_can_wrestle_the_higher_seed_goes_through(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2])
    for wrestler in wrestlers[:2]:
        wrestler.status = WrestlerStatus.RETIRED
        wrestler.save()
    assert tournament_advance(cup) == []
    final = cup.bouts.get()
    assert final.decided_by == BoutDecision.FORFEIT
    assert final.winner.seed == 1
    assert "the higher seed, Wrestler A, goes through" in final.forfeit_reason
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.COMPLETED and cup.winner.seed == 1


def finish(match, *, winner_side=None, status=MatchStatus.COMPLETED, method="pin", why=""):
    """The show ran (what ``simulation._commit`` writes), then the results flow back."""
    match.status = status
    match.winner_side = winner_side
    match.method = method if status == MatchStatus.COMPLETED else ""
    match.called_off_because = why
    match.save()
    show = match.show
    show.status = ShowStatus.COMPLETED
    show.completed_at = timezone.now()
    show.save()
    tournament_results(show=show)


def test_the_final_crowns_the_champion_in_the_lineage(roster):
    federation, wrestlers = roster
    title = TitleFactory(federation=federation, name="Vacant Title")
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2], title=title)
    [match] = tournament_advance(cup)
    finish(match, winner_side=1)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.COMPLETED
    assert cup.winner.name == "Wrestler B"
    reign = title.reigns.get()
    assert reign.holder_wrestler == wrestlers[1]
    assert reign.won_at == match
    assert reign.won_how == "won the tournament final over Wrestler A"
    assert reign.won_on == match.show.date


def test_a_match_called_off_is_a_forfeit_and_a_draw_is_wrestled_again(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4])
    first, second = tournament_advance(cup)
    # The show ran: 1 v 4 drawn (an engine that settles no draw), 2 v 3 called off because
    # Wrestler C was suspended since.
    wrestlers[2].status = WrestlerStatus.SUSPENDED
    wrestlers[2].save()
    second.status = MatchStatus.CALLED_OFF
    second.called_off_because = "Wrestler C is suspended."
    second.save()
    finish(first, winner_side=None, method="draw_time_limit")
    top, bottom = cup.bouts.filter(round=1).order_by("position")
    assert top.decided_by == BoutDecision.UNDECIDED and top.match is None
    assert top.forfeit_reason == NO_WINNER
    assert bottom.decided_by == BoutDecision.FORFEIT and bottom.winner.name == "Wrestler B"
    assert "Wrestler C is suspended on" in bottom.forfeit_reason
    # The next show wrestles the drawn bout again, saying why.
    [again] = tournament_advance(cup)
    assert again.show != first.show
    assert again.booking_note.endswith("; wrestled again: " + NO_WINNER)


def test_the_auto_booker_books_the_round_first_with_its_reasons(roster):
    federation, wrestlers = roster
    title = TitleFactory(federation=federation, name="Vacant Title")
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4], title=title)
    wrestlers[1].status = WrestlerStatus.RETIRED
    wrestlers[1].save()
    show = show_create(federation=federation)
    report = show_autobook(show=show)
    first = report.matches[0]
    assert first.position == 1
    assert (
        first.booking_note
        == "Cup: tournament semi-final, Wrestler A (seed 1) v Wrestler D (seed 4)"
    )
    assert first.tournament_bout.tournament == cup
    # Seed 2 retired: seed 3 goes through, and the report says so.
    assert any(
        r == "Cup semi-final: Wrestler C goes through: Wrestler B has retired."
        for r in report.skipped
    )
    # The vacant title is the tournament's to crown: no match for it.
    assert TITLE_TOURNAMENT.format(title=title, tournament="Cup") in report.skipped
    assert not show.matches.filter(title=title).exists()
    # The rest of the card is the auto-booker's, nobody twice.
    booked = [p.wrestler_id for m in report.matches for p in m.participants.all()]
    assert len(booked) == len(set(booked))
    assert len(report.matches) > 1


def test_cancel_takes_the_booked_bouts_off_the_card(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4])
    matches = tournament_advance(cup)
    show = matches[0].show
    tournament_cancel(cup)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.CANCELLED
    assert not show.matches.exists()
    with pytest.raises(ServiceError, match="is cancelled; it cannot advance"):
        tournament_advance(cup)


def test_a_round_robin_to_its_table_winner(roster):
    federation, wrestlers = roster
    title = TitleFactory(federation=federation, name="League Title")
    league = tournament_create(
        federation=federation,
        name="League",
        format=TournamentFormat.ROUND_ROBIN,
        entrants=wrestlers[:3],
        title=title,
    )
    assert league.rounds == 3
    assert league.bouts.count() == 3
    # Seed 3 wins both his bouts; seed 1 beats seed 2.
    for _ in range(3):
        [match] = tournament_advance(league)
        bout = match.tournament_bout
        seeds = (bout.entrant_a.seed, bout.entrant_b.seed)
        winner = {(1, 2): 0, (1, 3): 1, (2, 3): 1}[seeds]
        finish(match, winner_side=winner)
    league.refresh_from_db()
    assert league.status == TournamentStatus.COMPLETED
    assert league.winner.name == "Wrestler C"
    table = tournament_bracket(league).table
    assert [(line.entrant.seed, line.points) for line in table] == [(3, 4), (1, 2), (2, 0)]
    # A title's round robin crowns the table's winner the night it completes; seed 3 sat
    # out round 3 (1 v 2), so no match of his won it.
    reign = title.reigns.get()
    assert reign.holder_wrestler == wrestlers[2]
    assert reign.won_how == "won the League round robin (4 points)"
    assert reign.won_on == league.bouts.get(round=3).match.show.date
    assert reign.won_at is None


def test_tag_teams_field_their_two_best_able_members(roster):
    federation, wrestlers = roster
    on = dt.date(2020, 1, 1)
    teams = []
    for index in range(2):
        team = TeamFactory(federation=federation, name=f"Team {index}", kind=TeamKind.TAG_TEAM)
        for wrestler in wrestlers[3 * index : 3 * index + 3]:
            TeamMembershipFactory(team=team, wrestler=wrestler, started_on=on)
        teams.append(team)
    wrestlers[0].status = WrestlerStatus.RETIRED  # Team 0's best: his partners go in
    wrestlers[0].save()
    title = TitleFactory(federation=federation, name="Tag Titles", division="tag")
    cup = tournament_create(
        federation=federation, name="Tag Cup", unit=TournamentUnit.TAG, entrants=teams, title=title
    )
    [match] = tournament_advance(cup)
    assert match.match_type == MatchType.TAG
    sides = {
        p.side: sorted(p.wrestler.ring_name for p in match.participants.filter(side=p.side))
        for p in match.participants.all()
    }
    assert sides == {0: ["Wrestler B", "Wrestler C"], 1: ["Wrestler D", "Wrestler E"]}
    # The tag title goes to the team that won the final.
    finish(match, winner_side=0)
    reign = title.reigns.get()
    assert reign.holder_team == teams[0] and reign.holder_wrestler is None
    assert reign.won_how == "won the tournament final over Team 1"


def test_a_bout_on_a_cancelled_show_is_booked_again(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2])
    [match] = tournament_advance(cup)
    show_cancel(show=match.show)
    [again] = tournament_advance(cup)
    assert again.show != match.show
    assert cup.bouts.get().match == again


def test_a_name_or_address_that_will_not_do_is_refused_by_field(roster):
    federation, _ = roster
    with pytest.raises(ServiceError) as caught:
        tournament_create(federation=federation, name="x" * 161, slug="no spaces!", size=2)
    assert caught.value.by_field == (
        ("name", "A tournament's name is at most 160 characters."),
        ("slug", "'no spaces!' is not an address: letters, digits, hyphens and underscores only."),
    )
    assert not Tournament.objects.exists()


def test_a_title_filled_by_hand_meanwhile_is_left_as_it_is(roster):
    federation, wrestlers = roster
    title = TitleFactory(federation=federation, name="Vacant Title")
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2], title=title)
    [match] = tournament_advance(cup)
    awarded = TitleReignFactory(title=title, holder_wrestler=wrestlers[5], number=1)
    finish(match, winner_side=0)
    cup.refresh_from_db()
    assert cup.status == TournamentStatus.COMPLETED and cup.winner.name == "Wrestler A"
    assert list(title.reigns.all()) == [awarded]


def test_an_entrant_booked_by_hand_on_the_show_waits_for_the_next(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:4])
    show = show_create(federation=federation)
    match_book(show=show, sides=[[wrestlers[0]], [wrestlers[7]]])
    matches = tournament_advance(cup)
    assert [m.booking_note for m in matches] == [
        "Cup: tournament semi-final, Wrestler B (seed 2) v Wrestler C (seed 3)"
    ]
    waiting = cup.bouts.get(round=1, position=0)
    assert waiting.decided_by == BoutDecision.UNDECIDED and waiting.match is None
    # The next show books it.
    finish(matches[0], winner_side=0)
    [later] = tournament_advance(cup)
    assert later.show != show
    assert later.tournament_bout == waiting


def test_no_round_is_booked_while_the_next_show_has_failed(roster):
    federation, wrestlers = roster
    cup = tournament_create(federation=federation, name="Cup", entrants=wrestlers[:2])
    show = show_create(federation=federation)
    show.status = ShowStatus.FAILED
    show.save()
    with pytest.raises(ServiceError) as caught:
        tournament_advance(cup)
    assert str(caught.value) == SHOW_FAILED.format(show=show)
    assert not cup.bouts.filter(match__isnull=False).exists()
