"""Each wall between one checked file and everything else, proved one at a time.

The hostile corpus (test_corpus.py: tests/corpus_ungated/, run cold and on one warm zygote, each
file followed by a sentinel) shows that the walls hold together. The walls overlap on purpose, so
here each is tested by what it alone does, and each test fails when its wall is taken away:

* the zygote is undumpable: no process of its uid without CAP_SYS_PTRACE opens its memory;
* its control channels are sockets: none can be opened again through /proc/PID/fd;
* each answer follows its order's ticket: an answer that is not this check's is refused and the
  check runs cold, with its own verdict;
* each warm check is pid 1 of namespaces of its own, holds no capability, and has scratch places
  of its own (the corpus's sentinel and pass_holds_no_capability.py prove those in every layer).
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.harness import FIXTURE_COURSE, run_python, worker_request, zygote_pid
from vecdrill import wire
from vecdrill.checking import plan
from vecdrill.content import catalogue
from vecdrill.sandbox import launch, warm
from vecdrill.supervisor.limits import Limits

DOUBLE = b"def fx_double(x):\n    print('double')\n    return x * 2\n"
TRIPLE = b"def fx_double(x):\n    print('triple')\n    return x * 3\n"


@pytest.fixture(scope="module")
def plain_zygote() -> Iterator[warm.WarmWorker]:
    """A warm worker under the plain layer, where the zygote is the process vecdrill started."""
    layout = launch.Layout(launch.detect_isolation("plain"), frozenset(), frozenset())
    with warm.WarmWorker(layout) as worker:
        _ask(worker, DOUBLE)  # waits until the zygote is ready
        yield worker


def _request(source: bytes) -> wire.WorkerRequest:
    """A check of `source` as fx-double's solution on its first CPU case."""
    drill = catalogue.load_catalogue([FIXTURE_COURSE]).get("fx-double")
    first = plan.build_cases(drill, ["cpu"], plan.DEFAULT_SEED)[0]
    return worker_request(drill, source=source, cases=[wire.CaseRequest(**first.as_request())])


def _ask(worker: warm.WarmWorker, source: bytes) -> launch.ChildRun:
    run = worker.run(
        launch.RunRequest(
            wire.WORKER_ARGS,
            wire.encode_request(_request(source)),
            Limits(wall_seconds=30),
            launch.detect_isolation("plain"),
        )
    )
    assert run.result is not None, run.stderr
    return run


@pytest.mark.slow
@pytest.mark.sandbox
@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs setpriv (util-linux)")
def test_no_process_of_the_zygotes_uid_reads_into_it() -> None:
    """A zygote with no more capabilities than a solution's process (as under plain for any user
    but root, where nothing else stands between them): its fds and environment stay closed."""
    requests, to_zygote = os.pipe()
    from_zygote, answers = os.pipe()
    env = {wire.REQUEST_FD_ENV: str(requests), wire.RESULT_FD_ENV: str(answers), "PATH": "/usr/bin:/bin"}
    zygote = subprocess.Popen(
        ["setpriv", "--bounding-set=-all", "--inh-caps=-all", sys.executable, "-I", "-m", wire.ZYGOTE_MODULE],
        pass_fds=(requests, answers),
        env=env,
    )
    try:
        os.close(requests)
        os.close(answers)
        wire.receive(from_zygote, time.monotonic() + 120)  # Ready: main() has run its first lines
        probe = textwrap.dedent(
            f"""
            import os
            from vecdrill.child import enclosure
            enclosure.drop_capabilities()  # as every solution's process does
            for reach in (lambda: os.readlink("/proc/{zygote.pid}/fd/{answers}"),
                          lambda: open("/proc/{zygote.pid}/environ").read()):
                try:
                    reach()
                except PermissionError:
                    print("refused")
                else:
                    print("read")
            """
        )
        done = run_python(probe)
    finally:
        os.close(to_zygote)  # EOF: the zygote exits
        zygote.wait(30)
        os.close(from_zygote)
    assert done.stdout == "refused\nrefused\n", done.stderr


