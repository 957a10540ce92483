#!/usr/bin/env bash
# Every CUDA check of vecdrill in one run on a GPU machine, in two stages, with a summary that
# holds each result the moment it exists.
#
#   bash benchmarks/gpu_carry.sh                        # here, once: wheels and debs into .gpu-carry/
#   bash benchmarks/gpu_check.sh OUT_DIR [cuda [TOTAL]]  # there (device tool: carry .gpu-carry, OUT=$OUT)
#   bash benchmarks/gpu_check.sh OUT_DIR cpu            # anywhere: the same steps on the CPU, few drills
#                                                       # (2 shared cores: speedups get 180 s, the rest as on a GPU)
#
# Stage 1, the essential checks, has step limits that add up to 290 s (estimates for one H200 and
# 16 cores, where `import torch` and a CUDA context cost a few seconds of CPU per child):
#   install from .gpu-carry   ~5 s  limit 15  wheels into python3, else into a venv in /tmp; bwrap
#   doctor                   ~25 s  limit 45  CUDA started in each layer's box, probed under the guard
#   learner files            ~40 s  limit 60  tests/cuda_files on cpu, cuda and all
#   speedups                 ~40 s  limit 75  2 drills x 3 runs on CUDA, one warm worker, efficiency
#   watch latency            ~10 s  limit 25  a warm worker's CUDA verdicts
#   cuda-marked tests        ~40 s  limit 70  pytest -m cuda, 60 s a test (pytest-timeout)
# Stage 2 runs only while the whole run's TOTAL seconds (default 420 on a GPU) are not spent: the
# bandwidth benchmark (vecdrill's efficiency against an independent copy), then the whole catalogue
# under --device cuda in chunks, under the strongest layer whose box runs CUDA.
#
# Every step writes its own lines into OUT_DIR/summary.txt as it measures them, and its raw output
# into OUT_DIR/log.txt as it goes, so a step stopped at its limit (timeout sends SIGTERM, which
# vecdrill answers by ending every child it started) loses nothing it measured. OUT_DIR also gets
# doctor.txt, learner.json, speedups.jsonl, watch.json, bandwidth.md and catalogue.txt.
set -uo pipefail

out=${1:?usage: gpu_check.sh OUT_DIR [cuda|cpu] [TOTAL_SECONDS]}
mode=${2:-cuda}
[ "$mode" = cpu ] || [ "$mode" = cuda ] || { echo "mode must be cuda or cpu" >&2; exit 2; }
total=${3:-$([ "$mode" = cuda ] && echo 420 || echo 900)}
repo=$(cd "$(dirname "$0")/.." && pwd)
carry=$repo/.gpu-carry
mkdir -p "$out"
out=$(cd "$out" && pwd)
summary=$out/summary.txt
log=$out/log.txt
: >"$summary"
: >"$log"
began=$(date +%s)
deadline=$((began + total))
scratch=$(mktemp -d)  # the reference cache and progress: many files, none for OUT_DIR
trap 'rm -rf "$scratch"' EXIT
unset VECDRILL_ISOLATION VECDRILL_PATH VECDRILL_GPU_DEVICES  # the defaults are what is checked
export PYTHONUNBUFFERED=1 COLUMNS=400 VECDRILL_HOME="$scratch/home" VECDRILL_CACHE_DIR="$scratch/cache"
PY=python3
if [ "$mode" = cuda ]; then
    devices=(cpu cuda all) jobs=12 chunk=25 speed_drills=(relu-where gather-logits) runs=3 t_speedups=75 t_bandwidth=100
    bandwidth_drills=(relu-where gather-logits scatter-sum cosine-similarity-matrix attention-scores)
    mapfile -t whole < <(cd "$repo" && dirname drills/*/*/drill.toml)
else  # 2 shared cores: a few drills stand in for the catalogue, in chunks of 2
    devices=(cpu) jobs=2 chunk=2 speed_drills=(relu-where gather-logits) runs=2 t_speedups=180 t_bandwidth=240
    bandwidth_drills=(relu-where standardize-columns)
    whole=(drills/core/relu-where drills/core/scatter-sum drills/core/feature-weights drills/puzzles/puzzle-sign)
fi
export out mode repo carry scratch jobs summary

say() { echo "$*" | tee -a "$summary"; }

