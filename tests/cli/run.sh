#!/usr/bin/env bash
# End-to-end tests of the nqueens binary: exit codes, stdout and stderr, byte for byte.
#
#   tests/cli/run.sh path/to/nqueens
#
# Each case runs the binary (or a short pipeline around it) once and compares what it printed
# and returned with what it should. A failure prints the case's name, its command and a diff;
# the last line is always "N passed, M failed" (CI reads it), and the exit status is nonzero
# when a case failed.
set -u
export LC_ALL=C
nq=$(realpath "${1:?usage: run.sh path/to/nqueens}")
here=$(cd "$(dirname "$0")" && pwd)
shared=$here/../../../shared/data   # ../shared beside the repository, where CI puts it
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# ==== The harness ===============================================================================

# spec_to_file SPEC FILE: what SPEC stands for, into FILE. "@PATH" is the bytes of PATH, "" is
# nothing, and any other string is itself and a newline.
spec_to_file() {
    case $1 in
    @*) cp "${1#@}" "$2" ;;
    '') : >"$2" ;;
    *) printf '%s\n' "$1" >"$2" ;;
    esac
}

# stderr_ok SPEC: whether $tmp/err is what SPEC says. "~ERE" is one line, without NUL bytes,
# that the extended regular expression matches whole; anything else goes through spec_to_file.
stderr_ok() {
    case $1 in
    '~'*) [ "$(wc -l <"$tmp/err")" = 1 ] && [ "$(tr -d '\000' <"$tmp/err" | wc -c)" = "$(wc -c <"$tmp/err")" ] &&
        grep -qxE -- "${1#'~'}" "$tmp/err" ;;
    *) spec_to_file "$1" "$tmp/want_err" && cmp -s "$tmp/want_err" "$tmp/err" ;;
    esac
}

# judge NAME COMMAND WANT-CODE GOT-CODE STDOUT STDERR: scores what the command left in $tmp/out
# and $tmp/err with exit code GOT-CODE.
judge() {
    local name=$1 command=$2 want=$3 got=$4
    spec_to_file "$5" "$tmp/want_out"
    if [ "$got" = "$want" ] && cmp -s "$tmp/want_out" "$tmp/out" && stderr_ok "$6"; then
        passed=$((passed + 1))
        return
    fi
    failed=$((failed + 1))
    printf 'FAIL: %s\n  command: %s\n  exit code: %s, expected %s\n' "$name" "$command" "$got" "$want"
    diff -u --label 'expected stdout' --label 'actual stdout' "$tmp/want_out" "$tmp/out" | head -20 | sed 's/^/  /'
    case $6 in
    '~'*) stderr_ok "$6" || { printf '  expected stderr: one line matching %s\n  actual stderr:\n' "${6#'~'}"
        head -5 "$tmp/err" | cat -v | sed 's/^/    /'; } ;;
    *) diff -u --label 'expected stderr' --label 'actual stderr' "$tmp/want_err" "$tmp/err" | head -20 | sed 's/^/  /' ;;
    esac
}

# expect NAME CODE STDOUT STDERR [STDIN-FILE] -- ARGS...
# Runs nqueens ARGS with stdin from STDIN-FILE (default /dev/null); expects exit code CODE and
# the STDOUT and STDERR that spec_to_file and stderr_ok describe.
expect() {
    local name=$1 code=$2 out=$3 err=$4 input=/dev/null
    shift 4
    if [ "$1" != -- ]; then input=$1; shift; fi
    shift
    "$nq" "$@" <"$input" >"$tmp/out" 2>"$tmp/err"
    local got=$? command=nqueens
    [ $# -eq 0 ] || command+=$(printf ' %q' "$@")
    judge "$name" "$command <$input" "$code" "$got" "$out" "$err"
}

# expect_sh NAME CODE STDOUT STDERR SHELL: as expect, for a shell command line around "$nq".
expect_sh() {
    (eval "$5") </dev/null >"$tmp/out" 2>"$tmp/err"
    judge "$1" "$5" "$2" $? "$3" "$4"
}

# ok NAME SHELL: passes when the shell command line (a test of the caller's) succeeds.
ok() {
    if (eval "$2") </dev/null >"$tmp/ok" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL: %s\n  command: %s\n' "$1" "$2"
        head -10 "$tmp/ok" | cat -v | sed 's/^/  /'
    fi
}

# mkfile NAME FORMAT: writes printf FORMAT into $tmp/NAME and prints that path.
mkfile() {
    printf "$2" >"$tmp/$1"
    echo "$tmp/$1"
}

# keys N: sort's options for ordering lines of N numbers lexicographically, number by number.
keys() {
    for ((k = 1; k <= $1; k++)); do printf -- '-k%d,%dn ' "$k" "$k"; done
}

# images: reads solutions in the cols format (N < 10) and prints, for each one and each of the
# eight symmetries of the square (see enum nq_symmetry), the solution, a tab and its image.
images() {
    awk '{
        n = NF
        for (s = 0; s < 8; s++) {
            for (r = 0; r < n; r++) {
                c = $(r + 1) - 1
                if (s == 0)      { R = r;         C = c }
                else if (s == 1) { R = c;         C = n - 1 - r }
                else if (s == 2) { R = n - 1 - r; C = n - 1 - c }
                else if (s == 3) { R = n - 1 - c; C = r }
                else if (s == 4) { R = r;         C = n - 1 - c }
                else if (s == 5) { R = n - 1 - r; C = c }
                else if (s == 6) { R = c;         C = r }
                else             { R = n - 1 - c; C = n - 1 - r }
                image[R] = C + 1
            }
            line = image[0]
            for (r = 1; r < n; r++) line = line " " image[r]
            print $0 "\t" line
        }
    }'
}

