"""Pages of the card database: home, the searchable catalogue, the search help, card pages and card images."""
from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.html import escape
from django.utils.http import parse_etags
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_safe

from decks import proxies
from decks.selectors import owned_count  # the collection lives with the decks
from rules.engine.catalogue import CardDef, Catalogue

from .catalogue import catalogue_version, get_catalogue
from .images import card_png
from .models import Card, CardType, Civilization, EnergyType, Faction, Ideology, Keyword, Rarity
from .release_pages import browsed_release, card_history, listed_cards, searched_in_python
from .release_search import search_release
from .releases import ReleaseError
from .render import RENDER_VERSION, SIZES, type_line
from .render.text import keyword_pattern
from .rules_text import reminder_texts
from .rulings import rulings_for
from .search import FIELDS, QuerySyntaxError
from .selectors import FILTERS, ORDERINGS, FilterError, card_search, faction_list, query_q, search_vocabulary

logger = logging.getLogger(__name__)

PAGE_SIZE = 60
RELATED_LIMIT = 12
IMMUTABLE_SECONDS = 365 * 24 * 3600   # ?v=<content_hash>.<render version>: any change gives a new URL
VERSIONED_SECONDS = 24 * 3600         # ?v=<content_hash>: a new card gets a new URL, a new renderer does not
REVALIDATE_SECONDS = 300
VIEWS = ("grid", "table")
RANGE_PARAMS = {"cost_min": ("cost", ">="), "cost_max": ("cost", "<="), "hp_min": ("hp", ">="), "hp_max": ("hp", "<=")}
CATALOGUE_PARAMS = ("q", *FILTERS, *RANGE_PARAMS, "view", "order", "page", "release")  # everything a search URL carries
SORT_COLUMNS = (("name", "Name"), ("cost", "Cost"), ("type", "Type"), ("faction", "Faction"),
                ("rarity", "Rarity"), ("hp", "HP"))
SYNTAX_EXAMPLES = (
    ('civ:lemurian t:person r:rare k:heal hp>=4 cost<=3 "charge"',
     'Rare Lemurian People with Heal, 4+ HP, cost 3 or less, whose name or text says "charge"'),
    ("strike>=2", "Cards that Strike for 2 or more"),
    ("accelerate:", "Cards with Accelerate, any amount"),
    ("e:dr", "Cards whose costs need Dark Resonance"),
    ("-t:instant", "Everything but Instants"),
    ("(k:heal or k:ward) civ:lem", "Lemurian cards that Heal or Ward"),
    ('o:"enters play" t:person', "People with an enters-play trigger"),
    ("r>=uncommon -civ:atlantean", "Uncommon and Rare cards that are not Atlantean"),
)
NEUTRAL_QUERY = "-civ:atlantean -civ:lemurian -t:pyramid"  # Batteries and Colorless Energy: any deck may run them
HOME_EXAMPLES = ("t:person strike>=2", "k:heal civ:lem", "t:battery", "accelerate:", "r:rare -t:hero")


# --- shared helpers --------------------------------------------------------------------------------------------

def cost_pips(cost: dict[str, int]) -> list[str]:
    """Return a cost as one energy code per unit, in the rulebook's energy order ("1DC + 1CE" -> [DC, CE])."""
    return [code for code, amount in cost.items() for _ in range(amount)]


def rules_html(line: str, catalogue_: Catalogue) -> SafeString:
    """Return one rules line as HTML with its keyword names in bold, as the printed card sets them."""
    names = tuple(str(k["name"]) for k in catalogue_.keywords.values())
    pattern = keyword_pattern(names)
    out, pos = [], 0
    for match in pattern.finditer(line) if pattern else ():
        out += [escape(line[pos:match.start()]), f"<strong>{escape(match.group(0))}</strong>"]
        pos = match.end()
    out.append(escape(line[pos:]))
    return mark_safe("".join(out))


def _url(params: dict[str, str], **changes: str | None) -> str:
    """Return "?a=b…" for these parameters with some changed (None or "" drops one)."""
    merged = {**params, **changes}
    return "?" + urlencode({k: v for k, v in merged.items() if v not in (None, "")})


@dataclass(frozen=True)
class FilterControl:
    """One select of the catalogue's filter panel."""

    param: str
    label: str
    options: list[tuple[str, str]]
    value: str


