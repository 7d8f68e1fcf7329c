"""A federation's webhooks against a local HTTP server (``webhook_receiver``): retries with
their backoff and the log, a receiver that hangs (the timeout), addresses refused, the
signature checked by a computation of the test's own, a show's recap posted after its commit,
and a Discord recap sent in several messages.

The figures come from the settings' documented defaults (``docs/sharing.md``, "Webhooks"): a
first wait of 10 seconds, doubled after each failed attempt (10, 20, 40, 80), at most 300
seconds (a 429's Retry-After too), five attempts in all. No test waits them out: the waits are
handed to a recorder (``delivery_run``'s ``sleep``) or read as the task's countdowns."""

from __future__ import annotations

import hashlib
import hmac
import json
import time

import pytest
from celery.exceptions import Retry

from matches import outbound, share, webhooks
from matches import recap as recaps
from matches.models import DeliveryKind, DeliveryStatus, Webhook, WebhookDelivery
from matches.recap import show_recap
from matches.simulation import show_simulate
from matches.webhook_tasks import deliver_webhook
from tests import factories
from tests.matches import webhook_receiver
from tests.matches.test_simulation import book_show
from tests.matches.webhook_receiver import HANG

# The deliveries run in this process, as on the embedded default, even where CI configures a
# broker (tests/matches/test_webhooks_worker.py sends them through a real worker).
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process")]


@pytest.fixture
def receiver(settings):
    """The local server, and the setting that lets the site send to 127.0.0.1 (these tests
    alone)."""
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = True
    found, server = webhook_receiver.start()
    yield found
    found.release.set()
    server.shutdown()
    server.server_close()


def hook(federation, url: str, format: str = "json") -> Webhook:
    """A webhook made as the owner's doors make it (``webhook_add``)."""
    return webhooks.webhook_add(federation=federation, url=url, format=format)


def test_a_delivery_that_fails_twice_is_tried_again_after_10_then_20_seconds(receiver):
    receiver.script = [500, 503, 200]
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    waits: list[float] = []

    tried = webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    assert tried.status == DeliveryStatus.DELIVERED
    assert waits == [10.0, 20.0]
    assert len(receiver.received) == 3
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_code) == ("delivered", 3, 200)
    assert delivery.last_error == ""
    assert delivery.finished_at is not None and delivery.next_attempt_at is None
    # every attempt carried the same message
    assert len({r.body for r in receiver.received}) == 1


def test_the_task_retries_with_the_backoff_as_its_countdown(receiver, monkeypatch):
    """On a worker, each attempt is one run of the task; a failed one asks Celery to run it
    again after the wait (its countdown), and the worker does not sleep."""
    receiver.script = [502, 504, 200]
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    countdowns: list[float] = []

    def retry(countdown=None, **options):
        countdowns.append(countdown)
        raise Retry("again", when=countdown)

    monkeypatch.setattr(deliver_webhook, "retry", retry)
    runs = 0
    while True:
        runs += 1
        try:
            result = deliver_webhook(delivery.pk)  # (called directly: not eager)
        except Retry:
            delivery.refresh_from_db()
            assert delivery.status == DeliveryStatus.RETRYING
            assert delivery.next_attempt_at is not None
            continue
        break
    assert runs == 3
    assert countdowns == [10.0, 20.0]
    assert result["status"] == "delivered"
    delivery.refresh_from_db()
    assert delivery.attempts == 3


def test_a_delivery_gives_up_after_five_attempts_and_says_so(receiver):
    receiver.script = [500]
    webhook = hook(factories.FederationFactory(), receiver.url, "slack")
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    waits: list[float] = []

    tried = webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    assert tried.status == DeliveryStatus.FAILED
    assert waits == [10.0, 20.0, 40.0, 80.0]
    assert len(receiver.received) == 5
    delivery.refresh_from_db()
    assert delivery.attempts == 5 and delivery.last_code == 500
    assert delivery.last_error == "Gave up after 5 attempts. The receiver answered 500."
    # a run of the task after that sends nothing more
    assert webhooks.delivery_attempt(delivery_id=delivery.pk).status == DeliveryStatus.FAILED
    assert len(receiver.received) == 5