# least_of_class: succeeds when no solution read has an image below it (string order is
# lexicographic order for N < 10).
least_of_class() { images | awk -F'\t' '$2 < $1 { bad = 1 } END { exit bad }'; }

# orbits: every image of the solutions read, sorted, each once.
orbits() { images | cut -f2 | sort -u; }

# ==== count: the published totals and unique counts (OEIS A000170, A002562) ====================
# From ../shared/data when it is there, else from the copy kept here; the copy must agree.
counts=$here/known-counts.tsv
if [ -f "$shared/queens-counts.tsv" ]; then
    counts=$shared/queens-counts.tsv
    ok "known-counts.tsv is a copy of ../shared/data/queens-counts.tsv" \
        'grep -v "^#" "$shared/queens-counts.tsv" | cmp - "$here/known-counts.tsv"'
fi
while IFS=$'\t' read -r n total unique; do
    case $n in '#'* | '') continue ;; esac
    [ "$n" -le 13 ] && expect "count $n" 0 "$total" "" -- count "$n"
    [ "$n" -le 12 ] && expect "count --unique $n" 0 "$unique" "" -- count --unique "$n"
done <"$counts"
for t in 1 2 3; do
    expect "count 1 --threads $t" 0 1 "" -- count 1 --threads "$t"
    expect "count 9 --threads $t" 0 352 "" -- count 9 --threads "$t"
    expect "count 12 --threads $t" 0 14200 "" -- count 12 --threads "$t"
    expect "count -u 12 -t $t" 0 1787 "" -- count -u 12 -t "$t"
done
expect "count 16 --threads 2" 0 14772512 "" -- count 16 --threads 2
expect "count -u 14" 0 45752 "" -- count -u 14
expect "count options after N, abbreviated" 0 1787 "" -- count 12 --uni --thr 2

# ==== solve: formats, order, limits, unique ======================================================
solve4=$(mkfile solve4 '.Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n')
expect "solve 4 board" 0 "@$solve4" "" -- solve 4
expect "solve 4 --format board" 0 "@$solve4" "" -- solve 4 --format board
expect "solve 4 leetcode" 0 '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]' "" -- solve 4 --format leetcode
expect "solve 4 cols" 0 "$(printf '2 4 1 3\n3 1 4 2')" "" -- solve 4 -f cols
expect "solve 1 board" 0 "@$(mkfile solve1 'Q\n\n')" "" -- solve 1
expect "solve 1 leetcode" 0 '[["Q"]]' "" -- solve 1 --format leetcode
expect "solve 1 cols" 0 1 "" -- solve 1 --format cols
expect "solve 2 board" 0 "" "" -- solve 2
expect "solve 3 cols" 0 "" "" -- solve 3 -f cols
expect "solve 2 leetcode" 0 "[]" "" -- solve 2 --format leetcode
expect "solve 3 leetcode" 0 "[]" "" -- solve 3 --format=leetcode
expect "solve --limit 1 cols" 0 "2 4 1 3" "" -- solve 4 --format cols --limit 1
expect "solve --limit 1 leetcode" 0 '[[".Q..","...Q","Q...","..Q."]]' "" -- solve 4 -f leetcode -l 1
expect "solve --limit 1 board" 0 "@$(mkfile limit1 '.Q..\n...Q\nQ...\n..Q.\n\n')" "" -- solve --limit 1 4
expect "solve --limit 0 leetcode" 0 "[]" "" -- solve 6 --format leetcode --limit 0
expect "solve --limit 0 cols" 0 "" "" -- solve 6 --format cols --limit 0
expect "solve --limit above the count" 0 "$(printf '2 4 1 3\n3 1 4 2')" "" -- solve 4 -f cols --limit 3
expect "solve 6 leetcode --limit 2" 0 '[[".Q....","...Q..",".....Q","Q.....","..Q...","....Q."],["..Q...",".....Q",".Q....","....Q.","Q.....","...Q.."]]' "" \
    -- solve 6 -f leetcode --limit 2
expect "solve 8 --unique" 0 "$(printf '%s\n' '1 5 8 6 3 7 2 4' '1 6 8 3 7 4 2 5' '2 4 6 8 3 1 7 5' \
    '2 5 7 1 3 8 6 4' '2 5 7 4 1 8 6 3' '2 6 1 7 4 8 3 5' '2 6 8 3 1 4 7 5' '2 7 3 6 8 5 1 4' \
    '2 7 5 8 1 4 6 3' '3 5 2 8 1 7 4 6' '3 5 8 4 1 7 2 6' '3 6 2 5 8 1 7 4')" "" -- solve 8 --unique -f cols
