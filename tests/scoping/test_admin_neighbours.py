"""The admin is a superuser's, who sees every federation: its addresses name any row. What must
still hold there is that one change does not mix federations: a match of one federation's show
with another's wrestlers, title or feud; a team or a feud of one federation with another's
members. Each admin form's field that picks a row is either the change's anchor (the show, the
federation, the wrestler it is about: any may be picked) or must be of the anchor's federation,
and a case here picks the neighbour's and sees the change refused with nothing written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django import forms
from django.contrib.auth import get_user_model
from django.urls import reverse

from matches import admin as match_admin
from promotion import admin as promotion_admin
from rules import admin as rules_admin
from tests.scoping.world import HOME_SHOW, ON, World, snapshot

#: The fields of the admin's forms that pick the row a change is about, from any federation.
ANCHORS = {
    ("MatchBookingForm", "show"): "the show the match is booked on",
    ("ShowAdminForm", "federation"): "the federation the show is of",
    ("WrestlerSigningForm", "federation"): "the federation that signs him",
    ("TitleIntroducingForm", "federation"): "the federation that introduces it",
    ("TeamFormingForm", "federation"): "the federation the team is formed in",
    ("FeudStartingForm", "federation"): "the federation the feud is of",
    ("InjuryRecordingForm", "wrestler"): "the man hurt",
    ("WrestlerCardForm", "wrestler"): "the man whose card it is",
    ("ChartOverrideForm", "federation"): "the federation whose chart it is",
}


@dataclass(frozen=True)
class AdminCase:
    model: str  # app_model, as the admin names its add page
    covers: tuple[str, str]  # (form, field)
    body: Callable[[World], dict]
    refused: str  # the refusal, in the service's words

    @property
    def id(self) -> str:
        return ".".join(self.covers)


def _booking(w: World, **away) -> dict:
    home = w.home.wrestlers
    body = {
        "show": w.home.shows[HOME_SHOW - 1].pk,
        "match_type": "singles",
        "side_1": [home["h-cy"].pk],
        "side_2": [home["h-di"].pk],
        "stipulations": "{}",
    }
    return {**body, **away}


def _battle_royal(w: World, side: int) -> dict:
    """A battle royal of six sides, the neighbour's man on ``side``."""
    entrants = [*w.home.wrestlers.values()]
    sides = {f"side_{n}": [entrants[(n - 1) % len(entrants)].pk] for n in range(1, 7)}
    sides[f"side_{side}"] = [w.away.wrestlers["a-gus"].pk]
    return _booking(w, match_type="battle_royal", **sides)


def _gus_on_side(side: int) -> Callable[[World], dict]:
    """A booking with the neighbour's Gus on ``side`` (a battle royal's from side 3)."""
    if side <= 2:
        return lambda w: _booking(w, **{f"side_{side}": [w.away.wrestlers["a-gus"].pk]})
    return lambda w: _battle_royal(w, side)


GUS_ON_THE_CARD = "Gus belongs to Away Wrestling, not Home Wrestling."
GUS_OUTSIDER = "Gus does not belong to Home Wrestling."
DAY = ON.isoformat()


def _feud(w: World, **away) -> dict:
    body = {
        "federation": w.home.federation.pk,
        "name": "Mixed",
        "started_on": DAY,
        "heat": "3",
        "side_a_wrestlers": [w.home.wrestlers["h-cy"].pk],
        "side_b_wrestlers": [w.home.wrestlers["h-ada"].pk],
    }
    return {**body, **away}


CASES = [
    *[
        AdminCase(
            "matches_match",
            ("MatchBookingForm", f"side_{n}"),
            _gus_on_side(n),
            GUS_ON_THE_CARD,
        )
        for n in range(1, 7)
    ],
    AdminCase(
        "matches_match",
        ("MatchBookingForm", "title"),
        lambda w: _booking(w, title=w.away.title.pk),
        "The away title belongs to another federation.",
    ),
    AdminCase(
        "matches_match",
        ("MatchBookingForm", "feud"),
        lambda w: _booking(w, feud=w.away.feud.pk),
        "That feud belongs to another federation.",
    ),
    AdminCase(
        "promotion_team",
        ("TeamFormingForm", "members"),
        lambda w: {
            "federation": w.home.federation.pk,
            "name": "Mixed",
            "slug": "mixed",
            "kind": "tag_team",
            "members": [w.home.wrestlers["h-cy"].pk, w.away.wrestlers["a-gus"].pk],
            "formed_on": DAY,
        },
        GUS_OUTSIDER,
    ),
    AdminCase(
        "promotion_feud",
        ("FeudStartingForm", "side_a_wrestlers"),
        lambda w: _feud(w, side_a_wrestlers=[w.away.wrestlers["a-gus"].pk]),
        GUS_OUTSIDER,
    ),
    AdminCase(
        "promotion_feud",
        ("FeudStartingForm", "side_b_wrestlers"),
        lambda w: _feud(w, side_b_wrestlers=[w.away.wrestlers["a-gus"].pk]),
        GUS_OUTSIDER,
    ),
    AdminCase(
        "promotion_feud",
        ("FeudStartingForm", "side_a_teams"),
        lambda w: _feud(w, side_a_wrestlers=[], side_a_teams=[w.away.team.pk]),
        "away team does not belong to Home Wrestling.",
    ),
    AdminCase(
        "promotion_feud",
        ("FeudStartingForm", "side_b_teams"),
        lambda w: _feud(w, side_b_wrestlers=[], side_b_teams=[w.away.team.pk]),
        "away team does not belong to Home Wrestling.",
    ),
]


def _errors(response) -> list[str]:
    form = response.context["adminform"].form
    return [str(message) for messages in form.errors.values() for message in messages]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_an_admin_change_that_mixes_in_the_neighbours_row_is_refused(case, world, client):
    admin = get_user_model().objects.create(username="root", is_superuser=True, is_staff=True)
    client.force_login(admin)
    before = snapshot()
    response = client.post(reverse(f"admin:{case.model}_add"), case.body(world))
    assert response.status_code == 200  # the form again, not a redirect to the new row
    assert case.refused in _errors(response)
    assert snapshot() == before


def admin_row_fields() -> set[tuple[str, str]]:
    """``(form, field)`` of every field of the admin's forms that picks a row."""
    found = set()
    for module in (promotion_admin, match_admin, rules_admin):
        for form in vars(module).values():
            if (
                isinstance(form, type)
                and issubclass(form, forms.ModelForm)
                and form.__module__ == module.__name__
            ):
                found |= {
                    (form.__name__, name)
                    for name, field in form.base_fields.items()
                    if isinstance(field, forms.ModelChoiceField)
                }
    return found


def test_every_admin_field_that_picks_a_row_is_an_anchor_or_has_a_neighbour_case():
    covered = {case.covers for case in CASES}
    found = admin_row_fields()
    assert found - covered - set(ANCHORS) == set()
    assert (covered | set(ANCHORS)) - found == set()
