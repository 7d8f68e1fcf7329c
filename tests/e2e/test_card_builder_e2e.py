"""The card builder in a real browser: a card built field by field, each field checked as it is
typed with the card import's words beside it, the YAML following the fields and the fields the
YAML, the odds against a chosen opponent worked out as the card changes and gone the moment it
is invalid, and the card saved."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "builder-check"
CLEARED = "No odds: the card is not valid. They come back when it is."


def _field(page, path: str):
    return page.locator(f'[name="{path}"]')


def test_a_card_built_field_by_field_with_live_odds(browser, site):
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    sample_promoter(page, site, username="builder-promoter", name="Builder Wrestling", slug=SLUG)

    page.goto(site + f"/f/{SLUG}/wrestlers/corrigan-vale/cards/filsinger/builder/")
    odds = page.locator("#odds")
    problems = page.locator("#builder-check")
    yaml_text = page.locator("#builder-text")
    expect(page.get_by_role("group", name=re.compile("Level 3 offense"))).to_be_visible()

    # An opponent chosen: the odds of the card as it stands.
    page.get_by_label("In a singles match against").select_option(label="Gideon Pike")
    expect(odds).to_contain_text("Corrigan Vale wins")

    # A rating typed out of range: the import's own words on the field, the odds gone at once.
    pin = _field(page, "ratings.pin")
    pin.fill("13")
    expect(problems).to_contain_text("ratings.pin: must be a whole number from 0 to 12, got 13")
    expect(page.locator('label[data-path="ratings.pin"] .field-problem')).to_have_text(
        "must be a whole number from 0 to 12, got 13"
    )
    expect(pin).to_have_attribute("aria-invalid", "true")
    expect(odds).to_have_text(CLEARED)
    expect(yaml_text).to_have_value(re.compile(r"\n  pin: 13\n"))

    # Fixed: valid again, the odds come back by themselves.
    pin.fill("8")
    expect(problems).to_contain_text("The card is valid")
    expect(odds).to_contain_text("Corrigan Vale wins")
    expect(yaml_text).to_have_value(re.compile(r"\n  pin: 8\n"))
    expect(pin).not_to_have_attribute("aria-invalid", "true")

    # An entry changed field by field: its kind chosen, its fields shown for that kind.
    kind = _field(page, "offense.1[0].kind")
    kind.select_option("finisher")
    finisher = _field(page, "offense.1[0].finisher")
    expect(finisher).to_be_visible()
    expect(_field(page, "offense.1[0].level")).to_be_hidden()
    finisher.fill("VALE DRIVER")
    _field(page, "offense.1[0].rating").fill("2")
    expect(problems).to_contain_text("offense.1[0].finisher: finishers belong on LEVEL 3 OFFENSE")
    expect(odds).to_have_text(CLEARED)
    kind.select_option("move")
    _field(page, "offense.1[0].move").fill("Knee lift")
    _field(page, "offense.1[0].level").fill("2")
    expect(problems).to_contain_text("The card is valid")
    expect(yaml_text).to_have_value(re.compile(r"move: Knee lift\n\s+level: 2"))
    expect(odds).to_contain_text("Corrigan Vale wins")

    # The YAML edited: the fields follow it.
    text = yaml_text.input_value()
    yaml_text.fill(re.sub(r"(?m)^(  pin_fatigue: )\d+$", r"\g<1>5", text))
    expect(_field(page, "ratings.pin_fatigue")).to_have_value("5")
    expect(problems).to_contain_text("The card is valid")

    # Saved, from the side edited last; the wrestler's page says so.
    page.get_by_role("button", name="Save the card").click()
    expect(page.get_by_text("Corrigan Vale's Filsinger card game card saved.")).to_be_visible()
    page.goto(site + f"/f/{SLUG}/wrestlers/corrigan-vale/cards/filsinger/builder/")
    expect(_field(page, "ratings.pin")).to_have_value("8")
    expect(_field(page, "ratings.pin_fatigue")).to_have_value("5")
    expect(_field(page, "offense.1[0].move")).to_have_value("Knee lift")

    context.close()
    assert errors == []
