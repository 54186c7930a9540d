# End-to-end tests: the real binary, its exit codes, stdout and stderr byte for byte.
cli-tests: $(CLI)
	@bash tests/cli/run.sh $(CLI)
