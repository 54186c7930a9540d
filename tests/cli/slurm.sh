#!/usr/bin/env bash
# Tests of examples/slurm/q28.sbatch without Slurm: stand-ins for srun (mpirun, two ranks, on
# this machine) and scontrol (which logs what it is asked) run the script as sbatch would, on
# small boards: it parses, its nqueens-mpi command line counts, and when Slurm signals that the
# time limit is near it stops the count, asks for a requeue, and its next run resumes.
#
#   tests/cli/slurm.sh path/to/nqueens-mpi
set -u
mpi=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
script=$root/examples/slurm/q28.sbatch
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# expect NAME WANT GOT: compares two strings.
expect() {
    if [ "$2" = "$3" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1: expected '$2', got '$3'"
    fi
}

root_option=
[ "$(id -u)" = 0 ] && root_option=--allow-run-as-root
mkdir "$tmp/bin"
# srun: logs its arguments, drops its own options (all before the program), then runs the
# program on two ranks.
cat >"$tmp/bin/srun" <<EOF
#!/usr/bin/env bash
echo "\$*" >>"$tmp/srun.log"
while [ "\$#" -gt 0 ] && [ "\${1#-}" != "\$1" ]; do shift; done
exec mpirun --oversubscribe $root_option -np 2 "\$@" </dev/null
EOF
printf '#!/bin/sh\necho "$@" >>"%s"\n' "$tmp/scontrol.log" >"$tmp/bin/scontrol"
chmod +x "$tmp/bin/srun" "$tmp/bin/scontrol"

# job ARGS...: runs the script as Slurm would, with the environment ARGS add, in place of the
# calling (sub)shell, so that a job started with & has the script's process id in $!.
job() {
    exec env PATH="$tmp/bin:$PATH" SLURM_JOB_ID=42 SLURM_CPUS_PER_TASK=1 SLURM_SUBMIT_DIR="$tmp" \
        NQUEENS_MPI="$mpi" "$@" bash "$script"
}

expect "bash -n" 0 "$(bash -n "$script"; echo $?)"
for option in --requeue --signal=B:USR1@300 --cpus-per-task= --ntasks-per-node= --open-mode=append; do
    expect "#SBATCH $option" yes "$(grep -q "^#SBATCH $option" "$script" && echo yes)"
done

# A whole count: the total in the output and beside the checkpoint (default path: submit dir).
out=$(job N=12 2>&1)
expect "count 12: exit and output" "0 yes" "$? $(grep -qx 'q28.sbatch: Q(12) = 14200 (.*)' <<<"$out" && echo yes)"
expect "count 12: total file" 14200 "$(cat "$tmp/q12.ckpt.total")"
expect "srun's options" yes "$(grep -q -- '--kill-on-bad-exit=1 --cpus-per-task=1 ' "$tmp/srun.log" && echo yes)"
expect "count 12: no requeue" "" "$(cat "$tmp/scontrol.log" 2>/dev/null)"
out=$(job N=11 COUNT_OPTIONS="--method backtrack --max-memory 1G" CHECKPOINT="$tmp/b11.ckpt" 2>&1)
expect "count 11 with COUNT_OPTIONS" 2680 "$(cat "$tmp/b11.ckpt.total" 2>/dev/null)"

# The time limit near: Slurm's USR1 to the script (sent here once the checkpoint holds
# records) stops the count and requeues the job; the next run resumes and finishes.
job N=17 COUNT_OPTIONS="--method backtrack" CHECKPOINT="$tmp/q17.ckpt" >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 200); do [ -s "$tmp/q17.ckpt" ] && break; sleep 0.05; done
sleep 1
kill -USR1 "$pid"
wait "$pid"
code=$?
expect "time up: exit 0, requeued" "0 requeue 42" "$code $(cat "$tmp/scontrol.log" 2>/dev/null)"
expect "time up: said so" yes "$(grep -q '^q28.sbatch: requeued; the next run resumes from' "$tmp/out" && echo yes)"
expect "time up: no total yet" no "$([ -e "$tmp/q17.ckpt.total" ] && echo yes || echo no)"
size=$(stat -c %s "$tmp/q17.ckpt")
expect "time up: checkpoint kept records" yes "$([ "$size" -gt 64 ] && echo yes)"
(job N=17 COUNT_OPTIONS="--method backtrack" CHECKPOINT="$tmp/q17.ckpt" >"$tmp/out" 2>&1)
expect "requeued run resumes" "0 95815104" "$? $(cat "$tmp/q17.ckpt.total" 2>/dev/null)"

# A failure that is not the time limit is not requeued: nqueens-mpi's own word, and its code.
out=$(job N=65 2>&1)
code=$?
expect "bad N: not requeued" "2 yes" "$code $(grep -q 'nqueens-mpi ended with 2; not requeued' <<<"$out" && echo yes)"
expect "bad N: nqueens-mpi said why" yes "$(grep -q 'board size N 65 is out of range' <<<"$out" && echo yes)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
