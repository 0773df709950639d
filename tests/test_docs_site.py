"""The documentation stays whole where MkDocs cannot see: the README's links (the README is outside docs/, so
`mkdocs build --strict`, which `make test` runs, does not check them) lead to files that exist, and the settings page
gives every variable of `.env.example` a row of its own (tests/production checks that `.env.example` lists every
variable the settings read), so an operator reading the site sees every setting."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_every_relative_link_of_the_readme_leads_to_a_file():
    links = [target for target in LINK.findall((ROOT / "README.md").read_text(encoding="utf-8"))
             if "://" not in target and not target.startswith("#")]
    assert links, "the README links to no page: its links into docs/ are gone"
    assert [t for t in links if not (ROOT / t.split("#", 1)[0]).exists()] == []


def test_the_readme_links_every_guide_of_the_documentation():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in ("docs/players/index.md", "docs/designers/index.md", "docs/api.md", "docs/operations/production.md",
                 "docs/operations/settings.md", "docs/rules/index.md", "docs/benchmarks.md"):
        assert f"]({page})" in text, page


def test_the_settings_page_lists_every_variable_of_env_example():
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    variables = re.findall(r"^([A-Z][A-Z0-9_]*)=", example, flags=re.MULTILINE)
    page = (ROOT / "docs" / "operations" / "settings.md").read_text(encoding="utf-8")
    assert len(variables) > 40
    rows = set(re.findall(r"^\| `([A-Z][A-Z0-9_]*)` \|", page, flags=re.MULTILINE))  # a row of its own each
    assert [name for name in variables if name not in rows] == []
