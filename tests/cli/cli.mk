# End-to-end tests: the real binaries, their exit codes, stdout and stderr byte for byte.
cli-tests: $(CLI)
	@bash tests/cli/run.sh $(CLI)

# nqueens-mpi under a real mpirun, when MPI was found.
ifneq ($(MPICC),)
mpi-tests: $(MPI_CLI) $(CLI)
	@bash tests/cli/mpi.sh $(MPI_CLI) $(CLI)
else
mpi-tests:
	@echo "mpi-tests skipped: no MPI compiler found"
endif
.PHONY: cli-tests mpi-tests
