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
