"""Golf: the minimal score of a hole, every variant of the seed, nine-hole games."""
from solver.golf.deal import GolfDeal
from solver.golf.game import GolfGame, HoleResult, play_game
from solver.golf.notation import GolfMove, format_line, parse_line
from solver.golf.rules import GolfRules
from solver.golf.solve import GolfReplay, GolfResult, replay, solve

__all__ = ["GolfDeal", "GolfRules", "GolfResult", "GolfReplay", "GolfMove", "GolfGame", "HoleResult", "play_game",
           "solve", "replay", "format_line", "parse_line"]
