#!/usr/bin/env bash
# Which MPI compiler `make` picks for nqueens-mpi, by what CC builds for: the host's mpicc only
# for CC's own CPU, a target's wrapper (aarch64-linux-gnu-mpicc) for a cross-build, an explicit
# MPICC always, and otherwise a one-line reason for skipping. Compilers and wrappers here are
# stand-ins that answer -dumpmachine; `make -n` prints the commands without running them.
set -u
cd "$(dirname "$0")/../.."
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
failures=0

# stand_in NAME TRIPLE: a compiler named NAME on the PATH that builds for TRIPLE.
stand_in() {
    printf '#!/bin/sh\n[ "$1" = -dumpmachine ] && echo %s\nexit 0\n' "$2" >"$fake/$1"
    chmod +x "$fake/$1"
}
stand_in mpicc x86_64-linux-gnu
stand_in fake-gcc x86_64-linux-gnu
stand_in fake-clang x86_64-pc-linux-gnu
stand_in fake-arm-gcc aarch64-linux-gnu

# expect DESCRIPTION PATTERN MAKE-ARGUMENTS...: the dry run's output matches PATTERN (grep -E).
expect() {
    local what=$1 pattern=$2
    shift 2
    local out
    out=$(PATH="$fake:$PATH" make -n --no-print-directory BUILD="$fake/build" "$@" all 2>&1)
    if grep -qE -- "$pattern" <<<"$out"; then
        echo "ok: $what"
    else
        echo "FAIL: $what: no line matches '$pattern' in:"; grep -E "mpicc|skipped" <<<"$out" | cut -c1-160 | head -5
        failures=$((failures + 1))
    fi
}

expect "the host's mpicc for the host's gcc" "^$fake/mpicc .*-o $fake/build/nqueens-mpi" CC=fake-gcc
expect "the host's mpicc for clang on the same CPU" "^$fake/mpicc .*-o $fake/build/nqueens-mpi" \
    CC=fake-clang
expect "a cross-build skips the host's mpicc, saying why" \
    "nqueens-mpi skipped: $fake/mpicc builds for x86_64-linux-gnu and CC for aarch64-linux-gnu" \
    CC=fake-arm-gcc
stand_in aarch64-linux-gnu-mpicc aarch64-linux-gnu
expect "a cross-build takes the target's own wrapper" \
    "^$fake/aarch64-linux-gnu-mpicc .*-o $fake/build/nqueens-mpi" CC=fake-arm-gcc
expect "an explicit MPICC is taken as it is" "^my-mpicc .*-o $fake/build/nqueens-mpi" \
    CC=fake-arm-gcc MPICC=my-mpicc
expect "MPICC= skips nqueens-mpi" "nqueens-mpi skipped: MPICC is empty" CC=fake-gcc MPICC=
echo "mpi choice: $((6 - failures)) passed, $failures failed"
[ "$failures" = 0 ]