ok "solve 8 --unique: each the least of its class" '"$nq" solve 8 -u -f cols | least_of_class'
ok "solve 8 --unique: the classes hold the 92 solutions" '"$nq" solve 8 -u -f cols | orbits | cmp - <("$nq" solve 8 -f cols)'
expect "solve 8 --unique --limit 3" 0 "$(printf '1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n2 4 6 8 3 1 7 5')" "" -- solve 8 -u -f cols -l 3
expect_sh "solve 8 | verify" 0 "92 of 92 solutions valid" "" '"$nq" solve 8 --format cols | "$nq" verify'
expect_sh "solve 8 board | verify" 0 "92 of 92 solutions valid" "" '"$nq" solve 8 | "$nq" verify -'
expect_sh "solve 9 --unique | verify" 0 "46 of 46 solutions valid" "" '"$nq" solve 9 --unique -f cols | "$nq" verify'
expect_sh "solve 10 lists 724 lines" 0 724 "" '"$nq" solve 10 -f cols | wc -l'
ok "solve 8 in lexicographic order" '"$nq" solve 8 -f cols >"$tmp/s8" && sort $(keys 8) "$tmp/s8" | cmp - "$tmp/s8"'
ok "solve 10 in lexicographic order" '"$nq" solve 10 -f cols >"$tmp/s10" && sort $(keys 10) "$tmp/s10" | cmp - "$tmp/s10"'
ok "solve 8 board and cols agree" 'cmp <("$nq" solve 8 -f cols | tr -d " ") <("$nq" solve 8 | awk "/Q/ { printf \"%d\", index(\$0, \"Q\") } !NF { print \"\" }")'

# ==== boards: bad squares, placed queens, line ends =============================================
b1=$(mkfile b1 '.Q...\n.....\n..*..\n.....\n.....\n')
expect "count --board: placed queen, bad square" 0 1 "" -- count --board "$b1"
expect "solve --board" 0 "2 4 1 3 5" "" -- solve --board "$b1" -f cols
expect "count --board -" 0 1 "" "$b1" -- count --board -
expect "solve --board -" 0 "@$(mkfile b1out '.Q...\n...Q.\nQ....\n..Q..\n....Q\n\n')" "" "$b1" -- solve --board -
expect "count -b" 0 1 "" -- count -b "$b1"
uva4=$(mkfile uva4 '.*..\n....\n....\n....\n')
expect "count: the UVa sample's 4x4 case" 0 1 "" -- count --board "$uva4"
expect "solve: the UVa sample's 4x4 case" 0 "3 1 4 2" "" -- solve --board "$uva4" -f cols
expect "solve leetcode --board -" 0 '[["..Q.","Q...","...Q",".Q.."]]' "" "$uva4" -- solve --board - -f leetcode
expect "count CRLF board" 0 1 "" -- count --board "$(mkfile crlf '.*..\r\n....\r\n....\r\n....\r\n')"
expect "count CRLF board, no final line end" 0 1 "" -- count --board "$(mkfile crlf2 '.*..\r\n....\r\n....\r\n....')"
expect "count board, no final newline" 0 1 "" -- count --board "$(mkfile nonl '.*..\n....\n....\n....')"
expect "solve board from stdin, no final newline" 0 "3 1 4 2" "" "$tmp/nonl" -- solve -f cols --board -
expect "count board, blank lines after it" 0 2 "" -- count --board "$(mkfile trail '....\n....\n....\n....\n\n\n')"
expect "count 1x1 board" 0 1 "" "$(mkfile one1 '.\n')" -- count --board -
expect "count 1x1 bad square" 0 0 "" "$(mkfile one0 '*')" -- count --board -
expect "count board: no completion" 0 0 "" -- count --board "$(mkfile corner 'Q...\n....\n....\n....\n')"
expect "solve board: no completion" 0 "[]" "" -- solve --board "$tmp/corner" -f leetcode
b8=$(mkfile b8 '........\n........\n........\n........\n........\n........\n........\n........\n')
expect "count empty 8x8 board file" 0 92 "" -- count --board "$b8"
expect "count --unique empty 8x8 board file" 0 12 "" -- count --unique --board "$b8"
expect "count 8x8 corners bad" 0 76 "" -- count --board "$(mkfile corners '*......*\n........\n........\n........\n........\n........\n........\n*......*\n')"
mirror=$(mkfile mirror '..*..\n.....\n.....\n.....\n.....\n')
expect "count --unique: classes under the board's own symmetries" 0 4 "" -- count -u --board "$mirror"
expect "solve --unique --board" 0 "$(printf '1 3 5 2 4\n1 4 2 5 3\n2 4 1 3 5\n2 5 3 1 4')" "" -- solve -u -f cols --board "$mirror"

# ==== uva ==========================================================================================
if [ -f "$shared/uva11195-sample.in" ]; then
    ok "uva-sample.in/.out are copies of ../shared/data's" \
        'cmp "$shared/uva11195-sample.in" "$here/uva-sample.in" && cmp "$shared/uva11195-sample.out" "$here/uva-sample.out"'
