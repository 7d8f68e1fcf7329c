"""Decisions: where the rules give a wrestler a choice, the engine asks a strategy object.

Each system defines its strategy interface (its decision points) and a default strategy that
plays sensibly. A strategy whose every answer depends only on the match state the engine shows
it may declare ``markov = True``; the exact-odds solvers accept only such strategies.
"""

from __future__ import annotations


class Strategy:
    """Base of every system's strategies."""

    #: True when every decision is a function of the visible match state alone.
    markov: bool = False
