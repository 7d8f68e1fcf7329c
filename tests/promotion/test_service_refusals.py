"""Every refusal of ``promotion.services``, each triggered alone and checked word for word, with a
test that the list is whole (a new message constant needs its test here)."""

from __future__ import annotations

import datetime as dt

import pytest

from promotion import services
from promotion.sample import sample_card
from tests import factories
from tests.promotion.refusals import TESTED, names, refused, signed
from tests.promotion.test_charts import a_card_naming, choice_chart_without

pytestmark = pytest.mark.django_db

ON = dt.date(2026, 10, 2)


@names("REIGN_WRONG_DIVISION_SINGLES")
def test_a_team_cannot_hold_a_singles_title(federation):
    title = factories.TitleFactory(federation=federation, name="World Title")
    team = factories.TeamFactory(federation=federation)
    assert refused(services.reign_start, title=title, holder=team, won_on=ON) == (
        "The World Title is a singles title; a team cannot hold it."
    )


@names("REIGN_WRONG_DIVISION_TAG")
def test_a_wrestler_cannot_hold_a_tag_title(federation):
    title = factories.TitleFactory(federation=federation, name="Tag Titles", division="tag")
    wrestler = factories.WrestlerFactory(federation=federation)
    assert refused(services.reign_start, title=title, holder=wrestler, won_on=ON) == (
        "The Tag Titles is a tag-team title; it goes to a team."
    )


@names("REIGN_HOLDER_REQUIRED")
def test_a_reign_needs_a_holder(federation):
    title = factories.TitleFactory(federation=federation)
    assert refused(services.reign_start, title=title, holder=None, won_on=ON) == (
        services.REIGN_HOLDER_REQUIRED
    )


@names("REIGN_OTHER_FEDERATION")
@pytest.mark.parametrize("division", ["singles", "tag"])
def test_a_holder_of_another_federation_is_refused(federation, division):
    title = factories.TitleFactory(federation=federation, name="Belt", division=division)
    outsider = (
        (factories.TeamFactory if division == "tag" else factories.WrestlerFactory)(
            name="Strangers"
        )
        if division == "tag"
        else factories.WrestlerFactory(ring_name="Stranger")
    )
    assert refused(services.reign_start, title=title, holder=outsider, won_on=ON) == (
        f"{outsider} does not belong to the federation of the Belt."
    )
    assert not title.reigns.exists()


@names("REIGN_BEFORE_PREVIOUS")
def test_a_reign_cannot_start_before_the_last_one_ended(federation):
    title = factories.TitleFactory(federation=federation, name="Belt")
    a, b = factories.WrestlerFactory.create_batch(2, federation=federation)
    first = services.reign_start(title=title, holder=a, won_on=ON)
    services.reign_end(reign=first, ended_on=ON + dt.timedelta(days=10), reason="vacated")
    assert refused(services.reign_start, title=title, holder=b, won_on=ON) == (
        "A new reign of the Belt cannot start before the last one ended (Oct 12, 2026)."
    )
    second = services.reign_start(title=title, holder=b, won_on=ON + dt.timedelta(days=10))
    assert (second.number, second.holder_reign_number) == (2, 1)


@names("REIGN_ENDS_BEFORE_START")
def test_a_reign_cannot_end_before_it_started(federation):
    reign = services.reign_start(
        title=factories.TitleFactory(federation=federation),
        holder=factories.WrestlerFactory(federation=federation),
        won_on=ON,
    )
    day_before = ON - dt.timedelta(days=1)
    assert refused(services.reign_end, reign=reign, ended_on=day_before) == (
        "A reign cannot end (Oct 1, 2026) before it started (Oct 2, 2026)."
    )
    ended = services.reign_end(reign=reign, ended_on=ON, reason="vacated")
    assert (ended.ended_on, ended.end_reason) == (ON, "vacated")


@names("UNKNOWN_SYSTEM")
def test_an_unknown_rule_system_is_named_with_the_known_ones(federation):
    from rules import registry

    assert refused(
        services.chart_override_save, federation=federation, system="wwf", chart="x", data={}
    ) == (f"Unknown rule system 'wwf'; known systems: {', '.join(registry.systems)}.")
    wrestler = factories.WrestlerFactory(federation=federation)
    assert refused(services.card_store, wrestler=wrestler, system="wwf", data={}) == (
        "Unknown rule system 'wwf'; known systems: filsinger, superstar, arm."
    )


