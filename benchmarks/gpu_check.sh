#!/usr/bin/env bash
# Every CUDA check of vecdrill in one run on a GPU machine, with a compact summary, in 570 s.
#
#   bash benchmarks/gpu_carry.sh                  # here, once: wheels and debs into .gpu-carry/
#   bash benchmarks/gpu_check.sh OUT_DIR          # there (the device tool: carry .gpu-carry, OUT=$OUT)
#   bash benchmarks/gpu_check.sh OUT_DIR cpu      # anywhere: the same steps on the CPU, few drills
#
# Each step has its own time limit and none stops the others; the limits add up to at most 565 s,
# so a step that overruns never takes a later step's turn. Estimates for one H200 and 16 cores,
# where `import torch` (a CUDA build) and a CUDA context cost about 4 s of CPU per sandboxed child
# (the limits in cpu mode, on 2 shared cores, are in brackets):
#   install from .gpu-carry      ~3 s   limit  20        wheels, the checkout on python3's path, bwrap
#   doctor                      ~25 s   limit  60        CUDA started in each layer's box
#   learner files               ~40 s   limit  55        tests/cuda_files on the CPU, on CUDA, on both
#   catalogue, whole           ~110 s   limit 160 (120)  100 drills x 3 children, 12 drills at a time
#   tests/test_cuda.py          ~40 s   limit  65 (140)  the `cuda`-marked tests run, 8 workers
#   speedups                   ~120 s   limit 130  (60)  5 torch drills x 5 runs, one at a time
#   watch latency               ~10 s   limit  25        a warm worker's CUDA verdicts
#   catalogue sample, 2 layers  ~15 s   limit  25  (45)  12 drills under each further layer
# The whole catalogue under all three layers (~110 + 2 x ~80 s) would not fit beside the rest, so
# it runs whole under the strongest layer whose box runs CUDA, and as a sample under the others.
# The catalogue runs in chunks and the speedups drill by drill: a time limit keeps what was done.
# OUT_DIR gets summary.txt (what to paste), log.txt (everything), doctor.txt, learner.json,
# speedups.json and watch.json.
set -uo pipefail

