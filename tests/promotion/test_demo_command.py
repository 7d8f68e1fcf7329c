"""``demo --no-serve`` (``make demo NO_SERVE=1``): it sets up and exits, and says where the site
will be and the command that serves it, as the serving demo says where it serves."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def demo(**options) -> str:
    out = io.StringIO()
    call_command("demo", no_serve=True, weeks=0, stdout=out, stderr=io.StringIO(), **options)
    return out.getvalue()


def test_set_up_without_serving_says_where_the_site_will_be_and_how_to_serve_it():
    lines = demo().splitlines()
    assert lines[-1] == (
        "Set up, not serving (--no-serve). The site will be at http://127.0.0.1:8000/: "
        "serve it with `make demo` (or `.venv/bin/python manage.py demo`)."
    )


def test_an_address_of_ones_own_is_the_one_named_with_the_command_that_serves_it():
    lines = demo(addr="0.0.0.0:9000").splitlines()
    assert lines[-1] == (
        "Set up, not serving (--no-serve). The site will be at http://0.0.0.0:9000/: "
        "serve it with `.venv/bin/python manage.py demo --addr 0.0.0.0:9000`."
    )
