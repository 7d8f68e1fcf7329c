"""The printable wrestler cards, as a page and as a PDF (docs/sharing.md, "Print").

The PDFs are opened by pypdf (not by the code under test): their pages counted (one card a
page, or two a page tiled) and their text read for the card's figures, written here from the
sample cards (``rules/data/sample/``) and, for an ARM sheet's derived values, worked out by hand
from the ARM tables (``rules/data/arm/attributes.yaml``, ``stuntrack.yaml``)."""

from __future__ import annotations

import io
import re
from importlib import resources

import pytest
import yaml
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from promotion import card_sheets
from promotion.models import Wrestler
from rules.models import WrestlerCard
from tests import factories

pytestmark = pytest.mark.django_db

HOLLOWAY = "bastian-holloway"
#: The dash of a range on the printed cards (an en dash: "SUB 2", TO, "3").
TO = "\N{EN DASH}"
#: Other sample wrestlers whose Filsinger cards fill a roster.
OTHERS = ("corrigan-vale", "felix-ardent", "gideon-pike", "nadia-sorrel")


def _sample(system: str, slug: str) -> dict:
    text = resources.files("rules").joinpath(f"data/sample/{system}/{slug}.yaml").read_text()
    return yaml.safe_load(text)


def _wrestler(federation, slug: str, systems=("filsinger", "superstar", "arm")) -> Wrestler:
    card = _sample("filsinger", slug)
    factories.WrestlerFactory(federation=federation, ring_name=card["name"], slug=slug)
    wrestler = Wrestler.objects.get(federation=federation, slug=slug)
    for system in systems:
        WrestlerCard.objects.create(
            wrestler=wrestler, system=system, data=_sample(system, slug), validated=True
        )
    return wrestler


@pytest.fixture
def fed():
    return factories.FederationFactory(slug="irongate", name="Irongate", is_public=True)


@pytest.fixture
def holloway(fed):
    return _wrestler(fed, HOLLOWAY)


def _pdf(response) -> PdfReader:
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/pdf"
    return PdfReader(io.BytesIO(response.content))


def _text(reader: PdfReader) -> str:
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in reader.pages))


def _wrestler_pdf(wrestler, **query):
    url = reverse("wrestler-print-pdf", args=[wrestler.federation.slug, wrestler.slug])
    return _pdf(Client().get(url, query))


def _roster_pdf(federation, **query):
    return _pdf(Client().get(reverse("roster-print-pdf", args=[federation.slug]), query))


# -- one wrestler --------------------------------------------------------------------------------


def test_one_wrestler_prints_one_page_a_card(holloway):
    reader = _wrestler_pdf(holloway)
    assert len(reader.pages) == 3  # Filsinger, Superstar, ARM: a page each, in that order
    pages = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert "PIN 6 (3)" in pages[0] and "GENERAL CARD" in pages[1] and "STUNTRACK" in pages[2]
    assert len(_wrestler_pdf(holloway, layout="tile").pages) == 2  # two a page: 2 + 1
    assert len(_wrestler_pdf(holloway, system="superstar").pages) == 1


def test_the_filsinger_card_prints_its_charts_and_ratings(holloway):
    text = _text(_wrestler_pdf(holloway, system="filsinger"))
    for words in (
        "BASTIAN HOLLOWAY",
        "Wristlock - 1",  # offense level 1, die 1
        "Dragon screw - 2 (ag)",  # level 2, die 5
        "Tiger suplex - 3 (Add 1)",  # level 3, die 1
        "Inside cradle - 3 (singles)",
        "HOLLOWAY LOCK (+2)",  # the finisher, level 3, die 5
        "(ch) B",
        "hurt - 2 (tag)",  # defense level 1, die 3
        "HOLLOWAY - 2",  # a counter
        "down - 3 (lv)",
        "PIN 6 (3)",
        "Disqualification 3",
        "Deathjump B",
    ):
        assert words in text, words


def test_the_superstar_card_prints_general_offensive_defensive_specialty_and_ropes(holloway):
    text = _text(_wrestler_pdf(holloway, system="superstar"))
    for words in (
        "GENERAL CARD",
        "OFFENSIVE CARD",
        "DEFENSIVE CARD",
        "SPECIALTY: HOLLOWAY LOCK",
        "ROPES",
        "Tiger suplex 12 P/A",
        "Hammerlock 6 *",
        "Throw out of ring (DQ)",
        "Sunset flip 9 P/A",
        "Reverse",
        "15 P/A",  # the specialty's sixth roll
        "PRIORITY 5/2",
        f"SUB 2{TO}3",
        f"TAG 2{TO}5",
    ):
        assert words in text, words


