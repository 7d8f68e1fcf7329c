"""The production-like run: the deployment in deploy/ started for real and driven over HTTP.

    .venv/bin/python scripts/production_check.py [--database-url URL] [--redis-url URL]

What it does, in order (``make production-check``; CI runs it after the suite):

1. The environment is ``deploy/ringside.env.example`` as an operator fills it in: production
   mode (``DJANGO_DEBUG=0``), its allowed host and trusted proxy, with a fresh random secret key
   and this machine's PostgreSQL and Redis: a database of the check's own
   (``ringside_prodcheck``, dropped and created again) and a Redis database of its own (14,
   emptied first).
2. The commands are the systemd units' own (``deploy/*.service``, their ``ExecStartPre`` and
   ``ExecStart`` lines, ``/srv/ringside`` read as this checkout): ``check --deploy`` (any of
   its security warnings fails the check), the web unit's ``migrate``; two Celery workers,
   ``ringside-worker@celery`` (the default queue) and ``ringside-worker@prodcheck``, and beat;
   the web unit's ``collectstatic`` meanwhile, then gunicorn (on a free port) and nginx in front of
   it with ``deploy/nginx.conf`` (its ports, its upstream and a self-signed certificate of the
   check's own changed, nothing else). Each is a real process in a session of its own.
3. Over HTTPS through nginx, by the site's host name, as a visitor: ``/health/`` turns 200 once
   beat's first tick has been run by a worker, every check ok (and again after the show);
   production mode holds (plain HTTP is sent to HTTPS by nginx and by the site itself, HSTS, an
   unknown host is refused, static files come hashed from collectstatic through WhiteNoise, no
   debug page); an operator's account made by ``createsuperuser`` signs in for a token; a
   federation is created, four wrestlers signed and their cards imported (``cards/import/``,
   the sample Filsinger cards); the operator signs in to the admin and sets the federation's
   queue to ``prodcheck`` (its settings otherwise unchanged); a show is booked by hand and
   scheduled a few seconds ahead; then it waits (bounded) until beat has dispatched it and the
   worker of ``prodcheck``, and it alone, wrestled it, and reads the results back: every match
   decided with its play-by-play, every wrestler's record one match long.
4. Every process gets SIGTERM (as systemd stops them) and must exit 0 within a bounded wait,
   leaving no process of its session behind and its ports free.

Any failure prints what failed and the last lines of every process's log, stops everything and
exits 1. It needs PostgreSQL (127.0.0.1:5432, user postgres), Redis (127.0.0.1:6379), nginx and
openssl (``.ci/run`` installs Debian's nginx where it is missing).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import getpass
import html.parser
import http.client
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import redis
import yaml

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
BIN = Path(sys.executable).parent
#: Where the units and the environment file expect the project and its virtualenv.
INSTALLED = "/srv/ringside"
DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/ringside_prodcheck"
DEFAULT_REDIS = "redis://127.0.0.1:6379/14"
#: The queue the check routes its federation to (in the admin), with a worker of its own.
QUEUE = "prodcheck"
#: The sample wrestlers the check signs (their Filsinger cards are imported through the API).
SAMPLE_CARDS = ROOT / "rules" / "data" / "sample" / "filsinger"
ROSTER = ["corrigan-vale", "skylar-finch", "mortimer-gale", "nadia-sorrel"]
#: Bounds of the waits, in seconds.
START_TIMEOUT = 60
SHOW_TIMEOUT = 90
STOP_TIMEOUT = 45

T = TypeVar("T")


class CheckFailed(Exception):
    """A step of the check did not hold; the message says which and how."""


# -- the deployment's files ---------------------------------------------------------------------


def read_environment(path: Path) -> dict[str, str]:
    """An ``EnvironmentFile`` as systemd reads it: ``KEY=VALUE`` lines, ``#`` comments."""
    values = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            values[key.strip()] = value.strip().strip('"')
    return values


