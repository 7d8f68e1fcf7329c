"""The printable cards on a phone's screen: each card keeps its tables inside its frame (a card
wider than the screen scrolls across within it) rather than running out past the card and
widening the page; on paper nothing scrolls."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import VIEWPORTS
from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

SLUG = "print-phone"

#: Each card's frame against its contents and the screen: how far its contents reach past the
#: frame where the frame does not scroll, and whether the frame reaches past the screen.
CARDS = """() => Array.from(document.querySelectorAll('.pcard')).map(card => {
  const box = card.getBoundingClientRect();
  const scrolls = ['auto', 'scroll'].includes(getComputedStyle(card).overflowX);
  let reach = 0;
  for (const el of card.querySelectorAll('*')) {
    reach = Math.max(reach, el.getBoundingClientRect().right - box.right);
  }
  return {
    spills: scrolls ? 0 : Math.round(reach),
    pastScreen: Math.round(box.right - document.documentElement.clientWidth),
    printed: getComputedStyle(card).overflowX,
  };
})"""


@pytest.fixture(scope="module")
def promoter(browser, site):
    context = browser.new_context()
    page = context.new_page()
    sample_promoter(page, site, username="print-phone", name="Print Phone", slug=SLUG)
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture
def phone(browser, promoter):
    context = browser.new_context(storage_state=promoter, viewport=VIEWPORTS["phone"])
    context.set_default_timeout(30_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.mark.parametrize("layout", ["page", "tile"])
def test_a_card_keeps_its_tables_in_its_frame_on_a_phone(phone, site, layout):
    phone.goto(f"{site}/f/{SLUG}/wrestlers/bastian-holloway/print/?layout={layout}")
    cards = phone.evaluate(CARDS)
    assert len(cards) == 3  # Filsinger, Superstar, ARM
    for system, card in zip(["filsinger", "superstar", "arm"], cards, strict=True):
        assert card["spills"] <= 1, (system, card)
        assert card["pastScreen"] <= 1, (system, card)
    phone.emulate_media(media="print")
    assert {card["printed"] for card in phone.evaluate(CARDS)} == {"visible"}
