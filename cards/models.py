"""The card catalogue: the rulebook's tables and every card, as loaded from `cards/data/*.yaml`.

The YAML files are the source of truth (`load_catalogue` / `export_catalogue`); the database is their editable,
searchable copy. Derived columns (`text`, `cost_total`, `hp`/`charge` of People, Scenes and Batteries,
`content_hash`) are written by `cards.services`, never by hand; the search words columns follow the name, text and
flavor on every save.
"""
from django.conf import settings
from django.db import models
from django.db.models import Prefetch, Q

from .text_search import WordsField, words_of


class Civilization(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=40, unique=True)
    equipment_type = models.CharField(max_length=20, help_text="The card type this civilization equips.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "slug"]

    def __str__(self):
        return self.name


class Ideology(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=40, unique=True)
    blurb = models.CharField(max_length=200, blank=True)
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "slug"]
        verbose_name_plural = "ideologies"

    def __str__(self):
        return self.name


class EnergyType(models.Model):
    code = models.CharField(max_length=4, unique=True)
    name = models.CharField(max_length=40, unique=True)
    civilization = models.ForeignKey(
        Civilization, null=True, blank=True, on_delete=models.PROTECT, related_name="energy_types"
    )
    tone = models.CharField(max_length=10, blank=True, help_text="dark or light; blank for Colorless.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "code"]

    def __str__(self):
        return f"{self.name} ({self.code})"


class Faction(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=80)
    civilization = models.ForeignKey(Civilization, on_delete=models.PROTECT, related_name="factions")
    ideology = models.ForeignKey(Ideology, on_delete=models.PROTECT, related_name="factions")
    energy_types = models.ManyToManyField(EnergyType, related_name="factions", help_text="Energies its cards may name.")
    faction_energy = models.ForeignKey(EnergyType, on_delete=models.PROTECT, related_name="+")
    secondary_energy = models.ForeignKey(EnergyType, on_delete=models.PROTECT, related_name="+")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order", "slug"]
        constraints = [
            models.UniqueConstraint(fields=["civilization", "ideology"], name="faction_unique_civilization_ideology"),
        ]

    def __str__(self):
        return self.name


class Rarity(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=20, unique=True)
    order = models.PositiveSmallIntegerField(default=0, help_text="Common < Uncommon < Rare, for r>=uncommon.")
    person_hp = models.PositiveSmallIntegerField()
    summon_cost = models.JSONField(default=dict, help_text="People and Scenes: F/S/CE counts.")
    scene_charge = models.PositiveSmallIntegerField()
    battery_cost = models.JSONField(default=dict)
    battery_counters = models.PositiveSmallIntegerField()
    instant_cost = models.JSONField(default=dict)
    legacy_multiplier = models.PositiveSmallIntegerField()
    legacy_value = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]
        verbose_name_plural = "rarities"

    def __str__(self):
        return self.name


class CardType(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=20, unique=True)
    in_deck = models.BooleanField(help_text="Whether cards of this type may go in a player's deck.")
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.name


class Keyword(models.Model):
    slug = models.SlugField(unique=True)
    name = models.CharField(max_length=40, unique=True)
    category = models.CharField(max_length=20)
    takes_amount = models.BooleanField(help_text="Whether the keyword takes a number X.")
    reminder = models.TextField()
    order = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["order"]

    def __str__(self):
        return self.name


def search_words(name: str, text: str, flavor: str) -> dict[str, str]:
    """Return a card's search columns (cards.text_search) for its name, rules text and flavor; bulk writes, which
    bypass `Card.save`, set them from here too."""
    return {"name_words": words_of(name), "text_words": words_of(text), "flavor_words": words_of(flavor)}


class CardQuerySet(models.QuerySet):
    def in_faction(self, faction):
        """Cards of one faction (a Faction or its slug)."""
        if isinstance(faction, Faction):
            return self.filter(faction=faction)
        return self.filter(faction__slug=faction)

    def heroes(self):
        return self.filter(type__slug="hero")

    def pyramid(self):
        return self.filter(type__slug="pyramid")

    def in_deck(self):
        """Cards of the types a deck may hold (no Heroes, no Pyramid cards)."""
        return self.filter(type__in_deck=True)

    def with_related(self):
        """Fetch everything the API and the pages show, in a fixed number of queries."""
        return self.select_related(
            "type", "rarity", "produces", "faction__civilization", "faction__ideology",
        ).prefetch_related(
            Prefetch("costs", queryset=CardCost.objects.select_related("energy").order_by("energy__order")),
            Prefetch("abilities", queryset=Ability.objects.select_related("keyword").order_by("order")),
        )