def test_a_429_waits_as_long_as_retry_after_asks_within_the_bound(receiver):
    receiver.script = [(429, {"Retry-After": "42"}), (429, {"Retry-After": "86400"}), 200]
    webhook = hook(factories.FederationFactory(), receiver.url, "discord")
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    waits: list[float] = []

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    # 42 asked (more than the 10 of the backoff); a day asked, 300 given (the bound)
    assert waits == [42.0, 300.0]
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED


def test_a_refusal_that_is_not_worth_repeating_fails_at_once(receiver):
    receiver.script = [404]
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    waits: list[float] = []

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    assert waits == []
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_code) == ("failed", 1, 404)
    assert delivery.last_error == "The receiver refused it (404)."


def test_a_redirect_is_not_followed(receiver):
    receiver.script = [(302, {"Location": "http://127.0.0.1:1/elsewhere"})]
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=[].append)

    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.FAILED and delivery.last_code == 302
    assert "redirects are not followed" in delivery.last_error
    assert len(receiver.received) == 1


def test_a_receiver_that_hangs_is_given_up_on_at_the_timeout(receiver, settings):
    settings.RINGSIDE_WEBHOOKS_TIMEOUT = 1
    receiver.script = [HANG]
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)

    began = time.monotonic()
    tried = webhooks.delivery_attempt(delivery_id=delivery.pk)
    took = time.monotonic() - began

    assert 1.0 <= took < 5.0, took  # the timeout, not the 30 seconds the receiver would hold
    assert tried == webhooks.Tried(DeliveryStatus.RETRYING, 10.0)
    delivery.refresh_from_db()
    assert delivery.last_error == "No answer in time (timed out)."
    assert delivery.last_code is None and delivery.attempts == 1


def test_an_address_that_is_not_listening_is_retried(settings):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = True
    webhook = hook(factories.FederationFactory(), "http://127.0.0.1:9/hook")  # (discard: closed)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)

    tried = webhooks.delivery_attempt(delivery_id=delivery.pk)

    assert tried.wait == 10.0
    delivery.refresh_from_db()
    assert delivery.last_error.startswith("Could not connect")


# -- addresses refused ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.10/hook",
        "http://172.16.5.5/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://[fe80::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://0.0.0.0/hook",
        "http://224.0.0.1/hook",
        "http://100.64.0.1/hook",
    ],
)
def test_a_private_loopback_or_link_local_address_is_refused_as_written(url, settings):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = False
    federation = factories.FederationFactory()
    with pytest.raises(webhooks.ServiceError) as refused:
        hook(federation, url)
    assert refused.value.by_field[0][0] == "url"
    assert "loopback, private or reserved" in str(refused.value)
    assert not Webhook.objects.filter(federation=federation).exists()


@pytest.mark.parametrize(
    ("url", "field"),
    [("ftp://example.com/x", "url"), ("not a url", "url"), ("", "url")],
)
def test_an_address_that_is_not_http_is_refused_naming_the_field(url, field):
    with pytest.raises(webhooks.ServiceError) as refused:
        hook(factories.FederationFactory(), url)
    assert refused.value.by_field[0][0] == field


@pytest.mark.parametrize(
    ("url", "port"),
    [
        ("http://example.com:99999999/x", 99999999),
        ("http://[2001:db8::1]:65536/x", 65536),
        ("https://example.com:0/x", 0),
    ],
)
def test_an_address_with_a_port_no_machine_has_is_refused_naming_the_port(url, port):
    federation = factories.FederationFactory()
    with pytest.raises(webhooks.ServiceError) as refused:
        hook(federation, url)
    assert refused.value.by_field == (("url", f"A port is from 1 to 65535, not {port}."),)
    assert not Webhook.objects.filter(federation=federation).exists()


def test_an_unknown_format_is_refused_naming_the_field():
    with pytest.raises(webhooks.ServiceError) as refused:
        hook(factories.FederationFactory(), "https://example.com/hook", "telegram")
    assert refused.value.by_field == (
        ("format", "Choose a format among discord, slack, json; 'telegram' is not one."),
    )


