"""Versus: a deck against the computer (services, selectors, serializers, API, pages, URLs, deck matchups)."""
