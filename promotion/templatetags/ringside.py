"""Template helpers for the pages: names of sides, results, holders, words for the ledger."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from urllib.parse import quote

from django import template
from django.urls import reverse
from django.utils.html import format_html, format_html_join, strip_tags
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe

from matches.models import MatchParticipant, Method, Role
from promotion.selectors import Hurt
from rules import registry
from rules.core import text as rules_text

register = template.Library()

IN_RING = (Role.IN_RING, Role.PARTNER)

#: Ledger reasons the engines and the roster service write, in a promoter's words.
PROMOTER_WORDS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(r"^Edge set to Fame // 100 at the start of the match$"),
        "Edge refreshed before the match (one point per 100 Fame)",
    ),
    (re.compile(r"^Hit the finisher 1 time\(s\)$"), "Hit the finisher"),
    (re.compile(r"^Hit the finisher (\d+) time\(s\)$"), r"Hit the finisher \1 times"),
    (re.compile(r"\b1 defenses\b"), "1 defense"),
]


@register.simple_tag(takes_context=True)
def sign_in_url(context) -> str:
    """The header's sign-in link, back to the page it was followed from (``?next=``). On the
    account pages themselves (sign-in, sign-up, password reset) it keeps the way back those
    pages already carry, if any, rather than pointing back at them: following it again and
    again never nests ``next`` inside ``next``."""
    login = reverse("login")
    request = context.get("request")
    if request is None:
        return login
    accounts = login.rstrip("/").rsplit("/", 1)[0] + "/"  # the account pages' folder
    if request.path.startswith(accounts):
        back = request.GET.get("next", "")
        if not back or back.startswith(accounts):
            return login
        if not url_has_allowed_host_and_scheme(
            back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return login
    elif request.path == "/":
        return login
    else:
        back = request.get_full_path()
    return f"{login}?next={quote(back, safe='/')}"


@register.filter
def promoter_words(reason: str) -> str:
    for pattern, words in PROMOTER_WORDS:
        reason = pattern.sub(words, reason)
    return reason


@register.filter
def days_held(reign, today) -> int:
    """Days the reign has lasted, a current one to ``today``: the page's, which is the
    federation's (``promotion.selectors.federation_today``), never the real date alone."""
    return reign.days_held(today)


@register.filter
def method_label(value: str) -> str:
    try:
        return Method(value).label
    except ValueError:
        return value.replace("_", " ")


def _wrestler_link(wrestler, federation_slug: str, hurt: Mapping[int, Hurt] | None = None):
    url = reverse("wrestler-detail", kwargs={"federation": federation_slug, "slug": wrestler.slug})
    link = format_html('<a href="{}">{}</a>', url, wrestler.ring_name)
    mark = injury_mark(hurt, wrestler)
    return format_html("{} {}", link, mark) if mark else link


@register.simple_tag
def injury_mark(hurt: Mapping[int, Hurt] | None, wrestler, short: bool = False) -> str:
    """The mark of a wrestler's open injuries (``hurt``: ``selectors.open_injuries``), what
    they are in its tooltip: "(injured, off cards)" or "(wrestling hurt)" beside his name;
    with ``short``, beside his status, "(off cards)" or "(wrestling hurt)". Nothing for a
    wrestler who is fit (or no wrestler)."""
    entry = hurt.get(getattr(wrestler, "pk", wrestler)) if hurt and wrestler else None
    if entry is None:
        return ""
    return format_html(
        '<small class="hurt {}" title="{}">({})</small>',
        "off-cards" if entry.off_cards else "wrestling-hurt",
        entry.what,
        entry.short if short else entry.words,
    )


def side_label(side, federation_slug: str, hurt: Mapping[int, Hurt] | None = None):
    """A side as a fan names it: the team's name when the wrestlers stand as one team (their
    names after it), else the wrestlers' names, each marked if ``hurt`` has him injured;
    allies after "with"."""
    wrestlers = [p for p in side if p.role in IN_RING]
    allies = [p for p in side if p.role not in IN_RING]
    names = format_html_join(
        " & ", "{}", ((_wrestler_link(p.wrestler, federation_slug, hurt),) for p in wrestlers)
    )
    teams = {p.team_id for p in wrestlers}
    if len(wrestlers) > 1 and len(teams) == 1 and wrestlers[0].team is not None:
        team = wrestlers[0].team
        url = reverse("team-detail", kwargs={"federation": federation_slug, "slug": team.slug})
        label = format_html(
            '<a href="{}">{}</a> <span class="muted">({})</span>', url, team.name, names
        )
    else:
        label = names
    if allies:
        extra = format_html_join(
            ", ", "{}", ((_wrestler_link(p.wrestler, federation_slug, hurt),) for p in allies)
        )
        label = format_html('{} <span class="muted">with {}</span>', label, extra)
    return label


@register.simple_tag
def match_sides(match, federation_slug: str, hurt: Mapping[int, Hurt] | None = None):
    """All sides of a match: "A vs. B"; with ``hurt`` (``selectors.open_injuries``), each
    wrestler injured that night marked."""
    return format_html_join(
        " vs. ", "{}", ((side_label(side, federation_slug, hurt),) for side in match.sides())
    )


def _listed(labels: list) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(labels) <= 1:
        return format_html_join("", "{}", ((label,) for label in labels))
    head = format_html_join(", ", "{}", ((label,) for label in labels[:-1]))
    return format_html("{} and {}", head, labels[-1])


#: Beyond this many beaten sides (a battle royal) a result counts them rather than names them.
OVER_NAMED = 3


@register.simple_tag
def match_result(match, federation_slug: str, over: bool = False):
    """ "X won by pinfall", "Time-limit draw", or nothing before the bell; with ``over``, whom
    the winner beat too ("X won by disqualification over Y") or who drew ("X and Y: time-limit
    draw"), for a list of results without the match's sides beside it."""
    if match.status != "completed":
        return ""
    if match.winner_side is None:
        draw = method_label(match.method) or "Draw"
        if not over:
            return format_html("{}", draw)
        # (A list without the sides beside it: who drew.) "A and B: time-limit draw".
        labels = [side_label(side, federation_slug) for side in match.sides() if side]
        if len(labels) > OVER_NAMED:
            return format_html("{} ({} sides)", draw, len(labels))
        return format_html("{}: {}", _listed(labels), draw[:1].lower() + draw[1:])
    sides = match.sides()
    winners: list[MatchParticipant] = next(
        (side for side in sides if side and side[0].side == match.winner_side), []
    )
    result = format_html(
        "{} won by {}", side_label(winners, federation_slug), method_label(match.method).lower()
    )
    beaten = [side for side in sides if side and side[0].side != match.winner_side]
    if not over or not beaten:
        return result
    if len(beaten) > OVER_NAMED:
        return format_html("{} over {} others", result, len(beaten))
    return format_html(
        "{} over {}", result, _listed([side_label(side, federation_slug) for side in beaten])
    )


#: How a champion won the title in a match, by its finish, over the sides beaten ("{}"):
#: the words a lineage typed in by hand uses ("pinned Ines Marrow in a street fight").
WON_THE_TITLE = {
    Method.PIN: "pinned {}",
    Method.SUBMISSION: "made {} submit",
    Method.KNOCKOUT: "knocked out {}",
    Method.ELIMINATION: "outlasted {}",
    Method.ESCAPE: "escaped the cage ahead of {}",
}


@register.simple_tag
def reign_how(reign, federation_slug: str):
    """How the champion won the title, over whom: the words a service wrote beside the match
    that crowned him (a tournament's final: "won the tournament final over Rook Lanigan"), else
    from that match ("pinned Corrigan Vale", "won by disqualification over Rook Lanigan",
    "outlasted 19 others"), else the lineage's own words (``won_how``), else a dash."""
    match = reign.won_at
    if match is not None and reign.won_how:
        return reign.won_how
    if match is None or match.winner_side is None:
        return reign.won_how or "—"
    beaten = [side for side in match.sides() if side and side[0].side != match.winner_side]
    if not beaten:
        return reign.won_how or method_label(match.method)
    whom: str
    if len(beaten) > OVER_NAMED:
        whom = format_html("{} others", len(beaten))
    else:
        whom = _listed([side_label(side, federation_slug) for side in beaten])
    method = method_label(match.method).lower()
    teams = any(sum(p.role in IN_RING for p in side) > 1 for side in beaten)
    if teams and match.method in (Method.PIN, Method.SUBMISSION, Method.KNOCKOUT):
        # Which of the team was pinned the match does not keep: the team was beaten.
        return format_html("beat {} by {}", whom, method)
    words = WON_THE_TITLE.get(match.method)
    if words is None:  # a disqualification or count-out booked to change the title
        return format_html("won by {} over {}", method, whom)
    return format_html(words, whom)


