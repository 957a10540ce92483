#!/usr/bin/env bash
# Prepare what benchmarks/gpu_check.sh needs on a GPU machine that has no package registry: the
# wheels of vecdrill's dependencies that machine lacks (for its Python 3.12 on x86-64) and the
# bubblewrap Debian package, in .gpu-carry/ (ignored by git; the device tool's `carry` takes it).
# Run here, where pip and apt reach their registries:  bash benchmarks/gpu_carry.sh
set -euo pipefail
cd "$(dirname "$0")/.."
dest=.gpu-carry
rm -rf "$dest"
mkdir -p "$dest"
# torch, numpy, typer, rich, pytest and anyio are already there; these are not.
python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
    --platform manylinux2014_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 \
    --dest "$dest" platformdirs pyseccomp watchfiles pexpect ptyprocess
(cd "$dest" && apt-get download bubblewrap >/dev/null)
ls -1 "$dest"
du -sh "$dest"