def test_a_host_that_resolves_to_a_private_address_is_refused_at_sending(receiver, settings):
    """A name is checked again when it is looked up before each request: one that resolves to
    a private address (here, by a resolver that says so) is refused, and nothing is sent."""
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = False
    url = f"http://hooks.example.com:{receiver.port}/hook"
    with pytest.raises(outbound.AddressRefused, match=r"resolves to 127\.0\.0\.1"):
        outbound.post(url, b"{}", {}, resolver=lambda host, port: ["127.0.0.1"])
    with pytest.raises(outbound.AddressRefused, match=r"resolves to 10\.0\.0\.7"):
        outbound.post(url, b"{}", {}, resolver=lambda host, port: ["10.0.0.7"])
    assert receiver.received == []


def test_a_delivery_to_a_private_address_fails_at_once_without_a_request(receiver, settings):
    """A webhook made while the setting was on (or written by hand) is refused when the setting
    is off: the delivery fails at its first attempt, not retried, and the receiver gets
    nothing."""
    webhook = hook(factories.FederationFactory(), receiver.url)
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = False
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    waits: list[float] = []

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, waits) == ("failed", 1, [])
    assert "127.0.0.1 is a loopback, private or reserved address" in delivery.last_error
    assert receiver.received == []


def test_the_request_goes_to_the_address_checked_with_the_name_kept(receiver):
    """The name is looked up once; the request connects to that address (a second lookup,
    a DNS rebind, is never made) and still names the host it was given."""
    lookups: list[str] = []

    def resolver(host, port):
        lookups.append(host)
        return ["127.0.0.1"]

    url = f"http://hooks.example.com:{receiver.port}/hook?x=1"
    answer = outbound.post(url, b"{}", {"X-Test": "1"}, resolver=resolver)

    assert answer.status == 200
    assert lookups == ["hooks.example.com"]
    [got] = receiver.received
    assert got.headers["Host"] == f"hooks.example.com:{receiver.port}"
    assert got.path == "/hook?x=1"
    assert got.headers["User-Agent"] == "Ringside-Webhooks/1"


@pytest.mark.parametrize(
    ("address", "blocked"),
    [
        ("8.8.8.8", False),
        ("2606:4700:4700::1111", False),
        ("127.0.0.2", True),
        ("10.255.0.1", True),
        ("169.254.1.1", True),
        ("::ffff:10.0.0.1", True),
        ("fc00::1", True),
        ("240.0.0.1", True),
        ("239.1.1.1", True),
    ],
)
def test_which_addresses_are_kept_to_the_site(address, blocked):
    assert outbound.is_blocked(address) is blocked


# -- the signature -------------------------------------------------------------------------------


def test_a_json_delivery_is_signed_as_an_independent_hmac_computes_it(receiver):
    federation = factories.FederationFactory(name="Harbor Lights")
    webhook = hook(federation, receiver.url, "json")
    secret = webhook.secret
    delivery = webhooks.webhook_test(webhook=webhook)

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=[].append)

    [got] = receiver.received
    header = got.headers["X-Ringside-Signature"]
    parts = dict(item.split("=", 1) for item in header.split(","))
    stamp = int(parts["t"])
    assert abs(stamp - time.time()) < 60
    expected = hmac.new(
        secret.encode(), str(stamp).encode() + b"." + got.body, hashlib.sha256
    ).hexdigest()
    assert hmac.compare_digest(parts["v1"], expected)
    # a body changed by one byte, or an old timestamp, would not verify
    forged = hmac.new(secret.encode(), f"{stamp - 1}.".encode() + got.body, hashlib.sha256)
    assert forged.hexdigest() != parts["v1"]
    body = json.loads(got.body)
    assert body["event"] == "webhook.test"
    assert body["federation"] == {"slug": federation.slug, "name": "Harbor Lights"}
    assert got.headers["X-Ringside-Event"] == "webhook.test"
    assert got.headers["X-Ringside-Delivery"] == str(delivery.pk)
    assert got.headers["Content-Type"] == "application/json"


