/*
 * stop.c - SIGINT and SIGTERM as a request to stop.
 *
 * The long commands (count, solve, one) hand stop_signal to the library, which polls it and
 * ends its search soon after; the command then saves what it must and exits with 128 + the
 * signal's number. One handler serves them all.
 */
#include "common.h"

volatile sig_atomic_t stop_signal;

static void on_signal(int signo)
{
    stop_signal = signo;
}

void catch_stop_signals(void)
{
    struct sigaction action = { .sa_handler = on_signal };
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}

void release_stop_signals(void)
{
    struct sigaction action = { .sa_handler = SIG_DFL };
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
}
