"""The CUDA path: what a CPU machine can prove (the box's device binds and environment, CUDA that
fails to start keeping the CPU verdict, loop detection on the checked device, the zygote's fork
safety, block timing, detection without torch), and real checks on a GPU, marked `cuda`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import torch

from tests.corpus_world import layer_or_skip
from tests.harness import (
    FIXTURE_COURSE,
    REPO,
    check_json,
    check_one,
    headers,
    run_cli,
    run_python,
    worker_request,
)
from vecdrill import wire
from vecdrill.checking import device_retry, devices, expected, pipeline, plan, verdicts
from vecdrill.checking.compare import Tolerance, tolerance
from vecdrill.checking.devices import cuda_available
from vecdrill.checking.expected import Case
from vecdrill.checking.growth import loop_growth
from vecdrill.checking.submission import Source, read_source
from vecdrill.child import timer
from vecdrill.content.catalogue import load_catalogue
from vecdrill.content.drill import load_drill
from vecdrill.errors import VecdrillError
from vecdrill.messages import message
from vecdrill.result.model import DeviceResult, FileResult, Verdict
from vecdrill.sandbox import doctor, launch, mounts, warm
from vecdrill.sandbox.isolation import Isolation, IsolationReport, detect_isolation
from vecdrill.supervisor.limits import Limits

needs_cuda = pytest.mark.skipif(not cuda_available(), reason="no CUDA device on this machine")
without_cuda = pytest.mark.skipif(cuda_available(), reason="this machine has a CUDA device")
SOLUTION = REPO / "drills" / "core" / "relu-where" / "solution.py"
FX_DOUBLE = FIXTURE_COURSE / "fx-double"
DOUBLE_SOURCE = b"def fx_double(x):\n    return x * 2\n"
SCRIPTS = REPO / "tests" / "sandbox_scripts"
CUDA_FILES = sorted((REPO / "tests" / "cuda_files").glob("*.py"))
# What bubblewrap's --dev gives every box, before any device is bound into it.
BWRAP_DEV = {"console", "core", "fd", "full", "mqueue", "null", "ptmx", "pts", "random", "shm"}
BWRAP_DEV |= {"stderr", "stdin", "stdout", "tty", "urandom", "zero"}


# A character device this machine has that bubblewrap's /dev lacks: the stand-in for /dev/nvidia0.
STAND_IN = next(
    (p for p in ("/dev/kmsg", "/dev/fuse", "/dev/tty0", "/dev/loop-control") if Path(p).is_char_device()),
    None,
)


# The box: device nodes and environment


def test_bwrap_binds_each_device_node_after_its_fresh_dev(tmp_path: Path) -> None:
    command = mounts.bwrap_command(
        ["python"], tmp_path, [], 1024, [], ["/dev/nvidia0", "/dev/nvidia-caps/nvidia-cap1"]
    )
    dev = command.index("--dev")
    binds = [i for i, arg in enumerate(command) if arg == "--dev-bind-try"]
    assert len(binds) == 2 and all(i > dev for i in binds)
    assert command[binds[0] + 1 : binds[0] + 3] == ["/dev/nvidia0", "/dev/nvidia0"]
    assert mounts.bwrap_command(["python"], tmp_path, [], 1024, []).count("--dev-bind-try") == 0


def test_the_device_list_is_configurable_and_keeps_only_character_devices(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain_file = tmp_path / "nvidia0"
    plain_file.write_text("not a device")
    monkeypatch.setenv(mounts.DEVICES_ENV, f"{tmp_path}/nvidia*:/dev/null:/dev/nonexistent*")
    assert mounts.gpu_device_nodes() == ["/dev/null"]
    monkeypatch.delenv(mounts.DEVICES_ENV)  # NVIDIA's nodes, wherever this machine has them
    nvidia = [*Path("/dev").glob("nvidia*"), *Path("/dev").glob("nvidia-caps/*")]
    assert mounts.gpu_device_nodes() == sorted(str(p) for p in nvidia if p.is_char_device())


@pytest.mark.sandbox
@pytest.mark.skipif(STAND_IN is None, reason="no character device outside bubblewrap's /dev here")
def test_a_bound_device_is_visible_in_the_box_and_nothing_else_of_dev(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert STAND_IN is not None
    bwrap = layer_or_skip("bwrap")
    listing = "import os, json; print(json.dumps(sorted(os.listdir('/dev'))))"
    host_only = set(os.listdir("/dev")) - BWRAP_DEV - {Path(STAND_IN).name}

    def box_dev() -> set[str]:
        command = launch.child_command(["-c", listing], tmp_path, bwrap, [], 1 << 20)
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
        return set(json.loads(done.stdout))

    monkeypatch.setenv(mounts.DEVICES_ENV, STAND_IN)
    bound = box_dev()
    assert Path(STAND_IN).name in bound
    assert bound - BWRAP_DEV == {Path(STAND_IN).name}, "only the bound node comes from the host"
    assert host_only and not host_only & bound
    monkeypatch.setenv(mounts.DEVICES_ENV, "/dev/nonexistent")
    assert Path(STAND_IN).name not in box_dev()


def test_the_child_keeps_the_gpu_choice_on_a_gpu_machine_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    report = IsolationReport(Isolation.PLAIN, {}, False, True)
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")
    monkeypatch.setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
    monkeypatch.setenv(mounts.DEVICES_ENV, "/dev/null")  # a stand-in for /dev/nvidia0
    env = launch.child_environment(tmp_path, report, Limits())
    assert env["CUDA_VISIBLE_DEVICES"] == "1" and env["CUDA_DEVICE_ORDER"] == "PCI_BUS_ID"
    assert env["CUDA_CACHE_DISABLE"] == "1"
    monkeypatch.setenv(mounts.DEVICES_ENV, "/dev/nonexistent")
    cpu_env = launch.child_environment(tmp_path, report, Limits())
    assert not {"CUDA_VISIBLE_DEVICES", "CUDA_DEVICE_ORDER", "CUDA_CACHE_DISABLE"} & cpu_env.keys()


# CUDA that cannot start is vecdrill's problem, and the CPU verdict stands


def _cases(devices_: list[str]) -> list[Case]:
    return [Case(f"{d}:{i}", d, {"N": n}, 1234 + i) for d in devices_ for i, n in enumerate((1, 40))]


def _worker(source: bytes, cases: list[Case], layer: str = "plain", **fields: Any) -> launch.ChildRun:
    """The real worker, run on `source` as fx-double's solution for `cases` (and `fields`)."""
    request = worker_request(
        load_drill(FX_DOUBLE),
        source=source,
        cases=[wire.CaseRequest(**c.as_request()) for c in cases],
        **fields,
    )
    return launch.run_sandboxed(
        launch.RunRequest(
            wire.WORKER_ARGS, wire.encode_request(request), Limits(wall_seconds=60), detect_isolation(layer)
        )
    )


