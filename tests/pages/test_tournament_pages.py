"""The tournaments' pages: a vacant title's page offers a tournament; the form draws one (its
problems beside their fields); the tournament's page books a round, runs it, fills the bracket
and, once the final is decided, names the champion, who heads the title's lineage and the
federation's past winners."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from matches.models import Tournament, TournamentStatus
from matches.tournament_views import drawing_of
from matches.tournaments import tournament_advance, tournament_bracket, tournament_create
from promotion.selectors import federation_today
from promotion.services import injury_record
from promotion.services.titles import title_create
from tests.pages.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(sample):
    """A new singles title of the sample federation, never held: vacant."""
    return title_create(
        federation=sample, name="Foundry Cup", division="singles", introduced_on=dt.date(2024, 1, 1)
    )


def _new(slug: str) -> str:
    return reverse("tournament-create", args=[slug])


def test_a_vacant_titles_page_offers_a_tournament_to_bookers_only(client, users, sample, cup):
    url = reverse("title-detail", args=[sample.slug, cup.slug])
    offer = f'href="{_new(sample.slug)}?title={cup.slug}"'

    booker = client_for(client, users, "booker").get(url)
    assert booker.status_code == 200
    assert offer in booker.content.decode()
    assert "Start a tournament for this title" in booker.content.decode()

    client.logout()
    viewer = client_for(client, users, "viewer").get(url)
    assert offer not in viewer.content.decode()


def test_a_held_title_offers_no_tournament(client, users, sample):
    held = sample.titles.filter(reigns__ended_on__isnull=True).first()
    assert held is not None
    page = client_for(client, users, "owner").get(
        reverse("title-detail", args=[sample.slug, held.slug])
    )
    assert "Start a tournament for this title" not in page.content.decode()


def test_the_offer_leads_to_the_form_with_the_title_chosen(client, users, sample, cup):
    page = client_for(client, users, "owner").get(_new(sample.slug) + f"?title={cup.slug}")
    form = page.context["form"]

    assert form.initial["title"] == cup
    assert form.initial["name"] == "Foundry Cup tournament"
    assert form.initial["unit"] == "singles"


def _form(**fields) -> dict:
    return {
        "name": "Foundry Cup tournament",
        "format": "single_elimination",
        "unit": "singles",
        "rule_system": "",
        "seeding": "prestige",
        "size": "4",
        "entrants": "",
        "placement": "weekly",
        **fields,
    }


def test_a_field_seeded_by_hand_names_its_unknown_entrants_beside_the_field(client, users, sample):
    answer = client_for(client, users, "owner").post(
        _new(sample.slug), _form(seeding="hand", entrants="Nobody At All\n")
    )

    assert answer.status_code == 400
    assert answer.context["form"].errors["entrants"] == [
        f"No wrestler named 'Nobody At All' in {sample.name}."
    ]
    assert not Tournament.objects.exists()


def test_a_service_refusal_is_shown_beside_its_field(client, users, sample):
    held = sample.titles.filter(reigns__ended_on__isnull=True, division="singles").first()
    answer = client_for(client, users, "owner").post(_new(sample.slug), _form(title=str(held.pk)))

    assert answer.status_code == 400
    errors = answer.context["form"].errors
    assert list(errors) == ["title"]
    assert not Tournament.objects.exists()


def _bracket_names(html: str) -> str:
    start = html.index('class="bracket-box')
    return html[start : html.index("</ol>\n</div>", start)]


def test_a_title_tournament_runs_from_its_page_to_a_champion(
    client, users, sample, cup, django_capture_on_commit_callbacks, in_process
):
    owner = client_for(client, users, "owner")
    made = owner.post(_new(sample.slug), _form(title=str(cup.pk)))
    tournament = Tournament.objects.get()
    detail = tournament.get_absolute_url()
    assert made.status_code == 302 and made["Location"] == detail
    assert tournament.title == cup
    assert list(tournament.entrants.values_list("seed", flat=True)) == [1, 2, 3, 4]

    page = owner.get(detail).content.decode()
    assert "Book the semi-final" in page
    advance = reverse("tournament-advance", args=[sample.slug, tournament.slug])

    for round_name in ("semi-final", "final"):
        booked = owner.post(advance)
        assert booked.status_code == 302
        page = owner.get(detail)
        show = page.context["next_show"]
        assert show is not None, page.context["messages"]
        text = page.content.decode()
        assert f"Run the {round_name} now" in text
        with django_capture_on_commit_callbacks(execute=True):
            ran = owner.post(reverse("show-run", args=[sample.slug, show.number]))
        assert ran.status_code == 302
        show.refresh_from_db()
        assert show.status == "completed"

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.COMPLETED
    champion = tournament.winner
    page = owner.get(detail).content.decode()
    assert (
        f"<strong>{champion.name}</strong> won the tournament and is crowned Foundry Cup champion"
        in page
    )
    # Three bouts decided: each has one winner marked in the bracket.
    assert _bracket_names(page).count('class="side winner"') == 3 + 1  # and the champion's box

    lineage = owner.get(reverse("title-detail", args=[sample.slug, cup.slug]))
    rows = list(lineage.context["lineage"])  # (the last page: the latest reigns)
    assert rows[-1][1].reign.holder_wrestler == champion.wrestler
    won_how = rows[-1][1].reign.won_how
    assert won_how.startswith("won the tournament final over ")
    assert f"<td>{won_how}</td>" in " ".join(lineage.content.decode().split())

    home = owner.get(reverse("federation-detail", args=[sample.slug])).content.decode()
    assert (
        f'<a href="{detail}">Foundry Cup tournament</a>: <strong>{champion.name}</strong>' in home
    )


def test_calling_a_tournament_off(client, users, sample):
    owner = client_for(client, users, "owner")
    owner.post(_new(sample.slug), _form(name="Spring Cup"))
    tournament = Tournament.objects.get()
    answer = owner.post(reverse("tournament-cancel", args=[sample.slug, tournament.slug]))

    assert answer.status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.CANCELLED
    again = owner.post(
        reverse("tournament-cancel", args=[sample.slug, tournament.slug]), follow=True
    )
    assert "Spring Cup is cancelled; it cannot be cancelled." in again.content.decode()


def test_the_drawing_of_a_tournament_tells_byes_from_winners_to_come(sample):
    tournament = tournament_create(federation=sample, name="Five Cup", size=5)
    drawing = drawing_of(tournament_bracket(tournament))

    first, semi, final = drawing.rounds
    # Eight places for five: byes to seeds 1, 2 and 3, decided at once.
    assert [(b.top.seed, b.bottom.seed) for b in first.bouts] == [
        (1, None),
        (4, 5),
        (2, None),
        (3, None),
    ]
    assert [b.bottom.bye for b in first.bouts] == [True, False, True, True]
    assert [b.decided for b in first.bouts] == [True, False, True, True]
    # 1 waits for the winner of 4 v 5 (not a bye); 2 and 3 meet.
    assert [(b.top.seed, b.bottom.seed) for b in semi.bouts] == [(1, None), (2, 3)]
    assert (semi.bouts[0].bottom.known, semi.bouts[0].bottom.bye) == (False, False)
    assert [(s.known, s.bye) for s in final.bouts[0].sides] == [(False, False)] * 2
    assert drawing.champion is None
    seed_one = tournament.entrants.get(seed=1).wrestler
    assert first.bouts[0].top.url == reverse("wrestler-detail", args=[sample.slug, seed_one.slug])


def test_an_entrant_who_cannot_wrestle_is_drawn_as_withdrawn_with_the_reason(sample):
    tournament = tournament_create(federation=sample, name="Two Cup", size=2)
    hurt = tournament.entrants.get(seed=2).wrestler
    injury_record(wrestler=hurt, occurred_on=federation_today(sample), body_part="knee")
    booked = tournament_advance(tournament)
    assert booked == []  # (nobody to book: the final went by forfeit)
    show = sample.shows.order_by("-scheduled_at").first()
    when = f"{show.scheduled_at:%b} {show.date.day}, {show.date.year}"
    tournament.refresh_from_db()

    drawing = drawing_of(tournament_bracket(tournament))
    final = drawing.rounds[0].bouts[0]
    assert final.decided_by == "forfeit"
    assert final.top.winner and not final.bottom.winner
    # The reason beside the side that withdrew, said once.
    assert final.bottom.withdrew == f"{hurt.ring_name} is injured on {when}."
    assert (final.top.withdrew, final.note) == ("", "")
    assert drawing.champion is not None and drawing.champion.seed == 1