@names("UNKNOWN_STANDING")
def test_an_unknown_standing_is_refused(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    assert refused(
        services.standing_change, wrestler=wrestler, attribute="charisma", delta=1, reason="?"
    ) == ("Unknown standing 'charisma'; it is one of fame, prestige, heat, edge.")


@names("WRESTLER_NAME_REQUIRED")
@pytest.mark.parametrize(("ring_name", "slug"), [("", "x"), ("   ", "x"), ("X", "")])
def test_a_wrestler_needs_a_ring_name_and_a_slug(federation, ring_name, slug):
    assert refused(
        services.wrestler_create, federation=federation, ring_name=ring_name, slug=slug
    ) == ("A wrestler needs a ring name and a slug.")


def test_a_wrestlers_new_ring_name_is_checked(federation):
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Old Name")
    assert refused(services.wrestler_update, wrestler=wrestler, ring_name="  ") == (
        services.WRESTLER_NAME_REQUIRED
    )
    message = refused(services.wrestler_update, wrestler=wrestler, ring_name="Evil\u202eName")
    assert message.startswith("Ring name: ")
    wrestler.refresh_from_db()
    assert wrestler.ring_name == "Old Name"
    assert services.wrestler_update(wrestler=wrestler, ring_name="New Name").ring_name == "New Name"
    assert refused(services.wrestler_update, wrestler=wrestler, fame=5, slug="x") == (
        "These cannot be set here: fame, slug."
    )


@names("WRESTLER_SLUG_TAKEN")
def test_a_slug_taken_in_the_federation_is_refused(federation):
    federation.name = "Copperline"
    federation.save()
    factories.WrestlerFactory(federation=federation, slug="ace")
    assert refused(
        services.wrestler_create, federation=federation, ring_name="Ace", slug="ace"
    ) == ("Copperline already has a wrestler with the slug 'ace'.")
    assert services.wrestler_create(
        federation=factories.FederationFactory(), ring_name="Ace", slug="ace"
    )


def test_negative_starting_figures_are_refused_together(federation):
    assert refused(
        services.wrestler_create,
        federation=federation,
        ring_name="Ace",
        slug="ace",
        fame=-1,
        prestige=-2,
    ) == ("Starting Fame is 0 to 100,000, not -1. Starting Prestige is 0 to 100,000, not -2.")


@names("CHART_BREAKS_CARDS")
def test_a_chart_that_would_leave_a_stored_card_unplayable_is_refused(federation):
    """(tests/promotion/test_charts.py has the chart saved once no card names the column.)"""
    wrestler = factories.WrestlerFactory(federation=federation, ring_name="Skylar Finch")
    services.card_store(wrestler=wrestler, system="filsinger", data=a_card_naming("B"))
    assert refused(
        services.chart_override_save,
        federation=federation,
        system="filsinger",
        chart="choice_situations",
        data=choice_chart_without("B"),
    ) == (
        "With this chart, 1 stored card(s) would no longer play:\n"
        "Skylar Finch: offense.1[4].choice_situation: no column 'B' in the Choice Situations "
        "chart (columns: A, C, D, E, F)"
    )
    assert not federation.chart_overrides.exists()


@names("SLUG_TAKEN")
def test_a_federation_slug_taken_is_refused(federation):
    assert refused(
        services.federation_create, owner=federation.owner, name="Another", slug=federation.slug
    ) == (f"The address (slug) {federation.slug!r} is taken; choose another.")


@names("OWNER_NOT_MEMBER")
def test_the_owner_needs_no_membership(federation):
    owner = federation.owner
    assert refused(services.membership_set, federation=federation, user=owner, role="booker") == (
        f"{owner} owns {federation}; an owner needs no membership."
    )


@names("NOT_A_MEMBER")
def test_removing_someone_who_is_not_a_member_is_refused(federation):
    user = factories.UserFactory(username="drifter")
    assert refused(services.membership_remove, federation=federation, user=user) == (
        f"drifter is not a member of {federation}."
    )
    services.membership_set(federation=federation, user=user, role="viewer")
    services.membership_remove(federation=federation, user=user)
    assert not federation.memberships.exists()


def test_an_unknown_role_is_refused(federation):
    user = factories.UserFactory()
    assert refused(services.membership_set, federation=federation, user=user, role="boss") == (
        "Unknown role 'boss'; a member is a booker or a viewer."
    )


@names("NO_SUCH_WRESTLER", "CARD_NAMES_NOBODY")
def test_a_card_import_names_a_card_naming_nobody_and_one_naming_nobody_here(federation):
    """(tests/promotion/test_cards_import.py has them in the command's report, with the files.)"""
    card = sample_card("filsinger", "skylar-finch")
    nameless = {key: value for key, value in card.items() if key != "name"}
    cards = [nameless, card | {"name": "Nobody"}, card | {"slug": "nobody"}]
    with pytest.raises(services.CardImportError) as caught:
        services.cards_import(federation=federation, documents=[("x.yaml", {"cards": cards})])
    assert caught.value.problems == [
        "x.yaml: cards[0].name: required: the wrestler's name",  # the engine's own, on the card
        "x.yaml: cards[0].name: required: a card names its wrestler, by slug: (his address) or "
        "name: (his ring name)",
        "x.yaml: cards[1].name: no wrestler with the name 'Nobody' here: sign the wrestler first",
        "x.yaml: cards[2].slug: no wrestler with the slug 'nobody' here: sign the wrestler first",
    ]
    assert not federation.wrestlers.exists()


@names("CARD_SYSTEM_REQUIRED", "RING_NAME_SHARED")
def test_a_card_import_names_a_missing_system_and_a_ring_name_two_wrestlers_share(federation):
    """(tests/api/test_bad_input.py has them at each door: the API and the command.)"""
    factories.WrestlerFactory(federation=federation, ring_name="Ada Vance", slug="ada")
    factories.WrestlerFactory(federation=federation, ring_name="ada  vance", slug="ada-2")
    with pytest.raises(services.CardImportError) as caught:
        services.cards_import(
            federation=federation, documents=[("x.yaml", {"name": "ADA VANCE"})], sign=True
        )
    assert caught.value.problems == [
        "x.yaml: system: required: the card's rule system, one of filsinger, superstar, arm",
        "x.yaml: name: two wrestlers are called 'ADA VANCE' here (ada, ada-2): name the one you "
        "mean by slug:",
    ]
    assert caught.value.located[1] == ("x.yaml", "name", caught.value.problems[1][14:])
    assert federation.wrestlers.count() == 2


@names("CARD_HELD")
def test_a_generated_card_is_refused_for_a_system_the_wrestler_has_a_card_for(federation):
    wrestler = signed(federation, "Kit Vale")
    services.card_generate(wrestler=wrestler, system="superstar", seed=3)
    assert refused(services.card_generate, wrestler=wrestler, system="superstar", seed=4) == (
        "Rule system: Kit Vale has a Superstar Pro Wrestling card already; edit it, or remove it "
        "first."
    )


def messages(module) -> set[str]:
    return {
        name
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and ("{" in value or value.endswith("."))
    }


def test_every_refusal_has_a_test_here():
    # the desks' refusals are tested in their own files, which register them on import
    from tests.promotion import (  # noqa: F401
        test_feud_desk,
        test_injury_desk,
        test_roster_bounds,
        test_team_desk,
        test_title_desk,
    )

    assert messages(services) - TESTED == set()


def test_a_federations_settings_are_checked_field_by_field(federation):
    assert refused(services.federation_update, federation=federation, show_weekday=9) == (
        "Show weekday: Value 9 is not a valid choice."
    )
    assert refused(
        services.federation_update, federation=federation, name="Evil\u202eName"
    ).startswith("Name: ")
    assert refused(services.federation_update, federation=federation, slug="new") == (
        "These cannot be set here: slug."
    )


def test_a_legacy_slug_does_not_stop_a_federation_being_updated(federation):
    type(federation).objects.filter(pk=federation.pk).update(slug="old slug!")
    federation.refresh_from_db()
    updated = services.federation_update(federation=federation, description="Since 1986")
    assert updated.description == "Since 1986"
    federation.refresh_from_db()
    assert (federation.slug, federation.description) == ("old slug!", "Since 1986")


def test_every_problem_with_a_new_ring_name_is_named_at_once(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    # U+001C: a control character that Python also counts as white space
    message = refused(services.wrestler_update, wrestler=wrestler, ring_name="\x1c")
    assert message.startswith("Ring name: ")
    assert message.endswith(". " + services.WRESTLER_NAME_REQUIRED)


def test_a_legacy_wrestler_slug_does_not_stop_his_profile_being_updated(federation):
    wrestler = factories.WrestlerFactory(federation=federation)
    type(wrestler).objects.filter(pk=wrestler.pk).update(slug="old slug!")
    wrestler.refresh_from_db()
    assert services.wrestler_update(wrestler=wrestler, hometown="Gary").hometown == "Gary"


def test_a_signing_may_start_at_zero_and_takes_the_roster_quartile_for_what_is_left_out(federation):
    at_zero = services.wrestler_create(
        federation=federation, ring_name="Rookie", slug="rookie", fame=0, prestige=0
    )
    assert (at_zero.fame, at_zero.prestige) == (0, 0)
    from promotion.selectors import suggested_start

    start = suggested_start(federation=federation)
    only_fame = services.wrestler_create(
        federation=federation, ring_name="Known", slug="known", fame=500
    )
    assert (only_fame.fame, only_fame.prestige) == (500, start["prestige"])


def test_a_signing_with_a_debut_date_opens_his_ledger_that_day(federation):
    signed = services.wrestler_create(
        federation=federation,
        ring_name="Veteran",
        slug="veteran",
        fame=300,
        prestige=40,
        debut_on=ON,
    )
    row = signed.standing_changes.get(attribute="fame")
    assert row.created_at.astimezone(federation.time_zone).date() == ON
    assert row.created_at.astimezone(federation.time_zone).time() == dt.time(0, 0)


def test_a_reign_started_without_saying_how_says_nothing(federation):
    reign = services.reign_start(
        title=factories.TitleFactory(federation=federation),
        holder=factories.WrestlerFactory(federation=federation),
        won_on=ON,
    )
    assert reign.won_how == ""