@without_cuda
@pytest.mark.slow
def test_cuda_that_cannot_start_in_the_box_keeps_the_cpu_verdict_and_blames_no_one() -> None:
    drill = load_drill(FX_DOUBLE)
    cases = _cases(["cpu", "cuda"])
    probe = [{"N": 16}, {"N": 256}]
    # CUDA really fails to start here: this torch has no GPU to use
    run = _worker(DOUBLE_SOURCE, cases, grad=drill.grad, probe=probe, probe_devices=["cuda"])
    cpu_cases = [c for c in cases if c.device == "cpu"]
    pieces = expected.gather(drill, cpu_cases, probe=probe, bench=[], timeout=120, helpers=[])
    result = verdicts.judge_run(drill, run, cases, pieces, 60, probe=probe, file="sol.py").result
    assert result is not None and result.verdict is Verdict.PASS, result.message
    assert [d.device for d in result.devices] == ["cpu"]
    (note,) = [n.text("en") for n in result.notes if n.code == "not_checked"]
    assert "not with your solution" in note and "`vecdrill doctor`" in note
    assert "CUDA" in note  # what is missing, in words

    only_cuda = [c for c in cases if c.device == "cuda"]
    with pytest.raises(VecdrillError, match=r"cuda was not checked: .*vecdrill doctor"):
        verdicts.judge_run(drill, run, only_cuda, pieces, 60, probe=probe, file="sol.py")


# A CUDA failure that takes the whole child with it: the CPU is checked again alone


def _cpu_verdict_kept_on_a_gpu_machine(
    monkeypatch: pytest.MonkeyPatch, runner: pipeline.Runner = launch.run_sandboxed
) -> str:
    """A check of fx-double on CPU and CUDA, as on a machine whose detection finds a GPU; here the
    loop's own child then really fails to start CUDA (this torch has none). The CPU's pass is the
    verdict; returned is the note that says why cuda was not checked."""
    monkeypatch.setattr(devices, "cuda_available", lambda: True)
    options = pipeline.CheckOptions(device="all", bench=False)
    solution = Source(Path("sol.py"), DOUBLE_SOURCE)
    result = pipeline.check_past_gate(solution, load_drill(FX_DOUBLE), options, runner)
    assert result.verdict is Verdict.PASS, result.message
    assert [(d.device, d.verdict) for d in result.devices] == [("cpu", Verdict.PASS)]
    (note,) = [n.text("en") for n in result.notes if n.text("en").startswith("cuda was not checked")]
    return note


