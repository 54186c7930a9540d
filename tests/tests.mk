# Tests: end-to-end tests of the binary first, then the library's unit tests (cmocka), so that
# `make check` ends with the framework's summary line.
include tests/cli/cli.mk
include tests/unit/unit.mk

check: all
	@$(MAKE) --no-print-directory cli-tests
	@$(MAKE) --no-print-directory unit-tests
