"""The lab's start form as a player reads it."""
import re

import pytest

pytestmark = pytest.mark.django_db


def test_the_printed_pyramid_is_listed_without_stray_separators(client, catalogue_db):
    html = client.get("/lab/").content.decode()
    legend = re.search(r"as printed: ([^;]*);", html).group(1)
    assert legend and not legend.rstrip().endswith(",")
    assert all(re.fullmatch(r"\d+ [\w' -]+", part) for part in legend.split(", ")), legend
