"""Signing a wrestler: starting Fame and Prestige (given, or the roster's lower quartile), names
as plain text, through the service from the admin too; and a new signing gets booked."""

import datetime as dt
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from matches.models import MatchParticipant
from promotion.models import Federation, StandingChange, Wrestler
from promotion.sample import sample_card
from promotion.selectors import suggested_start
from promotion.services import ServiceError, card_store, wrestler_create
from tests import factories

pytestmark = pytest.mark.django_db


def test_starting_figures_default_to_the_rosters_lower_quartile():
    federation = factories.FederationFactory()
    for prestige in (100, 200, 300, 400, 500):
        factories.WrestlerFactory(federation=federation, prestige=prestige, fame=prestige * 2)
    # The lower quartile of five: the second smallest, (5 - 1) // 4 = index 1.
    assert suggested_start(federation=federation) == {"fame": 400, "prestige": 200}
    rookie = wrestler_create(federation=federation, ring_name="Rookie", slug="rookie")
    assert (rookie.prestige, rookie.fame, rookie.edge) == (200, 400, 4)
    rows = StandingChange.objects.filter(wrestler=rookie)
    assert {(r.attribute, r.delta) for r in rows} == {("prestige", 200), ("fame", 400), ("edge", 4)}


def test_an_empty_roster_starts_its_first_signing_at_zero():
    federation = factories.FederationFactory()
    first = wrestler_create(federation=federation, ring_name="First", slug="first")
    assert (first.prestige, first.fame) == (0, 0)


@pytest.mark.parametrize("name", ["Evil\u202eniaga", "Two\nlines", "Bell\x07"])
def test_names_with_control_characters_are_refused(name):
    federation = factories.FederationFactory()
    with pytest.raises(ServiceError, match=r"control character|line break"):
        wrestler_create(federation=federation, ring_name=name, slug="x")
    assert not Wrestler.objects.exists()


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ada\u200bVance", "U+200B (ZERO WIDTH SPACE) at character 4"),
        ("\ufeffAda Vance", "U+FEFF (ZERO WIDTH NO-BREAK SPACE) at character 1"),
        ("Ada\u2028Vance", "U+2028 (LINE SEPARATOR) at character 4"),
        ("Ada Van\u00adce", "U+00AD (SOFT HYPHEN) at character 8"),
    ],
)
def test_names_with_invisible_characters_are_refused(name, problem):
    # Two names that read alike would be two wrestlers ("Ada Vance" and "Ada<zero width>Vance").
    federation = factories.FederationFactory()
    wrestler_create(federation=federation, ring_name="Ada Vance", slug="ada")
    with pytest.raises(ServiceError) as refused:
        wrestler_create(federation=federation, ring_name=name, slug="x")
    assert str(refused.value) == (
        f"Ring name: Remove the invisible character {problem}: the field takes plain text."
    )
    assert Wrestler.objects.count() == 1


def test_a_name_keeps_the_joiners_its_script_or_emoji_are_written_with():
    federation = factories.FederationFactory()
    for n, name in enumerate(["Mehr\u200cdad", "The Family \U0001f468\u200d\U0001f469"]):
        assert (
            wrestler_create(federation=federation, ring_name=name, slug=f"w{n}").ring_name == name
        )


def test_the_admin_signs_through_the_service(admin_client):
    federation = factories.FederationFactory()
    url = reverse("admin:promotion_wrestler_add")
    data = {
        "federation": federation.pk,
        "ring_name": "Nova Quill",
        "slug": "nova-quill",
        "alignment": "face",
        "starting_fame": "250",
        "starting_prestige": "180",
        "starting_heat": "1",
    }
    assert admin_client.post(url, data).status_code == 302
    nova = Wrestler.objects.get(slug="nova-quill")
    assert (nova.fame, nova.prestige, nova.heat, nova.edge) == (250, 180, 1, 2)
    assert nova.standing_changes.count() == 4
    bad = admin_client.post(url, {**data, "slug": "other", "ring_name": "Nova\u202eQuill"})
    assert bad.status_code == 200
    assert "control character" in bad.content.decode()
    taken = admin_client.post(url, data)
    assert "already has a wrestler with the slug" in taken.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_new_signing_at_zero_is_booked_within_his_first_three_weeks(in_process):
    call_command("load_sample_federation", verbosity=0)
    federation = Federation.objects.get(slug="copperline")
    rookie = wrestler_create(
        federation=federation, ring_name="Nova Quill", slug="nova-quill", fame=0, prestige=0
    )
    card_store(wrestler=rookie, system="filsinger", data=sample_card("filsinger", "felix-ardent"))
    call_command(
        "simulate_season",
        "copperline",
        weeks=3,
        seed=3,
        start=dt.date(2026, 9, 4),
        no_progress=True,
        stdout=io.StringIO(),
    )
    assert MatchParticipant.objects.filter(wrestler=rookie).exists()


@pytest.mark.parametrize(
    "slug, problem",
    [
        ("a" * 81, "Slug: Ensure this value has at most 80 characters (it has 81)."),
        (
            "corrigan vale!",
            "Slug: Enter a valid “slug” consisting of letters, numbers, underscores or hyphens.",
        ),
    ],
)
def test_a_slug_the_column_cannot_hold_is_refused_naming_it(slug, problem):
    """A slug too long or of other letters is named at the service, every door alike (the
    database would refuse it on PostgreSQL: an answer 500), and nothing is signed."""
    federation = factories.FederationFactory()
    with pytest.raises(ServiceError) as refused:
        wrestler_create(federation=federation, ring_name="Corrigan Vale", slug=slug)
    assert str(refused.value) == problem
    assert [field for field, _ in refused.value.by_field] == ["slug"]
    assert not Wrestler.objects.filter(federation=federation).exists()
