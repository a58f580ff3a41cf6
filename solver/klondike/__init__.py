"""Klondike, Las Vegas form and relatives: deals, rules, notation, solving."""
from solver.klondike.deal import KlondikeDeal
from solver.klondike.notation import Action, ActionKind, explain, format_line, parse_line, vegas_score
from solver.klondike.rules import PRESETS, KlondikeRules, make_rules
from solver.klondike.solve import KlondikeReplay, KlondikeResult, replay, solve

__all__ = ["KlondikeDeal", "KlondikeRules", "KlondikeResult", "KlondikeReplay", "Action", "ActionKind", "PRESETS",
           "make_rules", "solve", "replay", "explain", "format_line", "parse_line", "vegas_score"]