class Card(models.Model):
    slug = models.SlugField(max_length=120, unique=True)
    name = models.CharField(max_length=120, unique=True)
    type = models.ForeignKey(CardType, on_delete=models.PROTECT, related_name="cards")
    faction = models.ForeignKey(Faction, null=True, blank=True, on_delete=models.PROTECT, related_name="cards")
    rarity = models.ForeignKey(Rarity, null=True, blank=True, on_delete=models.PROTECT, related_name="cards")
    hp = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Printed on Heroes; People take theirs from the rarity table."
    )
    charge = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Derived: Scene entering charge, Battery counters, equipment capacity."
    )
    produces = models.ForeignKey(
        EnergyType, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
        help_text="Energy cards: the energy one tap makes.",
    )
    flavor = models.TextField(blank=True)
    art = models.ImageField(upload_to="card-art/", blank=True)
    text = models.TextField(blank=True, editable=False, help_text="Generated from the abilities.")
    cost_total = models.PositiveSmallIntegerField(default=0, editable=False)
    content_hash = models.CharField(max_length=16, blank=True, editable=False, db_index=True)
    position = models.PositiveIntegerField(default=0, help_text="Order in the data file.")
    # The words of name, text and flavor, normalized for search (cards.text_search): derived, like `text`.
    name_words = WordsField()
    text_words = WordsField()
    flavor_words = WordsField()
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    objects = CardQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=Q(hp__isnull=True) | Q(hp__gt=0), name="card_hp_positive"),
            models.CheckConstraint(
                condition=~Q(slug=""), name="card_slug_not_empty",
            ),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        """Save, keeping the search words in step with the name, text and flavor however the card was edited."""
        words = search_words(self.name, self.text, self.flavor)
        for column, value in words.items():
            setattr(self, column, value)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], *words}
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return f"/cards/{self.slug}/"

    @property
    def image_url(self) -> str:
        return f"/cards/{self.slug}/image.png?v={self.content_hash}"

    @property
    def thumb_url(self) -> str:
        return f"/cards/{self.slug}/thumb.png?v={self.content_hash}"

    @property
    def cost(self) -> dict[str, int]:
        """Return the cost as energy code -> amount (uses prefetched costs)."""
        return {c.energy.code: c.amount for c in sorted(self.costs.all(), key=lambda c: c.energy.order)}


class CardCost(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="costs")
    energy = models.ForeignKey(EnergyType, on_delete=models.PROTECT, related_name="+")
    amount = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["energy__order"]
        constraints = [
            models.UniqueConstraint(fields=["card", "energy"], name="cardcost_unique_energy"),
            models.CheckConstraint(condition=Q(amount__gt=0), name="cardcost_amount_positive"),
        ]

    def __str__(self):
        return f"{self.amount}{self.energy.code}"


class Trigger(models.TextChoices):
    """When an ability happens (cards/data/SCHEMA.md, "Triggers"); the engine gives each its meaning."""

    ENTERS = "enters", "When card enters play"
    USE = "use", "Use"
    REACTION = "reaction", "Reaction (once per turn)"
    PASSIVE = "passive", "Passive"
    INSTANT = "instant", "Instant"
    PYRAMID = "pyramid", "Pyramid"


class Ability(models.Model):
    Trigger = Trigger

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="abilities")
    order = models.PositiveSmallIntegerField(default=0)
    trigger = models.CharField(max_length=10, choices=Trigger.choices)
    keyword = models.ForeignKey(Keyword, on_delete=models.PROTECT, related_name="abilities")
    amount = models.PositiveSmallIntegerField(null=True, blank=True, help_text="X, for keywords that take one.")
    target = models.CharField(max_length=30, default="none", help_text="A target kind from keywords.yaml.")
    cost = models.JSONField(
        default=dict, blank=True, help_text='Activation cost: {"DC": 1, "charge": 1}.'
    )
    synergy = models.PositiveSmallIntegerField(default=0, help_text="On-The-Fence Synergy bonus.")
    text = models.TextField(blank=True, editable=False, help_text="Generated.")

    class Meta:
        ordering = ["card", "order"]
        verbose_name_plural = "abilities"
        constraints = [
            models.UniqueConstraint(fields=["card", "order"], name="ability_unique_order"),
            models.CheckConstraint(
                condition=Q(amount__isnull=True) | Q(amount__gt=0), name="ability_amount_positive"
            ),
            models.CheckConstraint(
                condition=Q(trigger__in=Trigger.values), name="ability_trigger_valid"
            ),
        ]

    def __str__(self):
        return self.text or f"{self.trigger}: {self.keyword_id} {self.amount or ''}".strip()


