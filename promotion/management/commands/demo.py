"""Set up and run the demo federation on whatever database the settings name."""

import datetime as dt
import os
import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.template.defaultfilters import pluralize
from django.utils import timezone

from matches.runner import ShowRunner
from matches.season import MAX_WEEKS
from promotion.choices import FINISHED_STATUSES
from promotion.models import Federation
from promotion.pictures import sample_pictures_attach
from promotion.sample import sample_data

DEMO_USERNAME = "admin"
WEEKS_OUT_OF_RANGE = "--weeks is from 0 to {most} (0: no weeks wrestled), not {weeks}."
#: The demo admin's password, kept beside the project (git ignores it) so that a rerun of the
#: demo prints the same one instead of silently changing it.
PASSWORD_FILE = Path(settings.BASE_DIR) / ".demo-admin-password"
DEFAULT_ADDR = "127.0.0.1:8000"
#: What ``--no-serve`` says last: where the site will be and the command that serves it.
NOT_SERVING = (
    "Set up, not serving (--no-serve). The site will be at http://{addr}/: serve it with {how}."
)


class Command(BaseCommand):
    help = (
        "Migrate, load the sample federation, create a demo admin account and print its "
        "credentials, then serve the site (unless --no-serve)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--no-serve", action="store_true", help="Set up, then exit.")
        parser.add_argument("--addr", default=DEFAULT_ADDR, help="Address to serve on.")
        parser.add_argument(
            "--password",
            help="Set the demo admin's password (default: keep the one set before, or make one).",
        )
        parser.add_argument(
            "--new-password", action="store_true", help="Make a new random demo admin password."
        )
        parser.add_argument(
            "--weeks",
            type=int,
            default=4,
            help=f"Weeks to simulate when the federation has no results yet, 0 to {MAX_WEEKS} "
            "(default 4).",
        )

    def handle(self, *args, no_serve, addr, password, new_password, weeks, **options):
        # Checked before anything is set up: a refused demo leaves nothing behind.
        if not 0 <= weeks <= MAX_WEEKS:
            raise CommandError(WEEKS_OUT_OF_RANGE.format(most=MAX_WEEKS, weeks=weeks))
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        password = self._admin(password, new_password)

        slug = sample_data()["federation"]["slug"]
        if Federation.objects.filter(slug=slug).exists():
            self.stdout.write(f"The sample federation {slug!r} is loaded already.")
        else:
            call_command("load_sample_federation", owner=DEMO_USERNAME, stdout=self.stdout)
        federation = Federation.objects.get(slug=slug)
        if weeks and not federation.shows.exists():
            # The last few weeks become history; the coming week is booked and scheduled.
            start = timezone.localdate(timezone=federation.time_zone) - dt.timedelta(weeks=weeks)
            self.stdout.write(f"Simulating {weeks} week{pluralize(weeks)} of {federation.name}...")
            call_command(
                "simulate_season",
                slug,
                weeks=weeks,
                start=start,
                no_progress=True,
                stdout=self.stdout,
            )
            call_command("book_show", slug, auto=True, schedule=True, stdout=self.stdout)
        # The sample's own pictures (promotion/data/sample/pictures), the coming show's poster.
        coming = federation.shows.exclude(status__in=FINISHED_STATUSES).order_by("scheduled_at")
        attached = sample_pictures_attach(federation, show=coming.first())
        if attached:
            self.stdout.write(f"Attached {attached} sample picture{pluralize(attached)}.")

        self.stdout.write(
            self.style.SUCCESS(
                f"Demo admin account: username {DEMO_USERNAME!r}, password {password!r}"
            )
        )
        if no_serve:
            self.stdout.write(NOT_SERVING.format(addr=addr, how=_serve_command(addr)))
            return
        if not settings.REDIS_URL:
            # No broker, no beat: this process wrestles the shows as they fall due.
            ShowRunner(every=30, report=self.stdout.write).start()
            self.stdout.write("Scheduled shows are wrestled here as they fall due (every 30 s).")
        self.stdout.write(
            self.style.WARNING(
                "This is the demo: DEBUG is on and the data is a local file. To serve real "
                "visitors, see deploy/ (production settings)."
            )
        )
        self.stdout.write(self.style.SUCCESS(f"Serving the site at http://{addr}/ (Ctrl-C stops)."))
        call_command("runserver", addr, use_reloader=False)

    def _admin(self, password: str | None, new_password: bool) -> str:
        """The demo admin account: its password is kept across reruns unless asked otherwise."""
        User = get_user_model()
        admin, _ = User.objects.get_or_create(
            username=DEMO_USERNAME, defaults={"email": "admin@example.com"}
        )
        kept = PASSWORD_FILE.read_text().strip() if PASSWORD_FILE.is_file() else ""
        if not password and not new_password and kept and admin.check_password(kept):
            password = kept
        else:
            password = password or secrets.token_urlsafe(9)
            admin.set_password(password)
            PASSWORD_FILE.write_text(password + "\n")
            os.chmod(PASSWORD_FILE, 0o600)
        admin.is_staff = admin.is_superuser = True
        admin.save()
        return password


def _serve_command(addr: str) -> str:
    """The command that serves the demo at ``addr``: ``make demo`` serves the default one."""
    if addr == DEFAULT_ADDR:
        return "`make demo` (or `.venv/bin/python manage.py demo`)"
    return f"`.venv/bin/python manage.py demo --addr {addr}`"
