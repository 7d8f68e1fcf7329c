"""A show's recap (``matches.recap.Recap``) written for where it is posted: Markdown, BBCode (the
forums), Discord (messages of at most 2,000 characters, split between matches), Slack's mrkdwn,
and JSON-ready data. Every name and every word a user wrote is escaped for its format, so that a
ring name such as ``*Cobra*``, ``[b]Ace[/b]`` or ``@everyone`` reads as written and changes
nothing else of the post (``docs/sharing.md``).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from matches.recap import Recap, Result
from rules.core.text import ordinal

#: Discord's limit on one message's characters.
DISCORD_LIMIT = 2000
#: Put after an ``@`` (Discord) or a ``[`` (BBCode): the mention or the tag is no longer one.
ZERO_WIDTH = "\u200b"

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]|~<>])")
#: A "#" that could open a heading or close one: at the start, or a run of them standing alone.
_MARKDOWN_HASH = re.compile(r"^#|(?<=\s)#(?=#*(?:\s|$))")
#: An ampersand that would begin an entity ("&amp;", "&#42;").
_MARKDOWN_ENTITY = re.compile(r"&(?=#?[0-9A-Za-z]+;)")
_DISCORD_SPECIAL = re.compile(r"([\\`*_~|\[\]<])")
#: What opens a heading, a quote or a list only at the start of a line.
_DISCORD_LINE_START = re.compile(r"^([#>-])")


def escape_markdown(text: str) -> str:
    """CommonMark: a backslash before each character that could begin markup (emphasis, code,
    links, headings, quotes, HTML and entities)."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    escaped = _MARKDOWN_HASH.sub(r"\\#", escaped)
    return _MARKDOWN_ENTITY.sub(r"\\&", escaped)


def escape_discord(text: str) -> str:
    """Discord: markdown escaped by backslashes, and every ``@`` followed by a zero-width space,
    so that ``@everyone``, ``@here`` and ``<@123>`` mention nobody."""
    escaped = _DISCORD_SPECIAL.sub(r"\\\1", " ".join(text.split()))
    escaped = _DISCORD_LINE_START.sub(r"\\\1", escaped)
    return escaped.replace("@", "@" + ZERO_WIDTH)


def escape_bbcode(text: str) -> str:
    """BBCode: a zero-width space after each ``[``, so that no tag (``[b]``, ``[url=…]``) opens
    or closes."""
    return " ".join(text.split()).replace("[", "[" + ZERO_WIDTH)


def escape_slack(text: str) -> str:
    """Slack's mrkdwn: ``&``, ``<`` and ``>`` as its entities (which also keeps ``<!channel>``
    and ``<@U123>`` from mentioning anyone)."""
    text = " ".join(text.split())
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


@dataclass(frozen=True)
class Style:
    """How one format writes emphasis, headings, items and links; ``esc`` escapes user text."""

    esc: Callable[[str], str]
    bold: Callable[[str], str]
    heading: Callable[[str], str]
    item: Callable[[str], str]
    link: Callable[[str, str], str]
    list_open: str = ""
    list_close: str = ""


MARKDOWN = Style(
    esc=escape_markdown,
    bold=lambda text: f"**{text}**",
    heading=lambda text: f"### {text}",
    item=lambda text: f"- {text}",
    link=lambda text, url: f"[{text}]({url})" if url else text,
)
BBCODE = Style(
    esc=escape_bbcode,
    bold=lambda text: f"[b]{text}[/b]",
    heading=lambda text: f"[size=150][b]{text}[/b][/size]",
    item=lambda text: f"[*]{text}",
    link=lambda text, url: f"[url={url}]{text}[/url]" if url else text,
    list_open="[list]",
    list_close="[/list]",
)
DISCORD = Style(
    esc=escape_discord,
    bold=lambda text: f"**{text}**",
    heading=lambda text: f"**{text}**",
    item=lambda text: f"• {text}",
    link=lambda text, url: f"{text}: <{url}>" if url else text,
)
SLACK = Style(
    esc=escape_slack,
    bold=lambda text: f"*{text}*",
    heading=lambda text: f"*{text}*",
    item=lambda text: f"• {text}",
    link=lambda text, url: f"<{url}|{text}>" if url else text,
)


