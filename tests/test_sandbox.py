"""The sandbox layer, run for real: tiny child scripts (no torch) under each layer this machine has.

Each run carries a tag in its environment; after every run no process with that tag may exist.
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.corpus_world import fingerprint, live_processes
from tests.harness import FIXTURE_COURSE, REPO, edit, in_terminal, run_cli, run_python
from tests.test_chinese import english_prose
from vecdrill import wire
from vecdrill.checking import verdicts
from vecdrill.result.model import Verdict
from vecdrill.sandbox import cgroup, mounts
from vecdrill.sandbox.doctor import describe_limits, in_words
from vecdrill.sandbox.launch import (
    ChildRun,
    Isolation,
    IsolationReport,
    Limits,
    RunRequest,
    detect_isolation,
    run_sandboxed,
)
from vecdrill.supervisor import channels, reaper, supervise

SCRIPTS = Path(__file__).resolve().parent / "sandbox_scripts"
TAG_OPTION = "vecdrill_test_tag"  # an -X option of the child's interpreter: in every process's command line
NOTICE = re.compile(r"\n\[\.\.\. (\d+) more bytes not shown\]$")
# The only variables a child may see: a few of the system's, the thread counts, and the wire's.
CHILD_ENV_NAMES = {"PATH", "HOME", "TMPDIR", "LANG", "PWD", "OMP_NUM_THREADS", "MKL_NUM_THREADS"}
CHILD_ENV_NAMES |= {"OPENBLAS_NUM_THREADS", wire.REQUEST_FD_ENV, wire.RESULT_FD_ENV, wire.READY_FD_ENV}
CHILD_ENV_NAMES |= {wire.BOX_ENV, wire.LAYER_ENV, wire.SECCOMP_ENV, wire.MARKER_ENV}


@pytest.fixture(params=[layer.value for layer in Isolation])
def isolation(request: pytest.FixtureRequest) -> IsolationReport:
    """Each layer in turn; a layer this machine lacks is skipped with the detector's reason."""
    try:
        return detect_isolation(forced=request.param)
    except ValueError as exc:
        pytest.skip(str(exc))


