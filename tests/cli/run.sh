#!/usr/bin/env bash
# End-to-end tests of the nqueens binary: exit codes, stdout and stderr, byte for byte.
#
#   tests/cli/run.sh path/to/nqueens
#
# Each check runs the binary once and compares what it printed and returned with what it
# should; the last line is "N passed, M failed".
set -u
nq=$(realpath "${1:?usage: run.sh path/to/nqueens}")
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# check NAME CODE STDOUT STDERR [STDIN-FILE] -- ARGS...
# Runs nqueens ARGS (stdin from STDIN-FILE or /dev/null) and compares exit code, stdout and
# stderr with CODE, STDOUT and STDERR (strings; a trailing newline is implied when non-empty).
check() {
    local name=$1 code=$2 want_out=$3 want_err=$4 input=/dev/null
    shift 4
    if [ "$1" != -- ]; then input=$1; shift; fi
    shift
    "$nq" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    compare "$name" "$code" "$got" "$want_out" "$want_err" "nqueens $*"
}

# compare NAME WANT-CODE GOT-CODE STDOUT STDERR COMMAND: the common end of every check.
compare() {
    [ -n "$4" ] && printf '%s\n' "$4" >"$tmp/want_out" || : >"$tmp/want_out"
    compare_to_file "$1" "$2" "$3" "$tmp/want_out" "$5" "$6"
}

# compare_to_file NAME WANT-CODE GOT-CODE STDOUT-FILE STDERR COMMAND
compare_to_file() {
    local name=$1 want=$2 got=$3 command=$6
    [ "$4" = "$tmp/want_out" ] || cp "$4" "$tmp/want_out"
    [ -n "$5" ] && printf '%s\n' "$5" >"$tmp/want_err" || : >"$tmp/want_err"
    if [ "$got" = "$want" ] && cmp -s "$tmp/out" "$tmp/want_out" && cmp -s "$tmp/err" "$tmp/want_err"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $name: $command (exit $got, expected $want)"
        diff "$tmp/want_out" "$tmp/out" | head -5 | sed 's/^/  stdout: /'
        diff "$tmp/want_err" "$tmp/err" | head -5 | sed 's/^/  stderr: /'
    fi
}

# check_file NAME CODE EXPECTED-STDOUT-FILE STDERR [STDIN-FILE] -- ARGS...
check_file() {
    local name=$1 code=$2 file=$3 want_err=$4 input=/dev/null
    shift 4
    if [ "$1" != -- ]; then input=$1; shift; fi
    shift
    "$nq" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    compare_to_file "$name" "$code" $? "$file" "$want_err" "nqueens $*"
}

# expect_true NAME STATUS: passes when STATUS (of a test the caller ran) is 0.
expect_true() {
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1"
    fi
}

# killed_then_resumed NAME TOTAL CHECKPOINT DELAYS ARGS...: for each delay, `nqueens count ARGS
# --checkpoint CHECKPOINT` killed with SIGKILL after that many seconds, then run again to the
# end: it must print TOTAL.
killed_then_resumed() {
    local name=$1 total=$2 ckpt=$3 delays=$4 delay
    shift 4
    for delay in $delays; do
        rm -f "$ckpt"
        "$nq" count "$@" --checkpoint "$ckpt" >/dev/null 2>&1 &
        local pid=$!
        sleep "$delay"
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        check "$name resume after SIGKILL at ${delay}s" 0 "$total" "" -- count "$@" --checkpoint "$ckpt"
    done
}

# interrupted_then_resumed NAME TOTAL UNITS CHECKPOINT DELAY ARGS...: `nqueens count ARGS
# --checkpoint CHECKPOINT` stopped by SIGINT after DELAY seconds must exit 130 saying how many of
# its UNITS units it saved and how to resume, print nothing on stdout, and resume to TOTAL. On a
# loaded machine the signal may come while the count still plans (which says so, and saves
# nothing): then again with twice the delay, four times at most.
interrupted_then_resumed() {
    local name=$1 total=$2 units=$3 ckpt=$4 delay=$5 code tries
    shift 5
    for tries in 1 2 3 4; do
        rm -f "$ckpt"
        "$nq" count "$@" --checkpoint "$ckpt" >"$tmp/out" 2>"$tmp/err" &
        local pid=$!
        sleep "$delay"
        kill -INT "$pid"
        wait "$pid"
        code=$?
        grep -q "while planning" "$tmp/err" || break
        delay=$(awk -v d="$delay" 'BEGIN { print 2 * d }')
    done
    grep -q "^nqueens: count: stopped by SIGINT; [0-9]* of $units units are saved in $ckpt\(, and the pieces done of units in progress\)\?: run the same command again to resume$" "$tmp/err" &&
        [ "$code" -eq 130 ] && [ ! -s "$tmp/out" ]
    expect_true "$name: SIGINT stops and says how to resume" $?
    check "$name: resume after SIGINT" 0 "$total" "" -- count "$@" --checkpoint "$ckpt"
}

# ends_within NAME SECONDS PID: waits for PID to end, at most SECONDS; kills it if it has not.
# Sets `ended` to its exit code, or to "hung".
ends_within() {
    local tenths=0
    while kill -0 "$3" 2>/dev/null && [ "$tenths" -lt $(($2 * 10)) ]; do
        sleep 0.1
        tenths=$((tenths + 1))
    done
    if kill -0 "$3" 2>/dev/null; then
        kill -KILL "$3"
        wait "$3"
        ended=hung
    else
        wait "$3"
        ended=$?
    fi
}

# signal_code SIGNAL: the exit code of a stop by SIGNAL (INT, TERM or HUP): 128 + its number.
signal_code() { case $1 in INT) echo 130 ;; TERM) echo 143 ;; HUP) echo 129 ;; esac; }

# limit_address_space KB: in a subshell, caps its address space at KB with ulimit -v, where the
# binary runs under such a cap at all: a sanitizer's reserved shadow memory forbids it, and
# then the command runs uncapped (its output is still checked). `sanitized` says which: 1 for a
# binary built with AddressSanitizer, which counts 5 to 20 times slower, so that the kill and
# resume tests whose runs go to the end count one size smaller there (their runs still outlast
# the delays before the kill, and CI's sanitizer phase stays within its time).
if { ( (ulimit -v 200000; exec "$nq" --version) >/dev/null 2>&1 ); } 2>/dev/null; then
    limit_address_space() { ulimit -v "$1"; }
    sanitized=0
else
    limit_address_space() { :; }
    sanitized=1
fi

# stopped_inside_unit NAME CHECKPOINT ARGS...: `nqueens count ARGS --checkpoint CHECKPOINT`,
# stopped a second after its run begins, however long its units, must end within two seconds,
# saying how many units it saved and how to resume, with nothing on stdout: by SIGTERM with exit
# 143, then run again on the same checkpoint, which it resumes, by SIGINT with exit 130, then by
# SIGHUP (a closed terminal) with exit 129.
stopped_inside_unit() {
    local name=$1 ckpt=$2 signal code
    shift 2
    rm -f "$ckpt"
    for signal in TERM INT HUP; do
        code=$(signal_code "$signal")
        "$nq" count "$@" --checkpoint "$ckpt" >"$tmp/out" 2>"$tmp/err" &
        local pid=$! tenths=0
        # The run has begun when its worker threads have (planning takes seconds).
        until [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -gt 1 ] || [ "$tenths" -ge 600 ]; do
            sleep 0.1
            tenths=$((tenths + 1))
        done
        sleep 1
        kill -"$signal" "$pid"
        ends_within "$name" 2 "$pid"
        [ "$ended" = "$code" ] && [ ! -s "$tmp/out" ] &&
            grep -q "^nqueens: count: stopped by SIG$signal; [0-9]* of [0-9]* units are saved in $ckpt\(, and the pieces done of units in progress\)\?: run the same command again to resume$" "$tmp/err"
        expect_true "$name: SIG$signal stops within a unit in 2 s, exit $code" $?
    done
}

# ends_on_signal NAME SIGNAL CODE INPUT ARGS...: nqueens ARGS, reading INPUT, sent SIGNAL after a
# second, must end within two seconds with CODE and nothing on stderr.
ends_on_signal() {
    local name=$1 signal=$2 code=$3 input=$4
    shift 4
    "$nq" "$@" <"$input" >/dev/null 2>"$tmp/err" &
    local pid=$!
    sleep 1
    kill -"$signal" "$pid"
    ends_within "$name" 2 "$pid"
    [ "$ended" = "$code" ] && [ ! -s "$tmp/err" ]
    expect_true "$name: SIG$signal ends it within 2 s, exit $code" $?
}

# le BYTES VALUE: VALUE as BYTES little-endian bytes, as printf escapes.
le() { local i; for ((i = 0; i < $1; i++)); do printf '\\x%02x' $(($2 >> 8 * i & 255)); done; }
# forge CHECKPOINT INDEX DELTA: adds DELTA to the total of record INDEX (from 0), with a residue
# and a CRC that pass: the CRC's seed, the fingerprint, is in the header (bytes 32 to 39), and
# gzip's trailer holds the CRC-32 of what it compressed.
forge() {
    local at=$((64 + 32 * $2)) unit total unique body
    read -r unit total unique < <(od -An -tu8 -j "$at" -N 24 "$1" | tr -s ' \n' '   ')
    total=$((total + $3))
    body=$(le 8 "$unit")$(le 8 "$total")$(le 8 "$unique")$(le 4 $((total % 4294967291)))
    { printf "$body"; { head -c 40 "$1" | tail -c 8; printf "$body"; } | gzip -c | tail -c 8 | head -c 4; } |
        dd of="$1" bs=1 seek="$at" conv=notrunc 2>/dev/null
}
# forge_header CHECKPOINT OFFSET VALUE: sets the header's 32-bit field at OFFSET to VALUE, and
# the header's CRC (bytes 60 to 63, of the 60 before) to match, as gzip's trailer computes it.
forge_header() {
    printf "$(le 4 "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
    head -c 60 "$1" | gzip -c | tail -c 8 | head -c 4 | dd of="$1" bs=1 seek=60 conv=notrunc 2>/dev/null
}
board() { printf "$1" >"$tmp/$2"; echo "$tmp/$2"; }
b1=$(board '.Q...\n.....\n..*..\n.....\n.....\n' b1)   # the README's board, for every section
# the empty 8 x 8 board, and the same with its corners bad: for boards and checkpoints
b3=$(board '........\n........\n........\n........\n........\n........\n........\n........\n' b3)
b4=$(board '*......*\n........\n........\n........\n........\n........\n........\n*......*\n' b4)

# section NAME: whether to run the section NAME. NQ_TEST_SECTIONS (names separated by spaces)
# picks a few, as the quicker passes do (other CPU paths, an emulated binary); all by default.
# NQ_TEST_SKIP leaves some out (make cli-tests runs the long ones beside the rest).
section() {
    [[ " ${NQ_TEST_SKIP:-} " != *" $1 "* ]] &&
        { [ -z "${NQ_TEST_SECTIONS:-}" ] || [[ " $NQ_TEST_SECTIONS " == *" $1 "* ]]; }
}

# ---- count: published totals and unique counts (OEIS A000170, A002562) ----------------------
if section count; then
while IFS=$'\t' read -r n total unique; do
    [ "$n" -le 13 ] || continue
    check "count $n" 0 "$total" "" -- count "$n"
    [ "$n" -le 12 ] && check "count --unique $n" 0 "$unique" "" -- count --unique "$n"
done <"$here/known-counts.tsv"
for t in 1 2 3; do check "count 12 -t $t" 0 14200 "" -- count 12 --threads "$t"; done
check "count 16" 0 14772512 "" -- count 16 --threads 2
check "count -u 14" 0 45752 "" -- count -u 14
fi

