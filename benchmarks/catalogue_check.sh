#!/usr/bin/env bash
# The whole built-in catalogue through `vecdrill dev check`, with timing and without mutation
# testing (benchmarks/mutation_score.py is that sweep), in a throwaway VECDRILL_HOME so the loops'
# answers and timings are computed now. The test suite checks one drill in eight
# (tests/test_catalogue.py); this is the full sweep, its output committed as catalogue_check.txt.
#
#   bash benchmarks/catalogue_check.sh > benchmarks/catalogue_check.txt
set -euo pipefail
cd "$(dirname "$0")/.."
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
started=$(date +%s)
echo "# vecdrill dev check --no-mutants --jobs 2 over the built-in catalogue"
echo "# $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), torch $(python -c 'import torch; print(torch.__version__)')"
status=0
VECDRILL_HOME="$home" python -m vecdrill dev check --no-mutants --jobs 2 || status=$?
echo "# exit $status after $(( $(date +%s) - started )) s"
exit "$status"
