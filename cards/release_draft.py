"""The staff page that publishes the draft (issue 32; docs/designers/releases.md): what the draft changes against
the current release, shown as the patch notes will show it (each card's face before and after, its fields old → new),
and the form asking for the release's name, notes and a reason per changed card.

Publishing itself is `cards.releases.publish`, the one function `publish_release` calls too: this module only reads
the draft and turns the function's refusals into the form's errors.
"""
from __future__ import annotations

from typing import Any

from django import forms

from rules.engine.catalogue import data_hash, slugify

from .catalogue import database_data
from .models import Card, Release
from .release_pages import face_hashes, face_url, field_rows
from .releases import ReleaseError, card_changes, publish, release_data

# Which field a refusal is about (the others are the page's: nothing to publish, the draft moved on, a race).
FIELD_OF_CODE = {"release_name_missing": "name", "release_exists": "name", "release_slug_reserved": "slug"}


def draft_review() -> dict[str, Any]:
    """The draft against the current release: `unchanged` (nothing to publish), the draft's hash, and the cards it
    adds, changes and removes — each with its name, its fields' rows and the faces before (the release's) and after
    (the draft's, as /cards/<slug>/image.png draws it)."""
    current = Release.objects.filter(current=True).first()
    data = database_data()
    hash_ = data_hash(data)
    review: dict[str, Any] = {"current": current, "draft_hash": hash_, "cards": [],
                              "unchanged": current is not None and current.data_hash == hash_,
                              "changed": [], "added": [], "removed": []}
    if review["unchanged"]:
        return review
    old = release_data(current) if current is not None else None
    changes = card_changes(old, data)
    slugs = [row["card"] for row in changes]
    names = {raw.get("slug") or slugify(raw["name"]): raw["name"] for raw in [*(old["cards"] if old else []), *data["cards"]]}
    before = face_hashes(current, slugs) if current is not None else {}
    after = dict(Card.objects.filter(slug__in=slugs).values_list("slug", "content_hash"))
    for row in changes:
        slug, change = row["card"], row["change"]
        entry = {"slug": slug, "name": names.get(slug, slug), "change": change,
                 "fields": [r for f, (was, now) in row["fields"].items() for r in field_rows(f, was, now)]}
        size = "full" if change == "changed" else "thumb"
        if change != "added":
            entry["before"] = face_url(current, slug, size, before[slug])
        if change != "removed":
            entry["after"] = f"/cards/{slug}/{'image' if size == 'full' else 'thumb'}.png?v={after.get(slug, '')}"
        review[change].append(entry)
    for change in ("changed", "added", "removed"):
        review[change].sort(key=lambda e: e["name"])
        review["cards"] += review[change]
    return review


class PublishForm(forms.Form):
    """The release's name (its slug made from it unless given), notes, the draft's hash as reviewed, and one
    optional reason per card the draft changes (`reason-<slug>`)."""

    name = forms.CharField(max_length=80, required=False, help_text='Such as "Playtest 1.1".')
    slug = forms.SlugField(max_length=80, required=False, help_text="Its address; empty: made from the name.")
    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False,
                            help_text="The patch notes: what this release is about.")
    draft_hash = forms.CharField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, cards: list[dict] = (), **kwargs):
        super().__init__(*args, **kwargs)
        for entry in cards:
            self.fields[reason_field(entry["slug"])] = forms.CharField(
                label=f"Why {entry['name']} changed" if entry["change"] == "changed"
                else f"Why {entry['name']} is {entry['change']}",
                widget=forms.Textarea(attrs={"rows": 2}), required=False, max_length=2000)

    def reasons(self) -> dict[str, str]:
        """The reasons given, by card slug (an empty one is none)."""
        prefix = reason_field("")
        return {name[len(prefix):]: value for name, value in self.cleaned_data.items()
                if name.startswith(prefix) and value}


def reason_field(slug: str) -> str:
    return f"reason-{slug}"


def publish_from(form: PublishForm) -> Release | None:
    """Publish the draft with the form's name, notes and reasons (`cards.releases.publish`); on a refusal, put its
    message and code on the form (on the field it is about) and return None: nothing was written."""
    if not form.is_valid():
        return None
    data = form.cleaned_data
    try:
        return publish(data["name"], data["notes"], form.reasons(), slug=data["slug"] or None,
                       expect_hash=data["draft_hash"] or None)
    except ReleaseError as exc:
        field = FIELD_OF_CODE.get(exc.code)
        if field == "slug" and not data["slug"]:  # the slug made from the name: the name is what to change
            field = "name"
        elif exc.code == "release_exists" and data["slug"] and Release.objects.filter(slug=data["slug"]).exists():
            field = "slug"
        form.add_error(field, forms.ValidationError(f"{exc.message} ({exc.code})", code=exc.code))
        return None
