"""The CUDA path: real checks on a GPU where one is present; a clear refusal where none is."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import FIXTURE_COURSE, REPO, run_cli
from vecdrill.check.devices import cuda_available

needs_cuda = pytest.mark.skipif(not cuda_available(), reason="no CUDA device on this machine")
SOLUTION = REPO / "drills" / "relu-where" / "solution.py"


@pytest.mark.skipif(cuda_available(), reason="this machine has a CUDA device")
def test_device_cuda_without_a_gpu_is_a_clear_usage_error() -> None:
    done = run_cli("check", str(SOLUTION), "--drill", "relu-where", "--device", "cuda")
    assert done.returncode == 2
    assert "torch sees no CUDA device on this machine; use --device cpu" in done.stderr


@pytest.mark.skipif(cuda_available(), reason="this machine has a CUDA device")
def test_report_says_only_the_cpu_was_checked(tmp_path: Path) -> None:
    done = run_cli("check", str(SOLUTION), "--drill", "relu-where", "--no-bench", "--json")
    result = json.loads(done.stdout)["results"][0]
    assert [d["device"] for d in result["devices"]] == ["cpu"]
    assert "only the CPU was checked" in " ".join(result["notes"])


@pytest.mark.cuda
@needs_cuda
def test_reference_solution_passes_on_cpu_and_cuda() -> None:
    done = run_cli("check", str(SOLUTION), "--drill", "relu-where", "--json")
    result = json.loads(done.stdout)["results"][0]
    assert result["verdict"] == "pass", result["message"]
    devices = {d["device"]: d for d in result["devices"]}
    assert set(devices) == {"cpu", "cuda"}
    assert devices["cuda"]["speedup"] is not None


@pytest.mark.cuda
@needs_cuda
def test_result_left_on_the_cpu_is_wrong_device(tmp_path: Path) -> None:
    solution = tmp_path / "cpu_result.py"
    solution.write_text(
        "# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    return (x * 2).cpu()\n"
    )
    done = run_cli(
        "check", str(solution), "--device", "cuda", "--no-bench", "--json", "--drills", str(FIXTURE_COURSE)
    )
    result = json.loads(done.stdout)["results"][0]
    assert result["verdict"] == "wrong"
    assert "device" in result["message"] and "cuda" in result["message"]
