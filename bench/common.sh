# What bench/run.sh and bench/join.sh share, sourced from the repository's root: the build,
# the programs, a scratch folder $out, hyperfine, and the heading naming the machine.
make -s all bench >/dev/null
nq=build/nqueens
tb=build/bench/textbook
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

command -v hyperfine >/dev/null || { echo "bench: hyperfine is needed (apt-get install hyperfine)" >&2; exit 1; }

echo "# Run on $(date -u +%Y-%m-%d), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo
