"""Validators for what users type into names and other text shown to others."""

from __future__ import annotations

import datetime as dt
import functools
import unicodedata
import zoneinfo
from importlib import resources
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator

from rules.core.safeyaml import bad_character

CONTROL_CHARACTER = "Remove the control character {problem}: the field takes plain text."
INVISIBLE_CHARACTER = "Remove the invisible character {problem}: the field takes plain text."
#: The invisible characters a name may hold: the joiners some scripts and emoji are written with.
JOINERS = frozenset("\u200c\u200d")

#: The years a day may fall in: Python's calendar runs from year 1 to 9999, and a day is read as
#: a moment in the federation's time zone (the ledger's dates, a show's), which an offset of up
#: to a day would carry past either end. The API's and the commands' bounds too
#: (``web.api_fields.YEARS``).
DAY_YEARS = (dt.MINYEAR + 1, dt.MAXYEAR - 1)
DAY_OUT_OF_RANGE = "A day in the years {low} to {high}, not {value}."


def calendar_day(value: dt.date | None) -> None:
    """A day within ``DAY_YEARS`` (every date a promoter types: debuts, reigns, injuries...)."""
    if value is None:
        return
    low, high = DAY_YEARS
    if not low <= value.year <= high:
        raise ValidationError(
            DAY_OUT_OF_RANGE.format(low=low, high=high, value=value.isoformat()),
            code="day_out_of_range",
        )


def plain_text(value: str) -> None:
    """Refuse control characters and bidirectional overrides (U+202E and friends), which can
    make a name display as something else, and the invisible ones (a zero-width space, a byte
    order mark, a soft hyphen, a line or paragraph separator), which make two names that read
    alike two names."""
    problem = bad_character(value or "")
    if problem is not None or "\n" in (value or "") or "\t" in (value or ""):
        problem = problem or "a line break or tab"
        raise ValidationError(CONTROL_CHARACTER.format(problem=problem), code="control_character")
    for index, char in enumerate(value or ""):
        kind = unicodedata.category(char)
        if kind in ("Zl", "Zp") or (kind == "Cf" and char not in JOINERS):
            name = unicodedata.name(char, "format character")
            problem = f"U+{ord(char):04X} ({name}) at character {index + 1}"
            raise ValidationError(
                INVISIBLE_CHARACTER.format(problem=problem), code="invisible_character"
            )


# -- a wrestler's figures ------------------------------------------------------------------------

#: A wrestler's height in inches and weight in pounds: plausible human ranges, the same as the
#: ARM sheet's (``rules/arm/cards.py``): 4'0" to 8'4", 80 to 800 lb.
HEIGHT_INCHES = (48, 100)
WEIGHT_POUNDS = (80, 800)
HEIGHT_OUT_OF_RANGE = "A height is {low} to {high} inches (4'0\" to 8'4\"), not {value}."
WEIGHT_OUT_OF_RANGE = "A weight is {low} to {high} pounds, not {value}."


ACTIVE_WHILE_INJURED = (
    "{wrestler} is out with an injury that keeps {him} off cards: mark it healed on the injury "
    "report (Healed), and the roster shows {wrestler} Active again from that day."
)
INJURED_WITHOUT_INJURY = (
    "Injured comes from an injury: sign or save the wrestler as Active, then record the injury "
    "on the injury report (Record an injury): the roster shows Injured until it heals."
)


def height_in_inches(value: int | None) -> None:
    low, high = HEIGHT_INCHES
    if value is not None and not low <= value <= high:
        raise ValidationError(
            HEIGHT_OUT_OF_RANGE.format(low=low, high=high, value=value), code="height"
        )


def weight_in_pounds(value: int | None) -> None:
    low, high = WEIGHT_POUNDS
    if value is not None and not low <= value <= high:
        raise ValidationError(
            WEIGHT_OUT_OF_RANGE.format(low=low, high=high, value=value), code="weight"
        )


# -- a wrestler's name and debut ------------------------------------------------------------------

#: Messages of ``Wrestler.clean``: every door (the pages, the API, the admin, the services) meets
#: them there.
RING_NAME_TAKEN = (
    "{federation} already has a wrestler named {name!r}; give this one a ring name of its own."
)
DEBUT_STILL_TO_COME = (
    "A debut is a day that has come: {on:%b %-d, %Y} is after {federation}'s today "
    "({today:%b %-d, %Y})."
)
DEBUT_AFTER_FIRST_MATCH = (
    "{wrestler} wrestled a first match here on {first:%b %-d, %Y} ({show}); the debut is that "
    "day or earlier, not {on:%b %-d, %Y}."
)


def name_key(name: str | None) -> str:
    """Words as two things of one federation may not share them, case and spacing aside ("Ada
    VANCE " is Ada Vance): a ring name, a title's name in use, an injury's words on a day."""
    return " ".join(str(name or "").split()).casefold()


# -- a federation's settings ---------------------------------------------------------------------

#: The matches the auto-booker puts on a weekly show (``Federation.card_size``): at least one, and
#: no more than a long night's card (a show runs within ``SHOW_TIME_LIMIT_SECONDS``).
CARD_SIZE = (1, 20)
CARD_SIZE_OUT_OF_RANGE = "An auto-booked show holds {low} to {high} matches, not {value}."


