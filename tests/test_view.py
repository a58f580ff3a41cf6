"""`klondike view`, tried as a person would: it runs in tmux, keys are sent to it, and
the pane is read back and compared with the board `replay` draws at that move.  Waits
are for what the pane shows (up to a minute), never for a fixed time."""
import shutil
import subprocess
import time
import uuid

import pytest

from clihelp import PATIENS, assert_one_line_error, patiens
from solver.golf import GolfDeal
from solver.golf import solve as golf_solve
from solver.golf.board import board_lines as golf_board
from solver.golf.board import walk as golf_walk
from solver.klondike import KlondikeDeal, make_rules, solve
from solver.klondike.board import board_lines
from solver.klondike.solve import walk
from solver.limits import Limits
from solver.poker import PokerRules, order_from_seed
from solver.poker import solve as poker_solve
from solver.poker.board import board_lines as poker_board
from solver.poker.board import walk as poker_walk

needs_tmux = pytest.mark.skipif(shutil.which("tmux") is None, reason="no tmux here (Debian: apt-get install tmux)")


class Pane:
    def __init__(self, command):
        self.name = f"patiens-{uuid.uuid4().hex[:8]}"
        subprocess.run(["tmux", "new-session", "-d", "-s", self.name, "-x", "110", "-y", "45",
                        " ".join(command) + "; echo VIEW-ENDED $?; sleep 60"], check=True)

    def text(self) -> str:
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.name], capture_output=True, text=True).stdout

    def keys(self, *keys):
        subprocess.run(["tmux", "send-keys", "-t", self.name, *keys], check=True)

    def wait_for(self, wanted: str) -> str:
        """The pane once it shows `wanted` and has stopped changing: a capture can land
        while a frame is being drawn (its heading there, its board not yet)."""
        deadline = time.monotonic() + 60
        before, same = None, 0
        while time.monotonic() < deadline:
            text = self.text()
            same = same + 1 if text == before else 0
            if wanted in text and same >= 3:  # unchanged for 0.3 s
                return text
            before = text
            time.sleep(0.1)
        raise AssertionError(f"the pane never showed {wanted!r}:\n{self.text()}")

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


def board_at(text: str, game: str = "Klondike") -> list:
    """The board the pane shows: the lines between the heading and the move's line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{game}, ")) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].startswith(("Move ", "The deal.", "The empty grid.")))
    return [line.rstrip() for line in lines[start:end] if line.strip()]


@needs_tmux
def test_stepping_through_the_best_line():
    deal, rules = KlondikeDeal.from_seed(72), make_rules("casino")
    tokens = solve(deal, rules).tidied().tokens
    steps = walk(deal, rules, tokens)
    last = len(steps) - 1
    pane = Pane(PATIENS + ["klondike", "view", "--seed", "72", "--plain"])
    try:
        text = pane.wait_for(f"move 0 of {last},")
        assert board_at(text) == board_lines(steps[0].position)
        pane.keys("Right")
        text = pane.wait_for(f"move 1 of {last},")
        assert board_at(text) == board_lines(steps[1].position) and f"Move 1 ({tokens[0]}): " in text
        pane.keys("g")
        pane.wait_for("Go to move")
        pane.keys("40", "Enter")
        text = pane.wait_for(f"move 40 of {last},")
        assert board_at(text) == board_lines(steps[40].position)
        pane.keys("Left")
        text = pane.wait_for(f"move 39 of {last},")
        assert board_at(text) == board_lines(steps[39].position)
        pane.keys("End")
        text = pane.wait_for(f"move {last} of {last}, 30 cards home")
        assert board_at(text) == board_lines(steps[last].position)
        pane.keys("Right")  # past the end: stays
        pane.keys("Home")
        pane.wait_for(f"move 0 of {last},")
        pane.keys("q")
        pane.wait_for("VIEW-ENDED 0")
    finally:
        pane.close()


@needs_tmux
def test_a_line_given_is_viewed_up_to_its_illegal_move():
    pane = Pane(PATIENS + ["klondike", "view", "--seed", "1", "--plain", "DR", "W5", "DR9", "W1"])
    try:
        pane.wait_for("the line given (up to its illegal move 4): move 0 of 3,")
        pane.keys("q")
        pane.wait_for("VIEW-ENDED 0")
    finally:
        pane.close()


@needs_tmux
def test_stepping_through_a_golf_hole():
    deal = GolfDeal.from_seed(1)
    steps = golf_walk(deal, None, golf_solve(deal).tokens)
    last = len(steps) - 1
    pane = Pane(PATIENS + ["golf", "view", "--seed", "1", "--plain"])
    try:
        text = pane.wait_for(f"move 0 of {last}, score 35")
        assert board_at(text, "Golf") == golf_board(steps[0].view)
        pane.keys("End")
        text = pane.wait_for(f"move {last} of {last}, score 6")
        assert board_at(text, "Golf") == golf_board(steps[last].view)
        pane.keys("Left", "Left", "Right")  # typed ahead of the screen: none is lost
        text = pane.wait_for(f"move {last - 1} of {last},")
        assert board_at(text, "Golf") == golf_board(steps[last - 1].view)
        assert f"Move {last - 1} ({steps[last - 1].token}): {steps[last - 1].sentence}" in text
        pane.keys("q")
        pane.wait_for("VIEW-ENDED 0")
    finally:
        pane.close()


@needs_tmux
def test_stepping_through_a_poker_grid():
    rules = PokerRules.make("english", None)
    order = order_from_seed(1, rules)
    best = poker_solve(order, rules, limits=Limits(threads=1))  # one worker: the grid the view finds
    steps = poker_walk(order, best.placement, best.discarded)
    pane = Pane(PATIENS + ["poker", "view", "--seed", "1", "--plain", "--workers", "1"])
    try:
        text = pane.wait_for("move 0 of 25, 0 placed")
        assert board_at(text, "Poker Squares") == poker_board(steps[0], rules)
        pane.keys("g")
        pane.wait_for("Go to move")
        pane.keys("13", "Enter")
        text = pane.wait_for("move 13 of 25, 13 placed")
        assert board_at(text, "Poker Squares") == poker_board(steps[13], rules)
        pane.keys("End")
        text = pane.wait_for(f"move 25 of 25, 25 placed, {best.score} points")
        assert board_at(text, "Poker Squares") == poker_board(steps[25], rules)
        pane.keys("q")
        pane.wait_for("VIEW-ENDED 0")
    finally:
        pane.close()


@pytest.mark.parametrize("game,printout", [("klondike", "replay --board"), ("golf", "replay --board"),
                                           ("poker", "solve --board")])
def test_without_a_terminal_view_says_what_to_use(game, printout):
    assert_one_line_error(patiens(game, "view", "--seed", "1"), printout)
