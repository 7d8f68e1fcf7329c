"""Bodies the API reads are bounded: a larger one is refused unread with 413."""

import pytest

pytestmark = pytest.mark.django_db


def test_a_body_over_the_limit_is_refused_unread(client, settings):
    from django.contrib.auth import get_user_model

    settings.API_MAX_BODY_BYTES = 1024
    user = get_user_model().objects.create_user("someone", password="x" * 20)
    client.force_login(user)
    body = b'{"name": "' + b"x" * 4096 + b'", "slug": "big"}'
    response = client.post("/api/v1/federations/", body, content_type="application/json")
    assert response.status_code == 413
    assert "larger than 1 KiB" in response.json()["detail"]
