#!/usr/bin/env bash
# Every CUDA check of vecdrill in one run on a GPU machine, with a compact summary, in 10 minutes.
#
#   bash benchmarks/gpu_carry.sh                  # here, once: wheels and bubblewrap into .gpu-carry/
#   bash benchmarks/gpu_check.sh OUT_DIR          # there (the device tool: carry .gpu-carry, OUT=$OUT)
#   bash benchmarks/gpu_check.sh OUT_DIR cpu      # anywhere: the same steps on the CPU, few drills
#
# Steps, each with its own time limit inside a 570 s whole, each one's fate reported and none
# stopping the others: install from .gpu-carry/ without a registry; `vecdrill doctor`; the tests of
# tests/test_cuda.py (the `cuda`-marked ones run on a GPU); the learner files of tests/cuda_files
# against the verdict each declares for the device; the speedup of five drills over five runs
# with its spread; a warm (watch-mode) check's latency; `vecdrill dev check --device cuda
# --no-bench` over the catalogue under each isolation layer. OUT_DIR gets summary.txt (what to
# paste), log.txt (everything), doctor.txt, learner.json, speedups.json and watch.json.
set -uo pipefail

out=${1:?usage: gpu_check.sh OUT_DIR [cpu]}
mode=${2:-cuda}
repo=$(cd "$(dirname "$0")/.." && pwd)
carry=$repo/.gpu-carry
mkdir -p "$out"
summary=$out/summary.txt
log=$out/log.txt
: >"$summary"
: >"$log"
deadline=$(($(date +%s) + 570))
scratch=$(mktemp -d)  # progress and the reference cache: many files, none for OUT_DIR
export PYTHONUNBUFFERED=1 VECDRILL_HOME="$scratch/home" VECDRILL_CACHE_DIR="$scratch/cache"
[ "$mode" = cpu ] || [ "$mode" = cuda ] || { echo "mode must be cuda or cpu" >&2; exit 2; }

say() { echo "$*" | tee -a "$summary"; }

# step NAME SECONDS COMMAND...: run it with what is left of the whole, log it, report its fate.
step() {
    local name=$1 limit=$2 start rc left
    shift 2
    left=$((deadline - $(date +%s) - 5))
    ((left < limit)) && limit=$left
    if ((limit < 5)); then
        say "$name: skipped, the 570 s are spent"
        return 124
    fi
    start=$(date +%s)
    echo ">>> $name (limit ${limit} s): $*" >>"$log"
    timeout "$limit" bash -c '"$@"' "$name" "$@" >>"$log" 2>&1  # bash -c: the steps are functions
    rc=$?
    say "$name: exit $rc after $(($(date +%s) - start)) s$( ((rc == 124)) && echo ' (time limit)')"
    return "$rc"
}

vecdrill() { python3 -m vecdrill "$@"; }
export -f vecdrill
export out mode repo carry

