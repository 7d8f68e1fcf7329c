"""The operations page (superusers only): the workers, the shows running with their lease's
age, the failed shows with their error and a retry button, the last hour's throughput; and the
retry, through the service the show page and the admin use."""

from __future__ import annotations

import datetime as dt
import shutil

import pytest
import redis
from django.urls import reverse
from django.utils import timezone

from matches import operations
from matches.models import MatchStatus, Show, ShowStatus
from matches.services import CANNOT_RETRY
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(client, settings):
    settings.REDIS_URL = None  # the embedded default: no broker, tasks in process
    user = factories.UserFactory(username="root", is_superuser=True, is_staff=True)
    client.force_login(user)
    return client


def completed(federation, *, number, minutes_ago, matches):
    at = timezone.now() - dt.timedelta(minutes=minutes_ago)
    show = factories.ShowFactory(
        federation=federation,
        number=number,
        status=ShowStatus.COMPLETED,
        scheduled_at=at - dt.timedelta(minutes=5),
        completed_at=at,
    )
    for position in range(1, matches + 1):
        factories.MatchFactory(
            show=show, position=position, status=MatchStatus.COMPLETED, method="pin"
        )
    return show


def failed(federation, *, number, days=3, error="TableError: no row 13 on the ropes chart"):
    show = factories.ShowFactory(
        federation=federation,
        number=number,
        status=ShowStatus.FAILED,
        scheduled_at=timezone.now() + dt.timedelta(days=days),
        error=error,
    )
    factories.MatchFactory(show=show, position=1)
    return show


def test_the_page_shows_running_failed_and_the_last_hours_throughput(root):
    federation = factories.FederationFactory(name="Harbor Lights")
    completed(federation, number=1, minutes_ago=50, matches=3)
    completed(federation, number=2, minutes_ago=20, matches=2)
    completed(federation, number=3, minutes_ago=61, matches=4)  # before the last hour
    now = timezone.now()
    running = factories.ShowFactory(
        federation=federation,
        number=4,
        status=ShowStatus.RUNNING,
        scheduled_at=now - dt.timedelta(minutes=2),
        started_at=now - dt.timedelta(seconds=90),
        heartbeat_at=now - dt.timedelta(seconds=12),
        attempts=1,
    )
    broken = failed(factories.FederationFactory(name="Foundry"), number=1)

    response = root.get(reverse("operations"))

    assert response.status_code == 200
    assert response.context["throughput"].shows == 2
    assert response.context["throughput"].matches == 5
    page = response.content.decode()
    assert "<strong>2</strong> shows and <strong>5</strong> matches completed" in page
    [row] = response.context["running"]
    assert row.show == running
    assert 12 <= row.lease_age_seconds < 20
    assert 90 <= row.running_seconds < 100
    # On SQLite a lease lasts the show's time limit (600 s): 12 s is well within it.
    assert row.lease_expired is False
    assert response.context["failed"] == [broken]
    assert "TableError: no row 13 on the ropes chart" in page
    assert reverse("operations-retry", args=[broken.pk]) in page
    assert [w.name for w in response.context["workers"].seen] == ["in process"]
    assert response.context["queues"] == []  # no broker, no queues


def test_a_lease_not_renewed_past_its_length_is_marked_expired(root, settings):
    settings.SHOW_TIME_LIMIT_SECONDS = 60
    now = timezone.now()
    factories.ShowFactory(
        status=ShowStatus.RUNNING,
        scheduled_at=now - dt.timedelta(minutes=5),
        started_at=now - dt.timedelta(seconds=70),
        heartbeat_at=now - dt.timedelta(seconds=70),
    )
    [row] = root.get(reverse("operations")).context["running"]
    assert row.lease_expired is True
    assert ">expired<" in root.get(reverse("operations")).content.decode()


def test_the_nav_links_the_page_for_superusers_only(root, client):
    assert reverse("operations") in root.get(reverse("home")).content.decode()
    other = factories.UserFactory(username="promoter")
    client.force_login(other)
    assert reverse("operations") not in client.get(reverse("home")).content.decode()


def test_others_are_refused(client):
    url = reverse("operations")
    assert client.get(url)["Location"].startswith(reverse("login"))
    federation = factories.FederationFactory()
    client.force_login(federation.owner)  # an owner, not a superuser
    response = client.get(url)
    assert response.status_code == 403
    assert "The operations page is for the site&#x27;s superusers." in response.content.decode()


# -- retry ---------------------------------------------------------------------------------------


