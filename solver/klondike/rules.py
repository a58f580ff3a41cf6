"""Klondike rule options and the named presets of the rule book (RULES.md 1)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Optional

from solver.errors import OptionError


@dataclass(frozen=True)
class KlondikeRules:
    draw: int = 1                   # cards turned per draw: 1 or 3
    passes: Optional[int] = 1       # passes through the stock; None = unlimited
    worry_back: bool = True         # foundation top cards may return to the tableau

    def __post_init__(self):
        if self.draw not in (1, 3):
            raise OptionError(f"draw must be 1 or 3, not {self.draw}")
        if self.passes is not None and not 1 <= self.passes <= 999:
            raise OptionError(f"passes must be 1..999 or 'unlimited', not {self.passes}")

    @property
    def unlimited(self) -> bool:
        return self.passes is None

    def to_core(self) -> dict:
        return {"draw": self.draw, "passes": 0 if self.passes is None else self.passes,
                "worry_back": self.worry_back}

    def to_json(self) -> dict:
        d = asdict(self)
        d["passes"] = "unlimited" if self.passes is None else self.passes
        d["mode"] = self.mode_name()
        return d

    def mode_name(self) -> Optional[str]:
        for name, (draw, passes) in PRESETS.items():
            if (draw, passes) == (self.draw, self.passes):
                return name
        return None

    def describe(self) -> str:
        passes = "unlimited passes" if self.passes is None else f"{self.passes} pass{'es' if self.passes != 1 else ''}"
        mode = self.mode_name()
        text = f"draw {self.draw}, {passes}, worry back {'on' if self.worry_back else 'off'}"
        return f"{text} ({mode})" if mode else text


# name: (draw, passes); the rule book's table of modes.
PRESETS = {
    "casino": (1, 1),      # the default: Las Vegas casino form
    "vegas": (3, 3),       # "Vegas mode" in software
    "app": (3, 1),         # the app variant
    "standard": (1, None), # Harpan / standard Klondike
}


def parse_passes(text: str) -> Optional[int]:
    t = str(text).strip().lower()
    if t in ("unlimited", "inf", "u"):
        return None
    if not (t.isascii() and t.isdigit() and len(t) <= 3 and int(t) >= 1):
        raise OptionError(f"passes must be 1..999 or 'unlimited', not {text!r}")
    return int(t)


UNSET = object()  # "option not given", as distinct from "unlimited" (None)


def make_rules(mode: Optional[str] = None, draw: Optional[int] = None, passes=UNSET,
               worry_back: bool = True) -> KlondikeRules:
    """A preset (casino by default), with any option given explicitly overriding it."""
    if mode is not None and mode not in PRESETS:
        raise OptionError(f"unknown mode {mode!r} (choose from {', '.join(PRESETS)})")
    base_draw, base_passes = PRESETS[mode or "casino"]
    if passes is UNSET:
        passes = base_passes
    elif isinstance(passes, str):
        passes = parse_passes(passes)
    return KlondikeRules(draw=base_draw if draw is None else draw, passes=passes, worry_back=worry_back)