@dataclass
class Unit:
    """The commands of one systemd unit's ``[Service]`` section, as this checkout runs them."""

    name: str
    pre: list[list[str]] = field(default_factory=list)
    start: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, filename: str, instance: str = "") -> Unit:
        unit = cls(filename.replace("@.", f"@{instance}."))
        section = ""
        for line in (DEPLOY / filename).read_text().splitlines():
            line = line.strip()
            if line.startswith("["):
                section = line
            elif section == "[Service]" and "=" in line:
                key, _, value = line.partition("=")
                if key == "ExecStartPre":
                    unit.pre.append(_command(value, instance))
                elif key == "ExecStart":
                    unit.start = _command(value, instance)
        if not unit.start:
            raise CheckFailed(f"deploy/{filename} has no ExecStart line")
        return unit


def _command(line: str, instance: str) -> list[str]:
    """One ``Exec`` line: systemd's specifiers (``%i``, ``%H``, ``%%``) expanded, the installed
    project's paths read as this checkout's."""

    def specifier(found: re.Match[str]) -> str:
        letter = found.group(1)
        if letter == "%":
            return "%"
        if letter == "i":
            return instance
        if letter == "H":
            return socket.gethostname()
        raise CheckFailed(f"the check does not know systemd's specifier %{letter} in {line!r}")

    words = shlex.split(re.sub(r"%(.)", specifier, line))
    return [
        word.replace(f"{INSTALLED}/.venv/bin", str(BIN)).replace(INSTALLED, str(ROOT))
        for word in words
    ]


def with_option(command: list[str], option: str, value: str) -> list[str]:
    """``command`` with ``option``'s value replaced (``--bind 127.0.0.1:8000``), or added."""
    command = list(command)
    if option in command:
        command[command.index(option) + 1] = value
        return command
    return [*command, option, value]


# -- processes ----------------------------------------------------------------------------------


@dataclass
class Service:
    name: str
    process: subprocess.Popen[bytes]
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


