"""The generator's tables kept as data (``rules/data/generate.yaml`` and
``rules/data/<system>/generate.yaml``; ``docs/cards.md``, "Generated wrestlers"): each file
ships, is marked the project's own, holds what the generator needs (figures written here from
``docs/cards.md``'s table), and a broken copy is refused naming the file and the key."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from rules.arm import generate as arm
from rules.core import generate as core
from rules.core.generate import GeneratorDataError, load_shared
from rules.core.safeyaml import YamlError, load_text
from rules.filsinger import generate as filsinger
from rules.superstar import generate as superstar

FILES = {
    "shared": "generate.yaml",
    "arm": "arm/generate.yaml",
    "filsinger": "filsinger/generate.yaml",
    "superstar": "superstar/generate.yaml",
}
LOADERS = {
    "shared": load_shared,
    "arm": arm.load_tables,
    "filsinger": filsinger.load_tables,
    "superstar": superstar.load_tables,
}
STYLES = ("brawler", "technician", "high-flyer", "powerhouse", "all-rounder")
TIERS = ("jobber", "mid-carder", "upper-carder", "main-eventer")


def packaged_text(name: str) -> str:
    return resources.files("rules.data").joinpath(FILES[name]).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", FILES)
def test_each_file_ships_marked_the_projects_own_and_reads_strictly(name):
    """Shipped in the package, ``authored: true`` as the project's own charts are, and read
    the same by the strict loader a user's YAML goes through (no key given twice, no anchors)."""
    data = load_text(packaged_text(name), source=FILES[name])
    assert data["authored"] is True
    assert data["title"]


@pytest.mark.parametrize("name", FILES)
def test_a_copy_of_each_file_loads_to_the_same_tables(name):
    """The loader a copy goes through is the packaged one's: an unedited copy reads the same."""
    assert LOADERS[name](Path(resources.files("rules.data").joinpath(FILES[name]))) == (
        LOADERS[name]()
    )


def test_the_shared_file_holds_the_styles_tiers_words_and_starting_figures():
    shared = load_shared()
    assert tuple(name for name, _ in shared.styles) == STYLES
    assert tuple(name for name, _ in shared.tiers) == TIERS
    assert all(words for _, words in (*shared.styles, *shared.tiers))
    assert shared.shares == (0.25, 0.35, 0.25, 0.15)
    assert shared.starting == {
        "jobber": (100, 50),
        "mid-carder": (300, 200),
        "upper-carder": (550, 400),
        "main-eventer": (850, 650),
    }
    assert len(shared.first_names) == 57 and len(shared.last_names) == 46
    assert len(shared.nicknames) == 20 and len(shared.towns) == 28
    assert len(shared.promotion_words) == 15
    assert {"Ada", "Zora"} <= shared.she_names and shared.they_names == {
        "Kit",
        "Marlowe",
        "Quinn",
        "Regan",
        "Sable",
    }
    # The module's public names are the values read.
    assert shared.styles is core.STYLES and shared.towns is core.TOWNS


def test_the_system_files_hold_the_documented_tier_figures():
    """``docs/cards.md``'s table of each system's tier figures."""
    assert filsinger.PIN_RATING == (9, 8, 7, 6)
    assert filsinger.FINISHERS == (1, 1, 2, 3)
    assert filsinger.PINS == ((1, 2, 4), (1, 2, 3), (0, 1, 2), (0, 1, 1))
    assert filsinger.COUNTERS == ((1, 1, 0), (1, 1, 1), (2, 2, 1), (3, 2, 2))
    assert filsinger.MOVE_LEVEL_WEIGHTS == ((6, 3, 1), (4, 4, 2), (2, 4, 4), (1, 3, 6))
    assert superstar.OCS == (4, 5, 6, 7)
    assert superstar.POINTS == (3, 5, 7, 9)
    assert (superstar.DEFENSE_C, superstar.DEFENSE_REVERSE) == ((1, 2, 3, 4), (0, 1, 1, 2))
    assert superstar.SUB_RANGE == ([2, 7], [2, 6], [2, 5], [2, 4])
    assert superstar.PRIORITY == ([1, 1], [2, 2], [4, 2], [5, 3])
    assert arm.TOTALS == (72, 86, 100, 112)
    assert arm.BOUNDS == ((6, 14), (7, 16), (8, 18), (10, 20))
    assert arm.ARSENAL_SIZE == (5, 6, 7, 8)
    assert (arm.FAME, arm.PRESTIGE) == ((50, 250, 500, 800), (0, 150, 350, 600))
    assert arm.FLAWS[0] == ("Green", "Glass Jaw", "Clumsy")
    assert arm.EXTRA_MERITS[3] == ("Ring General", "Tough", "Iron Jaw")
    for style in STYLES:
        assert len(filsinger.MOVES[style]["moves"]) == 12
        assert len(superstar.MOVES[style]) == 12 and superstar.ROPES_MOVES[style]
        assert arm.STYLES[style]["merit"] and len(arm.STYLES[style]["arsenal"]) == 12


