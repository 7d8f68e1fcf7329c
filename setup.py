"""The ARM engine's optional native build (everything else is in ``pyproject.toml``).

The ARM engine is pure Python and always works as such. When the machine can compile C (a C
compiler and Python's headers, as on Debian with ``gcc``), the install also compiles its modules
(``MODULES`` in ``rules/arm/native.py``) with mypyc, which runs the same source four to nine times
as fast (``bench/bench_arm.py``). If mypyc or the compiler is missing or the build fails, the
install says so and carries on without it; ``RINGSIDE_PURE_ARM=1`` skips the build. At import,
``rules.arm`` uses the compiled modules only if they were built from the source that is there now
(``rules/arm/native.py``). What may be written in the compiled modules, and how a build is
checked: ``docs/compiled-arm.md``.
"""

from __future__ import annotations

import importlib.util
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

try:
    from mypyc.build import mypycify
except ImportError:  # optional: without it, the engine runs as pure Python
    mypycify = None  # type: ignore[assignment]  # (the optional import's usual None)

# Read by its path: importing the package would need it built.
_spec = importlib.util.spec_from_file_location(
    "_ringside_native",
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "rules/arm/native.py"),
)
assert _spec is not None and _spec.loader is not None  # (a .py file's path always has both)
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)

SOURCES = [f"rules/arm/{name}.py" for name in native.MODULES]

#: mypyc writes the modules and its runtime as one C file whose functions are global, and
#: a shared library built with -fPIC calls its own global functions through the PLT (they could
#: be replaced at load time), never inlined. Hidden, they are called directly and may be inlined;
#: only the module's init function (``PyMODINIT_FUNC``, exported by its own attribute) must be
#: seen from outside. About 4% off a fresh match (bench/README.md, "Calls kept local").
LOCAL_CALLS = ["-fvisibility=hidden", "-fno-semantic-interposition"]


def warn(message: str) -> None:
    print(f"\nringside: {message}; the ARM engine runs as pure Python.\n", file=sys.stderr)


def native_modules() -> list:
    if os.environ.get(native.PURE_VARIABLE):
        return []
    if mypycify is None:
        warn("mypyc is not installed")
        return []
    try:
        extensions = mypycify(
            ["--config-file", native.MYPYC_CONFIG, *SOURCES],
            opt_level="3",
            group_name="rules_arm_native",
        )
    except (Exception, SystemExit) as exc:  # mypyc exits on a type error
        warn(f"mypyc could not compile the engine ({exc})")
        return []
    if os.name == "posix":  # gcc or clang
        for ext in extensions:
            ext.extra_compile_args += LOCAL_CALLS
    return extensions


class OptionalBuildExt(build_ext):
    """Builds the compiled engine if it can and records what it was built from.

    mypyc (a type check and the C it writes, some seconds) runs here, when extensions are built,
    not each time an installer asks the project for its metadata."""

    def finalize_options(self) -> None:
        dist = self.distribution
        if any(ext.name == PLACEHOLDER for ext in dist.ext_modules or ()):
            dist.ext_modules = native_modules()
        super().finalize_options()

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            reason = str(exc)
            reason = reason if len(reason) <= 200 else reason[:200] + "..."
            warn(f"the compiled engine could not be built ({type(exc).__name__}: {reason})")
            return
        if self.extensions:
            target = "." if self.inplace else self.build_lib
            path = os.path.join(target, "rules", "arm", "native.sha")
            with open(path, "w", encoding="ascii") as out:
                out.write(native.fingerprint() + "\n")


#: Stands for the compiled modules until ``build_ext`` asks mypyc for them.
PLACEHOLDER = "rules_arm_native"

setup(ext_modules=[Extension(PLACEHOLDER, sources=[])], cmdclass={"build_ext": OptionalBuildExt})
