"""ARM engine work in machine instructions: the matches of ``bench_arm.py``'s pairing, fresh,
one after another (as ``odds`` plays them), for callgrind to count. Steadier than timings on a
shared machine; ``bench/README.md`` quotes its figures.

    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect='CPyDef_engine___run' \
        .venv/bin/python bench/count_arm.py [--matches N] [--full] [--replay]

The "Collected" figure is the instructions spent inside ``engine.run`` (compiled engine).
``--replay`` plays the same matches a second time on the same prepared match, every decision
remembered (as ``bench_arm.py``'s "replayed" rows): its count less the plain one's is the
replayed path's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.arm.engine import prepare, run  # noqa: E402
from rules.arm.strategy import DefaultStrategy  # noqa: E402
from rules.arm.system import system as arm  # noqa: E402
from rules.core.dice import SeededDice  # noqa: E402

SAMPLE = ROOT / "rules/data/sample/arm"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=2000)
    parser.add_argument("--full", action="store_true", help="record the play-by-play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--replay",
        action="store_true",
        help="play the same matches a second time, every decision remembered (the count less "
        "the fresh one's is the replayed path's)",
    )
    parser.add_argument("--pair", default="corrigan-vale,mortimer-gale")
    args = parser.parse_args()
    cards = [
        arm.parse_card(yaml.safe_load((SAMPLE / f"{name}.yaml").read_text()))
        for name in args.pair.split(",")
    ]
    prepared = prepare(arm.make_spec(cards, options=""))
    mind = DefaultStrategy()
    for _ in range(2 if args.replay else 1):
        dice = SeededDice(args.seed, record=False)
        for _ in range(args.matches):
            run(prepared, dice, mind, record=args.full)


if __name__ == "__main__":
    main()
