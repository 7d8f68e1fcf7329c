"""How a roster's matches end: every ordered singles pairing of a folder of cards, played from
fixed seeds, counted by finish and by length (docs/rules/filsinger.md quotes its figures).

    .venv/bin/python scripts/finish_rates.py rules/data/sample/filsinger --rules all --seeds 20

The seed of the k-th match of the pairing (i, j) (cards sorted by file name, from 0) is
``1000 * i + 100 * j + k``: the same figures every run. The cards name their system. It reads
the cards alone (no roster's standing, nobody at ringside, no feud): what the cards and the
rules make of a plain singles match.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules.core.dice import SeededDice
from rules.core.safeyaml import load_file
from rules.registry import get_system


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="a folder of card files (*.yaml)")
    parser.add_argument("--rules", default="", help="the system's options, as odds takes them")
    parser.add_argument("--seeds", type=int, default=20, help="matches per ordered pairing (20)")
    args = parser.parse_args(argv)
    data = [load_file(path) for path in sorted(args.folder.glob("*.yaml"))]
    if len(data) < 2 or not 1 <= args.seeds <= 100:
        parser.error("give a folder of two or more cards and 1 to 100 seeds")
    system = get_system(data[0]["system"])
    cards = [system.parse_card(d) for d in data]
    finishes: Counter[str] = Counter()
    lengths: list[int] = []
    pairs = list(itertools.permutations(range(len(cards)), 2))
    for i, j in pairs:
        spec = system.make_spec([cards[i], cards[j]], "singles", options=args.rules)
        for k in range(args.seeds):
            result = system.simulate(spec, dice=SeededDice(1000 * i + 100 * j + k), record=False)
            finishes[result.method.value] += 1
            lengths.append(result.length)
    n = len(lengths)
    unit = system.length_unit
    print(
        f"{system.title}: {len(cards)} cards, {len(pairs)} ordered pairings x {args.seeds} "
        f"seeds = {n} singles matches; rules: {args.rules or 'basic game'}"
    )
    for method, count in finishes.most_common():
        print(f"  {method.replace('_', ' '):<26}{count:>6}  {100 * count / n:5.1f}%")
    for bound in (1, 3, 5, 10):
        within = sum(1 for length in lengths if length <= bound)
        label = f"within {bound} {unit if bound > 1 else unit.removesuffix('s')}"
        print(f"  {label:<26}{within:>6}  {100 * within / n:5.1f}%")
    quartiles = statistics.quantiles(lengths, n=4)
    print(
        f"  length: median {statistics.median(lengths):g}, quartiles {quartiles[0]:g} and "
        f"{quartiles[2]:g}, mean {statistics.fmean(lengths):.1f}, longest {max(lengths)} {unit}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