fi
expect "uva sample" 0 "@$here/uva-sample.out" "" "$here/uva-sample.in" -- uva
expect "uva sample --threads 1" 0 "@$here/uva-sample.out" "" "$here/uva-sample.in" -- uva --threads 1
expect "uva catalogue cases" 0 "@$here/uva-bench.out" "" "$here/uva-bench.in" -- uva
expect "uva N = 1" 0 "$(printf 'Case 1: 1\nCase 2: 0')" "" "$(mkfile uva1 '1\n.\n1\n*\n0\n')" -- uva
expect "uva several cases, blank lines between" 0 "$(printf 'Case 1: 1\nCase 2: 0\nCase 3: 0\nCase 4: 2')" "" \
    "$(mkfile uva2 '\n1\n.\n\n3\n...\n...\n...\n  \n\n2\n*.\n..\n\t\n4\n....\n....\n....\n....\n0\n')" -- uva
expect "uva CRLF, spaces around N" 0 "Case 1: 1" "" "$(mkfile uva3 ' 4 \r\n.*..\r\n....\r\n....\r\n....\r\n0\r\n')" -- uva
expect "uva ignores what follows 0" 0 "Case 1: 1" "" "$(mkfile uva4in '1\n.\n0\nrubbish\n')" -- uva
expect "uva no cases" 0 "" "" "$(mkfile uva0 '0\n')" -- uva

# ==== verify =======================================================================================
expect "verify valid cols" 0 "2 of 2 solutions valid" "" "$(mkfile v0 '2 4 1 3\n3 1 4 2\n')" -- verify
expect "verify valid cols, blank lines, CRLF" 0 "2 of 2 solutions valid" "" "$(mkfile v0b '2 4 1 3 \r\n\n3\t1 4 2')" -- verify
expect "verify valid boards" 0 "2 of 2 solutions valid" "" "$solve4" -- verify
expect "verify FILE" 0 "2 of 2 solutions valid" "" -- verify "$solve4"
expect "verify empty input" 0 "0 of 0 solutions valid" "" -- verify
v1=$(mkfile v1 '2 4 1 3\n1 3 2 4\n')
expect "verify attack" 1 "1 of 2 solutions valid" \
    "nqueens: <stdin>:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" "$v1" -- verify
expect "verify FILE attack" 1 "1 of 2 solutions valid" \
    "nqueens: $v1:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" -- verify "$v1"
expect "verify reports the first invalid one" 1 "1 of 3 solutions valid" \
    "nqueens: <stdin>:2: solution 2 is invalid: the queens in row 2, column 3 and row 3, column 2 attack each other" \
    "$(mkfile v1b '2 4 1 3\n1 3 2 4\n2 4 1 5\n')" -- verify
expect "verify column attack" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queens in row 1, column 2 and row 4, column 2 attack each other" \
    "$(mkfile v1c '2 4 1 2\n')" -- verify
expect "verify off board" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queen of row 4 is in column 5, off the board of 4 columns" "$(mkfile v2 '2 4 1 5\n')" -- verify
# A column 0 is off the board too; it must not be taken for a board row without a queen.
expect "verify column 0" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queen of row 4 is in column 0, off the board of 4 columns" "$(mkfile v2b '2 4 1 0\n')" -- verify
expect "verify board attack" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: the queens in row 2, column 3 and row 3, column 4 attack each other" \
    "$(mkfile v3a 'Q...\n..Q.\n...Q\n.Q..\n')" -- verify
expect "verify board row without queen" 1 "0 of 1 solutions valid" \
    "nqueens: <stdin>:1: solution 1 is invalid: row 2 has no queen" "$(mkfile v3 '.Q..\n....\nQ...\n..Q.\n')" -- verify
expect "verify board row with two queens" 1 "1 of 2 solutions valid" \
    "nqueens: <stdin>:6: solution 2 is invalid: row 1 has more than one queen" \
    "$(mkfile v3b '.Q..\n...Q\nQ...\n..Q.\n\n.QQ.\n...Q\nQ...\n..Q.\n')" -- verify
expect "verify syntax" 2 "" "nqueens: <stdin>:1:5: unexpected 'x'; expected a column number" "$(mkfile v4 '2 4 x 3\n')" -- verify
expect "verify board then cols" 2 "" "nqueens: <stdin>:2:1: unexpected '.'; expected a column number" "$(mkfile v4b '2 4 1 3\n.Q..\n')" -- verify
expect "verify column too large" 2 "" "nqueens: <stdin>:1:5: column number too large" "$(mkfile v4c '1 2 99999999999\n')" -- verify
expect "verify board not square" 2 "" "nqueens: <stdin>:1:1: board has 3 rows of 4 squares; a solution is square" \
    "$(mkfile v5 '.Q..\n...Q\nQ...\n')" -- verify
expect "verify board bad character" 2 "" "nqueens: <stdin>:3:3: unexpected '*'; expected 'Q' or '.'" \
    "$(mkfile v5b '.Q..\n...Q\nQ.*.\n..Q.\n')" -- verify