def _filter_controls(params: dict[str, str]) -> list[FilterControl]:
    tables = [
        ("civilization", "Civilization", [(c.slug, c.name) for c in Civilization.objects.all()]),
        ("faction", "Faction", [(f.slug, f.name) for f in Faction.objects.all()]),
        ("ideology", "Ideology", [(i.slug, i.name) for i in Ideology.objects.all()]),
        ("type", "Card type", [(t.slug, t.name) for t in CardType.objects.all()]),
        ("rarity", "Rarity", [(r.slug, r.name) for r in Rarity.objects.all()]),
        ("energy", "Energy type", [(e.code, f"{e.name} ({e.code})") for e in EnergyType.objects.all()]),
        ("keyword", "Keyword", [(k.slug, k.name) for k in Keyword.objects.exclude(category="trigger")]),
    ]
    return [FilterControl(param, label, options, params.get(param, "")) for param, label, options in tables]


def _marked(query: str, position: int) -> dict[str, str]:
    """Split a query around the term at `position`, to show the reader where the parser stopped."""
    position = max(0, min(position, len(query)))
    end = position
    while end < len(query) and not query[end].isspace():
        end += 1
    end = max(end, position + 1)
    return {"before": query[:position], "at": query[position:end] or " ", "after": query[end:]}


def _range_query(params: dict[str, str]) -> str:
    """Return the cost/HP range filters as query text ("cost>=1 hp<=4"); raise FilterError for a bad number."""
    terms = []
    for param, (field, op) in RANGE_PARAMS.items():
        value = params.get(param, "").strip()
        if not value:
            continue
        if not value.isdigit():
            raise FilterError("bad_filter", f"{field} range: '{value}' is not a whole number")
        terms.append(f"{field}{op}{int(value)}")
    return " ".join(terms)


# --- pages -----------------------------------------------------------------------------------------------------

@require_safe
def home(request):
    """Show the search box, a tile per faction and the ways into decks and goldfish."""
    counts = dict(Card.objects.in_deck().values_list("faction__slug").annotate(n=Count("id")))
    factions = []
    for faction in faction_list():
        hero = faction.hero_cards[0] if faction.hero_cards else None
        factions.append({"faction": faction, "hero": hero, "count": counts.get(faction.slug, 0)})
    return render(request, "home.html", {
        "factions": factions,
        "neutral_count": card_search(NEUTRAL_QUERY).count(),
        "neutral_url": _url({}, q=NEUTRAL_QUERY),
        "card_count": card_search("").count(),  # what "Browse all" opens: the catalogue's own count
        "examples": HOME_EXAMPLES,
    })


def catalogue_params(request) -> dict[str, str]:
    return {key: request.GET.get(key, "").strip() for key in CATALOGUE_PARAMS if request.GET.get(key, "").strip()}


def matching_cards(params: dict[str, str], order: str = "name", user=None):
    """The cards a catalogue search (query, filters and ranges) finds: the catalogue page and its proxies agree."""
    results = card_search(params.get("q", ""), ordering=order, user=user,
                          **{name: params[name] for name in FILTERS if params.get(name)})
    ranges = _range_query(params)
    return results.filter(query_q(ranges)) if ranges else results


@require_safe
def catalogue(request):
    """Search the cards with the query syntax and filters; show a grid of images or a sortable table."""
    params = catalogue_params(request)
    query = params.get("q", "")
    view = params.get("view") if params.get("view") in VIEWS else "grid"
    order = params.get("order") or "name"
    error = None
    page = None
    try:
        release = browsed_release(params.get("release"))
    except ReleaseError as exc:
        raise Http404(exc.message) from None
    old = searched_in_python(release)
    try:
        if order.lstrip("-") not in ORDERINGS:
            raise FilterError("bad_ordering", f"unknown sort order '{order}'")
        if old:  # an older release: its snapshot, searched in Python (cards/release_search.py)
            rows = search_release(release, query, ordering=order, ranges=_range_query(params),
                                  **{name: params[name] for name in FILTERS if params.get(name)})
            page = Paginator(rows, PAGE_SIZE).get_page(params.get("page"))
            page.object_list = listed_cards(release, list(page.object_list))
        else:
            page = Paginator(matching_cards(params, order, request.user), PAGE_SIZE).get_page(params.get("page"))
    except QuerySyntaxError as exc:
        error = {"code": exc.code, "message": exc.message[:1].upper() + exc.message[1:], "position": exc.position,
                 "in_query": True, **_marked(query, exc.position)}
    except FilterError as exc:
        error = {"code": exc.code, "message": exc.message[:1].upper() + exc.message[1:], "in_query": False}
    if page is not None:
        for card in page.object_list:
            card.pips = cost_pips(card.cost)
    sort_key, descending = order.lstrip("-"), order.startswith("-")
    columns = [
        {"key": key, "label": label, "active": key == sort_key, "descending": descending and key == sort_key,
         "url": _url(params, order=f"-{key}" if key == sort_key and not descending else key, page=None)}
        for key, label in SORT_COLUMNS
    ]
    controls = _filter_controls(params)
    context = {
        "query": query, "params": params, "view": view, "order": order, "page": page, "error": error,
        "controls": controls, "ranges": {name: params.get(name, "") for name in RANGE_PARAMS},
        "active_filters": _active_filters(params, controls), "columns": columns,
        "orderings": [(key, label) for key, label in SORT_COLUMNS],
        "grid_url": _url(params, view="grid"), "table_url": _url(params, view="table"),
        "pagination": _pagination(params, page),
        "max_proxy_cards": MAX_PROXY_CARDS,
        "did_you_mean": did_you_mean(query) if page is not None and not page.paginator.count and not old else [],
        "release": release, "old_release": old,
    }
    return render(request, "cards/catalogue.html", context, status=400 if error else 200)


