"""A regression corpus for the ARM engine: matches of the sample wrestlers (singles, steel cage
and tag, under no option, each option and a few together, with managers, allies, Edge carried
in from the roster, old injuries and stipulations) whose play-by-play was recorded word for
word, with the dice of every event; and a few series of matches replayed on one prepared match,
as the odds play them (the default strategy remembers its decisions on the prepared match).

If this test fails, the engine plays or narrates differently. When that is the intent (a rule
read anew, a sentence reworded), say why in the commit and record the corpus again:

    .venv/bin/python -m tests.rules.test_arm_corpus

The fast path (no play-by-play, what the odds use) must reach the recorded outcome of every match
from the same seed.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest
import yaml

from rules.arm.engine import prepare, run
from rules.arm.strategy import NOT_DECIDED, DefaultStrategy
from rules.arm.system import system as arm
from rules.core.dice import SeededDice
from rules.core.spec import Ringside
from tests.rules import corpus_file

pytestmark = pytest.mark.corpus

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "rules/data/sample/arm"
CORPUS = Path(__file__).parent / "fixtures/arm_corpus.jsonl"

OPTIONS = [
    "",
    "cage",
    "cage,escape",
    "cage=pipe,internal_cage,escape",
    "no_dq",
    "no_count_out",
    "over_top_dq",
    "time_limit=20",
    "referee=6,warnings=1",
    "no_edge",
    "over_top_dq,referee=16,warnings=0",
]
CAGE_OPTIONS = ["", "escape", "internal_cage", "cage=pipe,escape", "no_dq,escape"]
STIPULATIONS = [
    {},
    {"no_dq": True},
    {"no_count_out": True},
    {"falls_count_anywhere": True},
    {"title_changes_on_dq": True},
]
PARTS = ("head", "neck", "body", "back", "arm", "leg")
#: Series replayed on one prepared match: (pair, options, matches).
SERIES = [
    ("corrigan-vale,mortimer-gale", "", 40),
    ("ines-marrow,orrin-blackwood", "cage,escape", 30),
    ("nadia-sorrel,skylar-finch", "no_dq", 30),
    ("hollis-crane,silas-dunmore,gideon-pike,bastian-holloway", "", 20),
]


@cache
def sheets() -> dict:
    tables = arm.load_tables()
    return {
        path.stem: arm.parse_card(yaml.safe_load(path.read_text()), tables)
        for path in sorted(SAMPLE.glob("*.yaml"))
    }


def roster_touches(rng: random.Random, participant):
    """What a roster may carry into a match: Edge other than the card's, old injuries."""
    edge = rng.choice((None, None, 0, rng.randint(1, 9)))
    injuries: tuple[dict[str, object], ...] = ()
    if rng.random() < 0.3:
        injuries = ({"body_part": rng.choice(PARTS), "points": rng.randint(1, 3)},)
    return replace(participant, edge=edge, injuries=injuries)


def cases():
    """The matches of the corpus: (name, spec, seed), the same every time."""
    cards = sheets()
    names = sorted(cards)
    rng = random.Random("arm corpus")
    plan = (
        [("singles", options) for options in OPTIONS * 6]
        + [("steel_cage", options) for options in CAGE_OPTIONS * 3]
        + [("tag", options) for options in OPTIONS * 4]
        + [("rough", options) for options in OPTIONS * 2]
    )
    for i, (kind, options) in enumerate(plan):
        match_type = "singles" if kind == "rough" else kind
        n = 4 if match_type == "tag" else 2
        picked = rng.sample(names, n)
        spec = arm.make_spec(
            [cards[name] for name in picked],
            match_type,
            options=options,
            relationship=rng.choice((None, "partners")) if match_type == "tag" else None,
        )
        sides = []
        for s, side in enumerate(spec.sides):
            participants = tuple(roster_touches(rng, p) for p in side.participants)
            sides.append(
                replace(
                    side,
                    participants=participants,
                    manager=rng.choice((None, None, Ringside(key=f"m{s}", name=f"Manager {s}"))),
                    ally=rng.choice((None, None, Ringside(key=f"a{s}", name=f"Ally {s}"))),
                )
            )
        spec = replace(spec, sides=tuple(sides), stipulations=rng.choice(STIPULATIONS))
        label = options or "standard"
        yield f"{kind} {i} {'+'.join(picked)} [{label}]", spec, rng.randrange(10**6)


def series_specs():
    cards = sheets()
    for pair, options, n in SERIES:
        names = pair.split(",")
        match_type = "tag" if len(names) == 4 else "singles"
        spec = arm.make_spec([cards[name] for name in names], match_type, options=options)
        yield f"series {pair} [{options or 'standard'}]", spec, n