def test_retry_puts_a_failed_show_back_on_the_schedule(root):
    show = failed(factories.FederationFactory(), number=1)
    response = root.post(reverse("operations-retry", args=[show.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("operations")
    show.refresh_from_db()
    assert show.status == ShowStatus.SCHEDULED
    assert show.error == ""
    page = root.get(reverse("operations")).content.decode()
    assert "is back on the schedule." in page
    assert "No show has failed." in page


def test_retry_of_a_due_show_wrestles_it_in_process(
    root, in_process, django_capture_on_commit_callbacks
):
    from tests.matches.helpers import book_week, sample_federation

    federation = sample_federation()
    show = book_week(
        federation, scheduled_at=timezone.now() - dt.timedelta(hours=1), seed=7, matches=2
    )
    Show.objects.filter(pk=show.pk).update(status=ShowStatus.FAILED, error="OperationalError")
    with django_capture_on_commit_callbacks(execute=True):
        root.post(reverse("operations-retry", args=[show.pk]))
    show.refresh_from_db()
    assert show.status == ShowStatus.COMPLETED
    assert root.get(reverse("operations")).context["throughput"].shows == 1


def test_retry_of_a_show_that_has_not_failed_is_refused_and_changes_nothing(root):
    show = factories.ShowFactory(status=ShowStatus.SCHEDULED)
    response = root.post(reverse("operations-retry", args=[show.pk]), follow=True)
    assert CANNOT_RETRY.format(show=show, status="scheduled") in response.content.decode()
    show.refresh_from_db()
    assert show.status == ShowStatus.SCHEDULED


def test_retry_of_no_such_show_is_404(root):
    assert root.post(reverse("operations-retry", args=[999999])).status_code == 404


def test_the_retry_address_opened_leads_to_the_page(root):
    show = failed(factories.FederationFactory(), number=1)
    response = root.get(reverse("operations-retry", args=[show.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("operations")
    show.refresh_from_db()
    assert show.status == ShowStatus.FAILED


def test_others_cannot_retry(client):
    show = failed(factories.FederationFactory(), number=1)
    client.force_login(show.federation.owner)
    assert client.post(reverse("operations-retry", args=[show.pk])).status_code == 403
    show.refresh_from_db()
    assert show.status == ShowStatus.FAILED


# -- with a broker -------------------------------------------------------------------------------


class FakeInspect:
    def __init__(self, answers):
        self.answers = answers

    def ping(self):
        return {name: {"ok": "pong"} for name in self.answers}

    def active_queues(self):
        return {name: [{"name": q} for q in queues] for name, queues in self.answers.items()}


def test_with_a_broker_the_workers_that_answer_are_listed_with_their_queues(monkeypatch, settings):
    settings.REDIS_URL = "redis://broker.invalid:6379/0"
    answers = {"w2@host": ["big", "celery"], "w1@host": ["celery"]}
    monkeypatch.setattr(
        operations.current_app.control, "inspect", lambda **kwargs: FakeInspect(answers)
    )
    workers = operations.workers_seen()
    assert workers.seen == [
        operations.Worker("w1@host", ("celery",)),
        operations.Worker("w2@host", ("big", "celery")),
    ]


@pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")
def test_with_a_broker_each_queue_says_how_many_wait_and_whose_it_is(tmp_path, settings):
    """Against a Redis server of the test's own: the default queue and every federation's,
    with the messages waiting in each (as the broker keeps them: a list a queue)."""
    from config.celery import app
    from tests.workers import RedisServer

    broker = RedisServer(tmp_path)
    broker.start()
    saved = app.conf.broker_url
    try:
        settings.REDIS_URL = broker.url
        app.conf.update(broker_url=broker.url)
        factories.FederationFactory(name="Eastern", queue="east")
        factories.FederationFactory(name="Western", queue="east")
        factories.FederationFactory(name="Plain")
        client = redis.Redis.from_url(broker.url)
        client.lpush("east", "a", "b")
        client.lpush("celery", "c")
        workers = operations.Workers([operations.Worker("w@host", ("celery", "spare"))], "")
        queues = operations.queue_depths(workers)
    finally:
        app.conf.update(broker_url=saved)
        broker.stop()
    assert queues == [
        operations.Queue("celery", 1, ["Plain"]),
        operations.Queue("east", 2, ["Eastern", "Western"]),
        operations.Queue("spare", 0, []),
    ]


def test_with_a_broker_the_page_lists_the_workers_and_the_queues(root, settings, monkeypatch):
    settings.REDIS_URL = "redis://broker.invalid:6379/0"
    seen = operations.Workers([operations.Worker("east@host", ("celery", "east"))], "answered")
    monkeypatch.setattr(operations, "workers_seen", lambda: seen)
    monkeypatch.setattr(
        operations,
        "queue_depths",
        lambda workers: [
            operations.Queue("celery", 3, ["Plain"]),
            operations.Queue("east", None, ["Eastern"]),
        ],
    )
    page = root.get(reverse("operations")).content.decode()
    assert "<tr><td>east@host</td><td>celery, east</td></tr>" in page
    assert 'celery <small class="muted">(default)</small>' in page
    assert "beat's dispatch; Plain" in page
    assert '<span class="muted">unknown</span>' in page  # (the broker could not say)
