"""The sample federation's own pictures (promotion/data/sample/pictures/, drawn by
scripts/make_sample_pictures.py): small real PNGs, each accepted by the same checks as any
upload, attached by the demo to the wrestlers and titles they name and to the coming show."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path

import pytest
from django.core.management import call_command
from PIL import Image

from promotion import pictures
from promotion.models import Federation
from tests import factories

FOLDER = Path(pictures.__file__).parent / "data" / "sample" / "pictures"
SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "make_sample_pictures.py"
SHIPPED = {
    "wrestlers": {
        "corrigan-vale",
        "skylar-finch",
        "nadia-sorrel",
        "ines-marrow",
        "rook-lanigan",
        "felix-ardent",
    },
    "titles": {"world-heavyweight-championship", "frontier-championship", "tag-team-championship"},
    "shows": {"poster"},
}


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path / "media")


def test_the_shipped_pictures_are_small_real_pngs_the_checks_accept():
    found = {kind: {p.stem for p in (FOLDER / kind).glob("*.png")} for kind in SHIPPED}
    assert found == SHIPPED
    for kind, stems in SHIPPED.items():
        for stem in stems:
            data = (FOLDER / kind / f"{stem}.png").read_bytes()
            assert len(data) < 8 * 1024, (kind, stem, len(data))  # a few KB each
            assert Image.open(io.BytesIO(data)).format == "PNG"
            assert pictures.clean_picture(data).source_format == "PNG"


def test_the_script_draws_those_files(tmp_path, monkeypatch, capsys):
    spec = importlib.util.spec_from_file_location("make_sample_pictures", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(script, "OUT", tmp_path / "pictures")
    monkeypatch.setattr(script, "HERE", tmp_path)
    assert script.main() == 0
    drawn = {
        kind: {p.stem for p in (tmp_path / "pictures" / kind).glob("*.png")} for kind in SHIPPED
    }
    assert drawn == SHIPPED
    belt = Image.open(tmp_path / "pictures" / "titles" / "frontier-championship.png")
    assert belt.size == (360, 160) and belt.mode == "RGBA"
    assert "bytes" in capsys.readouterr().out


@pytest.mark.django_db
def test_the_demo_attaches_them_once(django_capture_on_commit_callbacks):
    out = io.StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("demo", no_serve=True, weeks=0, stdout=out, stderr=io.StringIO())
    assert "Attached 9 sample pictures." in out.getvalue()
    federation = Federation.objects.get(slug="copperline")
    with_photo = {w.slug for w in federation.wrestlers.all() if w.photo}
    assert with_photo == SHIPPED["wrestlers"]
    assert {t.slug for t in federation.titles.all() if t.belt} == SHIPPED["titles"]
    for wrestler in federation.wrestlers.filter(slug__in=with_photo):
        assert wrestler.photo.name.startswith("pictures/wrestlers/")
        assert wrestler.photo.storage.exists(pictures.thumbnail_name(wrestler.photo.name))

    again = io.StringIO()
    call_command("demo", no_serve=True, weeks=0, stdout=again, stderr=io.StringIO())
    assert "sample picture" not in again.getvalue()  # none attached twice


@pytest.mark.django_db
def test_the_coming_show_gets_the_poster():
    federation = factories.FederationFactory()
    show = factories.ShowFactory(federation=federation)
    assert pictures.sample_pictures_attach(federation, show=show) == 1  # (no sample roster)
    show.refresh_from_db()
    assert show.poster.name.startswith("pictures/posters/")
    assert pictures.sample_pictures_attach(federation, show=show) == 0


@pytest.mark.django_db
def test_a_federation_with_pictures_exports_and_imports_without_them(
    django_capture_on_commit_callbacks,
):
    """The federation document carries no files: pictures are left out of the export, and a
    document naming one is refused by that field (a copy must never point at, and so delete
    on removal, the original's files)."""
    from promotion.transfer import TransferError, federation_export, federation_import

    federation = factories.FederationFactory(slug="harbor")
    wrestler = factories.WrestlerFactory(
        federation=federation, slug="vera-kane", fame=0, prestige=0, heat=0, edge=0
    )
    title = factories.TitleFactory(federation=federation, slug="world")
    show = factories.ShowFactory(federation=federation)
    png = (FOLDER / "wrestlers" / "rook-lanigan.png").read_bytes()
    for row, field in ((wrestler, "photo"), (title, "belt"), (show, "poster")):
        pictures.picture_set(row, field, png)

    document = federation_export(federation=federation)
    for key, field in (("wrestlers", "photo"), ("titles", "belt"), ("shows", "poster")):
        assert document[key] and all(field not in row for row in document[key])

    copy, _report = federation_import(document=document, owner=federation.owner, slug="harbor-2")
    assert copy.wrestlers.get(slug="vera-kane").photo.name == ""
    assert copy.titles.get(slug="world").belt.name == ""

    document["wrestlers"][0]["photo"] = wrestler.photo.name
    with pytest.raises(TransferError) as refused:
        federation_import(document=document, owner=federation.owner, slug="harbor-3")
    assert "wrestlers[0].photo" in str(refused.value)
    assert not Federation.objects.filter(slug="harbor-3").exists()
