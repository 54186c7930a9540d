# Tests: end-to-end tests of the binaries first (nqueens-mpi's when MPI is found), then the threaded unit tests under ThreadSanitizer,
# then all the library's unit tests (cmocka), so that `make check` ends with the framework's
# summary line.
include tests/cli/cli.mk
include tests/unit/unit.mk

check: all
	@$(MAKE) --no-print-directory cli-tests
	@$(MAKE) --no-print-directory mpi-tests
	@$(MAKE) --no-print-directory tsan-tests
	@$(MAKE) --no-print-directory unit-tests

# The thread pool, the runs and threaded listing under ThreadSanitizer, built apart.
TSAN_BUILD = $(BUILD)/tsan
TSAN_FLAGS = -O1 -g -fsanitize=thread

tsan-tests:
	@$(MAKE) --no-print-directory BUILD=$(TSAN_BUILD) CFLAGS="$(TSAN_FLAGS)" LDFLAGS="$(TSAN_FLAGS)" \
	    $(TSAN_BUILD)/tests/unit/test_plan $(TSAN_BUILD)/tests/unit/test_count \
	    $(TSAN_BUILD)/tests/unit/test_solve >/dev/null
	@TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/unit/test_plan
	@TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/unit/test_count
	@TSAN_OPTIONS=halt_on_error=1 $(TSAN_BUILD)/tests/unit/test_solve