@without_cuda
@pytest.mark.slow
def test_a_loop_that_cannot_run_on_cuda_keeps_the_cpu_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    note = _cpu_verdict_kept_on_a_gpu_machine(monkeypatch)
    assert "the drill's loop could not run there" in note and "not with your solution" in note
    assert "the CPU verdict stands" in note and "`vecdrill doctor`" in note


@without_cuda
@pytest.mark.slow
@pytest.mark.sandbox
def test_a_child_that_dies_starting_cuda_keeps_the_cpu_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A driver that segfaults while CUDA starts, simulated: a child asked for CUDA cases dies
    before its ready signal; the retry on the CPU alone runs the real worker."""
    asked: list[set[str]] = []

    def driver_crash(run: launch.RunRequest) -> launch.ChildRun:
        on = {case.device for case in wire.decode_request(run.payload).cases}
        asked.append(on)
        if "cuda" not in on:
            return launch.run_sandboxed(run)
        crash = (str(SCRIPTS / "crash.py"), "segv")
        return launch.run_sandboxed(replace(run, args=crash, readable=frozenset([SCRIPTS])))

    note = _cpu_verdict_kept_on_a_gpu_machine(monkeypatch, driver_crash)
    assert asked == [{"cpu", "cuda"}, {"cpu"}]
    assert "vecdrill's checking process was killed by SIGSEGV while it started cuda" in note
    assert "not with your solution" in note


@without_cuda
@pytest.mark.slow
def test_dev_check_hears_of_a_loop_that_cannot_run_on_cuda(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback that keeps a learner's CPU verdict would hide a drill's CUDA failure from its
    author: dev check turns it off."""
    from vecdrill.authoring.dev_check import dev_check

    shutil.copytree(FX_DOUBLE, tmp_path / "pack" / FX_DOUBLE.name)
    monkeypatch.setattr(devices, "cuda_available", lambda: True)
    _, problems = dev_check([tmp_path / "pack"], bench=False, jobs=1, mutants=False)
    said = [p.message for p in problems if "reference process" in p.message]
    assert said and "cuda: " in said[0], problems  # (the fixture's short explanations are problems too)


def _crashed_on_cuda(then: str) -> verdicts.Attempt:
    """A real child that starts, then crashes (or exits) without a result, judged as the first
    attempt of a CPU and CUDA check."""
    run = launch.run_sandboxed(
        launch.RunRequest(
            (str(SCRIPTS / "ready.py"), "0", then),
            b"",
            Limits(wall_seconds=20),
            detect_isolation(None),
            readable=frozenset([SCRIPTS]),
        )
    )
    assert run.started_up and run.result is None
    drill = load_drill(FX_DOUBLE)
    cases = _cases(["cpu", "cuda"])
    return verdicts.judge_run(drill, run, cases, {}, 20, probe=plan.probe_sizes(drill), file="sol.py")


@pytest.mark.slow
@pytest.mark.sandbox
def test_a_crash_only_on_cuda_is_that_devices_verdict_beside_the_cpus() -> None:
    first = _crashed_on_cuda("segv")
    assert device_retry.lost_device(first, ["cpu", "cuda"]) == "cuda"
    assert device_retry.lost_device(first, ["cpu"]) is None  # nothing else to check: it stands
    checked = pipeline.check_past_gate(
        Source(Path("sol.py"), DOUBLE_SOURCE),
        load_drill(FX_DOUBLE),
        pipeline.CheckOptions(device="cpu", bench=False),
    )
    merged = device_retry.merge(first, checked, "cuda")
    assert [(d.device, d.verdict) for d in merged.devices] == [("cpu", Verdict.PASS), ("cuda", Verdict.CRASH)]
    assert merged.verdict is Verdict.CRASH
    assert merged.message.text("en").startswith("cuda: your solution's process was killed by SIGSEGV")
    # The same crash on the CPU alone is the solution's, wherever it ran: the first verdict stands.
    crashed_again = FileResult("sol.py", "fx-double", Verdict.CRASH, message("verdict", "killed_memory"))
    assert device_retry.merge(first, crashed_again, "cuda") is first.result


