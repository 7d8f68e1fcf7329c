"""The Book a match form on a show's page, on the sample federation: a feud its wrestlers are not
in, a side given both wrestlers and a team, a battle royal from its entrants alone, the optional
rules and stipulations in words and for the chosen rule system."""

from __future__ import annotations

from html import unescape

import pytest
from django.urls import reverse

from matches import booking, forms
from matches.booking import show_create
from matches.forms import MatchForm
from matches.models import MatchType
from promotion.models import MemberRole, Membership
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def show(copperline):
    return show_create(federation=copperline, seed=11)


@pytest.fixture
def booker(client, copperline):
    user = factories.UserFactory(username="booker")
    Membership.objects.create(federation=copperline, user=user, role=MemberRole.BOOKER)
    client.force_login(user)
    return client


def who(federation, name):
    return federation.wrestlers.get(ring_name=name)


def post(client, show, **data):
    data.setdefault("match_type", "singles")
    data.setdefault("rule_system", show.federation.rule_system)
    response = client.post(
        reverse("match-add", args=[show.federation.slug, show.number]), data, follow=True
    )
    return response, unescape(response.content.decode())


def refused(response, show) -> bool:
    """The booking was refused: back at the show's own address, its form drawn with why."""
    return response.redirect_chain == [(f"{show.get_absolute_url()}#book", 302)]


def test_the_page_refuses_a_match_as_part_of_a_feud_none_of_its_wrestlers_are_in(
    booker, copperline, show
):
    feud = copperline.feuds.get(name="Corrigan Vale vs. Mortimer Gale")
    felix, percival = who(copperline, "Felix Ardent"), who(copperline, "Percival Kettle")
    response, page = post(booker, show, side_a=[felix.pk], side_b=[percival.pk], feud=feud.pk)
    assert refused(response, show)
    assert (
        booking.FEUD_NOT_IN_MATCH.format(feud=feud, one="Corrigan Vale", other="Mortimer Gale")
        in page
    )
    assert not show.matches.exists()


def test_an_ended_feud_is_not_offered(copperline, show):
    feud = copperline.feuds.get(name="Corrigan Vale vs. Mortimer Gale")
    assert feud in MatchForm(show=show).fields["feud"].queryset
    type(feud).objects.filter(pk=feud.pk).update(status="ended", ended_on=show.date)
    assert feud not in MatchForm(show=show).fields["feud"].queryset


def test_wrestlers_and_a_team_for_one_side_are_refused_not_the_team_dropped(
    booker, copperline, show
):
    crosswind = copperline.teams.get(name="Crosswind")
    thaddeus, wendell = who(copperline, "Thaddeus Moor"), who(copperline, "Wendell Ashby")
    response, page = post(
        booker, show, side_a=[thaddeus.pk], team_a=crosswind.pk, side_b=[wendell.pk]
    )
    assert refused(response, show)
    assert forms.BOTH_FOR_SIDE.format(side="A") in page
    assert not show.matches.exists()


def test_both_sides_given_both_are_named_each(copperline, show):
    crosswind, other = copperline.teams.filter(kind="tag_team").order_by("name")[:2]
    a, b = copperline.wrestlers.order_by("slug")[:2]
    data = {
        "match_type": "tag",
        "rule_system": "filsinger",
        "side_a": [a.pk],
        "team_a": crosswind.pk,
        "side_b": [b.pk],
        "team_b": other.pk,
    }
    form = MatchForm(data, show=show)
    assert not form.is_valid()
    assert form.non_field_errors() == [
        forms.BOTH_FOR_SIDE.format(side="A"),
        forms.BOTH_FOR_SIDE.format(side="B"),
    ]


def test_a_battle_royal_is_booked_from_its_entrants_alone(booker, copperline, show):
    entrants = list(copperline.wrestlers.filter(cards__system="superstar").order_by("slug")[:4])
    response, page = post(
        booker,
        show,
        match_type="battle_royal",
        rule_system="superstar",
        others=[w.pk for w in entrants],
    )
    assert response.redirect_chain == [(show.get_absolute_url(), 302)], page
    match = show.matches.get()
    assert match.match_type == MatchType.BATTLE_ROYAL
    sides = sorted((p.side, p.wrestler_id) for p in match.participants.all())
    assert {wrestler for _, wrestler in sides} == {w.pk for w in entrants}
    assert [side for side, _ in sides] == [0, 1, 2, 3]  # one side each


