"""The `patiens` command line.  `main` is the console script: it imports the commands
inside its guard, so that Ctrl-C at any moment, start-up included, ends with one line
and exit status 130."""
import signal
import sys


def main():
    try:
        from cli.main import cli
        cli.main(prog_name="patiens")
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not interrupt the goodbye
        print("patiens: interrupted", file=sys.stderr)
        sys.exit(130)
