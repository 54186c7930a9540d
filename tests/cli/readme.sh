#!/usr/bin/env bash
# Runs the README's examples: every `$ nqueens ...` line of a ```console block (with `printf ...
# |` before it, or `| nqueens verify` after, as written there) is run against the binary, and
# what it prints, stdout and stderr, must be the lines that follow it in the block. Examples that
# need files the README does not give, a cluster, or minutes are skipped by name; the rest must
# hold, so that the manual does not drift from the tool.
#
#   tests/cli/readme.sh path/to/nqueens
set -u
nq=$(realpath "${1:?usage: readme.sh path/to/nqueens}")
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" && ln -s "$nq" "$work/bin/nqueens"
passed=0 failed=0 skipped=0

# run COMMAND EXPECTED: runs COMMAND in the scratch folder with nqueens on the PATH; compares
# its output, stdout and stderr together, line by line in any order (the two streams interleave
# as they are flushed), with EXPECTED.
run() {
    local got
    got=$(cd "$work" && PATH="$work/bin:$PATH" NQ_CPU= bash -c "$1" 2>&1 | sort)
    if [ "$got" = "$(sort <<<"$2")" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL: README: %s\n  expected:\n%s\n  got:\n%s\n' "$1" "$2" "$got"
    fi
}

in_block=0 command= expected=
flush() {
    [ -n "$command" ] || return 0
    case $command in
        *estimate*|*mpirun*|*srun*|*ckpt*|*q.txt*|*uva*|*NQ_CPU*|*board.txt*|cat\ *)
            skipped=$((skipped + 1)) ;;
        *) run "$command" "$expected" ;;
    esac
    command= expected=
}
while IFS= read -r line; do
    case $line in
        '```console') in_block=1 ;;
        '```') [ $in_block = 1 ] && flush; in_block=0 ;;
        '$ '*) [ $in_block = 1 ] && { flush; command=${line#\$ }; } ;;
        *) [ $in_block = 1 ] && [ -n "$command" ] &&
               expected=${expected:+$expected$'\n'}$line ;;
    esac
done <"$root/README.md"
echo "README examples: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