@register.simple_tag
def title_change(match):
    """ " New champion!" (or "champions", a team) after the result of a match that crowned one
    (the reigns it began, prefetched by ``card_of``); nothing otherwise."""
    if match.status != "completed" or match.title_id is None:
        return ""
    reigns = list(match.reigns_won.all())
    if not reigns:
        return ""
    plural = "s" if reigns[0].holder_team_id else ""
    return format_html(' — <strong class="title-change">New champion{}!</strong>', plural)


@register.simple_tag
def holder_link(reign, federation_slug: str):
    """The reign's champion as a link; "Vacant" for no reign (None, or the empty string the
    ``first`` filter gives for a title without an open reign)."""
    if not reign:
        return mark_safe('<span class="muted">Vacant</span>')
    if reign.holder_wrestler_id:
        return _wrestler_link(reign.holder_wrestler, federation_slug)
    team = reign.holder_team
    url = reverse("team-detail", kwargs={"federation": federation_slug, "slug": team.slug})
    return format_html('<a href="{}">{}</a>', url, team.name)


@register.simple_tag
def participant_link(participant, federation_slug: str):
    """A feud participant (a wrestler or a team) as a link."""
    if participant.wrestler_id:
        return _wrestler_link(participant.wrestler, federation_slug)
    url = reverse(
        "team-detail", kwargs={"federation": federation_slug, "slug": participant.team.slug}
    )
    return format_html('<a href="{}">{}</a>', url, participant.team.name)


@register.simple_tag
def feud_sides(feud, federation_slug: str):
    sides: dict[int, list] = {}
    for participant in feud.participants.all():
        sides.setdefault(participant.side, []).append(
            participant_link(participant, federation_slug)
        )
    return format_html_join(
        " vs. ",
        "{}",
        ((format_html_join(" & ", "{}", ((p,) for p in sides[i])),) for i in sorted(sides)),
    )


@register.simple_tag
def feud_heading(feud, federation_slug: str):
    """A feud's name in bold over its sides as links; only the sides, in bold, when the name
    merely says who they are (a feud sparked in the ring is named so: "A vs. B")."""
    sides = feud_sides(feud, federation_slug)
    if not feud.name or feud.name == html.unescape(strip_tags(sides)):
        return format_html("<strong>{}</strong>", sides)
    return format_html("<strong>{}</strong><br>{}", feud.name, sides)


@register.filter
def ordinal(value) -> str:
    return rules_text.ordinal(int(value))


@register.simple_tag(takes_context=True)
def query_with(context, **changes) -> str:
    """The current query string with some parameters changed (pagination, sorting)."""
    query = context["request"].GET.copy()
    for key, value in changes.items():
        if value in (None, ""):
            query.pop(key, None)
        else:
            query[key] = value
    encoded = query.urlencode()
    return f"?{encoded}" if encoded else "?"


CHART_WORDS = {
    "ropes": "into the ropes",
    "turnbuckle": "into the turnbuckle",
    "ring": "out of the ring",
    "deathjump": "death jump",
}


@register.filter
def filsinger_offense(entry: dict) -> str:
    """An offensive entry of a Filsinger card as the printed card reads ("Dropkick - 2 (ag)")."""
    if "finisher" in entry:
        if "roll" in entry:
            misses = ", ".join(str(n) for n in entry.get("miss_on", []))
            return (
                f"{entry['finisher']} ({entry['roll']}{', misses on ' + misses if misses else ''})"
            )
        return f"{entry['finisher']} (+{entry.get('rating', 0)})"
    if "choice_situation" in entry:
        return f"(ch) {entry['choice_situation']}"
    if "chart" in entry:
        text = CHART_WORDS.get(entry["chart"], entry["chart"])
        return text + (" (c)" if entry.get("choice") else "")
    text = f"{entry.get('move', '?')} - {entry.get('level', '?')}"
    for flag, mark in (("check", None), ("dq", "dq"), ("add1", "Add 1"), ("only", None)):
        value = entry.get(flag)
        if not value:
            continue
        if flag == "check" or flag == "only":
            text += f" ({value})"
        elif flag == "dq" and value is not True:
            text += f" (dq {value})"
        else:
            text += f" ({mark})"
    return text


