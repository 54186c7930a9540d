# Tests: the layers of the tree's includes first, then the build's choice of MPI compiler, then
# end-to-end tests of the binaries (again
# under each lower CPU path, and nqueens-mpi's when MPI is found), the exported symbols, the
# man pages and completion and their installation, then the threaded unit tests under
# ThreadSanitizer, then all the library's unit tests (cmocka), so that `make check` ends with
# the framework's summary line.
include tests/cli/cli.mk
include tests/unit/unit.mk

# CHECKS picks the suites `make check` runs, in this order; a pass that only adds a build
# flavour runs those the flavour can tell something new, e.g. under the sanitizers:
#   make check CHECKS="cli-tests unit-tests"
CHECKS ?= layout-tests build-tests cli-tests cpu-path-tests export-tests doc-tests install-tests \
          mpi-tests python-tests tsan-tests unit-tests

check: all
	@for suite in $(CHECKS); do $(MAKE) --no-print-directory $$suite || exit 1; done

# The slow suites run their parts side by side, as many at once as the machine has cores, each
# part's output kept together (-Otarget), so that CI stays well within its half hour. A make
# started with -j already shares its job slots with them; a plain `make check` gets TEST_JOBS.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
PARALLEL = $(MAKE) --no-print-directory -k -Otarget \
           $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(TEST_JOBS))

# Each folder of src/ and tools/ includes only the layers below it (tests/layout/includes.sh),
# and no two files of a folder lean on each other around a circle (tests/layout/parts.sh).
layout-tests:
	@bash tests/layout/includes.sh
	@bash tests/layout/parts.sh
.PHONY: layout-tests

# How the build picks an MPI compiler for CC's CPU (tests/build/mpi_choice.sh).
build-tests:
	@bash tests/build/mpi_choice.sh
.PHONY: build-tests

# The thread pool, the runs and threaded listing under ThreadSanitizer, built apart.
TSAN_BUILD = $(BUILD)/tsan
TSAN_FLAGS = -O1 -g -fsanitize=thread

TSAN_TESTS = test_plan test_pieces test_count test_solve test_complete_threads

tsan-tests:
	@$(MAKE) --no-print-directory BUILD=$(TSAN_BUILD) CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" \
	    $(TSAN_TESTS:%=$(TSAN_BUILD)/tests/unit/%) >/dev/null
	@+$(PARALLEL) $(TSAN_TESTS:%=tsan-run-%)

tsan-run-%:
	@TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/unit/$*
