#!/usr/bin/env bash
# Prepare what benchmarks/gpu_check.sh needs on a GPU machine that has no package registry: the
# wheels of vecdrill's dependencies that machine lacks (for its Python 3.12 on x86-64), the test
# extras the tests there may use (pexpect), and the Debian packages of bubblewrap and of libcap2, the
# one library of bwrap's that a slim image may lack (gpu_check.sh runs bwrap with it), in
# .gpu-carry/ (ignored by git; the device tool's `carry` takes it).
# Run here, where pip and apt reach their registries:  bash benchmarks/gpu_carry.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.gpu-carry
rm -rf "$dest"
mkdir -p "$dest"
# torch, numpy, typer, rich, pytest, pytest-xdist and anyio (watchfiles' need) are already there.
python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 \
    --dest "$dest" platformdirs pyseccomp watchfiles pexpect ptyprocess
(cd "$dest" && apt-get download bubblewrap libcap2 >/dev/null)
ls -1 "$dest"
du -sh "$dest"