def test_a_failure_on_a_cpu_case_is_not_retried() -> None:
    ended = _crashed_on_cuda("exit")
    raised = message("verdict", "raised", error="ValueError: no")
    stopped = FileResult("sol.py", "fx-double", Verdict.ERROR, raised)
    assert device_retry.lost_device(verdicts.Attempt(ended.run, stopped, "cpu"), ["cpu", "cuda"]) is None
    assert device_retry.lost_device(verdicts.Attempt(ended.run, stopped, "cuda"), ["cpu", "cuda"]) == "cuda"
    judged = replace(stopped, verdict=Verdict.WRONG, devices=(DeviceResult("cpu", Verdict.WRONG, raised),))
    assert device_retry.lost_device(verdicts.Attempt(ended.run, judged), ["cpu", "cuda"]) is None


@pytest.mark.slow
def test_a_gpu_out_of_memory_error_is_the_memory_verdict_naming_device_and_size() -> None:
    source = (
        b"import torch\n\ndef fx_double(x):\n    raise torch.cuda.OutOfMemoryError("
        b"'CUDA out of memory. Tried to allocate 64.00 GiB. GPU 0 has a total capacity of 139.8 GiB')\n"
    )
    header, _ = wire.decode_result(_worker(source, _cases(["cpu"])).result or b"")
    outcome = verdicts.header_outcome(header, "sol.py")
    assert outcome is not None and outcome.verdict is Verdict.MEMORY
    said = outcome.message.text("en")
    assert "ran out of GPU memory at size N=1: it asked for 64.00 GiB more on cuda:0" in said


# Loop detection covers the checked device


@pytest.mark.slow
@pytest.mark.sandbox
def test_work_is_counted_on_each_checked_device_so_a_device_only_loop_is_caught() -> None:
    """ "meta" stands in for "cuda": the solution loops only off the CPU, as one that loops only
    when x.is_cuda would on a GPU."""
    source = (
        b"import torch\n\ndef fx_double(x):\n    if x.device.type != 'cpu':\n"
        b"        return torch.stack([v * 2 for v in x.unbind(0)])\n    return x * 2\n"
    )
    # bwrap (and plain_mode off, as a check there sends it): meta tensors import torch._dynamo, which
    # makes a cache folder the plain guard refuses
    bwrap = layer_or_skip("bwrap").value
    run = _worker(source, [], bwrap, probe=[{"N": 16}, {"N": 256}], probe_devices=["meta"], plain_mode=False)
    header, _ = wire.decode_result(run.result or b"")
    assert header.status == "ok", header.message
    flat = {"aten": [1, 1], "calls": [1, 1]}
    assert loop_growth(header.counts, flat) is None  # the CPU's work stays flat
    growth = loop_growth(header.device_counts["meta"], flat)
    assert growth is not None and "grows with the input size" in growth.text("en")


# The warm zygote never initialises CUDA before it forks