# ---- solve: formats, order, limits, unique ------------------------------------------------------
if section solve; then
printf '.Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n' >"$tmp/solve4"
check_file "solve 4 board" 0 "$tmp/solve4" "" -- solve 4
check "solve 4 leetcode" 0 '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]' "" -- solve 4 --format leetcode
check "solve 4 cols" 0 "$(printf '2 4 1 3\n3 1 4 2')" "" -- solve 4 -f cols
check "solve 1 leetcode" 0 '[["Q"]]' "" -- solve 1 --format leetcode
check "solve 3 board" 0 "" "" -- solve 3
check "solve 2 leetcode" 0 "[]" "" -- solve 2 --format leetcode
check "solve --limit 1" 0 "2 4 1 3" "" -- solve 4 --format cols --limit 1
check "solve --limit 0" 0 "[]" "" -- solve 6 --format leetcode --limit 0
check "solve 8 --unique" 0 "$(printf '1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n2 4 6 8 3 1 7 5')" "" -- solve 8 --unique -f cols --limit 3
"$nq" solve 10 -f cols >"$tmp/s10"
expect_true "solve 10 lists 724 solutions" "$([ "$(wc -l <"$tmp/s10")" -eq 724 ]; echo $?)"
sort -n -k1,1 -k2,2 -k3,3 -k4,4 -k5,5 -k6,6 -k7,7 -k8,8 -k9,9 -k10,10 "$tmp/s10" | cmp -s - "$tmp/s10"
expect_true "solve 10 lists in lexicographic order" $?
"$nq" solve 8 -f cols >"$tmp/s8"
check "verify solve 8" 0 "92 of 92 solutions valid" "" "$tmp/s8" -- verify
"$nq" solve 9 --unique -f cols >"$tmp/u9"
check "verify solve 9 --unique" 0 "46 of 46 solutions valid" "" "$tmp/u9" -- verify
"$nq" solve 6 >"$tmp/b6"
check "verify boards" 0 "4 of 4 solutions valid" "" -- verify "$tmp/b6"
# Search order: the same solutions as the lexicographic listing, in the rule's order (the unit
# test follows the rule square by square), and the first ones of the largest board at once.
check "solve 6 --order search" 0 "$(printf '2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2')" "" -- solve 6 --order search -f cols
"$nq" solve 10 --order search -f cols | sort >"$tmp/search10"
sort "$tmp/s10" >"$tmp/lex10"
expect_true "solve 10 --order search lists the 724 solutions" "$(cmp -s "$tmp/search10" "$tmp/lex10"; echo $?)"
"$nq" solve 9 --order search --unique -f cols | sort >"$tmp/search9"
sort "$tmp/u9" >"$tmp/lex9"
expect_true "solve 9 --order search --unique lists the 46 classes" "$(cmp -s "$tmp/search9" "$tmp/lex9"; echo $?)"
timeout -s KILL 60 "$nq" solve 64 --order search -f cols --limit 5 >"$tmp/first64"
check "solve 64 --order search --limit 5 is valid" 0 "5 of 5 solutions valid" "" "$tmp/first64" -- verify
check "solve 4 --order lex" 0 "$(printf '2 4 1 3\n3 1 4 2')" "" -- solve 4 --order lex -f cols
fi

# ---- boards with bad squares and placed queens ---------------------------------------------
if section boards; then
check "count --board" 0 1 "" -- count --board "$b1"
check "solve --board" 0 "2 4 1 3 5" "" -- solve --board "$b1" -f cols
fi

# ---- solve streams: --limit is the listing's head, memory stays small, Ctrl-C stops ---------
if section streams; then
for n in 8 9 10 11; do
    "$nq" solve $n -f cols >"$tmp/all"
    for k in 1 7 60; do
        head -n $k "$tmp/all" >"$tmp/head"
        check_file "solve $n --limit $k is the head of the listing" 0 "$tmp/head" "" -- solve $n -f cols --limit $k
    done
done
"$nq" solve --board "$b1" -f cols >"$tmp/all"
check_file "solve --board --limit 1" 0 "$tmp/all" "" -- solve --board "$b1" -f cols --limit 1
timeout -s KILL 60 "$nq" solve 24 -f cols 2>"$tmp/err" | head -n 3 >"$tmp/head"
check_file "solve 24 | head -3 is --limit 3" 0 "$tmp/head" "" -- solve 24 -f cols --limit 3
"$nq" solve 24 -f cols --limit 3 >"$tmp/first"
check "solve 24 --limit 3 is valid" 0 "3 of 3 solutions valid" "" "$tmp/first" -- verify
# A listing runs in a few megabytes however large the units are: stop it after two seconds.
"$nq" solve 19 >/dev/null 2>"$tmp/err" &
pid=$!
sleep 2
peak=$(awk '/^VmHWM:/ { print $2 }' /proc/$pid/status)
kill -INT $pid
wait $pid
code=$?
: >"$tmp/out"
expect_true "solve 19 peaks below 64 MB (${peak} kB)" "$([ "${peak:-999999}" -lt 65536 ]; echo $?)"
compare "solve 19 stopped by SIGINT" 130 "$code" "" "" "solve 19 (SIGINT)"
# A first solution that takes long to find stops within a second of SIGTERM.
timeout -s KILL 10 "$nq" solve 46 --limit 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
compare "solve 46 stopped by SIGTERM" 143 $? "" "" "solve 46 --limit 1 (SIGTERM)"
check "count --board -" 0 1 "" "$b1" -- count --board -
b2=$(board '.*..\r\n....\r\n....\r\n....' b2)
check "count crlf board" 0 1 "" -- count --board "$b2"
check "count empty board file" 0 92 "" -- count --board "$b3"
check "count --unique board" 0 12 "" -- count --unique --board "$b3"
check "count corners bad" 0 76 "" -- count --board "$b4"
fi

# ---- solve --limit 1: the first solution, its checkpoint ----------------------------------------
if section first; then
for n in 1 2 3 4 8 12 20 27; do
    "$nq" solve $n -f cols --limit 2 --threads 1 | head -n 1 >"$tmp/want"
    for t in 1 2; do
        check_file "solve $n --limit 1 --threads $t is the listing's first" 0 "$tmp/want" "" -- solve $n -f cols --limit 1 --threads $t
    done
done
check "solve --limit 1 --unique" 0 "1 5 8 6 3 7 2 4" "" -- solve 8 -f cols --limit 1 --unique
printf '.Q..\n...Q\nQ...\n..Q.\n\n' >"$tmp/first4"
check_file "solve --limit 1 board" 0 "$tmp/first4" "" -- solve 4 --limit 1
check "solve --checkpoint without --limit 1" 2 "" "nqueens: solve: --checkpoint needs --limit 1 (the first solution)" -- solve 8 --limit 2 --checkpoint "$tmp/first.ckpt"
expect_true "no checkpoint made without --limit 1" "$([ ! -e "$tmp/first.ckpt" ]; echo $?)"
"$nq" solve 35 -f cols --limit 2 | head -n 1 >"$tmp/want35"
check_file "solve --checkpoint new" 0 "$tmp/want35" "" -- solve 35 -f cols --limit 1 --checkpoint "$tmp/first.ckpt"
check_file "solve --checkpoint resumed" 0 "$tmp/want35" "" -- solve 35 -f cols --limit 1 --checkpoint "$tmp/first.ckpt"
check "solve --checkpoint of another board" 2 "" "nqueens: checkpoint $tmp/first.ckpt: made for another board; give the board it was made for, or another file" -- solve 34 -f cols --limit 1 --checkpoint "$tmp/first.ckpt"
printf 'not a checkpoint\n' >"$tmp/junk.ckpt"
check "solve --checkpoint junk" 2 "" "nqueens: checkpoint $tmp/junk.ckpt: not a checkpoint of 'solve --limit 1'" -- solve 8 -f cols --limit 1 --checkpoint "$tmp/junk.ckpt"
check "solve --checkpoint directory" 2 "" "nqueens: checkpoint $tmp: is a directory; a checkpoint is a regular file" -- solve 8 -f cols --limit 1 --checkpoint "$tmp"
# Killed (SIGKILL) after a few seconds, or stopped by SIGINT, the search resumes where its
# checkpoint says and prints the first solution the plain search prints.
"$nq" solve 34 -f cols --limit 1 --threads 1 >"$tmp/want34"
for stop in KILL INT; do
    rm -f "$tmp/34.ckpt"
    "$nq" solve 34 -f cols --limit 1 --threads 1 --checkpoint "$tmp/34.ckpt" >"$tmp/out" 2>&1 &
    pid=$!
    sleep 2
    kill -$stop $pid
    { wait $pid; } 2>/dev/null
    expect_true "solve 34 --checkpoint written before SIG$stop" "$([ -s "$tmp/34.ckpt" ]; echo $?)"
    check_file "solve 34 resumed after SIG$stop" 0 "$tmp/want34" "" -- solve 34 -f cols --limit 1 --checkpoint "$tmp/34.ckpt"
done
fi

# ---- uva ----------------------------------------------------------------------------------------
if section uva; then
check_file "uva sample" 0 "$here/uva-sample.out" "" "$here/uva-sample.in" -- uva
check_file "uva catalogue cases" 0 "$here/uva-bench.out" "" "$here/uva-bench.in" -- uva
printf '1\n.\n\n3\n...\n...\n...\n\n2\n*.\n..\n0\n' >"$tmp/uva2"
check "uva small cases" 0 "$(printf 'Case 1: 1\nCase 2: 0\nCase 3: 0')" "" "$tmp/uva2" -- uva
# uva_case N K: a UVa case of side N whose free squares in each row are one solution's queen
# (for N >= 4) and the K columns (7 row + 11 j) mod N, j < K; every other square is bad, so that
# even N = 64 counts at once.
uva_case() {
    local n=$1 k=$2 sol=""
    [ "$n" -ge 4 ] && sol=$("$nq" one "$n")
    awk -v n="$n" -v k="$k" -v sol="$sol" 'BEGIN {
        print n; split(sol, q, " ")
        for (r = 0; r < n; r++) {
            for (c = 0; c < n; c++) row[c] = n < 4 || q[r + 1] == c + 1 ? "." : "*"
            for (j = 0; j < k; j++) row[(7 * r + 11 * j) % n] = "."
            line = ""
            for (c = 0; c < n; c++) line = line row[c]
            print line
        } }'
}
# Every size from 1 to 64 (catalogues stop at 16; above, uva once read past their array), each
# answer as `count --board` gives it; then N = 17 to 20 with more free squares, counted by the
# backtracker and by listing the solutions.
: >"$tmp/uva-all.in"; : >"$tmp/uva-all.out"
for n in $(seq 64); do
    uva_case "$n" $((n <= 32 ? 2 : 1)) >"$tmp/uva-case"
    cat "$tmp/uva-case" >>"$tmp/uva-all.in"
    echo "Case $n: $(tail -n +2 "$tmp/uva-case" | "$nq" count --board -)" >>"$tmp/uva-all.out"
done
echo 0 >>"$tmp/uva-all.in"
check_file "uva every size 1 to 64" 0 "$tmp/uva-all.out" "" "$tmp/uva-all.in" -- uva
: >"$tmp/uva-big.in"; : >"$tmp/uva-big.out"
for n in 17 18 19 20; do
    uva_case "$n" 8 >"$tmp/uva-case"
    cat "$tmp/uva-case" >>"$tmp/uva-big.in"
    tail -n +2 "$tmp/uva-case" >"$tmp/uva-board"
    listed=$("$nq" solve --board "$tmp/uva-board" --format cols | wc -l)
    counted=$("$nq" count --board "$tmp/uva-board" --method backtrack)
    expect_true "uva $n: listing and count agree ($listed)" "$([ "$listed" = "$counted" ] && [ "$listed" -gt 1000 ]; echo $?)"
    echo "Case $((n - 16)): $listed" >>"$tmp/uva-big.out"
done
echo 0 >>"$tmp/uva-big.in"
check_file "uva N = 17 to 20" 0 "$tmp/uva-big.out" "" "$tmp/uva-big.in" -- uva
fi

# ---- verify ------------------------------------------------------------------------------------
if section verify; then
printf '2 4 1 3\n1 3 2 4\n' >"$tmp/v1"
check "verify attack" 1 "1 of 2 solutions valid" \
    "nqueens: <stdin>:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" "$tmp/v1" -- verify
printf '2 4 1 5\n' >"$tmp/v2"
check "verify off board" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queen of row 4 is in column 5, off the board of 4 columns" "$tmp/v2" -- verify
# A column 0 is off the board too; it must not be taken for a board row without a queen.
printf '2 4 1 0\n' >"$tmp/v2b"
check "verify column 0" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queen of row 4 is in column 0, off the board of 4 columns" "$tmp/v2b" -- verify
printf 'Q%.0s' 1 >"$tmp/v65"; printf '.%.0s' $(seq 64) >>"$tmp/v65"; printf '\n' >>"$tmp/v65"
check "verify board wider than 64" 2 "" "nqueens: <stdin>:1:65: line longer than 64 characters; a board has at most 64 columns" "$tmp/v65" -- verify
printf '.Q..\n...Q\nQ...\n..Q.\n.Q..\n' >"$tmp/v5rows"
check "verify board with a row too many" 2 "" "nqueens: <stdin>:1:1: board has 5 rows of 4 squares; a solution is square" "$tmp/v5rows" -- verify
printf '2\n' >"$tmp/v1col"
check "verify off a board of 1 column" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queen of row 1 is in column 2, off the board of 1 column" "$tmp/v1col" -- verify
printf '\n\n' >"$tmp/vblank"
check "verify empty input" 2 "" "nqueens: <stdin>: no solution to verify" -- verify
check "verify blank lines" 2 "" "nqueens: $tmp/vblank: no solution to verify" -- verify "$tmp/vblank"
printf '.Q..\n....\nQ...\n..Q.\n' >"$tmp/v3"
check "verify row without queen" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: row 2 has no queen" "$tmp/v3" -- verify
check "verify file" 1 "1 of 2 solutions valid" \
    "nqueens: $tmp/v1:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" -- verify "$tmp/v1"
