"""A recap written for Markdown, BBCode, Discord and Slack (``matches.share``): hostile names
change nothing but their own text, and Discord's messages keep to its limit, split between
matches."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re

from markdown_it import MarkdownIt

from matches.recap import (
    Defense,
    FeudNote,
    InjuryNote,
    Milestone,
    Mover,
    Recap,
    Result,
    Streak,
    TitleChange,
)
from matches.share import (
    recap_bbcode,
    recap_data,
    recap_discord,
    recap_markdown,
    recap_slack,
)

ZWSP = "\u200b"

#: Names that would be markup, a mention or a link in one format or another.
HOSTILE = [
    "*Kid* _Cobra_",
    "`rm -rf` Ace",
    "[b]Duke[/b]",
    "[url=http://evil.example]Click[/url]",
    "@everyone",
    "@here Joe",
    "<@123> Pinger",
    "# Heading Man",
    "Closing ##",
    "Mr. &amp; Mrs. &#42;",
    "![img](x.png) Bang",
    "Smith | Jones_ \\*",
    "> Quoter",
    "~~Strike~~ ||Spoiler|| & <b>Tag</b>",
    "[Link](http://evil.example)",
    "Back\\slash",
]


def recap_with(names: list[str], text: str = "Wrenched knee") -> Recap:
    """A recap naming ``names[0]`` to ``names[3]`` in every place a name goes."""
    a, b, c, d = names
    return Recap(
        federation=f"{a} Federation",
        federation_slug="fed",
        show=f"{b} Weekly #3",
        number=3,
        date=dt.date(2026, 11, 20),
        venue=f"{c} Hall",
        url="https://ringside.example/f/fed/shows/3/",
        results=(
            Result(1, "Singles", (a, b), a, "Pinfall", title=f"{d} Title", is_main_event=True),
            Result(2, "Tag team", (f"{c} & {d}", f"{a} & {b}"), "", "Time-limit draw"),
            Result(3, "Singles", (c, d), "", "", called_off=f"{c} is hurt"),
        ),
        title_changes=(TitleChange(f"{d} Title", a, b, 1, 5, 2),),
        defenses=(Defense(f"{c} Title", d, 10, 2),),
        injuries=(InjuryNote(c, text, 3, dt.date(2026, 12, 4), True, (f"{d} Weekly #4",)),),
        feuds=(FeudNote(f"{a} vs. {b}", "blown off"),),
        movers=(Mover(a, 41, 738), Mover(b, -3, 600)),
        streaks=(Streak(c, "ended", 7), Streak(d, "started", 3)),
        debuts=(b,),
        milestones=(Milestone(d, f"10th successful defense of the {c} Title"),),
    )


PLAIN = ["Alpha", "Bravo", "Charlie", "Delta"]


def _quads():
    """Every hostile name in every place, four at a time."""
    for start in range(0, len(HOSTILE), 4):
        yield HOSTILE[start : start + 4]


def _substituted(text: str, names: list[str]) -> str:
    for plain, name in zip(PLAIN, names, strict=True):
        text = text.replace(plain, name)
    return text


# -- Markdown -------------------------------------------------------------------------------------


def _markdown_tags(text: str) -> list[str]:
    html = MarkdownIt("commonmark").render(text)
    return re.findall(r"<(/?[a-z0-9]+)", html)


def _markdown_text(text: str) -> str:
    html = MarkdownIt("commonmark").render(text)
    html = re.sub(r"<[^>]+>", "", html)
    return (
        html.replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
    )


def test_markdown_renders_a_hostile_name_as_its_text_and_nothing_else():
    plain = recap_markdown(recap_with(PLAIN))
    for names in _quads():
        hostile = recap_markdown(recap_with(names))
        # The same elements in the same order as with plain names: no emphasis, code, link,
        # heading, quote or HTML of a name's making.
        assert _markdown_tags(hostile) == _markdown_tags(plain), names
        # And the rendered text is the plain post's, each name in its place, as written.
        assert _markdown_text(hostile) == _substituted(_markdown_text(plain), names), names


def test_markdown_is_what_the_promoter_reads():
    text = recap_markdown(recap_with(PLAIN))
    assert text.startswith(
        "### Bravo Weekly #3 — Alpha Federation\nFri Nov 20, 2026 · Charlie Hall"
    )
    assert "- Match 1 · Main event · Delta Title: Alpha def. Bravo (Pinfall)" in text
    assert "- Match 2 · Tag team: Charlie & Delta vs. Alpha & Bravo, time-limit draw" in text
    assert "- Match 3: Charlie vs. Delta, called off (Charlie is hurt)" in text
    assert "- Alpha won the Delta Title from Bravo (reign No. 5, a 2nd reign)" in text
    assert "- Delta kept the Charlie Title (defense No. 10)" in text
    assert "- Charlie: Wrenched knee, out until Dec 4, 2026; misses Delta Weekly #4" in text
    assert "- Alpha vs. Bravo: blown off" in text
    assert "- Alpha +41 (now 738)\n- Bravo -3 (now 600)" in text
    assert "- Charlie's run of 7 wins ended\n- Delta has won 3 in a row" in text
    assert "- Debut: Bravo\n- Delta: 10th successful defense of the Charlie Title" in text
    assert text.endswith(
        "[The full card and play-by-play](https://ringside.example/f/fed/shows/3/)"
    )


# -- Discord --------------------------------------------------------------------------------------

#: Characters that are Discord markup when not escaped by a backslash.
_DISCORD_ACTIVE = re.compile(r"(?<!\\)[*_~`|\[\]]")


def _discord_unescaped(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text).replace(ZWSP, "")


def test_discord_mentions_nobody_and_formats_nothing_of_a_name():
    plain = "\n".join(recap_discord(recap_with(PLAIN)))
    for names in _quads():
        hostile = "\n".join(recap_discord(recap_with(names)))
        for mention in ("@everyone", "@here", "<@123>"):
            assert mention not in hostile
        # No markup character of a name's is left active...
        assert _DISCORD_ACTIVE.findall(hostile) == _DISCORD_ACTIVE.findall(plain), names
        # ...no line begins a heading or a quote of its own...
        starts = [line[:1] for line in hostile.splitlines()]
        assert starts == [line[:1] for line in plain.splitlines()], names
        # ...and without its escapes the post reads each name as written.
        assert _discord_unescaped(hostile) == _substituted(_discord_unescaped(plain), names)


def test_discord_messages_keep_to_2000_characters_and_split_between_matches():
    long_name = "Maximilian Thunderbolt-Oyelaran-Vasquez the Third of Ironbridge"
    results = tuple(
        Result(
            n, "Singles", (f"{long_name} {n}", f"{long_name} {n}b"), f"{long_name} {n}", "Pinfall"
        )
        for n in range(1, 61)
    )
    recap = dataclasses.replace(recap_with(PLAIN), results=results)
    messages = recap_discord(recap)
    assert len(messages) > 1
    assert all(len(message) <= 2000 for message in messages)
    # Every match is whole in one message, in card order.
    lines = [line for message in messages for line in message.splitlines()]
    matches = [line for line in lines if line.startswith("• Match ")]
    assert [int(re.match(r"• Match (\d+)", line)[1]) for line in matches] == list(range(1, 61))
    for message in messages:
        for line in message.splitlines():
            if line.startswith("• Match "):
                assert line.endswith("(Pinfall)")
    # A message after the first begins with a match or a heading, never mid-line.
    for message in messages[1:]:
        assert message.startswith(("• Match ", "**")), message[:40]


def test_a_short_recap_is_one_discord_message():
    assert len(recap_discord(recap_with(PLAIN))) == 1


# -- BBCode ---------------------------------------------------------------------------------------

_BBCODE_TAG = re.compile(r"\[/?[a-z*]+(?:=[^\]]*)?\]", re.IGNORECASE)


def test_bbcode_opens_no_tag_of_a_name():
    plain = recap_bbcode(recap_with(PLAIN))
    for names in _quads():
        hostile = recap_bbcode(recap_with(names))
        assert _BBCODE_TAG.findall(hostile) == _BBCODE_TAG.findall(plain), names
        assert hostile.replace(ZWSP, "") == _substituted(plain, names), names
    assert "[*]Match 1 · Main event · Delta Title: [b]" not in plain  # (a result is not bold)
    assert plain.endswith(
        "[url=https://ringside.example/f/fed/shows/3/]The full card and play-by-play[/url]"
    )


# -- Slack ----------------------------------------------------------------------------------------


def _slack_unescaped(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def test_slack_escapes_ampersands_and_angle_brackets():
    plain = recap_slack(recap_with(PLAIN))
    for names in _quads():
        hostile = recap_slack(recap_with(names))
        # The one <...> is the link to the show.
        assert re.findall(r"<[^>]*>", hostile) == re.findall(r"<[^>]*>", plain), names
        assert _slack_unescaped(hostile) == _substituted(_slack_unescaped(plain), names)
    hostile = recap_slack(recap_with(["A & B", "<!channel>", "C", "D"]))
    assert "A &amp; B" in hostile and "&lt;!channel&gt;" in hostile


# -- JSON -----------------------------------------------------------------------------------------


def test_the_data_is_json_ready_and_names_as_written():
    data = recap_data(recap_with(["@everyone", "[b]B", "*C*", "D"]))
    assert json.loads(json.dumps(data)) == data
    assert data["date"] == "2026-11-20"
    assert data["results"][0]["winner"] == "@everyone"
    assert data["injuries"][0]["expected_return"] == "2026-12-04"
    assert data["title_changes"][0] == {
        "title": "D Title",
        "new_champion": "@everyone",
        "old_champion": "[b]B",
        "position": 1,
        "reign_number": 5,
        "holder_reign_number": 2,
    }


def test_no_discord_message_ends_on_the_results_heading_alone():
    # A battle royal of 44 long names: its line nearly fills a message by itself.
    sides = tuple(f"Entrant Number {n:02d} of the Ironbridge Rumble" for n in range(1, 45))
    royal = Result(1, "Battle royal", sides, sides[0], "Last one standing")
    recap = dataclasses.replace(recap_with(PLAIN), results=(royal,))
    messages = recap_discord(recap)
    assert 1900 < len(messages[1]) <= 2000  # (the line fills most of a message)
    assert all(len(message) <= 2000 for message in messages)
    assert not any(message.rstrip().endswith("**Results**") for message in messages)
    assert messages[1].startswith("**Results**\n• Match 1 · Battle royal: Entrant Number 01")
