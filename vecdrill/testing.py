"""A pytest helper for graders: `assert_passes(solution, drill)` fails the test with vecdrill's
one-sentence verdict when the solution does not pass.

    from vecdrill.testing import assert_passes

    def test_gather_logits():
        assert_passes("submissions/alice.py", "gather-logits", bench=False)
"""

from __future__ import annotations

from typing import Any

from vecdrill.notebook.api import Solution, check
from vecdrill.notebook.displays import Result


def assert_passes(solution: Solution, drill: str | None = None, **options: Any) -> Result:
    """Check like `vecdrill.check` (same options) and return the result; when it does not pass,
    fail with `VERDICT: message` (no traceback into vecdrill under pytest)."""
    __tracebackhide__ = True
    result = check(solution, drill, **options)
    if not result.verdict.passed:
        message = f"{result.verdict.value}: {result.message.text(result.lang)}"
        try:
            import pytest
        except ImportError:
            raise AssertionError(message) from None
        pytest.fail(message, pytrace=False)
    return result
