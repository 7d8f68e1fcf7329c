"""A worker bootstrap for fault-injection tests: the project's Celery app, plus two faults that
only shows named for them trigger, so production code carries no test switch.

    celery -A tests.faulty_app worker ...

- a show whose name contains ``CRASH`` kills the process running it (SIGKILL) after its first
  match, every time it is tried: a worker dying in the middle of a show;
- a show whose name contains ``RAISE`` raises after its first match: an engine that blows up.
"""

import os
import signal

from celery.signals import worker_process_init

from config.celery import app

__all__ = ["ENGINE_FAILURE", "app"]

ENGINE_FAILURE = "The engine blew up on purpose (fault injection)."


def _fault(show, match) -> None:
    if "CRASH" in show.name:
        os.kill(os.getpid(), signal.SIGKILL)
    if "RAISE" in show.name:
        raise RuntimeError(ENGINE_FAILURE)


@worker_process_init.connect
def _install(**kwargs) -> None:
    from matches import simulation

    if _fault not in simulation.after_match_hooks:
        simulation.after_match_hooks.append(_fault)
