import json
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from config.celery import app
from promotion.models import Federation
from tests import factories
from tests.workers import redis_db, redis_url_with_db, xdist_index

requires_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a real broker) for a real worker"
)


@pytest.fixture(scope="session", autouse=True)
def redis_of_this_process():
    """Each test process its own Redis database for the broker, results and cache, as each has
    its own PostgreSQL database: the n-th process takes the n-th database after REDIS_URL's
    (a show's progress is cached under its id, and ids repeat from one test database to the
    next; a worker started by one process must not take another's tasks)."""
    index = xdist_index()
    if not settings.REDIS_URL or not index:
        yield
        return
    url = redis_url_with_db(settings.REDIS_URL, redis_db(settings.REDIS_URL) + index)
    saved = {key: app.conf.get(key) for key in ("broker_url", "result_backend")}
    caches = {"default": {**settings.CACHES["default"], "LOCATION": url}}
    with (
        pytest.MonkeyPatch.context() as environment,
        override_settings(
            REDIS_URL=url, CELERY_BROKER_URL=url, CELERY_RESULT_BACKEND=url, CACHES=caches
        ),
    ):
        environment.setenv("REDIS_URL", url)  # for the commands a test runs in a subprocess
        app.conf.update(broker_url=url, result_backend=url)
        yield
        app.conf.update(saved)


@pytest.fixture(scope="session", autouse=True)
def media_of_this_process(tmp_path_factory):
    """Uploaded pictures (promotion/pictures.py) go to a folder of this test process's own,
    never to the project's media/ folder."""
    with override_settings(MEDIA_ROOT=str(tmp_path_factory.mktemp("media"))):
        yield


@pytest.fixture(autouse=True)
def demo_password_file(tmp_path, monkeypatch):
    """The demo admin's password file is the test's own: a test that runs ``demo`` must not
    replace the one a promoter's own demo printed."""
    from promotion.management.commands import demo

    path = tmp_path / ".demo-admin-password"
    monkeypatch.setattr(demo, "PASSWORD_FILE", path)
    return path


@pytest.fixture
def federation(db):
    return factories.FederationFactory()


@pytest.fixture
def wrestler(federation):
    return factories.WrestlerFactory(federation=federation)


@pytest.fixture
def copperline(db):
    """The sample federation (Copperline Wrestling Federation, ``promotion/data/sample``), as
    ``load_sample_federation`` loads it."""
    call_command("load_sample_federation", verbosity=0)
    return Federation.objects.get(slug="copperline")


@pytest.fixture
def in_process():
    """Run the tasks in this process even when a broker is configured."""
    saved = {key: app.conf.get(key) for key in ("task_always_eager", "task_eager_propagates")}
    app.conf.update(task_always_eager=True, task_eager_propagates=True)
    yield
    app.conf.update(saved)


#: Under mutation testing, the tests a mutant is given: the narrowest and quickest that cover it,
#: at most this many and this many seconds of their recorded time (a test's setup is not
#: recorded, so the count bounds it), and every regression corpus that covers it (the ``corpus``
#: marker); a mutant no test fails within them counts as a survivor (docs/testing.md).
MUTATION_TEST_COUNT = int(os.environ.get("MUTATION_TEST_COUNT", "40"))
MUTATION_TEST_SECONDS = float(os.environ.get("MUTATION_TEST_SECONDS", "30"))


#: The markers of the tests that take tens of seconds: a run spread over the cores starts them
#: first, so that none of them is left running alone at the end.
LONG = ("worker", "e2e", "slow")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """In a run spread over the cores, the long tests first.

    Under mutation testing (``make mutation``: mutmut names the mutant in MUTANT_UNDER_TEST
    and runs in its ``mutants/`` copy), the narrowest and quickest tests first,
    ``MUTATION_TEST_COUNT`` of them at most, within ``MUTATION_TEST_SECONDS`` of their recorded
    time: the first that fails kills the mutant, so the unit tests should have their go first,
    and a mutant of a function that hundreds of tests call is not run against all of them."""
    if "__mutmut_" not in os.environ.get("MUTANT_UNDER_TEST", ""):
        # not running a mutant (the tests themselves, or mutmut's own runs)
        if os.environ.get("PYTEST_XDIST_WORKER"):
            items.sort(key=lambda item: not any(item.get_closest_marker(m) for m in LONG))
        return
    if not Path("mutmut-stats.json").exists():
        return
    stats = json.loads(Path("mutmut-stats.json").read_text())
    durations = stats.get("duration_by_test", {})
    # The narrowest tests first (those that call the fewest of the mutated functions: the unit
    # tests of this function before the season that passes through it), then the quickest.
    breadth: dict[str, int] = {}
    for tests in stats.get("tests_by_mangled_function_name", {}).values():
        for test in tests:
            breadth[test] = breadth.get(test, 0) + 1
    items.sort(key=lambda item: (breadth.get(item.nodeid, 0), durations.get(item.nodeid, 0.0)))
    # A regression corpus covers nearly every function of its engine, so it comes last by
    # breadth; it takes about a second and catches what unit tests cannot (a sentence of the
    # play-by-play, a branch of the fast path), so it runs beside the budget, never instead.
    corpus = [item for item in items if item.get_closest_marker("corpus")]
    items[:] = [item for item in items if item not in corpus]
    kept, spent = [], 0.0
    for item in items:
        spent += durations.get(item.nodeid, 0.0)
        if kept and (spent > MUTATION_TEST_SECONDS or len(kept) >= MUTATION_TEST_COUNT):
            break
        kept.append(item)
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=items[len(kept) :])
    items[:] = kept + corpus
