"""The federation page's last show names who drew, whatever the draw (a double disqualification
or count-out as a time-limit draw), pairs in a tag match too; the show's own card, with the
sides above the result, says only how it ended."""

from __future__ import annotations

import pytest

from matches.booking import match_book, show_create, show_schedule
from matches.models import Match
from matches.simulation import show_simulate

pytestmark = pytest.mark.django_db


def _last_show(page: str) -> str:
    return page.split("<h2>Last show</h2>", 1)[1].split("</section>", 1)[0]


def _link(wrestler) -> str:
    return f'<a href="{wrestler.get_absolute_url()}">{wrestler.ring_name}</a>'


@pytest.mark.parametrize(
    ("method", "words"),
    [
        ("double_disqualification", "double disqualification"),
        ("double_count_out", "double count-out"),
    ],
)
def test_a_double_finish_on_the_last_show_names_both_sides(client, sample, method, words):
    free = sample.wrestlers.exclude(reigns__ended_on__isnull=True).order_by("slug")
    a, b, c, d, e, f = free[:6]
    show = show_create(federation=sample, seed=5)
    singles = match_book(show=show, sides=[[a], [b]])
    tag = match_book(show=show, sides=[[c, d], [e, f]], match_type="tag")
    show_schedule(show=show)
    show_simulate(show_id=show.pk)
    Match.objects.filter(pk__in=[singles.pk, tag.pk]).update(winner_side=None, method=method)
    last = _last_show(client.get(sample.get_absolute_url()).content.decode())
    assert f"<li>{_link(a)} and {_link(b)}: {words}</li>" in last
    assert f"<li>{_link(c)} &amp; {_link(d)} and {_link(e)} &amp; {_link(f)}: {words}</li>" in last
    card = client.get(show.get_absolute_url()).content.decode()
    assert f'<p class="result"><strong>{words.capitalize()}</strong>' in card
