#!/usr/bin/env bash
# Checks the documents that ship beside the binary against it: the man pages pass
# `mandoc -T lint` (skipped when mandoc is absent) and describe every command and option that
# `nqueens --help` and each command's --help list; the bash completion loads, completes, and
# offers the same commands and options.
#
#   tests/cli/docs.sh path/to/nqueens
set -u
nq=$(realpath "${1:?usage: docs.sh path/to/nqueens}")
root=$(cd "$(dirname "$0")/../.." && pwd)
page=$root/docs/nqueens.1
completion=$root/tools/completion/nqueens.bash
passed=0
failed=0

# expect NAME STATUS [DETAIL]: passes when STATUS is 0.
expect() {
    if [ "$2" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: $1${3:+: $3}"
    fi
}

# The commands `nqueens --help` lists, and the long options `nqueens COMMAND --help` lists.
commands=$("$nq" --help | awk '/^Commands:/ { f = 1; next } f && /^$/ { exit } f && /^  [a-z]/ { print $1 }')
options() { "$nq" "$1" --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z-]+' | grep -oE -- '--[a-z-]+$'; }
expect "nqueens --help lists commands" "$([ -n "$commands" ]; echo $?)"

if command -v mandoc >/dev/null; then
    out=$(mandoc -T lint -W warning "$root"/docs/*.1 2>&1)
    expect "mandoc -T lint docs/*.1" $? "$out"
else
    echo "docs: mandoc not found, man pages not linted (Debian: apt-get install mandoc)"
fi

# Each page's date (.Dd) is that of its last change: not older than the last commit that
# touched it (author date, which rebases keep). Checked in a git checkout only.
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
    for p in "$root"/docs/*.1; do
        dd=$(sed -n 's/^\.Dd //p' "$p")
        stamp=$(date -d "$dd" +%Y%m%d 2>/dev/null)
        last=$(git -C "$root" log -1 --format=%ad --date=format:%Y%m%d -- "docs/${p##*/}")
        [ -n "$stamp" ] && { [ -z "$last" ] || [ "$stamp" -ge "$last" ]; }
        expect "${p##*/}: .Dd $dd is not older than the page's last change" $? "${last:-}"
    done
fi

# Each command has its subsection in the man page, naming each of its options.
for cmd in $commands; do
    section=$(awk -v s=".Ss $cmd" '$0 == s { f = 1; next } f && /^\.S[sh] / { exit } f' "$page")
    expect "nqueens.1 describes $cmd" "$([ -n "$section" ]; echo $?)"
    for opt in $(options "$cmd"); do
        grep -qE "^\.It Fl (.* )?${opt#-}( |$)" <<<"$section"
        expect "nqueens.1 describes $cmd $opt" $?
    done
done

# The completion, loaded into a fresh bash: what it completes for `nqueens WORDS...`.
complete_words() {
    bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _nqueens
             printf "%s\n" "${COMPREPLY[@]}" | sort' - "$completion" "$@"
}
bash -c 'source "$1" && complete -p nqueens nqueens-mpi' - "$completion" >/dev/null 2>&1
expect "completion loads and registers nqueens, nqueens-mpi" $?
expect "completion: nqueens so -> solve" "$([ "$(complete_words nqueens so)" = solve ]; echo $?)"
expect "completion: nqueens solve --format le -> leetcode" \
    "$([ "$(complete_words nqueens solve --format le)" = leetcode ]; echo $?)"
want=$(printf '%s\n' $commands --help --version | sort)
got=$(complete_words nqueens "")
expect "completion offers the commands of nqueens --help" "$([ "$got" = "$want" ]; echo $?)" \
    "$(echo $got) instead of $(echo $want)"
for cmd in $commands; do
    want=$(options "$cmd" | sort)
    got=$(complete_words nqueens "$cmd" -)
    expect "completion offers the options of $cmd --help" "$([ "$got" = "$want" ]; echo $?)" \
        "$(echo $got) instead of $(echo $want)"
done

echo "docs: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
