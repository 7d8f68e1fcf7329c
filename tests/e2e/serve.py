"""The site as the demo serves it, for the browser tests: Django's server with the embedded
show runner in the same process (no broker), on the database named by ``DATABASE_URL``.

Two test hooks: show seeds come from a fixed sequence (results are reproducible), and each match
of a show whose name starts with "Live" takes ``LIVE_MATCH_SECONDS`` so that a browser can watch
its progress.

Usage: python tests/e2e/serve.py PORT
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402

from matches import booking, simulation  # noqa: E402
from matches.runner import ShowRunner  # noqa: E402

LIVE_MATCH_SECONDS = float(os.environ.get("LIVE_MATCH_SECONDS", "1.5"))
_seeds = random.Random(20261130)
booking.new_seed = lambda: _seeds.getrandbits(62)


def _slow_live_shows(show, match) -> None:
    if show.name.startswith("Live"):
        time.sleep(LIVE_MATCH_SECONDS)


simulation.after_match_hooks.append(_slow_live_shows)

if __name__ == "__main__":
    call_command("migrate", verbosity=0)
    ShowRunner(every=0.5, report=lambda line: None).start()
    call_command("runserver", f"127.0.0.1:{sys.argv[1]}", use_reloader=False, verbosity=0)
