"""The API's one pagination: `?page=N&page_size=M`, with M capped so that no request can ask for everything."""
from rest_framework.pagination import PageNumberPagination


class StandardPagination(PageNumberPagination):
    """Page through a list: PAGE_SIZE items by default, `page_size` up to 100."""

    page_size_query_param = "page_size"
    max_page_size = 100
