"""Forms of the deck pages: the deck search, and the small POST forms (fork, restore, delete) of the deck page."""
from django import forms


class DeckSearchForm(forms.Form):
    """Find decks by Hero, by a card they run, or by words in their name."""

    hero = forms.ChoiceField(required=False, label="Hero")
    card = forms.CharField(required=False, max_length=120, label="Runs card",
                           widget=forms.TextInput(attrs={"placeholder": "Card name or slug", "list": "card-names"}))
    q = forms.CharField(required=False, max_length=100, label="Name",
                        widget=forms.TextInput(attrs={"placeholder": "Words in the deck name"}))

    def __init__(self, *args, heroes=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hero"].choices = [("", "Any Hero"), *heroes]


class ForkForm(forms.Form):
    name = forms.CharField(required=False, max_length=100)


class RestoreForm(forms.Form):
    version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class CompareForm(forms.Form):
    """Choose two versions of a deck to compare."""

    a = forms.IntegerField(min_value=1, label="From version")
    b = forms.IntegerField(min_value=1, label="To version")