@register.filter
def filsinger_defense(entry: dict, card: dict) -> str:
    """A defensive entry as printed ("hurt - 2 (tag)", "WOLF - 2", "PIN 7 (4)")."""
    result = entry.get("result", "?")
    if result == "pin":
        ratings = card.get("ratings", {})
        return f"PIN {ratings.get('pin', '?')} ({ratings.get('pin_fatigue', '?')})"
    if result == "counter":
        name = str(card.get("name", "")).split()[-1].upper() if card.get("name") else "COUNTER"
        text = f"{name} - {entry.get('level', '?')}"
    else:
        text = f"{result} - {entry.get('level', '?')}"
    if entry.get("tag"):
        text += " (tag)"
    if entry.get("leave"):
        text += " (lv)"
    return text


@register.filter
def plain_value(value) -> str:
    """A card's value as text: lists joined, mappings as "key: value"."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {plain_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return " · ".join(plain_value(v) for v in value)
    return "" if value is None else str(value)


def _superstar_move(entry) -> str:
    if not isinstance(entry, dict):
        return str(entry)
    move = str(entry.get("move", ""))
    if move == "NA":
        return "No action"
    text = move
    if entry.get("specialty"):
        text += " (S)"
    if entry.get("points") is not None:
        text += f" {entry['points']}"
    for flag, mark in (("pin", " P/A"), ("submission", " *"), ("dq", " (DQ)"), ("grudge", " XX")):
        if entry.get(flag):
            text += mark
    return text


@register.filter
def superstar_rows(data: dict) -> list[tuple[int, str, str, str, str]]:
    """A Superstar card's charts side by side, one row per two-dice total 2..12."""

    def column(name: str) -> list:
        value = data.get(name) or []
        return list(value) if isinstance(value, list | tuple) else []

    general, offense = column("general"), column("offense")
    defense, ropes = column("defense"), column("ropes")
    rows = []
    for index, total in enumerate(range(2, 13)):

        def at(values, index=index):
            return values[index] if index < len(values) else ""

        rows.append(
            (
                total,
                str(at(general)),
                _superstar_move(at(offense)),
                str(at(defense)),
                _superstar_move(at(ropes)),
            )
        )
    return rows


@register.filter
def superstar_specialty(data: dict) -> list[str]:
    specialty = data.get("specialty") or {}
    rolls = specialty.get("rolls") if isinstance(specialty, dict) else None
    return [_superstar_move(roll) for roll in rolls or []]


#: A match of at most this many of its system's units ended in one of them: "in the first turn".
ORDINALS = ("first", "second", "third")


@register.filter
def match_length(match) -> str:
    """A match's length as a fan says it, in its rule system's own unit (docs/rules/): a short
    one by the unit it ended in ("in the first turn"), a longer one with its ring time: a
    Filsinger turn is about 15 seconds ("after 28 turns (about 7 minutes)"), a Superstar round
    a minute ("after 12 rounds (12 minutes)"), an ARM round ten seconds of the match's clock
    ("after 30 rounds (5:00)", and "in the first round (0:10)")."""
    system = registry.systems.get(match.rule_system)
    unit = getattr(system, "length_unit", "turns")
    per_minute = getattr(system, "per_minute", 1)
    length = match.length
    clock = match.rule_system == "arm"
    if length <= len(ORDINALS):
        words = f"in the {ORDINALS[length - 1]} {unit.removesuffix('s')}"
        return f"{words} ({_clock(length, per_minute)})" if clock else words
    if clock:
        return f"after {length} {unit} ({_clock(length, per_minute)})"
    minutes = max(1, (length + per_minute // 2) // per_minute)
    time = "a minute" if minutes == 1 else f"{minutes} minutes"
    return f"after {length} {unit} ({'about ' if per_minute > 1 else ''}{time})"


def _clock(length: int, per_minute: int) -> str:
    """``length`` units of ``per_minute`` to the minute on the match's clock: "5:00"."""
    minutes, seconds = divmod(length * 60 // per_minute, 60)
    return f"{minutes}:{seconds:02d}"


@register.filter
def get_item(mapping, key):
    """``mapping[key]`` in a template (None when absent)."""
    return (mapping or {}).get(key)


@register.filter
def percent(value) -> str:
    """A chance (a fraction of 1) as a percentage with one decimal: "27.8%"."""
    return f"{float(value) * 100:.1f}%"