printf '2 4 x 3\n' >"$tmp/v4"
check "verify syntax" 2 "" "nqueens: <stdin>:1:5: unexpected 'x'; expected a column number" "$tmp/v4" -- verify
# Lines end in \r\n as well as \n, in both formats, as in board files.
printf '2 4 1 3\r\n3 1 4 2\r\n' >"$tmp/vcrlf"
check "verify columns with CRLF" 0 "2 of 2 solutions valid" "" "$tmp/vcrlf" -- verify
printf '2 4 1 3\r\n1 3 2 4\r\n' >"$tmp/vcrlf2"
check "verify columns with CRLF: an invalid one named" 1 "1 of 2 solutions valid" \
    "nqueens: <stdin>:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" "$tmp/vcrlf2" -- verify
printf '.Q..\r\n...Q\r\nQ...\r\n..Q.\r\n' >"$tmp/vcrlf3"
check "verify a board with CRLF" 0 "1 of 1 solutions valid" "" "$tmp/vcrlf3" -- verify
# A bad square '*' holds no queen: a board with one, in its first row too, is a board.
printf '*Q..\n...Q\nQ.*.\n..Q*\n\n..Q.\nQ*..\n...Q\n.Q..\n' >"$tmp/vbad"
check "verify boards with bad squares" 0 "2 of 2 solutions valid" "" "$tmp/vbad" -- verify
printf '.*Q.\n*..Q\nQ...\n..Q.\n' >"$tmp/vbad2"
check "verify a board with bad squares: an invalid one named" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queens in row 1, column 3 and row 2, column 4 attack each other" "$tmp/vbad2" -- verify
printf '*Q..\n..x.\n' >"$tmp/vbad3"
check "verify a board with a stray character" 2 "" "nqueens: <stdin>:2:3: unexpected 'x'; expected 'Q', '.' or '*'" "$tmp/vbad3" -- verify
fi

# ---- bad input: exit 2, a message, nothing on stdout ---------------------------------------
if section bad-input; then
check "N missing" 2 "" "nqueens: count: board size N is missing; see 'nqueens count --help'" -- count
check "N not a number" 2 "" "nqueens: board size N 'abc' is not a number" -- count abc
check "N trailing junk" 2 "" "nqueens: board size N '8x' has trailing characters after the number" -- count 8x
check "N zero" 2 "" "nqueens: board size N 0 is out of range (1 to 64)" -- count 0
check "N negative" 2 "" "nqueens: count: -3 is negative; numbers here are positive" -- count -3
check "N minus zero" 2 "" "nqueens: count: -0 is not positive; numbers here are positive" -- count -0
check "N above 64" 2 "" "nqueens: board size N 65 is out of range (1 to 64)" -- solve 65
check "N overflow" 2 "" "nqueens: board size N 99999999999999999999999 is out of range (1 to 64)" -- count 99999999999999999999999
check "unknown command" 2 "" "nqueens: unknown command 'cuont'; see 'nqueens --help'" -- cuont 8
check "unknown option" 2 "" "nqueens: count: unknown option '--fast'; see 'nqueens count --help'" -- count 8 --fast
check "unknown short option" 2 "" "nqueens: solve: unknown option '-x'; see 'nqueens solve --help'" -- solve 8 -x
check "option without value" 2 "" "nqueens: solve: option '--format' needs a value; see 'nqueens solve --help'" -- solve 4 --format
check "option given a value it does not take" 2 "" "nqueens: count: option '--unique' takes no value; see 'nqueens count --help'" -- count 8 --unique=yes
check "--no-progress given a value" 2 "" "nqueens: count: option '--no-progress' takes no value; see 'nqueens count --help'" -- count 8 --no-progress=1
check "unknown option with a value" 2 "" "nqueens: count: unknown option '--bogus=3'; see 'nqueens count --help'" -- count 8 --bogus=3
check "unknown format" 2 "" "nqueens: solve: unknown format 'svgx'; expected board, leetcode, cols, unicode or svg" -- solve 4 --format svgx
check "unknown order" 2 "" "nqueens: solve: unknown order 'random'; expected lex or search" -- solve 4 --order random
check "search order without checkpoints" 2 "" "nqueens: solve: --checkpoint keeps the lexicographic first solution's search; --order search needs none" -- solve 4 --order search --limit 1 --checkpoint "$tmp/no-such-checkpoint"
check "negative limit" 2 "" "nqueens: solve: -1 is negative; numbers here are positive" -- solve 4 --limit -1
check "limit not a number" 2 "" "nqueens: limit K 'many' is not a number" -- solve 4 --limit many
check "threads zero" 2 "" "nqueens: thread count T 0 is out of range (1 to 1024)" -- count 8 --threads 0
check "N and board" 2 "" "nqueens: count: give a size N or --board FILE, not both" -- count 8 --board "$b1"
check "extra argument" 2 "" "nqueens: solve: unexpected argument '9'" -- solve 8 9
check "missing file" 2 "" "nqueens: $tmp/none: No such file or directory" -- count --board "$tmp/none"
mkdir "$tmp/dir"
check "board file a directory" 2 "" "nqueens: $tmp/dir: is a directory" -- count --board "$tmp/dir"
check "verify a directory" 2 "" "nqueens: $tmp/dir: is a directory" -- verify "$tmp/dir"
check "uva from a directory" 2 "" "nqueens: <stdin>: is a directory" "$tmp/dir" -- uva
: >"$tmp/empty"
check "empty board file" 2 "" "nqueens: $tmp/empty:1:1: empty board" -- count --board "$tmp/empty"
e1=$(board '....\n...\n....\n....\n' e1)
check "short row" 2 "" "nqueens: $e1:2:4: row has 3 squares; expected 4" -- count --board "$e1"
e2=$(board '....\n.....\n....\n....\n' e2)
check "long row" 2 "" "nqueens: $e2:2:5: row has 5 squares; expected 4" -- count --board "$e2"
e3=$(board '....\n....\n' e3)
check "too few rows" 2 "" "nqueens: $e3:3:1: board ends after 2 rows; expected 4, one per column" -- solve --board "$e3"
e4=$(board '..\n..\n..\n' e4)
check "extra row" 2 "" "nqueens: $e4:3:1: extra row; a board 2 squares wide has 2 rows" -- count --board "$e4"
e5=$(board '....\n.#..\n....\n....\n' e5)
check "bad character" 2 "" "nqueens: $e5:2:2: unexpected character '#'; expected '.', '*' or 'Q'" -- count --board "$e5"
e6=$(board 'Q...\n....\n..Q.\n....\n' e6)
check "attacking queens" 2 "" "nqueens: $e6:3:3: this queen attacks the queen in row 1, column 1" -- count --board "$e6"
printf '4\n....\n....\n' >"$tmp/u1"
check "uva cut short" 2 "" "nqueens: <stdin>:4:1: case ends after 2 of its 4 rows" "$tmp/u1" -- uva
printf '2\n..\n.x\n0\n' >"$tmp/u2"
check "uva bad character" 2 "" "nqueens: <stdin>:3:2: unexpected character 'x'; expected '.' or '*'" "$tmp/u2" -- uva
printf '2\n..\n..\n' >"$tmp/u3"
check "uva missing 0" 2 "" "nqueens: <stdin>:4:1: input ends without the closing line \"0\"" "$tmp/u3" -- uva
printf '65\n' >"$tmp/u4"
check "uva size 65" 2 "" "nqueens: <stdin>:1:1: board size 65 is too large; at most 64" "$tmp/u4" -- uva
fi

# ---- checkpoints, subtotals, estimates ------------------------------------------------------
if section checkpoints; then
ck=$tmp/q13.ckpt
check "checkpoint new" 0 73712 "" -- count 13 --checkpoint "$ck"
check "checkpoint finished" 0 73712 "" -- count 13 --checkpoint "$ck"
check "checkpoint of another N" 2 "" "nqueens: checkpoint $ck: made for N = 13, not 12; refusing to use it" -- count 12 --checkpoint "$ck"
check "checkpoint without unique" 2 "" "nqueens: checkpoint $ck: made without --unique, and its records hold no classes; resume it without --unique, or count --unique into a new file; refusing to use it" -- count 13 -u --checkpoint "$ck"
size=$(stat -c %s "$ck")
head -c $((64 + 32 * 5 + 17)) "$ck" >"$tmp/torn.ckpt"
check "checkpoint torn" 0 73712 "" -- count 13 --checkpoint "$tmp/torn.ckpt"
expect_true "torn checkpoint completed" "$([ "$(stat -c %s "$tmp/torn.ckpt")" -eq "$size" ]; echo $?)"
cp "$ck" "$tmp/bad.ckpt"
printf '\x55' | dd of="$tmp/bad.ckpt" bs=1 seek=$((64 + 32 * 3 + 9)) conv=notrunc 2>/dev/null
records=$(((size - 64) / 32))
check "checkpoint damaged" 2 "" "nqueens: checkpoint $tmp/bad.ckpt: record 4 of $records is damaged; refusing to use it" -- count 13 --checkpoint "$tmp/bad.ckpt"
printf 'not a checkpoint, just some text that is long enough to fill a header......\n' >"$tmp/text.ckpt"
check "checkpoint foreign file" 2 "" "nqueens: checkpoint $tmp/text.ckpt: not an nqueens checkpoint, or its header is damaged; refusing to use it" -- count 13 --checkpoint "$tmp/text.ckpt"
# ---- check: recounting a checkpoint's records -----------------------------------------
units13=$(((size - 64) / 32))
check "check --all" 0 "$units13 of $units13 units checked agree with their records ($units13 recorded of $units13)" "" -- check "$ck" --all
check "check --sample" 0 "5 of 5 units checked agree with their records ($units13 recorded of $units13)" "" -- check "$ck" --sample 5 --seed 7
head -c $((64 + 32 * 6)) "$ck" >"$tmp/part.ckpt"
check "check a partial checkpoint" 0 "6 of 6 units checked agree with their records (6 recorded of $units13)" "" -- check "$tmp/part.ckpt" --sample 100
head -c 64 "$ck" >"$tmp/head.ckpt"
check "check a checkpoint without records" 2 "" "nqueens: checkpoint $tmp/head.ckpt: no unit is recorded yet; nothing to check" -- check "$tmp/head.ckpt"
check "check a file that is no checkpoint" 2 "" "nqueens: checkpoint $tmp/text.ckpt: not an nqueens checkpoint, or its header is damaged" -- check "$tmp/text.ckpt"
check "check without a file" 2 "" "nqueens: check: checkpoint FILE is missing; see 'nqueens check --help'" -- check
# A forged record passes the CRC (count takes it), but not a recount.
cp "$ck" "$tmp/forged.ckpt"
forge "$tmp/forged.ckpt" 3 2
read -r unit total _ < <(od -An -tu8 -j $((64 + 32 * 3)) -N 24 "$ck" | tr -s ' \n' '  ')
check "a forged record passes the CRC" 0 73714 "" -- count 13 --checkpoint "$tmp/forged.ckpt"
check "check finds the forged record" 1 "$((units13 - 1)) of $units13 units checked agree with their records ($units13 recorded of $units13)" \
    "nqueens: check: $tmp/forged.ckpt: unit $unit is recorded as $((total + 2)) solutions, but has $total" -- check "$tmp/forged.ckpt" --all
# A header naming a side no board has, its CRC recomputed: damaged, said with the file's name.
for side in 0 65 2147483648; do
    cp "$ck" "$tmp/side.ckpt"
    forge_header "$tmp/side.ckpt" 16 "$side"
    check "check a header of side $side" 2 "" "nqueens: checkpoint $tmp/side.ckpt: its header is damaged: it names a board of side $side, not 1 to 64" -- check "$tmp/side.ckpt"
    check "resume a header of side $side" 2 "" "nqueens: checkpoint $tmp/side.ckpt: its header is damaged: it names a board of side $side, not 1 to 64; refusing to use it" -- count 13 --checkpoint "$tmp/side.ckpt"
