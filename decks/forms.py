"""Forms of the deck pages: the deck search, and the small POST forms (fork, restore, delete) of the deck page."""
from django import forms


class DeckSearchForm(forms.Form):
    """Find decks by Hero, by a card they run, or by words in their name."""

    hero = forms.ChoiceField(required=False, label="Hero")
    card = forms.CharField(required=False, max_length=120, label="Runs card",
                           widget=forms.TextInput(attrs={"placeholder": "Card name or slug", "list": "card-names"}))
    q = forms.CharField(required=False, max_length=100, label="Name",
                        widget=forms.TextInput(attrs={"placeholder": "Words in the deck name"}))
    faction = forms.ChoiceField(required=False, label="Faction")
    tag = forms.ChoiceField(required=False, label="Tag")
    sort = forms.ChoiceField(required=False, label="Sort")
    buildable = forms.BooleanField(required=False, label="Buildable from my collection")

    def __init__(self, *args, heroes=(), factions=(), tags=(), sorts=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hero"].choices = [("", "Any Hero"), *heroes]
        self.fields["faction"].choices = [("", "Any faction"), *factions]
        self.fields["tag"].choices = [("", "Any tag"), *tags]
        self.fields["sort"].choices = list(sorts)


class ForkForm(forms.Form):
    name = forms.CharField(required=False, max_length=100)


class RestoreForm(forms.Form):
    version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class CompareForm(forms.Form):
    """Choose two versions of a deck to compare."""

    a = forms.IntegerField(min_value=1, label="From version")
    b = forms.IntegerField(min_value=1, label="To version")


MAX_IMPORT_BYTES = 200_000


class CollectionImportForm(forms.Form):
    """A collection pasted or uploaded as text or CSV, added to what the player owns or replacing it."""

    text = forms.CharField(required=False, label="Paste a list or CSV", max_length=MAX_IMPORT_BYTES,
                           widget=forms.Textarea(attrs={"rows": 6, "placeholder": "3 Kalen Vos\n1 Dr. Veylan\n…"}))
    file = forms.FileField(required=False, label="…or upload a .csv or .txt file")
    mode = forms.ChoiceField(label="The cards in it", initial="add", widget=forms.RadioSelect, choices=[
        ("add", "Add them to my collection"), ("replace", "Replace my whole collection with them"),
    ])

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None:
            if upload.size > MAX_IMPORT_BYTES:
                raise forms.ValidationError(f"The file is larger than {MAX_IMPORT_BYTES // 1000} kB.")
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError("The file is not UTF-8 text; save it as CSV (UTF-8) and try again.") \
                    from None
        if not (data.get("text") or "").strip():
            raise forms.ValidationError("Paste a list or choose a file to import.")
        return data


class OwnedCountForm(forms.Form):
    count = forms.IntegerField(min_value=0, max_value=99, label="Copies you own")


class CommentForm(forms.Form):
    body = forms.CharField(label="Add a comment", max_length=4000, widget=forms.Textarea(attrs={
        "rows": 4, "placeholder": "Markdown: **bold**, *italic*, lists; [[Kalen Vos]] links a card."}),
        error_messages={"required": "Write something before posting."})


class ReportForm(forms.Form):
    reason = forms.CharField(label="What is wrong with it?", max_length=500,
                             error_messages={"required": "Say what is wrong with the comment."})


class TagsForm(forms.Form):
    tags = forms.CharField(label="Tags", required=False, max_length=300,
                           help_text="Comma-separated, at most 8: aggro, budget, combo…")
