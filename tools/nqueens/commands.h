/*
 * commands.h - the commands of nqueens, a file each (command_*.c), which main.c dispatches to.
 */
#ifndef NQ_COMMANDS_H
#define NQ_COMMANDS_H

#include "common/common.h"

/* The commands. Each takes its own argv (argv[0] is the command name) and returns an exit
 * code. */
int command_count(int argc, char **argv);
int command_solve(int argc, char **argv);
int command_uva(int argc, char **argv);
int command_verify(int argc, char **argv);
int command_estimate(int argc, char **argv);
int command_one(int argc, char **argv);
int command_check(int argc, char **argv);

#endif /* NQ_COMMANDS_H */
