"""A federation document whose field cannot even be read (a time zone that is no zone) is refused
like any other problem, by its path and in the field's own words, never a traceback."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from promotion.models import Federation
from promotion.transfer import TransferError, federation_export, federation_import
from tests import factories

pytestmark = pytest.mark.django_db

ZONE = "'Mars/Base' is not a time zone offered: choose a place's zone (Europe/London, say) or UTC."


@pytest.fixture
def document():
    federation = factories.FederationFactory(slug="home")
    factories.WrestlerFactory.create_batch(2, federation=federation)
    data = json.loads(json.dumps(federation_export(federation=federation)))
    data["federation"]["slug"] = "mars"
    data["federation"]["time_zone"] = "Mars/Base"
    return data


def test_a_time_zone_that_is_no_zone_is_named_by_its_path(document):
    owner = factories.UserFactory()
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=owner)
    assert refused.value.problems == [("federation.time_zone", ZONE)]
    assert not Federation.objects.filter(slug="mars").exists()


def test_the_import_command_says_so_in_one_line(document, tmp_path):
    owner = factories.UserFactory(username="mars-owner")
    path = tmp_path / "mars.json"
    path.write_text(json.dumps(document))
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("import_federation", str(path), owner=owner.username, stdout=out, stderr=out)
    assert f"- federation.time_zone: {ZONE}" in out.getvalue() + str(refused.value)
    assert not Federation.objects.filter(slug="mars").exists()