def test_discord_and_slack_bodies_are_theirs_and_unsigned(receiver):
    federation = factories.FederationFactory(name="Harbor Lights")
    for format in ("discord", "slack"):
        webhook = webhooks.webhook_add(
            federation=federation, url=f"{receiver.url}/{format}", format=format
        )
        delivery = webhooks.webhook_test(webhook=webhook)
        webhooks.delivery_run(delivery_id=delivery.pk, sleep=[].append)
    discord, slack = receiver.received
    text = (
        "Ringside test: this webhook will be told of each show Harbor Lights completes. "
        "Nothing else was sent."
    )
    assert json.loads(discord.body) == {"content": text, "allowed_mentions": {"parse": []}}
    assert json.loads(slack.body) == {"text": text}
    assert "X-Ringside-Signature" not in discord.headers
    assert "X-Ringside-Signature" not in slack.headers


# -- a show completed ----------------------------------------------------------------------------


def test_a_completed_show_posts_its_recap_after_its_commit(
    copperline, receiver, django_capture_on_commit_callbacks
):
    discord = hook(copperline, receiver.url + "/discord", "discord")
    signed = hook(copperline, receiver.url + "/json", "json")
    show = book_show(copperline)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert show_simulate(show_id=show.pk).status == "completed"
    # nothing is sent, nor even logged, before the show's transaction has committed
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()

    deliveries = {d.webhook_id: d for d in WebhookDelivery.objects.all()}
    assert set(deliveries) == {discord.pk, signed.pk}
    assert all(d.status == "delivered" and d.show_id == show.pk for d in deliveries.values())
    by_path: dict[str, list] = {}
    for got in receiver.received:
        by_path.setdefault(got.path, []).append(got)
    [data] = by_path["/hook/json"]
    body = json.loads(data.body)
    assert body["event"] == "show.completed"
    assert body["show"]["number"] == show.number
    assert [r["position"] for r in body["recap"]["results"]] == list(range(1, 6))
    contents = [json.loads(got.body)["content"] for got in by_path["/hook/discord"]]
    assert all(len(c) <= 2000 for c in contents)
    assert deliveries[discord.pk].parts_sent == len(contents)

    # told once: a second call makes no second delivery
    assert webhooks.show_completed(show_id=show.pk) == []
    assert WebhookDelivery.objects.count() == 2


def test_a_long_discord_recap_goes_as_several_messages_and_a_retry_sends_the_rest(
    copperline, receiver, monkeypatch
):
    """Three messages (``share.recap_discord`` splits at match boundaries): the second is
    refused once with a 503; the retry sends the second and third only."""
    parts = ["**Results** part one", "part two", "part three"]
    monkeypatch.setattr(share, "recap_discord", lambda recap: parts)
    receiver.script = [200, 503, 200, 200]
    webhook = hook(copperline, receiver.url, "discord")
    show = book_show(copperline)
    assert show_simulate(show_id=show.pk).status == "completed"
    # (the feuds the show sparked between such names are named within their column)
    assert all(len(feud.name) <= 160 for feud in copperline.feuds.all())
    delivery = WebhookDelivery.objects.create(webhook=webhook, show=show, kind=DeliveryKind.SHOW)
    waits: list[float] = []

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=waits.append)

    sent = [json.loads(got.body)["content"] for got in receiver.received]
    assert sent == ["**Results** part one", "part two", "part two", "part three"]
    assert waits == [10.0]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.parts_sent) == ("delivered", 2, 3)


def test_a_real_recap_too_long_for_one_discord_message_is_split(copperline, receiver):
    """The sample's show, its recap made long by long ring names (120 characters, the most a
    name may have): several messages, each at most Discord's 2,000 characters, in the order
    ``share`` writes them, and each a whole message of it."""
    for wrestler in copperline.wrestlers.all():
        wrestler.ring_name = (wrestler.ring_name + " " + "of the Copper Mills " * 6)[:120]
        wrestler.save(update_fields=["ring_name"])
    webhook = hook(copperline, receiver.url, "discord")
    show = book_show(copperline)
    assert show_simulate(show_id=show.pk).status == "completed"
    delivery = WebhookDelivery.objects.create(webhook=webhook, show=show, kind=DeliveryKind.SHOW)
    expected = share.recap_discord(show_recap(show))

    webhooks.delivery_run(delivery_id=delivery.pk, sleep=[].append)

    sent = [json.loads(got.body)["content"] for got in receiver.received]
    assert len(sent) >= 2
    assert sent == expected
    assert all(len(message) <= 2000 for message in sent)
    delivery.refresh_from_db()
    assert (delivery.status, delivery.parts_sent) == ("delivered", len(sent))


