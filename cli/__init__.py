"""The `patiens` command line.  `main` is the console script: it imports the commands
inside its guard, so that Ctrl-C at any moment, start-up included, ends with one line
and exit status 130."""
import _signal  # built in, no file to read: the handler below is in place at once

_guarded = False  # main's guard is up: Ctrl-C raises KeyboardInterrupt, which it catches


def _ctrl_c(signum, frame):
    if _guarded:
        raise KeyboardInterrupt
    # Before the guard (this package still importing): no traceback, just go.
    import os
    os.write(2, b"patiens: interrupted\n")
    os._exit(130)


_signal.signal(_signal.SIGINT, _ctrl_c)


def main():
    global _guarded
    import sys
    try:
        _guarded = True
        from cli.main import cli
        cli.main(prog_name="patiens")
    except KeyboardInterrupt:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # a second Ctrl-C must not interrupt the goodbye
        print("patiens: interrupted", file=sys.stderr)
        sys.exit(130)
