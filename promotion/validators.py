"""Validators for what users type into names and other text shown to others."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from rules.core.safeyaml import bad_character

CONTROL_CHARACTER = "Remove the control character {problem}: names are plain text."


def plain_text(value: str) -> None:
    """Refuse control characters and bidirectional overrides (U+202E and friends), which can
    make a name display as something else."""
    problem = bad_character(value or "")
    if problem is not None or "\n" in (value or "") or "\t" in (value or ""):
        problem = problem or "a line break or tab"
        raise ValidationError(CONTROL_CHARACTER.format(problem=problem), code="control_character")