install_carried() {
    # Wheels into this interpreter, bubblewrap unpacked beside them, the checkout on sys.path
    # through a .pth file (python -I still reads those, so the sandboxed children see it too).
    python3 -m pip install --quiet --no-index --no-deps --no-compile "$carry"/*.whl || return 1
    for deb in "$carry"/*.deb; do dpkg -x "$deb" "$carry/root" || return 1; done
    python3 -c 'import sysconfig, sys; open(sysconfig.get_paths()["purelib"] + "/vecdrill-checkout.pth", "w").write(sys.argv[1] + "\n")' "$repo"
}

export -f install_carried
cd "$repo" || exit 2
say "vecdrill gpu_check ($mode) at $(date -u +%FT%TZ) on $(uname -n)"
command -v nvidia-smi >/dev/null && say "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
say "torch: $(python3 -c 'import torch; print(torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tail -1)"
if [ "$mode" = cuda ] && [ -d "$carry" ]; then
    step "install from .gpu-carry" 120 install_carried
    export PATH="$carry/root/usr/bin:$PATH"
fi

# The doctor, whose "CUDA inside the sandbox" section runs CUDA in each layer's box.
step doctor 120 vecdrill doctor
sed -n '/^>>> doctor/,/^>>> /p' "$log" | grep -v '^>>> ' >"$out/doctor.txt"
sed -n '/^CUDA inside the sandbox/,/^limits/p' "$out/doctor.txt" | sed '$d' | tee -a "$summary"
grep -E '^  (layer in use|CUDA available|CUDA device|GPU memory)' "$out/doctor.txt" | tee -a "$summary"

# The learner files: each declares its verdict per device.
learner_files() {
    vecdrill check tests/cuda_files/*.py --device "$mode" --no-bench --json --drills tests/fixture_course \
        >"$out/learner.json"
    python3 - "$out/learner.json" "$mode" <<'PY'
import json, re, sys
from pathlib import Path
results = json.load(open(sys.argv[1]))["results"]
bad = 0
for r in results:
    want = dict(re.findall(r"^# (cpu|cuda): (\S+)$", Path(r["file"]).read_text(), re.M))[sys.argv[2]]
    bad += r["verdict"] != want
    print(f"  {Path(r['file']).stem}: want {want}, got {r['verdict']}: {r['message'][:160]}")
sys.exit(bad)
PY
}
export -f learner_files
step "learner files on $mode" 120 learner_files
sed -n '/^>>> learner files/,/^>>> /p' "$log" | grep '^  ' | tee -a "$summary"

# The tests of the CUDA path: on a GPU the `cuda`-marked ones run, the CPU-only ones skip.
tests_cuda() { python3 -m pytest -q -p no:cacheprovider -n 4 tests/test_cuda.py -rfEs; }
export -f tests_cuda
step "tests/test_cuda.py" 200 tests_cuda
sed -n '/^>>> tests/,/^>>> /p' "$log" | grep -E '^(FAILED|ERROR|SKIPPED)|passed|failed' | tail -12 | tee -a "$summary"

# The speedup of five drills on the device, five runs each: median and spread.
speedups() {
    local drills=(relu-where gather-logits cross-entropy matmul-loops standardize-columns) runs=5
    [ "$mode" = cpu ] && drills=(relu-where) && runs=2
    for drill in "${drills[@]}"; do
        for _ in $(seq "$runs"); do
            vecdrill check "drills/core/$drill/solution.py" --drill "$drill" --device "$mode" --json || true
        done
    done >"$out/speedups.jsonl"
    python3 - "$out/speedups.jsonl" "$mode" "$out/speedups.json" <<'PY'
import json, statistics, sys
text, decoder, seen, at = open(sys.argv[1]).read(), json.JSONDecoder(), {}, 0
while (at := text.find("{", at)) >= 0:  # one JSON document per run, whatever else was printed
    document, at = decoder.raw_decode(text, at)
    for r in document.get("results", []):
        for d in r["devices"]:
            if d["device"] == sys.argv[2] and d["speedup"]:
                seen.setdefault(r["drill"], []).append(d["speedup"])
table = {}
for drill, values in seen.items():
    mid = statistics.median(values)
    table[drill] = {"runs": values, "median": mid, "spread": max(abs(v - mid) for v in values) / mid}
    print(f"  {drill}: {mid:.1f}x over {len(values)} runs, spread {table[drill]['spread']:.0%}")
json.dump(table, open(sys.argv[3], "w"), indent=1)
PY
}
export -f speedups
step "speedups on $mode" 200 speedups
sed -n '/^>>> speedups/,/^>>> /p' "$log" | grep -E '^  \S+: [0-9.]+x' | tee -a "$summary"

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
step "watch latency on $mode" 60 watch_latency
sed -n '/^>>> watch latency/,/^>>> /p' "$log" | grep '^  warm' | tee -a "$summary"

# The catalogue under each layer this machine has; a layer that cannot run says why.
for layer in bwrap unshare plain; do
    packs=()
    [ "$mode" = cpu ] && packs=(tests/fixture_course)  # a few drills: dev check's rules will object
    VECDRILL_ISOLATION=$layer step "dev check --device $mode under $layer" 150 \
        python3 -m vecdrill dev check "${packs[@]}" --device "$mode" --no-bench --jobs 8
    sed -n "/^>>> dev check --device $mode under $layer/,/^>>> /p" "$log" | grep -E 'problem|dev check:|Error' \
        | tail -6 | cut -c1-240 | tee -a "$summary"
done
say "done in $((570 - deadline + $(date +%s))) s"
