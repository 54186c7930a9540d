# End-to-end tests: the real binaries, their exit codes, stdout and stderr byte for byte. The
# longest sections (the join killed and resumed, the first solutions: about half the time) run
# beside the others (PARALLEL, tests/tests.mk), each part printing its own tally.
CLI_LONG_SECTIONS = join-resume first

cli-tests: $(CLI)
	@+$(PARALLEL) cli-long-sections cli-other-sections

cli-long-sections:
	@NQ_TEST_SECTIONS="$(CLI_LONG_SECTIONS)" bash tests/cli/run.sh $(CLI)
cli-other-sections:
	@NQ_TEST_SKIP="$(CLI_LONG_SECTIONS)" bash tests/cli/run.sh $(CLI)

# The sections of the end-to-end tests that reach a CPU fast path (kernels, listing, the join),
# again under each lower path this CPU has (NQ_CPU), so that every path is driven end to end:
# the portable code, and AVX2 where AVX-512 is the top (POPCNT alone adds no path of its own).
PATH_SECTIONS = count solve boards streams uva join
cpu-path-tests: $(CLI)
	@top=$$(NQ_CPU= $(CLI) --version | sed -n 's/^fast paths: \([a-z0-9 ]*\)$$/\1/p'); \
	case "$${top##* }" in \
	    "") levels= ;; \
	    avx512) levels="portable avx2" ;; \
	    *) levels=portable ;; \
	esac; \
	for level in $$levels; do \
	    echo "NQ_CPU=$$level: $(PATH_SECTIONS)"; \
	    NQ_CPU=$$level NQ_TEST_SECTIONS="$(PATH_SECTIONS)" bash tests/cli/run.sh $(CLI) || exit 1; \
	done

# The shared library exports the header's functions and nothing else.
export-tests: $(SHARED)
	@bash tests/cli/exports.sh $(SHARED) "$(CC)"

# The man pages and the bash completion against the binary's --help; the README's examples
# against the binary.
doc-tests: $(CLI)
	@bash tests/cli/docs.sh $(CLI)
	@bash tests/cli/readme.sh $(CLI)

# `make install` into a scratch directory puts every file where it belongs.
INSTALLED = bin/nqueens include/nqueens.h lib/libnqueens.a lib/libnqueens.so.0 \
            lib/pkgconfig/nqueens.pc share/man/man1/nqueens.1 \
            share/bash-completion/completions/nqueens
install-tests: all
	@rm -rf $(BUILD)/install
	@$(MAKE) --no-print-directory -s install DESTDIR=$(abspath $(BUILD))/install PREFIX=/usr \
	    >/dev/null
	@for f in $(INSTALLED); do \
	    test -f $(BUILD)/install/usr/$$f || { echo "FAIL: make install: no $$f"; exit 1; }; \
	done; echo "install: $(words $(INSTALLED)) files in place"

# The end-to-end tests of a binary built for another CPU, run by an emulator, e.g.
#   make BUILD=build-aarch64 CC=aarch64-linux-gnu-gcc \
#        EMULATOR="qemu-aarch64 -L /usr/aarch64-linux-gnu" emulated-tests
# the sections that run quickly under emulation and do not hang on its timing.
EMULATOR ?=
EMULATED_SECTIONS = count solve boards streams uva verify bad-input one cpu help
emulated-tests: $(CLI)
	@test -n "$(EMULATOR)" || { echo "emulated-tests: set EMULATOR, e.g. qemu-aarch64"; exit 2; }
	@printf '#!/bin/sh\nexec %s %s "$$@"\n' "$(EMULATOR)" "$(abspath $(CLI))" >$(CLI)-emulated
	@chmod +x $(CLI)-emulated
	@NQ_TEST_SECTIONS="$(EMULATED_SECTIONS)" bash tests/cli/run.sh $(CLI)-emulated

# nqueens-mpi under a real mpirun, when MPI was found, and the Slurm example run by it.
ifneq ($(MPICC),)
mpi-tests: $(MPI_CLI) $(CLI)
	@bash tests/cli/mpi.sh $(MPI_CLI) $(CLI)
	@bash tests/cli/slurm.sh $(MPI_CLI)
else
mpi-tests:
	@echo "mpi-tests skipped: no MPI compiler found"
endif
.PHONY: cli-tests cli-long-sections cli-other-sections cpu-path-tests export-tests doc-tests \
        install-tests emulated-tests mpi-tests
