"""The `patiens` command."""
import click

from cli.analyse import analyse
from cli.common import EXIT_CODES_HELP, PatiensGroup
from cli.generate import generate_group
from cli.golf import golf
from cli.klondike import klondike
from cli.poker import poker


@click.group(cls=PatiensGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES_HELP)
@click.version_option(package_name="patiens")
def cli():
    """patiens: exhaustive solver and deal analyser for patience games.

    Every answer is perfect-information: the whole deal is known.  Every command
    takes --json for scripts.
    """


cli.add_command(klondike)
cli.add_command(golf)
cli.add_command(poker)
cli.add_command(analyse)
cli.add_command(generate_group, name="generate")


def main():
    cli.main(prog_name="patiens")
