"""Filsinger engine speed: the fast path and the full play-by-play against the dice alone, and
the exact odds of one pairing and of two big tag chains. Prints its figures; asserts nothing.

    python bench/bench_filsinger.py [--matches N] [--rules OPTIONS] [--no-tag] [--budget]

Goals: the fast path at most 3x the cost of drawing the same dice with nothing else, the full
path at most 10x, exact odds for one pairing under the basic rules in under 50 ms, and for a tag
match with every rule in a few seconds. ``--budget`` also runs ``odds`` with the default exact-odds
budget ("auto") over the biggest sample tag chain (1.8 million states, past the budget) and
prints how long it took to give up and the process's peak memory.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import figures  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402
from rules.filsinger import system as fs  # noqa: E402
from rules.filsinger.engine import prepare, run  # noqa: E402
from rules.filsinger.exact import solve  # noqa: E402
from rules.filsinger.strategy import DefaultStrategy  # noqa: E402

FIXTURES = ROOT / "tests/rules/fixtures"
SAMPLE = ROOT / "rules/data/sample/filsinger"
#: The tag match of the exact-odds issue: four sample cards.
TAG_CARDS = ("corrigan-vale", "mortimer-gale", "skylar-finch", "dario-quintero")
#: The biggest chain among the sample foursomes (partners, every rule): 1,772,148 states.
BIG_CARDS = ("corrigan-vale", "bastian-holloway", "gideon-pike", "hollis-crane")


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=20000)
    parser.add_argument("--rules", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-tag", action="store_true", help="skip the big tag chains")
    parser.add_argument(
        "--budget", action="store_true", help="odds with the auto budget over the biggest chain"
    )
    args = parser.parse_args()

    cards = [
        fs.parse_card(yaml.safe_load((FIXTURES / f"{name}.yaml").read_text()))
        for name in ("wolf", "executioner")
    ]
    spec = fs.make_spec(cards, options=args.rules)
    prep = prepare(spec)
    strategy = DefaultStrategy()
    n = args.matches

    counter = SeededDice(args.seed)
    for _ in range(n):
        run(prep, counter, strategy, record=False)
    dice_count = len(counter.rolls)

    def dice_only() -> None:
        d6 = SeededDice(args.seed, record=False).d6
        for _ in range(dice_count):
            d6()

    def fast() -> None:
        dice = SeededDice(args.seed, record=False)
        for _ in range(n):
            run(prep, dice, strategy, record=False)

    def full() -> None:
        dice = SeededDice(args.seed)
        for _ in range(n):
            run(prep, dice, strategy, record=True)

    # Interleaved rounds, best of each: the machine's noise hits all three alike.
    t_dice = t_fast = t_full = float("inf")
    for _ in range(7):
        t_dice = min(t_dice, best_of(1, dice_only))
        t_fast = min(t_fast, best_of(1, fast))
        t_full = min(t_full, best_of(1, full))

    basic = prepare(fs.make_spec(cards))
    solve(basic, strategy)  # warm up (tables are loaded once)
    t_exact = best_of(5, lambda: solve(basic, strategy))
    tired = prepare(fs.make_spec(cards, options="fatigue"))
    solve(tired, strategy)  # warm up (the first big chain imports numpy and scipy)
    t_fatigue = best_of(3, lambda: solve(tired, strategy))
    tag = []
    if not args.no_tag:
        four = [
            fs.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text()))
            for name in TAG_CARDS
        ]
        for rules in ("fatigue", "all"):
            tag_prep = prepare(fs.make_spec(four, "tag", options=rules))
            start = time.perf_counter()
            odds = solve(tag_prep, strategy)
            tag.append((rules, time.perf_counter() - start, odds.states))

    budget = None
    if args.budget:
        big = [
            fs.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text()))
            for name in BIG_CARDS
        ]
        spec = fs.make_spec(big, "tag", options="all", relationship="partners")
        start = time.perf_counter()
        report = fs.odds(spec, runs=1000, seed=1)
        budget = (time.perf_counter() - start, report)

    rules = args.rules or "basic"
    print(f"Filsinger engine, Wolf vs the Executioner, rules: {rules}")
    print(f"  matches                      {n}")
    print(f"  dice drawn                   {dice_count} ({dice_count / n:.1f} a match)")
    per_die = t_dice / dice_count * 1e9
    print(f"  dice alone                   {t_dice * 1e3:8.1f} ms  ({per_die:.0f} ns a die)")
    ratio = t_fast / t_dice
    print(
        f"  fast path (no play-by-play)  {t_fast * 1e3:8.1f} ms  {ratio:5.2f}x dice  (goal <= 3x)"
    )
    ratio = t_full / t_dice
    print(
        f"  full play-by-play            {t_full * 1e3:8.1f} ms  {ratio:5.2f}x dice  (goal <= 10x)"
    )
    print(f"  per match: fast {t_fast / n * 1e6:.1f} us, full {t_full / n * 1e6:.1f} us")
    print(f"  exact odds, basic rules      {t_exact * 1e3:8.1f} ms  (goal < 50 ms)")
    print(f"  exact odds, fatigue          {t_fatigue * 1e3:8.1f} ms")
    for rules, seconds, states in tag:
        label = f"exact odds, tag {rules}"
        print(f"  {label:<28} {seconds:8.2f} s   ({states} states; {', '.join(TAG_CARDS)})")
    if budget is not None:
        seconds, report = budget
        outcome = f"{report.exact.states} states" if report.exact else report.exact_note
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        where = ", ".join(BIG_CARDS)
        print(f"  odds, auto budget, biggest   {seconds:8.2f} s   ({outcome}; {where})")
        print(f"  peak memory of this process  {peak:8.0f} MB")
    _record(n, t_dice, t_fast, t_full, t_exact, t_fatigue, tag)
    figures.save()


def _record(n, t_dice, t_fast, t_full, t_exact, t_fatigue, tag) -> None:
    paths = [("fast path", t_fast, 3), ("full play-by-play", t_full, 10)]
    figures.engine_paths("Filsinger", "Wolf vs the Executioner", n, t_dice, paths)
    figures.record(
        "Filsinger",
        "exact odds, one pairing, basic rules",
        t_exact * 1e3,
        "ms",
        goal="< 50 ms",
        met=t_exact < 0.05,
    )
    figures.record("Filsinger", "exact odds, one pairing, fatigue", t_fatigue * 1e3, "ms")
    for rules, seconds, states in tag:
        figures.record(
            "Filsinger",
            f"exact odds, tag match of four sample cards, {rules}",
            seconds,
            "s",
            note=f"{states:,} states",
            goal="a few seconds" if rules == "all" else "",
            met=seconds < 10 if rules == "all" else None,
        )


if __name__ == "__main__":
    main()
