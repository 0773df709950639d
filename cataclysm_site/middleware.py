"""Site-wide answers no single view should have to give: CSP header, oversize, chunked and unusable JSON bodies, NUL
bytes, database outages."""
import json
import logging

from django.conf import settings
from django.db.utils import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.html import escape

from cards.catalogue import CatalogueNotLoaded

logger = logging.getLogger(__name__)

API_PREFIX = "/api/"
DATABASE_RETRY_AFTER_SECONDS = 5
DATABASE_UNAVAILABLE = "The database is unavailable right now. Please try again in a few seconds."
CATALOGUE_NOT_LOADED = ("The card catalogue is not loaded on this site yet, so no game can be dealt. The site's "
                        "operator runs `python manage.py load_catalogue` (`make run` does it).")
REQUEST_TOO_LARGE = "The request body is {size} bytes; this site accepts at most {limit} bytes."
NUL_IN_PATH = "No page at this address."
NUL_IN_QUERY = "The query string contains a NUL character (%00), which no parameter may hold."
NUL_IN_BODY = "The request body contains a NUL character (\\u0000), which no field may hold."
JSON_ESCAPED_NUL = b"\\u0000"
LENGTH_REQUIRED = ("This site reads a request body only with a Content-Length header; send the body in one piece "
                   "rather than with Transfer-Encoding: chunked.")
# No request of the API nests deeper than 4 (a list of objects in an object): 32 leaves room and stays far from
# Python's recursion limit, which a deeper document reaches in the JSON decoder itself (a RecursionError, a 500).
MAX_JSON_DEPTH = 32
JSON_TOO_DEEP = f"The JSON body nests arrays and objects more than {MAX_JSON_DEPTH} levels deep."
LONE_SURROGATE = ("The JSON body holds a lone UTF-16 surrogate (\\ud800-\\udfff not in a pair), which is no "
                  "character: no text can be stored or shown with it.")


def wants_json(request) -> bool:
    """Tell whether to answer in the API's JSON error shape rather than a page."""
    if request.path.startswith(API_PREFIX):
        return True
    accept = request.headers.get("Accept", "")
    return "application/json" in accept and "text/html" not in accept


def error_response(request, status: int, code: str, message: str) -> HttpResponse:
    """Answer with `{"code", "message"}` for API clients, a short page for people."""
    if wants_json(request):
        return JsonResponse({"code": code, "message": message}, status=status)
    # No request: the page must render without the database (a 503 answers an outage), so no user in the header.
    try:
        page = render_to_string("error.html", {"message": message})
    except Exception:  # noqa: BLE001 - an error answer must never fail itself (e.g. static files not collected)
        logger.exception("The error page could not be rendered; answering with a bare one")
        page = (
            '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cataclysm Codex</title></head>'
            f"<body><h1>Sorry</h1><p>{escape(message)}</p></body></html>"
        )
    return HttpResponse(page, status=status, content_type="text/html; charset=utf-8")


class ContentSecurityPolicyMiddleware:
    """Send CONTENT_SECURITY_POLICY with every response that has not set its own.

    Not django-csp's middleware: the policy is one header string (DJANGO_CONTENT_SECURITY_POLICY, sent as written),
    while django-csp builds it from a dict of directives it knows: a string would need parsing into that dict, a
    directive it does not list would be dropped without a word, it adds `default-src 'self'` to a policy that left it
    out, and it sends no header on 404 and 500 pages with DEBUG on. Nothing here needs what it adds (nonces, per-view
    decorators).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        header = (
            "Content-Security-Policy-Report-Only"
            if settings.CONTENT_SECURITY_POLICY_REPORT_ONLY
            else "Content-Security-Policy"
        )
        if policy and header not in response.headers:
            response.headers[header] = policy
        return response


class RequestSizeLimitMiddleware:
    """Refuse an oversize body with 413 before anything reads it: DRF's parsers never check the size themselves."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            size = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            size = 0  # as Django itself reads a malformed length
        is_upload = request.content_type == "multipart/form-data"
        limit = settings.MAX_UPLOAD_SIZE if is_upload else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if limit is not None and size > limit:
            return error_response(
                request, 413, "request_too_large", REQUEST_TOO_LARGE.format(size=size, limit=limit)
            )
        return self.get_response(request)