class Rough(DefaultStrategy):
    """The default strategy, throwing men over the top rope whenever it can (not only when it
    pays) and letting the referee count a while: the corpus's sure way to the floor, the count
    and the count-out."""

    def plan(self, match, side):
        plan = super().plan(match, side)
        if plan.move is not None and (plan.move.knockdown or plan.move.throw):
            return plan.replace(over_top=True)
        return plan

    def return_to_ring(self, match, side):
        return match.count is None or (side == 0 and match.count >= 9)


def strategy_for(name: str):
    return Rough() if name.startswith("rough ") else DefaultStrategy()


def play(name, spec, seed):
    return arm.simulate(spec, dice=SeededDice(seed), strategy=strategy_for(name)).to_json()


def play_series(spec, n, *, record):
    """``n`` matches on one prepared match and one strategy, as the odds play them."""
    prep = prepare(spec)
    strategy = DefaultStrategy()
    dice = SeededDice(7, record=False)
    out = []
    for _ in range(n):
        result = run(prep, dice, strategy, record=record)
        out.append(
            [
                result.winner,
                result.method.value,
                result.length,
                len(result.events),
                result.to_json()["effects"],
            ]
        )
    return out


def record_corpus() -> dict:
    recorded = {name: play(name, spec, seed) for name, spec, seed in cases()}
    for name, spec, n in series_specs():
        recorded[name] = play_series(spec, n, record=True)
    return recorded


@pytest.fixture(scope="module")
def corpus():
    return corpus_file.read(CORPUS)


def test_the_corpus_holds_every_case(corpus):
    names = [name for name, _, _ in cases()] + [name for name, _, _ in series_specs()]
    assert sorted(corpus) == sorted(names)
    assert len(set(names)) == len(names) == 12 * len(OPTIONS) + 3 * len(CAGE_OPTIONS) + len(SERIES)


@pytest.mark.parametrize("kind", ["singles", "steel_cage", "tag", "rough"])
def test_every_match_of_the_corpus_is_played_and_told_as_recorded(corpus, kind):
    for name, spec, seed in cases():
        if not name.startswith(kind + " "):
            continue
        played = play(name, spec, seed)
        recorded = corpus[name]
        for k, (now, then) in enumerate(zip(played["events"], recorded["events"], strict=False)):
            assert now == then, f"{name}, seed {seed}, event {k}"
        assert played == recorded, name


def test_the_fast_path_reaches_every_recorded_outcome(corpus):
    for name, spec, seed in cases():
        dice = SeededDice(seed, record=False)
        fast = arm.simulate(spec, dice=dice, strategy=strategy_for(name), record=False).to_json()
        recorded = corpus[name]
        for key in ("winner", "method", "length", "effects"):
            assert fast[key] == recorded[key], f"{name}: {key}"
        assert fast["events"] == []


def test_series_on_one_prepared_match_play_as_recorded(corpus):
    for name, spec, n in series_specs():
        recorded = corpus[name]
        full = play_series(spec, n, record=True)
        assert full == recorded, name
        fast = play_series(spec, n, record=False)
        assert [m[:3] + m[4:] for m in fast] == [m[:3] + m[4:] for m in recorded], name


class Audited(DefaultStrategy):
    """The default strategy remembering nothing: it works out every decision afresh and checks
    it against what it decided before in the same situation (``remembered_by``). Two answers
    to one situation mean a decision read something its situation leaves out, and a match
    played on a well-used preparation would go otherwise than on a fresh one."""

    def audit(self) -> dict:
        if not hasattr(self, "answers"):
            self.answers: dict = {}
            self.again = 0
        return self.answers

    def _recall(self, match, side, seen, kind, x=0, y=0, z=0):
        return NOT_DECIDED

    def _keep(self, match, side, seen, found, kind, x=0, y=0, z=0):
        answers = self.audit()
        situation = (id(match.prep), repr(self.remembered_by(match, side, kind, x, y, z)))
        if situation in answers:
            self.again += 1
        before = answers.setdefault(situation, (found, match.cur[side].w.key))
        assert before[0] == found, (
            f"decision {kind} of {match.cur[side].w.key} (before: of {before[1]}) answered "
            f"{told(found)} where the same situation had {told(before[0])}"
        )
        return found


def told(answer) -> str:
    move = getattr(answer, "move", None)
    return f"{answer!r} ({move.name})" if move is not None else repr(answer)


class AuditedRough(Audited, Rough):
    pass


