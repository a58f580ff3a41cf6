"""The `patiens` command: a group whose game commands are imported when first used,
so that a Klondike or Golf command never pays for loading OR-Tools."""
import importlib

import click

from cli.common import EXIT_CODES_HELP, PatiensGroup

# command name -> (module, attribute): the order is the help's.
COMMANDS = {
    "klondike": ("cli.klondike", "klondike"),
    "golf": ("cli.golf", "golf"),
    "poker": ("cli.poker", "poker"),
    "analyse": ("cli.analyse", "analyse"),
    "generate": ("cli.generate", "generate_group"),
}


class LazyGroup(PatiensGroup):
    def list_commands(self, ctx):
        return list(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module, attribute = COMMANDS[name]
        command = getattr(importlib.import_module(module), attribute)
        command.name = name
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXIT_CODES_HELP)
@click.version_option(package_name="patiens")
def cli():
    """patiens: exhaustive solver and deal analyser for patience games.

    solve, replay, analyse and generate answer with the whole deal known; play, hint
    and analyse --player play the real game, the hidden cards hidden.  Every command
    but the interactive 'klondike view' takes --json for scripts.
    """
