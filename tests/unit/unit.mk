# Unit tests of the library, with cmocka: one program per file in tests/unit, each linked with
# the reference solver and the static library.
UNIT_SRC   = $(wildcard tests/unit/test_*.c)
UNIT_BIN   = $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit/%)
CMOCKA_CFLAGS := $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS   := $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)

$(BUILD)/tests/unit/%: tests/unit/%.c tests/reference.c tests/reference.h tests/unit/random_board.h tests/unit/listing.h tests/unit/published.h tests/unit/engine_tables.h $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) -Isrc -Itests $(LDFLAGS) $< tests/reference.c $(STATIC) -o $@ $(CMOCKA_LIBS) $(LDLIBS_ALL)

unit-tests: $(UNIT_BIN)
	@status=0; for t in $(UNIT_BIN); do $$t || status=1; done; exit $$status
