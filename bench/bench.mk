# Benchmarks: the textbook counter that every figure is compared with. bench/run.sh runs them.
TEXTBOOK = $(BUILD)/bench/textbook

bench: $(CLI) $(TEXTBOOK)

$(TEXTBOOK): bench/textbook.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) $< -o $@

# The plainest search for the first solution, to check and time `solve N --limit 1` against.
LEXFIRST = $(BUILD)/bench/lexfirst
bench: $(LEXFIRST)

$(LEXFIRST): bench/lexfirst.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) $< -o $@

# The completion benchmark's boards (bench/complete.sh).
COMPLETE_BOARDS = $(BUILD)/bench/complete_boards
bench: $(COMPLETE_BOARDS)

$(COMPLETE_BOARDS): bench/complete_boards.c bench/board_cnf.h $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $< $(STATIC) -o $@ $(LDLIBS_ALL)

# The searches behind `count --unique` by the join, timed alone (BENCHMARKS.md).
TURNS = $(BUILD)/bench/turns
bench: $(TURNS)

$(TURNS): bench/turns.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) -Iinclude $< $(STATIC) -o $@ $(LDLIBS_ALL)

# The join's quarter table against its row slices, for callgrind (BENCHMARKS.md).
JOIN_LAYOUTS = $(BUILD)/bench/join_layouts
bench: $(JOIN_LAYOUTS)

$(JOIN_LAYOUTS): bench/join_layouts.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) -Iinclude -Isrc $< $(STATIC) -o $@ $(LDLIBS_ALL)

# The join's random units timed alone, as many as asked (BENCHMARKS.md).
JOIN_UNITS = $(BUILD)/bench/join_units
bench: $(JOIN_UNITS)

$(JOIN_UNITS): bench/join_units.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $< $(STATIC) -o $@ $(LDLIBS_ALL)

# The join's matching alone, on the same listed halves every pass (BENCHMARKS.md).
JOIN_SIEVE = $(BUILD)/bench/join_sieve
bench: $(JOIN_SIEVE)

$(JOIN_SIEVE): bench/join_sieve.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) -Iinclude -Isrc $< $(STATIC) -o $@ $(LDLIBS_ALL)

# An odd board's starts (a, b) apart against their one start with choices (BENCHMARKS.md).
JOIN_CHOICES = $(BUILD)/bench/join_choices
bench: $(JOIN_CHOICES)

$(JOIN_CHOICES): bench/join_choices.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) -Iinclude -Isrc $< $(STATIC) -o $@ $(LDLIBS_ALL)

# One start of the join counted whole, in order: orders of row sets timed on the same work.
JOIN_START = $(BUILD)/bench/join_start
bench: $(JOIN_START)

$(JOIN_START): bench/join_start.c $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 $(CFLAGS) -Iinclude -Isrc $< $(STATIC) -o $@ $(LDLIBS_ALL)

# The decision benchmark's boards: CSPLib problem 079, whole diagonals excluded
# (bench/hard_boards.sh).
DIAGONAL_BOARDS = $(BUILD)/bench/diagonal_boards
bench: $(DIAGONAL_BOARDS)

$(DIAGONAL_BOARDS): bench/diagonal_boards.c bench/board_cnf.h $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $< $(STATIC) -o $@ $(LDLIBS_ALL)