@pytest.fixture
def victim(tmp_path: Path) -> Iterator[Path]:
    """A host directory a solution must not change; asserts afterwards that it did not."""
    folder = tmp_path / "victim"
    folder.mkdir()
    (folder / "keep.txt").write_text("precious\n")
    before = fingerprint(folder)
    yield folder
    assert fingerprint(folder) == before


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    """A TCP listener on the host's loopback that a sandboxed child must not reach."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    yield server
    server.close()


def _tagged(tag: str) -> list[str]:
    needle = f"{TAG_OPTION}={tag}".encode()
    return live_processes(lambda proc: needle in (proc / "cmdline").read_bytes().split(b"\0"))


def run(
    isolation: IsolationReport,
    script: str,
    *argv: str,
    request: bytes = b"",
    readable: tuple[Path, ...] = (),
    hidden: tuple[Path, ...] = (),
    **limits: float,
) -> ChildRun:
    """Run a script from sandbox_scripts and check that nothing it started is still alive."""
    tag = uuid.uuid4().hex
    settings: dict[str, float] = {"wall_seconds": 5.0, "startup_seconds": 0.0, **limits}
    result = run_sandboxed(
        RunRequest(
            ("-X", f"{TAG_OPTION}={tag}", str(SCRIPTS / script), *argv),
            request,
            Limits(**settings),  # type: ignore[arg-type]
            isolation,
            readable=frozenset((SCRIPTS, *readable)),
            hidden=frozenset(hidden),
        )
    )
    assert _tagged(tag) == [], "a process of the run outlived run_sandboxed"
    assert result.isolation is isolation.layer
    return result


@pytest.mark.sandbox
def test_request_comes_back_and_the_child_sees_only_its_box(
    isolation: IsolationReport, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "fake-secret-for-the-test")
    request = os.urandom(3 << 20)  # bigger than a pipe buffer: the writer must not block
    leak_read, leak_write = os.pipe()
    os.set_inheritable(leak_write, True)  # a careless parent fd must still not reach the child
    try:
        result = run(isolation, "echo.py", request=request)
    finally:
        os.close(leak_read)
        os.close(leak_write)
    assert (result.returncode, result.signal, result.result) == (0, None, request)
    assert not (result.timed_out or result.output_limited or result.memory_suspected)
    seen = json.loads(result.stdout)
    box = seen["cwd"]
    assert Path(box).name.startswith("vecdrill-box-")
    assert seen["home"] == seen["tmpdir"] == box
    assert seen["dotfile"] == f"{box}/.bashrc"
    assert set(seen["env"]) <= CHILD_ENV_NAMES
    assert "fake-secret-for-the-test" not in result.stdout
    assert seen["fds"] == [0, 1, 2, 3, 4, 5]  # 5: the child's own listing of /proc/self/fd
    assert not os.path.lexists(box)


@pytest.mark.sandbox
def test_busy_loop_is_stopped_by_the_wall_clock(isolation: IsolationReport) -> None:
    result = run(isolation, "spin.py", wall_seconds=1.0)
    assert result.timed_out and result.signal == signal.SIGKILL
    assert not (result.cpu_limited or result.memory_suspected)
    assert result.returncode is None and result.result is None


@pytest.mark.sandbox
def test_start_up_does_not_count_against_the_wall_limit(isolation: IsolationReport) -> None:
    result = run(isolation, "ready.py", "2", "exit", wall_seconds=1.0, startup_seconds=60.0)
    assert (result.returncode, result.timed_out, result.startup_timed_out) == (0, False, False)
    assert result.stdout == "ready\n" and result.started_up


@pytest.mark.sandbox
def test_after_the_ready_signal_the_wall_clock_runs(isolation: IsolationReport) -> None:
    result = run(isolation, "ready.py", "0", "spin", wall_seconds=1.0, startup_seconds=60.0)
    assert result.timed_out and not result.startup_timed_out
    assert result.stdout == "ready\n"


@pytest.mark.sandbox
def test_a_child_that_never_gets_ready_times_out_in_start_up_apart_from_a_slow_solution(
    isolation: IsolationReport,
) -> None:
    result = run(isolation, "spin.py", wall_seconds=60.0, startup_seconds=1.0)
    assert result.timed_out and result.startup_timed_out and not result.cpu_limited
    assert result.signal == signal.SIGKILL and not result.memory_suspected
    outcome = verdicts.process_outcome(result, 60.0)
    assert outcome is not None and outcome.verdict is Verdict.TIMEOUT
    assert "was still starting after 1 s, before your code ran" in outcome.message.text("en")


@pytest.mark.sandbox
def test_a_segfault_is_reported_with_its_signal_and_blamed_on_vecdrill_before_the_ready_signal(
    isolation: IsolationReport,
) -> None:
    running = run(isolation, "crash.py", "segv")
    assert (running.returncode, running.signal) == (None, signal.SIGSEGV)
    assert "Fatal Python error: Segmentation fault" in running.stderr
    assert "partial output" in running.stdout
    # As a driver crashing while CUDA starts would: the learner's code never ran.
    starting = run(isolation, "crash.py", "segv", startup_seconds=60.0)
    assert not starting.started_up and starting.result is None
    outcome = verdicts.process_outcome(starting, 5.0)
    assert outcome is not None and outcome.verdict is Verdict.CRASH
    said = outcome.message.text("en")
    assert said.startswith("vecdrill's checking process was killed by SIGSEGV while it was")
    assert "not with your solution; run `vecdrill doctor`" in said
    assert verdicts.process_outcome(running, 5.0) != outcome


@pytest.mark.sandbox
def test_the_cpu_budget_starts_at_the_ready_signal(isolation: IsolationReport) -> None:
    # Start-up may use 60 s of CPU; at the ready signal the limit drops to what was used plus the
    # 1 s budget, so the spin meets the CPU limit long before the 30 s wall clock.
    result = run(isolation, "ready.py", "2", "spin", wall_seconds=30.0, startup_seconds=60.0, cpu_seconds=1.0)
    assert result.cpu_limited and not result.timed_out and not result.memory_suspected


@pytest.mark.sandbox
def test_sleeping_tree_that_never_reads_its_request_is_killed_whole(
    isolation: IsolationReport,
) -> None:
    result = run(isolation, "sleepers.py", "3", request=b"r" * (4 << 20), wall_seconds=1.0)
    assert result.timed_out and not result.memory_suspected


@pytest.mark.sandbox
def test_setsid_daemon_left_behind_is_killed(isolation: IsolationReport) -> None:
    result = run(isolation, "daemon.py")
    assert (result.returncode, result.timed_out) == (0, False)
    assert "daemon started" in result.stdout


@pytest.mark.sandbox
def test_cpu_limit_is_reported_as_such(isolation: IsolationReport) -> None:
    result = run(isolation, "spin.py", wall_seconds=20.0, cpu_seconds=1.0)
    assert result.cpu_limited and not result.timed_out and not result.memory_suspected
    # A plain child gets SIGXCPU; as pid 1 of a namespace it ignores that and meets the hard limit.
    assert result.signal in (signal.SIGXCPU, signal.SIGKILL)


@pytest.mark.sandbox
def test_stdout_flood_is_cut_and_killed(isolation: IsolationReport) -> None:
    result = run(isolation, "flood.py", "stdout", str(20 << 20), output_kill_bytes=1 << 20)
    assert result.output_limited and result.signal == signal.SIGKILL
    assert not result.memory_suspected
    shown = NOTICE.search(result.stdout)
    assert shown is not None and int(shown.group(1)) > 0
    assert result.stdout[: shown.start()] == "x" * (64 * 1024)


@pytest.mark.sandbox
def test_huge_stderr_line_without_newline_is_capped(isolation: IsolationReport) -> None:
    result = run(isolation, "flood.py", "stderr", str(10 << 20))
    assert result.output_limited
    shown = NOTICE.search(result.stderr)
    assert shown is not None and result.stderr[: shown.start()] == "x" * (64 * 1024)


def test_parent_memory_stays_flat_while_draining_a_flood() -> None:
    clear_refs = Path("/proc/self/clear_refs")
    if not os.access(clear_refs, os.W_OK):
        pytest.skip("cannot reset this process's peak memory (/proc/self/clear_refs)")
    flood = 256 << 20
    rss_before = _status_kib("VmRSS")
    clear_refs.write_text("5")  # the peak (VmHWM) restarts from the current size
    result = run(detect_isolation("plain"), "flood.py", "stdout", str(flood), output_kill_bytes=1 << 30)
    assert (result.returncode, result.output_limited) == (0, False)
    assert result.stdout.endswith(f"[... {flood - 64 * 1024} more bytes not shown]")
    assert _status_kib("VmHWM") - rss_before < 64 * 1024  # KiB: far below the 256 MiB flood


def _status_kib(field: str) -> int:
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(), re.M)
    assert found is not None
    return int(found.group(1))


@pytest.mark.sandbox
def test_invalid_utf8_is_replaced_and_escapes_kept_for_the_renderer(
    isolation: IsolationReport,
) -> None:
    result = run(isolation, "bad_bytes.py")
    assert result.stdout == "bad \ufffd\ufffd bytes \x1b]0;title\x07 end\n"
    assert result.stderr == "\ufffd( err\n"


@pytest.mark.sandbox
def test_result_over_the_cap_kills_the_child(isolation: IsolationReport) -> None:
    result = run(isolation, "big_result.py", str(3 << 20), result_bytes=1 << 20)
    assert result.result_too_large and result.result is None
    assert result.signal == signal.SIGKILL and not result.memory_suspected


@pytest.mark.sandbox
def test_a_sigkill_without_oom_evidence_is_not_called_memory() -> None:
    if cgroup.unavailable():
        pytest.skip("no writable cgroup v1 memory hierarchy: a stray SIGKILL stays ambiguous")
    # Only the plain layer: as pid 1 of a namespace a process cannot SIGKILL itself.
    result = run(detect_isolation("plain"), "crash.py", "sigkill")
    assert result.signal == signal.SIGKILL and not result.memory_suspected


@pytest.mark.sandbox
def test_abort_is_a_crash_not_memory(isolation: IsolationReport) -> None:
    result = run(isolation, "crash.py", "abort")
    # As pid 1 of a namespace SIGABRT is ignored and glibc's last resort is a segfault.
    assert result.returncode is None and result.signal in (signal.SIGABRT, signal.SIGSEGV)
    assert not result.memory_suspected


@pytest.mark.sandbox
def test_exit_zero_without_result_keeps_unbuffered_output(isolation: IsolationReport) -> None:
    result = run(isolation, "crash.py", "exit0")
    assert (result.returncode, result.signal, result.result) == (0, None, None)
    assert result.stdout == "partial output\n"


@pytest.mark.sandbox
def test_memory_bomb_raises_memoryerror_inside(isolation: IsolationReport) -> None:
    result = run(isolation, "hog.py", "private", data_bytes=512 << 20)
    assert result.returncode == 1 and "MemoryError" in result.stderr
    assert not result.memory_suspected


@pytest.mark.sandbox
@pytest.mark.slow
def test_shared_memory_bomb_is_stopped_by_the_cgroup() -> None:
    if cgroup.unavailable():
        pytest.skip("no writable cgroup v1 memory hierarchy: RLIMIT_DATA misses shared memory")
    # Reclaim before the OOM kill takes seconds: the wall limit must not fire first.
    result = run(detect_isolation(), "hog.py", "shared", data_bytes=256 << 20, wall_seconds=60)
    assert result.signal == signal.SIGKILL and result.memory_suspected


@pytest.mark.sandbox
def test_file_size_limit_gives_efbig(isolation: IsolationReport) -> None:
    result = run(isolation, "hog.py", "file", file_bytes=1 << 20)
    assert result.stdout == f"errno 27 size {1 << 20}\n"


@pytest.mark.sandbox
@pytest.mark.parametrize("isolation", ["bwrap"], indirect=True)
def test_bwrap_box_is_a_small_tmpfs_so_the_disk_cannot_fill(isolation: IsolationReport) -> None:
    result = run(isolation, "hog.py", "files", file_bytes=1 << 20)
    assert result.stdout == "errno 28 after 4\n"  # ENOSPC once four 1 MiB files fill it


@pytest.mark.sandbox
@pytest.mark.parametrize("action", ["write-victim", "add-victim", "remove-victim", "rmtree-victim"])
def test_host_files_outside_the_box_are_untouched(
    isolation: IsolationReport, victim: Path, action: str
) -> None:
    result = run(isolation, "attack.py", "armed", action, str(victim), readable=(victim,))
    assert result.stdout.startswith("refused: "), result.stdout + result.stderr


@pytest.mark.sandbox
def test_symlinks_left_in_the_box_are_not_followed_on_cleanup(
    isolation: IsolationReport, victim: Path
) -> None:
    result = run(isolation, "attack.py", "bare", "plant-symlinks", str(victim), readable=(victim,))
    assert result.stdout == "ok\n", result.stderr


@pytest.mark.sandbox
def test_hidden_paths_cannot_be_read(isolation: IsolationReport, tmp_path: Path) -> None:
    answer, folder, solution = tmp_path / "answer.txt", tmp_path / "cache", tmp_path / "solution.py"
    answer.write_text("the answer")
    folder.mkdir()
    (folder / "expected.bin").write_text("expected outputs")
    solution.write_text("the solution")
    hidden = (answer, folder, solution)
    result = run(isolation, "peek.py", *map(str, hidden), readable=(tmp_path,), hidden=hidden)
    if isolation.layer is Isolation.PLAIN:  # only the audit guard, told by the request, refuses them
        assert result.stdout == "refused: PermissionError\n" * 3, result.stderr
    else:  # covered in the kernel: an empty file, an empty folder, an empty file
        assert result.stdout == "text: \nlist: \ntext: \n", result.stderr


@pytest.mark.sandbox
def test_network_cannot_reach_a_host_listener(isolation: IsolationReport, listener: socket.socket) -> None:
    # Namespaced layers have their own loopback; the plain layer relies on the guard.
    mode = "armed" if isolation.layer is Isolation.PLAIN else "bare"
    port = str(listener.getsockname()[1])
    result = run(isolation, "attack.py", mode, "connect", port)
    assert result.stdout.startswith("refused: "), result.stdout + result.stderr
    with pytest.raises(TimeoutError):
        listener.accept()


SECCOMP_REFUSES = {"connect", "subprocess", "fork", "signal-parent", "setrlimit"}
HOOK_REFUSES = {*SECCOMP_REFUSES, "write-victim", "remove-victim", "rmtree-victim", "ctypes", "forge-result"}
# Without a read-only filesystem seccomp cannot tell the box from the host: no file changes at all.
GUARDED_SECCOMP_REFUSES = {*SECCOMP_REFUSES, "write-victim", "add-victim", "remove-victim", "rmtree-victim"}
GUARDED_SECCOMP_REFUSES |= {"open-write-victim", "mkdir-victim", "chmod-victim", "write-box", "write-home"}
BOTH_ALLOW = {"write-box", "write-home", "read-outside", "thread"}


@pytest.mark.sandbox
@pytest.mark.parametrize(
    ("mode", "action", "refused"),
    [("hook", action, True) for action in sorted(HOOK_REFUSES)]
    + [("seccomp", action, True) for action in sorted(SECCOMP_REFUSES)]
    + [("seccomp-guarded", action, True) for action in sorted(GUARDED_SECCOMP_REFUSES)]
    + [("seccomp-guarded", action, False) for action in ("read-outside", "thread")]
    + [(mode, action, False) for mode in ("hook", "seccomp") for action in sorted(BOTH_ALLOW)]
    + [("seccomp", "ctypes", False)],
)
def test_each_guard_alone(
    mode: str, action: str, refused: bool, victim: Path, listener: socket.socket
) -> None:
    isolation = detect_isolation("plain")
    if mode.startswith("seccomp") and not isolation.seccomp:
        pytest.skip("pyseccomp or libseccomp does not load here")
    arg = str(listener.getsockname()[1]) if action == "connect" else str(victim)
    result = run(isolation, "attack.py", mode, action, arg)
    assert result.stdout.startswith("refused: " if refused else "ok"), result.stdout + result.stderr


@pytest.mark.sandbox
@pytest.mark.slow
@pytest.mark.parametrize("isolation", ["bwrap", "plain"], indirect=True)  # both guard setups
def test_torch_still_computes_on_threads_once_the_guards_are_armed(
    isolation: IsolationReport,
) -> None:
    result = run(isolation, "torch_armed.py", wall_seconds=60)
    assert result.stdout == "matmul True\nthread True\nfork refused\n", result.stderr


def test_environment_forces_a_weaker_layer_and_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VECDRILL_ISOLATION", "plain")
    report = detect_isolation()
    assert report.layer is Isolation.PLAIN and report.accident_guard_only
    assert set(report.reasons) == {"bwrap", "unshare"}


def test_forcing_a_missing_layer_names_the_fix() -> None:
    code = "from vecdrill.sandbox.launch import detect_isolation; detect_isolation('bwrap')"
    done = run_python(code, env={"PATH": "/nonexistent"}, timeout=60)
    assert done.returncode == 1
    assert (
        "IsolationUnavailable: isolation 'bwrap' was requested but is not available here: bwrap not found "
        "on PATH; install the Debian package bubblewrap" in done.stderr
    )


def test_limits_are_described_for_doctor() -> None:
    described = in_words(describe_limits(Limits(wall_seconds=4, threads=2)), "en")
    assert described["start-up"].startswith("60 s to import torch")
    assert described["CPU time"] == "10 s after start-up (SIGXCPU), killed at 11 s"
    assert described["memory (RLIMIT_DATA)"] == "2 GiB"
    assert described["output shown"] == "first 64 KiB of stdout and of stderr"


def test_doctor_shows_every_protection_the_sandbox_gives() -> None:
    done = run_cli("doctor")
    assert done.returncode == 0, done.stderr
    shown = dict(line.strip().split(": ", 1) for line in done.stdout.splitlines() if ": " in line)
    report = detect_isolation()
    assert shown["layer in use"].startswith(report.layer.value)
    assert shown["seccomp filter"].startswith("on" if report.seccomp else "off")
    assert shown["cgroup backstop"].startswith("off" if cgroup.unavailable() else "on (cgroup v1")
    assert {f"not {name}" for name in report.reasons} <= set(shown)
    assert shown["memory (RLIMIT_DATA)"] == "2 GiB"


def test_doctor_in_chinese_says_no_english_prose() -> None:
    lines = in_terminal("doctor", "--lang", "zh", columns=80)  # the option wins over LANG=en
    assert "沙箱" in lines and "  所用隔离层：" in "\n".join(lines)
    # a forced weaker layer adds the lines that say why each stronger one is not used
    forced = run_cli("doctor", "--lang", "zh", env={"VECDRILL_ISOLATION": "plain"})
    assert "  未用 bwrap：可用，但指定了隔离层 'plain'" in forced.stdout
    assert not [line for line in [*lines, *forced.stdout.splitlines()] if english_prose(line)], forced.stdout


def test_typed_messages_survive_the_wire() -> None:
    request = wire.WorkerRequest(
        mode="solution",
        drill={"id": "fx-double", "folder": "fx-double"},
        code={"loop.py": b"def fx_double(x):\n    return x + x\n"},
        cases=[wire.CaseRequest("cpu:0:0", "cpu", {"n": 8}, 1234, noncontiguous=True)],
        probe=[{"n": 8}, {"n": 64}],
        bench=[wire.BenchRequest("bench:cpu", "cpu", {"n": 4096}, 1333, 1.0, keep_output=True)],
        source=b"def f(x):\n    return x * 2\n\xff",
        plain_mode=False,
    )
    assert wire.decode_request(wire.encode_request(request)) == request
    watched = supervise.Watch(channels.Stop.DEADLINE, 1.0, None, 2.5, 7)
    ended = supervise.ChildEnd(
        9, 0.5, watched, channels.Captured(b"\x1b[31m\xfe", 9), channels.Captured(b"", 0), True, False
    )
    assert wire.decode_message(wire.encode_message(ended), supervise.ChildEnd) == ended
    limits = Limits(wall_seconds=4, cpu_seconds=None)
    assert wire.decode_message(wire.encode_message(limits), Limits) == limits


def test_a_header_of_another_version_or_kind_is_a_protocol_error() -> None:
    limits = json.loads(wire.encode_message(Limits()))
    with pytest.raises(wire.ProtocolError, match="unknown version"):
        wire.decode_message(json.dumps({**limits, "version": wire.PROTOCOL_VERSION + 1}).encode(), Limits)
    with pytest.raises(wire.ProtocolError, match="expected a Ready"):
        wire.decode_message(json.dumps(limits).encode(), wire.Ready)
    with pytest.raises(wire.ProtocolError, match="not int"):
        wire.decode_message(json.dumps({**limits, "open_files": "256"}).encode(), Limits)
    frame = wire.encode_result(wire.ResultHeader("ok", threads=1), {})
    assert wire.decode_result(frame)[0] == wire.ResultHeader("ok")
    head, body = wire.unpack(frame[len(wire.MAGIC) :])
    older = json.dumps({**json.loads(head), "version": 0}).encode()
    with pytest.raises(wire.ProtocolError, match="unknown version"):
        wire.decode_result(wire.MAGIC + wire.pack(older, body))


def test_a_frames_tensors_come_back_as_sent_and_a_forged_table_is_a_protocol_error() -> None:
    import numpy as np
    import torch
    from numpy.lib.stride_tricks import as_strided

    sent = {
        "matrix": torch.randn(3, 4),
        "transposed": torch.randn(4, 2).t(),
        "scalar": torch.tensor(2.5, dtype=torch.float64),
        "empty": torch.zeros(0, 3, dtype=torch.int64),
        "mask": torch.tensor([True, False]),
        "half": torch.randn(5, dtype=torch.bfloat16),
        "sparse": torch.eye(3).to_sparse(),
        "expanded": torch.tensor(2.0, dtype=torch.float64).expand(1),  # stride 0, yet "contiguous"
        "broadcast": torch.randn(3, 1).expand(3, 4),
        "empty, stride 0": torch.from_numpy(as_strided(np.zeros(1, np.int64), (0,), (0,))),
    }
    _, got = wire.decode(wire.encode({"status": "ok"}, sent))
    for name, tensor in sent.items():
        dense = tensor.to_dense() if tensor.is_sparse else tensor
        assert got[name].dtype == dense.dtype and torch.equal(got[name], dense), name
    frame = wire.encode({}, {"x": torch.ones(2, 2)})
    head, body = wire.unpack(frame[len(wire.MAGIC) :])
    _, raw = wire.unpack(body)
    forgeries = {
        "known type": [["x", "object", [2, 2]]],
        "known type ": [["x", "float32", [2, -2]]],
        "truncated": [["x", "float32", [2, 3]]],
        "trailing bytes": [["x", "float32", [1, 2]]],
        "is not a list": {"x": 1},
    }
    for said, forged in forgeries.items():
        forged_body = wire.pack(json.dumps(forged).encode(), raw)
        with pytest.raises(wire.ProtocolError, match=said.strip()):
            wire.decode(wire.MAGIC + wire.pack(head, forged_body))


def test_memory_evidence_is_an_oom_kill_or_the_limit_reached() -> None:
    fresh = cgroup.Counters()
    assert cgroup.Counters(oom_kills=1).rose_since(fresh)
    assert cgroup.Counters(failures=3).rose_since(fresh)  # reclaim outlasted the wall clock
    assert not cgroup.Counters(2, 5).rose_since(cgroup.Counters(2, 5))  # an earlier check's
    assert cgroup.Counters(2, 6).rose_since(cgroup.Counters(2, 5))


def test_bwrap_binds_the_package_folder_and_not_the_checkout_around_it(tmp_path: Path) -> None:
    """A checkout holds the drills' answers (drills/, tests/, .git): the box binds vecdrill's own
    package folder only, wherever the checkout lies (a CI clone in /tmp included)."""
    package = str(Path(wire.__file__).resolve().parent)  # vecdrill/wire.py: its folder is the package
    command = mounts.bwrap_command(["python"], tmp_path, [], 1024, [])
    bound = {command[i + 1] for i, flag in enumerate(command) if flag in ("--ro-bind-try", "--ro-bind")}
    assert package in bound or any(package.startswith(path.rstrip("/") + "/") for path in bound)
    assert str(REPO) not in bound and "/" not in bound


def test_a_later_run_removes_the_boxes_a_killed_vecdrill_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    dead = subprocess.Popen(["true"])
    dead.wait()
    left = tmp_path / f"vecdrill-box-{dead.pid}-12345-x1"
    (left / "inside").mkdir(parents=True)
    mine = tmp_path / f"{reaper.owned_name('warm')}y2"
    mine.mkdir()
    reused = tmp_path / f"vecdrill-warm-{os.getpid()}-1-z3"  # this pid, but not this process: a reuse
    reused.mkdir()
    reaper.reap_stale_boxes.cache_clear()
    reaper.reap_stale_boxes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name]


def _run_processes_under(folder: Path, parent: int | None = None) -> list[str]:
    """Live processes whose working folder or command line lies under `folder` (children of
    `parent` only, if given)."""

    def picked(proc: Path) -> bool:
        ppid = int((proc / "stat").read_bytes().rsplit(b")", 1)[1].split()[1])
        where, command = os.readlink(proc / "cwd"), (proc / "cmdline").read_bytes()
        mine = parent is None or ppid == parent
        return mine and (where.startswith(str(folder)) or str(folder).encode() in command)

    return live_processes(picked)


@pytest.mark.slow
@pytest.mark.sandbox
def test_after_kill_9_no_child_lives_on_and_the_next_run_clears_what_was_left(tmp_path: Path) -> None:
    """The loop's child (plain, run by vecdrill's reference thread, and slow here) dies with it."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    pack = tmp_path / "pack"
    shutil.copytree(FIXTURE_COURSE / "fx-double", pack / "fx-double")
    loop = pack / "fx-double" / "loop.py"
    edit(loop, "    out = ", "    __import__('time').sleep(600)\n    out = ")
    solution = tmp_path / "mine.py"
    solution.write_text("# vecdrill: fx-double\nimport torch\n\n\ndef fx_double(x):\n    return x * 2\n")
    env = {**os.environ, "TMPDIR": str(temporary), "VECDRILL_CACHE_DIR": str(tmp_path / "cache")}
    args = [sys.executable, "-m", "vecdrill", "check", "--drills", str(pack), "--no-bench", str(solution)]
    vecdrill = subprocess.Popen(args, env=env, cwd=tmp_path)
    deadline = time.monotonic() + 120
    loops = lambda: [p for p in _run_processes_under(temporary, vecdrill.pid) if "child.worker" in p]  # noqa: E731
    while not loops() and time.monotonic() < deadline:
        time.sleep(0.2)  # until the loop's child (a plain child of vecdrill: no bwrap between) runs
    assert loops(), "vecdrill started no reference child"
    vecdrill.kill()
    vecdrill.wait()
    gone = time.monotonic() + 10
    while _run_processes_under(temporary) and time.monotonic() < gone:
        time.sleep(0.1)
    assert _run_processes_under(temporary) == []
    loop.write_text((FIXTURE_COURSE / "fx-double" / "loop.py").read_text())
    done = subprocess.run(args, env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [p.name for p in temporary.iterdir() if p.name.startswith("vecdrill-")] == []


def test_a_folder_inside_a_covered_folder_is_not_covered_again(tmp_path: Path) -> None:
    """A wheel holds its packs inside the package (vecdrill/drills, vecdrill/drills/core): bwrap
    could not make a mount point for the inner cover inside the outer one, empty and read-only,
    so every check from `pip install .` died starting ("Can't mkdir ...: Read-only file system")."""
    outer = tmp_path / "site" / "vecdrill" / "drills"
    (outer / "core").mkdir(parents=True)
    (tmp_path / "box").mkdir()
    command = mounts.bwrap_command(
        ["python"], tmp_path / "box", [tmp_path / "site"], 1 << 20, [str(outer), str(outer / "core")]
    )
    covered = [command[i + 1] for i, word in enumerate(command) if word == "--tmpfs"]
    assert str(outer) in covered and str(outer / "core") not in covered
