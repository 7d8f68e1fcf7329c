"""manage.py itself: a database not yet made, or out of reach, is one line saying which and a
non-zero exit, not a traceback."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]


def show_with(database_url: str) -> subprocess.CompletedProcess:
    """``manage.py show copperline`` against ``database_url``."""
    return subprocess.run(
        [sys.executable, "manage.py", "show", "copperline"],
        cwd=ROOT,
        env={**os.environ, "DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_database_out_of_reach_is_one_line_saying_so():
    # Port 9 (discard): nothing answers PostgreSQL there.
    done = show_with("postgres://postgres@127.0.0.1:9/ringside")
    assert done.returncode == 1
    assert done.stderr.startswith("CommandError: The database is unavailable: ")
    assert done.stderr.endswith(
        "; is it running, at DATABASE_URL? (--traceback shows where this came from)\n"
    )
    assert done.stderr.count("\n") == 1 and done.stdout == ""


def test_a_database_not_yet_made_is_one_line(tmp_path):
    done = show_with(f"sqlite:///{tmp_path / 'new.sqlite3'}")
    assert done.returncode == 1
    assert done.stderr == (
        "CommandError: The database's tables are not this version's: no such table: "
        "promotion_federation; `manage.py migrate` brings them up to date, `make demo` makes a "
        "new database (--traceback shows where this came from)\n"
    )
    assert done.stdout == ""