def audit_corpus(strategy_kinds=(Audited, AuditedRough), seeds=8) -> int:
    """Every case of the corpus played ``seeds`` times on one prepared match with an
    ``Audited`` strategy; how many times a situation came again."""
    again = 0
    for name, spec, seed in cases():
        strategy = strategy_kinds[1]() if name.startswith("rough ") else strategy_kinds[0]()
        prep = prepare(spec)
        dice = SeededDice(seed, record=False)
        for _ in range(seeds):
            run(prep, dice, strategy, record=False)
        again += strategy.again if hasattr(strategy, "again") else 0
    return again


@pytest.mark.parametrize("packed", [False, True])
def test_every_decision_is_the_same_each_time_its_situation_comes_again(packed, monkeypatch):
    # What makes remembering decisions safe: over the whole corpus, eight matches on each
    # preparation, no situation is ever answered two ways (and tens of thousands come again).
    # The situations keyed as this install keys them, and packed into four integers even on
    # the pure-Python engine (which keys them by the wide tuple otherwise).
    if packed:
        import rules.arm.strategy as strategy_module

        monkeypatch.setattr(strategy_module, "PACKED", True)
    assert audit_corpus() > 15_000


class ReadsInjuries(Audited):
    """Planted: a maneuver weighed with the damage the opponent's injuries add, which the
    situation leaves out."""

    def _damage(self, match, side, move, actions):
        d = match.cur[1 - side]
        return super()._damage(match, side, move, actions) + d.inj.get(move.target, 0)


class ReadsDamage(Audited):
    """Planted: the cover's chance weighed with the opponent's damage to the point."""

    def _pin_chance(self, match, side, move, dmg):
        d = match.cur[1 - side]
        return super()._pin_chance(match, side, move, dmg) * (1.0 + d.dmg / 100.0)


@pytest.mark.parametrize("planted", [ReadsInjuries, ReadsDamage])
def test_the_audit_catches_a_decision_reading_what_its_situation_leaves_out(planted):
    with pytest.raises(AssertionError, match="where the same situation had"):
        audit_corpus((planted, planted))


#: The most times one line of the play-by-play may come again in a row: more is a match stuck
#: (the same thing tried and refused round after round), whatever the corpus recorded.
MOST_IN_A_ROW = 4
#: The most times one line's shape (its figures and dice, and what follows its colon, left out)
#: may come again in a row: more is a match stuck on a roll of the dice (a man taking breathers
#: round after round with nothing to end it). A count outside ends any run of them in a few.
MOST_OF_A_SHAPE = 10


def shape(text: str) -> str:
    """A line without its figures and its outcome: "Gale takes a breather (STA #, rolls #)"."""
    return re.sub(r"\d+", "#", text.split(":")[0])


def stuck(events) -> str | None:
    """The line a play-by-play repeats more than ``MOST_IN_A_ROW`` times in a row, or whose
    shape it repeats more than ``MOST_OF_A_SHAPE`` times, or None."""
    run, prev = 0, None
    shaped, prev_shape = 0, None
    for event in events:
        run = run + 1 if event["text"] == prev else 1
        prev = event["text"]
        form = shape(prev)
        shaped = shaped + 1 if form == prev_shape else 1
        prev_shape = form
        if run > MOST_IN_A_ROW or shaped > MOST_OF_A_SHAPE:
            return prev
    return None


def test_the_stuck_match_check_finds_a_match_stuck_on_purpose():
    backs_off = {"text": "Beta cannot get set for the eye rake and backs off."}
    other = {"text": "Alpha takes a breather (STA 12, rolls 10): 2 back."}
    assert stuck([other, backs_off, other] * 5) is None
    assert stuck([other] + [backs_off] * MOST_IN_A_ROW + [other]) is None
    assert stuck([other] + [backs_off] * (MOST_IN_A_ROW + 1)) == backs_off["text"]


def test_the_stuck_match_check_finds_a_man_stalling_on_the_dice_till_the_bell():
    def breather(face: int) -> dict:
        back = "2 back" if face <= 10 else "nothing back"
        return {"text": f"Gale takes a breather (STA 10, rolls {face}): {back}."}

    faces = [10, 12, 19, 15, 10, 5, 7, 14, 4, 19, 6, 19]  # (never one line five times)
    walks = {"text": "Gale walks away up the aisle!"}
    assert stuck([walks] + [breather(f) for f in faces[:MOST_OF_A_SHAPE]] + [walks]) is None
    assert stuck([walks] + [breather(f) for f in faces]) == breather(faces[MOST_OF_A_SHAPE])["text"]


def test_no_match_of_the_corpus_is_stuck(corpus):
    found = {name: stuck(corpus[name]["events"]) for name, _, _ in cases()}
    assert {name: line for name, line in found.items() if line} == {}


if __name__ == "__main__":
    recorded = record_corpus()
    corpus_file.write(CORPUS, recorded)
    print(f"{len(recorded)} cases recorded in {CORPUS.name}")
