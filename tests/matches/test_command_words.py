"""The import commands count their problems in words: "1 problem", "2 problems", never
"problem(s)"."""

from __future__ import annotations

import io
import json
import re

import pytest
from django.core.management import CommandError, call_command

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("files", "words"), [(1, "1 problem;"), (2, "2 problems;")])
def test_import_cards_counts_its_problems_in_words(tmp_path, federation, files, words):
    missing = [str(tmp_path / f"missing-{n}.yaml") for n in range(files)]
    with pytest.raises(CommandError) as caught:
        call_command("import_cards", federation.slug, *missing, stderr=io.StringIO())
    assert str(caught.value) == f"{words} no card was imported."


def test_import_federation_counts_its_problems_in_words(tmp_path):
    factories.UserFactory(username="owner")
    path = tmp_path / "federation.json"
    path.write_text(json.dumps({"format": "nothing we know"}))
    with pytest.raises(CommandError) as caught:
        call_command("import_federation", str(path), owner="owner", stderr=io.StringIO())
    said = str(caught.value)
    count = int(re.match(r"(\d+) ", said).group(1))
    assert said == f"{count} problem{'' if count == 1 else 's'}; nothing was imported."
