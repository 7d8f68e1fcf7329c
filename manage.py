#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys

from django.core.management import execute_from_command_line
from django.db import DatabaseError, OperationalError

#: What a database error says when the tables are older than the code (SQLite's words, then
#: PostgreSQL's).
NOT_MIGRATED = ("no such table", "no such column", "does not exist")


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    try:
        try:
            execute_from_command_line(sys.argv)
        finally:
            # Output short enough to sit in the buffer meets a reader that went away only here
            # (or, unflushed, at exit: "Exception ignored ... BrokenPipeError" and status 120).
            sys.stdout.flush()
    except DatabaseError as exc:
        if "--traceback" in sys.argv:
            raise
        # A database not yet made or migrated, out of reach, or refusing: one line, not a
        # traceback.
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0][:200]
        if any(words in first.lower() for words in NOT_MIGRATED):
            said = (
                f"The database's tables are not this version's: {first}; `manage.py migrate` "
                "brings them up to date, `make demo` makes a new database"
            )
        elif isinstance(exc, OperationalError):
            said = f"The database is unavailable: {first}; is it running, at DATABASE_URL?"
        else:
            said = f"The database refused the command: {first}"
        sys.stderr.write(f"CommandError: {said} (--traceback shows where this came from)\n")
        sys.exit(1)
    except BrokenPipeError:
        # The reader went away (`simulate_match ... | head`): stop quietly, as other tools do.
        # Python flushes stdout at exit, so point it at nothing first (the Python docs' recipe).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(1)


if __name__ == "__main__":
    main()
