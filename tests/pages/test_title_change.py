"""A title that changes hands in a match is announced with the result: on the show's page and
under the federation page's last show; a successful defense is not."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import ShowStatus
from tests import factories

pytestmark = pytest.mark.django_db


def title_match(show, title, position, winner, loser):
    match = factories.MatchFactory(
        show=show,
        position=position,
        title=title,
        status="completed",
        method="pin",
        winner_side=0,
        length=12,
    )
    factories.MatchParticipantFactory(match=match, side=0, wrestler=winner)
    factories.MatchParticipantFactory(match=match, side=1, wrestler=loser)
    return match


def test_a_new_champion_is_announced_and_a_defense_is_not(client, staffed):
    federation = staffed
    ada, bea, cyd, dee = (
        factories.WrestlerFactory(federation=federation, ring_name=name)
        for name in ("Ada Vance", "Bea Stone", "Cyd Moor", "Dee Lark")
    )
    world = factories.TitleFactory(federation=federation, name="World Title", slug="world")
    tv = factories.TitleFactory(federation=federation, name="TV Title", slug="tv", rank=2)
    show = factories.ShowFactory(
        federation=federation,
        status=ShowStatus.COMPLETED,
        scheduled_at=timezone.now() - dt.timedelta(days=1),
        completed_at=timezone.now(),
    )
    changed = title_match(show, world, 1, ada, bea)
    title_match(show, tv, 2, cyd, dee)  # Cyd Moor keeps the TV title
    old = factories.TitleReignFactory(
        title=world, holder_wrestler=bea, number=1, won_on=dt.date(2025, 1, 4)
    )
    old.ended_on, old.ended_at, old.end_reason = show.date, changed, "lost"
    old.save()
    factories.TitleReignFactory(
        title=world, holder_wrestler=ada, number=2, won_on=show.date, won_at=changed
    )
    factories.TitleReignFactory(title=tv, holder_wrestler=cyd, number=1, won_on=dt.date(2025, 1, 4))

    page = client.get(reverse("show-detail", args=[federation.slug, show.number]))
    body = page.content.decode()
    assert body.count("New champion!") == 1
    first, second = body.split('id="match-')[1:3]
    assert "New champion!" in first and "New champion!" not in second
    # The result, how long it took, then the news: "Ada ... won by pinfall after 12 ... —".
    result = re.search(r'<p class="result">(.*?)</p>', first, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", result).endswith(" — New champion!")
    assert result.index("after ") < result.index("New champion!")
    home = client.get(reverse("federation-detail", args=[federation.slug])).content.decode()
    assert home.count("New champion!") == 1