class Fleet:
    """The processes the check starts, each in a session of its own (its pool's children too)."""

    def __init__(self, env: dict[str, str], logs: Path):
        self.env = env
        self.logs = logs
        self.services: dict[str, Service] = {}

    def run(self, name: str, command: list[str], timeout: float = 300) -> str:
        """A command to its end; its output, or ``CheckFailed`` with it."""
        done = subprocess.run(
            command,
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        output = done.stdout + done.stderr
        if done.returncode != 0:
            raise CheckFailed(f"{name} exited {done.returncode}:\n{output[-3000:]}")
        return output

    def start(self, name: str, command: list[str]) -> Service:
        log = self.logs / f"{name}.log"
        with log.open("ab") as out:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        service = Service(name, process, log)
        self.services[name] = service
        return service

    def wait_log(self, name: str, text: str) -> None:
        service = self.services[name]

        def seen() -> bool:
            if service.process.poll() is not None:
                raise CheckFailed(f"{name} exited {service.process.returncode} while starting")
            return text in service.text()

        wait(seen, START_TIMEOUT, f"{name} to log {text!r}")

    def stop(self) -> list[str]:
        """SIGTERM to every main process (as systemd stops a unit); each must exit 0 within
        the bound, its whole session with it. What did not, in words."""
        problems = []
        for service in self.services.values():
            if service.process.poll() is None:
                service.process.send_signal(signal.SIGTERM)
        for service in self.services.values():
            try:
                code = service.process.wait(timeout=STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                problems.append(f"{service.name} still running {STOP_TIMEOUT}s after SIGTERM")
                continue
            if code != 0:
                problems.append(f"{service.name} exited {code} on SIGTERM")
        for service in self.services.values():
            session = service.process.pid
            with contextlib.suppress(CheckFailed):
                wait(lambda: not session_members(session), 10, "")  # noqa: B023
            left = session_members(session)
            if left:
                problems.append(f"{service.name} left processes behind: {left}")
        return problems

    def kill(self) -> None:
        """Everything the check started, at once (after a failure)."""
        for service in self.services.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(service.process.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                service.process.wait(timeout=10)

    def dump(self, lines: int = 60) -> str:
        parts = []
        for service in self.services.values():
            tail = "\n".join(service.text().splitlines()[-lines:])
            parts.append(f"----- {service.name} ({service.log.name}) -----\n{tail}")
        return "\n".join(parts)


def session_members(session: int) -> list[int]:
    """The processes alive in a session (the check starts each service as a session leader)."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                # state, ppid, pgrp, session; a zombie is gone but for its parent's wait
                if int(fields[3]) == session and fields[0] != "Z":
                    members.append(int(entry.name))
    return members


def port_free(port: int) -> bool:
    """Nothing listens on ``port``: a server could bind it again (SO_REUSEADDR, as gunicorn
    binds; the closed connections' TIME_WAIT aside)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait(predicate: Callable[[], T], timeout: float, what: str, every: float = 0.25) -> T:
    """``predicate()`` once truthy, polled every ``every`` seconds; ``CheckFailed`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise CheckFailed(f"timed out after {timeout:g}s waiting for {what}")
        time.sleep(every)


# -- nginx, and HTTP through it ---------------------------------------------------------------


def proxy_config(text: str, *, http: int, https: int, upstream: int, folder: Path) -> str:
    """``deploy/nginx.conf`` on this machine's free ports, with a certificate of its own: every
    line the check changes must be there once, or the check says which is not."""
    changes = [
        (r"listen\s+80;", f"listen 127.0.0.1:{http};"),
        (r"listen\s+443\b", f"listen 127.0.0.1:{https}"),
        (r"ssl_certificate\s+\S+;", f"ssl_certificate {folder / 'cert.pem'};"),
        (r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {folder / 'key.pem'};"),
        (r"proxy_pass\s+http://127\.0\.0\.1:8000;", f"proxy_pass http://127.0.0.1:{upstream};"),
    ]
    for pattern, replacement in changes:
        text, found = re.subn(pattern, replacement, text)
        if found != 1:
            raise CheckFailed(f"deploy/nginx.conf has {found} lines matching {pattern!r}, not 1")
    return text


def nginx_main(folder: Path) -> str:
    """The main configuration around the site's (Debian's nginx.conf, kept inside ``folder``)."""
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    return (
        f"daemon off;\nuser {getpass.getuser()};\nworker_processes 1;\n"
        f"pid {folder / 'nginx.pid'};\nerror_log stderr;\nevents {{}}\n"
        f"http {{\n    access_log {folder / 'access.log'};\n    {temp}\n"
        f"    uwsgi_temp_path {folder / 'uwsgi'}; scgi_temp_path {folder / 'scgi'};\n"
        f"    include {folder / 'site.conf'};\n}}\n"
    )


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        try:
            return json.loads(self.body)
        except ValueError:
            raise CheckFailed(f"not JSON ({self.status}): {self.body[:300]!r}") from None


class Site:
    """The site as a visitor reaches it: through nginx over HTTPS, by its host name (the
    certificate is the check's own). ``via="nginx-http"`` asks nginx's plain HTTP server,
    ``via="gunicorn"`` gunicorn itself, with no proxy in between."""

    def __init__(self, host: str, ports: dict[str, int], certificate: Path):
        self.host = host
        self.ports = ports
        self.tls = ssl.create_default_context(cafile=str(certificate))
        self.tls.check_hostname = False  # (asked at 127.0.0.1; the chain is still verified)
        self.token = ""
        #: The admin's session, as a browser keeps it (the cookies are Secure: HTTPS only).
        self.cookies: dict[str, str] = {}

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        content_type: str = "application/json",
        headers: dict[str, str] | None = None,
        via: str = "nginx",
    ) -> Answer:
        sent = {"Host": self.host, "Accept": "application/json, text/html"}
        if self.token:
            sent["Authorization"] = f"Token {self.token}"
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
            sent["Content-Type"] = content_type
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{key}={value}" for key, value in self.cookies.items())
        sent |= headers or {}
        connection = (
            http.client.HTTPSConnection("127.0.0.1", self.ports[via], timeout=30, context=self.tls)
            if via == "nginx"
            else http.client.HTTPConnection("127.0.0.1", self.ports[via], timeout=30)
        )
        try:
            connection.request(method, path, data, sent)
            response = connection.getresponse()
            for cookie in response.headers.get_all("Set-Cookie") or []:
                key, _, value = cookie.split(";", 1)[0].partition("=")
                self.cookies[key.strip()] = value.strip()
            return Answer(response.status, response.headers, response.read())
        finally:
            connection.close()

    def get(self, path: str, **kwargs: Any) -> Answer:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Answer:
        return self.request("POST", path, body, **kwargs)

    def submit(self, path: str, fields: list[tuple[str, str]]) -> Answer:
        """A form posted as the browser posts it: its CSRF cookie and token, the page as
        Referer (Django asks it of HTTPS)."""
        return self.post(
            path,
            urllib.parse.urlencode(fields).encode(),
            content_type="application/x-www-form-urlencoded",
            headers={"Referer": f"https://{self.host}{path}", "Accept": "text/html"},
        )

    def expect(self, answer: Answer, status: int, what: str) -> Any:
        if answer.status != status:
            raise CheckFailed(f"{what}: {answer.status}, not {status}: {answer.body[:800]!r}")
        return answer.json() if answer.body else None


class FormReader(html.parser.HTMLParser):
    """The fields of one ``<form id=...>`` as a browser would submit them (no button)."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self.select: str | None = None
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.inside = a.get("id") == self.form_id
        elif tag == "option" and self.inside and self.select is not None and "selected" in a:
            self.fields.append((self.select, a.get("value", "")))
        elif not self.inside or "name" not in a or "disabled" in a:
            return
        elif tag == "input":
            kind = a.get("type", "text")
            if kind in {"submit", "button", "image", "file", "reset"}:
                return
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            self.fields.append((a["name"], a.get("value", "on" if kind == "checkbox" else "")))
        elif tag == "select":
            self.select = a["name"]
        elif tag == "textarea":
            self.textarea, self.text = a["name"], ""

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None
        elif tag == "textarea" and self.textarea is not None:
            # (the parser hands the text back unescaped, as a browser submits it)
            self.fields.append((self.textarea, self.text.removeprefix("\n")))
            self.textarea = None

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data


def form_fields(page: bytes, form_id: str) -> list[tuple[str, str]]:
    reader = FormReader(form_id)
    reader.feed(page.decode())
    if not reader.fields:
        raise CheckFailed(f"no form {form_id!r} with fields on the page")
    return reader.fields


# -- the check ------------------------------------------------------------------------------


class Check:
    def __init__(self, args: argparse.Namespace, logs: Path):
        self.began = time.monotonic()
        example = read_environment(DEPLOY / "ringside.env.example")
        self.host = example["DJANGO_ALLOWED_HOSTS"].split(",")[0]
        self.database_url = args.database_url
        self.redis_url = args.redis_url
        # None of the settings' own variables comes from the calling shell: the file's alone.
        settings = (ROOT / "config" / "settings.py").read_text()
        read = set(re.findall(r'env_(?:str|int|bool|list)\(\s*"([A-Z_0-9]+)"', settings))
        env = {key: value for key, value in os.environ.items() if key not in read}
        env |= example | {
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
        }
        self.fleet = Fleet(env, logs)
        self.logs = logs
        self.ports = {"gunicorn": free_port(), "nginx": free_port(), "nginx-http": free_port()}
        self.port = self.ports["gunicorn"]
        self.site = Site(self.host, self.ports, self.certificate())

    def certificate(self) -> Path:
        """A certificate for the site's host name, signed by itself, for nginx."""
        self.fleet.run(
            "openssl",
            [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                "-subj", f"/CN={self.host}", "-addext", f"subjectAltName=DNS:{self.host}",
                "-keyout", str(self.logs / "key.pem"), "-out", str(self.logs / "cert.pem"),
            ],
        )  # fmt: skip
        return self.logs / "cert.pem"

    def say(self, text: str) -> None:
        print(f"[{time.monotonic() - self.began:6.1f}s] {text}", flush=True)

    def run(self) -> None:
        self.prepare()
        self.start()
        self.production_mode()
        self.operator_signs_in()
        slug, number = self.book_a_show()
        self.wait_for_the_show(slug, number)
        self.read_the_results(slug, number)

    def prepare(self) -> None:
        admin, name = self.database_url.rsplit("/", 1)
        with psycopg.connect(f"{admin}/postgres", autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            connection.execute(f'CREATE DATABASE "{name}"')
        redis.Redis.from_url(self.redis_url).flushdb()
        self.say(f"database {name} created afresh, Redis {self.redis_url} emptied")
        python = str(BIN / "python")
        # Django's deployment checks (security.W0xx) are warnings: any of them fails the check.
        command = [python, "manage.py", "check", "--deploy", "--tag", "security"]
        self.fleet.run("check --deploy", [*command, "--fail-level", "WARNING"])
        self.say("manage.py check --deploy --tag security: no warnings")

    def start(self) -> None:
        """The web unit's steps before it starts; the workers and beat as soon as the database
        is migrated (as systemd starts the units side by side), then gunicorn."""
        web = Unit.read("ringside-web.service")
        for command in web.pre:
            began = time.monotonic()
            self.fleet.run(" ".join(command[1:4]), command)
            self.say(f"{web.name}: {' '.join(command[1:3])} ({time.monotonic() - began:.1f}s)")
            if "migrate" in command and "worker1" not in self.fleet.services:
                for name, queue in (("worker1", "celery"), ("worker2", QUEUE)):
                    worker = Unit.read("ringside-worker@.service", queue)
                    self.fleet.start(name, worker.start)
                self.fleet.start("beat", Unit.read("ringside-beat.service").start)
                self.say(f"started ringside-worker@celery, ringside-worker@{QUEUE} and beat")
        if "worker1" not in self.fleet.services:
            raise CheckFailed(f"{web.name} runs no migrate before it starts")
        self.fleet.start("web", with_option(web.start, "--bind", f"127.0.0.1:{self.port}"))
        self.start_nginx()
        self.say(
            f"started gunicorn on 127.0.0.1:{self.port}, nginx (deploy/nginx.conf) in front on "
            f"{self.ports['nginx']} (HTTPS) and {self.ports['nginx-http']} (HTTP)"
        )
        wait(lambda: self._answers("/api/v1/"), START_TIMEOUT, "gunicorn to answer through nginx")
        for name in ("worker1", "worker2"):
            self.fleet.wait_log(name, " ready.")
        self.fleet.wait_log("beat", "beat: Starting")
        self.say("the site answers through nginx, both workers ready, beat started")
        # As a load balancer sees it: 503 until beat's first tick has been run by a worker.
        wait(lambda: self.site.get("/health/").status == 200, START_TIMEOUT, "/health/ 200")
        self.healthy("after the first tick")

    def healthy(self, when: str) -> None:
        """``/health/`` answers 200 with every check ok, the broker Redis."""
        answer = self.site.get("/health/")
        health = answer.json()
        checks = health.get("checks", {})
        failing = sorted(name for name, found in checks.items() if not found.get("ok"))
        mode = checks.get("broker", {}).get("mode")
        if answer.status != 200 or health.get("status") != "ok" or failing or mode == "in process":
            raise CheckFailed(f"/health/ {when}: {answer.status} {health}")
        self.say(f"/health/ {when}: 200, {', '.join(sorted(checks))} ok")

    def start_nginx(self) -> None:
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not Path(nginx).exists():
            raise CheckFailed("nginx is not installed (apt-get install nginx)")
        site = proxy_config(
            (DEPLOY / "nginx.conf").read_text(),
            http=self.ports["nginx-http"],
            https=self.ports["nginx"],
            upstream=self.port,
            folder=self.logs,
        )
        (self.logs / "site.conf").write_text(site)
        (self.logs / "nginx.conf").write_text(nginx_main(self.logs))
        command = [nginx, "-p", str(self.logs), "-e", "stderr"]  # (errors in its log)
        command += ["-c", str(self.logs / "nginx.conf")]
        self.fleet.run("nginx -t", [*command, "-t"])
        self.fleet.start("nginx", command)

    def _answers(self, path: str) -> bool:
        for name in ("web", "nginx"):
            if self.fleet.services[name].process.poll() is not None:
                raise CheckFailed(f"{name} exited while starting")
        try:
            return self.site.get(path).status == 200
        except OSError:
            return False

    def production_mode(self) -> None:
        for via in ("nginx-http", "gunicorn"):  # nginx's redirect, and the site's own
            plain = self.site.get("/api/v1/", via=via)
            location = plain.headers.get("Location", "")
            if plain.status != 301 or not location.startswith(f"https://{self.host}/"):
                raise CheckFailed(f"HTTP to {via}: {plain.status} {location!r}, not 301 to https")
        hsts = self.site.get("/api/v1/").headers.get("Strict-Transport-Security", "")
        if "max-age=31536000" not in hsts:
            raise CheckFailed(f"HTTPS answers Strict-Transport-Security {hsts!r}")
        stranger = self.site.get("/api/v1/", headers={"Host": "elsewhere.example"})
        if stranger.status != 400:
            raise CheckFailed(f"a host not in DJANGO_ALLOWED_HOSTS answered {stranger.status}")
        home = self.site.get("/")
        if home.status != 200:
            raise CheckFailed(f"the home page answered {home.status}")
        sheets = re.findall(r'href="(/static/[^"]+\.[0-9a-f]{12}\.css)"', home.body.decode())
        if not sheets:
            raise CheckFailed("the home page links no hashed stylesheet: collectstatic's manifest")
        sheet = self.site.get(sheets[0])
        cache = sheet.headers.get("Cache-Control", "")
        if sheet.status != 200 or "immutable" not in cache:
            raise CheckFailed(f"{sheets[0]}: {sheet.status}, Cache-Control {cache!r}")
        missing = self.site.get("/no-such-page/")
        if missing.status != 404 or b"URLconf" in missing.body:
            raise CheckFailed(f"a missing page answered {missing.status} (or Django's debug page)")
        self.say(
            "production mode: HTTP sent to HTTPS (by nginx, and by the site), HSTS, "
            "unknown host refused, "
            f"{sheets[0]} served by WhiteNoise, no debug page"
        )

    def operator_signs_in(self) -> None:
        password = self.password = secrets.token_urlsafe(24)
        self.fleet.env["DJANGO_SUPERUSER_PASSWORD"] = password
        self.fleet.run(
            "createsuperuser",
            [
                str(BIN / "python"),
                "manage.py",
                "createsuperuser",
                "--noinput",
                "--username",
                "operator",
                "--email",
                f"operator@{self.host}",
            ],
        )
        del self.fleet.env["DJANGO_SUPERUSER_PASSWORD"]
        root = self.site.expect(self.site.get("/api/v1/"), 200, "GET /api/v1/")
        # The root names its addresses absolutely, as the visitor sees them: https and the host.
        token_url = urllib.parse.urlsplit(root["token"])
        if (token_url.scheme, token_url.netloc) != ("https", self.host):
            raise CheckFailed(f"the API root names {root['token']!r}, not https://{self.host}/")
        credentials = {"username": "operator", "password": password}
        answer = self.site.post(token_url.path, credentials)
        self.site.token = self.site.expect(answer, 200, "POST the token address")["token"]
        self.say("createsuperuser operator; signed in over the API for a token")

    def book_a_show(self) -> tuple[str, int]:
        site = self.site
        slug = "prodcheck"
        body = {"name": "Production Check Wrestling", "slug": slug, "rule_system": "filsinger"}
        site.expect(site.post("/api/v1/federations/", body), 201, "POST federations/")
        base = f"/api/v1/federations/{slug}"
        cards = []
        for wrestler in ROSTER:
            card = yaml.safe_load((SAMPLE_CARDS / f"{wrestler}.yaml").read_text())
            body = {"ring_name": card["name"], "slug": wrestler}
            site.expect(site.post(f"{base}/wrestlers/", body), 201, f"signing {wrestler}")
            cards.append(card)
        document = yaml.safe_dump({"cards": cards}, sort_keys=False).encode()
        imported = site.post(f"{base}/cards/import/", document, content_type="application/yaml")
        count = len(site.expect(imported, 200, "POST cards/import/")["imported"])
        if count != len(ROSTER):
            raise CheckFailed(f"cards/import/ imported {count} cards, not {len(ROSTER)}")
        self.say(f"federation {slug}: {len(ROSTER)} wrestlers signed, their cards imported")
        self.route_to_its_own_queue(slug)
        due = dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(seconds=5)
        body = {"name": "Production Check Night", "scheduled_at": due.isoformat()}
        number = site.expect(site.post(f"{base}/shows/", body), 201, "POST shows/")["number"]
        show = f"{base}/shows/{number}"
        for first, second in (ROSTER[:2], ROSTER[2:]):
            sides = {"sides": [[first], [second]]}
            site.expect(site.post(f"{show}/matches/", sides), 201, f"booking {first} v {second}")
        scheduled = site.expect(site.post(f"{show}/schedule/"), 200, "POST schedule/")
        if scheduled["status"] != "scheduled":
            raise CheckFailed(f"the show is {scheduled['status']} after schedule/")
        self.say(f"show {number} booked (2 matches) and scheduled for {due:%H:%M:%S} UTC")
        return slug, number

    def wait_for_the_show(self, slug: str, number: int) -> None:
        path = f"/api/v1/federations/{slug}/shows/{number}/progress/"
        began = time.monotonic()

        def finished() -> dict[str, Any]:
            progress = self.site.expect(self.site.get(path), 200, "GET progress/")
            return progress if progress["status"] in {"completed", "failed", "cancelled"} else {}

        progress = wait(finished, SHOW_TIMEOUT, f"show {number} to be wrestled", every=0.5)
        if progress["status"] != "completed":
            raise CheckFailed(f"show {number} ended {progress['status']}: {progress}")
        dispatched = "Sending due task Dispatch due shows" in self.fleet.services["beat"].text()
        wrestled = re.compile(r"Task matches\.simulate_show\[[^]]+\] succeeded")
        takers = [
            n for n in ("worker1", "worker2") if wrestled.search(self.fleet.services[n].text())
        ]
        if not dispatched or takers != ["worker2"]:
            raise CheckFailed(
                f"beat's dispatch logged: {dispatched}; wrestled by {takers}, "
                f"not by worker2 alone (the worker of queue {QUEUE!r})"
            )
        self.say(
            f"show {number} completed {time.monotonic() - began:.1f}s after it was scheduled: "
            f"dispatched by beat, wrestled by {takers[0]} (ringside-worker@{QUEUE})"
        )

    def read_the_results(self, slug: str, number: int) -> None:
        base = f"/api/v1/federations/{slug}"
        show = self.site.expect(
            self.site.get(f"{base}/shows/{number}/?play_by_play=true"), 200, "GET the show"
        )
        if len(show["card"]) != 2:
            raise CheckFailed(f"the show has {len(show['card'])} matches, not 2")
        for match in show["card"]:
            on_card = {w["wrestler"] for side in match["sides"] for w in side["wrestlers"]}
            if (
                match["status"] != "completed"
                or not match["method"]
                or not match["winners"]
                or not set(match["winners"]) < on_card
                or not match["play_by_play"]
            ):
                raise CheckFailed(f"match {match['position']} is not decided: {match}")
        for wrestler in ROSTER:
            record = self.site.expect(
                self.site.get(f"{base}/wrestlers/{wrestler}/record/"), 200, "GET record/"
            )
            total = record["wins"] + record["losses"] + record["draws"]
            if total != 1:
                raise CheckFailed(f"{wrestler}'s record holds {total} matches, not 1: {record}")
        lines = [
            f"  {m['position']}. {' v '.join(self._names(m))}: "
            f"{', '.join(m['winners'])} by {m['method']} ({len(m['play_by_play'])} events)"
            for m in show["card"]
        ]
        took = dt.datetime.fromisoformat(show["completed_at"]) - dt.datetime.fromisoformat(
            show["started_at"]
        )
        lines.append(
            f"  wrestled in {took.total_seconds() * 1000:.0f} ms (started_at to completed_at)"
        )
        self.say("results read over HTTPS:\n" + "\n".join(lines))
        self.healthy("after the show")

    def route_to_its_own_queue(self, slug: str) -> None:
        """The operator signs in to the admin and sets the federation's queue, as
        docs/deploy.md says: its shows then go to the worker of that queue alone."""
        site = self.site
        before = site.expect(site.get(f"/api/v1/federations/{slug}/"), 200, "GET it")
        token, site.token = site.token, ""  # (the admin is a browser's session)
        login = "/admin/login/?next=/admin/"
        fields = dict(form_fields(site.get(login).body, "login-form"))
        fields |= {"username": "operator", "password": self.password}
        signed_in = site.submit(login, list(fields.items()))
        if signed_in.status != 302 or "sessionid" not in site.cookies:
            raise CheckFailed(f"the admin's sign-in answered {signed_in.status}")
        found = site.get(f"/admin/promotion/federation/?q={slug}")
        ids = re.findall(rb"/admin/promotion/federation/(\d+)/change/", found.body)
        if len(set(ids)) != 1:
            raise CheckFailed(f"the admin lists {len(set(ids))} federations for {slug!r}")
        change = f"/admin/promotion/federation/{ids[0].decode()}/change/"
        form = [(k, v) for k, v in form_fields(site.get(change).body, "federation_form")]
        form = [(k, v) for k, v in form if k != "queue"] + [("queue", QUEUE), ("_save", "Save")]
        saved = site.submit(change, form)
        if saved.status != 302:
            errors = re.findall(rb'<ul class="errorlist[^>]*>(.*?)</ul>', saved.body, re.S)
            raise CheckFailed(f"saving the federation's queue: {saved.status} {errors}")
        site.token, site.cookies = token, {}
        after = site.expect(site.get(f"/api/v1/federations/{slug}/"), 200, "GET it")
        if after != before:  # (the queue is not in the API: the admin's save changed nothing else)
            raise CheckFailed(f"the admin's save changed the federation: {before} -> {after}")
        self.say(f"admin: {after['name']} routed to queue {QUEUE!r}, nothing else changed")

    @staticmethod
    def _names(match: dict[str, Any]) -> list[str]:
        return [" & ".join(w["name"] for w in side["wrestlers"]) for side in match["sides"]]

    def stop(self) -> None:
        problems = self.fleet.stop()
        taken = [str(port) for port in self.ports.values() if not port_free(port)]
        if taken:
            problems.append(f"ports still taken: {', '.join(taken)}")
        if problems:
            raise CheckFailed("stopping: " + "; ".join(problems))
        self.say(
            f"SIGTERM: all {len(self.fleet.services)} services exited 0, no process of theirs "
            f"left, ports {', '.join(str(port) for port in self.ports.values())} free"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=DEFAULT_DATABASE, help=DEFAULT_DATABASE)
    parser.add_argument("--redis-url", default=DEFAULT_REDIS, help=DEFAULT_REDIS)
    args = parser.parse_args(argv)
    if "prodcheck" not in args.database_url.rsplit("/", 1)[-1]:
        parser.error("use a database of the check's own (its name holding 'prodcheck')")
    with tempfile.TemporaryDirectory(prefix="ringside-prodcheck-") as logs:
        check = Check(args, Path(logs))
        try:
            check.run()
            check.stop()
        except (
            CheckFailed,
            OSError,
            subprocess.SubprocessError,
            psycopg.Error,
            redis.RedisError,
        ) as error:
            print(f"\nPRODUCTION CHECK FAILED: {error}\n", flush=True)
            print(check.fleet.dump(), flush=True)
            check.fleet.kill()
            return 1
        except BaseException:
            check.fleet.kill()
            raise
    print(f"production check passed in {time.monotonic() - check.began:.0f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
