"""A federation in a minute (``matches.founding.federation_found``): from nothing to a completed
first show, the generated roster, the titles and their first champions, all or nothing; and a
generated card for a wrestler who has none of a system (``promotion.services.card_generate``)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.urls import reverse

from matches.founding import federation_found
from matches.models import Show, ShowStatus, Tournament
from matches.services import show_run_now
from promotion.models import Federation, TitleReign, Wrestler
from promotion.services import ServiceError, card_generate
from rules.models import WrestlerCard
from rules.registry import systems
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return factories.UserFactory(username="founder")


def found(owner, **kwargs):
    args = {
        "owner": owner,
        "name": "Harbour Lights Wrestling",
        "default_venue": "The Old Mill",
        "rule_system": "filsinger",
        "roster_size": 16,
        "titles": ["world", "midcard"],
        "champions": "tournament",
        "show_weekday": 4,
        "show_time": dt.time(20, 0),
        "seed": 42,
        **kwargs,
    }
    return federation_found(**args)


def run(show, capture):
    """Wrestle a show now, its tasks run in this process as the transaction would commit."""
    with capture(execute=True):
        show_run_now(show=show)
    show.refresh_from_db()
    return show


def test_from_nothing_to_a_completed_first_show(
    owner, in_process, django_capture_on_commit_callbacks
):
    report = found(owner)
    federation = Federation.objects.get(slug="harbour-lights-wrestling")
    assert federation.owner == owner
    assert federation.default_venue == "The Old Mill"
    assert federation.show_weekday == 4
    assert federation.show_time == dt.time(20, 0)
    # Sixteen generated wrestlers, each with a card for every system, every card valid.
    roster = list(federation.wrestlers.all())
    assert len(roster) == 16
    cards = WrestlerCard.objects.filter(wrestler__federation=federation)
    assert cards.count() == 16 * 3
    for card in cards:
        assert card.validated
        systems[card.system].parse_card(card.data)
    # Every style on the roster; the tiers shaped like a card (4, 6, 4, 2 of sixteen).
    styles = [w.style for w in roster]
    for word in ("Brawler", "Technician", "High-flyer", "Powerhouse", "All-rounder"):
        assert any(s.startswith(word) for s in styles)
    assert sum("(main-eventer)" in s for s in styles) == 2
    assert sum("(jobber)" in s for s in styles) == 4
    # Two titles, each with a one-night tournament of eight, its first round booked.
    assert sorted(t.name for t in report.titles) == [
        "Mid-Card Championship",
        "World Heavyweight Championship",
    ]
    tournaments = Tournament.objects.filter(federation=federation)
    assert tournaments.count() == 2
    for tournament in tournaments:
        assert tournament.entrants.count() == 8
        assert tournament.event is not None
        assert tournament.event.matches.count() == 4
    # The world title's field is the top of the roster by Prestige.
    world = tournaments.get(title__slug="world-heavyweight-championship")
    top8 = set(federation.wrestlers.order_by("-prestige").values_list("pk", flat=True)[:8])
    assert set(world.entrants.values_list("wrestler_id", flat=True)) == top8
    # The first show: the first weekly slot, a full card by the auto-booker.
    show = report.show
    assert show.number == 1
    assert show.status == ShowStatus.BOOKED
    assert show.matches.count() == federation.card_size
    assert show.scheduled_at < world.event.scheduled_at
    # ... and it runs to the end.
    show = run(show, django_capture_on_commit_callbacks)
    assert show.status == ShowStatus.COMPLETED
    assert all(m.winner_side is not None or m.method for m in show.matches.all())


def test_the_tournament_night_crowns_the_first_champion(
    owner, in_process, django_capture_on_commit_callbacks
):
    report = found(owner, titles=["world"], roster_size=8)
    federation = report.federation
    # The first show, then the night: the quarter-finals, the semi-finals, the final, each
    # round's show booked as the one before it is wrestled.
    for _ in range(4):
        due = federation.shows.filter(status__in=["booked", "scheduled"]).order_by("scheduled_at")
        if not due.exists():
            break
        run(due.first(), django_capture_on_commit_callbacks)
    tournament = Tournament.objects.get(pk=report.tournaments[0].pk)
    assert tournament.status == "completed"
    assert federation.shows.filter(status="completed").count() == 4
    reign = TitleReign.objects.get(title=report.titles[0])
    assert reign.number == 1
    assert reign.holder_wrestler in set(report.wrestlers)
    assert "tournament final" in reign.won_how


def test_champions_by_hand_and_a_tag_title(owner):
    report = found(owner, titles=["world", "midcard", "tag"], champions="hand")
    federation = report.federation
    assert federation.teams.count() == 4
    reigns = {r.title.slug: r for r in TitleReign.objects.filter(title__federation=federation)}
    assert set(reigns) == {
        "world-heavyweight-championship",
        "mid-card-championship",
        "tag-team-championship",
    }
    top = federation.wrestlers.order_by("-prestige").first()
    assert reigns["world-heavyweight-championship"].holder_wrestler == top
    assert reigns["tag-team-championship"].holder_team is not None
    assert not Tournament.objects.filter(federation=federation).exists()
    assert report.show.matches.exists()


def test_the_same_seed_signs_the_same_roster(owner):
    first = found(owner, name="One", seed=7)
    second = found(owner, name="Two", seed=7)
    names = lambda r: [w.ring_name for w in r.wrestlers]  # noqa: E731
    assert names(first) == names(second)
    cards = lambda r: [  # noqa: E731
        c.data
        for c in WrestlerCard.objects.filter(wrestler__federation=r.federation).order_by(
            "wrestler__slug", "system"
        )
    ]
    assert cards(first) == cards(second)
    assert names(found(owner, name="Three", seed=8)) != names(first)
    # A name another federation has: its address is numbered on.
    assert found(owner, name="One", seed=9).federation.slug == "one-2"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"rule_system": "chess"}, "rule_system"),
        ({"titles": ["world", "womens"]}, "titles"),
        ({"champions": "coin toss"}, "champions"),
        ({"roster_size": 3, "titles": []}, "roster_size"),
        ({"roster_size": 6}, "roster_size"),
        ({"seed": -5}, "seed"),
        ({"name": ""}, "name"),
    ],
)
def test_bad_input_is_refused_by_field_and_nothing_is_written(owner, kwargs, field):
    with pytest.raises(ServiceError) as refused:
        found(owner, **kwargs)
    assert field in [f for f, _ in refused.value.by_field]
    assert not Federation.objects.exists()
    assert not Wrestler.objects.exists()
    assert not Show.objects.exists()


def test_a_failure_late_in_the_founding_leaves_nothing(owner, monkeypatch):
    """All or nothing: the auto-booker refusing at the very end takes the roster back too."""
    import matches.founding as founding

    def refuse(**kwargs):
        raise ServiceError("no card tonight")

    monkeypatch.setattr(founding, "show_autobook", refuse)
    with pytest.raises(ServiceError):
        found(owner)
    assert not Federation.objects.exists()
    assert not Wrestler.objects.exists()
    assert not WrestlerCard.objects.exists()


# -- a generated card for one wrestler --------------------------------------------------------


def test_a_wrestler_is_given_a_generated_card_for_a_system_he_has_none_for(federation):
    wrestler = factories.WrestlerFactory(
        federation=federation, ring_name="Kit Vale", height_in=70, weight_lb=230, alignment="heel"
    )
    made = card_generate(
        wrestler=wrestler, system="arm", style="Powerhouse", tier="main eventer", seed=11
    )
    assert (made.style, made.tier, made.seed) == ("powerhouse", "main-eventer", 11)
    card = made.card
    assert card.validated
    assert card.data["name"] == "Kit Vale"
    assert card.data["height"] == 70
    assert card.data["weight"] == 230
    assert card.data["alignment"] == "heel"
    # The documented main-eventer's total (docs/cards.md): 112.
    assert sum(card.data["attributes"].values()) == 112
    with pytest.raises(ServiceError) as refused:
        card_generate(wrestler=wrestler, system="arm", seed=12)
    assert refused.value.by_field[0][0] == "system"
    assert WrestlerCard.objects.get(wrestler=wrestler, system="arm").data == card.data


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"system": "chess"}, "system"),
        ({"style": "luchador"}, "style"),
        ({"tier": "legend"}, "tier"),
        ({"seed": "x"}, "seed"),
    ],
)
def test_a_generated_card_refused_by_field_writes_nothing(federation, kwargs, field):
    wrestler = factories.WrestlerFactory(federation=federation)
    with pytest.raises(ServiceError) as refused:
        card_generate(wrestler=wrestler, **{"system": "superstar", **kwargs})
    assert refused.value.by_field[0][0] == field
    assert not WrestlerCard.objects.filter(wrestler=wrestler).exists()


def test_the_command_founds_a_federation(owner, capsys):
    call_command(
        "new_federation",
        "Gravel Pit Wrestling",
        "--owner",
        "founder",
        "--system",
        "superstar",
        "--roster",
        "8",
        "--titles",
        "world",
        "--seed",
        "3",
    )
    out = capsys.readouterr().out
    federation = Federation.objects.get(slug="gravel-pit-wrestling")
    assert federation.rule_system == "superstar"
    assert federation.wrestlers.count() == 8
    assert "Gravel Pit Wrestling" in out
    assert "seed 3" in out


# -- the pages ---------------------------------------------------------------------------------


def test_the_wrestler_page_offers_a_generated_card_for_the_missing_systems(federation, client):
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Kit Vale")
    card_generate(wrestler=wrestler, system="filsinger", seed=1)
    client.force_login(federation.owner)
    page = client.get(reverse("wrestler-detail", args=[federation.slug, wrestler.slug]))
    html = page.content.decode()
    assert "Generate a card" in html
    form = html[html.index("data-generate-card") :]
    form = form[: form.index("</form>")]
    assert 'value="arm"' in form
    assert 'value="superstar"' in form
    assert 'value="filsinger"' not in form  # (he has one)
    answer = client.post(
        reverse("card-generate", args=[federation.slug, wrestler.slug]),
        {"system": "superstar", "style": "high-flyer", "tier": "jobber", "seed": "3"},
        follow=True,
    )
    assert "has a generated Superstar Pro Wrestling card: a high-flyer jobber (seed 3" in (
        answer.content.decode()
    )
    assert WrestlerCard.objects.filter(wrestler=wrestler, system="superstar").exists()
    # A refusal is said, naming the field, and writes nothing.
    answer = client.post(
        reverse("card-generate", args=[federation.slug, wrestler.slug]),
        {"system": "filsinger"},
        follow=True,
    )
    assert "Rule system: Kit Vale has a Filsinger card game card already" in (
        answer.content.decode()
    )


def test_the_wizard_page_refuses_beside_the_field(owner, client):
    client.force_login(owner)
    assert client.get(reverse("federation-found")).status_code == 200
    answer = client.post(
        reverse("federation-found"),
        {
            "name": "Tiny",
            "rule_system": "arm",
            "time_zone": "UTC",
            "show_weekday": 4,
            "show_time": "20:00",
            "roster_size": 6,
            "titles": ["world", "midcard"],
            "champions": "tournament",
        },
    )
    assert answer.status_code == 400
    assert "too small" in " ".join(answer.context["form"].errors["roster_size"])
    assert not Federation.objects.exists()


def test_the_wizard_page_founds_and_opens_the_first_show(owner, client):
    client.force_login(owner)
    answer = client.post(
        reverse("federation-found"),
        {
            "name": "Gravel Pit",
            "rule_system": "arm",
            "time_zone": "UTC",
            "show_weekday": 2,
            "show_time": "19:00",
            "roster_size": 8,
            "titles": ["world"],
            "champions": "hand",
            "seed": 4,
        },
    )
    federation = Federation.objects.get(slug="gravel-pit")
    assert answer.status_code == 302
    assert answer["Location"] == reverse("show-detail", args=[federation.slug, 1])
    assert federation.rule_system == "arm"
    assert federation.wrestlers.count() == 8
