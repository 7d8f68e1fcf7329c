"""The files in deploy/ as the production check reads them (scripts/production_check.py runs them
for real in CI; these are the quick checks of what would only show there, or on a server)."""

from __future__ import annotations

import importlib.util
import re
import socket
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location(
    "production_check", ROOT / "scripts" / "production_check.py"
)
assert _spec is not None and _spec.loader is not None
check = importlib.util.module_from_spec(_spec)
sys.modules["production_check"] = check  # (dataclasses look their module up)
_spec.loader.exec_module(check)

UNITS = ["ringside-web.service", "ringside-worker@.service", "ringside-beat.service"]


def test_the_units_are_the_ones_deploy_holds():
    assert sorted(path.name for path in (ROOT / "deploy").glob("*.service")) == sorted(UNITS)


@pytest.mark.parametrize("filename", UNITS)
def test_every_command_of_a_unit_runs_from_the_virtualenv_with_no_empty_option(filename):
    unit = check.Unit.read(filename, "celery")
    for command in [*unit.pre, unit.start]:
        assert Path(command[0]).parent == Path(sys.executable).parent, command
        assert Path(command[0]).exists(), command
        # A specifier that expands to nothing (%i in a unit that is not a template) leaves
        # "--option=" behind, which the program refuses at start.
        assert not [word for word in command if word.endswith("=")], command


def test_the_worker_template_names_its_queue_and_node_after_its_instance():
    unit = check.Unit.read("ringside-worker@.service", "big-fed")
    assert unit.name == "ringside-worker@big-fed.service"
    assert "--queues=big-fed" in unit.start
    assert f"--hostname=big-fed@{socket.gethostname()}" in unit.start


def test_systemd_specifiers_expand_or_are_refused():
    assert check._command("/srv/ringside/.venv/bin/celery -n %i@%%h", "q")[1:] == ["-n", "q@%h"]
    with pytest.raises(check.CheckFailed, match="%n"):
        check._command("/srv/ringside/.venv/bin/celery -n %n", "q")


def test_the_example_environment_sets_only_variables_the_settings_read():
    example = check.read_environment(ROOT / "deploy" / "ringside.env.example")
    settings = (ROOT / "config" / "settings.py").read_text()
    read = set(re.findall(r'env_(?:str|int|bool|list)\(\s*"([A-Z_]+)"', settings))
    assert {"DJANGO_DEBUG", "DATABASE_URL", "REDIS_URL"} <= read
    assert sorted(set(example) - read) == []