done
# The header tells N, not the board: a board's checkpoint needs the board again.
"$nq" count --board "$b4" --checkpoint "$tmp/b4.ckpt" >/dev/null
check "check a board's checkpoint without the board" 2 "" "nqueens: check: checkpoint $tmp/b4.ckpt was not made for the empty 8 x 8 board; give the count's board with --board FILE" -- check "$tmp/b4.ckpt"
records=$((($(stat -c %s "$tmp/b4.ckpt") - 64) / 32))
check "check a board's checkpoint with the board" 0 "$records of $records units checked agree with their records ($records recorded of $records)" "" -- check "$tmp/b4.ckpt" --board "$b4" --all
check "check with another board" 2 "" "nqueens: checkpoint $tmp/b4.ckpt: made for another board or work split" -- check "$tmp/b4.ckpt" --board "$b3"
"$nq" count 9 --unique --checkpoint "$tmp/u9.ckpt" >/dev/null
cp "$tmp/u9.ckpt" "$tmp/u9f.ckpt"; forge "$tmp/u9f.ckpt" 0 1
read -r unit total unique < <(od -An -tu8 -j 64 -N 24 "$tmp/u9.ckpt" | tr -s ' \n' '   ')
records=$((($(stat -c %s "$tmp/u9.ckpt") - 64) / 32))
check "check a --unique checkpoint" 1 "$((records - 1)) of $records units checked agree with their records ($records recorded of $records)" \
    "nqueens: check: $tmp/u9f.ckpt: unit $unit is recorded as $((total + 1)) solutions in $unique classes, but has $total in $unique" -- check "$tmp/u9f.ckpt" --all

check "checkpoint unwritable" 1 "" "nqueens: checkpoint $tmp/no/dir.ckpt: No such file or directory" -- count 8 --checkpoint "$tmp/no/dir.ckpt"
# No temporary file beside the checkpoint: a symlink planted where one was is never followed.
echo precious >"$tmp/victim"; ln -s "$tmp/victim" "$tmp/sym.ckpt.tmp"
check "checkpoint beside a planted symlink" 0 92 "" -- count 8 --checkpoint "$tmp/sym.ckpt"
expect_true "the symlink's target is untouched" "$([ "$(cat "$tmp/victim")" = precious ]; echo $?)"
# Only regular files: a FIFO would hang, a device be replaced, '-' mean stdin on resume.
mkfifo "$tmp/fifo.ckpt"; mkdir "$tmp/dir.ckpt"
regular="a checkpoint is a regular file"
check "checkpoint -" 2 "" "nqueens: checkpoint -: $regular, not standard input or output (./- names a file called '-')" -- count 8 --checkpoint -
# A device node of our own where root can make one: a regression must not replace /dev/null.
device=/dev/null
mknod "$tmp/null.ckpt" c 1 3 2>/dev/null && device=$tmp/null.ckpt
check "checkpoint device" 2 "" "nqueens: checkpoint $device: is a character device; $regular" -- count 8 --checkpoint "$device"
check "checkpoint FIFO" 2 "" "nqueens: checkpoint $tmp/fifo.ckpt: is a FIFO; $regular" -- count 8 --checkpoint "$tmp/fifo.ckpt"
check "checkpoint directory" 2 "" "nqueens: checkpoint $tmp/dir.ckpt: is a directory; $regular" -- count 8 --checkpoint "$tmp/dir.ckpt"
# A symlink to a missing file is not followed to make one (it may have been planted).
ln -s "$tmp/nowhere.ckpt" "$tmp/dangling.ckpt"
check "checkpoint dangling symlink" 2 "" "nqueens: checkpoint $tmp/dangling.ckpt: is a symbolic link to a missing file; a checkpoint is a regular file or a new path" -- count 8 --checkpoint "$tmp/dangling.ckpt"
expect_true "a dangling symlink stays dangling" "$([ -L "$tmp/dangling.ckpt" ] && [ ! -e "$tmp/nowhere.ckpt" ]; echo $?)"
check "check a dangling symlink" 2 "" "nqueens: checkpoint $tmp/dangling.ckpt: No such file or directory" -- check "$tmp/dangling.ckpt"
expect_true "a refused checkpoint leaves no file behind" "$([ ! -e ./- ] && [ -c "$device" ]; echo $?)"
check "checkpoint of a count refused before it starts" 2 "" "nqueens: count: --method join counts empty boards of side 4 to 28 only" -- count 3 --method join --checkpoint "$tmp/never.ckpt"
expect_true "a count refused before it starts leaves no checkpoint" "$([ ! -e "$tmp/never.ckpt" ]; echo $?)"
# Two runs on one checkpoint: the second is refused, the first finishes and its file resumes.
"$nq" count 16 --method backtrack --threads 1 --checkpoint "$tmp/two.ckpt" >"$tmp/first.out" 2>&1 &
first=$!
for _ in $(seq 100); do [ -s "$tmp/two.ckpt" ] && break; sleep 0.05; done
check "checkpoint in use" 2 "" "nqueens: checkpoint $tmp/two.ckpt: in use by another run (process $first); refusing to share it" -- count 16 --method backtrack --threads 1 --checkpoint "$tmp/two.ckpt"
wait "$first"
expect_true "the first run finishes" "$([ $? -eq 0 ] && [ "$(cat "$tmp/first.out")" = 14772512 ]; echo $?)"
records=$((($(stat -c %s "$tmp/two.ckpt") - 64) / 32))
check "the first run's checkpoint is whole" 0 14772512 "" -- count 16 --method backtrack --checkpoint "$tmp/two.ckpt"
expect_true "and held every unit once ($records records)" "$([ "$records" -eq "$("$nq" count 16 --method backtrack --subtotals /dev/stdout | grep -c "^[0-9]*,")" ]; echo $?)"
# Under a sanitizer each resume counts for seconds: four delays there instead of ten.
if [ "$sanitized" = 1 ]; then delays="0.05 0.35 0.65 0.95"; else delays="0.05 0.15 0.25 0.35 0.45 0.55 0.65 0.75 0.85 0.95"; fi
killed_then_resumed backtrack 14772512 "$tmp/kill.ckpt" "$delays" 16 --method backtrack --threads 2
(trap '' XFSZ; ulimit -f 4; exec "$nq" count 14 --threads 1 --checkpoint "$tmp/full.ckpt") >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens: checkpoint $tmp/full.ckpt: write failed: File too large$" "$tmp/err"
expect_true "checkpoint on a full disk: clear error" $?
check "checkpoint after a full disk resumes" 0 365596 "" -- count 14 --checkpoint "$tmp/full.ckpt"
"$nq" count 8 --checkpoint /sys/nqueens.ckpt >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && [ ! -s "$tmp/out" ] && grep -q "^nqueens: checkpoint /sys/nqueens.ckpt: " "$tmp/err"
expect_true "read-only checkpoint path" $?
interrupted_then_resumed backtrack 14772512 "[0-9]*" "$tmp/int.ckpt" 0.4 16 --method backtrack --threads 2
# SIGHUP (a closed terminal, a logout) stops a count as SIGTERM does: synced, said, resumed.
"$nq" count 16 --method backtrack --threads 2 --checkpoint "$tmp/hup.ckpt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
until [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -gt 1 ] || ! kill -0 "$pid" 2>/dev/null; do
    sleep 0.05
done
sleep 0.2
kill -HUP "$pid"
wait "$pid"
code=$?
[ "$code" -eq 129 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens: count: stopped by SIGHUP; [0-9]* of [0-9]* units are saved in $tmp/hup.ckpt\(, and the pieces done of units in progress\)\?: run the same command again to resume$" "$tmp/err"
expect_true "SIGHUP stops a count, exit 129, and says what is saved" $?
check "resume after SIGHUP" 0 14772512 "" -- count 16 --method backtrack --threads 2 --checkpoint "$tmp/hup.ckpt"
"$nq" count 12 --method backtrack --progress >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/out")" = 14200 ] &&
    grep -q "^9225/9225 units (100.0%), 14200 solutions, .* units/s, elapsed [0-9:]*, ETA 0:00:00$" "$tmp/err"
expect_true "count --progress reports on stderr only" $?
once=0
for i in 1 2 3 4 5; do
    "$nq" count 8 --threads 16 --progress 2>"$tmp/err" >/dev/null &&
        [ "$(grep -c "^73/73 units" "$tmp/err")" = 1 ] || once=1
done
expect_true "count --progress into a file: the final report once" $once
"$nq" count 12 --method backtrack --subtotals "$tmp/sub.csv" >/dev/null
[ "$(head -1 "$tmp/sub.csv")" = "unit,weight,placement,total,unique" ] &&
    [ "$(awk -F, 'NR > 1 { s += $4; u += $5 } END { print s, u }' "$tmp/sub.csv")" = "14200 1787" ]
expect_true "subtotals add up" $?
# Outputs are opened before the count starts, not found unwritable when it ends.
timeout 20 "$nq" count 20 --method backtrack --subtotals "$tmp/no/sub.csv" >"$tmp/out" 2>"$tmp/err"
compare "subtotals unwritable: said at once" 1 $? "" "nqueens: subtotals $tmp/no/sub.csv: No such file or directory" "count 20 --subtotals $tmp/no/sub.csv"
# An output that is the checkpoint or the board file read is refused before anything is
# written, whatever name it is given: the same, a hard link, a symlink.
cp "$ck" "$tmp/keep.ckpt"
ln "$tmp/keep.ckpt" "$tmp/hard.ckpt"; ln -s "$tmp/keep.ckpt" "$tmp/soft.ckpt"
for name in keep hard soft; do
    check "subtotals into the checkpoint ($name)" 2 "" "nqueens: subtotals $tmp/$name.ckpt: is the checkpoint $tmp/keep.ckpt; refusing to write over it" -- count 13 --checkpoint "$tmp/keep.ckpt" --subtotals "$tmp/$name.ckpt"
done
expect_true "the checkpoint is untouched" "$(cmp -s "$ck" "$tmp/keep.ckpt"; echo $?)"
check "subtotals into a new checkpoint" 2 "" "nqueens: subtotals $tmp/new.ckpt: is the checkpoint $tmp/new.ckpt; refusing to write over it" -- count 8 --checkpoint "$tmp/new.ckpt" --subtotals "$tmp/new.ckpt"
expect_true "a new checkpoint refused so is not left behind" "$([ ! -e "$tmp/new.ckpt" ]; echo $?)"
cp "$b4" "$tmp/b4copy"
check "subtotals into the board file" 2 "" "nqueens: subtotals $tmp/b4copy: is the board file $tmp/b4copy; refusing to write over it" -- count --board "$tmp/b4copy" --subtotals "$tmp/b4copy"
check "subtotals into the board file read from stdin" 2 "" "nqueens: subtotals $tmp/b4copy: is the board file <stdin>; refusing to write over it" "$tmp/b4copy" -- count --board - --subtotals "$tmp/b4copy"
expect_true "the board file is untouched" "$(cmp -s "$b4" "$tmp/b4copy"; echo $?)"
"$nq" count 13 --checkpoint "$tmp/keep.ckpt" >>"$tmp/keep.ckpt" 2>"$tmp/err"
compare "standard output into the checkpoint" 2 $? "" "nqueens: count: standard output is the checkpoint $tmp/keep.ckpt; refusing to write over it" "count 13 --checkpoint $tmp/keep.ckpt >>$tmp/keep.ckpt"
expect_true "the checkpoint is still untouched" "$(cmp -s "$ck" "$tmp/keep.ckpt"; echo $?)"
# Subtotals to standard output's file by another name: the lines, then the total after them.
"$nq" count 12 --method backtrack --subtotals /dev/stdout >"$tmp/both" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(head -1 "$tmp/both")" = "unit,weight,placement,total,unique" ] &&
    [ "$(tail -1 "$tmp/both")" = 14200 ] && cmp -s <(head -n -1 "$tmp/both") "$tmp/sub.csv"
expect_true "subtotals to /dev/stdout in a file: the lines, then the total" $?
# A FIFO no process reads is refused at once rather than waited on; one with a reader is written.
mkfifo "$tmp/sub.fifo"
timeout 20 "$nq" count 12 --subtotals "$tmp/sub.fifo" >"$tmp/out" 2>"$tmp/err"
compare "subtotals into a FIFO without a reader" 1 $? "" "nqueens: subtotals $tmp/sub.fifo: is a FIFO that no process reads; start its reader first" "count 12 --subtotals $tmp/sub.fifo"
# The shell holds it open (read and write: no wait) while cat starts, so there is a reader.
exec 7<>"$tmp/sub.fifo"
timeout 20 cat "$tmp/sub.fifo" >"$tmp/fifo.csv" &
reader=$!
check "subtotals into a FIFO with a reader" 0 14200 "" -- count 12 --method backtrack --subtotals "$tmp/sub.fifo"
exec 7>&-
wait "$reader"
expect_true "the reader got the subtotals" "$(cmp -s "$tmp/fifo.csv" "$tmp/sub.csv"; echo $?)"
fi

