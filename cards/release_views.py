"""Pages of the releases (issue 32): the list of releases, one release's patch notes with each changed card's face
before and after, a card's face as a release has it (drawn from the release's snapshot), and the staff page that
publishes the draft. Thin views over `cards.release_pages` and `cards.release_draft`; an unknown release or card is
the site's 404 page."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.utils.cache import patch_cache_control
from django.utils.http import parse_etags
from django.views.decorators.http import require_http_methods, require_safe

from .models import Release
from .release_draft import PublishForm, draft_review, publish_from, reason_field
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


@require_http_methods(["GET", "HEAD", "POST"])
def release_publish(request):
    """Staff: the draft's changes against the current release and the form that publishes it (the same
    `cards.releases.publish` as `manage.py publish_release`), then the new release's patch notes."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not request.user.is_staff:
        raise PermissionDenied("Only designers (staff) publish releases.")
    review = draft_review()
    if request.method == "POST":
        form = PublishForm(request.POST, cards=review["cards"])
        release = publish_from(form)
        if release is not None:
            messages.success(request, f"Published {release.name}: it is the current release.")
            return redirect("cards:release", release.slug)
        form.data = form.data.copy()  # the page shows the draft as it is now: publishing again publishes that
        form.data["draft_hash"] = review["draft_hash"]
    else:
        form = PublishForm(cards=review["cards"], initial={"draft_hash": review["draft_hash"]})
    for entry in review["cards"]:
        entry["reason_field"] = form[reason_field(entry["slug"])]
    return render(request, "cards/release_publish.html", {"review": review, "form": form},
                  status=400 if form.errors else 200)