# step NAME SECONDS COMMAND...: run it within its limit and what is left of the whole, its output
# into the log as it comes (the step writes its own summary lines), then its fate.
step() {
    local name=$1 limit=$2 start rc left
    shift 2
    left=$((deadline - $(date +%s) - 5))
    ((left < limit)) && limit=$left
    if ((limit < 5)); then
        say "$name: skipped, the $total s are spent"
        return 124
    fi
    say "== $name (limit ${limit} s)"
    start=$(date +%s)
    echo ">>> $name (limit ${limit} s): $*" >>"$log"
    timeout -k 5 "$limit" bash -c '"$@"' "$name" "$@" >>"$log" 2>&1  # bash -c: steps are functions
    rc=$?
    say "$name: exit $rc after $(($(date +%s) - start)) s$( ((rc == 124 || rc == 137)) && echo ' (TIME LIMIT)')"
    return "$rc"
}

# Lines of FILE that match ERE, indented, cut, into the summary.
shown() { grep -E "$2" "$1" | head -n "${3:-12}" | cut -c1-220 | sed 's/^\([^ ]\)/  \1/' | tee -a "$summary"; }

install_carried() {
    # The carried wheels into python3's environment; where that is read-only, into a venv in /tmp
    # that sees python3's packages (a .pth, since python3 may itself be a venv, whose packages a
    # --system-site-packages venv would not see). The checkout on the chosen interpreter's path
    # through a .pth (python -I, as the sandboxed children run, still reads those). bubblewrap
    # unpacked from the carried debs, started by the dynamic loader with the carried libcap.
    # The interpreter chosen goes to $scratch/python; a part that fails is said, the rest done.
    local py=python3 site venv=/tmp/vecdrill-venv deb wheel names="" root=$carry/root rc=0
    for wheel in "$carry"/*.whl; do [ -e "$wheel" ] && wheel=${wheel##*/} names+=" ${wheel%%-[0-9]*}"; done
    if python3 -c 'import platformdirs, pyseccomp, watchfiles' 2>/dev/null; then
        echo "python3 already has vecdrill's dependencies"
    elif python3 -m pip install --quiet --no-index --no-deps --no-compile "$carry"/*.whl; then
        echo "installed$names into python3"
    else
        echo "python3's environment is not writable: a venv in $venv instead"
        python3 -m venv --without-pip --system-site-packages "$venv" || return 1
        py=$venv/bin/python
        site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
        python3 -c 'import sysconfig; p = sysconfig.get_paths(); print(p["purelib"]); print(p["platlib"])' \
            >"$site/vecdrill-base.pth"
        python3 -m pip install --quiet --no-index --no-deps --no-compile --target "$site" "$carry"/*.whl &&
            echo "installed$names into $venv" || rc=1
    fi
    if ! (cd / && "$py" -I -c 'import vecdrill') 2>/dev/null; then
        site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
        echo "$repo" >"$site/vecdrill-checkout.pth" || rc=1
    fi
    (cd / && "$py" -I -c 'import os, sys, vecdrill, platformdirs, pyseccomp, watchfiles
where = os.path.realpath(vecdrill.__path__[0])
print("python -I imports vecdrill from", where)
sys.exit(where != os.path.realpath(sys.argv[1] + "/vecdrill"))' "$repo") || rc=1
    echo "$py" >"$scratch/python"
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

doctor() { "$PY" -m vecdrill doctor | tee "$out/doctor.txt"; }
steps() { "$PY" benchmarks/gpu_steps.py "$@"; }
cuda_tests() {
    local per_test=()
    "$PY" -c 'import pytest_timeout' 2>/dev/null && per_test=(--timeout 60)
    [ ${#per_test[@]} -eq 0 ] && echo "  (no pytest-timeout: the step's limit is the only one)" | tee -a "$summary"
    "$PY" -m pytest -v -p no:cacheprovider -m cuda -n "$((jobs < 8 ? jobs : 8))" "${per_test[@]}" tests/test_cuda.py -rfEs 2>&1 |
        tee /dev/stderr | grep --line-buffered -E ' (PASSED|FAILED|ERROR|SKIPPED)|passed|failed' |
        sed -u 's/^/  /' | cut -c1-220 >>"$summary"
}
bandwidth() { "$PY" benchmarks/bandwidth.py --device "$mode" "$@" | tee "$out/bandwidth.md"; }

# catalogue LAYER CHUNK FOLDER...: dev check under LAYER, CHUNK drills a run, each run's summary
# line into the summary as soon as it ends; the exit status is the worst run's.
catalogue() {
    local layer=$1 size=$2 rc=0 now ran
    shift 2
    while (($#)); do
        now=$((size < $# ? size : $#))
        VECDRILL_ISOLATION=$layer "$PY" -m vecdrill dev check "${@:1:now}" --device "$mode" --no-bench \
            --no-mutants --jobs "$jobs" >"$scratch/chunk.txt" 2>&1 || { ran=$?; ((ran > rc)) && rc=$ran; }
        cat "$scratch/chunk.txt" >>"$out/catalogue.txt"
        grep -E '^(problem|warning|error)|Error' "$scratch/chunk.txt" | head -3 | cut -c1-220 | sed 's/^/    /' >>"$summary"
        sed -n 's/^dev check: /  chunk: /p' "$scratch/chunk.txt" >>"$summary"
        shift "$now"
    done
    return "$rc"
}
export PY
export -f doctor steps cuda_tests bandwidth catalogue

# Why LAYER cannot run CUDA here (nothing when it can), from the doctor's report.
layer_problem() {
    local why
    why=$(sed -n "s/^  not $1: //p" "$out/doctor.txt" | head -1)
    case $why in "" | available*) ;; *) echo "not available: $why" && return ;; esac
    why=$(sed -n "s/^  $1: //p" "$out/doctor.txt" | head -1)
    case $why in not\ available*) echo "$why" ;; fails*) echo "CUDA in its box $why" ;; esac
}

cd "$repo" || exit 2
say "vecdrill gpu_check ($mode, $total s) at $(date -u +%FT%TZ) on $(uname -n), $(nproc) cores, commit $(git rev-parse --short HEAD 2>/dev/null)"
command -v nvidia-smi >/dev/null && say "gpu: $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | head -1)"
say "python3: $(python3 -c 'import sys, torch; print(sys.version.split()[0], sys.executable, "torch", torch.__version__, "cuda", torch.version.cuda)' 2>&1 | tail -1)"
say "uvm node before the first check: $(ls /dev/nvidia-uvm 2>/dev/null || echo absent)"

say "# Stage 1: the essential checks (limits 290 s)"
if [ -d "$carry" ]; then
    step "install from .gpu-carry" 15 install_carried
    shown "$log" '^(python3 already|installed|python3.s environment|python -I imports|bubblewrap|no bubble)' 6
    [ -s "$scratch/python" ] && PY=$(cat "$scratch/python")
    [ -x "$carry/bin/bwrap" ] && export PATH="$carry/bin:$PATH"
    say "  interpreter: $PY; bwrap: $(command -v bwrap || echo none)"
elif [ "$mode" = cuda ]; then
    say "install: no .gpu-carry here (run benchmarks/gpu_carry.sh and carry it): using what python3 has"
fi
export PY
say "vecdrill sees: $("$PY" -c 'from vecdrill.checking import devices; g = devices.gpu()
print(f"{g.name}, driver {g.driver}, CUDA {g.cuda_driver}" if g else "no GPU", "| torch CUDA build:", devices.torch_has_cuda())' 2>&1 | tail -1)"

step doctor 45 doctor
sed -n '/^CUDA inside the sandbox/,/^limits/p' "$out/doctor.txt" | sed '$d' | cut -c1-400 | tee -a "$summary"
shown "$out/doctor.txt" '^  (layer in use|not |seccomp|cgroup)' 8
say "uvm node after the doctor: $(ls /dev/nvidia-uvm 2>/dev/null || echo absent)"

step "learner files on ${devices[*]}" 60 steps learner "$summary" "$out/learner.json" "${devices[@]}"
step "speedups on $mode (${#speed_drills[@]} drills x $runs runs)" "$t_speedups" \
    steps speedups "$summary" "$out/speedups.jsonl" "$mode" "$runs" "${speed_drills[@]}"
step "watch latency on $mode" 25 steps watch "$summary" "$out/watch.json" "$mode"
step "cuda-marked tests" 70 cuda_tests
say "stage 1 done after $(($(date +%s) - began)) s"

say "# Stage 2: while the $total s last"
step "bandwidth against an independent copy on $mode" "$t_bandwidth" bandwidth "${bandwidth_drills[@]}"
shown "$out/bandwidth.md" '^\| |vecdrill / |Independent' 14
full=""
for layer in bwrap unshare plain; do
    why=$(layer_problem "$layer")
    [ -z "$why" ] && [ -z "$full" ] && full=$layer
    [ -n "$why" ] && say "  $layer: $why"
done
if [ -n "$full" ]; then
    step "catalogue (${#whole[@]} drills) --device $mode under $full" 600 catalogue "$full" "$chunk" "${whole[@]}"
else
    say "catalogue: no layer runs CUDA in its box here"
fi
say "done in $(($(date +%s) - began)) s"