def test_a_battle_royal_counts_sides_a_and_b_among_its_entrants(copperline, show):
    a, b, c = copperline.wrestlers.filter(cards__system="superstar").order_by("slug")[:3]
    form = MatchForm(
        {
            "match_type": "battle_royal",
            "rule_system": "superstar",
            "side_a": [a.pk],
            "side_b": [b.pk],
            "others": [c.pk],
        },
        show=show,
    )
    assert form.is_valid(), form.errors
    assert form.sides() == [[a], [b], [c]]


@pytest.mark.parametrize(
    ("data", "problems"),
    [
        ({}, [forms.PICK_ENTRANTS]),
        (
            {"team_a": "crosswind"},
            [
                "A battle royal is every wrestler alone: pick its entrants, not a team, "
                "for side A.",
                forms.PICK_ENTRANTS,
            ],
        ),
    ],
)
def test_a_battle_royal_needs_entrants_not_a_team(copperline, show, data, problems):
    if "team_a" in data:
        data = {"team_a": copperline.teams.get(slug=data["team_a"]).pk}
    form = MatchForm({"match_type": "battle_royal", "rule_system": "superstar", **data}, show=show)
    assert not form.is_valid()
    assert form.non_field_errors() == problems


def test_the_entrants_box_is_on_the_page_not_folded_away(booker, copperline, show):
    page = unescape(booker.get(show.get_absolute_url()).content.decode())
    box = page.index('name="others"')
    assert "<details" not in page[page.rindex("<label", 0, box) - 200 : box]
    assert "anyone picked for side A or B enters too" in page


def labels(field):
    return dict(field.choices)


def test_optional_rules_are_offered_in_words(copperline, show):
    form = MatchForm(show=show)
    words = labels(form.fields["rule_options"])
    assert words["add1"] == "10. Add 1: the defender's PIN rating rises every defense"
    assert words["dq_moves"] == "13. Fouls (dq) risk a disqualification"
    assert all("_" not in label for label in words.values())
    assert set(words) == {value for value, _ in forms.OPTION_WORDS["filsinger"]}


def test_every_systems_options_in_words_are_valid_options_of_it():
    from rules import registry

    for system, choices in forms.OPTION_WORDS.items():
        engine = registry.systems[system]
        for value, _ in choices:
            assert list(engine.parse_options([value])), (system, value)


def test_the_federations_options_are_ticked_as_they_read(copperline, show):
    """Copperline plays "all" the Filsinger optional rules: every box starts ticked."""
    assert copperline.rule_options == ["all"]
    form = MatchForm(show=show)
    every = {value for value, _ in forms.OPTION_WORDS["filsinger"]}
    assert set(form.fields["rule_options"].initial) == every


def test_the_options_offered_are_the_chosen_systems(booker, copperline, show):
    arm = MatchForm(show=show, rule_system="arm")
    assert set(labels(arm.fields["rule_options"])) == set(dict(forms.OPTION_WORDS["arm"]))
    assert arm.fields["rule_options"].initial == []  # the federation's options are Filsinger's
    posted = MatchForm({"rule_system": "arm", "rule_options": ["cage=pipe"]}, show=show)
    assert "cage=pipe" in labels(posted.fields["rule_options"])
    # The page asked for another system (htmx swaps the fragment in on a change).
    page = unescape(booker.get(show.get_absolute_url() + "?rule_system=arm").content.decode())
    extras = page[page.index('id="rule-extras"') :]
    assert "Steel cage, steel pipe (+10 damage as a weapon)" in extras
    assert "Add 1" not in extras
    assert f'hx-get="{show.get_absolute_url()}"' in page


def test_an_arm_match_is_booked_with_an_option_ticked_on_the_form(booker, copperline, show):
    a, b = copperline.wrestlers.filter(cards__system="arm").order_by("slug")[:2]
    response, page = post(
        booker, show, rule_system="arm", side_a=[a.pk], side_b=[b.pk], rule_options=["no_edge"]
    )
    assert response.redirect_chain == [(show.get_absolute_url(), 302)], page
    assert show.matches.get().rule_options == ["no_edge"]


def test_no_disqualification_is_asked_once(copperline, show):
    for system in ("filsinger", "arm", "superstar"):
        form = MatchForm(show=show, rule_system=system)
        stipulations = labels(form.fields["stipulations"])
        assert "no_dq" not in stipulations and "title_changes_on_dq" not in stipulations
        assert "no_dq" not in labels(form.fields["rule_options"])
        assert all("_" not in label for label in stipulations.values())
