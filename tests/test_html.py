"""The web page of a line (solver/klondike/html.py), in a real browser: headless
Chromium loads the page at a step (FILE#move=N), and the board it drew, read from the
DOM, must be the position `replay` reaches after N moves.  Without Chromium (Debian's
`chromium` package; .ci/run installs it where it can) the browser tests skip."""
import shutil
import subprocess
from html.parser import HTMLParser

import pytest

from clihelp import patiens
from solver.cards import card_str, parse_card
from solver.golf import GolfDeal
from solver.golf import solve as golf_solve
from solver.golf.board import walk as golf_walk
from solver.klondike import KlondikeDeal, make_rules, replay, solve
from solver.klondike.html import page
from solver.poker import PokerRules, order_from_seed
from solver.poker.board import walk as poker_walk

BROWSER = next((shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
needs_browser = pytest.mark.skipif(BROWSER is None, reason="no Chromium here (Debian: apt-get install chromium)")


class Board(HTMLParser):
    """The board as the page drew it: per column its face-down count and face-up
    cards, the waste, the stock count, the foundations' counts, the step shown."""

    def __init__(self):
        super().__init__()
        self.columns, self.down, self.home = [], [], []
        self.waste, self.stock, self.step, self.move_text = None, None, None, ""
        self._in_column = self._in_move = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if a.get("id") == "table":
            self.step = int(a["data-step"])
        elif a.get("id") == "waste":
            self.waste = a.get("data-cards", "").split()
        elif a.get("id") == "stock":
            self.stock = int(a["data-count"])
        elif a.get("id") == "move":
            self._in_move = True
        elif "foundation" in classes:
            self.home.append(int(a["data-count"]))
        elif "column" in classes:
            self.columns.append([])
            self.down.append(int(a["data-down"]))
            self._in_column = True
        elif "card" in classes and self._in_column:
            if "back" in classes:
                assert len(self.columns[-1]) < self.down[-1], "a back above a face-up card"
                self.columns[-1].append(None)
            else:
                self.columns[-1].append(a["data-card"])

    def handle_endtag(self, tag):
        if tag == "div" and self._in_column and not self.columns[-1]:
            self._in_column = False

    def handle_data(self, data):
        if self._in_move:
            self.move_text += data
            self._in_move = False


def dom(path, step) -> str:
    """The page as the browser drew it at a step."""
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom",
                           f"file://{path}#move={step}"], capture_output=True, text=True, timeout=120).stdout


def drawn(path, step) -> Board:
    board = Board()
    board.feed(dom(path, step))
    return board


def expected(deal, rules, tokens, step):
    position = replay(deal, rules, " ".join(tokens[:step])).position if step else deal
    columns = [[None] * down + [card_str(c) for c in col[down:]] for col, down in zip(position.columns,
                                                                                     position.face_down)]
    return columns, list(position.face_down), [card_str(c) for c in position.waste], len(position.stock), \
        list(position.foundations)


