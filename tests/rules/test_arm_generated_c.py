"""The C that mypyc writes for the compiled ARM engine refuses nothing the Python would run.

mypy narrows an optional attribute by a test (``if self.method is None:``) and keeps it narrowed
after a call that can change it (``self.finish(...)``). Compiled, an expression read there is
checked to be what mypy took it for, None, and the match stops with a ``TypeError`` where the
pure-Python engine goes on. Nothing in the engine is declared None alone, so each such check in
the generated C (``CPy_TypeError("None", ...)``) is one of these places; the engine tests the
attribute again through a method instead (``Match.ended()``). The contract of the compiled build
is in ``docs/compiled-arm.md``.

The C is generated afresh here (mypyc's type check and code generation, without the C compiler),
from the modules ``setup.py`` compiles (``rules.arm.native.MODULES``).
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from rules.arm import native

pytest.importorskip("mypyc.build", reason="mypyc is not installed: nothing is compiled")

ROOT = Path(__file__).resolve().parents[2]

#: Where the generated C refuses a None the type check promised: the traceback it adds names the
#: source file, the function and the line.
REFUSED_NONE = 'CPy_TypeError("None"'
TRACEBACK = re.compile(r'CPy_AddTraceback\("([^"]+)", "([^"]+)", (\d+)')


def generate_c(paths: list[str], target: Path, group: str) -> str:
    """The C mypyc writes for ``paths`` (relative to the project), as one text."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys\n"
            "from mypyc.build import mypycify\n"
            "mypycify(sys.argv[1:-2], opt_level='3', group_name=sys.argv[-1], "
            "target_dir=sys.argv[-2])\n",
            "--config-file",
            native.MYPYC_CONFIG,
            *paths,
            str(target),
            group,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(target.glob("*.c")))


def stale_narrowing(c_source: str) -> list[str]:
    """Each place the generated C refuses a None: "file.py:line in function"."""
    lines = c_source.split("\n")
    found = []
    for i, line in enumerate(lines):
        if REFUSED_NONE not in line:
            continue
        for after in lines[i : i + 12]:
            where = TRACEBACK.search(after)
            if where:
                path, function, number = where.groups()
                found.append(f"{Path(path).name}:{number} in {function}")
                break
        else:
            found.append(f"(a refused None with no traceback near line {i + 1} of the C)")
    return found


def test_the_check_finds_an_attribute_read_as_still_none_after_a_call(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text(
        textwrap.dedent(
            """\
            from __future__ import annotations


            class Bout:
                def __init__(self) -> None:
                    self.method: str | None = None

                def finish(self) -> None:
                    self.method = "pin"

                def play(self) -> str:
                    if self.method is None:
                        self.finish()
                        return self.method or ""
                    return ""
            """
        )
    )
    c_source = generate_c([str(planted)], tmp_path / "c", "planted")
    assert stale_narrowing(c_source) == ["planted.py:14 in play"]


@pytest.mark.slow
def test_the_compiled_engine_reads_no_attribute_as_still_none_after_a_call(tmp_path):
    paths = [f"rules/arm/{name}.py" for name in native.MODULES]
    c_source = generate_c(paths, tmp_path / "c", "rules_arm_native")
    assert "CPyDef_engine___Match___play" in c_source  # (the engine's C, not an empty file)
    assert stale_narrowing(c_source) == []
