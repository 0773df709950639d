"""Every response carries the security headers; HTTPS is enforced when configured; pages stay CSP-clean."""
import re
from pathlib import Path

import pytest
from django.template import engines

ROOT = Path(__file__).resolve().parents[2]


def assert_security_headers(response):
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy


@pytest.mark.django_db
@pytest.mark.urls("tests.production.urls")
def test_a_page_carries_the_security_headers(client):
    response = client.get("/page/")
    assert response.status_code == 200
    assert_security_headers(response)


@pytest.mark.django_db
def test_probes_carry_the_security_headers(client):
    assert_security_headers(client.get("/healthz"))
    assert_security_headers(client.get("/api/ping/"))


def test_csp_report_only_mode_reports_instead_of_blocking(client, settings):
    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = True
    response = client.get("/api/ping/")
    assert "Content-Security-Policy" not in response
    assert "default-src 'self'" in response["Content-Security-Policy-Report-Only"]


def test_hsts_is_sent_on_https_when_configured(client, settings):
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    response = client.get("/api/ping/", secure=True)
    assert response["Strict-Transport-Security"] == "max-age=3600; includeSubDomains"


@pytest.mark.django_db
def test_ssl_redirect_sends_plain_http_to_https_except_the_health_probe(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    response = client.get("/api/ping/")
    assert response.status_code == 301
    assert response["Location"] == "https://testserver/api/ping/"
    assert client.get("/healthz").status_code == 200


def test_a_tls_terminating_proxy_is_trusted_only_when_configured(client, settings):
    settings.SECURE_SSL_REDIRECT = True
    assert client.get("/api/ping/", HTTP_X_FORWARDED_PROTO="https").status_code == 301
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert client.get("/api/ping/", HTTP_X_FORWARDED_PROTO="https").status_code == 200


# What a Content-Security-Policy of 'self' blocks in a page: inline code and styles, and other origins' files.
CSP_BREAKERS = {
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I),
    "inline <style>": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"\sstyle\s*=", re.I),
    "event handler attribute": re.compile(r"\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"javascript:", re.I),
    "file from another origin": re.compile(
        r"""<(?:script|img|iframe|audio|video|source|link|form)\b[^>]*\b(?:src|href|action)\s*=\s*["']?(?:https?:)?//""",
        re.I,
    ),
}


def site_templates():
    """Every template of the site's own, wherever Django reads it: templates/ and each app's folder (a game mode's
    pages are in rules/<mode>/templates/), not those of the packages installed in .venv."""
    folders = [Path(folder) for folder in engines["django"].template_dirs]
    return sorted(path for folder in folders if folder.is_relative_to(ROOT) and ".venv" not in folder.parts
                  for path in folder.rglob("*.html"))


def test_templates_need_nothing_the_content_security_policy_blocks():
    breaches = [
        f"{path.relative_to(ROOT)}:{number}: {what}"
        for path in site_templates()
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        for what, pattern in CSP_BREAKERS.items()
        if pattern.search(line)
    ]
    assert site_templates(), "no templates found"
    assert breaches == []
