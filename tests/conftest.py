import os
import sys

from hypothesis import HealthCheck, settings

# The referee package (independent rule implementations) lives beside the tests.
sys.path.insert(0, os.path.dirname(__file__))

# "ci" keeps the whole suite inside the CI budget; HYPOTHESIS_PROFILE=thorough runs
# ten times the examples of every property test.
settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", parent=settings.get_profile("ci"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def scaled(n: int) -> int:
    """Example count for a property test: n normally, 10 n in the thorough profile."""
    return n * 10 if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else n