# ---- units counted in pieces: partial records -----------------------------------------------
if section pieces; then
# partial_records FILE: how many partial records FILE holds (those whose unit number has the
# pieces counted in its upper half).
partial_records() { od -An -tu4 -w32 -v -j64 "$1" | awk '$2 != 0' | wc -l; }
# first_partial FILE: the number (from 1) of the first partial record in FILE.
first_partial() { od -An -tu4 -w32 -v -j64 "$1" | awk '$2 != 0 { print NR; exit }'; }
pc=$tmp/pieces.ckpt
# NQ_PIECE_LEVELS cuts N = 16's units into pieces 3 queens deep, as from N = 24 by default.
export NQ_PIECE_LEVELS=3
"$nq" count 16 --method backtrack --threads 2 --checkpoint "$pc" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.7
kill -TERM "$pid"
wait "$pid"
code=$?
[ "$code" -eq 143 ] && [ ! -s "$tmp/out" ] &&
    grep -q "^nqueens: count: stopped by SIGTERM; [0-9]* of [0-9]* units are saved in $pc, and the pieces done of units in progress: run the same command again to resume$" "$tmp/err"
expect_true "pieces: SIGTERM saves the pieces done of the units in progress" $?
in_part=$(partial_records "$pc")
expect_true "pieces: the checkpoint holds partial records" "$([ "$in_part" -ge 1 ]; echo $?)"
"$nq" check "$pc" --all >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 0 ] && [ ! -s "$tmp/err" ] &&
    grep -q "^\([0-9]*\) of \1 units checked agree with their records ([0-9]* recorded of [0-9]*, [1-9][0-9]* in part)$" "$tmp/out"
expect_true "pieces: check recounts the partial records too" $?
cp "$pc" "$tmp/pieces-copy.ckpt"
# A forged partial record shifts the resumed total by as much: the pieces it claims are not
# counted again. Check finds it.
cp "$pc" "$tmp/pieces-forged.ckpt"
first=$(first_partial "$pc")
forge "$tmp/pieces-forged.ckpt" $((first - 1)) 8
read -r unit pieces < <(od -An -tu4 -j $((64 + 32 * (first - 1))) -N 8 "$pc")
"$nq" check "$tmp/pieces-forged.ckpt" --all >/dev/null 2>"$tmp/err"
code=$?
[ "$code" -eq 1 ] && grep -q "^nqueens: check: $tmp/pieces-forged.ckpt: unit $unit (its first $pieces pieces) is recorded as [0-9]* solutions, but has [0-9]*$" "$tmp/err"
expect_true "pieces: check finds a forged partial record" $?
check "pieces: the resumed run counts only the pieces not done" 0 14772520 "" -- count 16 --method backtrack --threads 2 --checkpoint "$tmp/pieces-forged.ckpt"
# Damaged in the middle: refused. A partial record followed by a copy of the first record (a
# unit's record again, which agrees with itself), its total changed.
first=$(first_partial "$pc")
records=$(( ($(stat -c %s "$pc") - 64) / 32 + 1 ))
printf '\x5a' | dd of="$pc" bs=1 seek=$((64 + (first - 1) * 32 + 9)) conv=notrunc 2>/dev/null
dd if="$tmp/pieces-copy.ckpt" bs=32 skip=2 count=1 2>/dev/null >>"$pc"
check "pieces: a damaged partial record is refused" 2 "" "nqueens: checkpoint $pc: record $first of $records is damaged; refusing to use it" -- count 16 --method backtrack --threads 2 --checkpoint "$pc"
# Damaged last: taken for a torn write and dropped; the unit counts again from before it.
cp "$tmp/pieces-copy.ckpt" "$pc"
printf '\x5a' | dd of="$pc" bs=1 seek=$(($(stat -c %s "$pc") - 20)) conv=notrunc 2>/dev/null
# Resumed, killed with SIGKILL, resumed again: the published total.
"$nq" count 16 --method backtrack --threads 2 --checkpoint "$pc" >/dev/null 2>&1 &
pid=$!
sleep 0.15
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
check "pieces: resumed after SIGTERM, SIGKILL and a torn record" 0 14772512 "" -- count 16 --method backtrack --threads 2 --checkpoint "$pc"
units=$(( ($(stat -c %s "$pc") - 64) / 32 - $(partial_records "$pc") ))
check "pieces: check a finished checkpoint with partial records" 0 "$units of $units units checked agree with their records ($units recorded of $units)" "" -- check "$pc" --all
# Partial records as the run goes, every 0.2 s here (NQ_PARTIAL_SECONDS; 30 by default): a run
# killed with SIGKILL leaves them, its rerun checks and resumes.
# 17 here; 16 under a sanitizer, which still runs past the kill (about 6 s there) and resumes in
# a tenth of 17's time.
if [ "$sanitized" = 1 ]; then pk_n=16 pk_total=14772512; else pk_n=17 pk_total=95815104; fi
rm -f "$tmp/pk.ckpt"
NQ_PARTIAL_SECONDS=0.2 "$nq" count $pk_n --method backtrack --threads 2 --checkpoint "$tmp/pk.ckpt" >/dev/null 2>&1 &
pid=$!
sleep 1.5
kill -KILL "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
expect_true "pieces: partial records written as the run goes" "$([ "$(partial_records "$tmp/pk.ckpt")" -ge 2 ]; echo $?)"
"$nq" check "$tmp/pk.ckpt" --sample 50 >"$tmp/out" 2>"$tmp/err"
expect_true "pieces: check after SIGKILL" "$([ $? -eq 0 ] && [ ! -s "$tmp/err" ]; echo $?)"
check "pieces: resume after SIGKILL with partial records" 0 $pk_total "" -- count $pk_n --method backtrack --threads 2 --checkpoint "$tmp/pk.ckpt"
# --unique, whose units count classes as they go, stopped and resumed.
interrupted_then_resumed "pieces --unique" 1846955 "[0-9]*" "$tmp/pu.ckpt" 0.5 16 --unique --method backtrack --threads 2
# A checkpoint belongs to its pieces: another depth is refused.
NQ_PIECE_LEVELS=0 check "pieces: another depth refused" 2 "" "nqueens: checkpoint $pc: made with units in pieces 3 queens deep, not 0; refusing to use it" -- count 16 --method backtrack --checkpoint "$pc"
NQ_PIECE_LEVELS=9 check "pieces: a bad NQ_PIECE_LEVELS" 2 "" "nqueens: NQ_PIECE_LEVELS '9' is not a number from 0 to 8" -- count 16
unset NQ_PIECE_LEVELS
fi

# ---- the join method ----------------------------------------------------------------------
if section join; then
for n in 4 5 6 7 8 9 10 11 12 13 14 15; do
    want=$("$nq" count "$n" --method backtrack)
    check "count $n: join agrees with backtrack" 0 "$want" "" -- count "$n" --method join --threads 2
done
check "join count 17" 0 95815104 "" -- count 17 --method join
join_only="nqueens: count: --method join counts empty boards of side 4 to 28 only"
check "join refuses a board" 2 "" "$join_only" "$b1" -- count --board - --method join
check "join refuses N = 3" 2 "" "$join_only" -- count 3 --method join
check "join refuses N = 29" 2 "" "$join_only" -- count 29 --method join
# Under a limit below the quarter table's need, the join makes row slices per worker instead
# (1.98 MiB for the table at 16, 1.00 MiB for slices on one thread; at 15, 539 KiB and 394 KiB,
# the list of units included): same counts, less memory.
check "join with row slices" 0 14772512 "" -- count 16 --method join --threads 1 --max-memory 1400K
check "join with row slices, odd, --unique" 0 285053 "" -- count 15 --unique --method join --threads 1 --max-memory 450K
"$nq" estimate 15 --method join --threads 1 >"$tmp/out" &&
    "$nq" estimate 15 --method join --threads 1 --max-memory 450K >"$tmp/out2" &&
    grep -qx "memory: about 539 KiB, 628 KiB with --checkpoint" "$tmp/out" &&
    grep -qx "memory: about 394 KiB, 483 KiB with --checkpoint" "$tmp/out2"
expect_true "estimate states the row slices' memory" $?
"$nq" count 18 --method join --threads 1 --max-memory 1K >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -qx "nqueens: count: the join needs about [0-9]* MiB with 1 thread, more than the 1 KiB allowed (--max-memory); raise it, use fewer threads or --method backtrack" "$tmp/err"
expect_true "join over --max-memory" $?
# The run's bookkeeping by unit is held to the limit too: at n = 26 the join has 2.6 million
# units (whole row sets), whose list is in the plan's 1,494 MiB, and a checkpoint keeps a bit
# and a count (16 bytes) for each, 40 MiB more. Refused before the count starts, the checkpoint
# not made (1510M lets the join alone through: both round to 1.5 GiB).
"$nq" count 26 --method join --threads 1 --checkpoint "$tmp/j26.ckpt" --max-memory 1510M \
    >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/j26.ckpt" ] &&
    grep -qx "nqueens: count: the run needs about 1.5 GiB with its checkpoint, more than the 1.5 GiB allowed (--max-memory); raise it" "$tmp/err"
expect_true "a checkpoint's bookkeeping over --max-memory" $?
check "auto over --max-memory backtracks" 0 14200 "" -- count 12 --max-memory 100K
# The backtracker is held to the limit too, with a checkpoint's state and subtotals for each of
# its units: below what its fewest units take, it is refused.
check "backtracker over --max-memory" 1 "" "nqueens: count: the backtracker needs about 10 KiB for its fewest work units, with a checkpoint's state and subtotals, more than the 1000 bytes allowed (--max-memory); raise it" -- count 12 --max-memory 1000 --threads 1
check "--max-memory syntax" 2 "" "nqueens: memory size '12Q' is not a number of bytes with an optional K, M, G or T (e.g. 8G)" -- count 12 --max-memory 12Q
check "--max-memory zero" 2 "" "nqueens: memory size '0' is out of range (1 byte to 16 EiB)" -- count 12 --max-memory 0
check "--method syntax" 2 "" "nqueens: method 'fast' is not one of auto, backtrack, join" -- count 12 --method fast
# --unique by the join: the classes from the total by Burnside's lemma, (Q + P + 2R) / 8, with
# P and R (the solutions the half turn and the quarter turn keep) counted here apart, by turning
# each solution that `solve` lists.
turned() {   # turned N: "P R" of the solutions of side N
    "$nq" solve "$1" --format cols | awk '{
        half = 1; quarter = 1
        for (r = 1; r <= NF; r++) {
            if ($(NF + 1 - r) != NF + 1 - $r) half = 0
            if ($($r) != NF + 1 - r) quarter = 0
        }
        p += half; q += quarter
    } END { print p + 0, q + 0 }'
}
while IFS=$'\t' read -r n total unique; do
    [ "$n" -ge 4 ] && [ "$n" -le 13 ] || continue
    read -r p r <<<"$(turned "$n")"
    check "count $n --unique --method join" 0 "$unique" "" -- count "$n" --unique --method join
    check "count $n --unique --method join --verbose" 0 "$unique" \
        "nqueens: count: by the join: total Q = $total; the half turn keeps P = $p of them, the quarter turn R = $r; classes (Q + P + 2R) / 8 = $unique" \
        -- count "$n" --unique --method join --verbose
done <"$here/known-counts.tsv"
check "count --verbose, totals" 0 14200 "nqueens: count: by the join: total 14200" -- count 12 -v
check "count --verbose, backtracking" 0 1787 "nqueens: count: by backtracking: total 14200, classes 1787" -- count 12 -u -v --method backtrack
b12=$(board '............\n............\n............\n............\n............\n.....*......\n............\n............\n............\n............\n............\n............\n' b12)
read -r total12 unique12 <<<"$("$nq" count --board "$b12" --method backtrack) $("$nq" count --board "$b12" --method backtrack --unique)"
check "count --unique, a bad square backtracks" 0 "$unique12" "nqueens: count: by backtracking: total $total12, classes $unique12" -- count --unique --board "$b12" --verbose
# The engine: by lines on a board of excluded diagonals (30 % of its squares bad), by rows when
# forced; both agree with a count of the board's solutions made by solve.
bd=$(board '...*.*...*..\n..*...*.*...\n**.....*....\n**....*.*..*\n..*..*...**.\n...**....**.\n...**...*..*\n..*..*.*....\n.*....*.....\n*....*.*....\n....*...*...\n...*.....*..\n' bd)
diagonals=$("$nq" solve --board "$bd" --format cols | wc -l)
check "count --engine auto, excluded diagonals" 0 "$diagonals" "nqueens: count: by backtracking by lines: total $diagonals, classes $diagonals" -- count --board "$bd" -u -v
check "count --engine rows, excluded diagonals" 0 "$diagonals" "nqueens: count: by backtracking: total $diagonals" -- count --board "$bd" -v --engine rows --threads 2
check "count --engine lines, excluded diagonals" 0 "$diagonals" "" -- count --board "$bd" --engine lines --threads 1
check "count --engine lines, empty board" 0 1787 "nqueens: count: by backtracking by lines: total 14200, classes 1787" -- count 12 -u -v --method backtrack --engine lines
check "count --engine syntax" 2 "" "nqueens: engine 'fast' is not one of auto, rows, lines" -- count 12 --engine fast
check "count --engine lines, checkpoint" 0 "$diagonals" "" -- count --board "$bd" --checkpoint "$tmp/bd.ckpt"
check "count --engine lines, checkpoint resumed" 0 "$diagonals" "" -- count --board "$bd" --checkpoint "$tmp/bd.ckpt"
check "count --engine rows, a checkpoint by lines" 2 "" "nqueens: checkpoint $tmp/bd.ckpt: made for another board or work split; refusing to use it" -- count --board "$bd" --checkpoint "$tmp/bd.ckpt" --engine rows
# solve takes the engine as count does: the same listing by rows and by lines, whole or unique.
for u in "" --unique; do
    "$nq" solve --board "$bd" --format cols --engine rows $u >"$tmp/bd-rows"
    [ -s "$tmp/bd-rows" ] || echo "FAIL: solve --board, excluded diagonals: no solution listed"
    for e in lines auto; do
        for t in 1 2; do
            "$nq" solve --board "$bd" --format cols --engine $e --threads $t $u >"$tmp/out" 2>"$tmp/err"
            compare_to_file "solve --engine $e --threads $t $u, excluded diagonals" 0 $? "$tmp/bd-rows" "" "nqueens solve --board bd --engine $e $u"
        done
    done