def _day(recap: Recap) -> str:
    on = recap.date
    return f"{on:%a %b} {on.day}, {on.year}"


def result_words(result: Result, esc: Callable[[str], str]) -> str:
    """One match as a line of results: "Match 3 · Main event · Heavyweight Title: Ace def. Duke
    (Pinfall)"."""
    label = [f"Match {result.position}"]
    if result.is_main_event:
        label.append("Main event")
    if result.kind != "Singles":
        label.append(esc(result.kind))
    if result.title:
        label.append(esc(result.title))
    head = " · ".join(label)
    if result.called_off:
        facing = " vs. ".join(esc(side) for side in result.sides)
        return f"{head}: {facing}, called off ({esc(result.called_off)})"
    if not result.winner:
        facing = " vs. ".join(esc(side) for side in result.sides)
        return f"{head}: {facing}, {esc(result.method.lower())}"
    beaten = ", ".join(esc(side) for side in result.losers)
    return f"{head}: {esc(result.winner)} def. {beaten} ({esc(result.method)})"


def _sections(recap: Recap, esc: Callable[[str], str]) -> list[tuple[str, list[str]]]:
    """The recap's sections after the results, each a heading and its lines (user text escaped),
    only those with something to say."""
    sections: list[tuple[str, list[str]]] = []
    lines = []
    for change in recap.title_changes:
        reign = f"reign No. {change.reign_number}"
        if change.holder_reign_number > 1:
            reign += f", a {ordinal(change.holder_reign_number)} reign"
        if change.old_champion:
            lines.append(
                f"{esc(change.new_champion)} won the {esc(change.title)} from "
                f"{esc(change.old_champion)} ({reign})"
            )
        else:
            lines.append(f"{esc(change.new_champion)} won the vacant {esc(change.title)} ({reign})")
    for vacancy in recap.vacancies:
        lines.append(
            f"The {esc(vacancy.title)} was vacated: {esc(vacancy.champion)}'s reign ended "
            f"({esc(vacancy.reason)})"
        )
    if lines:
        sections.append(("Title changes", lines))
    lines = [
        f"{esc(d.champion)} kept the {esc(d.title)} (defense No. {d.number})"
        for d in recap.defenses
    ]
    if lines:
        sections.append(("Successful defenses", lines))
    lines = []
    for injury in recap.injuries:
        line = f"{esc(injury.wrestler)}: {esc(injury.what) if injury.what else 'injured'}"
        back = injury.expected_return
        if back is not None:
            until = f"{back:%b} {back.day}, {back.year}"
            line += f", out until {until}" if injury.keeps_off else f", hurt until {until}"
        elif injury.keeps_off:
            line += ", out of action"
        if injury.misses:
            line += f"; misses {', '.join(esc(show) for show in injury.misses)}"
        lines.append(line)
    if lines:
        sections.append(("Injuries", lines))
    lines = []
    for feud in recap.feuds:
        lines.append(f"{esc(feud.feud)}: {feud.event}")
    if lines:
        sections.append(("Feuds", lines))
    lines = [f"{esc(m.wrestler)} {m.delta:+d} (now {m.value_after})" for m in recap.movers]
    if lines:
        sections.append(("Prestige movers", lines))
    lines = []
    for streak in recap.streaks:
        if streak.event == "ended":
            lines.append(f"{esc(streak.wrestler)}'s run of {streak.length} wins ended")
        else:
            lines.append(f"{esc(streak.wrestler)} has won {streak.length} in a row")
    if lines:
        sections.append(("Streaks", lines))
    lines = [f"Debut: {esc(name)}" for name in recap.debuts]
    lines += [f"{esc(m.who)}: {esc(m.words)}" for m in recap.milestones]
    if lines:
        sections.append(("Debuts and milestones", lines))
    return sections