expect "verify board short row" 2 "" "nqueens: <stdin>:2:4: row has 3 squares; expected 4 like the first row" \
    "$(mkfile v5c '.Q..\n..Q\nQ...\n..Q.\n')" -- verify
# A 65 x 65 board is more than the board format holds: bad input (2), said with its place.
awk 'BEGIN { for (r = 0; r < 65; r++) { s = ""; for (c = 0; c < 65; c++) s = s (c == r ? "Q" : "."); print s } }' >"$tmp/b65"
expect "verify board too large" 2 "" "~nqueens: $tmp/b65:1(:[0-9]+)?: .*" -- verify "$tmp/b65"
expect "verify missing file" 2 "" "nqueens: $tmp/none: No such file or directory" -- verify "$tmp/none"
expect "verify two files" 2 "" "nqueens: verify: unexpected argument 'b'" -- verify a b

# ==== bad input: exit 2, one line on stderr, nothing on stdout =================================
expect "N missing" 2 "" "nqueens: count: board size N is missing; see 'nqueens count --help'" -- count
expect "solve N missing" 2 "" "nqueens: solve: board size N is missing; see 'nqueens solve --help'" -- solve -f cols
expect "N not a number" 2 "" "nqueens: board size N 'abc' is not a number" -- count abc
expect "N empty" 2 "" "nqueens: board size N is missing" -- solve ""
expect "N trailing junk" 2 "" "nqueens: board size N '8x' has trailing characters after the number" -- count 8x
expect "N zero" 2 "" "nqueens: board size N 0 is out of range (1 to 64)" -- count 0
expect "N negative" 2 "" "nqueens: count: -3 is negative; numbers here are positive" -- count -3
expect "solve N negative" 2 "" "nqueens: solve: -3 is negative; numbers here are positive" -- solve -3
expect "N above 64" 2 "" "nqueens: board size N 65 is out of range (1 to 64)" -- solve 65
expect "count N above 64" 2 "" "nqueens: board size N 65 is out of range (1 to 64)" -- count 65
expect "N overflow" 2 "" "nqueens: board size N 99999999999999999999999 is out of range (1 to 64)" -- count 99999999999999999999999
"$nq" --help >"$tmp/usage"
expect "no command: usage on stderr" 2 "" "@$tmp/usage" --
expect "unknown command" 2 "" "nqueens: unknown command 'cuont'; see 'nqueens --help'" -- cuont 8
expect "unknown option" 2 "" "nqueens: count: unknown option '--fast'; see 'nqueens count --help'" -- count 8 --fast
expect "unknown short option" 2 "" "nqueens: solve: unknown option '-x'; see 'nqueens solve --help'" -- solve 8 -x
expect "uva unknown option" 2 "" "nqueens: uva: unknown option '--bogus'; see 'nqueens uva --help'" -- uva --bogus
expect "verify unknown option" 2 "" "nqueens: verify: unknown option '--bogus'; see 'nqueens verify --help'" -- verify --bogus
# An option that takes no value, given one, must be named as typed (not as '-u', nor with a NUL).
expect "option given a value it does not take" 2 "" \
    "~nqueens: count: .*'--unique(=yes)?'.*; see 'nqueens count --help'" -- count 8 --unique=yes
expect "--no-progress given a value" 2 "" \
    "~nqueens: count: .*'--no-progress(=1)?'.*; see 'nqueens count --help'" -- count 8 --no-progress=1
expect "option without value" 2 "" "nqueens: solve: option '--format' needs a value; see 'nqueens solve --help'" -- solve 4 --format
expect "short option without value" 2 "" "nqueens: solve: option '-f' needs a value; see 'nqueens solve --help'" -- solve 4 -f
expect "--threads without value" 2 "" "nqueens: count: option '--threads' needs a value; see 'nqueens count --help'" -- count 8 --threads
expect "unknown format" 2 "" "nqueens: solve: unknown format 'svgx'; expected board, leetcode, cols, unicode or svg" -- solve 4 --format svgx
expect "negative limit" 2 "" "nqueens: solve: -1 is negative; numbers here are positive" -- solve 4 --limit -1
expect "negative limit, joined" 2 "" "nqueens: limit K -1 is out of range (0 to 9223372036854775807)" -- solve 4 --limit=-1
expect "limit not a number" 2 "" "nqueens: limit K 'many' is not a number" -- solve 4 --limit many
expect "threads zero" 2 "" "nqueens: thread count T 0 is out of range (1 to 1024)" -- count 8 --threads 0
expect "threads too many" 2 "" "nqueens: thread count T 1025 is out of range (1 to 1024)" -- count 8 -t 1025
expect "uva threads not a number" 2 "" "nqueens: thread count T 'x' is not a number" -- uva --threads x
expect "N and board" 2 "" "nqueens: count: give a size N or --board FILE, not both" -- count 8 --board "$b1"
expect "solve N and board" 2 "" "nqueens: solve: give a size N or --board FILE, not both" -- solve --board "$b1" 5
expect "extra argument" 2 "" "nqueens: solve: unexpected argument '9'" -- solve 8 9
expect "uva argument" 2 "" "nqueens: uva: unexpected argument 'x'; input is read from stdin" -- uva x
expect "missing file" 2 "" "nqueens: $tmp/none: No such file or directory" -- count --board "$tmp/none"
expect "directory as board" 2 "" "nqueens: $tmp: read error" -- count --board "$tmp"
expect "empty board file" 2 "" "nqueens: $tmp/empty:1:1: empty board" -- count --board "$(mkfile empty '')"
expect "empty board on stdin" 2 "" "nqueens: <stdin>:1:1: empty board" -- solve --board -
expect "board starting with a blank line" 2 "" "nqueens: <stdin>:1:1: empty first row; expected a row of the board" \
    "$(mkfile blank1 '\n....\n')" -- count --board -
