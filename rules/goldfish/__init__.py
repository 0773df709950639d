"""Goldfish: one deck against the empty opponent (services, selectors, serializers, API, pages, URLs)."""
