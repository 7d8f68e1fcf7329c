"""Every page and API read costs the same number of queries with 2 weeks of history as with 30
(issue 43, "ten years of history"): a federation's history never adds a query.

Two sample federations, wrestled for real week after week (``season_simulate``, 8 matches a
card, in this process): "small" for 2 weeks, "large" for 30. Each address is read at both, as
the owner, after one warm-up; its queries are counted and must be the number written here at
both sizes. ``bench/history.py`` times the same addresses at 520 weeks.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Count
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.celery import app
from matches.models import Match, Show
from matches.season import season_simulate
from promotion.models import Feud, Injury, Title, TitleReign
from promotion.sample import sample_federation_load
from promotion.services import federation_delete, federation_update

pytestmark = pytest.mark.django_db

SIZES = {"small": 2, "large": 30}

#: (name, address, queries at both sizes). ``{f}`` the federation, ``{api}`` its API base.
READS = [
    ("page home", "/", 6),
    ("page federation", "/f/{f}/", 33),  # (8 of them the last show's recap)
    ("page roster", "/f/{f}/roster/", 10),
    ("page profile", "/f/{f}/wrestlers/{wrestler}/", 24),
    ("page profile, page 2", "/f/{f}/wrestlers/{wrestler}/?page=2", 24),
    ("page card", "/f/{f}/wrestlers/{wrestler}/cards/filsinger/", 7),
    ("page titles", "/f/{f}/titles/", 5),
    ("page title (lineage)", "/f/{f}/titles/{title}/", 14),
    ("page teams", "/f/{f}/teams/", 6),
    ("page team", "/f/{f}/teams/{team}/", 14),
    ("page feuds", "/f/{f}/feuds/", 7),
    ("page injuries", "/f/{f}/injuries/", 6),
    ("page records", "/f/{f}/records/", 8),
    ("page standings", "/f/{f}/standings/", 7),
    ("page standings, by record", "/f/{f}/standings/?by=record", 7),
    ("page standings, tag", "/f/{f}/standings/?division=tag&by=record", 8),
    ("page members", "/f/{f}/members/", 6),  # (with its invitation links)
    ("page archive", "/f/{f}/shows/", 8),
    ("page show", "/f/{f}/shows/{show}/", 15),  # (8 of them its recap)
    ("api federations", "/api/v1/federations/", 4),
    ("api federation", "{api}/", 9),
    ("api members", "{api}/members/", 4),
    ("api wrestlers", "{api}/wrestlers/", 9),
    ("api wrestler", "{api}/wrestlers/{wrestler}/", 8),
    ("api wrestler record", "{api}/wrestlers/{wrestler}/record/", 7),
    ("api head-to-head", "{api}/wrestlers/{wrestler}/head-to-head/{opponent}/", 9),
    ("api cards", "{api}/wrestlers/{wrestler}/cards/", 6),
    ("api card", "{api}/wrestlers/{wrestler}/cards/filsinger/", 5),
    ("api teams", "{api}/teams/", 6),
    ("api team", "{api}/teams/{team}/", 5),
    ("api titles", "{api}/titles/", 7),
    ("api title", "{api}/titles/{title}/", 6),
    ("api lineage", "{api}/titles/{title}/lineage/", 11),
    ("api reigns", "{api}/reigns/", 7),
    ("api feuds", "{api}/feuds/", 6),
    ("api feud", "{api}/feuds/{feud}/", 5),
    ("api injuries", "{api}/injuries/", 6),
    ("api injury", "{api}/injuries/{injury}/", 4),
    ("api ledger", "{api}/ledger/", 6),
    ("api standings singles", "{api}/standings/singles/", 8),
    ("api standings tag", "{api}/standings/tag/", 8),
    ("api contenders singles", "{api}/contenders/singles/", 6),
    ("api contenders tag", "{api}/contenders/tag/", 7),
    ("api records", "{api}/records/", 8),
    ("api shows", "{api}/shows/", 5),
    ("api show", "{api}/shows/{show}/", 8),
    ("api show play-by-play", "{api}/shows/{show}/?play_by_play=true", 8),
    ("api show matches", "{api}/shows/{show}/matches/", 8),
    ("api show match", "{api}/shows/{show}/matches/{position}/", 7),
    ("api matches", "{api}/matches/", 6),
]


def _subjects(slug: str, wrestler: str, opponent: str, title: str) -> dict:
    show = Show.objects.filter(federation__slug=slug, status="completed").order_by("-number")[0]
    return {
        "f": slug,
        "api": f"/api/v1/federations/{slug}",
        "wrestler": wrestler,
        "opponent": opponent,
        "title": title,
        "team": "crosswind",
        "show": show.number,
        "position": Match.objects.filter(show=show).order_by("-position")[0].position,
        "feud": Feud.objects.filter(federation__slug=slug).order_by("-pk")[0].pk,
        "injury": Injury.objects.filter(wrestler__federation__slug=slug).order_by("-pk")[0].pk,
    }


@pytest.fixture(scope="module")
def history(django_db_setup, django_db_blocker):
    """Both federations and the owner, written as a season writes them (each show commits, and
    only then is it sent to be wrestled: no transaction can hold the module's history), and
    deleted after the module's last test."""
    saved = {key: app.conf.get(key) for key in ("task_always_eager", "task_eager_propagates")}
    app.conf.update(task_always_eager=True, task_eager_propagates=True)
    with django_db_blocker.unblock():
        owner = get_user_model().objects.create_user("history-owner")
        try:
            for slug, weeks in SIZES.items():
                federation = sample_federation_load(owner=owner, name=slug.title(), slug=slug)
                federation_update(federation=federation, card_size=8)
                season_simulate(federation=federation, weeks=weeks, seed=43, poll_seconds=0.01)
            large = owner.federations.get(slug="large")
            # The wrestler with the most matches, the next one, and a title a match has
            # changed hands in at both sizes.
            ranked = large.wrestlers.annotate(n=Count("appearances")).order_by("-n", "slug")
            wrestler, opponent = (w.slug for w in ranked[:2])
            crowned = TitleReign.objects.filter(title__federation__slug="small").exclude(
                won_at=None
            )
            title = (
                Title.objects.filter(
                    federation=large, slug__in=crowned.values("title__slug")
                ).order_by("slug")[0]
            ).slug
            subjects = {slug: _subjects(slug, wrestler, opponent, title) for slug in SIZES}
            yield owner, subjects
        finally:
            for federation in owner.federations.all():
                federation_delete(federation=federation)
            owner.delete()
            app.conf.update(saved)


def test_the_two_histories_differ_as_meant(history):
    shows = {slug: Show.objects.filter(federation__slug=slug).count() for slug in SIZES}
    assert shows == {"small": 2, "large": 30}
    large = Match.objects.filter(show__federation__slug="large", status="completed").count()
    assert large >= 200  # 30 cards of 8 (the auto-booker fills fewer when it runs short)


@pytest.mark.parametrize(("name", "address", "queries"), READS, ids=[r[0] for r in READS])
def test_a_read_costs_the_same_queries_at_2_and_30_weeks(history, name, address, queries):
    owner, subjects = history
    client = Client()
    client.force_login(owner)
    counted = {}
    for slug in SIZES:
        path = address.format(**subjects[slug])
        client.get(path)
        with CaptureQueriesContext(connection) as captured:
            response = client.get(path)
        assert response.status_code == 200, (path, response.status_code)
        counted[slug] = len(captured)
    assert counted == {"small": queries, "large": queries}
