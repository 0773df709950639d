"""The API's one pagination: `?page=N&page_size=M`, with M capped so that no request can ask for everything."""
from rest_framework.pagination import PageNumberPagination

from cataclysm_site.api_errors import ApiError

BAD_PAGE_SIZE = "bad_page_size"


class StandardPagination(PageNumberPagination):
    """Page through a list: PAGE_SIZE items by default, `page_size` up to 100; a page past the end is 404."""

    page_size_query_param = "page_size"
    max_page_size = 100

    def get_page_size(self, request):
        """Refuse a `page_size` that is not a positive whole number rather than silently ignoring it."""
        raw = request.query_params.get(self.page_size_query_param)
        if raw in (None, ""):
            return self.page_size
        digits = raw.lstrip("0")
        if not (raw.isascii() and raw.isdigit()) or not digits:
            raise ApiError(BAD_PAGE_SIZE, f"page_size must be a whole number from 1 to {self.max_page_size}, "
                                          f"not '{raw[:40]}'.")
        if len(digits) > len(str(self.max_page_size)):  # capped; and int() refuses thousands of digits
            return self.max_page_size
        return min(int(digits), self.max_page_size)

    def get_schema_operation_parameters(self, view):
        """Document that pages and page sizes start at 1."""
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] in (self.page_query_param, self.page_size_query_param):
                parameter["schema"] = {**parameter["schema"], "minimum": 1}
        return parameters
