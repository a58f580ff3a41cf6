"""The `patiens` command line.  `main` is the console script: it imports the commands
inside its guard, so that Ctrl-C at any moment, start-up included, ends with one line
and exit status 130."""
import _signal  # built in, no file to read: the handler below is in place at once
import sys  # (loaded before any module: no file to read either)

_guarded = False  # main's guard is up: Ctrl-C raises KeyboardInterrupt, which it catches


def _ctrl_c(signum, frame):
    if _guarded:
        raise KeyboardInterrupt
    # Before the guard (this package still importing): no traceback, just go.
    import os
    os.write(2, b"patiens: interrupted\n")
    os._exit(130)


_signal.signal(_signal.SIGINT, _ctrl_c)


_report_unraisable = sys.unraisablehook  # Python's own report, for every other exception


def _unraisable(event):
    """Python drops an exception raised where nothing can catch it (a weakref
    callback of the import machinery, a __del__) with an "Exception ignored" report.
    A KeyboardInterrupt from _ctrl_c dropped there would lose the Ctrl-C, and the
    search would run on to its end: mark the signal again instead, from a new thread.
    That thread runs only once this one lets go of the interpreter (at a blocking call,
    or after the switch interval), long after this hook has returned, so the signal is
    handled where it can stop the command; marked from here, it would be handled in
    this hook and dropped again."""
    if isinstance(event.exc_value, KeyboardInterrupt):
        import _thread  # built in
        _thread.start_new_thread(_thread.interrupt_main, ())
    else:
        _report_unraisable(event)


def main():
    global _guarded
    sys.unraisablehook = _unraisable
    try:
        _guarded = True
        from cli.main import cli
        cli.main(prog_name="patiens")
    except KeyboardInterrupt:
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)  # a second Ctrl-C must not interrupt the goodbye
        print("patiens: interrupted", file=sys.stderr)
        sys.exit(130)
