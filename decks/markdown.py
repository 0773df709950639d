"""Markdown for deck descriptions and comments: CommonMark (markdown-it-py) with [[Card Name]] links, sanitized by nh3.

Raw HTML in the source is not rendered (markdown-it's `html` option is off), and the output passes nh3's allowlist
anyway: no script, no event handler, no style, no `javascript:` URL ever reaches the page. `[[Kalen Vos]]` (any
capitalisation, or a slug) becomes a link to the card that shows its image on hover; an unknown name stays text.
"""
from __future__ import annotations

import html
import re

import nh3
from markdown_it import MarkdownIt

from rules.engine.catalogue import Catalogue, slugify

CARD_LINK = re.compile(r"\[\[([^\[\]\n]{1,80})\]\]")
ALLOWED_TAGS = {"p", "br", "strong", "em", "code", "pre", "blockquote", "ul", "ol", "li", "a", "h3", "h4", "hr",
                "del", "span"}
ALLOWED_ATTRIBUTES = {"a": {"href", "title", "class", "data-image"}, "span": {"class"}, "ol": {"start"}}
URL_SCHEMES = {"http", "https", "mailto"}

_md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("strikethrough")
_md.disable(["image"])  # no remote images: they would break the 'self'-only Content-Security-Policy and leak views


def _card_links(source: str, catalogue: Catalogue) -> tuple[str, dict[str, str]]:
    """Replace each [[Card]] with a placeholder token; return the text and the HTML of each link."""
    by_key = {}
    for card in catalogue.cards.values():
        by_key.setdefault(slugify(card.name), card)
        by_key.setdefault(card.slug, card)
    links: dict[str, str] = {}

    def replace(match: re.Match) -> str:
        name = match.group(1).strip()
        card = by_key.get(slugify(name))
        token = f"CARDLINK{len(links)}X"
        if card is None:
            links[token] = f'<span class="card-ref unknown">{html.escape(name)}</span>'
        else:
            links[token] = (f'<a class="card-ref" href="/cards/{card.slug}/" '
                            f'data-image="/cards/{card.slug}/image.png">{html.escape(card.name)}</a>')
        return token

    return CARD_LINK.sub(replace, source), links


def render_markdown(source: str, catalogue: Catalogue) -> str:
    """Return safe HTML for a description or comment (headings are demoted to h3/h4 so they sit under the page's)."""
    text, links = _card_links(source or "", catalogue)
    rendered = _md.render(text)
    rendered = re.sub(r"<(/?)h[1-2]>", r"<\1h3>", rendered)
    rendered = re.sub(r"<(/?)h[5-6]>", r"<\1h4>", rendered)
    for token, link in links.items():
        rendered = rendered.replace(token, link)
    return nh3.clean(rendered, tags=ALLOWED_TAGS, attributes=ALLOWED_ATTRIBUTES, url_schemes=URL_SCHEMES,
                     link_rel="nofollow noopener noreferrer")
