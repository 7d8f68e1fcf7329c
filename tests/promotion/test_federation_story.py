"""A federation's story (its description) is a few paragraphs at most."""

from __future__ import annotations

import pytest

from tests import factories

pytestmark = pytest.mark.django_db


def test_a_federations_story_is_refused_past_five_thousand_characters_at_every_door():
    from promotion import services

    federation = factories.FederationFactory()
    services.federation_update(federation=federation, description="x" * 5000)
    with pytest.raises(services.ServiceError) as refused:
        services.federation_update(federation=federation, description="x" * 5001)
    assert [path for path, _ in refused.value.by_field] == ["description"]
    federation.refresh_from_db()
    assert len(federation.description) == 5000
