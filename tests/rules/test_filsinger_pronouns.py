"""The play-by-play refers to each wrestler by the wrestler's own pronouns (he, she, they):
never a "he" or "men" for a woman, never a he/she form for "they", and the words of an all-"he"
match as they always were. Chart texts a federation writes are checked for their placeholders.
"""

from __future__ import annotations

import copy
import random
import re
from dataclasses import replace

import pytest

from rules.core.dice import ScriptedDice, SeededDice
from rules.core.errors import TableError
from rules.core.result import Method
from rules.core.spec import Ringside
from rules.filsinger.engine import Match, prepare
from rules.filsinger.options import OPTION_NAMES
from rules.filsinger.strategy import DefaultStrategy
from rules.filsinger.tables import default_sources
from rules.filsinger.text import fill, fill_feud
from tests.rules.cardgen import edge_card_data, random_card_data
from tests.rules.conftest import positioned

WOLF, EXECUTIONER = 0, 1
HE_WORDS = re.compile(r"\b(he|him|his|himself|man|men)\b", re.IGNORECASE)
GENDERED = re.compile(
    r"\b(he|him|his|himself|she|her|hers|herself|man|men|woman|women)\b", re.IGNORECASE
)
#: "they" before a verb that agrees with a single wrestler ("they comes", "they flips").
THEY_AGREEING = re.compile(r"\bthey (is|has|was|\w+[^s\W]s)\b", re.IGNORECASE)


def with_pronouns(spec, *keys):
    """The spec with its wrestlers' pronouns, in the order of ``spec.participants``."""
    keys = iter(keys)
    sides = tuple(
        replace(
            side,
            participants=tuple(replace(p, pronouns=next(keys)) for p in side.participants),
        )
        for side in spec.sides
    )
    return replace(spec, sides=sides)


def everything(fs, match_type, pronoun, rng):
    """A match under every option, a feud, a manager and an ally at ringside on each side."""
    n = 2 if match_type == "singles" else 4
    make = edge_card_data if rng.random() < 0.3 else random_card_data
    names = ["Nadia Sorrel", "Ines Marrow", "Ada Quill", "Bea Stone"][:n]
    cards = [fs.parse_card(make(rng, name)) for name in names]
    spec = fs.make_spec(cards, match_type, options="all", feud=True)
    sides = tuple(
        replace(
            side,
            relationship=rng.choice(("partners", "group", None)),
            manager=Ringside(key=f"m{s}", name=f"Manager {s}", distractor=rng.randint(3, 9)),
            ally=Ringside(key=f"a{s}", name=f"Ally {s}", distractor=rng.randint(3, 9)),
        )
        for s, side in enumerate(spec.sides)
    )
    return with_pronouns(replace(spec, sides=sides), *[pronoun] * n)


def told(result):
    """Every word a match shows: its events, and the feud's words kept in its effects."""
    words = [e.text for e in result.events]
    words.append(result.effects.feud_text)
    words += [i.description for i in result.effects.injuries]
    return words


def sweep(fs, pronoun, seed_words):
    words = []
    rng = random.Random(seed_words)
    for match_type in ("singles", "tag"):
        for _ in range(150):
            spec = everything(fs, match_type, pronoun, rng)
            words += told(fs.simulate(spec, dice=SeededDice(rng.randrange(10**6))))
    return words


def test_the_options_of_the_sweep_are_every_option(fs):
    spec = everything(fs, "singles", "she", random.Random(1))
    assert spec.options == frozenset(OPTION_NAMES)


def test_women_under_every_option_are_never_men(fs):
    words = sweep(fs, "she", "women")
    wrong = [text for text in words if HE_WORDS.search(text)]
    assert not wrong, wrong[:5]
    assert any(re.search(r"\bher\b", text) for text in words)
    assert any("women" in text for text in words)  # a feud's "Both women brawl" at least


def test_they_under_every_option_is_never_he_or_she_and_never_needs_agreement(fs):
    words = sweep(fs, "they", "they")
    wrong = [text for text in words if GENDERED.search(text) or THEY_AGREEING.search(text)]
    assert not wrong, wrong[:5]
    assert any(re.search(r"\b(them|their)\b", text) for text in words)


class Pair:
    """Two engine wrestlers from a spec (side 0 and side 1), for filling chart texts."""

    def __init__(self, fs, spec):
        prep = prepare(spec)
        self.you, self.opponent = prep.wrestlers[0][0], prep.wrestlers[1][0]


@pytest.mark.parametrize(("pronoun", "forbidden"), [("she", HE_WORDS), ("they", GENDERED)])
def test_every_row_of_every_default_chart_takes_the_wrestlers_pronouns(
    fs, wolf, executioner, pronoun, forbidden
):
    spec = with_pronouns(fs.make_spec([wolf, executioner]), pronoun, pronoun)
    pair = Pair(fs, spec)
    tables = fs.load_tables()
    texts = [
        o.text for chart in tables.charts.values() for rows in chart.columns.values() for o in rows
    ]
    texts += [o.text for o in tables.interference.columns["any"]]
    texts += [
        o.text
        for moves in tables.choice_situations.values()
        for m in moves
        for o in (m.success, m.failure)
    ]
    filled = [fill(t, pair.you, pair.opponent, ally="Slick") for t in texts]
    filled += [fill_feud(row.text, pair.you, pair.opponent) for row in tables.feud_table]
    wrong = [text for text in filled if forbidden.search(text) or THEY_AGREEING.search(text)]
    assert not wrong, wrong


