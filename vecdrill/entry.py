"""The `vecdrill` program: the one error boundary, and the way to each command.

`main()` turns vecdrill's own errors into one line on stderr and their exit code, and anything
unexpected into exit 4 with a traceback only under `--debug`. `vecdrill lint` goes straight to
the lint's own parser (`vecdrill.lint.command`), so a cold lint never loads typer; every other
command, and a lint that may go on to start a drill (`--drill`), goes through the typer app.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
from typing import Any, NoReturn

from vecdrill.errors import ExitCode, VecdrillError
from vecdrill.messages import say
from vecdrill.supervisor.limits import undumpable


def main(argv: list[str] | None = None) -> NoReturn:
    undumpable()  # a solution's process, whatever it runs, cannot read this one's memory or fds
    # vecdrill's own torch only decodes and compares what the children send, small work beside
    # theirs: on one thread it stays off the cores they are timed on (two spun five times the CPU
    # of a warm check on a busy machine). Children get their thread counts from the sandbox.
    os.environ["OMP_NUM_THREADS"] = "1"
    # A check's reference thread imports torch while the main thread launches the child: at the
    # default 5 ms switch interval each system call of the launch waited that long for the
    # interpreter lock (the child started 250-450 ms late); at 0.5 ms the launch barely waits.
    sys.setswitchinterval(0.0005)
    from vecdrill.sandbox import stopping

    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    args = [a for a in args if a != "--debug"]
    lang = _language(args)
    stopping.install()  # Ctrl-C, SIGTERM and SIGHUP end every child first, then unwind
    try:
        code = _run(args, lang)
    except VecdrillError as exc:
        _report(exc, debug, lang)
        code = exc.exit_code
    except KeyboardInterrupt:
        code = 130
    except Exception as exc:  # noqa: BLE001 - the error boundary
        code = _usage_or_internal(exc, debug, lang)
    signum = stopping.received()  # after SIGTERM or SIGHUP, 128 + it, as a shell reports it;
    if signum is not None and signum != signal.SIGINT:  # Ctrl-C keeps the command's own code
        code = 128 + signum
    _leave(int(code))


def _language(args: list[str]) -> str:
    """The language of an error and of the help: the command's `--lang` where it names one we
    speak, else the environment's (VECDRILL_LANG, the locale), as every command picks it."""
    from vecdrill import language

    for i, arg in enumerate(args):
        value = arg.removeprefix("--lang=") if arg.startswith("--lang=") else None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        if value in language.LANGUAGES:
            return value
    return language.pick(None)


def _run(args: list[str], lang: str) -> int:
    if args[:1] == ["lint"] and "--drill" not in args:
        from vecdrill.lint import command

        return command.run(args[1:]).code
    from vecdrill import cli

    return cli.run(args, lang)


def _leave(code: int) -> NoReturn:
    """Exit without tearing the interpreter down. Once torch is loaded, freeing its thousands of
    modules one by one takes 0.3-0.5 s, longer than a check's own work after its run. Every file
    vecdrill writes is closed and every child reaped by now; only the standard streams need a
    flush (a reader that went away, as in `vecdrill list | head`, is not an error)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def _usage_or_internal(exc: Exception, debug: bool, lang: str) -> int:
    format_message = getattr(exc, "format_message", None)
    if callable(format_message):  # typer's (click's) usage errors, whichever click it bundles
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare `vecdrill`: its help, no error frame
            print(format_message(), file=sys.stderr)
            return ExitCode.USAGE
        from vecdrill.report import render

        render.error(say("errors", "command_line", lang, problem=_command_line_problem(exc, lang)), lang)
        return ExitCode.USAGE
    _report(exc, debug, lang, internal=True)
    return ExitCode.INTERNAL


def _command_line_problem(exc: Any, lang: str) -> str:
    """A mistake on the command line in the reader's language where click names its parts (an
    unknown option, a missing argument, a value of the wrong type), else click's own sentence."""
    kind = type(exc).__name__
    name = exc.param.get_error_hint(exc.ctx) if getattr(exc, "param", None) is not None else None
    if kind == "NoSuchOption":
        like = ", ".join(exc.possibilities or ())
        code = "no_such_option_like" if like else "no_such_option"
        return say("errors", code, lang, option=exc.option_name, like=like)
    if kind == "MissingParameter" and name:
        return say("errors", "missing_parameter", lang, name=name)
    if kind == "BadParameter" and name:
        value = re.fullmatch(r"(.+) is not a valid (\w+)\.", exc.message)  # click's type mismatch
        detail = say("errors", "not_a", lang, value=value[1], kind=value[2]) if value else exc.message
        return say("errors", "bad_value", lang, name=name, detail=detail)
    command = re.fullmatch(r"No such command (.+?)\.(?: Did you mean (.+?)\?)?", exc.format_message())
    if command:
        code = "no_such_command_like" if command[2] else "no_such_command"
        return say("errors", code, lang, command=command[1], like=command[2])
    return str(exc.format_message())


def _report(exc: Exception, debug: bool, lang: str, internal: bool = False) -> None:
    from vecdrill.report import render

    if debug:
        import traceback

        traceback.print_exception(exc)
    if internal:
        render.error(say("errors", "internal", lang, error=f"{type(exc).__name__}: {exc}"), lang)
    else:
        render.error(exc.text(lang) if isinstance(exc, VecdrillError) else str(exc), lang)