out=${1:?usage: gpu_check.sh OUT_DIR [cpu]}
mode=${2:-cuda}
[ "$mode" = cpu ] || [ "$mode" = cuda ] || { echo "mode must be cuda or cpu" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
carry=$repo/.gpu-carry
mkdir -p "$out"
summary=$out/summary.txt
log=$out/log.txt
: >"$summary"
: >"$log"
began=$(date +%s)
deadline=$((began + 570))
scratch=$(mktemp -d)  # progress, the reference cache, raw outputs: many files, none for OUT_DIR
trap 'rm -rf "$scratch"' EXIT
last=$scratch/last-step.txt
unset VECDRILL_ISOLATION VECDRILL_PATH VECDRILL_GPU_DEVICES  # the defaults are what is checked
export PYTHONUNBUFFERED=1 COLUMNS=400 VECDRILL_HOME="$scratch/home" VECDRILL_CACHE_DIR="$scratch/cache"
if [ "$mode" = cuda ]; then
    jobs=12 chunk=36 t_catalogue=160 t_tests=65 t_speedups=130 t_sample=25
    sample=(core/relu-where core/gather-logits core/scatter-sum core/index-reduce-mean
        core/bincount-weighted core/attention-scores core/cosine-similarity-matrix core/cumulative-sum
        core/sequential-rnn core/one-hot-numpy puzzles/puzzle-sign puzzles/puzzle-one-hot)
    mapfile -t whole < <(cd "$repo" && dirname drills/*/*/drill.toml)
    speed_drills=(relu-where gather-logits scatter-sum attention-scores cumulative-sum) runs=5
else  # 2 cores: a few drills stand in for the catalogue, in chunks of 2 to exercise the chunking
    jobs=2 chunk=2 t_catalogue=120 t_tests=140 t_speedups=60 t_sample=45
    sample=(core/relu-where puzzles/puzzle-sign)
    whole=(drills/core/relu-where drills/core/scatter-sum drills/core/one-hot-numpy drills/puzzles/puzzle-sign)
    speed_drills=(relu-where scatter-sum) runs=2
fi
sample=("${sample[@]/#/drills/}")
export out mode repo carry scratch jobs

say() { echo "$*" | tee -a "$summary"; }

# Lines of the last step's output that match ERE, indented (if they are not), cut, into the summary.
shown() { grep -E "$1" "$last" | head -n "${2:-12}" | cut -c1-220 | sed 's/^\([^ ]\)/  \1/' | tee -a "$summary"; }

# step NAME SECONDS COMMAND...: run it within what is left of the whole, log it, report its fate.
step() {
    local name=$1 limit=$2 start rc left
    shift 2
    left=$((deadline - $(date +%s) - 5))
    ((left < limit)) && limit=$left
    : >"$last"
    if ((limit < 5)); then
        say "$name: skipped, the 570 s are spent"
        return 124
    fi
    start=$(date +%s)
    echo ">>> $name (limit ${limit} s): $*" >>"$log"
    timeout -k 5 "$limit" bash -c '"$@"' "$name" "$@" >"$last" 2>&1  # bash -c: steps are functions
    rc=$?
    cat "$last" >>"$log"
    say "$name: exit $rc after $(($(date +%s) - start)) s$( ((rc == 124 || rc == 137)) && echo ' (time limit)')"
    return "$rc"
}

vecdrill() { python3 -m vecdrill "$@"; }
export -f vecdrill

install_carried() {
    # The wheels where python3 lacks vecdrill's dependencies; the checkout on its path through a
    # .pth file (python -I, as the sandboxed children run, still reads those); bubblewrap unpacked
    # beside them and started by the dynamic loader with the carried libcap, which some images
    # lack. A part that fails is said, and the others are still done.
    local deb wheel names="" root=$carry/root rc=0
    if python3 -c 'import platformdirs, pyseccomp, watchfiles' 2>/dev/null; then
        echo "python3 already has vecdrill's dependencies"
    else
        for wheel in "$carry"/*.whl; do wheel=${wheel##*/} names+=" ${wheel%%-[0-9]*}"; done
        python3 -m pip install --quiet --no-index --no-deps --no-compile "$carry"/*.whl &&
            echo "installed$names" || rc=1
    fi
    if ! (cd / && python3 -I -c 'import vecdrill') 2>/dev/null; then
        python3 -c 'import sysconfig, sys; open(sysconfig.get_paths()["purelib"] + "/vecdrill-checkout.pth", "w").write(sys.argv[1] + "\n")' "$repo" || rc=1
    fi
    (cd / && python3 -I -c 'import os, sys, vecdrill, platformdirs, pyseccomp, watchfiles
where = os.path.realpath(vecdrill.__path__[0])
print("python -I imports vecdrill from", where)
sys.exit(where != os.path.realpath(sys.argv[1] + "/vecdrill"))' "$repo") || rc=1
    rm -rf "$root" "${carry:?}/bin"  # an unpacking or a wrapper from another machine would mislead
    for deb in "$carry"/*.deb; do
        [ -e "$deb" ] && { dpkg -x "$deb" "$root" || rc=1; }
    done
    [ -x "$root/usr/bin/bwrap" ] || { echo "no bubblewrap unpacked from $carry"; return 1; }
    mkdir -p "$carry/bin"
    printf '#!/bin/sh\nexec /lib64/ld-linux-x86-64.so.2 --library-path "%s" "%s" "$@"\n' \
        "$root/lib/x86_64-linux-gnu:$root/usr/lib/x86_64-linux-gnu" "$root/usr/bin/bwrap" >"$carry/bin/bwrap"
    chmod +x "$carry/bin/bwrap"
    "$carry/bin/bwrap" --version || rc=1
    return "$rc"
}
export -f install_carried

# The learner files, each checked on each device its header names a verdict for.
learner_files() {
    local device
    for device in "$@"; do
        vecdrill check tests/cuda_files/*.py --device "$device" --no-bench --json --jobs $((jobs < 5 ? jobs : 5)) \
            --drills tests/fixture_course >"$scratch/learner-$device.json"
    done
    python3 - "$out/learner.json" "$scratch" "$@" <<'PY'
import json, re, sys
from pathlib import Path
out, scratch, devices = sys.argv[1], Path(sys.argv[2]), sys.argv[3:]
got, bad = {}, 0
for device in devices:
    try:
        got[device] = {Path(r["file"]).stem: r for r in json.loads((scratch / f"learner-{device}.json").read_text())["results"]}
    except ValueError:
        got[device], bad = {}, bad + 1
        print(f"  {device}: vecdrill check gave no JSON (log.txt says why)")
json.dump(got, open(out, "w"), indent=1)
for path in sorted(Path("tests/cuda_files").glob("*.py")):
    want = dict(re.findall(r"^# (cpu|cuda|all): (\S+)$", path.read_text(), re.M))
    said = []
    for device in devices:
        result = got[device].get(path.stem, {"verdict": "none", "message": "no result"})
        bad += result["verdict"] != want[device]
        mark = "" if result["verdict"] == want[device] else f" (WANTED {want[device]})"
        each = [f"{d['device']} {d['verdict']}" for d in result.get("devices", [])]
        both = f" [{', '.join(each)}]" if device == "all" and each else ""
        said.append(f"{device} {result['verdict']}{both}{mark}")
    print(f"  {path.stem}: {', '.join(said)}: {result['message'][:150]}")
sys.exit(bad)
PY
}
export -f learner_files

# The tests of the CUDA path: on a GPU the `cuda`-marked ones run, the CPU-only ones skip.
tests_cuda() { python3 -m pytest -q -p no:cacheprovider -n $((jobs < 8 ? jobs : 8)) tests/test_cuda.py -rfEs; }
export -f tests_cuda

# catalogue LAYER CHUNK FOLDER...: dev check of the drill folders under LAYER, CHUNK drills a run,
# so that a time limit keeps the runs already done; the exit status is the worst run's.
catalogue() {
    local layer=$1 size=$2 rc=0 now ran
    shift 2
    while (($#)); do
        now=$((size < $# ? size : $#))
        VECDRILL_ISOLATION=$layer python3 -m vecdrill dev check "${@:1:now}" --device "$mode" --no-bench \
            --no-mutants --jobs "$jobs" || { ran=$?; ((ran > rc)) && rc=$ran; }
        shift "$now"
    done
    return "$rc"
}
export -f catalogue

# What the last catalogue step found: drills and problems over its runs, then the first problems.
catalogue_said() {
    awk -v asked="$1" '/^dev check: / { runs++; drills += $3; if ($6 ~ /^problem/) problems += $5
            if (match($0, /[0-9]+ warning/)) warnings += substr($0, RSTART, RLENGTH - 8) }
        END { printf "  %d of %d drills checked in %d run(s): %d problem(s), %d warning(s)\n",
            drills, asked, runs, problems, warnings }' "$last" | tee -a "$summary"
    shown '^(problem|warning|error)|Error' 5
}

# speedups RUNS DRILL...: each drill's reference solution checked RUNS times in one warm batch, on
# the device with timing, one drill after another (nothing else runs on the GPU meanwhile).
speedups() {
    local runs=$1 drill files
    shift
    for drill in "$@"; do
        files=()
        for _ in $(seq "$runs"); do files+=("drills/core/$drill/solution.py"); done
        vecdrill check "${files[@]}" --drill "$drill" --device "$mode" --json || true
    done >"$scratch/speedups.jsonl"
    python3 - "$scratch/speedups.jsonl" "$mode" "$out/speedups.json" "$@" <<'PY'
import json, statistics, sys
text, decoder, seen, at = open(sys.argv[1]).read(), json.JSONDecoder(), {}, 0
while (at := text.find("{", at)) >= 0:  # one JSON document per drill, whatever else was printed
    document, at = decoder.raw_decode(text, at)
    for r in document.get("results", []):
        for d in r["devices"]:
            if d["device"] == sys.argv[2]:
                seen.setdefault(r["drill"], []).append((r["verdict"], d["timing"] or {}, r["message"]))
table = {}
for drill in sys.argv[4:]:
    runs = seen.get(drill)
    if not runs:
        print(f"  {drill}: no result from vecdrill check (log.txt says why)")
        continue
    values = [t["speedup"] for v, t, _ in runs if v == "pass" and t.get("speedup")]
    if not values:
        print(f"  {drill}: no speedup: {runs[0][0]}: {runs[0][2][:150]}")
        continue
    mid, timing = statistics.median(values), next(t for v, t, _ in runs if v == "pass" and t.get("speedup"))
    table[drill] = {"runs": values, "median": mid, "spread": max(abs(v - mid) for v in values) / mid,
                    "loop_seconds": timing.get("loop_seconds"), "solution_seconds": timing.get("solution_seconds")}
    print(f"  {drill}: {mid:.0f}x, {len(values)} of {len(runs)} runs within {table[drill]['spread']:.0%}"
          f" ({min(values):.0f}x-{max(values):.0f}x); loop {timing['loop_seconds']:.3g} s,"
          f" solution {timing['solution_seconds'] * 1e6:.3g} us a call")
json.dump(table, open(sys.argv[3], "w"), indent=1)
PY
}
export -f speedups

# Watch mode: a warm worker's verdict on the device, save to verdict.
watch_latency() {
    python3 - "$mode" "$out/watch.json" <<'PY'
import json, statistics, sys, time
from pathlib import Path
from vecdrill.check.pipeline import CheckOptions, check_file
from vecdrill.content.catalogue import load_catalogue
from vecdrill.sandbox.warm import WarmWorker
cat, path = load_catalogue(), Path("drills/core/relu-where/solution.py")
options = CheckOptions(drill_id="relu-where", device=sys.argv[1], bench=False)
seconds, verdicts = [], []
with WarmWorker() as worker:
    for _ in range(6):
        start = time.perf_counter()
        verdicts.append(check_file(path, cat, options, runner=worker.run).verdict.value)
        seconds.append(time.perf_counter() - start)
    facts = {"first": seconds[0], "median_warm": statistics.median(seconds[1:]), "verdicts": verdicts,
             "problem": worker.problem}
json.dump(facts, open(sys.argv[2], "w"))
print(f"  warm check: first {seconds[0]:.2f} s, then median {facts['median_warm']:.2f} s;"
      f" verdicts {sorted(set(verdicts))}; warm worker problem: {worker.problem}")
PY
}
export -f watch_latency

# Why LAYER cannot run the catalogue here (nothing when it can), from the doctor's report: the
# layer is missing, or (on a GPU) CUDA does not start in its box.
layer_problem() {
    local why
    why=$(sed -n "s/^  not $1: //p" "$out/doctor.txt" | head -1)
    case $why in "" | available*) ;; *) echo "not available: $why" && return ;; esac
    why=$(sed -n "s/^  $1: //p" "$out/doctor.txt" | head -1)
    case $why in not\ available*) echo "$why" ;; fails*) echo "CUDA in its box $why" ;; esac
}

cd "$repo" || exit 2
say "vecdrill gpu_check ($mode) at $(date -u +%FT%TZ) on $(uname -n), $(nproc) cores"
command -v nvidia-smi >/dev/null && say "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
say "python3: $(python3 -c 'import sys, torch; print(sys.version.split()[0], sys.executable, "torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tail -1)"
if [ -d "$carry" ]; then
    step "install from .gpu-carry" 20 install_carried
    shown 'installed|imports vecdrill|bubblewrap|already|rror' 5
    [ -x "$carry/bin/bwrap" ] && export PATH="$carry/bin:$PATH"
elif [ "$mode" = cuda ]; then
    say "install: no .gpu-carry here (run benchmarks/gpu_carry.sh and carry it): using what python3 has"
fi
say "vecdrill sees: $(python3 -c 'from vecdrill.check import devices; g = devices.gpu()
print(f"{g.name}, driver {g.driver}, CUDA {g.cuda_driver}" if g else "no GPU", "| torch CUDA build:", devices.torch_has_cuda())' 2>&1 | tail -1)"

# The doctor, whose "CUDA inside the sandbox" section starts CUDA in each layer's box.
step doctor 60 vecdrill doctor
cp "$last" "$out/doctor.txt"
sed -n '/^CUDA inside the sandbox/,/^limits/p' "$out/doctor.txt" | sed '$d' | cut -c1-220 | tee -a "$summary"
shown '^  (layer in use|not |seccomp|cgroup|CUDA|GPU memory)' 10

devices=(cpu)
[ "$mode" = cuda ] && devices=(cpu cuda all)  # all: both in one child, CUDA's failure retried on the CPU
step "learner files on ${devices[*]}" 55 learner_files "${devices[@]}"
shown '^  ' 9

layers=() full=""  # full: the strongest layer that runs (on a GPU: runs CUDA in its box)
for layer in bwrap unshare plain; do
    why=$(layer_problem "$layer")
    [ -z "$why" ] && [ -z "$full" ] && full=$layer
    case $why in not\ available*) say "catalogue under $layer: skipped, $why" ;; *) layers+=("$layer") ;; esac
done
if [ -n "$full" ]; then
    step "catalogue (${#whole[@]} drills) --device $mode under $full" "$t_catalogue" catalogue "$full" "$chunk" "${whole[@]}"
    catalogue_said "${#whole[@]}"
else
    say "catalogue: no layer runs CUDA in its box here, so each runs the sample only"
fi

step "tests/test_cuda.py" "$t_tests" tests_cuda
shown '^(FAILED|ERROR|SKIPPED)|passed|failed|error' 12

step "speedups on $mode ($runs runs each)" "$t_speedups" speedups "$runs" "${speed_drills[@]}"
shown '^  ' 6

step "watch latency on $mode" 25 watch_latency
shown '^  warm' 2

for layer in "${layers[@]}"; do
    [ "$layer" = "$full" ] && continue
    step "catalogue sample (${#sample[@]} drills) --device $mode under $layer" "$t_sample" \
        catalogue "$layer" "${#sample[@]}" "${sample[@]}"
    catalogue_said "${#sample[@]}"
    why=$(layer_problem "$layer")
    [ -n "$why" ] && say "  (under $layer: $why)"
done
whole_is="the whole catalogue"
[ "$mode" = cpu ] && whole_is="a stand-in for the catalogue on the CPU"
say "catalogue: ${#whole[@]} drills ($whole_is) under ${full:-no layer}, a sample of ${#sample[@]} under each" \
    "other layer that runs: three whole runs would not fit in 570 s"
say "done in $(($(date +%s) - began)) s"
