"""Query-string filters of the card list: each is compiled by `cards.selectors`, as the search page's are."""
import django_filters
from rest_framework import status

from cataclysm_site.api_errors import ApiError

from .models import Card
from .search import QuerySyntaxError
from .selectors import FilterError, filter_q, order_cards, owned_compiler, query_q


def _field_filter(label: str, example: str) -> django_filters.CharFilter:
    return django_filters.CharFilter(
        method="filter_field",
        help_text=f"{label} (slug, name or unique prefix; comma-separated for any of several), e.g. `{example}`.",
    )


class CardFilter(django_filters.FilterSet):
    civilization = _field_filter("Civilization", "lemurian")
    faction = _field_filter("Faction", "atlantean-fanatic")
    ideology = _field_filter("Ideology", "otf")
    type = _field_filter("Card type", "person,scene")
    rarity = _field_filter("Rarity", "rare")
    energy = _field_filter("An energy type its costs need", "DR")
    keyword = _field_filter("A keyword it has", "strike")
    q = django_filters.CharFilter(method="filter_query",
                                  help_text='A search in the query syntax, e.g. `t:person strike>=2 -civ:lem`; '
                                            '`owned`, `-owned`, `owned>=2` search your collection (log in).')
    release = django_filters.CharFilter(
        method="filter_release",
        help_text="Browse the cards of a release (its slug, e.g. `playtest-1-0`): q, the filters and the ordering "
                  "apply to that release's cards, as it published them. Unknown: 404 `release_not_found`.",
    )
    ordering = django_filters.CharFilter(
        method="filter_ordering",
        help_text="name, cost, hp, rarity, type or faction; prefix '-' for descending. Default: name.",
    )

    class Meta:
        model = Card
        fields: list[str] = []

    def filter_field(self, queryset, name: str, value: str):
        try:
            return queryset.filter(filter_q(name, value))
        except FilterError as exc:
            raise ApiError(exc.code, exc.message, status_code=status.HTTP_400_BAD_REQUEST) from exc

    def filter_query(self, queryset, name: str, value: str):
        try:
            return queryset.filter(query_q(value, owned=owned_compiler(getattr(self.request, "user", None))))
        except QuerySyntaxError as exc:
            raise ApiError(exc.code, f"Cannot read the query: {exc.message}.",
                           extra={"position": exc.position}) from exc

    def filter_release(self, queryset, name: str, value: str):
        """Only a release holding the draft's cards reaches the SQL search (`CardViewSet.list` answers the others
        from their snapshot): its cards are the Card table's."""
        return queryset

    def filter_ordering(self, queryset, name: str, value: str):
        try:
            return order_cards(queryset, value)
        except FilterError as exc:
            raise ApiError(exc.code, exc.message) from exc
