"""Settings for Cataclysm Codex.

Everything that differs between a laptop and a server comes from the environment (see `.env.example`).
With no environment at all the site runs as the embedded default: SQLite in the project folder, DEBUG on.
"""
import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

# Small readers rather than django-environ's Env: an empty value (NAME=, as in .env.example) means the default
# here, where Env.int fails on it, and list items are trimmed ("a.org, b.org"), where Env.list keeps the spaces.
# The database URL is dj-database-url's, which django-environ would only wrap.


def env(name: str, default: str = "") -> str:
    """Return the variable, or `default` when it is unset or blank: .env.example's NAME= means the default, and
    reaches the process as an empty string through a shell, a container's or systemd's environment file."""
    value = os.environ.get(name, "")
    return value if value.strip() else default


def env_bool(name: str, default: bool) -> bool:
    value = env(name)
    return default if not value else value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = env(name).strip()
    return int(value) if value else default


DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = env("DJANGO_SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise RuntimeError("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "insecure-local-development-key-not-for-production"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    # First: its `runserver` (daphne's) serves ASGI, WebSockets included (live tables); its ready() installs the
    # schema's extensions and the API's strict text fields (cataclysm_site/apps.py).
    "cataclysm_site.apps.SiteConfig",
    "django.contrib.admin.apps.SimpleAdminConfig",  # admin.py modules load with the URLs (urls.py), not at every start-up: `manage.py goldfish` skips them
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "axes",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    "cards",
    "decks",
    "rules",
    # One app per game mode, each folder holding its templates, static files, template tags and commands (their
    # models are still the rules app's): ARCHITECTURE.md.
    "rules.goldfish",
    "rules.versus",
    "rules.live",
    "rules.lab",
    "rules.feedback",  # what players saw: card statistics from live games and playtest notes (issue 32)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "cataclysm_site.middleware.ContentSecurityPolicyMiddleware",
    "cataclysm_site.middleware.RequestSizeLimitMiddleware",
    # Before the NUL check, which walks a JSON body: this one refuses a body nested too deeply to walk.
    "cataclysm_site.middleware.RequestBodyMiddleware",
    "cataclysm_site.middleware.NulCharacterMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The site's error pages in DEBUG too (cataclysm_site/error_pages.py): after CommonMiddleware's slash redirects.
    "cataclysm_site.error_pages.SiteErrorPagesMiddleware",
    # Turns a login refused by the login limits into its 429 answer (cataclysm_site.login_limits).
    "axes.middleware.AxesMiddleware",
    # Last, so that it is the first to see a view's exception: a database outage answers 503, not 500.
    "cataclysm_site.middleware.DatabaseUnavailableMiddleware",
]

ROOT_URLCONF = "cataclysm_site.urls"

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

WSGI_APPLICATION = "cataclysm_site.wsgi.application"
ASGI_APPLICATION = "cataclysm_site.asgi.application"

