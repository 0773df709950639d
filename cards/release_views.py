"""Pages of the releases (issue 32): the list of releases, one release's patch notes with each changed card's face
before and after, and a card's face as a release has it (drawn from the release's snapshot). Thin views over
`cards.release_pages`; an unknown release or card is the site's 404 page."""
from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from django.views.decorators.http import require_safe

from .models import Release
from .release_pages import changes_of, face_hash, patch_notes, release_png
from .releases import ReleaseError, get_release
from .render import RENDER_VERSION, SIZES
from .views import IMMUTABLE_SECONDS, REVALIDATE_SECONDS


def _release_or_404(slug: str) -> Release:
    try:
        return get_release(slug)
    except ReleaseError as exc:
        raise Http404(exc.message) from None


@require_safe
def release_list(request):
    """Every release, newest first: its name, date, notes, how many cards it changed, and which is current."""
    releases = list(Release.objects.select_related("previous"))
    rows = [{"release": r, "changed": len(changes_of(r)["cards"])} for r in releases]
    return render(request, "cards/releases.html", {"rows": rows})


@require_safe
def release_detail(request, slug: str):
    """A release's patch notes: each changed card's face before and after, its fields old → new and the reason."""
    release = _release_or_404(slug)
    return render(request, "cards/release.html", {"release": release, "notes": patch_notes(release)})


@require_safe
def release_card_image(request, slug: str, card: str, size: str):
    """Serve a card's face as the release has it; `?v=<digest>` (as the pages link it) caches for a year."""
    if size not in SIZES:
        raise Http404("No such image size.")
    release = _release_or_404(slug)
    digest = face_hash(release, card)
    if digest is None:
        raise Http404(f"{release.name} has no card '{card}'.")
    etag = f'"{release.slug}-{digest}-{size}-r{RENDER_VERSION}"'
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(release_png(release, card, digest, size), content_type="image/png")
    response["ETag"] = etag
    if request.GET.get("v") == digest:
        patch_cache_control(response, public=True, max_age=IMMUTABLE_SECONDS, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=REVALIDATE_SECONDS)
    return response