e1=$(mkfile e1 '....\n...\n....\n....\n')
expect "short row" 2 "" "nqueens: $e1:2:4: row has 3 squares; expected 4" -- count --board "$e1"
e2=$(mkfile e2 '....\n.....\n....\n....\n')
expect "long row" 2 "" "nqueens: $e2:2:5: row has 5 squares; expected 4" -- count --board "$e2"
expect "long row on stdin" 2 "" "nqueens: <stdin>:2:5: row has 5 squares; expected 4" "$e2" -- solve --board -
e3=$(mkfile e3 '....\n....\n')
expect "too few rows" 2 "" "nqueens: $e3:3:1: board ends after 2 rows; expected 4, one per column" -- solve --board "$e3"
e4=$(mkfile e4 '..\n..\n..\n')
expect "extra row" 2 "" "nqueens: $e4:3:1: extra row; a board 2 squares wide has 2 rows" -- count --board "$e4"
e5=$(mkfile e5 '....\n.#..\n....\n....\n')
expect "bad character" 2 "" "nqueens: $e5:2:2: unexpected character '#'; expected '.', '*' or 'Q'" -- count --board "$e5"
expect "bad character: a tab" 2 "" "nqueens: <stdin>:3:1: unexpected character \\x09; expected '.', '*' or 'Q'" \
    "$(mkfile e5b '...\n...\n\t..\n')" -- count --board -
e6=$(mkfile e6 'Q...\n....\n..Q.\n....\n')
expect "attacking queens: diagonal" 2 "" "nqueens: $e6:3:3: this queen attacks the queen in row 1, column 1" -- count --board "$e6"
expect "attacking queens: column" 2 "" "nqueens: <stdin>:4:2: this queen attacks the queen in row 1, column 2" \
    "$(mkfile e6b '.Q...\n.....\n.....\n.Q...\n.....\n')" -- solve --board -
expect "two queens in a row" 2 "" "nqueens: <stdin>:1:2: second queen in this row (the first is in column 1)" \
    "$(mkfile e6c 'QQ..\n....\n....\n....\n')" -- count --board -
awk 'BEGIN { for (r = 0; r < 65; r++) { s = ""; for (c = 0; c < 65; c++) s = s "."; print s } }' >"$tmp/e65"
expect "board of 65 columns" 2 "" "nqueens: $tmp/e65:1:65: row has 65 squares; a board has at most 64" -- count --board "$tmp/e65"
expect "uva cut short" 2 "" "nqueens: <stdin>:4:1: case ends after 2 of its 4 rows" "$(mkfile u1 '4\n....\n....\n')" -- uva
expect "uva bad character" 2 "" "nqueens: <stdin>:3:2: unexpected character 'x'; expected '.' or '*'" "$(mkfile u2 '2\n..\n.x\n0\n')" -- uva
expect "uva queen" 2 "" "nqueens: <stdin>:3:2: unexpected character 'Q'; expected '.' or '*'" "$(mkfile u2b '2\n..\n.Q\n0\n')" -- uva
expect "uva row too long" 2 "" "nqueens: <stdin>:2:3: row has 3 squares; expected 2" "$(mkfile u2c '2\n...\n..\n0\n')" -- uva
expect "uva missing 0" 2 "" "nqueens: <stdin>:4:1: input ends without the closing line \"0\"" "$(mkfile u3 '2\n..\n..\n')" -- uva
expect "uva empty input" 2 "" "nqueens: <stdin>:1:1: input ends without the closing line \"0\"" -- uva
expect "uva size 65" 2 "" "nqueens: <stdin>:1:1: board size 65 is too large; at most 64" "$(mkfile u4 '65\n')" -- uva
expect "uva size overflowing" 2 "" "nqueens: <stdin>:1:1: board size 99999999999999999999 is too large; at most 64" \
    "$(mkfile u4b '99999999999999999999\n')" -- uva
expect "uva size junk" 2 "" "nqueens: <stdin>:1:2: unexpected 'x'; expected the board size (1 to 64) or 0 to end" "$(mkfile u5 '4x\n')" -- uva
expect "uva size not a number" 2 "" "nqueens: <stdin>:3:1: unexpected 'a'; expected the board size (1 to 64) or 0 to end" \
    "$(mkfile u5b '1\n.\nabc\n')" -- uva