# ------------------------------------------------------------------ exact sentences, mixed


@pytest.fixture
def mixed(fs, wolf, executioner):
    """Wolf is "she", the Executioner "he"."""
    return with_pronouns(fs.make_spec([wolf, executioner]), "she", "he")


def test_a_woman_thrown_out_lands_on_her_feet(mixed):
    # The Executioner's LEVEL 3 OFFENSE 3 is "out of the ring"; Wolf (Ring A) rolls 7.
    m = positioned(mixed, [3, 3, 4], off=EXECUTIONER, level=3)
    m.offense_roll()
    assert [e.text for e in m.events] == [
        "The Executioner throws Wolf out of the ring!",
        "Wolf lands on her feet and slides back in to meet the Executioner.",
    ]


def test_a_man_thrown_out_by_a_woman_is_rammed_into_the_apron_as_him(mixed):
    # Wolf's LEVEL 3 OFFENSE 2 is "out of the ring"; the Executioner (Ring B) rolls 7, then 11.
    m = positioned(mixed, [2, 3, 4], off=WOLF, level=3)
    m.offense_roll()
    assert m.events[1].text == "Wolf follows the Executioner out and rams him into the apron."
    m = positioned(mixed, [2, 5, 6], off=WOLF, level=3)
    m.offense_roll()
    assert m.events[1].text == "The Executioner pulls Wolf out and drops her on the guardrail."


def test_a_woman_thrown_out_by_a_woman_is_rammed_into_the_apron_as_her(fs, wolf, executioner):
    spec = with_pronouns(fs.make_spec([wolf, executioner]), "she", "she")
    m = positioned(spec, [2, 3, 4], off=WOLF, level=3)
    m.offense_roll()
    assert m.events[1].text == "Wolf follows the Executioner out and rams her into the apron."


def test_the_ally_smashes_the_woman_into_the_post(fs, wolf, executioner):
    spec = with_pronouns(fs.make_spec([wolf, executioner], options="ringside_ally"), "she", "he")
    sides = list(spec.sides)
    sides[EXECUTIONER] = replace(sides[EXECUTIONER], ally=Ringside(key="slick", name="Slick"))
    spec = replace(spec, sides=tuple(sides))
    # Out of the ring against Wolf (Ring A): the ally jumps her (3: at most 6), no DQ (12).
    m = positioned(spec, [3, 1, 2, 6, 6], off=EXECUTIONER, level=3)
    m.offense_roll()
    assert m.events[1].text == (
        "Outside interference! Wolf is attacked outside the ring by Slick, who smashes her into "
        "the steel post! The Executioner and Slick may be disqualified."
    )


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        (("he", "he"), "Both men are disqualified: a double disqualification."),
        (("she", "she"), "Both women are disqualified: a double disqualification."),
        (("she", "he"), "Both wrestlers are disqualified: a double disqualification."),
        (("they", "they"), "Both wrestlers are disqualified: a double disqualification."),
    ],
)
def test_a_double_disqualification_names_the_wrestlers_by_their_group(
    fs, wolf, executioner, keys, words
):
    spec = with_pronouns(fs.make_spec([wolf, executioner]), *keys)
    # Out of the ring against the Executioner (Ring B): 6, both roll for DQ and both are out.
    m = positioned(spec, [2, 3, 3, 1, 1, 1, 1], off=WOLF, level=3)
    m.offense_roll()
    assert m.method is Method.DOUBLE_DISQUALIFICATION
    assert m.result().events[-1].text == words


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        (("he", "he"), "Neither man beats the count: a double count-out."),
        (("she", "she"), "Neither woman beats the count: a double count-out."),
        (("he", "they"), "Neither wrestler beats the count: a double count-out."),
    ],
)
def test_a_double_count_out_names_the_wrestlers_by_their_group(fs, wolf, executioner, keys, words):
    spec = with_pronouns(fs.make_spec([wolf, executioner]), *keys)
    m = positioned(spec, [], off=WOLF, level=3)
    m.finish(None, Method.DOUBLE_COUNT_OUT, (1, 1), EXECUTIONER)
    assert m.result().events[-1].text == words


def test_the_feud_table_names_the_winner_by_her_pronouns(mixed):
    # Wolf (she) won on doubles; the Feud Table rolls 9 (the loser attacks the winner).
    m = Match(prepare(mixed), ScriptedDice([4, 5]), DefaultStrategy())
    m.finish(WOLF, Method.PIN, (3, 3), EXECUTIONER)
    m.feud()
    text = "The loser attacks the winner from behind during her celebration."
    assert m.feud_result[0] == text
    assert m.feud_result[1][0].description == f"{text} (Wolf)"
    assert m.events[-1].text == (
        f"The match ended on doubles and the feud boils over: {text} "
        "(Wolf hurt: PIN +2 for the next fight card)"
    )