done
check "solve --engine syntax" 2 "" "nqueens: engine 'fast' is not one of auto, rows, lines" -- solve 8 --engine fast
printf '12\n%s\n0\n' "$(cat "$bd")" >"$tmp/uvad"
check "uva, excluded diagonals" 0 "Case 1: $diagonals" "" "$tmp/uvad" -- uva
"$nq" count 12 --unique --subtotals "$tmp/usub.csv" >/dev/null
[ "$(awk -F, 'NR > 1 { s += $4; u += $5 } END { print s, u, NR - 1 }' "$tmp/usub.csv")" = "14200 1787 253" ] &&
    [ "$(tail -1 "$tmp/usub.csv")" = "classes,,(total + P + 2R) / 8 with P = $(turned 12 | cut -d' ' -f1) kept by the half turn and R = $(turned 12 | cut -d' ' -f2) by the quarter turn,,1787" ]
expect_true "join --unique subtotals add up, P and R last" $?
check "join --unique checkpoint" 0 9233 "" -- count 13 --unique --checkpoint "$tmp/ju13.ckpt"
check "join --unique checkpoint finished" 0 9233 "" -- count 13 --unique --checkpoint "$tmp/ju13.ckpt"
# A record forged so that the total is not Q(n): the unique count's check by Burnside's lemma
# catches it (7 times in 8; here by one), and the checkpoint is refused as bad input.
cp "$tmp/ju13.ckpt" "$tmp/ju13f.ckpt"; forge "$tmp/ju13f.ckpt" 0 1
check "join --unique checkpoint whose total fails the check" 2 "" "nqueens: checkpoint $tmp/ju13f.ckpt: the total of its records fails the check of the unique count: a record is damaged or forged ('nqueens check $tmp/ju13f.ckpt --all' finds it); refusing to use it" -- count 13 --unique --checkpoint "$tmp/ju13f.ckpt"
check "join --unique checkpoint refused without --unique" 2 "" "nqueens: checkpoint $tmp/ju13.ckpt: made with --unique; resume it with --unique (with --verbose it tells the total too), or count into a new file; refusing to use it" -- count 13 --checkpoint "$tmp/ju13.ckpt"
"$nq" count 12 --method join --subtotals "$tmp/jsub.csv" >/dev/null
[ "$(awk -F, 'NR > 1 { s += $4; u += $5 } END { print s, u, NR - 1 }' "$tmp/jsub.csv")" = "14200 0 252" ] &&
    grep -q '^0,1,east-rows 0x7c1 (1 row sets),[0-9]*,0$' "$tmp/jsub.csv"
expect_true "join subtotals add up" $?
"$nq" count 16 --method join --progress >"$tmp/out" 2>"$tmp/err"
[ "$(cat "$tmp/out")" = 14772512 ] &&
    grep -q "^3299/3299 units (100.0%), 14772512 solutions, .* units/s, elapsed [0-9:]*, ETA 0:00:00$" "$tmp/err"
expect_true "join --progress" $?
check "join checkpoint" 0 73712 "" -- count 13 --method join --checkpoint "$tmp/j13.ckpt"
check "join checkpoint refused by backtrack" 2 "" "nqueens: checkpoint $tmp/j13.ckpt: made with --method join; run with the same method; refusing to use it" -- count 13 --method backtrack --checkpoint "$tmp/j13.ckpt"
check "join checkpoint resumed by auto" 0 73712 "" -- count 13 --checkpoint "$tmp/j13.ckpt"
"$nq" count 13 --max-memory 100K --checkpoint "$tmp/j13.ckpt" >"$tmp/out" 2>"$tmp/err"
code=$?
[ $code -eq 1 ] && [ ! -s "$tmp/out" ] &&
    grep -qx "nqueens: count: checkpoint $tmp/j13.ckpt was made by the join, which needs about [0-9]* [KM]iB here, more than the 100 KiB allowed (--max-memory); raise the limit to resume it, or count with --method backtrack into a new checkpoint" "$tmp/err" &&
    [ "$("$nq" count 13 --max-memory 100K --method backtrack --checkpoint "$tmp/b13.ckpt")" = 73712 ]
expect_true "join checkpoint over --max-memory: advice that works" $?
check "backtrack checkpoint" 0 365596 "" -- count 14 --method backtrack --checkpoint "$tmp/b14.ckpt"
check "backtrack checkpoint resumed by auto" 0 365596 "" -- count 14 --checkpoint "$tmp/b14.ckpt"
fi

# ---- the join method: stopped and resumed, estimates -------------------------------------
if section join-resume; then
# One thread: on two, the join's whole count of 18 takes about 0.6 s here, too short to stop.
# Under a sanitizer the join counts 18 in about 25 s on one thread, 17 in 4 s: 17 there.
if [ "$sanitized" = 1 ]; then
    resume_n=17 resume_total=95815104 resume_unique=11977939 resume_units=4395
else
    resume_n=18 resume_total=666090624 resume_unique=83263591 resume_units=6142
fi
killed_then_resumed join $resume_total "$tmp/jkill.ckpt" "0.2 0.4 0.6 0.8" $resume_n --method join --threads 1
interrupted_then_resumed join $resume_total $resume_units "$tmp/jint.ckpt" 0.3 $resume_n --method join --threads 1
# Endless or huge input is refused as soon as it shows, in bounded memory (ulimit -v: 200 MB,
# unless a sanitizer's reserved address space forbids it; then within 30 s at least).
bounded() { (limit_address_space 200000; exec timeout 30 "$nq" "$@"); }
head -c 100000000 /dev/zero >"$tmp/zeros"
for cmd in "count --board" "solve --board" verify; do
    bounded $cmd "$tmp/zeros" >"$tmp/out" 2>"$tmp/err"
    [ $? -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "^nqueens: $tmp/zeros:1:1: unexpected .*x00" "$tmp/err"
    expect_true "$cmd of 100 MB of NUL bytes: refused at 1:1" $?
done
head -c 100000000 /dev/zero | bounded uva >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = 'nqueens: <stdin>:1:1: unexpected \x00; expected the board size (1 to 64) or 0 to end' ]
expect_true "uva of 100 MB of NUL bytes: refused at 1:1" $?
yes . | tr -d '\n' | head -c 100000000 | bounded count --board - >"$tmp/out" 2>"$tmp/err"
compare "count --board of one endless row" 2 $? "" "nqueens: <stdin>:1:65: line longer than 64 characters; a board has at most 64 columns and rows" "count --board -"
yes ..... | head -c 100000000 | bounded count --board - >"$tmp/out" 2>"$tmp/err"
compare "count --board of endless rows" 2 $? "" "nqueens: <stdin>:6:1: extra row; a board 5 squares wide has 5 rows" "count --board -"
{ printf '.Q..\n...Q\nQ...\n..Q.\n'; yes ''; } | head -c 100000000 | bounded count --board - >"$tmp/out" 2>"$tmp/err"
compare "count --board with endless blank lines" 2 $? "" "nqueens: <stdin>:1048561: input longer than 1048576 bytes; a board has at most 64 columns and rows" "count --board -"
{ echo 70; yes ........ | head -70; echo 0; } | bounded uva >"$tmp/out" 2>"$tmp/err"
compare "uva size above 64" 2 $? "" "nqueens: <stdin>:1:1: board size 70 is too large; at most 64" "uva"
{ echo 2; yes . | tr -d '\n' | head -c 100000000; } | bounded uva >"$tmp/out" 2>"$tmp/err"
compare "uva endless row" 2 $? "" "nqueens: <stdin>:2:65: line longer than 64 characters; no line of a case is longer" "uva"
yes '' | head -c 100000000 | bounded uva >"$tmp/out" 2>"$tmp/err"
compare "uva endless blank lines" 2 $? "" "nqueens: <stdin>:16777217: input longer than 16777216 bytes; uva reads at most 16 MiB" "uva"
# The limits themselves are allowed: a board file of 1 MiB exactly, UVa input of 16 MiB.
{ cat "$b3"; head -c $((1048576 - 72)) /dev/zero | tr '\0' '\n'; } >"$tmp/mib"
check "board file of 1048576 bytes" 0 92 "" -- count --board "$tmp/mib"
echo >>"$tmp/mib"
check "board file of 1048577 bytes" 2 "" "nqueens: $tmp/mib:1048513: input longer than 1048576 bytes; a board has at most 64 columns and rows" -- count --board "$tmp/mib"
{ head -c $((16777216 - 6)) /dev/zero | tr '\0' '\n'; printf '1\n.\n0\n'; } >"$tmp/uva16"
check "uva input of 16777216 bytes" 0 "Case 1: 1" "" "$tmp/uva16" -- uva
{ echo; cat "$tmp/uva16"; } >"$tmp/uva16+1"
check "uva input of 16777217 bytes" 2 "" "nqueens: <stdin>:16777214: input longer than 16777216 bytes; uva reads at most 16 MiB" "$tmp/uva16+1" -- uva
rm -f "$tmp/uva16" "$tmp/uva16+1"
awk 'BEGIN { for (c = 0; c <= 65536; c++) print "1\n." ; print 0 }' | bounded uva >"$tmp/out" 2>"$tmp/err"
compare "uva too many cases" 2 $? "" "nqueens: <stdin>:131073: more than 65536 cases; uva answers at most 65536" "uva"
yes 1 | tr -d '\n' | head -c 100000000 | bounded verify >"$tmp/out" 2>"$tmp/err"
compare "verify endless number" 2 $? "" "nqueens: <stdin>:1:1: column number too large" "verify"
yes Q... | head -c 100000000 | bounded verify >"$tmp/out" 2>"$tmp/err"
compare "verify endless board" 2 $? "" "nqueens: <stdin>:1:1: board has 65 rows of 4 squares; a solution is square" "verify"
"$nq" one 10000000 >"$tmp/q10m"
bounded verify "$tmp/q10m" >"$tmp/out" 2>"$tmp/err"
compare "verify ten million queens in 200 MB" 0 $? "1 of 1 solutions valid" "" "verify q10m"
rm -f "$tmp/zeros" "$tmp/q10m"
stopped_inside_unit "count 64" "$tmp/c64.ckpt" 64 --threads 2
# Planning a 64 x 64 board with one bad square (no symmetry: 12 million units) takes a second:
# a stop then ends the process at once, with a word.
awk 'BEGIN { for (r = 0; r < 64; r++) { s = ""; for (c = 0; c < 64; c++) s = s ((r == 0 && c == 5) ? "*" : "."); print s } }' >"$tmp/b64"
for signal in INT TERM HUP; do
    rm -f "$tmp/plan64.ckpt"
    code=$(signal_code "$signal")
    "$nq" count --board "$tmp/b64" --threads 1 --checkpoint "$tmp/plan64.ckpt" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    sleep 0.1
    kill -"$signal" "$pid"
    ends_within "planning" 1 "$pid"
    [ "$ended" = "$code" ] && [ ! -s "$tmp/out" ] && [ ! -e "$tmp/plan64.ckpt" ] &&
        [ "$(cat "$tmp/err")" = "nqueens: count: stopped by SIG$signal while planning, before counting; nothing was saved" ]
    expect_true "count 64 x 64: SIG$signal while planning ends it at once, exit $code" $?
