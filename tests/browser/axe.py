"""The automated accessibility check every browser journey runs: axe-core (bundled, pinned, by the PyPI package
axe-playwright-python) on the page as it stands, failing on any violation of impact "serious" or "critical" — the
ones that stop a screen-reader or keyboard user, or a reader with low vision (contrast below WCAG AA, a control
without a name, a form field without a label, a broken landmark or list). "Moderate" and "minor" findings are
reported by axe but do not fail a test.

Each failure names the rule, the elements (their CSS selectors and HTML) and the rule's help page."""
from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

FAILING = ("serious", "critical")
# WCAG 2.1 A and AA and axe's best practices: the standard the issue asks for (contrast at AA included).
OPTIONS = {"resultTypes": ["violations"],
           "runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]}}
_AXE = Axe()
# The page as it settles: wait for the finite animations (the log's new lines fade in, one after another) so that
# contrast is measured on what a reader sees, not on a line halfway through its fade.
SETTLE = """Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null)))"""


def serious_violations(page, exclude: tuple[str, ...] = ()) -> list[dict]:
    """The page's violations of impact serious or critical, outside the excluded selectors."""
    context = {"exclude": [[selector] for selector in exclude]} if exclude else None
    page.evaluate(SETTLE)
    results = _AXE.run(page, context=context, options=OPTIONS)
    return [v for v in results.response["violations"] if v.get("impact") in FAILING]


def describe(violations: list[dict]) -> str:
    """One paragraph a rule: what it is, where it fails (up to five elements), and where its help page is."""
    lines = []
    for v in violations:
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} ({v['helpUrl']})")
        for node in v["nodes"][:5]:
            lines.append(f"    {' '.join(map(str, node['target']))}  {node['html'][:160]}")
            summary = node.get("failureSummary", "").replace("\n", " ")
            lines.append(f"      {summary[:300]}")
        if len(v["nodes"]) > 5:
            lines.append(f"    … and {len(v['nodes']) - 5} more")
    return "\n".join(lines)


def assert_accessible(page, where: str = "", exclude: tuple[str, ...] = ()) -> None:
    """Fail with every serious or critical axe-core finding on the page, named by rule, element and help page."""
    found = serious_violations(page, exclude)
    assert not found, f"accessibility ({where or page.url}):\n{describe(found)}"
