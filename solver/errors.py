"""The exceptions a user's mistake raises, and the one a search with no answer raises.

Every PatiensError carries a single sentence meant for the user; the command line
prints it as is and exits with status 2.  Messages name the parameter
(`max_memory`, `passes`); the command line adds the flag where it knows it.
"""


class PatiensError(ValueError):
    """Input the tool cannot accept, with the reason (the base of the three below)."""


class DealError(PatiensError):
    """A deal, position, line of moves or file the tool cannot read."""


class OptionError(PatiensError):
    """An option value out of its range, or options that contradict each other."""


class MissingDependency(PatiensError):
    """An optional package the asked-for feature needs is not installed."""


class NothingFound(RuntimeError):
    """A limit or Ctrl-C (`reason`: "timeout" or "interrupted") stopped a search before
    it had any answer to show, not even an unproven one."""

    def __init__(self, message: str, reason: str, bound=None):
        super().__init__(message)
        self.reason = reason
        self.bound = bound  # what the search proved no answer can beat, when it knows


def check_legal(played, what: str = "--after"):
    """Any game's replay of a line that must be legal (`ok`, `error_move`, `error_token`,
    `error`), returned as it is; else DealError naming its first illegal move."""
    if not played.ok:
        raise DealError(f"{what}: move {played.error_move} ({played.error_token}) is illegal: {played.error}")
    return played


def read_json_or_none(text: str):
    """The parsed object when a deal's text is JSON (it starts with { or [), else None.
    An empty text or malformed JSON is a DealError."""
    import json

    stripped = text.lstrip()
    if not stripped:
        raise DealError("the deal is empty")
    if stripped[0] not in "{[":
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise DealError(f"malformed JSON deal: {e.msg} at line {e.lineno}") from None
    except RecursionError:
        raise DealError("malformed JSON deal: nested too deeply") from None