def did_you_mean(query: str) -> list[dict[str, str]]:
    """For a search that finds nothing, the cards whose names are closest to it (each with its page), if any."""
    from decks.textio import suggest_card_names

    if not query or ":" in query:   # a field search is not a misspelt name
        return []
    catalogue_ = get_catalogue()
    by_name = {card.name: card for card in catalogue_.cards.values()}
    return [{"name": name, "url": f"/cards/{by_name[name].slug}/"}
            for name in suggest_card_names(query.strip('"'), catalogue_)]


def _active_filters(params: dict[str, str], controls: list[FilterControl]) -> list[dict[str, str]]:
    """Return a label and a remove-this-filter link for every filter the search applies."""
    chips = [
        {"label": f"{c.label}: {dict(c.options).get(c.value, c.value)}", "remove": _url(params, **{c.param: None},
                                                                                          page=None)}
        for c in controls if c.value
    ]
    chips += [
        {"label": f"{field} {op} {params[name]}", "remove": _url(params, **{name: None}, page=None)}
        for name, (field, op) in RANGE_PARAMS.items() if params.get(name)
    ]
    return chips


def _pagination(params: dict[str, str], page) -> dict | None:
    """Return the pagination links: previous, next, first, last and a window around the current page."""
    if page is None or page.paginator.num_pages <= 1:
        return None
    current, last = page.number, page.paginator.num_pages
    numbers = sorted({1, last, *range(max(1, current - 2), min(last, current + 2) + 1)})
    links, previous = [], 0
    for number in numbers:
        if number - previous > 1:
            links.append({"gap": True})
        links.append({"number": number, "url": _url(params, page=str(number)), "current": number == current})
        previous = number
    return {
        "links": links,
        "previous": _url(params, page=str(current - 1)) if page.has_previous() else None,
        "next": _url(params, page=str(current + 1)) if page.has_next() else None,
    }


@require_safe
def syntax(request):
    """Explain the query syntax from the parser's own field table, with examples that run a search."""
    vocabulary = search_vocabulary()
    fields = []
    for spec in FIELDS:
        values = vocabulary.values.get(spec.name if spec.kind != "rarity" else "rarity", {})
        fields.append({
            "spec": spec,
            "values": list(values.items()) if spec.kind in ("enum", "rarity") else [],
            "examples": [{"text": text, "url": _url({}, q=text)} for text in spec.examples],
        })
    examples = [{"text": text, "description": description, "url": _url({}, q=text)}
                for text, description in SYNTAX_EXAMPLES]
    return render(request, "cards/syntax.html", {"fields": fields, "examples": examples})


def related_slugs(card_def: CardDef, catalogue: Catalogue, limit: int = RELATED_LIMIT) -> list[str]:
    """Return the cards sharing the most keywords with this one (its own faction first, then by name)."""
    mine = {a.keyword for a in card_def.abilities}
    if not mine:
        return []
    scored = []
    for other in catalogue.cards.values():
        if other.slug == card_def.slug:
            continue
        shared = len(mine & {a.keyword for a in other.abilities})
        if shared:
            scored.append((-shared, other.faction != card_def.faction, other.name, other.slug))
    return [entry[-1] for entry in sorted(scored)[:limit]]


CARD_PAGE_SECONDS = 24 * 3600  # the fragment's key holds the catalogue version: a changed card gets a new key


def card_page_details(slug: str, card_def: CardDef, catalogue_: Catalogue) -> dict:
    """Compute the card-specific part of a card page (six queries; its HTML is cached by slug and catalogue)."""
    card = Card.objects.with_related().filter(slug=slug).first()
    if card is None:
        raise Http404(f"No card '{slug}'.")
    related = related_slugs(card_def, catalogue_)
    related_cards = sorted(Card.objects.filter(slug__in=related).only("slug", "name", "content_hash"),
                           key=lambda c: related.index(c.slug))
    keywords = {a.keyword for a in card_def.abilities}
    keyword_links = [{"name": catalogue_.keywords[k]["name"], "url": _url({}, q=f"k:{k}")}
                     for k in sorted(keywords) if k in catalogue_.keywords]
    return {
        "card": card,
        "type_line": type_line(card_def, catalogue_),
        "pips": cost_pips(card.cost),
        "rules": [rules_html(line, catalogue_) for line in card.text.splitlines() if line.strip()],
        "reminders": reminder_texts(card_def, catalogue_),
        "rulings": rulings_for(card_def, catalogue_),
        "related": related_cards,
        "keyword_links": keyword_links,
        "faction_url": _url({}, faction=card_def.faction) if card_def.faction else None,
        "type_url": _url({}, type=card_def.type),
    }