done
stopped_inside_unit "count 27 --threads 1" "$tmp/c27.ckpt" 27 --threads 1
stopped_inside_unit "count 20 --method join" "$tmp/j20.ckpt" 20 --method join --threads 2
ends_on_signal "estimate 27" TERM 143 /dev/null estimate 27 --method backtrack --probes 100000000
ends_on_signal "one --random" TERM 143 /dev/null one 30000000 --random
ends_on_signal "solve 46" HUP 129 /dev/null solve 46 --limit 1
# SIGHUP ignored from the start, as nohup leaves it, stays ignored: the count goes on.
(trap '' HUP; exec "$nq" count 16 --method backtrack --threads 1 --checkpoint "$tmp/nohup.ckpt") \
    >"$tmp/out" 2>"$tmp/err" &
pid=$!
until [ "$(ls "/proc/$pid/task" 2>/dev/null | wc -l)" -gt 1 ] || ! kill -0 "$pid" 2>/dev/null; do
    sleep 0.05
done
kill -HUP "$pid"
sent=$?
wait "$pid"
[ $? -eq 0 ] && [ "$sent" -eq 0 ] && [ "$(cat "$tmp/out")" = 14772512 ] && [ ! -s "$tmp/err" ]
expect_true "count under nohup: SIGHUP ignored, the count goes on" $?
awk 'BEGIN { for (c = 0; c < 2000; c++) { print 16; for (r = 0; r < 16; r++) print "................" } print 0 }' >"$tmp/uva16.in"
ends_on_signal "uva" TERM 143 "$tmp/uva16.in" uva
# One thread: on two, the join's whole count of 18 takes about 0.6 s here.
killed_then_resumed "join --unique" $resume_unique "$tmp/jukill.ckpt" "0.2 0.6" $resume_n --unique --threads 1
interrupted_then_resumed "join --unique" $resume_unique $resume_units "$tmp/juint.ckpt" 0.3 $resume_n --unique --threads 1

"$nq" estimate 12 --method backtrack --threads 1 --probes 20000 >"$tmp/out" 2>"$tmp/err" &&
    grep -q "^solutions: about 1\.[3-5][0-9]*e+04$" "$tmp/out" && grep -q "^time: about .* on 1 thread here$" "$tmp/out"
expect_true "estimate 12" $?
"$nq" estimate 16 --threads 1 >"$tmp/out" 2>"$tmp/err" && grep -q "^method: join$" "$tmp/out" &&
    grep -q "^solutions: about 1\.[3-6][0-9]*e+07 (standard error [0-9.]*%, [0-9]* units counted)$" "$tmp/out" &&
    grep -q "^memory: about [0-9]* MiB, [0-9]* MiB with --checkpoint$" "$tmp/out"
expect_true "estimate 16 by the join" $?
# Its batches, merged (at N = 18: at 16 the batches reach the plan's 3299 units, which are then
# counted once each, exactly): Q(18) within four standard errors, and the error that of the
# units counted: times their square root, the spread of one unit's solutions, about 1.1 of their
# mean at N = 18.
"$nq" estimate 18 --method join --threads 1 >"$tmp/out" &&
    sed -n 's/^solutions: about \([0-9.e+]*\) (standard error \([0-9.]*\)%, \([0-9]*\) units counted)$/\1 \2 \3/p' \
        "$tmp/out" |
    awk '{ q = 666090624; d = $1 - q; if (d < 0) d = -d; spread = $2 / 100 * sqrt($3)
           ok = $2 > 0 && d <= 4 * $2 / 100 * q && spread > 0.5 && spread < 2 }
         END { exit !(NR == 1 && ok) }'
expect_true "estimate 18 by the join: batches merged into one error" $?
# --probes P: the join counts P units, or every unit once, which is the count itself.
"$nq" estimate 16 --method join --threads 1 --probes 100 >"$tmp/out" &&
    grep -q "^solutions: about [0-9.e+]* (standard error [0-9.]*%, 100 units counted)$" "$tmp/out"
expect_true "estimate --probes: the join counts that many units" $?
# One unit has no spread to measure: its error is unknown, not 0 % (it once printed 0.0 %).
"$nq" estimate 16 --method join --threads 1 --probes 1 >"$tmp/out" &&
    grep -qx "solutions: about [0-9.e+]* (standard error unknown from 1 unit)" "$tmp/out"
expect_true "estimate --probes 1: the join's error unknown" $?
# The join's memory per thread and what the threads share: the table at 16 (2 MiB) shared,
# slices per thread under a limit below it (one thread: two would not fit).
"$nq" estimate 16 --method join --threads 2 --probes 4 >"$tmp/out" &&
    "$nq" estimate 16 --method join --threads 1 --probes 4 --max-memory 1400K >"$tmp/out2" &&
    grep -qx "memory per thread: about [0-9]* KiB, shared by the threads: 2 MiB" "$tmp/out" &&
    grep -qx "memory per thread: about [0-9]* KiB, shared by the threads: [0-9]* KiB" "$tmp/out2"
expect_true "estimate states the join's memory per thread and shared" $?
# A default sample stopped on its time limit above 10 % says what --probes P would take; the
# limit is reached at once here by asking for a tiny one (NQ_ESTIMATE_SECONDS is no option, so
# N = 26's first unit does it): skipped, too slow for a test. A sample within 10 % says nothing.
"$nq" estimate 16 --method join --threads 1 >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ]
expect_true "estimate within 10 %: no advice" $?
# From N = 25, where the first units alone may take minutes, the default sample says on stderr
# before it starts how long it will take. N = 26's plan is made in a few seconds (300 MB); the
# estimate is stopped once it has said so, its sampling not begun or barely.
"$nq" estimate 26 --method join --threads 1 >"$tmp/out" 2>"$tmp/err" &
pid=$!
for i in $(seq 900); do [ -s "$tmp/err" ] && break; sleep 0.1; done
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
grep -qx "nqueens: estimate: sampling the join's 2602198 work units on one core: the first 4, however long they take, then more while the sampling stays within about 30 s (--probes P counts P units instead)" "$tmp/err" &&
    [ ! -s "$tmp/out" ]
expect_true "estimate 26 by the join: how long its sampling takes, said before it starts" $?
"$nq" estimate 10 --method join --probes 1000000 >"$tmp/out" &&
    units=$(sed -n 's/^work units: //p' "$tmp/out") && [ "$units" -lt 1000000 ] &&
    grep -qx "solutions: about 724 (standard error 0.0%, $units units counted)" "$tmp/out"
expect_true "estimate --probes past the units: the join's count, no error" $?
"$nq" estimate 6 --method join >"$tmp/out" &&
    grep -qx "work units: 7" "$tmp/out" &&
    grep -qx "solutions: about 4 (standard error 0.0%, 7 units counted)" "$tmp/out"
expect_true "estimate of a plan smaller than its sample: every unit once, the count" $?
"$nq" estimate 12 --method backtrack --probes 1000 >"$tmp/out" && grep -q "^method: backtrack$" "$tmp/out"
expect_true "estimate --method backtrack" $?
"$nq" estimate 8 --probes 1 >"$tmp/out" && grep -qx "squares to try: [0-9.e+]* (standard error unknown from 1 probe)" "$tmp/out"
expect_true "estimate from one probe: error unknown" $?
"$nq" estimate 64 --probes 10 >"$tmp/out" && grep -qx "solutions: not estimated: none of the 10 probes reached a solution" "$tmp/out"
expect_true "estimate with no probe reaching a solution" $?
"$nq" estimate 3 --method backtrack --probes 1 >"$tmp/out" && grep -qx "solutions: not estimated: the one probe reached no solution" "$tmp/out"
expect_true "estimate: the one probe, without a solution" $?
# The join counts units, not probes, and most of N = 6's 7 units hold no solution: among the first
# seeds, one unit drawn (or two) holds none, and the words say units, one or two of them.
for units in 1 2; do
    want="solutions: not estimated: none of the 2 units counted has a solution"
    [ "$units" = 1 ] && want="solutions: not estimated: the one unit counted has no solution"
    found=no
    for seed in $(seq 20); do
        "$nq" estimate 6 --method join --probes "$units" --seed "$seed" >"$tmp/out" || break
        grep -q "^solutions: not estimated" "$tmp/out" || continue
        found=$(grep -qx "$want" "$tmp/out" && echo yes || echo "wrong: $(grep ^solutions "$tmp/out")")
        break
    done
    [ "$found" = yes ]
    expect_true "estimate by the join: $units unit(s) without a solution ($found)" $?
done
# The backtracker's plan is bounded: a 64 x 64 board with one bad square (no symmetry) once
# planned past 13 GB; now its units with their bookkeeping fit in 1 GB of address space, and
# estimate says how much they take.
(limit_address_space 1000000 && "$nq" estimate --board "$tmp/b64" --probes 1000 >"$tmp/out" 2>"$tmp/err") &&
    [ ! -s "$tmp/err" ] && units=$(sed -n 's/^work units: //p' "$tmp/out") &&
    [ "$units" -gt 0 ] && [ "$units" -le 16777216 ] &&
    grep -qx "memory: about [0-9]* MiB, [0-9]* MiB with --checkpoint" "$tmp/out" &&
    grep -q "^squares to try: " "$tmp/out"
expect_true "estimate on a 64 x 64 board with a bad square: bounded plan" $?
# Held to --max-memory with a checkpoint's bookkeeping: N = 27 made 62 million units (1.2 GB).
(limit_address_space 400000 && "$nq" estimate 27 --method backtrack --max-memory 100M --threads 1 --probes 10 >"$tmp/out") &&
    sed -n 's/^memory: about [0-9]* [KM]iB, \([0-9]*\) MiB with --checkpoint$/\1/p' "$tmp/out" |
    awk '{ ok = $1 <= 100 } END { exit !(NR == 1 && ok) }'
expect_true "estimate 27 by backtracking within --max-memory" $?
# A split narrowed to the limit counts as published, and its checkpoint resumes under another
# limit (the plan is made again from the checkpoint's unit count), or is refused when it does
# not fit.
while IFS=$'\t' read -r n total unique; do
    [ "$n" -ge 4 ] && [ "$n" -le 13 ] || continue
    check "count $n --unique, backtracker in 32 KiB" 0 "$unique" "" -- count "$n" --unique --method backtrack --max-memory 32K
done <"$here/known-counts.tsv"
check "narrowed backtrack checkpoint" 0 365596 "" -- count 14 --method backtrack --max-memory 32K --checkpoint "$tmp/n14.ckpt"
check "narrowed backtrack checkpoint resumed without a limit" 0 365596 "nqueens: count: by backtracking: total 365596" -- count 14 --checkpoint "$tmp/n14.ckpt" --verbose
check "narrowed backtrack checkpoint checked" 0 "16 of 16 units checked agree with their records (210 recorded of 210)" "" -- check "$tmp/n14.ckpt"
check "narrowed backtrack checkpoint over --max-memory" 1 "" "nqueens: count: the backtracker needs about 13 KiB for the checkpoint's work units, with a checkpoint's state and subtotals, more than the 8 KiB allowed (--max-memory); raise it" -- count 14 --method backtrack --max-memory 8K --threads 1 --checkpoint "$tmp/n14.ckpt"
# The default threads are the CPUs the process may run on, not every online core.
if command -v taskset >/dev/null; then
    taskset -c 0 "$nq" estimate 14 --method backtrack --probes 100 >"$tmp/out" &&
        grep -q "^time: about .* on 1 thread here$" "$tmp/out" &&
        taskset -c 0 "$nq" estimate 14 --method join --threads 2 >"$tmp/out" &&
        grep -q "^time: about .* on 2 threads here, which has 1 core$" "$tmp/out"
    expect_true "estimate under taskset -c 0: one thread" $?
fi
cores=$(getconf _NPROCESSORS_ONLN)
"$nq" estimate 14 --method join --threads 1024 >"$tmp/out" &&
    grep -qx "time: about .* on 1024 threads here, which has $cores cores*" "$tmp/out"
expect_true "estimate with more threads than cores says so" $?
fi

# ---- one solution of any size, pictures ---------------------------------------------------
if section one; then
check "one 8" 0 "2 4 6 8 3 1 7 5" "" -- one 8
check "one 9" 0 "4 6 8 2 5 7 9 1 3" "" -- one 9
check "one 1" 0 "1" "" -- one 1
check "one 2" 1 "" "nqueens: one: the 2 x 2 board has no solution" -- one 2
check "one 3 random" 1 "" "nqueens: one: the 3 x 3 board has no solution" -- one 3 --random
check "one board" 0 "$(printf '.Q..\n...Q\nQ...\n..Q.')" "" -- one 4 --format board
check "one leetcode" 2 "" "nqueens: one: format leetcode is for solve; use cols, board, unicode or svg" -- one 4 -f leetcode
# One formatter writes every format: one's solution is solve's entry for it, byte for byte (less
# the empty line that separates a listing's boards). The 4 x 4 board's explicit solution is its
# first, and the board below has one completion.
"$nq" solve 4 --limit 1 --format cols >"$tmp/solve4"
check_file "one and solve write cols alike" 0 "$tmp/solve4" "" -- one 4 --format cols
"$nq" solve 4 --limit 1 --format board | head -n 4 >"$tmp/solve4"
check_file "one and solve write boards alike" 0 "$tmp/solve4" "" -- one 4 --format board
forced=$(board '.Q..\n....\n...*\n....\n' forced)
for format in cols unicode; do
    "$nq" solve --board "$forced" --format "$format" >"$tmp/solve4"
    check_file "one --board and solve --board write $format alike" 0 "$tmp/solve4" "" -- one --board "$forced" --format "$format"
