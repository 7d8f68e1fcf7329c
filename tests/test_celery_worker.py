"""A real Celery worker, started from the project's Celery app, against Redis."""

import pytest
from celery.contrib.testing.worker import start_worker

from config.celery import app
from promotion.tasks import federation_summary_task
from tests import factories
from tests.conftest import requires_redis


@requires_redis
@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_a_task_against_the_database():
    reign = factories.TitleReignFactory()
    federation = reign.title.federation
    factories.WrestlerFactory.create_batch(3, federation=federation)
    with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
        result = federation_summary_task.delay(federation.slug)
        summary = result.get(timeout=30)
    assert summary["federation"] == federation.slug
    assert summary["wrestlers"] == 4
    assert summary["champions"] == {reign.title.slug: str(reign.holder)}


def test_tasks_run_in_process_on_the_embedded_default(db, settings):
    if not app.conf.task_always_eager:
        pytest.skip("a broker is configured")
    federation = factories.FederationFactory()
    assert federation_summary_task.delay(federation.slug).get()["wrestlers"] == 0