# ==== checkpoints, subtotals, progress, estimates ===============================================
ck=$tmp/q13.ckpt
expect "checkpoint new" 0 73712 "" -- count 13 --checkpoint "$ck"
expect "checkpoint finished" 0 73712 "" -- count 13 --checkpoint "$ck"
expect "checkpoint of another N" 2 "" "nqueens: checkpoint $ck: made for N = 13, not 12; refusing to use it" -- count 12 --checkpoint "$ck"
expect "checkpoint without unique" 2 "" "nqueens: checkpoint $ck: made without --unique; run with the same options; refusing to use it" -- count 13 -u --checkpoint "$ck"
size=$(stat -c %s "$ck")
head -c $((64 + 32 * 5 + 17)) "$ck" >"$tmp/torn.ckpt"
expect "checkpoint torn" 0 73712 "" -- count 13 --checkpoint "$tmp/torn.ckpt"
ok "torn checkpoint completed" '[ "$(stat -c %s "$tmp/torn.ckpt")" -eq "$size" ]'
cp "$ck" "$tmp/bad.ckpt"
printf '\x55' | dd of="$tmp/bad.ckpt" bs=1 seek=$((64 + 32 * 3 + 9)) conv=notrunc 2>/dev/null
records=$(((size - 64) / 32))
expect "checkpoint damaged" 2 "" "nqueens: checkpoint $tmp/bad.ckpt: record 4 of $records is damaged; refusing to use it" -- count 13 --checkpoint "$tmp/bad.ckpt"
mkfile text.ckpt 'not a checkpoint, just some text that is long enough to fill a header......\n' >/dev/null
expect "checkpoint foreign file" 2 "" "nqueens: checkpoint $tmp/text.ckpt: not an nqueens checkpoint, or its header is damaged; refusing to use it" -- count 13 --checkpoint "$tmp/text.ckpt"
expect "checkpoint unwritable" 1 "" "nqueens: checkpoint $tmp/no/dir.ckpt.tmp: No such file or directory" -- count 8 --checkpoint "$tmp/no/dir.ckpt"
# A run killed at any moment resumes from its checkpoint to the right count.
for delay in 0.02 0.05 0.09 0.13 0.17; do
    rm -f "$tmp/kill.ckpt"
    "$nq" count 15 --threads 1 --checkpoint "$tmp/kill.ckpt" >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    expect "resume after SIGKILL at ${delay}s" 0 2279184 "" -- count 15 --threads 2 --checkpoint "$tmp/kill.ckpt"
done
expect_sh "checkpoint on a full disk: clear error" 1 "" "nqueens: checkpoint $tmp/full.ckpt: write failed: File too large" \
    '(trap "" XFSZ; ulimit -f 4; exec "$nq" count 14 --threads 1 --checkpoint "$tmp/full.ckpt")'
expect "checkpoint after a full disk resumes" 0 365596 "" -- count 14 --checkpoint "$tmp/full.ckpt"
expect "read-only checkpoint path" 1 "" "~nqueens: checkpoint /sys/nqueens\.ckpt\.tmp: .*" -- count 8 --checkpoint /sys/nqueens.ckpt
rm -f "$tmp/int.ckpt"
"$nq" count 16 --threads 2 --checkpoint "$tmp/int.ckpt" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.4
kill -INT "$pid"
wait "$pid"
judge "SIGINT stops and says how to resume" "count 16 --checkpoint, SIGINT after 0.4 s" 130 $? "" \
    "~nqueens: count: stopped by SIGINT; [0-9]+ of [0-9]+ units are saved in $tmp/int\.ckpt: run the same command again to resume"
expect "resume after SIGINT" 0 14772512 "" -- count 16 --threads 2 --checkpoint "$tmp/int.ckpt"
"$nq" count 16 --threads 2 >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.3
kill -TERM "$pid"
wait "$pid"
judge "SIGTERM without a checkpoint" "count 16, SIGTERM after 0.3 s" 143 $? "" \
    "nqueens: count: stopped by SIGTERM; nothing was saved (--checkpoint FILE keeps finished units)"
expect "subtotals unwritable" 1 "" "nqueens: subtotals $tmp/no/sub.csv: No such file or directory" -- count 8 --subtotals "$tmp/no/sub.csv"
# Into a file, progress is whole report lines (no terminal escapes), the last one the final count.
report='[0-9]+/[0-9]+ units \([0-9.]+%\), [0-9]+ solutions, [0-9.]+ units/s, elapsed [0-9]+:[0-9]{2}:[0-9]{2}, ETA ([0-9]+:[0-9]{2}:[0-9]{2}|\?)'
ok "count --progress reports on stderr only" '"$nq" count 12 --progress >"$tmp/out" 2>"$tmp/prog" && [ "$(cat "$tmp/out")" = 14200 ] &&
    ! grep -vxE "$report" "$tmp/prog" && tail -1 "$tmp/prog" | grep -qE "^9225/9225 units \(100\.0%\), 14200 solutions, "'
