"""Real Celery workers and beat as separate processes, for the reliability tests and the bench.

A ``Cluster`` starts ``celery worker`` / ``celery beat`` processes against a given database and a
dedicated Redis database (flushed first, so stale messages from other runs cannot interfere),
sends tasks to them by name through its own client app, reads what the workers keep in their
cache (a running show's progress), and stops every process it started, each by its own process
group.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import redis
from celery import Celery
from django.core.cache.backends.redis import RedisCache

from tests.polling import wait_until

ROOT = Path(__file__).resolve().parent.parent
CELERY = str(Path(sys.executable).with_name("celery"))


def redis_url_with_db(url: str, db: int) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{db}", parts.query, parts.fragment))


def xdist_index() -> int:
    """This test process's number when ``make test`` spreads the suite over the cores
    (pytest-xdist names its processes gw0, gw1, ...), 0 when the suite runs in one process."""
    return int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0)


def redis_db(url: str) -> int:
    """The number of the Redis database a URL names (0 when it names none)."""
    return int(urlsplit(url).path.strip("/") or 0)


def database_url(settings_dict: dict) -> str:
    """A DATABASE_URL naming the database Django is connected to (the test database)."""
    user = quote(settings_dict.get("USER") or "")
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{quote(password)}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


def wait_for(predicate: Callable[[], object], *, timeout: float, every: float = 0.1, what=""):
    """Poll until ``predicate()`` is truthy and return it, or fail after ``timeout`` seconds
    (``tests.polling.wait_until``)."""
    return wait_until(predicate, timeout=timeout, every=every, what=what)


def redis_alive(url: str) -> bool:
    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.RedisError:
        return False


class RedisServer:
    """A Redis server of one test's own, on a free port, keeping nothing on disk: the test may
    shut it down and start it again without touching the machine's Redis, which the other test
    processes of the run go on using meanwhile."""

    def __init__(self, folder: Path):
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.command = [
            "redis-server",
            "--daemonize",
            "yes",
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
            "--logfile",
            str(folder / "redis.log"),
        ]

    def start(self) -> None:
        subprocess.run(self.command, capture_output=True, timeout=10, check=True)
        wait_for(lambda: redis_alive(self.url), timeout=20, what="Redis to answer")

    def stop(self) -> None:
        """Shut the server down without saving (it keeps nothing)."""
        subprocess.run(
            ["redis-cli", "-p", str(self.port), "shutdown", "nosave"],
            capture_output=True,
            timeout=10,
            check=False,
        )
        wait_for(lambda: not redis_alive(self.url), timeout=10, what="Redis to go down")

    def restart(self) -> None:
        self.stop()
        self.start()


class Cluster:
    """Workers and beat for one test, all separate processes sharing one environment."""

    def __init__(self, *, database_url: str, broker_url: str, logs: Path, **env: str):
        self.broker_url = broker_url
        self.logs = logs
        logs.mkdir(parents=True, exist_ok=True)
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": broker_url,
            "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DJANGO_LOG_LEVEL": "WARNING",
            **{key: str(value) for key, value in env.items()},
        }
        self.processes: dict[str, subprocess.Popen] = {}
        # Not the current app: shared tasks in this process must stay bound to the project's app.
        self.client = Celery(
            "ringside-test-client", broker=broker_url, backend=broker_url, set_as_current=False
        )
        self.client.conf.update(
            task_serializer="json",
            accept_content=["json"],
            result_serializer="json",
            broker_connection_retry_on_startup=True,
        )
        #: The workers' cache as they see it (their REDIS_URL is the broker's: their settings make
        #: it the cache too), where a running show notes how far it has got.
        self.cache = RedisCache(broker_url, {})

    # -- processes --------------------------------------------------------------------------
    def flush(self) -> None:
        redis.Redis.from_url(self.broker_url).flushdb()

    def worker(
        self,
        name: str,
        *,
        app: str = "config",
        concurrency: int = 1,
        ready: bool = True,
        queues: str = "",
    ) -> subprocess.Popen:
        """A worker; ``queues`` (comma-separated) are the queues it consumes (Celery's ``-Q``;
        none: the default queue only)."""
        command = [
            CELERY,
            "-A",
            app,
            "worker",
            "--pool=prefork",
            f"--concurrency={concurrency}",
            "-n",
            f"{name}-{os.getpid()}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=INFO",
            *(["-Q", queues] if queues else []),
        ]
        process = self._start(name, command)
        if ready:
            self.wait_ready(name)
        return process

    def wait_ready(self, *names: str, timeout: float = 60) -> None:
        for name in names:
            process = self.processes[name]
            wait_for(
                lambda: " ready." in self.log(name) or process.poll() is not None,  # noqa: B023
                timeout=timeout,
                what=f"worker {name} to be ready",
            )
            if process.poll() is not None:
                raise RuntimeError(f"worker {name} exited:\n{self.log(name)[-3000:]}")

    def name_of(self, hostname: str) -> str:
        """The cluster's name for a worker from its Celery hostname (``w1-123@host``)."""
        return hostname.split("@", 1)[0].rsplit("-", 1)[0]

    def beat(self, *, app: str = "config") -> subprocess.Popen:
        command = [
            CELERY,
            "-A",
            app,
            "beat",
            "--scheduler=django_celery_beat.schedulers:DatabaseScheduler",
            "--max-interval=1",
            f"--pidfile={self.logs / 'beat.pid'}",
            "--loglevel=INFO",
        ]
        return self._start("beat", command)

    def _start(self, name: str, command: list[str]) -> subprocess.Popen:
        if name in self.processes and self.processes[name].poll() is None:
            raise RuntimeError(f"{name} is already running")
        log = (self.logs / f"{name}.log").open("ab")
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: pool children die with it
        )
        log.close()
        self.processes[name] = process
        return process

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def children(self, name: str) -> list[int]:
        """The pool processes of one worker."""
        parent = self.processes[name].pid
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError):
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                    if int(fields[1]) == parent:
                        found.append(int(entry.name))
        return found

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """Kill a worker and its pool processes at once, as the machine's OOM killer would."""
        process = self.processes[name]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        process.wait(timeout=30)

    def stop(self, name: str, *, timeout: float = 15) -> None:
        process = self.processes.get(name)
        if process is None or process.poll() is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
        # pool children left behind in the group
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)

    def stop_all(self) -> None:
        for name in list(self.processes):
            self.stop(name)
        self.client.close()

    def dump_logs(self) -> str:
        return "\n".join(f"===== {name} =====\n{self.log(name)[-4000:]}" for name in self.processes)

    def manage(self, *args: str, timeout: float = 240) -> subprocess.CompletedProcess:
        """Run a management command with the workers' environment."""
        return subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    # -- tasks -------------------------------------------------------------------------------
    def simulate(self, show_id: int):
        return self.client.send_task("matches.simulate_show", args=[show_id])
