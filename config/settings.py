"""Settings for the federation site.

The environment is read once, here. With nothing set you get the embedded default that a
newcomer needs: DEBUG on, a SQLite file in the project folder, Celery tasks run in the calling
process. Production is switched on by ``DJANGO_DEBUG=0`` and then refuses to start without a
secret key and allowed hosts.

Variables: DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_CSRF_TRUSTED_ORIGINS,
DATABASE_URL, REDIS_URL, DJANGO_EMAIL_BACKEND, DJANGO_DEFAULT_FROM_EMAIL, AXES_FAILURE_LIMIT,
DJANGO_SECURE_SSL_REDIRECT, DJANGO_HSTS_SECONDS, DJANGO_LOG_LEVEL, SHOW_TIME_LIMIT_SECONDS,
SHOW_LEASE_SECONDS, HEALTH_BEAT_SILENT_SECONDS, HEALTH_DUE_SHOW_LATE_SECONDS, RINGSIDE_LOG_JSON,
API_THROTTLE_ANON, API_THROTTLE_USER, API_THROTTLE_ODDS, API_THROTTLE_RUN,
API_THROTTLE_IMPORT, TRUSTED_PROXIES, RINGSIDE_WEBHOOKS_ALLOW_PRIVATE (and the other
RINGSIDE_WEBHOOKS_* below), MEDIA_ROOT, SERVE_MEDIA, PICTURE_MAX_BYTES, PICTURE_MAX_PIXELS.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config.env import env_bool, env_int, env_list, env_str
from config.limits import broker_visibility_timeout
from web.client_address import trusted_networks

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", default=True)

_INSECURE_DEV_KEY = "django-insecure-embedded-default-only-for-local-use"
SECRET_KEY = env_str("DJANGO_SECRET_KEY") or ""
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS")

if DEBUG:
    SECRET_KEY = SECRET_KEY or _INSECURE_DEV_KEY
    ALLOWED_HOSTS = ALLOWED_HOSTS or ["localhost", "127.0.0.1", "[::1]", "testserver"]
else:
    missing = [
        name
        for name, value in (
            ("DJANGO_SECRET_KEY", SECRET_KEY),
            ("DJANGO_ALLOWED_HOSTS", ALLOWED_HOSTS),
        )
        if not value
    ]
    if missing:
        raise ImproperlyConfigured(
            "Production mode (DJANGO_DEBUG off) needs " + " and ".join(missing) + " to be set."
        )
    # Django's own check (security.W009) in earnest: 50 characters or more, at least 5 of them
    # different, and not one of Django's generated development keys.
    if (
        SECRET_KEY == _INSECURE_DEV_KEY
        or len(SECRET_KEY) < 50
        or len(set(SECRET_KEY)) < 5
        or SECRET_KEY.startswith("django-insecure-")
    ):
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be a random string of 50+ characters with at least 5 "
            "different ones (python -c 'import secrets; print(secrets.token_urlsafe(50))')."
        )

INSTALLED_APPS = [
    "config.admin_site.RingsideAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "django_celery_beat",
    "axes",
    "accounts.apps.AccountsConfig",
    "promotion",
    "matches",
    "rules",
    "web",
]

MIDDLEWARE = [
    # First: the client's address behind the proxy (TRUSTED_PROXIES), for all that follows.
    "web.client_address.ClientAddressMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy on every answer: the site's own files only (web/csp.py).
    "web.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "web.views.NotFoundMiddleware",
    # Pages: the federation's time zone reset after each request, the site's own 403 page.
    "web.pages.SitePagesMiddleware",
    # Sign-in throttling; last, as django-axes asks.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

# --- Database: SQLite in the project folder unless DATABASE_URL says otherwise -------------------
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60)}
    except ValueError as exc:  # unknown scheme, malformed URL
        raise ImproperlyConfigured(f"DATABASE_URL is not a valid database URL: {exc}") from None
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The site's own stylesheet and the vendored Pico CSS and htmx (static/vendor/README.md).
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Uploaded pictures (a wrestler's photo, a title's belt, a show's poster: promotion/pictures.py)
# go through the "default" storage above: files under MEDIA_ROOT, served at MEDIA_URL (by
# Django in debug, by nginx in production: docs/deploy.md, which also says how to put them in
# a cloud bucket with django-storages). An upload is refused above PICTURE_MAX_BYTES or
# PICTURE_MAX_PIXELS (width times height, read from its header before it is decoded).
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT") or BASE_DIR / "media")
PICTURE_MAX_BYTES = env_int("PICTURE_MAX_BYTES", default=5 * 1024 * 1024)
PICTURE_MAX_PIXELS = env_int("PICTURE_MAX_PIXELS", default=40_000_000)
# Whether the site serves MEDIA_ROOT itself (web/pictures.py's ``media``): in debug by default.
SERVE_MEDIA = env_bool("SERVE_MEDIA", default=DEBUG)

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Password-reset mail goes to the console unless an SMTP backend is configured.
EMAIL_BACKEND = env_str("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = env_str("DJANGO_DEFAULT_FROM_EMAIL", "ringside@localhost")

# Sign-in throttling (django-axes): five failures for one username from one address lock that
# pair out for fifteen minutes; the lockout page says so.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = dt.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
# The address is the client's (web/client_address.py): behind the reverse proxy, the one the
# proxies listed here name in X-Forwarded-For / X-Real-IP; those headers from anyone else are
# ignored. Comma-separated addresses or networks; none by default (direct connections).
TRUSTED_PROXIES = env_list("TRUSTED_PROXIES")
trusted_networks(tuple(TRUSTED_PROXIES))  # a typo refuses to start, naming it

# --- REST API (docs/api.md) ------------------------------------------------------------------
# Throttle rates: requests per second, minute, hour or day ("100/min"), per client.
# The largest request body the API reads, and the largest federation document imported, by
# the API and import_federation alike (measured: bench/bench_import.py).
API_MAX_BODY_BYTES = env_int("API_MAX_BODY_BYTES", default=2 * 1024 * 1024)
FEDERATION_IMPORT_MAX_BYTES = env_int("FEDERATION_IMPORT_MAX_BYTES", default=64 * 1024 * 1024)
API_THROTTLE_RATES = {
    "anon": env_str("API_THROTTLE_ANON", "120/min"),
    "user": env_str("API_THROTTLE_USER", "1200/min"),
    "odds": env_str("API_THROTTLE_ODDS", "20/min"),
    "run": env_str("API_THROTTLE_RUN", "30/min"),
    "import": env_str("API_THROTTLE_IMPORT", "10/min"),
}
REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "web.api_schema.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: an unauthenticated request gets 401 with "WWW-Authenticate: Token".
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": [
        "web.api_fields.FilterBackend",
        "web.api_fields.StrictOrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "web.api_support.Pagination",
    "PAGE_SIZE": 50,
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
        "web.api_support.ActionRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": API_THROTTLE_RATES,
    # REMOTE_ADDR alone: the client's, as TRUSTED_PROXIES resolved it (never a header's claim).
    "NUM_PROXIES": 0,
    "EXCEPTION_HANDLER": "web.api_support.exception_handler",
    "DEFAULT_METADATA_CLASS": "web.api_support.Metadata",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["web.api_support.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ringside federation API",
    # Read on the documentation pages by visitors of the site: it says what they need without
    # the repository's docs/api.md (Markdown, rendered by Swagger UI and Redoc).
    "DESCRIPTION": (
        "Rosters, cards, teams, titles and their lineages, feuds, injuries, shows and results "
        "of fantasy wrestling federations; booking, scheduling and running shows; odds; a whole "
        "federation as one JSON document.\n\n"
        "**Where things are.** Everything is under `/api/v1/`; `GET /api/v1/` lists the entry "
        "points. A federation's roster, titles, shows and the rest are below "
        "`/api/v1/federations/{slug}/`.\n\n"
        '**Signing in.** `POST /api/v1/auth/token/` with `{"username": ..., "password": ...}` '
        'answers `{"token": ...}`; send it as `Authorization: Token <token>`. A signed-in '
        "browser session works too; its writes need the `X-CSRFToken` header.\n\n"
        "**Who may do what.** Anyone reads a public federation; a private one answers 404 to "
        "all but its members. Viewers read; bookers also book, schedule and run shows and edit "
        "the roster, cards, titles, teams, feuds and injuries; the owner also changes the "
        "settings and the members, and may delete the federation. Anyone signed in may create "
        "a federation.\n\n"
        '**Errors** all have one shape, `{"detail": ..., "errors": [{"path": ..., '
        '"message": ...}]}`: each problem with its place (a field, `sides[1][0]`; empty for '
        "the request as a whole). 400 refused, and nothing is written; 401 not signed in; 403 "
        "your role does not allow it; 404 no such thing, or not yours to see; 409 the data "
        "changed under the request; 415 a body type the endpoint does not read; 429 too many "
        "requests (see `Retry-After`).\n\n"
        "**Lists** are paginated (`?page=`, `?page_size=` up to 500) and ordered with "
        "`?ordering=`. **Times** are ISO 8601 in the federation's time zone; a time sent "
        "without an offset is read in that zone."
    ),
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc are served by the project (drf-spectacular-sidecar), never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {
        "SystemEnum": "rules.models.System",
        "WrestlerStatusEnum": "promotion.models.WrestlerStatus",
        "FeudStatusEnum": "promotion.models.FeudStatus",
        "TeamKindEnum": "promotion.models.TeamKind",
        "ShowStatusEnum": "matches.models.ShowStatus",
        "ShowKindEnum": "matches.models.ShowKind",
        "MatchStatusEnum": "matches.models.MatchStatus",
        "TournamentStatusEnum": "matches.models.TournamentStatus",
        "WebhookFormatEnum": "matches.models.WebhookFormat",
        "TournamentFormatEnum": "matches.models.TournamentFormat",
        "PersonKindEnum": ["wrestler", "team"],
    },
}

# --- Celery: tasks in process unless REDIS_URL names a broker ----------------------------------
REDIS_URL = env_str("REDIS_URL")
# The longest a show may take; the broker's visibility timeout must stay above it so that a
# show still running is never handed to a second worker.
SHOW_TIME_LIMIT_SECONDS = env_int("SHOW_TIME_LIMIT_SECONDS", default=600)
# A running show's lease: its worker renews it every quarter of this, so a worker that dies
# hands its show on within about this many seconds (see matches/simulation.py).
SHOW_LEASE_SECONDS = env_int("SHOW_LEASE_SECONDS", default=20)
if SHOW_LEASE_SECONDS < 2:
    raise ImproperlyConfigured("SHOW_LEASE_SECONDS must be at least 2.")
# Fault injection for the reliability tests: seconds to pause after each match of a show.
SHOW_SIMULATION_MATCH_DELAY = float(env_str("SHOW_SIMULATION_MATCH_DELAY", "0") or 0)
# A federation's webhooks (matches/webhooks.py, docs/sharing.md): each request's timeout, the
# attempts before a delivery gives up, the first wait between them (doubled each time) and the
# longest wait (a receiver's Retry-After too). Loopback, private, link-local and reserved
# addresses are refused unless RINGSIDE_WEBHOOKS_ALLOW_PRIVATE is on (a receiver on the same
# network; the tests' local server).
RINGSIDE_WEBHOOKS_ALLOW_PRIVATE = env_bool("RINGSIDE_WEBHOOKS_ALLOW_PRIVATE", default=False)
RINGSIDE_WEBHOOKS_TIMEOUT = env_int("RINGSIDE_WEBHOOKS_TIMEOUT", default=5)
RINGSIDE_WEBHOOKS_MAX_ATTEMPTS = env_int("RINGSIDE_WEBHOOKS_MAX_ATTEMPTS", default=5)
RINGSIDE_WEBHOOKS_BACKOFF_SECONDS = env_int("RINGSIDE_WEBHOOKS_BACKOFF_SECONDS", default=10)
RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS = env_int("RINGSIDE_WEBHOOKS_MAX_WAIT_SECONDS", default=300)
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_BACKEND: str | None
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_RESULT_BACKEND = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
    # Above the longest show: a show still running is never handed to a second worker, and a
    # show whose worker died comes back once its lease has expired.
    # (config/limits.py sets it beside the task's hard time limit.)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": broker_visibility_timeout(SHOW_TIME_LIMIT_SECONDS)
    }
    CELERY_RESULT_EXPIRES = 24 * 3600
    # A broker out of reach fails a dispatch within about two seconds (kombu's default retries
    # for longer), and the result store gives up reconnecting as soon (Celery's default: 20 s).
    CELERY_TASK_PUBLISH_RETRY_POLICY = {
        "max_retries": 2,
        "interval_start": 0,
        "interval_step": 0.5,
        "interval_max": 1,
    }
    CELERY_BROKER_CONNECTION_TIMEOUT = 2
    CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2
    CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
        "retry_policy": {"max_retries": 2, "interval_start": 0, "interval_step": 1}
    }
else:
    CELERY_BROKER_URL = "memory://localhost/"
    CELERY_RESULT_BACKEND = None
    CELERY_TASK_ALWAYS_EAGER = True
    CELERY_TASK_EAGER_PROPAGATES = True

# Each show's task goes to its federation's queue (``Federation.queue``; empty: the default
# queue, "celery", which beat's dispatch uses too): docs/operations.md, "Queues by federation".
CELERY_TASK_ROUTES = ("matches.tasks.route_show",)

# --- Health (/health/, docs/operations.md): the bounds past which it answers 503 -------------
# Beat's dispatch (or the in-process runner) silent longer than this many seconds; a due show
# not yet taken by a worker for longer than this many seconds.
HEALTH_BEAT_SILENT_SECONDS = env_int("HEALTH_BEAT_SILENT_SECONDS", default=60)
HEALTH_DUE_SHOW_LATE_SECONDS = env_int("HEALTH_DUE_SHOW_LATE_SECONDS", default=300)

# --- Cache: Redis beside the broker, else this process's memory ------------------------------
# (It carries a running show's progress from the worker to the pages, and the API's throttles'
# counts.) With Redis unreachable it misses and skips, with a warning (config/cache.py).
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "config.cache.FailOpenRedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Production hardening (passes `manage.py check --deploy`) --------------------------------
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
    # A load balancer asks each web process for /health/ directly, over plain HTTP: answered,
    # not sent to https (it says nothing private).
    SECURE_REDIRECT_EXEMPT = [r"^health/$"]
    SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

# RINGSIDE_LOG_JSON=1: one JSON object a line (config/logs.py); every line logged while a show
# is wrestled carries its federation and show, in either format's fields.
LOG_JSON = env_bool("RINGSIDE_LOG_JSON", default=False)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        "json": {"()": "config.logs.JsonFormatter"},
    },
    "filters": {"show": {"()": "config.logs.ShowContextFilter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": "json" if LOG_JSON else "plain",
            "filters": ["show"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("DJANGO_LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        # django-axes announces itself at every start, commands included.
        "axes": {"level": "WARNING"},
        # WeasyPrint (the PDF cards) and its font library tell each step of their work, and
        # WeasyPrint each screen rule of the site's stylesheet it does not print.
        "weasyprint": {"level": "ERROR"},
        "fontTools": {"level": "WARNING"},
        # In process (no broker), every task's success line would drown the commands' output.
        "celery.app.trace": {"level": "INFO" if REDIS_URL else "WARNING"},
    },
}