@needs_browser
@pytest.mark.parametrize("mode,seed", [("casino", 72), ("vegas", 5)])
def test_the_page_draws_what_replay_says(tmp_path, mode, seed):
    deal, rules = KlondikeDeal.from_seed(seed), make_rules(mode)
    tokens = solve(deal, rules).tidied().tokens  # (what the command prints)
    path = tmp_path / "line.html"
    # (One thread, as the library solve above: the same line.)
    run = patiens("klondike", "solve", "--seed", str(seed), "--mode", mode, "--threads", "1", "--html", str(path))
    assert run.code == 0 and path.exists()
    for step in sorted({0, 1, len(tokens) // 2, len(tokens)}):
        board = drawn(path, step)
        assert board.step == step
        assert (board.columns, board.down, board.waste, board.stock, board.home) == expected(deal, rules, tokens, step)
        if step:
            assert board.move_text.startswith(f"Move {step} ({tokens[step - 1]}): ")


@needs_browser
def test_a_step_past_the_end_shows_the_last(tmp_path):
    path = tmp_path / "line.html"
    assert patiens("klondike", "replay", "--seed", "1", "DR W5 DR2 W1", "--html", str(path)).code == 0
    assert drawn(path, 99).step == 4


def test_the_page_is_one_file_with_nothing_to_fetch(tmp_path):
    path = tmp_path / "line.html"
    assert patiens("klondike", "replay", "--seed", "1", "DR W5 DR9 W1", "--html", str(path)).code == 2
    text = path.read_text()
    assert "<script src" not in text and "http://" not in text and "https://" not in text and "<link" not in text
    assert "a line of 4 moves, up to its illegal move 4" in text
    # No text in the data can end its script element early.
    text = page(KlondikeDeal.from_seed(1), make_rules(), [], "</script><b>x</b>")
    assert text.count("</script>") == 2 and "<\\/script><b>" in text and "<title>&lt;/script&gt;" in text


def test_a_page_that_cannot_be_written_is_one_line_and_exit_2(tmp_path):
    run = patiens("klondike", "solve", "--seed", "1", "--html", str(tmp_path / "no" / "such" / "dir.html"))
    assert run.code == 2 and "cannot write the page" in run.err and len(run.err.strip().splitlines()) == 1


class Marked(HTMLParser):
    """Every element's attributes in the page as drawn, in document order (for the
    Golf and Poker tables, whose cards sit directly in marked cells and piles)."""

    def __init__(self):
        super().__init__()
        self.elements = []

    def handle_starttag(self, tag, attrs):
        self.elements.append(dict(attrs))

    def by_id(self, name):
        return next(e for e in self.elements if e.get("id") == name)

    def cards_in(self, kind, key):
        """{key value: [card, ...]} for the cells or columns of class `kind`."""
        out, current = {}, None
        for e in self.elements:
            classes = (e.get("class") or "").split()
            if kind in classes:
                current = e[key]
                out[current] = []
            elif "id" in e:  # a container of another kind: its cards are not the cell's
                current = None
            elif "card" in classes and current is not None and "data-card" in e:
                out[current].append(e["data-card"])
        return out


def drawn_marks(path, step) -> Marked:
    marks = Marked()
    marks.feed(dom(path, step))
    return marks


@needs_browser
def test_the_golf_page_draws_what_replay_says(tmp_path):
    deal = GolfDeal.from_seed(1)
    tokens = golf_solve(deal).tokens
    steps = golf_walk(deal, None, tokens)
    path = tmp_path / "hole.html"
    assert patiens("golf", "solve", "--seed", "1", "--html", str(path)).code == 0
    for step in sorted({0, 1, len(tokens) // 2, len(tokens)}):
        view = steps[step].view
        marks = drawn_marks(path, step)
        assert int(marks.by_id("table")["data-step"]) == step
        columns = marks.cards_in("column", "data-column")
        assert [columns[str(c + 1)] for c in range(7)] == [[card_str(x) for x in col] for col in view.columns]
        assert int(marks.by_id("stock")["data-count"]) == len(view.stock)
        assert marks.by_id("waste")["data-cards"].split() == [card_str(c) for c in view.waste]


@needs_browser
def test_the_poker_page_fills_the_grid_in_the_order_turned(tmp_path):
    rules = PokerRules.make("english", None)
    order = order_from_seed(1, rules)
    path = tmp_path / "grid.html"
    run = patiens("poker", "solve", "--seed", "1", "--json", "--html", str(path))
    assert run.code == 0
    placement = [(parse_card(p["card"]), p["row"] - 1, p["column"] - 1) for p in run.json()["placement"]]
    steps = poker_walk(order, placement, [])
    for step in (0, 1, 13, 25):
        marks = drawn_marks(path, step)
        shown = {tuple(int(n) for n in key.split()): cards
                 for key, cards in marks.cards_in("cell", "data-at").items()}
        assert len(shown) == 25
        expected = {(r + 1, c + 1): [card_str(x)] if x is not None else []
                    for r, row in enumerate(steps[step].grid) for c, x in enumerate(row)}
        assert shown == expected
        turned = marks.cards_in("pile", "id").get("hand")
        assert turned == ([card_str(order[step - 1])] if step else [])
