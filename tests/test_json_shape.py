"""One JSON shape for all games: the same keys for the same things, whatever the
command and the game (the README lists them)."""
import pytest

from clihelp import patiens

EMPTY_GRID = " ".join(["--"] * 25)
FULL_GRID = "7D 4D 8D 6D 5D 8H 5H 7H 6S 4H JD AD JH KD JC TS 2C TH KC 2D 9C 3C 9S KH 5S"

ANSWERS = [  # a value reached by a line: solves, replays, games played
    ("klondike", "solve", "--seed", "1"), ("golf", "solve", "--seed", "1"), ("poker", "solve", "--seed", "1"),
    ("klondike", "solve", "--seed", "1", "--first-win"), ("golf", "solve", "--seed", "3", "--first-clear"),
    ("klondike", "replay", "--seed", "1", "DR W5"), ("golf", "replay", "--seed", "1", "S 4"),
    ("klondike", "play", "--seed", "1", "--player", "greedy"), ("golf", "play", "--seed", "1", "--player", "greedy"),
    ("poker", "play", "--seed", "1", "--player", "greedy"),
]
HINTS = [
    ("klondike", "hint", "--seed", "1", "--after", "DR", "--samples", "2"),
    ("golf", "hint", "--seed", "1", "--after", "S", "--samples", "2"),
    ("poker", "hint", "--grid", EMPTY_GRID, "--card", "AS", "--rollouts", "5"),
]


@pytest.mark.parametrize("command", ANSWERS, ids=" ".join)
def test_every_answer_names_its_value_and_line_alike(command):
    out = patiens(*command, "--json").json()
    assert out["game"] == command[0] and "rules" in out and out["source"]
    assert isinstance(out["value"], int) and out["maximise"] == (command[0] != "golf")
    assert isinstance(out["line"], list) and all(isinstance(t, str) for t in out["line"])
    if command[1] == "solve":
        assert out["proven"] is True and out["stop_reason"] in ("complete", "target")
        asked = {"klondike": "max-foundation", "golf": "min-score"}.get(command[0])
        if asked:  # (a Poker solve has one question)
            assert out["question"] == (command[-1][2:] if command[-1].startswith("--first") else asked)
        assert out["stats"]["seconds"] >= 0
    elif command[1] == "play":
        assert out["seconds"] >= 0 and out["optimum"] is not None and out["value_of_information"] is not None
    else:
        assert out["legal"] is True and out["line"] == command[4].split()


@pytest.mark.parametrize("command", HINTS, ids=" ".join)
def test_every_hint_ranks_its_moves_alike(command):
    out = patiens(*command, "--json").json()
    assert out["game"] == command[0] and "rules" in out
    assert out["moves"] and isinstance(out["unknown"], int) and out["unknown"] > 0


def test_scoring_a_grid_and_a_nine_hole_game_give_a_value_too():
    grid = patiens("poker", "score", "--grid", FULL_GRID, "--json").json()
    assert grid["value"] == grid["score"] == sum(h["points"] for h in grid["hands"]) and grid["maximise"]
    game = patiens("golf", "game", "--seed", "1", "--json").json()
    assert game["value"] == game["total"] == sum(h["value"] for h in game["holes"]) and not game["maximise"]
