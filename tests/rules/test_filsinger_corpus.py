"""A regression corpus for the Filsinger engine: 96 matches (singles and tag, under no option,
each option alone and all of them, with allies, managers, feuds and stipulations, on random and
edge-case cards) whose play-by-play was recorded word for word, with the dice of every event.

If this test fails, the engine plays or narrates differently. When that is the intent (a rule
read anew, a sentence reworded), say why in the commit and record the corpus again:

    .venv/bin/python -m tests.rules.test_filsinger_corpus

The fast path (no play-by-play, what the odds use) must reach the recorded outcome of every match
from the same seed: its own loop for singles matches is held to the full path this way.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from rules.core.dice import SeededDice
from rules.core.spec import Ringside
from rules.filsinger import system as filsinger
from rules.filsinger.options import OPTION_NAMES
from tests.rules import corpus_file
from tests.rules.cardgen import edge_card_data, random_card_data

pytestmark = pytest.mark.corpus

CORPUS = Path(__file__).parent / "fixtures/filsinger_corpus.jsonl"
OPTIONS = ["", *OPTION_NAMES, "all"]


def ally(side: int, distractor: int) -> Ringside:
    return Ringside(key=f"a{side}", name=f"Ally {side}", distractor=distractor)


def cases():
    """The matches of the corpus: (name, spec, seed), the same every time."""
    fs = filsinger
    tables = fs.load_tables()
    rng = random.Random("corpus")
    for match_type, n in (("singles", 2), ("tag", 4)):
        for i, options in enumerate(OPTIONS * 3):
            make = edge_card_data if i % 2 else random_card_data
            cards = [
                fs.parse_card(make(rng, f"{match_type.title()} {i}-{k}"), tables=tables)
                for k in range(n)
            ]
            spec = fs.make_spec(cards, match_type, options=options, feud=rng.random() < 0.4)
            sides = tuple(
                replace(
                    side,
                    relationship=rng.choice((None, "partners", "group")),
                    manager=rng.choice((None, Ringside(key=f"m{s}", name=f"Manager {s}"))),
                    ally=rng.choice((None, ally(s, rng.randint(0, 9)))),
                )
                for s, side in enumerate(spec.sides)
            )
            spec = replace(spec, sides=sides)
            if rng.random() < 0.25:
                spec = replace(spec, stipulations={"no_dq": True, "no_count_out": True})
            yield f"{match_type} {i} [{options or 'basic'}]", spec, rng.randrange(10**6)


def play(spec, seed):
    return filsinger.simulate(spec, dice=SeededDice(seed)).to_json()


@pytest.fixture(scope="module")
def corpus():
    return corpus_file.read(CORPUS)


def test_the_corpus_holds_every_case(corpus):
    names = [name for name, _, _ in cases()]
    assert sorted(corpus) == sorted(names) and len(names) == 2 * 3 * len(OPTIONS)


@pytest.mark.parametrize("match_type", ["singles", "tag"])
def test_every_match_of_the_corpus_is_played_and_told_as_recorded(corpus, match_type):
    for name, spec, seed in cases():
        if not name.startswith(match_type):
            continue
        played = play(spec, seed)
        recorded = corpus[name]
        for k, (now, then) in enumerate(zip(played["events"], recorded["events"], strict=False)):
            assert now == then, f"{name}, seed {seed}, event {k}"
        assert played == recorded, name


def test_the_fast_path_reaches_every_recorded_outcome(corpus):
    fs = filsinger
    for name, spec, seed in cases():
        fast = fs.simulate(spec, dice=SeededDice(seed, record=False), record=False).to_json()
        recorded = corpus[name]
        for key in ("winner", "method", "length", "effects"):
            assert fast[key] == recorded[key], f"{name}: {key}"


if __name__ == "__main__":
    recorded = {name: play(spec, seed) for name, spec, seed in cases()}
    corpus_file.write(CORPUS, recorded)
    print(f"{len(recorded)} matches recorded in {CORPUS.name}")
