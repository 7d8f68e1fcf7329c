"""Every choice the Filsinger rules give a player, asked of a strategy object.

Subclass ``FilsingerStrategy`` (or ``DefaultStrategy``) and override what you want. Each method
gets the live match (read it, never change it) and the side deciding. A strategy whose answers
depend only on the match's state (positions, PIN ratings, what has been used up) may set
``markov = True``; exact odds are computed only for such strategies.
"""

from __future__ import annotations

from typing import Any

from rules.core.decisions import Strategy


class FilsingerStrategy(Strategy):
    """The decision points. The base class takes the plain course every time: it tries every
    chart, never tags, never leaves the ring, takes the first Choice Situation move and never
    sends anyone from ringside. It is Markov too."""

    markov = True

    def tag_on_offense(self, match: Any, side: int) -> bool:
        """Tag rules: before an offensive roll, tag in the partner (who rolls at this level)?"""
        return False

    def try_chart(self, match: Any, side: int, chart: str, rating: str) -> bool:
        """Rule 5, "(c)": try the chart against the opponent's ``rating`` (or roll again)?"""
        return True

    def escape(self, match: Any, side: int, can_tag: bool, can_leave: bool) -> str | None:
        """Rules 3 and 6: after a defensive roll with (tag) and/or (lv): "tag", "leave" or None."""
        return None

    def choice_situation(self, match: Any, side: int, letter: str, moves: tuple) -> int:
        """Rule 7: which of the two moves (0 or 1) to try."""
        return 0

    def ally_interferes(self, match: Any, side: int) -> bool:
        """Rule 9: does this side's ally jump the opponent just thrown out of the ring?"""
        return False

    def distract(self, match: Any, side: int, pin_rating: int) -> bool:
        """Rule 14: before this side's wrestler rolls for a pin, try the distraction (once)?"""
        return False

    def outside_interference(self, match: Any, side: int, level: int) -> bool:
        """Rule 14: before this side's wrestler rolls on defense, try interference (once)?"""
        return False


class DefaultStrategy(FilsingerStrategy):
    """Plays sensibly, and only by the match state (so exact odds apply):

    - tags in the partner on taking over the offense when the wrestler in the ring is at least
      as worn (PIN rating risen as far) as his partner, so partners share the ring and a worn
      man goes out;
    - declines a "(c)" chart against an opponent rated A;
    - tags out on defense whenever allowed (a failed try costs nothing), otherwise leaves the
      ring on "(lv)" with a Ring rating of A or B;
    - picks the Choice Situation move with the better odds against this opponent;
    - sends the ally in against an opponent whose Ring rating is A (the chart would favour him);
    - saves the distraction for a pin it would more likely lose than not (PIN 7 or more);
    - saves outside interference for LEVEL 3 DEFENSE with a PIN rating of 7 or more.
    """

    markov = True

    def tag_on_offense(self, match: Any, side: int) -> bool:
        if not match.fresh:
            return False
        legal = match.legal[side]
        return match.wear(side, legal) >= match.wear(side, 1 - legal)

    def try_chart(self, match: Any, side: int, chart: str, rating: str) -> bool:
        return rating != "A"

    def escape(self, match: Any, side: int, can_tag: bool, can_leave: bool) -> str | None:
        if can_tag:
            return "tag"
        if can_leave and match.wrestler(side).charts["ring"] in ("A", "B"):
            return "leave"
        return None

    def choice_situation(self, match: Any, side: int, letter: str, moves: tuple) -> int:
        opponent = match.wrestler(1 - side)
        odds = [m.threshold(opponent.ag, opponent.pw) for m in moves]
        return max(range(len(moves)), key=lambda i: (odds[i], -i))

    def ally_interferes(self, match: Any, side: int) -> bool:
        return match.wrestler(1 - side).charts["ring"] == "A"

    def distract(self, match: Any, side: int, pin_rating: int) -> bool:
        return pin_rating >= 7

    def outside_interference(self, match: Any, side: int, level: int) -> bool:
        return level == 3 and match.pin_rating(side) >= 7