def within(bounds: tuple[int, int], message: str) -> list:
    """The bounds as a model field's validators, a minimum and a maximum in the same words
    (``message`` with ``{low}``, ``{high}`` and ``{value}``): they stand for the database's own
    range, and the API's schema reads them."""
    low, high = bounds
    words = message.format(low=low, high=high, value="%(value)s")
    return [MinValueValidator(low, message=words), MaxValueValidator(high, message=words)]


CARD_SIZE_VALIDATORS = within(CARD_SIZE, CARD_SIZE_OUT_OF_RANGE)

#: How long an injured champion may be expected out before his title is vacated
#: (``Federation.vacate_injured_champion_after_weeks``): 0 (at once) to ten years.
VACATE_AFTER_WEEKS = (0, 520)
VACATE_AFTER_OUT_OF_RANGE = (
    "An injured champion's title is vacated after {low} to {high} weeks out (or never: leave it "
    "empty), not {value}."
)
VACATE_AFTER_VALIDATORS = within(VACATE_AFTER_WEEKS, VACATE_AFTER_OUT_OF_RANGE)
#: A title's rank (1 the world title, higher numbers lesser titles).
TITLE_RANK = (1, 999)
TITLE_RANK_OUT_OF_RANGE = "A title's rank is {low} (the world title) to {high}, not {value}."
TITLE_RANK_VALIDATORS = within(TITLE_RANK, TITLE_RANK_OUT_OF_RANGE)


# -- time zones ----------------------------------------------------------------------------------

NOT_A_ZONE = (
    "{value!r} is not a time zone offered: choose a place's zone (Europe/London, say) or UTC."
)
OLD_ZONE_NAME = "{value!r} is an old name of {zone}; choose {zone}."
#: What the pages call ``localtime``, a zone stored before the checks: the server's own clock.
SERVER_LOCAL_TIME = "the server's local time"


def _zone_file(name: str) -> str:
    """A file of the IANA database, where ``zoneinfo`` reads the zones: the system's, else the
    ``tzdata`` package's ("" when neither has it)."""
    for folder in zoneinfo.TZPATH:
        path = Path(folder) / name
        if path.is_file():
            return path.read_text(encoding="utf-8")
    try:
        return resources.files("tzdata").joinpath(f"zoneinfo/{name}").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        return ""


@functools.cache
def _zone_table() -> tuple[frozenset[str], dict[str, str]]:
    """(the zones a federation may choose, old names to their zones): the countries' zones of
    the IANA database (``zone.tab``) and UTC, each one this machine can load; the other names
    it knows are aliases (``US/Eastern``, ``Asia/Calcutta``, ``GMT``) or no place's zone
    (``localtime``, the server's own; ``Etc/GMT+5``)."""
    available = zoneinfo.available_timezones()
    names = {
        fields[2]
        for line in _zone_file("zone.tab").splitlines()
        if not line.startswith("#") and len(fields := line.split("\t")) >= 3
    }
    canonical = frozenset(name for name in names | {"UTC"} if name in available)
    links = {"Etc/UTC": "UTC", "Etc/GMT": "UTC"}
    for line in _zone_file("tzdata.zi").splitlines():
        if line.startswith("L "):
            _, target, alias = line.split()[:3]
            links.setdefault(alias, target)
    old = {}
    for alias in available - canonical:
        zone = alias
        for _ in range(5):  # a link to a link
            if zone in canonical:
                break
            zone = links.get(zone, zone)
        if zone in canonical:
            old[alias] = zone
    return canonical, old


def time_zone_choices() -> list[tuple[str, str]]:
    """The zones a federation may choose, as a form's choices: UTC first, then by name."""
    canonical, _ = _zone_table()
    return [("UTC", "UTC")] + [
        (name, name.replace("_", " ")) for name in sorted(canonical - {"UTC"})
    ]


def current_zone_of(value) -> str | None:
    """The zone to choose instead of an old name (``US/Eastern``: ``America/New_York``)."""
    return _zone_table()[1].get(str(value))


def time_zone_name(value) -> None:
    """A federation's time zone is a zone's current name (``Asia/Kolkata``, not the old
    ``Asia/Calcutta``; never ``localtime``, which is the server's own)."""
    name = str(value)
    canonical, old = _zone_table()
    if name in canonical:
        return
    if name in old:
        raise ValidationError(OLD_ZONE_NAME.format(value=name, zone=old[name]), code="old_zone")
    raise ValidationError(NOT_A_ZONE.format(value=name), code="not_a_zone")


def time_zone_words(value) -> str:
    """A federation's time zone as the pages and commands name it: its name, the current name
    of an old one stored before the checks (``US/Central``: ``America/Chicago``), and for
    ``localtime`` the server's local time, which it is; other names as they are."""
    name = str(value)
    if name == "localtime":
        return SERVER_LOCAL_TIME
    return current_zone_of(name) or name


#: Words of the API's own addresses below ``/api/v1/federations/`` (``import/``, ``found/``): a
#: federation going by one could not be reached there.
ROUTE_WORDS = frozenset({"found", "import"})
ROUTE_WORD = "{value!r} is one of the site's own addresses; choose another slug."


def not_a_route_word(value: str) -> None:
    """A federation's slug that is none of the API's own words (``ROUTE_WORDS``)."""
    if value.lower() in ROUTE_WORDS:
        raise ValidationError(ROUTE_WORD.format(value=value), code="route_word")
