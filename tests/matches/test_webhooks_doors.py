"""The webhooks' doors: the settings page (add, the secret shown once, remove, send a test, the
log), the API (owner only: list, create, delete, test, deliveries) and the admin (read, and
remove through the service). Nothing here is sent: a test's delivery is queued after the
commit, which these tests' transactions never reach, or its sending is replaced."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

from matches import webhooks
from matches.models import DeliveryKind, Webhook, WebhookDelivery
from promotion.models import MemberRole, Membership
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def fed():
    owner = factories.UserFactory(username="promoter")
    federation = factories.FederationFactory(owner=owner, slug="harbor", name="Harbor Lights")
    booker = factories.UserFactory(username="booker")
    Membership.objects.create(federation=federation, user=booker, role=MemberRole.BOOKER)
    return federation


def _settings(federation) -> str:
    return reverse("federation-settings", args=[federation.slug])


def test_the_owner_adds_a_webhook_and_sees_its_secret_once(client, fed):
    client.force_login(fed.owner)
    response = client.post(
        reverse("webhook-add", args=[fed.slug]),
        {"url": "https://discord.com/api/webhooks/1/token-part", "format": "json"},
    )
    assert response.status_code == 302
    assert response["Location"] == _settings(fed) + "#webhooks"
    webhook = Webhook.objects.get(federation=fed)
    assert (webhook.url, webhook.format) == (
        "https://discord.com/api/webhooks/1/token-part",
        "json",
    )
    assert len(webhook.secret) == 64

    first = client.get(_settings(fed)).content.decode()
    assert webhook.secret in first
    assert "https://discord.com/…" in first
    assert "token-part" not in first  # (the URL's token is not shown again)
    second = client.get(_settings(fed)).content.decode()
    assert webhook.secret not in second
    assert "https://discord.com/…" in second


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"url": "http://10.0.0.5/hook", "format": "slack"}, "url", "loopback, private"),
        ({"url": "gopher://example.com/", "format": "slack"}, "url", "http:// or https://"),
        ({"url": "https://example.com/", "format": "fax"}, "format", "valid choice"),
        ({"format": "slack"}, "url", "required"),
    ],
)
def test_a_bad_webhook_is_refused_by_its_field_and_nothing_is_written(
    client, fed, body, field, words, settings
):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = False
    client.force_login(fed.owner)
    response = client.post(reverse("webhook-add", args=[fed.slug]), body)
    assert response.status_code == 400
    errors = response.context["form"].errors
    assert list(errors) == [field]
    assert words in " ".join(errors[field])
    assert not Webhook.objects.exists()


def test_the_owner_sends_a_test_and_removes_a_webhook(client, fed, monkeypatch):
    webhook = webhooks.webhook_add(federation=fed, url="https://example.com/hook", format="slack")
    client.force_login(fed.owner)
    response = client.post(reverse("webhook-test", args=[fed.slug, webhook.pk]))
    assert response.status_code == 302
    [delivery] = WebhookDelivery.objects.filter(webhook=webhook)
    assert (delivery.kind, delivery.status, delivery.attempts) == ("test", "pending", 0)
    page = client.get(_settings(fed)).content.decode()
    assert 'id="webhook-log"' in page and "Waiting" in page

    response = client.post(reverse("webhook-remove", args=[fed.slug, webhook.pk]))
    assert response.status_code == 302
    assert not Webhook.objects.exists() and not WebhookDelivery.objects.exists()


def test_a_booker_may_not_add_send_or_remove(client, fed):
    webhook = webhooks.webhook_add(federation=fed, url="https://example.com/hook", format="slack")
    client.force_login(get_user_model().objects.get(username="booker"))
    add = client.post(
        reverse("webhook-add", args=[fed.slug]),
        {"url": "https://example.com/other", "format": "json"},
    )
    test = client.post(reverse("webhook-test", args=[fed.slug, webhook.pk]))
    remove = client.post(reverse("webhook-remove", args=[fed.slug, webhook.pk]))
    assert (add.status_code, test.status_code, remove.status_code) == (403, 403, 403)
    assert list(Webhook.objects.values_list("url", flat=True)) == ["https://example.com/hook"]
    assert not WebhookDelivery.objects.exists()


def test_the_settings_page_shows_the_log_of_each_delivery(client, fed):
    webhook = webhooks.webhook_add(federation=fed, url="https://example.com/hook", format="json")
    WebhookDelivery.objects.create(
        webhook=webhook,
        kind=DeliveryKind.TEST,
        status="failed",
        attempts=5,
        last_code=503,
        last_error="Gave up after 5 attempts. The receiver answered 503.",
    )
    client.force_login(fed.owner)
    page = client.get(_settings(fed)).content.decode()
    log = page[page.index('id="webhook-log"') :]
    for words in ("Failed", "<td>5</td>", "503", "Gave up after 5 attempts."):
        assert words in log


# -- the API -------------------------------------------------------------------------------------


def _api(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user=user)
    return api


def test_the_api_adds_lists_tests_and_removes_for_the_owner(fed):
    api = _api(fed.owner)
    base = f"/api/v1/federations/{fed.slug}"
    made = api.post(
        f"{base}/webhooks/",
        {"url": "https://hooks.slack.com/services/T/B/x", "format": "slack"},
        format="json",
    )
    assert made.status_code == 201
    body = made.json()
    webhook = Webhook.objects.get(pk=body["id"])
    assert body["secret"] == webhook.secret
    assert body["address"] == "https://hooks.slack.com/…" and "url" not in body

    listed = api.get(f"{base}/webhooks/").json()
    assert listed == [
        {
            "id": webhook.pk,
            "address": "https://hooks.slack.com/…",
            "format": "slack",
            "created_at": body["created_at"],
        }
    ]
    tested = api.post(f"{base}/webhooks/{webhook.pk}/test/")
    assert tested.status_code == 202
    delivery = WebhookDelivery.objects.get(webhook=webhook)
    assert tested.json() == {"delivery": delivery.pk}
    log = api.get(f"{base}/webhook-deliveries/").json()["results"]
    assert [(row["id"], row["kind"], row["status"], row["show"]) for row in log] == [
        (delivery.pk, "test", "pending", None)
    ]
    assert api.delete(f"{base}/webhooks/{webhook.pk}/").status_code == 204
    assert not Webhook.objects.exists()


def test_the_api_refuses_a_bad_webhook_by_its_field(fed, settings):
    settings.RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = False
    api = _api(fed.owner)
    base = f"/api/v1/federations/{fed.slug}"
    private = api.post(
        f"{base}/webhooks/", {"url": "http://192.168.1.1/x", "format": "json"}, format="json"
    )
    assert private.status_code == 400
    assert "url" in str(private.json())
    assert "loopback, private or reserved" in str(private.json())
    bad_format = api.post(
        f"{base}/webhooks/", {"url": "https://example.com/", "format": "fax"}, format="json"
    )
    assert bad_format.status_code == 400 and "format" in str(bad_format.json())
    assert not Webhook.objects.exists()


def test_the_api_is_the_owners_alone(fed):
    webhooks.webhook_add(federation=fed, url="https://example.com/hook", format="json")
    booker = _api(get_user_model().objects.get(username="booker"))
    base = f"/api/v1/federations/{fed.slug}"
    assert booker.get(f"{base}/webhooks/").status_code == 403
    assert booker.get(f"{base}/webhook-deliveries/").status_code == 403
    made = booker.post(
        f"{base}/webhooks/", {"url": "https://example.com/x", "format": "json"}, format="json"
    )
    assert made.status_code == 403
    assert Webhook.objects.count() == 1


# -- the admin -----------------------------------------------------------------------------------


def test_the_admin_reads_the_log_and_removes_a_webhook_through_its_service(client, fed):
    webhook = webhooks.webhook_add(federation=fed, url="https://example.com/hook", format="json")
    delivery = WebhookDelivery.objects.create(webhook=webhook, kind=DeliveryKind.TEST)
    root = get_user_model().objects.create_superuser("root", "root@example.com", "pw-for-root")
    client.force_login(root)
    change = client.get(reverse("admin:matches_webhook_change", args=[webhook.pk]))
    assert change.status_code == 200
    assert webhook.secret not in change.content.decode()
    assert "https://example.com/hook" not in change.content.decode()
    log = client.get(reverse("admin:matches_webhookdelivery_change", args=[delivery.pk]))
    assert log.status_code == 200
    assert client.get(reverse("admin:matches_webhookdelivery_add")).status_code == 403
    deleted = client.post(
        reverse("admin:matches_webhook_delete", args=[webhook.pk]), {"post": "yes"}
    )
    assert deleted.status_code == 302
    assert not Webhook.objects.exists() and not WebhookDelivery.objects.exists()