done
"$nq" solve --board "$forced" --format board | head -n 4 >"$tmp/solve4"
check_file "one --board and solve --board write boards alike" 0 "$tmp/solve4" "" -- one --board "$forced" --format board
check "one svg too large" 2 "" "nqueens: one: N = 1001 is too large for this format (at most 1000)" -- one 1001 -f svg
for n in 14 15 20 21 1000 99999; do
    "$nq" one "$n" >"$tmp/one"
    check "verify one $n" 0 "1 of 1 solutions valid" "" "$tmp/one" -- verify
done
"$nq" one 2000 --random --seed 5 >"$tmp/r5"
"$nq" one 2000 --random --seed 5 >"$tmp/r5b"
"$nq" one 2000 --random --seed 6 >"$tmp/r6"
cmp -s "$tmp/r5" "$tmp/r5b" && ! cmp -s "$tmp/r5" "$tmp/r6"
expect_true "one --random: same seed same solution, other seed other" $?
check "verify one --random" 0 "1 of 1 solutions valid" "" "$tmp/r6" -- verify
check "one 1 random" 0 "1" "" -- one 1 --random
# Ctrl-C stops a long random search quietly: a background job ignores SIGINT, so this one only
# stops if nqueens catches it.
"$nq" one 50000000 --random >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.5
kill -INT "$pid"
wait "$pid"
code=$?
[ "$code" -eq 130 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]
expect_true "one --random: SIGINT stops with 130, nothing printed" $?
"$nq" one 50000000 --random >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.5
kill -HUP "$pid"
wait "$pid"
code=$?
[ "$code" -eq 129 ] && [ ! -s "$tmp/out" ] && [ ! -s "$tmp/err" ]
expect_true "one --random: SIGHUP stops with 129, nothing printed" $?
"$nq" one 5 -f unicode >"$tmp/out"
[ "$(grep -o '♛' "$tmp/out" | wc -l)" -eq 5 ] && [ "$(wc -l <"$tmp/out")" -eq 6 ]
expect_true "one unicode has 5 queens" $?
"$nq" solve 8 --unique --format svg >"$tmp/e8.svg"
[ "$(grep -c 'href="#queen"' "$tmp/e8.svg")" -eq 96 ] && rsvg-convert "$tmp/e8.svg" -o "$tmp/e8.png" &&
    [ "$(head -c 8 "$tmp/e8.png" | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ]
expect_true "solve --unique svg: 12 boards of 8 queens, renders to PNG" $?
"$nq" solve 30 --format svg --limit 2 >"$tmp/f30.svg"
[ "$(grep -c 'href="#queen"' "$tmp/f30.svg")" -eq 60 ] && rsvg-convert "$tmp/f30.svg" -o "$tmp/f30.png"
expect_true "solve 30 --limit 2 svg: the first two boards, without counting all" $?
check "svg of more boards than a page holds" 2 "" "nqueens: solve: an SVG page holds at most 10000 boards, and this listing has more; add --limit" -- solve 12 --format svg
# A page holds 10000 boards exactly: --limit 10000 is a page, --limit 10001 is not.
"$nq" solve 12 --format svg --limit 10000 >"$tmp/s12.svg" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(grep -c 'href="#queen"' "$tmp/s12.svg")" -eq 120000 ]
expect_true "solve 12 --limit 10000 svg: a full page" $?
check "svg --limit 10001 is more than a page" 2 "" "nqueens: solve: an SVG page holds at most 10000 boards, and this listing has more; add --limit" -- solve 12 --format svg --limit 10001
"$nq" one 100 --random --format svg >"$tmp/r.svg"
[ "$(grep -c 'href="#queen"' "$tmp/r.svg")" -eq 100 ] && rsvg-convert "$tmp/r.svg" -o "$tmp/r.png"
expect_true "one 100 svg renders" $?
"$nq" solve --board "$b1" --format svg >"$tmp/b.svg"
[ "$(grep -c 'href="#bad"' "$tmp/b.svg")" -eq 1 ] && rsvg-convert "$tmp/b.svg" -o "$tmp/b.png"
expect_true "board svg crosses the bad square" $?
fi

# ---- CPU fast paths: NQ_CPU caps them, --version names them --------------------------------
if section cpu; then
# The paths this CPU has: those /proc/cpuinfo lists for an x86-64 binary (e_machine, byte 18 of
# its ELF header, is 0x3e), none for any other (an emulated binary's wrapper script too).
has=""
if [ "$(od -An -c -j1 -N3 "$nq" | tr -d ' ')" = ELF ] &&
    [ "$(od -An -tx1 -j18 -N1 "$nq" | tr -d ' ')" = 3e ] && [ -r /proc/cpuinfo ]; then
    flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
    [[ $flags == *" popcnt "* ]] && has+=" popcnt"
    [[ $flags == *" popcnt "* && $flags == *" avx2 "* ]] && has+=" avx2"
    [[ $flags == *" avx512f "* && $flags == *" avx512_vpopcntdq "* ]] && has+=" avx512"
fi
NQ_CPU= check "--version" 0 "$(printf 'nqueens 0.1.0\nfast paths:%s' "${has:- none, the portable code}")" "" -- --version
NQ_CPU=avx512 check "NQ_CPU=avx512 is the default" 0 "$(printf 'nqueens 0.1.0\nfast paths:%s' "${has:- none, the portable code}")" "" -- --version
NQ_CPU=portable check "NQ_CPU=portable --version" 0 "$(printf 'nqueens 0.1.0\nfast paths: none, the portable code%s' "${has:+ (NQ_CPU=portable leaves out$has)}")" "" -- --version
NQ_CPU=portable check "NQ_CPU=portable count" 0 14200 "" -- count 12 --method join
NQ_CPU=fast check "NQ_CPU unknown" 2 "" "nqueens: NQ_CPU 'fast' is not one of portable, popcnt, avx2, avx512" -- count 8
fi

# ---- one completion of a board (one --board) ------------------------------------------------
if section complete; then
e1=$(board '....\n...\n....\n....\n' e1)   # as in bad-input: a short row, two queens attacking
e6=$(board 'Q...\n....\n..Q.\n....\n' e6)
c1=$(board '.*..\n....\n....\n....\n' c1)   # of the two 4 x 4 solutions, only 3 1 4 2 is left
check "one --board" 0 "3 1 4 2" "" -- one --board "$c1"
check "one --board board format" 0 "$(printf '..Q.\nQ...\n...Q\n.Q..')" "" -- one --board "$c1" --format board
check "one --board --random" 0 "3 1 4 2" "" -- one --board "$c1" --random --seed 9
check "one --board stdin" 0 "3 1 4 2" "" "$c1" -- one --board -
check "one --board --threads 2" 0 "3 1 4 2" "" -- one --board "$c1" --threads 2
check "one --board threads zero" 2 "" "nqueens: thread count T 0 is out of range (1 to 1024)" -- one --board "$c1" --threads 0
for t in 1 3; do
    check "solve 6 --threads $t" 0 "$(printf '2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n5 3 1 6 4 2')" "" -- solve 6 --format cols --threads "$t"
done
check "solve threads zero" 2 "" "nqueens: thread count T 0 is out of range (1 to 1024)" -- solve 6 --threads 0
"$nq" one --board "$c1" --format svg >"$tmp/c1.svg"
[ "$(grep -c 'href="#bad"' "$tmp/c1.svg")" -eq 1 ] && [ "$(grep -c 'href="#queen"' "$tmp/c1.svg")" -eq 4 ]
expect_true "one --board svg: four queens, the bad square crossed out" $?
c2=$(board 'Q...\n....\n....\n....\n' c2)
check "one --board none" 1 "" "nqueens: $c2: the board has no completion" -- one --board "$c2"
check "one --board none, random" 1 "" "nqueens: $c2: the board has no completion" -- one --board "$c2" --random
check "one --board none, stdin" 1 "" "nqueens: <stdin>: the board has no completion" "$c2" -- one --board -
check "one --board error" 2 "" "nqueens: $e1:2:4: row has 3 squares; expected 4" -- one --board "$e1"
check "one --board attacking" 2 "" "nqueens: $e6:3:3: this queen attacks the queen in row 1, column 1" -- one --board "$e6"
check "one N and board" 2 "" "nqueens: one: give a size N or --board FILE, not both" -- one 4 --board "$c1"
check "one --board missing file" 2 "" "nqueens: $tmp/none: No such file or directory" -- one --board "$tmp/none"
# A 40 x 40 board with two queens and a pattern of bad squares: each completion found must pass
# verify, keep the queens and avoid the bad squares; seeds reproduce and vary.
awk 'BEGIN { for (r = 0; r < 40; r++) { s = ""; for (c = 0; c < 40; c++) s = s (r == 3 && c == 7 ? "Q" : r == 20 && c == 30 ? "Q" : (r * 7 + c * 3) % 11 == 0 && c != 7 && c != 30 ? "*" : "."); print s } }' >"$tmp/c40"
for seed in 1 2 3; do
    "$nq" one --board "$tmp/c40" --random --seed "$seed" --threads 1 >"$tmp/c40.$seed"
done
"$nq" one --board "$tmp/c40" --random --seed 2 --threads 1 >"$tmp/c40.again"
check "one --board 40: verify" 0 "1 of 1 solutions valid" "" "$tmp/c40.1" -- verify
cmp -s "$tmp/c40.2" "$tmp/c40.again" && ! { cmp -s "$tmp/c40.1" "$tmp/c40.2" && cmp -s "$tmp/c40.2" "$tmp/c40.3"; } &&
    awk 'NR == FNR { for (c = 1; c <= 40; c++) { ch = substr($0, c, 1); if (ch == "Q") q[NR] = c; if (ch == "*") bad[NR, c] = 1 }; next }
         { for (r = 1; r <= NF; r++) if ((r in q && $r != q[r]) || ((r, $r) in bad)) exit 1 }' "$tmp/c40" "$tmp/c40.1" "$tmp/c40.2" "$tmp/c40.3"
expect_true "one --board --random: reproducible, varied, queens kept, bad squares avoided" $?
# The lexicographically first placement of the top 24 rows of 64: no completion is known in
# under minutes. SIGINT ends the search quietly.
awk 'BEGIN { split("1 3 5 2 4 9 11 13 15 6 8 19 7 22 10 25 27 29 31 12 14 35 37 39", q, " ");
             for (r = 1; r <= 64; r++) { s = ""; for (c = 1; c <= 64; c++) s = s (q[r] == c ? "Q" : "."); print s } }' >"$tmp/hard"
for stop in "INT 130 interrupted 0.5" "TERM 143 terminated 0.3"; do
    read -r signal code word pause <<<"$stop"
    "$nq" one --board "$tmp/hard" >"$tmp/out" 2>"$tmp/err" &
    pid=$!
    sleep "$pause"
    kill -"$signal" "$pid"
    wait "$pid"
    compare "one --board $word" "$code" $? "" "" "one --board hard, SIG$signal"
done
fi

# ---- runtime failures and help ------------------------------------------------------------
if section help; then
"$nq" solve 14 >/dev/full 2>"$tmp/err"
code=$?; : >"$tmp/out"
compare "solve 14 > /dev/full" 1 "$code" "" "nqueens: write error on standard output: No space left on device" "solve 14 > /dev/full"
"$nq" solve 14 2>"$tmp/err" | head -1 >"$tmp/out"
compare "solve | head -1" 0 0 "Q............." "" "solve 14 | head -1"
# With SIGPIPE ignored by the parent, EPIPE ends the program as the signal would: quietly.
(trap '' PIPE; "$nq" solve 12 2>"$tmp/err" | head -c 13 >"$tmp/out"; echo "${PIPESTATUS[0]}" >"$tmp/code")
compare "solve | head, SIGPIPE ignored" 141 "$(cat "$tmp/code")" "Q..........." "" "(trap '' PIPE; solve 12 | head -c 13)"
for cmd in count solve uva verify estimate one check; do
    "$nq" "$cmd" --help >"$tmp/out" 2>"$tmp/err" && grep -q "^Usage: nqueens $cmd" "$tmp/out" &&
        grep -q "Exit codes" "$tmp/out" && [ ! -s "$tmp/err" ]
    expect_true "$cmd --help" $?
done
"$nq" --help >"$tmp/out" && grep -q "^Exit codes:" "$tmp/out"
expect_true "--help" $?
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