@pytest.mark.slow
@pytest.mark.sandbox
def test_the_zygotes_channels_cannot_be_opened_again_by_path(plain_zygote: warm.WarmWorker) -> None:
    pid = zygote_pid(plain_zygote)
    for fd in (wire.REQUEST_FD, wire.RESULT_FD):
        channel = Path(f"/proc/{pid}/fd/{fd}")
        assert channel.readlink().name.startswith("socket:"), channel.readlink()
        with pytest.raises(OSError) as refused:
            channel.open("wb")  # we are root: only the kind of file stops this
        assert refused.value.errno == errno.ENXIO


@pytest.mark.slow
@pytest.mark.sandbox
def test_an_answer_that_does_not_follow_this_checks_ticket_is_refused(
    plain_zygote: warm.WarmWorker,
) -> None:
    """Someone wrote an order (and so an answer) into the zygote's channel ahead of this check:
    its answer comes first, with another ticket. The worker refuses it, replaces the zygote and
    checks the file cold, so the verdict is this file's own."""
    zygote = plain_zygote._zygote  # the channel a forger would have reached
    assert zygote is not None
    requests = zygote._requests
    wire.send(requests, wire.encode_message(wire.Ticket("not this check's")))
    wire.send(requests, wire.encode_message(Limits(wall_seconds=30)), wire.encode_request(_request(TRIPLE)))
    assert _ask(plain_zygote, DOUBLE).stdout == "double\n"
    assert plain_zygote._zygote is not zygote, "the zygote that sent a foreign answer was kept"


# A single cold check's child starts before the check is planned (launch.EarlyWorker), in a box
# made before the drill was known: it may serve only a check whose box would be no less strict.
STARTED_AT = (
    b"import os\n\n\ndef fx_double(x):\n"
    b"    fields = open('/proc/self/stat').read().rsplit(')', 1)[1].split()\n"
    b"    print(int(fields[19]) / os.sysconf('SC_CLK_TCK'))\n"
    b"    return x * 2\n"
)


@pytest.mark.slow
@pytest.mark.sandbox
def test_an_early_child_serves_only_a_check_its_box_hides_enough_for(tmp_path: Path) -> None:
    drill = catalogue.load_catalogue([FIXTURE_COURSE]).get("fx-double")
    isolation, secret = launch.detect_isolation(), frozenset(catalogue.secret_folders([FIXTURE_COURSE]))
    payload, hidden = wire.encode_request(_request(STARTED_AT)), frozenset(plan.secret_places(drill))
    fits = launch.RunRequest(wire.WORKER_ARGS, payload, Limits(wall_seconds=30), isolation, hidden=hidden)
    asks = {
        "fits": (fits, True),
        "hides a place the box shows": (replace(fits, hidden=fits.hidden | {tmp_path}), False),
        "reads a place": (replace(fits, readable=frozenset([tmp_path])), False),
        "a longer CPU budget": (replace(fits, limits=Limits(wall_seconds=900)), False),
        "none (the gate stopped the file)": (None, False),
    }
    for what, (ask, served) in asks.items():
        with launch.EarlyWorker(isolation, secret) as early:
            child = early._child  # what the test watches; vecdrill never needs it
            assert child is not None and child.process is not None
            pid, box = child.process.pid, child._box
            time.sleep(0.5)
            asked = time.clock_gettime(time.CLOCK_BOOTTIME)
            run = early.run(ask) if ask is not None else None
        with pytest.raises(ProcessLookupError):  # served or not, nothing of it is left
            os.kill(pid, 0)
        assert not box.exists()
        if run is not None:
            assert run.result is not None, run.stderr
            started = float(run.stdout.split()[0])
            assert (started < asked) is served, f"{what}: served by the early child: {started < asked}"
