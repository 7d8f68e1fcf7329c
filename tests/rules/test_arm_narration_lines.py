"""The ARM play-by-play's lines (issue 38): every maneuver named with its article and no two
spaces in a row ("goes for  Dean's List" once read so), the referee's look at a man out cold told
anew each round he stays out, not in the same line again. Over the sample wrestlers' every
maneuver, scripted dice, and the regression corpus as recorded.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from rules.arm.system import system as arm
from tests.rules import corpus_file
from tests.rules.arm_support import ALPHA, BETA, match_of

SAMPLE = Path(__file__).parents[2] / "rules/data/sample/arm"
CORPUS = Path(__file__).parent / "fixtures/arm_corpus.jsonl"
ARTICLE = re.compile(r"^(a|an|the) \S")
#: Where a maneuver is named in a line, with the words that come before it.
NAMED = re.compile(
    r"(goes for|reverse it into|break it up with|off with|free shot in with|hits \w[\w' ]* with) "
    r"(?!(a|an|the) \S)(\S*)"
)


def sheets():
    tables = arm.load_tables()
    return [
        arm.parse_card(yaml.safe_load(path.read_text()), tables)
        for path in sorted(SAMPLE.glob("*.yaml"))
    ]


def wrestlers():
    """Every sample wrestler compiled for a match (against the next one)."""
    cards = sheets()
    for i, card in enumerate(cards):
        m = match_of([], a=card, b=cards[(i + 1) % len(cards)])
        yield m.me(ALPHA).w


def every_move(w):
    tables = arm.load_tables()
    names = [*w.arsenal, *tables.maneuvers.bases, *tables.maneuvers.named]
    for name in names:
        move = w.move(name)
        if move is not None:
            yield move


def test_every_maneuver_of_every_sample_wrestler_is_named_with_its_article():
    for w in wrestlers():
        for move in every_move(w):
            attempt = move.attempt
            assert ARTICLE.match(attempt), (w.key, move.name, attempt)
            assert "  " not in attempt and "  " not in move.hit_words, (w.key, move.name)
            assert ARTICLE.match(f"{move.article} {move.words}"), (w.key, move.name)


def test_a_finisher_is_named_as_his_own_the_deans_list():
    wendell = next(w for w in wrestlers() if w.key == "wendell-ashby")
    assert wendell.finisher.attempt == "the Dean's List (figure four leglock) (TEC "
    assert wendell.finisher.hit_words == "the Dean's List (figure four leglock)"


def test_a_headscissors_takedown_is_one_maneuver_not_a_plural():
    w = next(wrestlers())
    assert w.move("Headscissors Takedown").attempt.startswith("a headscissors takedown (AGI ")


def test_the_referee_looks_again_at_a_man_still_out_in_other_words():
    # The chapter: "A referee who makes a successful SAV roll to notice this will rule him
    # unable to continue"; unseen, he looks again at each round's end (ours). Two rounds' ends:
    # Beta fails to come to (STA 12: 19) and the referee misses it (Skill 12: 19), twice; then
    # again (19), and the referee sees it (3).
    m = match_of([19, 19, 19, 19, 19, 3])
    m.me(BETA).out = True
    m.me(BETA).post = "prone"
    for _ in range(3):
        m.end_of_round()
    told = [e.text for e in m.events if e.kind == "referee"]
    assert told == [
        "The referee looks in on Beta again (Skill 12, rolls 19): still not seen.",
        "The referee looks in on Beta again (Skill 12, rolls 19): still not seen.",
        "The referee looks in on Beta again (Skill 12, rolls 3): this time the referee sees "
        "it and stops the match!",
    ]
    assert m.winner == ALPHA


def test_the_first_look_at_a_man_who_passes_out_says_what_the_referee_does():
    m = match_of([19, 2])  # out on his feet: STA 12, 19 (out); the referee: 2, seen
    beta = m.me(BETA)
    m.hurt(beta, beta.w.final + 1, m.me(ALPHA))
    told = [e.text for e in m.events if e.kind == "referee"]
    assert told == [
        "The referee checks on Beta (Skill 12, rolls 2): the referee sees it and stops the match!"
    ]


@pytest.fixture(scope="module")
def corpus():
    return corpus_file.read(CORPUS)


def lines(recorded):
    match = recorded
    if isinstance(match, dict):
        return [e["text"] for e in match["events"]]
    return []


def test_no_line_of_the_corpus_holds_two_spaces_in_a_row(corpus):
    doubled = [
        (name, text) for name, match in corpus.items() for text in lines(match) if "  " in text
    ]
    assert doubled == []


def test_every_maneuver_the_corpus_names_has_its_article(corpus):
    bare = [
        (name, text)
        for name, match in corpus.items()
        for text in lines(match)
        if NAMED.search(text)
    ]
    assert bare == []