class ReleaseImmutable(ValueError):
    """A published release was about to change: its snapshot is what old games replay under, forever."""

    code = "release_immutable"


class Release(models.Model):
    """A named, immutable snapshot of the whole card set (cards, Pyramid deck, rulebook tables, keywords, variants).

    `payload` is the exact mapping the engine compiles (`rules.engine.catalogue.compile_catalogue`), as YAML text
    (not JSON: the rulebook's tables have number keys, which JSON turns into text), and `data_hash` is that
    mapping's `data_hash`, the same hash every game records: a game maps to the release it was played under by it.
    Exactly one release is current (a partial unique index, flipped by `cards.releases.publish` in one transaction);
    nothing else about a release changes once written.
    """

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=80, unique=True)
    published_at = models.DateTimeField(db_index=True)
    notes = models.TextField(blank=True)
    data_hash = models.CharField(max_length=64, db_index=True, help_text="The card set's hash, as games record it.")
    payload = models.TextField(help_text="The card set as the engine compiles it (YAML text, written once).")
    reasons = models.JSONField(default=dict, blank=True, help_text="Why each card changed: card slug -> reason.")
    previous = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                 help_text="The release this one was published over (none: the first).")
    current = models.BooleanField(default=False)

    class Meta:
        ordering = ["-published_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["current"], condition=Q(current=True), name="release_one_current"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        """Write a new release, or flip `current`; refuse any other change of a published one."""
        if self.pk is not None and set(kwargs.get("update_fields") or ()) != {"current"}:
            raise ReleaseImmutable(f"Release {self.name!r} is published: it cannot be edited (publish a new one).")
        super().save(*args, **kwargs)


class ReleaseEvidence(models.Model):
    """A measurement offered as the reason for a card's next published change (issue 32): a finished paired errata
    study of the lab whose errata a designer added to the draft. It waits (`release` empty) until a release that
    changes the card is published, which takes it (`cards.releases.publish`); the release's changelog then links the
    study and its measured effect. The study is named by id, not a foreign key: the cards app does not depend on the
    lab's."""

    card = models.SlugField(max_length=80, db_index=True)
    study = models.CharField(max_length=32, db_index=True, help_text="The lab study's id (rules.Simulation).")
    title = models.CharField(max_length=200, blank=True, help_text="The study's title, as it was applied.")
    url = models.CharField(max_length=200, help_text="The study's page.")
    effect = models.JSONField(default=dict, help_text="The measured effect: measure, mean, interval, games.")
    added_at = models.DateTimeField(auto_now_add=True)
    added_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                 related_name="+")
    release = models.ForeignKey(Release, null=True, blank=True, on_delete=models.PROTECT, related_name="evidence",
                                help_text="The release that published the change (empty: pending, in the draft).")

    class Meta:
        ordering = ["added_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["card", "study"], name="evidence_once_per_card_and_study")]

    def __str__(self):
        return f"Study {self.study} for {self.card}"

    def as_dict(self) -> dict:
        return {"study": self.study, "title": self.title, "url": self.url, "effect": self.effect}


class CardNote(models.Model):
    """A player's playtest note on a card, tagged with the release it is about (issue 32: what players saw).

    The card is its slug, not a foreign key: a note stays with the release it was written under even when a later
    release renames or removes the card. The game given as evidence is a live table's or a goldfish game's id (the
    rules app checks it is the author's own or public when the note is written: `rules.feedback.services`).
    `addressed_by` is the release a designer marked as answering the note."""

    class GameKind(models.TextChoices):
        LIVE = "live", "Live table"
        GOLDFISH = "goldfish", "Goldfish game"

    card = models.SlugField(max_length=120, db_index=True)
    release = models.ForeignKey(Release, on_delete=models.PROTECT, related_name="card_notes")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_notes")
    text = models.TextField(help_text="Markdown, rendered and sanitized like deck comments.")
    game_kind = models.CharField(max_length=10, choices=GameKind.choices, blank=True)
    game_id = models.CharField(max_length=32, blank=True, help_text="The evidence: a live table's or goldfish game's id.")
    created_at = models.DateTimeField(auto_now_add=True)
    addressed_by = models.ForeignKey(Release, null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                     help_text="The release that answers the note (none: open).")

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["card", "release"], name="card_note_card_release")]

    def __str__(self):
        return f"Note on {self.card} ({self.release_id}) by {self.author_id}"
