"""manage.py itself: a database not yet made is one line and a non-zero exit, not a traceback."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_a_database_not_yet_made_is_one_line(tmp_path):
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'new.sqlite3'}"}
    done = subprocess.run(
        [sys.executable, "manage.py", "show", "copperline"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "CommandError: The database is unavailable: no such table: promotion_federation (a new "
        "database is made by `manage.py migrate` or `make demo`; --traceback shows where this "
        "came from)\n"
    )
    assert done.stdout == ""
