"""The play-by-play's words that every system shares (rules/core/text.py): names at the start of
a sentence and inside one, and the article before a move."""

from __future__ import annotations

import pytest

from rules.core.text import article, mid_name, ordinal, start_name


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("the Executioner", "The Executioner"),
        ("el Hijo", "El Hijo"),
        ("Corrigan Vale", "Corrigan Vale"),
        ("x", "X"),
        ("", ""),
        ("mORTIMER", "MORTIMER"),  # only the first letter changes
    ],
)
def test_a_name_starting_a_sentence_has_a_capital(name, expected):
    assert start_name(name) == expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("The Executioner", "the Executioner"),
        ("The Wolf", "the Wolf"),
        ("Corrigan Vale", "Corrigan Vale"),
        ("THE MACHINE", "THE MACHINE"),  # a name in capitals is a logo, kept as printed
        ("The ", "The "),  # nothing after the article: left alone
        ("Theodore", "Theodore"),  # "The" only as a word of its own
        ("the Wolf", "the Wolf"),
    ],
)
def test_a_name_inside_a_sentence_lowers_its_leading_article(name, expected):
    assert mid_name(name) == expected


@pytest.mark.parametrize(
    ("noun", "expected"),
    [
        ("dropkick", "a"),
        ("Suplex", "a"),
        ("arm drag", "an"),
        ("elbow drop", "an"),
        ("Irish whip", "an"),
        ("outside dive", "an"),
        ("uppercut", "an"),
        ("PILEDRIVER", "the"),  # a finisher printed in capitals
        ("DDT", "the"),
        ("punches", ""),  # plurals take none
        ("knees to the gut", ""),
        ("chops", ""),
        ("press", "a"),  # -ss, -us, -is are not plurals
        ("abacus slam", "an"),
        ("pelvis drop", "a"),
        ("hiss", "a"),
    ],
)
def test_the_article_before_a_move(noun, expected):
    assert article(noun) == expected


def test_a_plural_is_read_from_the_first_word_only():
    assert article("knee lifts") == "a"  # "knee" is singular: the last word does not count
    assert article("boots to the head") == ""


def test_a_count_takes_its_unit_in_the_singular_for_one():
    from rules.core.text import counted

    assert counted(1, "rounds") == "1 round"
    assert counted(0, "rounds") == "0 rounds"
    assert counted(3, "turns") == "3 turns"
    assert counted(1, "turns") == "1 turn"


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (100, "100th"),
        (101, "101st"),
        (111, "111th"),
    ],
)
def test_an_ordinal_is_written_as_english_writes_it(n, words):
    assert ordinal(n) == words
