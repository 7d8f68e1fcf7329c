"""rules.core.safejson: the one loader for JSON a user hands the project. Each refusal says what
is wrong and where; a valid document comes back as ``json.loads`` reads it."""

from __future__ import annotations

import json

import pytest

from rules.core.safejson import INT_BOUND, MAX_DEPTH, JsonError, check_bounds, json_path, load_json

VALID = {
    "name": "Copperline Wrestling Federation",
    "shows": [{"number": 1, "matches": [{"position": 1, "length": 12.5, "winner": None}]}],
    "edge": [INT_BOUND - 1, -(INT_BOUND - 1), 0, -0.0, 1e308],
    "flags": [True, False],
    "words": "Señor Ñandú ✓",
}


def refusal(data, **options) -> JsonError:
    with pytest.raises(JsonError) as caught:
        load_json(data, **options)
    return caught.value


@pytest.mark.parametrize("form", ["str", "bytes", "bytes with a BOM"])
def test_a_valid_document_passes_unchanged(form):
    text = json.dumps(VALID, ensure_ascii=False)
    data = {
        "str": text,
        "bytes": text.encode(),
        "bytes with a BOM": b"\xef\xbb\xbf" + text.encode(),
    }[form]
    document = load_json(data, source="The file")
    assert document == VALID
    assert json.dumps(document, ensure_ascii=False) == text  # the same order, the same types


def test_a_document_exactly_at_the_limits_passes():
    deepest = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert load_json(deepest) == json.loads(deepest)
    text = '{"a": 1}'
    assert load_json(text, max_bytes=len(text)) == {"a": 1}


def test_a_document_over_its_size_is_refused_before_it_is_read():
    error = refusal('{"a": "' + "x" * 100 + '"}', source="The file", max_bytes=50)
    assert str(error) == "The file is 109 bytes; the limit is 50 bytes."
    assert error.path == ""
    # (not read: a size refusal comes first, even for what is not JSON at all)
    assert str(refusal(b"\xff" * 60, source="The file", max_bytes=50)) == (
        "The file is 60 bytes; the limit is 50 bytes."
    )


def test_the_size_of_text_is_counted_in_utf8_bytes():
    error = refusal('"ÑÑÑ"', max_bytes=7)
    assert str(error) == "the document is 8 bytes; the limit is 7 bytes."


def test_bytes_that_are_not_utf8_are_refused_with_their_offset():
    error = refusal(b'{"a": "\xff"}', source="The body")
    assert str(error) == "The body is not UTF-8 (a bad byte at offset 7)."
    assert error.path == ""


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"a": ', "The file is not valid JSON: Expecting value (line 1, column 7)."),
        (
            "{'a': 1}",
            "The file is not valid JSON: Expecting property name enclosed in double "
            "quotes (line 1, column 2).",
        ),
        ('{"a": 1}\n{"b": 2}', "The file is not valid JSON: Extra data (line 2, column 1)."),
        ("", "The file is not valid JSON: Expecting value (line 1, column 1)."),
    ],
)
def test_text_that_is_not_json_is_refused_saying_where(text, message):
    error = refusal(text, source="The file")
    assert str(error) == message
    assert error.path == ""


@pytest.mark.parametrize("name", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused(name):
    error = refusal('{"a": [1, ' + name + "]}")
    assert str(error) == f"{name} is not a number JSON allows; send a finite number."


def test_a_float_that_overflows_to_infinity_is_refused_with_its_path():
    error = refusal('{"shows": [{"length": 1}, {"length": 1e400}]}', source="The file")
    assert str(error) == "The file holds a number too large to be finite at $.shows[1].length."
    assert error.path == "$.shows[1].length"
    negative = refusal("[-1e400]")
    assert negative.path == "$[0]"


def test_an_integer_of_thousands_of_digits_is_refused():
    error = refusal('{"a": ' + "9" * 5_000 + "}", source="The body")
    assert str(error) == "The body holds an integer of thousands of digits."
    assert error.path == ""


@pytest.mark.parametrize("value", [INT_BOUND, -INT_BOUND, 10**30])
def test_an_integer_past_64_bits_is_refused_with_its_path(value):
    error = refusal('{"ledger": [{"delta": 1}, {"delta": ' + str(value) + "}]}")
    assert str(error) == (
        "the document holds an integer out of range at $.ledger[1].delta "
        "(at most 9,223,372,036,854,775,807 either way)."
    )
    assert error.path == "$.ledger[1].delta"


def test_a_document_one_level_too_deep_is_refused_with_its_path():
    text = '{"a": ' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}"
    error = refusal(text, source="The file")
    where = "$.a" + "[0]" * (MAX_DEPTH - 1)
    assert str(error) == f"The file is nested deeper than 64 levels (at {where})."
    assert error.path == where


def test_a_smaller_depth_can_be_asked_for():
    error = refusal('{"a": {"b": {"c": 1}}}', max_depth=2)
    assert str(error) == "the document is nested deeper than 2 levels (at $.a.b)."
    assert error.path == "$.a.b"
    assert load_json('{"a": {"b": 1}}', max_depth=2) == {"a": {"b": 1}}


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_a_document_nested_past_pythons_own_limit_is_refused_plainly(depth):
    error = refusal("[" * depth + "]" * depth, source="The body")
    assert str(error) == "The body is nested deeper than 64 levels."


def test_check_bounds_walks_a_parsed_document_of_any_depth_without_recursion():
    document: list = []
    for _ in range(50_000):
        document = [document]
    with pytest.raises(JsonError) as caught:
        check_bounds(document)
    assert caught.value.path == "$" + "[0]" * 64
    check_bounds(VALID)  # passes


def test_json_path_names_keys_and_indexes():
    assert json_path(()) == "$"
    assert json_path(("shows", 3, "matches")) == "$.shows[3].matches"
    assert json_path((0, "a")) == "$[0].a"


def test_a_refusal_is_a_value_error():
    assert issubclass(JsonError, ValueError)
