"""Spacing as the browser lays it out, at desktop and phone width: a field's help text keeps its
distance from the next field's label, and the roster's filters stand apart from one another.
Screenshots go to ``tests/e2e/screenshots/<viewport>/layout-*.png``."""

from __future__ import annotations

import itertools

import pytest

from tests.e2e.conftest import SCREENSHOTS, VIEWPORTS
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

SLUG = "layout-check"
#: The least room between a help text and the next label, and between two filters (px):
#: three quarters of Pico's spacing (1rem), the room Pico leaves under a help text.
ROOM = 12


#: The signed-in state by site: a process that runs this module's tests apart (the runner's
#: work stealing) sets the module up again, and the account and federation exist by then.
_SIGNED_IN: dict[str, dict] = {}


@pytest.fixture(scope="module")
def promoter(browser, site):
    """A promoter signed in, with a federation from the sample: the context's saved state."""
    if site in _SIGNED_IN:
        return _SIGNED_IN[site]
    context = browser.new_context()
    page = context.new_page()
    sample_promoter(
        page, site, username="layout-promoter", name="Layout Check Wrestling", slug=SLUG
    )
    assert page.url.endswith(f"/f/{SLUG}/")
    state = _SIGNED_IN[site] = context.storage_state()
    context.close()
    return state


def separation(a: dict, b: dict) -> float:
    """How far apart two boxes are: the room between them across or down (negative: they
    overlap)."""
    across = max(b["x"] - (a["x"] + a["width"]), a["x"] - (b["x"] + b["width"]))
    down = max(b["y"] - (a["y"] + a["height"]), a["y"] - (b["y"] + b["height"]))
    return max(across, down)


@pytest.fixture(params=list(VIEWPORTS))
def page(request, browser, promoter):
    viewport = request.param
    context = browser.new_context(viewport=VIEWPORTS[viewport], storage_state=promoter)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.viewport_name = viewport
    yield page
    context.close()


def shot(page, name: str) -> None:
    folder = SCREENSHOTS / page.viewport_name
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=folder / f"layout-{name}.png", full_page=True)


def test_help_text_keeps_its_distance_from_the_next_label(page, site):
    page.goto(f"{site}/f/{SLUG}/titles/new/")
    shot(page, "title-form")
    helps = page.locator("form small[id$='_helptext']")
    # The address's, the rank's ("1 for the world title ...") and the rule system's.
    assert helps.count() == 3
    for i in range(helps.count()):
        help_text = helps.nth(i)
        field = page.locator(f"#{help_text.get_attribute('id').removesuffix('_helptext')}")
        label = help_text.locator("xpath=following-sibling::label[1]")
        under_field = separation(field.bounding_box(), help_text.bounding_box())
        to_label = separation(help_text.bounding_box(), label.bounding_box())
        # Under its own field, and apart from the next one's label.
        assert 0 <= under_field < ROOM, (help_text.inner_text(), under_field)
        assert to_label >= ROOM, (help_text.inner_text(), label.inner_text(), to_label)


def test_the_roster_filters_stand_apart(page, site):
    page.goto(f"{site}/f/{SLUG}/roster/")
    shot(page, "roster")
    form = page.get_by_role("search")
    controls = {
        name: form.locator(f"#id_{name}").bounding_box()
        for name in ("q", "alignment", "status", "division", "min_prestige", "sort")
    }
    for (one, a), (other, b) in itertools.combinations(controls.items(), 2):
        assert separation(a, b) >= ROOM, (one, other, separation(a, b))
    # Each one is as wide as its column's label, and none runs off the page.
    width = page.viewport_size["width"]
    for name, box in controls.items():
        assert box["width"] >= 100 and box["x"] >= 0 and box["x"] + box["width"] <= width, name