def test_the_arm_sheet_prints_attributes_derived_values_traits_and_maneuvers(holloway):
    text = _text(_wrestler_pdf(holloway, system="arm"))
    # STR TEC AGI BRA SAV STA TOU, as on the sample sheet.
    assert "STR TEC AGI BRA SAV STA TOU 12 17 12 9 15 15 12" in text
    # By hand from the attribute table: AGI 12 -> bonus 2 (band 11), STA 15 -> 3 (band 14);
    # 226 lb -> WDB 1 (band 200), Lift 0 (band 200); 72 in -> HDB 2 (band 72), Reach 0
    # (band 70), 3 Steps (band 60); Fame 610 -> Edge 6.
    assert "AGI bonus STA bonus WDB Lift HDB Reach Height in Steps Edge 2 3 1 0 2 0 3 6" in text
    # StunTrack: a level is int(TOU x 1.5 + STA x 1.5) = int(18 + 22.5) = 40 points wide.
    assert f"0{TO}40 41{TO}80 81{TO}120 121{TO}160 161{TO}200" in text
    for words in (
        "Fresh (-0)",
        "Exhausted (-4)",
        "Cross Armbar — finisher: Holloway Lock",
        "Finisher: Holloway Lock (Cross Armbar)",
        "Style Technician",
        "Ring General",
    ):
        assert words in text, words


def test_a_wrestler_without_a_card_for_the_system_gets_a_note(fed):
    wrestler = _wrestler(fed, "corrigan-vale", systems=("filsinger",))
    page = Client().get(
        reverse("wrestler-print", args=[fed.slug, wrestler.slug]), {"system": "arm"}
    )
    assert page.status_code == 200
    assert "Corrigan Vale has no ARM (RingMaster) card yet." in page.content.decode()
    reader = _wrestler_pdf(wrestler, system="arm")
    assert len(reader.pages) == 1
    assert "Corrigan Vale has no ARM (RingMaster) card yet." in _text(reader)


def test_a_card_its_engine_refuses_is_printed_with_its_problem(fed):
    wrestler = _wrestler(fed, "corrigan-vale", systems=())
    data = _sample("filsinger", "corrigan-vale")
    data["ratings"]["pin"] = "seven"
    WrestlerCard.objects.create(wrestler=wrestler, system="filsinger", data=data)
    page = Client().get(reverse("wrestler-print", args=[fed.slug, wrestler.slug]))
    body = page.content.decode()
    assert page.status_code == 200
    assert "This card does not check: ratings.pin" in body


# -- the roster ----------------------------------------------------------------------------------


@pytest.fixture
def roster(fed, holloway):
    """Five wrestlers with a Filsinger card, one without any, one retired."""
    for slug in OTHERS:
        _wrestler(fed, slug, systems=("filsinger",))
    factories.WrestlerFactory(federation=fed, ring_name="Zed Nocard", slug="zed-nocard")
    retired = _wrestler(fed, "hollis-crane", systems=("filsinger",))
    retired.status = "retired"
    retired.save(update_fields=["status"])
    return fed


def test_a_roster_of_five_prints_five_pages_or_three_tiled(roster):
    reader = _roster_pdf(roster)  # the federation's own system: Filsinger
    assert len(reader.pages) == 5
    text = _text(reader)
    for name in ("BASTIAN HOLLOWAY", "CORRIGAN VALE", "FELIX ARDENT", "GIDEON PIKE"):
        assert name in text
    assert "HOLLIS CRANE" not in text  # retired
    assert "Without a card for it, not printed: Zed Nocard." in text
    assert len(_roster_pdf(roster, layout="tile").pages) == 3  # 2 + 2 + 1
    # Superstar: Holloway alone has a card.
    assert len(_roster_pdf(roster, system="superstar").pages) == 1


