"""The loader for users' YAML: values Python cannot hold are refused like any other bad input."""

from __future__ import annotations

import pytest

from rules.core.safeyaml import YamlError, load_text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pin: " + "9" * 5000, "a value cannot be read"),  # past Python's int-from-text limit
        ("born: 2001-13-45", "a value cannot be read (month must be in 1..12)"),
    ],
)
def test_a_value_python_cannot_hold_is_a_yaml_error(text, message):
    with pytest.raises(YamlError, match=r"^card\.yaml: ") as info:
        load_text(text, source="card.yaml")
    assert message in str(info.value) and len(str(info.value)) < 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\n? [x, y]\n: 2\n", "f.yaml, line 2: a key must be plain text or a number"),
        ("a: 1\nb: 2\na: 3\n", "f.yaml, line 3: the key 'a' appears twice"),
        ("a: &x 1\nb: *x\n", "f.yaml, line 1: anchors (&name) are not accepted"),
        ("[" * 33 + "]" * 33, "f.yaml, line 1: nested more than 32 levels deep"),
        ("a:\n  b: 'x\u202ey'\n", "f.yaml, line 2: text holds the control character U+202E"),
        ("a: b: c", "f.yaml, line 1: not valid YAML (mapping values are not allowed here)"),
        (b"a: \xff\xfe", "f.yaml: not UTF-8 text (byte 4 is 0xff); save the file as UTF-8"),
        ("x" * (256 * 1024 + 1), "f.yaml: larger than 256 KiB; refused unread"),
        (b"x" * (256 * 1024 + 1), "f.yaml: larger than 256 KiB; refused unread"),
    ],
)
def test_refusals_name_the_file_the_line_and_the_problem(text, message):
    with pytest.raises(YamlError) as info:
        load_text(text, source="f.yaml")
    assert str(info.value).startswith(message)


def test_what_is_accepted_at_the_limits():
    assert load_text(b"\xef\xbb\xbfa: 1") == {"a": 1}  # a byte-order mark is fine
    deepest = load_text("[" * 32 + "]" * 32)  # 32 levels deep: the limit
    for _ in range(31):
        (deepest,) = deepest
    assert deepest == []
    assert load_text("x" * (256 * 1024)) == "x" * (256 * 1024)
    assert load_text("a: 'tab\there'") == {"a": "tab\there"}


@pytest.mark.parametrize("text", ["a: \x00", b"name: \x00\x01 junk"])
def test_a_character_yaml_cannot_hold_is_refused_in_one_line_not_a_traceback(text):
    with pytest.raises(YamlError) as info:
        load_text(text, source="junk.bin")
    assert str(info.value) == (
        "junk.bin: not valid YAML (unacceptable character #x0000: special characters are not "
        "allowed)"
    )


def test_an_alias_is_refused_by_name():
    with pytest.raises(YamlError) as info:
        load_text("a: *x", source="f.yaml")
    assert str(info.value) == "f.yaml, line 1: aliases (*name) are not accepted"


def test_values_quoted_in_messages_are_clipped_to_eighty_characters():
    from rules.core.safeyaml import clip

    assert clip("x" * 100) == "'" + "x" * 78 + "…"
    assert clip("x" * 78) == "'" + "x" * 78 + "'"  # 80 characters: kept whole
    assert clip({"a": 1, "b": 2}) == "a mapping of 2 entries"
    assert clip([1, 2, 3]) == "a list of 3 entries"
    assert clip(b"raw") == "bytes"


def test_a_name_in_a_message_is_clipped_without_quotes_and_marks_the_cut():
    from rules.core.safeyaml import clip_text

    assert clip_text("x" * 80) == "x" * 80
    assert clip_text("x" * 81) == "x" * 79 + "…"
    assert clip_text("a\u202eb\n", 40) == "a\\u202eb\\n"  # escapes shown, as repr writes them


def test_refusals_word_for_word():
    cases = {
        "a: 1\n? [x, y]\n: 2\n": "f.yaml, line 2: a key must be plain text or a number",
        "a: 1\nb: 2\na: 3\n": "f.yaml, line 3: the key 'a' appears twice",
        "a: &x 1\n": "f.yaml, line 1: anchors (&name) are not accepted",
        "[" * 33 + "]" * 33: "f.yaml, line 1: nested more than 32 levels deep",
        "a:\n  b: 'x\u202ey'\n": (
            "f.yaml, line 2: text holds the control character U+202E "
            "(RIGHT-TO-LEFT OVERRIDE) at character 2"
        ),
        "a: b: c": "f.yaml, line 1: not valid YAML (mapping values are not allowed here)",
        "born: 2001-13-45": "f.yaml: a value cannot be read (month must be in 1..12)",
    }
    for text, message in cases.items():
        with pytest.raises(YamlError) as info:
            load_text(text, source="f.yaml")
        assert str(info.value) == message, text


def test_a_depth_limit_raised_past_what_python_can_recurse_still_ends_in_a_plain_refusal():
    deep = "[" * 5000 + "]" * 5000
    with pytest.raises(YamlError) as info:
        load_text(deep, source="f.yaml", max_depth=10**6)
    assert str(info.value) == "f.yaml: nested too deeply"


def test_a_long_problem_is_clipped_to_120_characters():
    with pytest.raises(YamlError) as info:
        load_text("pin: " + "9" * 5000, source="f.yaml")
    assert str(info.value) == (
        "f.yaml: a value cannot be read (Exceeds the limit (4300 digits) for integer string "
        "conversion: value has 5000 digits; use sys.set_int_max_str_digits() …)"
    )
    with pytest.raises(YamlError) as info:
        load_text("[1, 2\nx: " + "y" * 300, source="f.yaml")
    assert str(info.value) == "f.yaml, line 2: not valid YAML (expected ',' or ']', but got ':')"


def test_a_depth_limit_of_the_callers_choice():
    assert load_text("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(YamlError) as info:
        load_text("[[[1]]]", source="f.yaml", max_depth=2)
    assert str(info.value) == "f.yaml, line 1: nested more than 2 levels deep"
    with pytest.raises(YamlError) as info:
        load_text(b"abc", source="f.yaml", max_bytes=2)
    assert str(info.value) == "f.yaml: larger than 0 KiB; refused unread"


def test_a_file_read_from_disk(tmp_path):
    from rules.core.safeyaml import load_file

    good = tmp_path / "card.yaml"
    good.write_text("name: Corrigan Vale\n")
    assert load_file(good) == {"name": "Corrigan Vale"}
    missing = tmp_path / "nowhere.yaml"
    with pytest.raises(YamlError) as info:
        load_file(missing)
    assert str(info.value) == f"{missing}: cannot be read (No such file or directory)"
    big = tmp_path / "big.yaml"
    big.write_text("x" * 2049)
    with pytest.raises(YamlError) as info:
        load_file(big, max_bytes=2048)
    assert str(info.value) == f"{big}: larger than 2 KiB; refused unread"
    assert load_file(big, max_bytes=4096) == "x" * 2049


def test_a_problem_of_exactly_120_characters_is_kept_whole():
    from rules.core.safeyaml import _short

    assert _short("p" * 120) == "p" * 120
    assert _short("p" * 121) == "p" * 119 + "…"
