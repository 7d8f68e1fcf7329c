"""The top contenders, on the federation's page and over the API alike: who can contend, best
Prestige first, less the division's own champions (a champion defends; he does not contend)."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.urls import reverse
from rest_framework.test import APIClient

from promotion.models import Federation
from promotion.selectors import federation_today, top_contenders

pytestmark = pytest.mark.django_db


@pytest.fixture
def sample(db):
    call_command("load_sample_federation", verbosity=0)
    return Federation.objects.get(slug="copperline")


def test_the_sample_champions_are_not_their_divisions_contenders(sample):
    today = federation_today(sample)
    singles = [w.slug for w in top_contenders(federation=sample, division="singles", on=today)]
    tag = [c.team.slug for c in top_contenders(federation=sample, division="tag", on=today)]
    # The sample's champions (promotion/data/sample/federation.yaml): Mortimer Gale (world),
    # Jonah Whitlock (Frontier), The Rivet Gang (tag); Crosswind, the other tag team, is the tag
    # division's one contender.
    assert "mortimer-gale" not in singles and "jonah-whitlock" not in singles
    assert "corrigan-vale" in singles and "ines-marrow" in singles
    assert tag == ["crosswind"]


def test_the_page_and_the_api_list_the_same_contenders(sample):
    today = federation_today(sample)
    api = APIClient()
    for division, shown in (("singles", 5), ("tag", 3)):
        listed = api.get(f"/api/v1/federations/copperline/contenders/{division}/").json()
        slugs = [row["who"]["slug"] for row in listed["results"]]
        expected = top_contenders(federation=sample, division=division, on=today)
        mine = [c.team.slug if division == "tag" else c.slug for c in expected]
        assert slugs == mine
        page = APIClient().get(reverse("federation-detail", args=["copperline"]))
        label = "Singles" if division == "singles" else "Tag teams"
        on_page = page.context["contenders"][label]
        assert [c.team.slug if division == "tag" else c.slug for c in on_page] == mine[:shown]
