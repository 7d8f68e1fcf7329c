"""Words for the Superstar play-by-play."""

from __future__ import annotations

from rules.superstar.cards import DQ, MOVE, NA, ROPES, SPECIALTY, Move, SpecialtyRoll


def start_name(name: str) -> str:
    """The name at the start of a sentence ("The Sheik")."""
    return name[:1].upper() + name[1:] if name else name


def mid_name(name: str) -> str:
    """The name inside a sentence: "The Sheik" reads "the Sheik"."""
    if name.startswith("The ") and len(name) > 4 and not name.isupper():
        return "the " + name[4:]
    return name


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def move_words(move: Move, specialty: str) -> str:
    """What an Offensive or Ropes card entry says, for the play-by-play."""
    if move.kind == ROPES:
        return "ROPES"
    if move.kind == NA:
        return "NA, no action at the ropes"
    if move.kind == SPECIALTY:
        return f"{move.name or specialty} (S)"
    if move.kind == DQ:
        return f"{move.name or 'a move'} (DQ)"
    assert move.kind == MOVE
    marks = "".join(
        mark
        for flag, mark in ((move.pin, " P/A"), (move.submission, " *"), (move.grudge, " XX"))
        if flag
    )
    return f"{move.name} {move.points}{marks}"


def specialty_words(roll: SpecialtyRoll) -> str:
    if roll.dq:
        return "(DQ)"
    marks = "".join(mark for flag, mark in ((roll.pin, " P/A"), (roll.submission, " *")) if flag)
    return f"{roll.points}{marks}"


#: The words a chart's text may name the wrestlers it concerns by, as ``str.format`` fields:
#: their noun ("man", "woman", "wrestler") and their group noun ("men", "women", "wrestlers"),
#: in lower case, capitalised or in capitals ("Injury to {MAN}-OUT", "all four {men} in the
#: ring").
CHART_WORDS = ("man", "men", "Man", "Men", "MAN", "MEN")


def chart_words(text: str, man: str, men: str) -> str:
    """A chart's text with the wrestlers' nouns in: ``man`` for one, ``men`` for a group."""
    if "{" not in text:
        return text
    return text.format_map(
        {
            "man": man,
            "men": men,
            "Man": start_name(man),
            "Men": start_name(men),
            "MAN": man.upper(),
            "MEN": men.upper(),
        }
    )


def chart_text_problem(text: str) -> str:
    """Why a chart's text cannot be filled in ("" when it can): a field other than
    ``CHART_WORDS``, or a lone brace."""
    try:
        chart_words(text, "man", "men")
    except KeyError as err:
        return (
            f"unknown word {{{err.args[0]}}} (a chart's text may use "
            + ", ".join(f"{{{w}}}" for w in CHART_WORDS)
            + "; write {{ and }} for a brace)"
        )
    except (ValueError, IndexError, AttributeError, TypeError) as err:
        return (
            f"{err} (a field is one of {', '.join(CHART_WORDS)}; write {{{{ and }}}} for a brace)"
        )
    return ""
