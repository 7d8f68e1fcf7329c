import json
import os
from pathlib import Path

import pytest

from tests import factories

requires_redis = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (a real broker) for a real worker"
)


@pytest.fixture
def federation(db):
    return factories.FederationFactory()


@pytest.fixture
def wrestler(federation):
    return factories.WrestlerFactory(federation=federation)


@pytest.fixture
def in_process():
    """Run the tasks in this process even when a broker is configured."""
    from config.celery import app

    saved = {key: app.conf.get(key) for key in ("task_always_eager", "task_eager_propagates")}
    app.conf.update(task_always_eager=True, task_eager_propagates=True)
    yield
    app.conf.update(saved)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Under mutation testing (``make mutation``: mutmut names the mutant in MUTANT_UNDER_TEST
    and runs in its ``mutants/`` copy), the quickest tests first: the first test that fails
    kills the mutant, so the quick ones should have their go before the slow ones."""
    if not os.environ.get("MUTANT_UNDER_TEST") or not Path("mutmut-stats.json").exists():
        return
    durations = json.loads(Path("mutmut-stats.json").read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
