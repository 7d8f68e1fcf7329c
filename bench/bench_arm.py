"""ARM engine speed: the fast path and the full play-by-play against the dice alone, and one
full match. Prints its figures; asserts nothing.

    python bench/bench_arm.py [--matches N] [--rules OPTIONS] [--pair A,B]

It times the engine this install runs: compiled by mypyc where the install could, else pure
Python. ``RINGSIDE_PURE_ARM=1`` times the pure-Python engine.

Goals (the engine's issue): the fast path within 5 times the cost of drawing the same dice with
nothing else, the full path within 20 times, a single full match well under 50 ms.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import figures  # noqa: E402
from rules.arm import native  # noqa: E402
from rules.arm.engine import prepare, run  # noqa: E402
from rules.arm.strategy import DefaultStrategy  # noqa: E402
from rules.arm.system import system as arm  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402

SAMPLE = ROOT / "rules/data/sample/arm"


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--rules", default="")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pair", default="corrigan-vale,mortimer-gale")
    args = parser.parse_args()

    cards = [
        arm.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text()))
        for name in args.pair.split(",")
    ]
    spec = arm.make_spec(cards, options=args.rules)
    prep = prepare(spec)
    strategy = DefaultStrategy()
    n = args.matches

    counter = SeededDice(args.seed)
    rounds = []
    for _ in range(n):
        rounds.append(run(prep, counter, strategy, record=False).length)
    dice_count = len(counter.rolls)

    def dice_only() -> None:
        d20 = SeededDice(args.seed, record=False).d20
        for _ in range(dice_count):
            d20()

    def dice_from_source() -> None:
        # The same faces drawn the way the engine draws seeded dice (``SeededDice.source``):
        # no Python call for each die, so a die costs less than through ``d20``.
        rnd, _ = SeededDice(args.seed, record=False).source()
        for _ in range(dice_count):
            int(rnd() * 20.0) + 1

    def fresh(record: bool = False) -> None:
        # As ``odds`` plays them: a fresh preparation, nothing remembered yet, the matches one
        # after another from one dice stream (the same matches the count above played).
        prepared = prepare(spec)
        dice = SeededDice(args.seed, record=False)
        mind = DefaultStrategy()
        for _ in range(n):
            run(prepared, dice, mind, record=record)

    def full_fresh() -> None:
        fresh(record=True)

    def fast() -> None:
        # The same matches again on the prepared match that played them: every decision is
        # remembered (``DefaultStrategy._recall``), as in a long ``odds`` run once it settles.
        dice = SeededDice(args.seed, record=False)
        for _ in range(n):
            run(prep, dice, strategy, record=False)

    def full() -> None:
        dice = SeededDice(args.seed)
        for _ in range(n):
            run(prep, dice, strategy, record=True)

    # Interleaved rounds, best of each: the machine's noise hits all three alike.
    t_dice = t_source = t_fresh = t_fast = t_full_fresh = t_full = float("inf")
    for _ in range(5):
        t_dice = min(t_dice, best_of(1, dice_only))
        t_source = min(t_source, best_of(1, dice_from_source))
        t_fresh = min(t_fresh, best_of(1, fresh))
        t_fast = min(t_fast, best_of(1, fast))
        t_full_fresh = min(t_full_fresh, best_of(1, full_fresh))
        t_full = min(t_full, best_of(1, full))

    # One full match at a time, from a fresh spec (as a show wrestles it): the mean and the worst.
    # The collector runs as usual; what the loops above left for it is collected first, and the
    # collections that land in a match are counted (a full one walks every object the process
    # holds, the loops' remembered decisions among them).
    gc.collect()
    full_collections = [0]

    def count(phase: str, info: dict) -> None:
        if phase == "start" and info["generation"] == 2:
            full_collections[0] += 1

    gc.callbacks.append(count)
    singles = []
    for seed in range(200):
        start = time.perf_counter()
        arm.simulate(spec, dice=SeededDice(seed))
        singles.append(time.perf_counter() - start)
    gc.callbacks.remove(count)

    rules = args.rules or "standard"
    print(f"ARM engine, {' vs '.join(c.name for c in cards)}, options: {rules}")
    print(f"  engine                       {native.describe()}")
    print(f"  matches                      {n} (median {statistics.median(rounds):.0f} rounds)")
    print(f"  dice drawn                   {dice_count} ({dice_count / n:.1f} a match)")
    per_die = t_dice / dice_count * 1e9
    print(f"  dice alone                   {t_dice * 1e3:8.1f} ms  ({per_die:.0f} ns a die)")
    print(
        f"  fast path, as odds plays     {t_fresh * 1e3:8.1f} ms  {t_fresh / t_dice:5.1f}x dice"
        "  (goal <= 5x; a fresh preparation, every match new)"
    )
    print(
        f"  fast path, replayed          {t_fast * 1e3:8.1f} ms  {t_fast / t_dice:5.1f}x dice"
        "  (goal <= 5x; the same matches again, every decision remembered)"
    )
    print(
        f"  full play-by-play, fresh     {t_full_fresh * 1e3:8.1f} ms  "
        f"{t_full_fresh / t_dice:5.1f}x dice  (goal <= 20x)"
    )
    print(
        f"  full play-by-play, replayed  {t_full * 1e3:8.1f} ms  {t_full / t_dice:5.1f}x dice"
        "  (goal <= 20x)"
    )
    print(
        f"  dice from their source       {t_source * 1e3:8.1f} ms  (the engine's own way; "
        f"replayed: fast {t_fast / t_source:.1f}x, full {t_full / t_source:.1f}x of these)"
    )
    print(
        f"  per match: fast as odds plays {t_fresh / n * 1e6:.0f} us, replayed "
        f"{t_fast / n * 1e6:.0f} us; full fresh {t_full_fresh / n * 1e6:.0f} us, replayed "
        f"{t_full / n * 1e6:.0f} us"
    )
    print(
        f"  one full match (simulate)    mean {statistics.mean(singles) * 1e3:.2f} ms, "
        f"worst {max(singles) * 1e3:.2f} ms  (goal well under 50 ms; full collections during "
        f"them: {full_collections[0]})"
    )
    paths = [
        ("fast path, as odds plays", t_fresh, 5),
        ("fast path, replayed", t_fast, 5),
        ("full play-by-play, fresh", t_full_fresh, 20),
    ]
    pairing = " vs ".join(c.name for c in cards)
    figures.engine_paths("ARM", pairing, n, t_dice, paths, note=native.describe())
    figures.record(
        "ARM",
        "one full match, worst of 200",
        max(singles) * 1e3,
        "ms",
        reference=f"mean {statistics.mean(singles) * 1e3:.2f} ms",
        goal="well under 50 ms",
        met=max(singles) < 0.05,
    )
    figures.record("ARM", "exact odds", None, "", note="none: ARM's odds are seeded simulations")
    figures.save()


if __name__ == "__main__":
    main()
