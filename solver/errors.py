"""The one exception type for bad input: a deal, a position, an option value.

Its message is a single sentence meant for the user; the command line prints it
as is and exits with status 2.
"""


class DealError(ValueError):
    """A deal, position or option the tool cannot accept, with the reason."""