# ... and the final report comes once, however many workers end after the last unit.
ok "count --progress into a file: the final report once" 'for i in 1 2 3 4 5; do
    "$nq" count 8 --threads 16 --progress 2>"$tmp/prog" >/dev/null && [ "$(grep -c "^73/73 units" "$tmp/prog")" = 1 ] || { cat "$tmp/prog"; exit 1; }; done'
"$nq" count 12 --subtotals "$tmp/sub.csv" >/dev/null
ok "subtotals add up" '[ "$(head -1 "$tmp/sub.csv")" = "unit,weight,placement,total,unique" ] &&
    [ "$(awk -F, "NR > 1 { s += \$4; u += \$5 } END { print s, u }" "$tmp/sub.csv")" = "14200 1787" ]'
ok "estimate 12" '"$nq" estimate 12 --threads 1 --probes 20000 >"$tmp/est" &&
    grep -q "^solutions: about 1\.[3-5][0-9]*e+04$" "$tmp/est" && grep -q "^time: about .* on 1 thread here$" "$tmp/est"'

# ==== one solution of any size, pictures ========================================================
expect "one 8" 0 "2 4 6 8 3 1 7 5" "" -- one 8
expect "one 9" 0 "4 6 8 2 5 7 9 1 3" "" -- one 9
expect "one 1" 0 "1" "" -- one 1
expect "one 2" 1 "" "nqueens: one: the 2 x 2 board has no solution" -- one 2
expect "one 3 random" 1 "" "nqueens: one: the 3 x 3 board has no solution" -- one 3 --random
expect "one board" 0 "$(printf '.Q..\n...Q\nQ...\n..Q.')" "" -- one 4 --format board
expect "one leetcode" 2 "" "nqueens: one: format leetcode is for solve; use cols, board, unicode or svg" -- one 4 -f leetcode
expect "one svg too large" 2 "" "nqueens: one: N = 1001 is too large for this format (at most 1000)" -- one 1001 -f svg
for n in 14 15 20 21 1000 99999; do
    expect_sh "one $n | verify" 0 "1 of 1 solutions valid" "" "\"\$nq\" one $n | \"\$nq\" verify"
done
ok "one --random: same seed same solution, other seed other" \
    'cmp <("$nq" one 2000 --random --seed 5) <("$nq" one 2000 --random --seed 5) && ! cmp -s <("$nq" one 2000 --random --seed 5) <("$nq" one 2000 --random --seed 6)'
expect_sh "one --random | verify" 0 "1 of 1 solutions valid" "" '"$nq" one 2000 --random --seed 6 | "$nq" verify'
ok "one unicode has 5 queens" '"$nq" one 5 -f unicode >"$tmp/u" && [ "$(grep -o "♛" "$tmp/u" | wc -l)" -eq 5 ] && [ "$(wc -l <"$tmp/u")" -eq 6 ]'
# render SVG: turns an SVG file into a PNG and checks its signature, where rsvg-convert is found.
render() {
    command -v rsvg-convert >/dev/null || return 0
    rsvg-convert "$1" -o "$1.png" && [ "$(head -c 8 "$1.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]
}
ok "solve --unique svg: 12 boards of 8 queens" \
    '"$nq" solve 8 --unique --format svg >"$tmp/e8.svg" && [ "$(grep -c "href=\"#queen\"" "$tmp/e8.svg")" -eq 96 ] && render "$tmp/e8.svg"'
ok "one 100 svg" '"$nq" one 100 --random --format svg >"$tmp/r.svg" && [ "$(grep -c "href=\"#queen\"" "$tmp/r.svg")" -eq 100 ] && render "$tmp/r.svg"'
ok "board svg crosses the bad square" \
    '"$nq" solve --board "$b1" --format svg >"$tmp/b.svg" && [ "$(grep -c "href=\"#bad\"" "$tmp/b.svg")" -eq 1 ] && render "$tmp/b.svg"'

# ==== runtime failures, help, version ============================================================
expect_sh "solve 14 > /dev/full" 1 "" "nqueens: write error on standard output: No space left on device" '"$nq" solve 14 >/dev/full'
expect_sh "count 8 > /dev/full" 1 "" "nqueens: write error on standard output: No space left on device" '"$nq" count 8 >/dev/full'
expect_sh "verify > /dev/full" 1 "" "nqueens: write error on standard output: No space left on device" '"$nq" verify <"$solve4" >/dev/full'
expect_sh "solve 14 | head -1: quiet" 0 "Q............." "" '"$nq" solve 14 | head -1'
for cmd in count solve uva verify estimate one; do
    ok "$cmd --help" '"$nq" "$cmd" --help >"$tmp/help" 2>"$tmp/err" && grep -q "^Usage: nqueens $cmd" "$tmp/help" &&
        grep -q "Exit codes" "$tmp/help" && [ ! -s "$tmp/err" ]'
done
ok "--help" '"$nq" --help >"$tmp/help" 2>"$tmp/err" && grep -q "^Usage: nqueens COMMAND" "$tmp/help" && grep -q "^Exit codes:" "$tmp/help" && [ ! -s "$tmp/err" ]'
expect "-h" 0 "@$tmp/usage" "" -- -h
expect "--version" 0 "nqueens 0.1.0" "" -- --version

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