@pytest.mark.slow
def test_the_zygote_preloads_nothing_that_asks_for_cuda() -> None:
    done = run_python(
        "import torch, torch.cuda\n"
        "asked = []\n"
        "for name in ('is_available', 'device_count', 'init', '_lazy_init', 'current_device'):\n"
        "    real = getattr(torch.cuda, name)\n"
        "    def spy(*a, _n=name, _r=real, **k):\n"
        "        asked.append(_n)\n"
        "        return _r(*a, **k)\n"
        "    setattr(torch.cuda, name, spy)\n"
        "from vecdrill.child import enclosure, zygote\n"
        "for module in zygote.PRELOADED:\n"
        "    __import__(module)\n"
        "print(asked, torch.cuda.is_initialized())\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["[]", "False"]


def test_the_zygote_refuses_to_fork_once_cuda_is_initialised() -> None:
    done = run_python(
        "import torch\n"
        "from vecdrill.child import enclosure, zygote\n"
        "from vecdrill.supervisor.limits import Limits\n"
        "zygote.ensure_fork_safe()\n"
        "torch.cuda.is_initialized = lambda: True  # as if a preload had started CUDA\n"
        "try:\n"
        "    zygote.serve(b'', Limits(), enclosure.CheckNamespaces(wanted=False))\n"
        "except zygote.CudaInitialised as exc:\n"
        "    print('refused:', exc)\n"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: CUDA was initialised in the warm worker")


# Timing in blocks, and detection without a CUDA context


def _blocks(
    function: Any, inputs: Any, budget_seconds: float = 0.02, clock: timer._CudaEvents | None = None
) -> timer.Measured:
    """`function` timed in blocks of calls on `clock` (the wall clock by default), each given `inputs()`."""
    return timer.time_blocks(function, inputs, clock or timer.WallClock(), budget_seconds=budget_seconds)


def test_block_timing_sees_a_result_returned_twice() -> None:
    kept = torch.ones(8)
    fresh = _blocks(lambda x: x * 2, lambda: {"x": torch.ones(8)})
    cached = _blocks(lambda x: kept, lambda: {"x": torch.ones(8)})
    assert not fresh.reused_output and cached.reused_output
    assert fresh.samples.repeats >= 3 * len(fresh.samples.seconds) // 3 and len(fresh.samples.seconds) >= 3


def test_a_warm_up_longer_than_the_budget_is_the_one_sample() -> None:
    """The loop on CUDA waits for the GPU on every element: a second call could take a minute."""
    calls: list[float] = []
    measured = _blocks(lambda: calls.append(time.sleep(0.05) or 0.0), dict, budget_seconds=0.01)
    assert measured.samples.repeats == 1 and len(measured.samples.seconds) == 1
    assert len(calls) == 1 and measured.samples.seconds[0] >= 0.05


def test_a_block_holds_its_outputs_within_the_block_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A drill with a tiny input and a large output: the outputs of a block's calls are all
    alive at its end, so they count in its size, or a large-output drill meets the GPU cap."""
    monkeypatch.setattr(timer, "BLOCK_BYTES", 2 * 1024**2)
    measured = _blocks(lambda x: torch.empty(256 * 1024), lambda: {"x": 1.0})
    assert measured.samples.repeats // len(measured.samples.seconds) <= 2  # 1 MiB a call, quickly


def test_block_timing_stops_at_its_wall_deadline() -> None:
    """Calls far quicker than making their inputs: the timed part would take ages to fill the
    budget, so twice the budget of wall time ends it once one block is done."""
    measured = _blocks(lambda: None, lambda: time.sleep(0.001) or {}, budget_seconds=0.01)
    assert len(measured.samples.seconds) == 1  # one block of 64 calls' inputs is over the deadline


@pytest.mark.cuda
@needs_cuda
def test_cuda_blocks_time_the_work_of_every_stream() -> None:
    """Work a solution queues on a stream of its own is timed in its block, not the next one's."""
    a = torch.randn(4096, 4096, device="cuda")
    side = torch.cuda.Stream()

    def on_the_side(x: torch.Tensor) -> torch.Tensor:
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            (a @ a).sum()
        return x * 2

    plain = _blocks(lambda x: x * 2, lambda: {"x": a[0].clone()}, 0.05, timer._CudaEvents())
    hidden = _blocks(on_the_side, lambda: {"x": a[0].clone()}, 0.05, timer._CudaEvents())
    assert hidden.samples.quietest > 20 * plain.samples.quietest  # a 4096^3 product against one kernel


@without_cuda
def test_detection_imports_no_torch_and_no_nvml_without_device_nodes() -> None:
    done = run_python(
        "import sys\nfrom vecdrill.checking import devices\n"
        "print(devices.cuda_available(), devices.gpu(), 'torch' in sys.modules)\n"
    )
    assert done.stdout.split() == ["False", "None", "False"], done.stderr


def test_detection_asks_no_library_so_it_cannot_delay_the_childs_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stand-in GPU node and a CUDA build of torch are enough; NVML, absent here, is not asked."""
    (tmp_path / "nvidia0").touch()
    monkeypatch.setattr(devices, "GPU_NODES", f"{tmp_path}/nvidia[0-9]*")
    monkeypatch.setattr(devices, "torch_has_cuda", lambda: True)
    devices.gpu.cache_clear()
    try:
        assert devices.cuda_available()
        assert devices.select("all", "torch") == ["cpu", "cuda"]
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "")  # hides every GPU
        assert not devices.cuda_available() and devices.gpu() is None
        monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "-1")
        assert devices.select("all", "torch") == ["cpu"]
    finally:
        devices.gpu.cache_clear()


def test_the_loop_timing_cache_key_names_the_gpu_only_for_cuda() -> None:
    cpu = expected.machine_key("cpu")
    assert set(cpu) == {"node", "cpu", "cpus"}  # CPU timings cached before stay valid
    cuda = expected.machine_key("cuda")
    assert cuda["gpu"] == (None if devices.gpu() is None else list(devices.gpu().__dict__.values())[:3])
    assert "torch_cuda" in cuda


def test_a_drill_can_give_cuda_its_own_tolerance() -> None:
    drill = load_drill(REPO / "drills" / "core" / "scatter-sum")
    assert tolerance(drill, "cpu") == Tolerance(1e-5, 1e-5)
    assert tolerance(drill, "cuda") == Tolerance(1e-5, 1e-4)
    assert tolerance(load_drill(FX_DOUBLE), "cuda") == Tolerance(None, None)


# Learner files with a verdict per device (benchmarks/gpu_check.sh runs them on a GPU)


def _results_on(device: str) -> dict[str, dict[str, Any]]:
    """Every file of tests/cuda_files checked in one run on `device`: file stem -> its result."""
    _, results = check_json(CUDA_FILES, "--device", device, "--drills", str(FIXTURE_COURSE), jobs=1)
    return {Path(r["file"]).stem: r for r in results}


@pytest.mark.parametrize(
    "device",
    [pytest.param("cpu", marks=pytest.mark.slow), pytest.param("cuda", marks=[pytest.mark.cuda, needs_cuda])],
)
def test_cuda_learner_files_get_their_verdict_on_each_device(device: str) -> None:
    got = {stem: result["verdict"] for stem, result in _results_on(device).items()}
    assert got == {p.stem: headers(p)[device] for p in CUDA_FILES}


@pytest.mark.cuda
@needs_cuda
def test_cuda_learner_files_checked_on_both_devices_keep_each_devices_verdict() -> None:
    want = {p.stem: headers(p) for p in CUDA_FILES}
    results = _results_on("all")
    assert {stem: r["verdict"] for stem, r in results.items()} == {stem: h["all"] for stem, h in want.items()}
    for stem, result in results.items():  # a failure on CUDA never takes the CPU's verdict
        on_each = [(d["device"], d["verdict"]) for d in result["devices"]]
        assert on_each == [("cpu", want[stem]["cpu"]), ("cuda", want[stem]["cuda"])], stem


# On a GPU


@without_cuda
def test_device_cuda_without_a_gpu_is_a_clear_usage_error() -> None:
    done = run_cli("check", str(SOLUTION), "--drill", "relu-where", "--device", "cuda")
    assert done.returncode == 2
    assert "torch sees no CUDA device on this machine; use --device cpu" in done.stderr


@without_cuda
def test_report_says_only_the_cpu_was_checked(tmp_path: Path) -> None:
    result = check_one(SOLUTION, "--drill", "relu-where")
    assert [d["device"] for d in result["devices"]] == ["cpu"]
    assert "only the CPU was checked" in " ".join(result["notes"])


@pytest.mark.cuda
@needs_cuda
def test_a_device_side_assert_is_the_error_of_its_case_beside_the_cpu_verdict() -> None:
    path = REPO / "tests" / "cuda_files" / "index_out_of_range_on_cuda.py"
    result = check_one(path, "--drills", str(FIXTURE_COURSE))
    assert result["verdict"] == "error", result["message"]
    assert [(d["device"], d["verdict"]) for d in result["devices"]] == [("cpu", "pass"), ("cuda", "error")]
    assert result["message"].startswith("cuda: your solution raised ")
    assert "device-side assert" in result["message"] and "replay with --seed" in result["message"]


@pytest.mark.cuda
@needs_cuda
def test_reference_solution_passes_on_cpu_and_cuda() -> None:
    result = check_one(SOLUTION, "--drill", "relu-where", bench=True)
    assert result["verdict"] == "pass", result["message"]
    devices_ = {d["device"]: d for d in result["devices"]}
    assert set(devices_) == {"cpu", "cuda"}
    assert devices_["cuda"]["speedup"] is not None
    assert any("TF32" in note for note in result["notes"])


@pytest.mark.cuda
@needs_cuda
def test_cuda_works_inside_every_layers_box() -> None:
    facts = doctor.in_words(doctor.cuda_in_boxes(), "en")
    for layer in Isolation:
        assert facts[layer.value].startswith(("works", "not available")), facts


@pytest.mark.cuda
@needs_cuda
def test_the_warm_worker_gives_a_cuda_verdict() -> None:
    options = pipeline.CheckOptions(drill_id="relu-where", device="cuda", bench=False)
    with warm.WarmWorker() as worker:
        for _ in range(2):
            result = pipeline.check(read_source(SOLUTION), load_catalogue(), options, runner=worker.run)
            assert result.verdict is Verdict.PASS, result.message
        assert worker.problem is None
