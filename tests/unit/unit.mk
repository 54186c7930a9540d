# Unit tests of the library, with cmocka: one program per file in tests/unit, each linked with
# the reference solver and the static library.
UNIT_SRC   = $(wildcard tests/unit/test_*.c)
UNIT_BIN   = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit/%)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

$(BUILD)/tests/unit/%: tests/unit/%.c tests/reference.c tests/reference.h tests/unit/random_board.h tests/unit/listing.h tests/unit/published.h tests/unit/engine_tables.h $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Isrc -Itests $(LDFLAGS) $< tests/reference.c $(STATIC) -o $@ $(CMOCKA_LIBS) $(LDLIBS_ALL)

# The programs run side by side (PARALLEL, tests/tests.mk), the join's, by far the longest, first.
UNIT_RUNS = $(filter unit-run-test_join,$(UNIT_NAMES)) \
            $(filter-out unit-run-test_join,$(UNIT_NAMES))
UNIT_NAMES = $(UNIT_SRC:tests/unit/%.c=unit-run-%)

unit-tests: $(UNIT_BIN)
	@+$(PARALLEL) $(UNIT_RUNS)

unit-run-%:
	@$(BUILD)/tests/unit/$*
