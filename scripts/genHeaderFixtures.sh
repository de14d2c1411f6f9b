#!/bin/sh
# Writes test/fixtures/gen-header/*.gz: what Mesa's gen_header.py prints for every (file, mode) its
# meson.build runs, with everything up to and including the banner's closing `*/` line cut (paths,
# modification times and the current year are machine-dependent). Each fixture is exactly
#
#   PYTHONHASHSEED=0 python3 $R/gen_header.py --rnn $R --xml $R/FILE MODE 2>/dev/null \
#     | awk 'NR == 1 && MODE == "py-defines" { b = 1 } b { print; next } $0 == "*/" { b = 1 }' | gzip -n -9
#
# with R the freedreno register corpus (default ../shared/corpora/freedreno-registers), and the same
# for test/fixtures/gen-header/quirks (R=that directory, FILE=sub/quirks.xml or sub/pack.xml), a
# small database written to reach gen_header's quirks the corpus does not. PYTHONHASHSEED=0:
# gen_header iterates a Python set of strings to list the usage arrays, so its output depends on the
# hash seed; isaforge reproduces seed 0. Run from the repository root: sh scripts/genHeaderFixtures.sh [R]
set -eu
R=${1:-../shared/corpora/freedreno-registers}
PY=${PYTHON:-python3}
OUT=test/fixtures/gen-header
mkdir -p "$OUT"

GEN_HEADER=$R/gen_header.py
QUIRKS=$OUT/quirks

fixture() { # FILE MODE [DIR]
  dir=${3:-$R}
  name=$(basename "$1").$2
  PYTHONHASHSEED=0 "$PY" "$GEN_HEADER" --rnn "$dir" --xml "$dir/$1" "$2" 2>/dev/null |
    awk -v mode="$2" 'NR == 1 && mode == "py-defines" { b = 1 } b { print; next } $0 == "*/" { b = 1 }' |
    gzip -n -9 >"$OUT/$name.gz"
  echo "$OUT/$name.gz"
}

fixture adreno.xml c-defines
for f in a2xx a3xx a4xx a5xx a6xx a6xx_gmu ocmem adreno_control_regs adreno_pipe_regs adreno_common adreno_pm4; do
  fixture "adreno/$f.xml" c-defines
done
fixture adreno/a6xx.xml c-pack-structs
fixture adreno/adreno_pm4.xml c-pack-structs
for f in a2xx a3xx a4xx a5xx a6xx; do
  fixture "adreno/$f.xml" py-defines
done
for m in c-defines py-defines; do
  fixture sub/quirks.xml $m "$QUIRKS"
done
for m in c-defines c-pack-structs py-defines; do
  fixture sub/pack.xml $m "$QUIRKS"
done
