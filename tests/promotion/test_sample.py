import itertools

import pytest
from django.core.management import CommandError, call_command

from promotion.models import Federation, TeamKind
from promotion.sample import sample_data
from rules.models import System, WrestlerCard

pytestmark = pytest.mark.django_db


@pytest.fixture
def sample():
    call_command("load_sample_federation", owner="promoter", verbosity=0)
    return Federation.objects.get(slug=sample_data()["federation"]["slug"])


def test_the_sample_federation_is_complete(sample):
    assert sample.wrestlers.count() >= 16
    assert {w.alignment for w in sample.wrestlers.all()} == {"face", "heel", "tweener"}
    kinds = [team.kind for team in sample.teams.all()]
    assert kinds.count(TeamKind.TAG_TEAM) >= 2
    assert kinds.count(TeamKind.STABLE) >= 1
    assert {t.division for t in sample.titles.all()} == {"singles", "tag"}
    assert sample.titles.count() >= 3
    assert sample.feuds.exclude(status="ended").exists()


def test_every_sample_wrestler_has_a_card_in_every_system(sample):
    for wrestler in sample.wrestlers.all():
        assert set(wrestler.cards.values_list("system", flat=True)) == set(System.values)


def test_sample_lineages_are_contiguous_with_one_open_reign(sample):
    for title in sample.titles.all():
        reigns = list(title.reigns.order_by("number"))
        assert len(reigns) >= 2
        assert [r.number for r in reigns] == list(range(1, len(reigns) + 1))
        assert [r.ended_on is None for r in reigns] == [False] * (len(reigns) - 1) + [True]
        for before, after in itertools.pairwise(reigns):
            assert before.ended_on <= after.won_on
        if title.division == "tag":
            assert all(r.holder_team_id for r in reigns)


def test_the_ledger_explains_every_starting_standing(sample):
    for wrestler in sample.wrestlers.all():
        for attribute in ("fame", "prestige", "heat", "edge"):
            total = sum(
                wrestler.standing_changes.filter(attribute=attribute).values_list(
                    "delta", flat=True
                )
            )
            assert total == getattr(wrestler, attribute)


def test_loading_twice_is_refused_unless_replacing(sample):
    with pytest.raises(CommandError, match="exists already"):
        call_command("load_sample_federation", verbosity=0)
    call_command("load_sample_federation", replace=True, verbosity=0)
    assert Federation.objects.filter(slug=sample.slug).count() == 1


def test_engine_cards_are_validated_when_the_engine_has_landed(sample):
    from rules import registry

    for system in System.values:
        cards = WrestlerCard.objects.filter(wrestler__federation=sample, system=system)
        assert cards.filter(validated=system in registry.systems).count() == cards.count()
