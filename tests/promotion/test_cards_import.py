import io

import pytest
import yaml
from django.core.management import CommandError, call_command

from promotion.sample import sample_card
from rules.models import WrestlerCard
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def roster():
    federation = factories.FederationFactory(slug="icw")
    vale = factories.WrestlerFactory(federation=federation, ring_name="Corrigan Vale", slug="vale")
    finch = factories.WrestlerFactory(federation=federation, ring_name="Skylar Finch", slug="finch")
    return federation, vale, finch


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data))
    return str(path)


def test_cards_are_imported_by_name_or_slug(tmp_path, roster):
    _, vale, finch = roster
    card = sample_card("filsinger", "corrigan-vale")
    other = dict(sample_card("filsinger", "skylar-finch"), slug="finch", name="Anything")
    superstar = sample_card("superstar", "skylar-finch") | {"slug": "finch"}
    files = [
        write(tmp_path, "vale.yaml", card),
        write(tmp_path, "more.yaml", {"cards": [other, superstar]}),
    ]
    out = io.StringIO()
    call_command("import_cards", "icw", *files, stdout=out)
    assert "Imported 3 card(s)" in out.getvalue()
    assert WrestlerCard.objects.get(wrestler=vale, system="filsinger").validated
    assert not WrestlerCard.objects.get(wrestler=finch, system="superstar").validated


def test_one_bad_card_refuses_every_file_with_each_problem_named(tmp_path, roster):
    good = sample_card("filsinger", "corrigan-vale")
    bad = sample_card("filsinger", "skylar-finch")
    bad["offense"][1][0]["level"] = 7
    del bad["ratings"]["pin"]
    files = [
        write(tmp_path, "good.yaml", good),
        write(tmp_path, "bad.yaml", {"cards": [bad, {"system": "filsinger", "name": "Nobody"}]}),
    ]
    err = io.StringIO()
    with pytest.raises(CommandError, match="no card was imported"):
        call_command("import_cards", "icw", *files, stderr=err)
    report = err.getvalue()
    assert "bad.yaml: cards[0].offense.1[0].level" in report
    assert "bad.yaml: cards[0].ratings.pin" in report
    assert "bad.yaml: cards[1].name: no wrestler with the name 'Nobody'" in report
    assert not WrestlerCard.objects.exists()


def test_unreadable_and_invalid_yaml_files_are_named(tmp_path, roster):
    broken = tmp_path / "broken.yaml"
    broken.write_text("offense: [unclosed")
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_cards", "icw", str(broken), str(tmp_path / "missing.yaml"), stderr=err)
    assert "broken.yaml: not valid YAML" in err.getvalue()
    assert "missing.yaml: cannot be read" in err.getvalue()
