"""The booking form of a show in the browser (issue 39): it offers the match types of the rule
system chosen and says why the others are missing, switching with the system; a refused booking
comes back to the show's own address with what was typed, so a reload posts nothing again; and
"Simulate now" says what became of the show."""

from __future__ import annotations

import pytest

from tests.e2e.steps import sample_promoter

pytestmark = pytest.mark.e2e

TIMEOUT = 20_000
SLUG = "booking-form-check"


def _options(page, selector: str) -> list[str]:
    return page.locator(f"{selector} option").evaluate_all("(all) => all.map((o) => o.value)")


def test_the_booking_form_offers_what_the_system_plays_and_survives_a_reload(browser, site):
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    posts: list[str] = []
    page.on("request", lambda request: posts.append(request.url) if request.method == "POST" else 0)

    # A promoter with the sample federation (the Filsinger card game) and a new show.
    sample_promoter(page, site, username="form-promoter", name="Booking Form Check", slug=SLUG)
    page.goto(site + f"/f/{SLUG}/shows/new/")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Create the show").click()
    show_url = page.url.split("#")[0].split("?")[0]

    # Filsinger plays singles and tag team matches: only those are offered, and the form says
    # why (the note is the picker's description).
    match_type = page.get_by_label("Match type")
    assert _options(page, "#id_match_type") == ["singles", "tag"]
    note = (
        "Filsinger card game plays singles and tag team matches only: the others (three-man "
        "tag, battle royal, steel cage, Texas death, grudge) need another rule system."
    )
    assert page.locator("#id_match_type_helptext").inner_text() == note
    assert match_type.get_attribute("aria-describedby") == "id_match_type_helptext"

    # Switching to ARM offers its three, keeping the tag match picked; Superstar plays them all.
    match_type.select_option("tag")
    page.get_by_label("Rule system").select_option("arm")
    page.locator("#id_match_type option[value=steel_cage]").wait_for(state="attached")
    assert _options(page, "#id_match_type") == ["singles", "tag", "steel_cage"]
    assert page.get_by_label("Match type").input_value() == "tag"
    assert "ARM (RingMaster) plays singles, tag team and steel cage matches only" in (
        page.locator("#match-type-field").inner_text()
    )
    page.get_by_label("Rule system").select_option("superstar")
    page.locator("#id_match_type option[value=grudge]").wait_for(state="attached")
    assert page.locator("#id_match_type_helptext").count() == 0
    page.get_by_label("Rule system").select_option("filsinger")
    page.locator("#id_match_type option[value=grudge]").wait_for(state="detached")

    # A refused booking: two against one in a singles match. The page comes back at the show's
    # own address, says why as a promoter would, and keeps what was typed.
    page.get_by_label("Match type").select_option("singles")
    page.get_by_label("Side A: wrestlers").select_option(
        label=["Corrigan Vale", "Bastian Holloway"]
    )
    page.get_by_label("Side B: wrestlers").select_option(label="Orrin Blackwood")
    page.get_by_label("Booker's note").fill("A handicap match")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Book the match").click()
    assert page.url == show_url + "#book"
    refusal = page.locator("#book [role=alert]").first.inner_text()
    assert "A singles match is one against one; this has two against one." in refusal
    assert page.get_by_label("Booker's note").input_value() == "A handicap match"
    picked = page.locator("#id_side_a option:checked").all_inner_texts()
    assert sorted(picked) == ["Bastian Holloway", "Corrigan Vale"]

    # A reload asks for the page again: nothing is posted, the refusal was said once.
    booked_posts = len(posts)
    page.reload()
    assert len(posts) == booked_posts
    assert page.url == show_url + "#book"
    assert "The match was refused" not in page.locator("main").inner_text()

    # Book it as a singles match, then "Simulate now": wrestled at once on the embedded default,
    # and the answer says so.
    page.get_by_label("Side A: wrestlers").select_option(label="Corrigan Vale")
    page.get_by_label("Side B: wrestlers").select_option(label="Orrin Blackwood")
    with page.expect_navigation():
        page.locator("main").get_by_role("button", name="Book the match").click()
    assert "Match 1 booked." in page.locator("main").inner_text()
    with page.expect_navigation():
        page.get_by_role("button", name="Simulate now").click()
    text = page.locator("main").inner_text()
    assert "Completed" in text
    assert "has been wrestled: the results are below." in text
    assert "under way" not in text
    assert page.get_by_role("button", name="Simulate now").count() == 0
    assert errors == []