def test_the_roster_prints_in_bounded_parts_saying_so(roster, monkeypatch):
    monkeypatch.setattr(card_sheets, "ROSTER_PART", 2)
    first = Client().get(reverse("roster-print", args=[roster.slug]))
    body = first.content.decode()
    assert f"Wrestlers 1{TO}2 of 5 with a Filsinger card game card: part 1 of 3" in body
    assert "part=2" in body and "Part 2 →" in body
    assert len(_roster_pdf(roster, part="2").pages) == 2
    last = _roster_pdf(roster, part="3")
    assert len(last.pages) == 1
    assert f"Wrestlers 5{TO}5 of 5" in _text(last)
    # A part past the last is the last; one that is no number, the first.
    assert len(_roster_pdf(roster, part="99").pages) == 1
    assert f"Wrestlers 1{TO}2 of 5" in _text(_roster_pdf(roster, part="two"))


def test_the_roster_finds_wrestlers_by_name(roster):
    reader = _roster_pdf(roster, q="gideon")
    assert len(reader.pages) == 1
    assert "GIDEON PIKE" in _text(reader)


# -- the page ------------------------------------------------------------------------------------


def test_the_page_shows_each_systems_parts(holloway):
    page = Client().get(reverse("wrestler-print", args=[holloway.federation.slug, HOLLOWAY]))
    body = page.content.decode()
    assert page.status_code == 200
    for words in (
        "Offense",
        "Defense",
        "Level 3",
        "Turnbuckle",
        "General card",
        "Offensive card",
        "Defensive card",
        "Specialty: Holloway Lock",
        "<caption>Ropes</caption>",
        "Derived values",
        "StunTrack",
        "Maneuvers",
        "Merits and flaws",
    ):
        assert words in body, words
    assert 'href="/static/site/print.css"' in body
    assert reverse("wrestler-print-pdf", args=[holloway.federation.slug, HOLLOWAY]) in body


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ({"system": "chess"}, "system: no rule system of that name"),
        ({"layout": "poster"}, "layout: no layout of that name"),
    ],
)
@pytest.mark.parametrize("name", ["wrestler-print", "wrestler-print-pdf"])
def test_bad_input_is_refused_naming_the_field(holloway, name, query, named):
    response = Client().get(reverse(name, args=[holloway.federation.slug, HOLLOWAY]), query)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")
    assert named in response.content.decode()


def test_the_roster_refuses_an_unknown_system(roster):
    response = Client().get(reverse("roster-print-pdf", args=[roster.slug]), {"system": "go"})
    assert response.status_code == 400
    assert "system: no rule system of that name" in response.content.decode()


def test_the_wrestler_and_roster_pages_link_to_their_cards(holloway):
    slug = holloway.federation.slug
    detail = Client().get(reverse("wrestler-detail", args=[slug, HOLLOWAY])).content.decode()
    assert f'href="{reverse("wrestler-print", args=[slug, HOLLOWAY])}"' in detail
    assert f'href="{reverse("wrestler-print-pdf", args=[slug, HOLLOWAY])}"' in detail
    assert ">Print card<" in detail
    roster = Client().get(reverse("roster", args=[slug])).content.decode()
    assert f'href="{reverse("roster-print", args=[slug])}">Print the roster as cards<' in roster


def test_a_private_federations_cards_are_its_members_alone(holloway):
    fed = holloway.federation
    fed.is_public = False
    fed.save(update_fields=["is_public"])
    url = reverse("wrestler-print-pdf", args=[fed.slug, HOLLOWAY])
    assert Client().get(url).status_code == 404
    owner = Client()
    owner.force_login(fed.owner)
    assert len(_pdf(owner.get(url, {"system": "arm"})).pages) == 1


def test_a_part_holds_twelve_wrestlers(fed):
    """The bound docs/sharing.md states: 12 wrestlers a part."""
    card = _sample("filsinger", HOLLOWAY)
    for n in range(13):
        factories.WrestlerFactory(federation=fed, ring_name=f"Ringer {n:02}", slug=f"ringer-{n}")
        WrestlerCard.objects.create(
            wrestler=Wrestler.objects.get(federation=fed, slug=f"ringer-{n}"),
            system="filsinger",
            data={**card, "name": f"Ringer {n:02}"},
        )
    first = Client().get(reverse("roster-print", args=[fed.slug])).content.decode()
    assert f"Wrestlers 1{TO}12 of 13 with a Filsinger card game card: part 1 of 2" in first
    assert first.count('<section class="print-sheet') == 12
    second = Client().get(reverse("roster-print", args=[fed.slug]), {"part": 2}).content.decode()
    assert f"Wrestlers 13{TO}13 of 13" in second and "Ringer 12" in second
    assert second.count('<section class="print-sheet') == 1
