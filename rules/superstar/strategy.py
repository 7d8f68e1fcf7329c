"""Every choice the Superstar rules give a player, asked of a strategy object.

Subclass ``SuperstarStrategy`` (or ``DefaultStrategy``) and override what you want. Each method
gets the live match (read it, never change it) and the side deciding. ``pin_policy_is_always``
tells the exact-odds solver that ``attempt_pin`` says yes everywhere, so it need not ask cell by
cell; a strategy whose pin decision depends only on the round and both scores may set
``markov = True`` and the solver asks it for every state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.decisions import Strategy


class SuperstarStrategy(Strategy):
    """The decision points, with the plain course for each."""

    markov = True
    #: ``attempt_pin`` answers True whatever the state.
    pin_policy_is_always = True

    def attempt_pin(self, match: Any, side: int, reason: str) -> bool:
        """At the end of a round, go for the pin? ``reason`` is "pa" (a P/A move) or "score"
        (30 points or more, 10 ahead, 5 better in the round). A failed attempt only adds
        points, so the default always tries."""
        return True

    def tag_out(self, match: Any, side: int, partners: Sequence[int]) -> int | None:
        """After a round, with a tag-out opportunity: the partner (team index) to tag in, or
        None to stay in the ring. ``partners`` are the fit men outside."""
        return None

    def double_team_partners(self, match: Any, side: int, candidates: Sequence[int], n: int):
        """Which ``n`` of the fit men outside come in to double team (team indexes)."""
        return list(candidates[:n])

    def stays_in(self, match: Any, side: int, wrestlers: Sequence[int]) -> int:
        """Level 1: after double teaming, which of the two stays in the ring (team indexes;
        the default keeps the man in)."""
        return match.legal[side]

    def breaker(self, match: Any, side: int, candidates: Sequence[int]) -> int:
        """Level 3 (any tag match with more than one man outside): who tries to break up the
        two-count or the hold."""
        return candidates[0]

    def replacement(self, match: Any, side: int, candidates: Sequence[int]) -> int:
        """The fit man outside who replaces an injured man in."""
        return candidates[0]

    def pairing(self, match: Any, remaining: Sequence[int]) -> tuple[int, int]:
        """Battle royal: the next mini-match, as two sides still in."""
        return remaining[0], remaining[1]


class DefaultStrategy(SuperstarStrategy):
    """Plays sensibly:

    - always goes for the pin when allowed (a failed attempt still scores);
    - tags out when allowed if the man in has been in the ring three rounds running, or two
      and just lost the round, bringing in the partner who has rested longest;
    - double teams with, and replaces an injured man with, the fit partner with the best
      tag-team rating;
    - lets the man in stay in after a Level 1 double team;
    - sends the man outside most likely to break up a two-count (the widest tag-team range);
    - pairs the battle royal's best Priority Factor against its worst, as the rulebook
      advises ("match wrestlers with high priority factors against those with low ones").
    """

    def tag_out(self, match: Any, side: int, partners: Sequence[int]) -> int | None:
        if not partners:
            return None
        rounds = match.in_ring_rounds[side]
        if rounds < 3 and not (rounds >= 2 and match.lost_round(side)):
            return None
        return min(partners, key=lambda i: (match.last_in[side][i], i))

    def double_team_partners(self, match: Any, side: int, candidates: Sequence[int], n: int):
        team = match.teams[side]
        ranked = sorted(candidates, key=lambda i: (-team[i].ttr, i))
        return ranked[:n]

    def breaker(self, match: Any, side: int, candidates: Sequence[int]) -> int:
        team = match.teams[side]
        return max(candidates, key=lambda i: (team[i].save_width, -i))

    def replacement(self, match: Any, side: int, candidates: Sequence[int]) -> int:
        team = match.teams[side]
        return max(candidates, key=lambda i: (team[i].ttr, -i))

    def pairing(self, match: Any, remaining: Sequence[int]) -> tuple[int, int]:
        ranked = sorted(remaining, key=lambda s: (-match.teams[s][0].pf, s))
        return ranked[0], ranked[-1]