CARD_PAGE_KEYS = ("card", "type_line", "pips", "rules", "reminders", "rulings", "related", "keyword_links",
                  "faction_url", "type_url")


@require_safe
def card_detail(request, slug: str):
    """Show one card: its face, its rules with every keyword's reminder, its rulings and its relatives.

    The card's part of the page is a template fragment cached by (slug, catalogue version); its context is computed
    lazily, only when that fragment is rendered. The version is the one `cards.catalogue` re-reads at most once every
    FRESHNESS_SECONDS per process, so an edit made anywhere shows within that time (at once when made in this
    process). The site header around it (login state, CSRF token) is rendered for every request.
    """
    version = catalogue_version()
    catalogue_ = get_catalogue()
    if slug not in catalogue_.cards:
        raise Http404(f"No card '{slug}'.")
    card_def = catalogue_[slug]
    details = functools.cache(lambda: card_page_details(slug, card_def, catalogue_))
    lazy = {key: (lambda key=key: details()[key]) for key in CARD_PAGE_KEYS}
    return render(request, "cards/detail.html", {
        **lazy, "card_def": card_def, "catalogue_version": version, "cache_seconds": CARD_PAGE_SECONDS,
        "owned": lambda: owned_count(request.user, slug),
        "history": lambda: card_history(slug),  # outside the cached part: a publish leaves the cards' version alone
    })


MAX_PROXY_CARDS = 90   # ten pages: a search for proxies, not a print of the whole catalogue


@require_safe
def search_proxies(request):
    """The cards a catalogue search finds, one each, as a print-and-play PDF (at most MAX_PROXY_CARDS)."""
    def refuse(message: str) -> HttpResponse:
        return HttpResponse(message, status=400, content_type="text/plain; charset=utf-8")

    params = catalogue_params(request)
    query = params.get("q", "")
    try:
        if searched_in_python(browsed_release(params.get("release"))):
            return refuse("Proxies print the current cards: browse the current release to print them.")
    except ReleaseError as exc:
        raise Http404(exc.message) from None
    try:
        paper = proxies.paper_of(request.GET.get("paper"))
        cards = list(matching_cards(params, user=request.user)[:MAX_PROXY_CARDS + 1])
    except QuerySyntaxError as exc:
        return refuse(f"{exc.code}: {exc.message} (at character {exc.position + 1})")
    except FilterError as exc:
        return refuse(f"{exc.code}: {exc.message}")
    except ValueError as exc:
        return refuse(str(exc))
    if not cards:
        return refuse("No card matches this search: nothing to print.")
    if len(cards) > MAX_PROXY_CARDS:
        return refuse(f"This search finds more than {MAX_PROXY_CARDS} cards; narrow it to print proxies.")
    pdf = proxies.proxy_pdf(proxies.card_faces(cards), paper=paper, title=f"Proxies: {query or 'all cards'}")
    return proxies.pdf_response(pdf, "cataclysm-proxies.pdf")


# --- images (drawn and cached by cards/images.py) ------------------------------------------------------------


@require_safe
def card_image(request, slug: str, size: str):
    """Serve a card face (full or thumb) with an ETag; the more exactly versioned the URL, the longer it caches."""
    if size not in SIZES:
        raise Http404("No such image size.")
    card = Card.objects.only("slug", "content_hash", "art").filter(slug=slug).first()
    if card is None:
        raise Http404(f"No card '{slug}'.")
    etag = f'"{card.content_hash}-{size}-r{RENDER_VERSION}"'
    version = request.GET.get("v")
    if version == f"{card.content_hash}.{RENDER_VERSION}":
        cache = {"public": True, "max_age": IMMUTABLE_SECONDS, "immutable": True}
    elif version == card.content_hash:
        cache = {"public": True, "max_age": VERSIONED_SECONDS}
    else:
        cache = {"public": True, "max_age": REVALIDATE_SECONDS}
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        response = HttpResponseNotModified()
    else:
        catalogue_ = get_catalogue()
        if slug not in catalogue_.cards:
            raise Http404(f"No card '{slug}'.")
        response = HttpResponse(card_png(card, catalogue_, size), content_type="image/png")
    response["ETag"] = etag
    patch_cache_control(response, **cache)
    return response