def _blocks(recap: Recap, style: Style) -> list[str]:
    """The post as blocks: the header, one per match, one per section, the link. A Discord
    message ends only between blocks."""
    esc = style.esc
    where = f" · {esc(recap.venue)}" if recap.venue else ""
    blocks = [
        f"{style.heading(f'{esc(recap.show)} — {esc(recap.federation)}')}\n{_day(recap)}{where}"
    ]
    # The heading goes with the first match, so that no message ends with it alone.
    results = [style.item(result_words(result, esc)) for result in recap.results]
    head = style.heading("Results") + ("\n" + style.list_open if style.list_open else "")
    blocks.append(f"{head}\n{results[0]}" if results else head)
    blocks.extend(results[1:])
    if style.list_close:
        blocks[-1] += "\n" + style.list_close
    for heading, lines in _sections(recap, esc):
        body = "\n".join(style.item(line) for line in lines)
        if style.list_open:
            body = f"{style.list_open}\n{body}\n{style.list_close}"
        blocks.append(f"{style.heading(heading)}\n{body}")
    blocks.append(style.link("The full card and play-by-play", recap.url))
    return blocks


def _join(blocks: list[str]) -> str:
    """Blocks as one text: a blank line between sections, results one a line."""
    text = ""
    for block in blocks:
        if not text:
            text = block
        elif _is_item(block):
            text += "\n" + block
        else:
            text += "\n\n" + block
    return text


def _is_item(block: str) -> bool:
    return block.startswith(("- ", "• ", "[*]"))


def recap_markdown(recap: Recap) -> str:
    return _join(_blocks(recap, MARKDOWN))


def recap_bbcode(recap: Recap) -> str:
    return _join(_blocks(recap, BBCODE))


def recap_slack(recap: Recap) -> str:
    return _join(_blocks(recap, SLACK))


def recap_discord(recap: Recap) -> list[str]:
    """The recap as Discord messages, each of at most ``DISCORD_LIMIT`` characters, a new one
    begun only between matches or sections (a block longer than a message alone is cut at its
    lines, and a line longer than that at the limit)."""
    messages: list[str] = []
    current: list[str] = []
    for block in _blocks(recap, DISCORD):
        for piece in _pieces(block):
            trial = _join([*current, piece])
            if current and len(trial) > DISCORD_LIMIT:
                messages.append(_join(current))
                current = [piece]
            else:
                current.append(piece)
    if current:
        messages.append(_join(current))
    return messages


def _pieces(block: str) -> list[str]:
    """A block cut to fit one message: whole when it fits, else line by line."""
    if len(block) <= DISCORD_LIMIT:
        return [block]
    pieces: list[str] = []
    for line in block.split("\n"):
        while len(line) > DISCORD_LIMIT:
            pieces.append(line[:DISCORD_LIMIT])
            line = line[DISCORD_LIMIT:]
        pieces.append(line)
    return pieces


def recap_data(recap: Recap) -> dict[str, Any]:
    """The recap as JSON-ready data: its fields by name, dates as ISO 8601 text."""
    data = dataclasses.asdict(recap)
    data["date"] = recap.date.isoformat()
    for injury in data["injuries"]:
        back = injury["expected_return"]
        injury["expected_return"] = back.isoformat() if back is not None else None
        injury["misses"] = list(injury["misses"])
    for result in data["results"]:
        result["sides"] = list(result["sides"])
    for key in ("results", "title_changes", "defenses", "vacancies", "injuries", "feuds"):
        data[key] = list(data[key])
    for key in ("movers", "streaks", "debuts", "milestones"):
        data[key] = list(data[key])
    return data


def recap_document(recap: Recap) -> dict[str, Any]:
    """What the API answers and the pages copy: the data and its text in every format."""
    return {
        "recap": recap_data(recap),
        "markdown": recap_markdown(recap),
        "bbcode": recap_bbcode(recap),
        "discord": recap_discord(recap),
        "slack": recap_slack(recap),
    }
