"""The chapter's engineered results (the section "B-O-O-O-RING"), on scripted matches.

"Fans, in general, hate indecisive matches. If a wrestler obviously engineers a loss (that is,
throws the match), win (such as bribing the opponent to walk away) or draw (such as two
wrestlers agreeing to a double-countout), he receives an Prestige penalty equivalent to losing
that match. This is cumulative with the standard penalty for losing".

A win in the ring by a screwjob pin or behind a manager's distraction is decisive, and no
engineered result; two men staying out through the count for a double count-out is.
The test sheets: Alpha a fan favourite, Beta a rulebreaker; ARM's penalty for losing by
count-out is -3, by a pin -6 (rules/data/arm/match.yaml, prestige.loss).
"""

from __future__ import annotations

from rules.core.result import Method
from tests.rules.arm_support import ALPHA, BETA, Scripted, match_of, sheet


def prestige(m) -> list[tuple[str, int, str]]:
    return [
        (s.key, s.delta, s.reason) for s in m.result().effects.standing if s.attribute == "prestige"
    ]


def test_a_screwjob_pin_costs_the_winner_nothing_as_a_loss():
    m = match_of([7, 3, 6, 14], strategy=Scripted(screwjob=True))
    m.me(BETA).post = "prone"
    m.pin(ALPHA)
    assert (m.winner, m.method, m.screwed) == (ALPHA, Method.PIN, True)
    # Only the loser's standard penalty: none for Alpha.
    assert prestige(m) == [("beta", -6, "Lost by pin")]


def test_a_win_behind_the_managers_distraction_costs_the_winner_nothing_as_a_loss():
    m = match_of([9], a=sheet("alpha", merits=["Manager"]))
    m.distract(ALPHA)
    assert m.distractions == [ALPHA]
    m.finish(ALPHA, Method.PIN)
    assert prestige(m) == [("beta", -6, "Lost by pin")]


def test_both_men_staying_out_for_a_double_count_out_are_penalised_as_losing_by_count_out():
    m = match_of([6, 6, 6, 6])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    for _ in range(5):
        m.referee_count()  # the count starts, then 6 a round: 24, past 20
    assert (m.winner, m.method) == (None, Method.DOUBLE_COUNT_OUT)
    reason = "Engineered a draw (a double count-out): a penalty equal to losing"
    assert prestige(m) == [("alpha", -3, reason), ("beta", -3, reason)]


def test_a_man_out_cold_on_the_floor_agreed_to_no_double_count_out():
    m = match_of([6, 6, 6, 6])
    for f in (m.me(ALPHA), m.me(BETA)):
        f.zone = "floor"
    m.me(BETA).out = True
    for _ in range(5):
        m.referee_count()
    assert (m.winner, m.method) == (None, Method.DOUBLE_COUNT_OUT)
    assert prestige(m) == []


def test_a_double_disqualification_is_no_engineered_draw():
    m = match_of([])
    m.finish(None, Method.DOUBLE_DISQUALIFICATION)
    assert prestige(m) == []
