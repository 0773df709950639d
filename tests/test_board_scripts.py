"""The board's scripts (issue 36): one board, drawn by the goldfish, versus and live pages, in short files by concern
(static/js/board/, sharing window.CodexBoard) instead of one 1,150-line goldfish.js, and live tables that give the
board their words instead of rewriting it after every drawing. Each page loads files that exist (a missing one
leaves a dead board, with no error on the server), short ones, in the order they need: the board's parts in order
with boot.js last, a page's helpers before them and its own scripts after them."""
from pathlib import Path

import pytest

from tests.page_scripts import assert_short_scripts_that_exist, scripts_of

ROOT = Path(__file__).resolve().parent.parent
BOARD = ["util", "page", "tiles", "zones", "pyramid", "actions", "panels", "result", "board", "replay", "boot"]
BOARD_PAGES = ["goldfish/board.html", "goldfish/replay.html", "versus/board.html", "versus/replay.html",
               "live/table.html", "live/replay.html"]
GOLDFISH_ONLY = ["goldfish/start.html", "goldfish/_deck_panel.html"]


@pytest.mark.parametrize("template", BOARD_PAGES + GOLDFISH_ONLY)
def test_each_board_page_loads_short_scripts_that_exist(template):
    assert_short_scripts_that_exist(template, scripts_of(template))


@pytest.mark.parametrize("template", BOARD_PAGES)
def test_every_board_page_loads_the_whole_board_in_order_after_its_helpers(template):
    names = scripts_of(template)
    board = [n for n in names if n.startswith("js/board/")]
    assert board == [f"js/board/{part}.js" for part in BOARD], f"{template} loads the board's parts out of order"
    first, last = names.index(board[0]), names.index(board[-1])
    assert names[first:last + 1] == board, "the board's parts are loaded together"
    for helper in ("js/faces.js", "js/seats.js", "js/cpu_words.js", "js/quick_pay.js"):
        if helper in names:  # read by the board as it draws: there before boot.js starts it
            assert names.index(helper) < first, f"{template} loads {helper} after the board"
    for own in ("js/keys.js", "js/live.js"):
        if own in names:  # they take the board boot.js started (window.goldfishBoard)
            assert names.index(own) > last, f"{template} loads {own} before the board"


def test_the_board_folder_holds_only_the_parts_the_pages_load():
    parts = {p.stem for p in (ROOT / "static" / "js" / "board").glob("*.js")}
    assert parts == set(BOARD)


def test_a_live_table_loads_its_own_parts_in_order():
    names = [Path(n).name for n in scripts_of("live/table.html")]
    live = [n for n in names if n.startswith("live")]
    assert live == ["live_socket.js", "live_words.js", "live.js"]


@pytest.mark.parametrize("template", GOLDFISH_ONLY)
def test_goldfish_pages_without_a_board_load_the_boards_helpers_not_the_board(template):
    names = scripts_of(template)
    assert names == ["js/board/util.js", "js/goldfish.js"]


def test_the_live_scripts_give_the_board_its_words_and_never_rewrite_it():
    """A live table names the sides, the status, the titles and the verdict through the board's options
    (CodexBoard.configure, the page's data attributes); its scripts write into none of the board's regions."""
    script = "\n".join(p.read_text() for p in (ROOT / "rules" / "live" / "static" / "js").glob("*.js"))
    assert "CodexBoard.configure" in script
    for region in ("gf-board-title", "vs-opp-title", "vs-verdict", "gf-result", "gf-actions", "gf-hand"):
        assert region not in script, f"live's scripts touch the board's #{region}"
    assert "getPrototypeOf" not in script, "live's scripts patch the board's methods"


def test_the_table_is_drawn_by_one_function_the_board_and_the_replay_share():
    """The board and the replay draw the table (the Pyramid, the boards, the hand, the stack) with one drawTable in
    board.js, so a seat or a zone added to one is never missing from the other."""
    board = (ROOT / "static" / "js" / "board" / "board.js").read_text()
    replay = (ROOT / "static" / "js" / "board" / "replay.js").read_text()
    body = board.split("function drawTable(view, ctx) {")[1].split("\n  }\n")[0]
    for call in ("renderPyramid(", "renderBoard(", "CodexSeats.draw(", "renderHand(", "renderStack("):
        assert call in body
        assert (board.count(call), replay.count(call)) == (body.count(call), 0), f"{call} is written outside drawTable"
    assert "B.drawTable = drawTable" in board and "drawTable(view, ctx)" in replay