def holds_nul(value) -> bool:
    """Tell whether NUL is in any string (or key) of a decoded JSON document."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(holds_nul(key) or holds_nul(item) for key, item in value.items())
    if isinstance(value, list):
        return any(holds_nul(item) for item in value)
    return False


def body_holds_nul(request) -> bool:
    """Tell whether a JSON or form body carries NUL (multipart uploads are files: they may hold any byte)."""
    if request.content_type == "application/x-www-form-urlencoded":
        return b"\x00" in request.body or b"%00" in request.body
    if request.content_type != "application/json" and not request.content_type.endswith("+json"):
        return False
    body = request.body
    if b"\x00" in body:
        return True
    if JSON_ESCAPED_NUL not in body:
        return False
    try:
        return holds_nul(json.loads(body))
    except ValueError:
        return False  # the view's parser refuses it with its own message


class NulCharacterMiddleware:
    """Refuse NUL in the path (404), the query string or a body (400): PostgreSQL text cannot hold it (a 500)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path:
            return error_response(request, 404, "not_found", NUL_IN_PATH)
        if any("\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists()):
            return error_response(request, 400, "bad_request", NUL_IN_QUERY)
        if body_holds_nul(request):
            return error_response(request, 400, "bad_request", NUL_IN_BODY)
        return self.get_response(request)


def json_problem(body: bytes) -> tuple[str, str] | None:
    """Return `(code, message)` when a JSON body nests too deeply or holds a lone surrogate; None otherwise.

    Python's decoder accepts both, and each becomes a 500 further on: a RecursionError in the decoder, or a
    UnicodeEncodeError wherever the text is encoded (the database, a response that repeats it). A body that is not
    JSON at all is left to the view's parser, which explains that in its own words. Cheap for the usual body: one
    that cannot nest deeply and holds no escape is not decoded here.
    """
    if body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH and b"\\u" not in body and b"\xed" not in body:
        return None
    try:
        document = json.loads(body)
    except RecursionError:
        return "too_deep", JSON_TOO_DEEP
    except ValueError:
        return None
    pending = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if any("\ud800" <= char <= "\udfff" for char in value):
                return "bad_text", LONE_SURROGATE
        elif isinstance(value, (list, dict)):
            if depth > MAX_JSON_DEPTH:
                return "too_deep", JSON_TOO_DEEP
            items = value.items() if isinstance(value, dict) else enumerate(value)
            pending.extend((item, depth + 1) for pair in items for item in pair if not isinstance(item, int))
    return None


class RequestBodyMiddleware:
    """Refuse a body no view can read correctly: chunked (411) or JSON that is too deep or holds lone surrogates
    (400), for every view at once, so that no endpoint has to remember it.

    Django reads the body only up to CONTENT_LENGTH: without one (Transfer-Encoding: chunked) it would read an empty
    body and answer as if nothing had been sent.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower():
            return error_response(request, 411, "length_required", LENGTH_REQUIRED)
        if request.content_type == "application/json" or request.content_type.endswith("+json"):
            problem = json_problem(request.body)
            if problem is not None:
                return error_response(request, 400, *problem)
        return self.get_response(request)


class DatabaseUnavailableMiddleware:
    """Answer 503 with Retry-After when the database is locked or unreachable, instead of a 500; and 503 with what to
    run when the database was migrated but the card catalogue never loaded (a game needs its cards).

    Django closes a connection that errored at the end of the request, so the next request connects afresh.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, CatalogueNotLoaded):
            logger.error("Catalogue not loaded on %s %s", request.method, request.path, exc_info=exception)
            return error_response(request, 503, exception.code, CATALOGUE_NOT_LOADED)
        if not isinstance(exception, (OperationalError, InterfaceError)):
            return None
        logger.error("Database unavailable on %s %s", request.method, request.path, exc_info=exception)
        response = error_response(request, 503, "database_unavailable", DATABASE_UNAVAILABLE)
        response["Retry-After"] = str(DATABASE_RETRY_AFTER_SECONDS)
        return response
