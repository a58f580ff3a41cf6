"""The one exception type for bad input: a deal, a position, an option value.

Its message is a single sentence meant for the user; the command line prints it
as is and exits with status 2.
"""


class DealError(ValueError):
    """A deal, position or option the tool cannot accept, with the reason."""


class NothingFound(RuntimeError):
    """A limit or Ctrl-C (`reason`: "timeout" or "interrupted") stopped a search before
    it had any answer to show, not even an unproven one."""

    def __init__(self, message: str, reason: str, bound=None):
        super().__init__(message)
        self.reason = reason
        self.bound = bound  # what the search proved no answer can beat, when it knows


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
