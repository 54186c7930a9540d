# Bash completion for nqueens and nqueens-mpi: commands, options, formats and methods, and file
# names where a file is wanted. `make install` puts it in share/bash-completion/completions.
# A new option goes into its command's list in _nqueens_options; tests/cli/docs.sh checks that
# the lists match each command's --help.

# The options of command (of nqueens, or of nqueens-mpi when the program is nqueens-mpi).
_nqueens_options()
{
    case $1 in
    count) echo "--board --unique --threads --method --max-memory --engine --progress"\
                "--no-progress"\
                "--checkpoint --subtotals --verbose --help" ;;
    mpi-count) echo "--board --unique --threads --method --max-memory --progress"\
                    "--checkpoint --help" ;;
    estimate) echo "--board --threads --method --max-memory --probes --seed --help" ;;
    solve) echo "--board --format --limit --unique --threads --engine --checkpoint --order --help" ;;
    one) echo "--board --random --seed --threads --format --help" ;;
    check) echo "--board --sample --all --seed --threads --help" ;;
    uva) echo "--threads --help" ;;
    verify) echo "--help" ;;
    esac
}

# The values an option takes, if they are a fixed list: formats and methods.
_nqueens_values()
{
    case $2 in
    -f|--format) [ "$1" = one ] && echo "cols board unicode svg" ||
                     echo "board leetcode cols unicode svg" ;;
    -m|--method) echo "auto backtrack join" ;;
    --engine) echo "auto rows lines" ;;
    -o|--order) echo "lex search" ;;
    esac
}

_nqueens()
{
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} program commands
    program=${COMP_WORDS[0]##*/}
    if [ "$program" = nqueens-mpi ]; then
        commands="count --help --version"
    else
        commands="count estimate solve one uva verify check --help --version"
    fi
    COMPREPLY=()
    if [ "$COMP_CWORD" -eq 1 ]; then
        mapfile -t COMPREPLY < <(compgen -W "$commands" -- "$cur")
        return
    fi
    local command=${COMP_WORDS[1]}
    [ "$program" = nqueens-mpi ] && command=mpi-$command
    # --option=value: bash splits the word at '='.
    if [ "$cur" = = ]; then
        prev=${COMP_WORDS[COMP_CWORD - 1]} cur=
    elif [ "$prev" = = ]; then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    case $prev in
    -f|--format|-m|--method|--engine|-o|--order)
        mapfile -t COMPREPLY < <(compgen -W "$(_nqueens_values "$command" "$prev")" -- "$cur")
        return ;;
    -b|--board|-c|--checkpoint|-s|--subtotals)
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
        return ;;
    -t|--threads|-l|--limit|-S|--seed|-n|--probes|-k|--sample|--max-memory)
        return ;;
    esac
    if [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_nqueens_options "$command")" -- "$cur")
    elif [ "$command" = verify ] || [ "$command" = check ]; then
        compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
}

complete -F _nqueens nqueens nqueens-mpi