def test_the_feud_table_names_both_women(fs, wolf, executioner):
    spec = with_pronouns(fs.make_spec([wolf, executioner]), "she", "she")
    m = Match(prepare(spec), ScriptedDice([3, 4]), DefaultStrategy(), record=False)
    m.finish(WOLF, Method.PIN, (3, 3), EXECUTIONER)
    m.feud()
    assert m.feud_result[0] == (
        "Both women brawl until security and the locker room pull them apart."
    )


# ------------------------------------------------------------------ the default stays "he"


def test_a_wrestler_is_he_by_default_and_the_words_stay_as_they_were(fs, wolf, executioner):
    spec = fs.make_spec([wolf, executioner])
    assert [p.pronouns for p in spec.participants] == ["he", "he"]
    m = positioned(spec, [2, 3, 4], off=WOLF, level=3)
    m.offense_roll()
    assert m.events[1].text == "Wolf follows the Executioner out and rams him into the apron."
    m = positioned(spec, [3, 3, 4], off=EXECUTIONER, level=3)
    m.offense_roll()
    assert m.events[1].text == "Wolf lands on his feet and slides back in to meet the Executioner."


# ------------------------------------------------------------------ a federation's charts


def chart_problems(fs, name, mutate):
    data = copy.deepcopy(default_sources()[name])
    mutate(data)
    with pytest.raises(TableError) as info:
        fs.load_tables({name: data})
    return info.value.problems


def set_text(text, *where):
    def mutate(data):
        row = data
        for key in where:
            row = row[key]
        row["text"] = text

    return mutate


@pytest.mark.parametrize(
    ("name", "mutate", "problem"),
    [
        (
            "ring",
            set_text("{Opponent} rams {you:hers} into the apron.", "ratings", "B", 4),
            (
                "ring.ratings.B[4].text",
                "unknown pronoun {you:hers}: use {you} or {you:him}, {you:his}, {you:himself}, "
                "{you:he}, {you:man} ({you:His} to start a sentence)",
            ),
        ),
        (
            "ropes",
            set_text("{Referee} counts {you} out.", "ratings", "A", 0),
            (
                "ropes.ratings.A[0].text",
                "unknown placeholder {Referee}: this chart's texts may use {you}, {You}, "
                "{opponent}, {Opponent}, {both}",
            ),
        ),
        (
            "ring",
            set_text("{ally} trips {you}.", "ratings", "A", 0),
            (
                "ring.ratings.A[0].text",
                "unknown placeholder {ally}: this chart's texts may use {you}, {You}, "
                "{opponent}, {Opponent}, {both}",
            ),
        ),
        (
            "interference",
            set_text("{ally:his} friend trips {opponent}.", "rolls", 3),
            (
                "interference.rolls[3].text",
                "unknown pronoun {ally:his}: {ally} takes no pronoun (it is a name)",
            ),
        ),
        (
            "feud_table",
            set_text("{both} brawl; {you} runs.", "rolls", 4),
            (
                "feud_table.rolls[4].text",
                "unknown placeholder {both}: use {both:men} or {both:man} ({both:Men} to start "
                "a sentence)",
            ),
        ),
        (
            "choice_situations",
            set_text("{You} slams {opponent!r}.", "columns", "B", 1, "success"),
            (
                "choice_situations.columns.B[1].success.text",
                "{opponent!r}: a placeholder takes no !r",
            ),
        ),
        (
            "deathjump",
            set_text("{You} dodges {opponent.", "ratings", "C", 0),
            (
                "deathjump.ratings.C[0].text",
                "expected '}' before end of string (write a placeholder as {you}, a brace on "
                "its own as {{ or }})",
            ),
        ),
    ],
)
def test_a_chart_with_an_unknown_placeholder_or_pronoun_is_refused(fs, name, mutate, problem):
    assert problem in chart_problems(fs, name, mutate)


def test_the_feud_table_names_the_winner_and_the_loser_not_you(fs):
    problems = chart_problems(fs, "feud_table", set_text("{you} wins.", "rolls", 0))
    assert problems == [
        (
            "feud_table.rolls[0].text",
            "unknown placeholder {you}: this chart's texts may use {winner}, {Winner}, {loser}, "
            "{Loser}, {both}",
        )
    ]


def test_a_federation_chart_may_use_every_placeholder(fs, wolf, executioner):
    ring = copy.deepcopy(default_sources()["ring"])
    ring["ratings"]["B"][4]["text"] = (
        "{Opponent:His} fans cheer as {opponent} rams {you:him} into the apron; {You} hurts "
        "{you:himself}, {opponent:he} may be warned, and both {both:men} stare."
    )
    tables = fs.load_tables({"ring": ring})
    spec = with_pronouns(fs.make_spec([wolf, executioner]), "they", "she")
    m = positioned(spec, [2, 3, 4], off=WOLF, level=3, tables=tables)
    m.offense_roll()
    assert m.events[1].text == (
        "Their fans cheer as Wolf rams her into the apron; The Executioner hurts herself, "
        "they may be warned, and both wrestlers stare."
    )
