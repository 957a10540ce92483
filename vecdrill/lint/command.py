"""`vecdrill lint`'s options and its run, parsed with argparse.

A lint runs cold more often than any other command (a pre-commit hook on every commit, an editor
on every save), and typer, with the validators it builds for each option, takes longer to import
than the lint takes to read a thousand lines. So `vecdrill.entry` hands `vecdrill lint` straight
to `run` here, and the typer app's `lint` command forwards its arguments to the same function: one
definition of the options, whichever way the command is reached.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

from vecdrill.errors import ExitCode, UsageError
from vecdrill.messages import message

DESCRIPTION = (
    "Find the loops the drills teach in your own torch and numpy code, each with the drill that "
    "teaches the fix. Exit 1 when there are findings, 0 when there are none."
)


@dataclass(frozen=True)
class Linted:
    code: int  # the exit code: 1 with findings, 0 without
    drill: str | None  # with --drill: the first drill that teaches a fix found, to offer
    lang: str


def parser() -> argparse.ArgumentParser:
    from vecdrill.lint.formats import FORMATS

    found = argparse.ArgumentParser(prog="vecdrill lint", description=DESCRIPTION)
    found.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="Files and folders (.py, .ipynb).")
    found.add_argument(
        "--format",
        dest="output_format",
        default="text",
        metavar="FORMAT",
        help=f"{', '.join(FORMATS)} (default: text, path:line:col: CODE message).",
    )
    for option, what in (("--select", "Only these"), ("--ignore", "Skip these")):
        found.add_argument(
            option,
            action="append",
            metavar="CODES",
            help=f"{what} codes or prefixes (comma-separated; repeatable).",
        )
    found.add_argument(
        "--explain", metavar="CODE", help="Print one rule with a before and an after, then exit."
    )
    found.add_argument(
        "--drill", action="store_true", help="List the drills that teach the fixes and offer the first."
    )
    found.add_argument("--lang", help="Language of the messages: en or zh (default: from the locale).")
    return found


def run(args: list[str]) -> Linted:
    """Lint what `args` names and print the findings in the format asked for; a usage error is
    raised as one (`vecdrill.entry` prints it)."""
    from vecdrill import language
    from vecdrill.lint import config, formats
    from vecdrill.lint.codes import RULES
    from vecdrill.lint.run import lint_paths

    options = parser().parse_args(args)
    lang = language.pick(options.lang)
    if options.explain is not None:
        if options.explain.upper() not in RULES:
            codes = ", ".join(RULES)
            raise UsageError(message("errors", "lint_explain", rule=options.explain, codes=codes))
        print(formats.explain(options.explain.upper(), lang))
        return Linted(ExitCode.OK, None, lang)
    if not options.paths:
        raise UsageError(message("errors", "lint_no_paths"))
    if options.output_format not in formats.FORMATS:
        raise UsageError(
            message("errors", "lint_format", format=options.output_format, choices=", ".join(formats.FORMATS))
        )
    settings = config.load(config.find(options.paths[0])).with_options(options.select, options.ignore)
    report = lint_paths(options.paths, settings)
    for line in formats.skipped_lines(report, lang):
        print(line, file=sys.stderr)
    if options.output_format == "json":
        print(formats.json_document(report, lang))
    elif options.output_format == "sarif":
        print(formats.sarif_document(report, lang))
    elif options.output_format == "github":
        for line in formats.github_lines(report, lang):
            print(line)
    else:
        for line in formats.text_lines(report, lang):
            print(line)
        print(formats.summary(report, lang), file=sys.stderr)
    drills = formats.drills_in(report) if options.drill else []
    for line in formats.drill_lines(report, lang) if options.drill else []:
        print(line)
    code = ExitCode.NOT_PASSED if report.findings else ExitCode.OK
    return Linted(code, drills[0][0] if drills else None, lang)