DATABASES = {
    "default": dj_database_url.parse(
        env("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("DJANGO_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Wait this long for a writer's lock before "database is locked" (which then answers 503).
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = env_int("DJANGO_SQLITE_TIMEOUT", 20)
    # Take the write lock when a transaction starts, so that two racing writers queue (and the loser then sees the
    # new version: 409) instead of one failing to upgrade its read lock ("database is locked": 503).
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool("DJANGO_DB_POOL", True):
    # A pool of connections per server process (Django's own, over psycopg_pool): each request or socket message
    # borrows one and gives it back, instead of every thread keeping its own — under ASGI each request and socket
    # runs in a thread of its own, so persistent connections (CONN_MAX_AGE) pile up past PostgreSQL's
    # max_connections (100) with a few hundred live tables. N processes hold at most N × DJANGO_DB_POOL_MAX_SIZE
    # connections: keep that (plus Celery workers, which pool too, and the admin's psql) under max_connections.
    # A request that finds the pool busy waits DJANGO_DB_POOL_TIMEOUT seconds for a connection before failing.
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections; Django refuses both at once
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env_int("DJANGO_DB_POOL_MIN_SIZE", 2),
        "max_size": env_int("DJANGO_DB_POOL_MAX_SIZE", 10),
        "timeout": env_int("DJANGO_DB_POOL_TIMEOUT", 10),
        # After PostgreSQL was unreachable the pool retries with a doubling pause (1, 2, 4, 8 … s) and, while it
        # retries, opens no other connection: after a minute's outage a request could wait past the timeout above
        # for a connection the database would already give. Giving a retry up after this many seconds lets the
        # next request start a fresh attempt at once (tests/production/test_faults.py).
        "reconnect_timeout": env_int("DJANGO_DB_POOL_RECONNECT_TIMEOUT", 5),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login limits (cataclysm_site.login_limits, with django-axes; its docstring says why these): DJANGO_LOGIN_FAILURE_LIMIT
# failed logins at one account from one client lock that pair for DJANGO_LOGIN_COOLOFF_SECONDS; from one client at any
# accounts, DJANGO_LOGIN_CLIENT_FAILURE_LIMIT lock that client; past DJANGO_LOGIN_ACCOUNT_DELAY_AFTER at one account
# from any clients, a client that failed there itself waits a doubling delay capped at
# DJANGO_LOGIN_ACCOUNT_DELAY_CAP_SECONDS. What a client sends never locks another client. Password-reset requests
# (cataclysm_site.reset_limits): DJANGO_RESET_CLIENT_LIMIT per client per window; mails to one address, one per client,
# DJANGO_RESET_ADDRESS_MAILS a window, then one every DJANGO_RESET_ADDRESS_INTERVAL_SECONDS. Failures live in the
# database, reset counts in the cache: both shared by every server process.
AUTHENTICATION_BACKENDS = [
    "cataclysm_site.login_limits.LoginLimitBackend",  # first: refuses a locked-out login before the password is hashed
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("DJANGO_LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(seconds=env_int("DJANGO_LOGIN_COOLOFF_SECONDS", 15 * 60))
LOGIN_CLIENT_FAILURE_LIMIT = env_int("DJANGO_LOGIN_CLIENT_FAILURE_LIMIT", 4 * AXES_FAILURE_LIMIT)
LOGIN_ACCOUNT_DELAY_AFTER = env_int("DJANGO_LOGIN_ACCOUNT_DELAY_AFTER", AXES_FAILURE_LIMIT)
LOGIN_ACCOUNT_DELAY_CAP = env_int("DJANGO_LOGIN_ACCOUNT_DELAY_CAP_SECONDS", 60)
LOGIN_RESET_CLIENT_LIMIT = env_int("DJANGO_RESET_CLIENT_LIMIT", 5)
LOGIN_RESET_ADDRESS_MAILS = env_int("DJANGO_RESET_ADDRESS_MAILS", 10)
LOGIN_RESET_ADDRESS_INTERVAL = env_int("DJANGO_RESET_ADDRESS_INTERVAL_SECONDS", 60)
# Axes records failures per username, client and user agent; the limits are login_limits.refusal's (the handler's
# is_locked), so this only names the pair that a successful login clears (login_limits.LoginLimitHandler).
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_HANDLER = "cataclysm_site.login_limits.LoginLimitHandler"
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the cool-down ends when announced, even under a stream of tries
AXES_LOCKOUT_CALLABLE = "cataclysm_site.login_limits.lockout_response"
AXES_CLIENT_IP_CALLABLE = "cataclysm_site.login_limits.login_client"
AXES_DISABLE_ACCESS_LOG = True  # failures are what is counted; no row for every successful login
AXES_VERBOSE = False
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# E-mail (password resets). Locally the messages are printed on the console; with DJANGO_EMAIL_HOST set they go out
# over SMTP (DJANGO_EMAIL_BACKEND overrides the choice, e.g. the locmem backend in tests).
EMAIL_HOST = env("DJANGO_EMAIL_HOST")
EMAIL_BACKEND = env("DJANGO_EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST else "django.core.mail.backends.console.EmailBackend"
)
EMAIL_PORT = env_int("DJANGO_EMAIL_PORT", 587)
EMAIL_HOST_USER = env("DJANGO_EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env("DJANGO_EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_USE_TLS", True)
EMAIL_USE_SSL = env_bool("DJANGO_EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = env_int("DJANGO_EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", "Cataclysm Codex <noreply@localhost>")
PASSWORD_RESET_TIMEOUT = env_int("DJANGO_PASSWORD_RESET_TIMEOUT", 3 * 24 * 3600)

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env("DJANGO_STATIC_ROOT") or BASE_DIR / "staticfiles")
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env("DJANGO_MEDIA_ROOT") or BASE_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "cataclysm_site.schema.AutoSchema",   # drf-spectacular's, with every 429 documented
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    # JSON only: the site's scripts post JSON, and form encoding cannot tell a blank field from a missing one.
    # The token endpoint also reads forms (`curl -d username=... -d password=...`).
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_PAGINATION_CLASS": "cataclysm_site.pagination.StandardPagination",
    "PAGE_SIZE": 60,
    # Every API view is rate limited per client; a view with `throttle_scope = "expensive"` also by that scope.
    "DEFAULT_THROTTLE_CLASSES": [
        "cataclysm_site.throttling.AnonRateThrottle",
        "cataclysm_site.throttling.UserRateThrottle",
        "cataclysm_site.throttling.ScopedRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env("DJANGO_THROTTLE_ANON", "300/min"),
        "user": env("DJANGO_THROTTLE_USER", "1200/min"),
        "expensive": env("DJANGO_THROTTLE_EXPENSIVE", "120/min"),
        "community": env("DJANGO_THROTTLE_COMMUNITY", "30/min"),
        # Token requests per client: each one hashes a password (failed ones are also limited per account).
        "login": env("DJANGO_THROTTLE_LOGIN", "20/min"),
    },
    # How many reverse proxies append to X-Forwarded-For; 0 trusts only REMOTE_ADDR, so clients cannot spoof it.
    "NUM_PROXIES": env_int("DJANGO_NUM_PROXIES", 0),
    "EXCEPTION_HANDLER": "cataclysm_site.api_errors.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "SWAGGER_UI_DIST": "SIDECAR",  # served from our own static files: no CDN, CSP stays 'self'
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "TITLE": "Cataclysm Codex API",
    "DESCRIPTION": (
        "The whole of Cataclysm Codex for Cataclysm: An Atlantis vs Lemuria Story: the card catalogue and its query "
        "syntax, decks (validation, versions, text and code export, likes, tags, comments), your collection, "
        "goldfish games and bulk simulations, versus games against the computer, the lab's studies, and accounts "
        "(tokens, password reset, deletion). Errors are always {\"code\", \"message\"}."
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Two fields are called "format": a deck's rules format, and an export's text/code format.
    "ENUM_NAME_OVERRIDES": {"ExportFormatEnum": ["text", "code"], "CollectionFormatEnum": ["csv", "text"],
                            "DeckFormatEnum": "decks.formats.FORMAT_CHOICES"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", "WARNING")},
}

# The cache holds what every process must agree on: the API's rate-limit counters and the public deck feeds' ids.
# DJANGO_CACHE chooses it: "locmem" (each process its own: the development default), "database" (shared by every
# process through the database's table cataclysm_cache, made by `manage.py createcachetable`, which `make serve-prod`
# runs) or a redis:// URL (shared, and the fastest). Unset with DEBUG off, it is shared: the Redis server of
# CELERY_BROKER_URL when that is Redis (the database after the broker's, so that clearing the cache never empties the
# lab's queue), else the database.


def redis_cache_location(broker_url: str) -> str:
    """Return the URL of the Redis database after the broker's on the broker's server (db 0 -> db 1)."""
    parts = urlsplit(broker_url)
    number = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{(number + 1) % 16}"))


def cache_choice() -> str:
    """Return DJANGO_CACHE, or the default: per process with DEBUG on, shared with it off."""
    chosen = env("DJANGO_CACHE").strip()
    if chosen or DEBUG:
        return chosen or "locmem"
    broker = env("CELERY_BROKER_URL").strip()
    return redis_cache_location(broker) if broker.startswith(("redis://", "rediss://")) else "database"


def caches_for(choice: str) -> dict:
    """Return CACHES for a DJANGO_CACHE value; a Redis that is lost degrades to an empty cache (rate limits fail
    open: cataclysm_site/cache.py) rather than failing requests."""
    if choice == "locmem":
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "cataclysm"}}
    if choice == "database":
        return {"default": {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "cataclysm_cache"}}
    if choice.startswith(("redis://", "rediss://", "unix://")):
        return {"default": {"BACKEND": "cataclysm_site.cache.DegradingRedisCache", "LOCATION": choice,
                            "KEY_PREFIX": "cataclysm"}}
    raise ImproperlyConfigured(f"DJANGO_CACHE is {choice!r}: use locmem, database or a redis:// URL")


CACHE = cache_choice()
CACHES = caches_for(CACHE)

# Abuse limits on request bodies: forms and JSON (DATA_UPLOAD_MAX_MEMORY_SIZE), and multipart uploads. Larger
# bodies are refused with 413 before anything reads them (cataclysm_site.middleware.RequestSizeLimitMiddleware).
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("DJANGO_DATA_UPLOAD_MAX_MEMORY_SIZE", 256 * 1024)
MAX_UPLOAD_SIZE = env_int("DJANGO_MAX_UPLOAD_SIZE", 10 * 1024 * 1024)

# Security. With DEBUG off everything is strict by default; `manage.py check --deploy` is clean with the production
# environment of .env.example. Behind a reverse proxy that terminates TLS, set DJANGO_SECURE_PROXY_SSL_HEADER=true
# (the proxy must set X-Forwarded-Proto), or turn the redirect off with DJANGO_SECURE_SSL_REDIRECT=false.
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # load balancers probe over plain HTTP
if env_bool("DJANGO_SECURE_PROXY_SSL_HEADER", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("DJANGO_SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_SECURE_HSTS_PRELOAD", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("DJANGO_SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("DJANGO_CSRF_COOKIE_SECURE", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Pages load scripts, styles, fonts and data from this site only: no CDN, no inline <script> or <style>,
# no style="" or onclick="" attributes. DJANGO_CSP_REPORT_ONLY=true only reports breaches (to the browser console).
CONTENT_SECURITY_POLICY = env(
    "DJANGO_CONTENT_SECURITY_POLICY",
    "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; "
    "frame-ancestors 'none'",
)
CONTENT_SECURITY_POLICY_REPORT_ONLY = env_bool("DJANGO_CSP_REPORT_ONLY", False)

# The designers' lab (rules/lab/services.py): studies run as chunks on Celery workers when a broker is configured
# (CELERY_BROKER_URL, e.g. redis://127.0.0.1:6379/0; `make run` starts Redis and a worker and sets it). Without one,
# the same chunk function runs in a local process pool of this web process, on every core (the embedded default).
CELERY_BROKER_URL = env("CELERY_BROKER_URL")
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", CELERY_BROKER_URL)
CELERY_TASK_ACKS_LATE = True               # a chunk is acknowledged once played: a lost worker's chunk is played again
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1      # each worker process holds one chunk at a time: the others stay shared
CELERY_RESULT_EXPIRES = env_int("CELERY_RESULT_EXPIRES", 7 * 24 * 3600)
# A chunk taken by a worker that vanished (machine lost) goes back to the queue once it has been unacknowledged for
# the visibility timeout; Redis is swept for such chunks every CELERY_RESTORE_INTERVAL seconds (kombu's default
# sweeps only every 100 s). A sweep takes a lock for its few milliseconds; a worker killed in them leaves it behind,
# and kombu's 300 s expiry would hold every other worker's sweep (and so the lost chunk) back for five minutes.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 600),
    "unacked_restore_interval": env_int("CELERY_RESTORE_INTERVAL", 10),
    "unacked_restore_throttle": 1,
    "unacked_mutex_expire": 30,
}
CELERY_TASK_SERIALIZER = CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# `load_catalogue` draws every card image ahead: "background" (the default), "now" or "skip" (the tests skip it).
CARD_IMAGES_AHEAD = env("CARD_IMAGES_AHEAD", "background")
LAB_MAX_GAMES = env_int("LAB_MAX_GAMES", 1_000_000)            # games per study, signed in
LAB_MAX_GAMES_ANONYMOUS = env_int("LAB_MAX_GAMES_ANONYMOUS", 20_000)
LAB_MAX_RUNNING = env_int("LAB_MAX_RUNNING", 2)                # studies not yet finished at once, per visitor
LAB_LOCAL_WORKERS = env_int("LAB_LOCAL_WORKERS", os.cpu_count() or 1)   # the embedded pool's processes
# A study whose chunks have all gone quiet this long (no chunk in, on any worker) has its unplayed chunks sent again.
LAB_STALL_SECONDS = env_int("LAB_STALL_SECONDS", 600)
# How often the process that sent a study's chunks (or any that looked at it) stores what the workers finished, so
# that a study moves on with nobody watching (rules/lab/runners.py, Driver).
LAB_DRIVE_SECONDS = env_int("LAB_DRIVE_SECONDS", 1)

# Live tables (rules/live/): each table's sockets share a group on the channel layer. With Redis (CHANNEL_LAYER_URL,
# else REDIS_URL, else the lab's CELERY_BROKER_URL, which `make run` sets) every server process reaches every socket;
# without it, the in-memory layer serves one process. rules/live/layer.py keeps idle sockets open (its reads outwait
# the layer's blocking ones) and sockets alive through a Redis outage; rules/live/watch.py resubscribes them after one.
CHANNEL_LAYER_URL = env("CHANNEL_LAYER_URL") or env("REDIS_URL") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "")


def channel_layers_for(url: str) -> dict:
    """Return CHANNEL_LAYERS for a Redis URL (or none: the in-memory layer)."""
    if not url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    return {"default": {"BACKEND": "rules.live.layer.LiveChannelLayer",
                        "CONFIG": {"hosts": [url], "prefix": "cataclysm-live", "capacity": 500, "expiry": 30}}}


CHANNEL_LAYERS = channel_layers_for(CHANNEL_LAYER_URL)
