import os

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