def test_the_test_button_sends_through_the_task_after_the_commit(
    receiver, django_capture_on_commit_callbacks
):
    webhook = hook(factories.FederationFactory(), receiver.url, "slack")
    with django_capture_on_commit_callbacks(execute=True):
        delivery = webhooks.webhook_test(webhook=webhook)
        assert receiver.received == []  # (not before the commit)
    delivery.refresh_from_db()
    assert delivery.status == DeliveryStatus.DELIVERED and delivery.attempts == 1
    assert len(receiver.received) == 1


def test_removing_a_webhook_removes_its_log_and_a_waiting_delivery_is_not_sent(receiver):
    webhook = hook(factories.FederationFactory(), receiver.url)
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    webhooks.webhook_remove(webhook=webhook)
    assert webhooks.delivery_attempt(delivery_id=delivery.pk).status == "missing"
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_federation_keeps_at_most_ten_webhooks_and_no_address_twice():
    federation = factories.FederationFactory()
    hook(federation, "https://example.com/a")
    with pytest.raises(webhooks.ServiceError, match="has a webhook to this address already"):
        hook(federation, "https://example.com/a", "slack")
    for n in range(9):
        hook(federation, f"https://example.com/{n}")
    with pytest.raises(webhooks.ServiceError, match="10 webhooks, the most it may keep"):
        hook(federation, "https://example.com/eleventh")
    assert Webhook.objects.filter(federation=federation).count() == 10


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_the_retries_run_in_a_thread_not_in_the_shows_request(
    receiver, settings, monkeypatch
):
    """The task run in the process (no broker) makes the first attempt and returns at once;
    the retry, after its wait, is made by a thread of the process."""
    receiver.script = [503, 200]
    waits: list[float] = []
    threads = []
    original = webhooks.retry_in_background

    def in_background(*, delivery_id, wait):
        threads.append(original(delivery_id=delivery_id, wait=wait, sleep=waits.append))

    monkeypatch.setattr(webhooks, "retry_in_background", in_background)
    webhook = hook(factories.FederationFactory(), receiver.url, "slack")
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)

    result = deliver_webhook.apply((delivery.pk,)).get()

    assert result == {"status": "retrying", "wait": 10.0}
    [thread] = threads
    thread.join(timeout=30)
    assert not thread.is_alive()
    assert waits == [10.0]
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts, delivery.last_code) == ("delivered", 2, 200)
    assert len(receiver.received) == 2


def test_a_part_that_gets_no_answer_logs_no_code_of_the_part_before(
    receiver, settings, monkeypatch
):
    """The log's last code is the last request's: a Discord part taken (200), then one that
    times out, leaves no code (not the 200 of the part before), and one part sent."""
    settings.RINGSIDE_WEBHOOKS_TIMEOUT = 1
    receiver.script = [200, HANG]
    monkeypatch.setattr(recaps, "show_recap", lambda show: "the recap")
    monkeypatch.setattr(share, "recap_discord", lambda recap: ["part one", "part two"])
    webhook = hook(factories.FederationFactory(), receiver.url, "discord")
    show = factories.ShowFactory(federation=webhook.federation, status="completed")
    delivery = WebhookDelivery.objects.create(webhook=webhook, show=show, kind=DeliveryKind.SHOW)

    tried = webhooks.delivery_attempt(delivery_id=delivery.pk)

    assert tried.status == DeliveryStatus.RETRYING
    delivery.refresh_from_db()
    assert (delivery.parts_sent, delivery.last_code) == (1, None)
    assert delivery.last_error == "No answer in time (timed out)."
