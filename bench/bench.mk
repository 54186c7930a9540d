# Benchmark programs: each bench/NAME.c is built into $(BUILD)/bench/NAME, linked with the
# static library (those that use it include nqueens.h, or a layer's header from src/ to time one
# part alone). bench/run.sh and the scripts beside it run them; BENCHMARKS.md says which gives
# what. The textbook counter (textbook.c) and the plainest first-solution search (lexfirst.c)
# use nothing of the library: they are the yardsticks.
BENCH_BIN = $(patsubst bench/%.c,$(BUILD)/bench/%,$(wildcard bench/*.c))

bench: $(CLI) $(BENCH_BIN)

$(BUILD)/bench/%: bench/%.c $(wildcard bench/*.h) $(STATIC)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Isrc $< $(STATIC) -o $@ $(LDLIBS_ALL)

.PHONY: bench