#: One edit per file (a line of the packaged text and what it becomes), and the key the
#: refusal must name.
BREAKS = {
    "shared": ("  mid-carder:   {words:", "  mid-carder:   {word:", "tiers.mid-carder.word"),
    "arm": ("total: 112,", "total: 150,", "tiers.main-eventer.total"),
    "filsinger": ("chart: deathjump", "chart: cage", "styles.high-flyer.chart"),
    "superstar": ("ocs: 7,", "ocs: 12,", "tiers.main-eventer.ocs"),
}


@pytest.mark.parametrize("name", FILES)
def test_a_broken_file_is_refused_naming_the_file_and_the_key(name, tmp_path):
    old, new, key = BREAKS[name]
    text = packaged_text(name)
    assert text.count(old) == 1
    path = tmp_path / "generate.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(GeneratorDataError) as refused:
        LOADERS[name](path)
    assert any(line.startswith(f"{path}: {key}") for line in refused.value.messages())


def test_every_problem_is_named_at_once_and_a_missing_key_once(tmp_path):
    path = tmp_path / "generate.yaml"
    text = packaged_text("arm")
    text = text.replace("    word: Bomb\n", "").replace("STR: 6, TEC: 1", "STR: six, TEC: 1")
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GeneratorDataError) as refused:
        arm.load_tables(path)
    assert refused.value.messages() == [
        f"{path}: styles.powerhouse.word: missing",
        f"{path}: styles.powerhouse.weights.STR: must be a whole number of 0 or more, got 'six'",
    ]


def test_a_key_given_twice_is_refused_by_the_loader_naming_the_file_and_line(tmp_path):
    path = tmp_path / "generate.yaml"
    path.write_text(packaged_text("shared") + "towns: [Leeds, England]\n", encoding="utf-8")
    pattern = rf"^{re.escape(str(path))}, line \d+: the key 'towns' appears twice"
    with pytest.raises(YamlError, match=pattern):
        load_shared(path)


def test_a_file_that_is_no_mapping_is_refused_naming_the_file(tmp_path):
    path = tmp_path / "generate.yaml"
    path.write_text("- brawler\n", encoding="utf-8")
    with pytest.raises(GeneratorDataError) as refused:
        superstar.load_tables(path)
    assert refused.value.messages() == [f"{path}: must be a mapping, got a list of 1 entries"]


def test_a_nickname_takes_its_form_for_a_she_or_a_they_and_the_stream_is_kept():
    """The same draws as before (the form replaces the word drawn, nothing more is drawn):
    seed 8's fifth name is Ada's, whose draw, "Gentleman", takes its form for a she, "Lady
    Luck"; a he keeps the word as listed."""
    assert core.NICKNAME_FORMS == {
        "she": {"The Duke": "The Duchess", "Gentleman": "Lady Luck"},
        "they": {"The Duke": "The Sovereign", "Gentleman": "The Diplomat"},
    }
    assert core.ring_name(8, 4) == 'Ada "Lady Luck" Ember'
    assert core.ring_name(22, 6) == 'Quinn "The Sovereign" Dane'
    assert core.ring_name(22, 4) == 'Cormac "The Duke" Crowley'
    assert core.ring_name(9, 5) == 'Cassius "Gentleman" Rook'


def test_a_form_for_a_nickname_not_listed_is_refused_naming_it(tmp_path):
    path = tmp_path / "generate.yaml"
    text = packaged_text("shared")
    old = "  she: {The Duke: The Duchess,"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "  she: {The Baron: The Baroness,"), encoding="utf-8")
    with pytest.raises(GeneratorDataError) as refused:
        load_shared(path)
    assert refused.value.messages() == [
        f"{path}: nickname_forms.she.The Baron: 'The Baron' is not one of nicknames"
    ]
