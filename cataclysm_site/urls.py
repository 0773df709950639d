"""Root URLs: each app owns its pages (`<app>/urls.py`) and its API (`<app>/api_urls.py`)."""
from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

# schema: importing it registers the OpenAPI schema's extensions, which are read with these URLs.
from cataclysm_site import accounts, health, schema  # noqa: F401

# The admin modules register here rather than at start-up (settings use SimpleAdminConfig): a command that serves
# no page, such as `manage.py goldfish`, does not import them and all they pull in.
admin.autodiscover()

# Whose API and pages are served, in the order their patterns are tried (cards last: its home page is "").
API_APPS = ("cards", "decks", "rules", "rules.live", "rules.feedback")
PAGE_APPS = ("decks", "rules.goldfish", "rules.versus", "rules.live", "rules.lab", "rules.feedback", "cards")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", health.healthz, name="healthz"),
    path("api/ping/", health.ping, name="api-ping"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/", accounts.account, name="account"),
    path("accounts/delete/", accounts.account_delete, name="account-delete"),
    path("accounts/password_reset/", accounts.LimitedPasswordResetView.as_view(), name="password_reset"),
    path("accounts/reset/<uidb64>/<token>/", accounts.UnlockingPasswordResetConfirmView.as_view(),
         name="password_reset_confirm"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    *(path("api/", include(f"{app}.api_urls")) for app in API_APPS),
    *(path("", include(f"{app}.urls")) for app in PAGE_APPS),
] + static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

handler404 = "cataclysm_site.error_pages.not_found"
handler500 = "cataclysm_site.error_pages.server_error"
