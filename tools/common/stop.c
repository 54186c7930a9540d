/*
 * stop.c - SIGINT, SIGTERM and SIGHUP as a request to stop.
 *
 * The long commands (count, solve, one) hand stop_signal to the library, which polls it and
 * ends its search soon after; the command then saves what it must and exits with 128 + the
 * signal's number. One handler serves them all. SIGHUP (a closed terminal, a logout) is a stop
 * like SIGTERM, not the end without a final sync that its default action is; but where it is
 * ignored from the start, as nohup leaves it, it stays ignored: that run was meant to outlive
 * its terminal.
 */
#include "common.h"

nq_stop_request stop_signal;

static void on_signal(int signo)
{
    stop_signal = signo;
}

const int stop_signals[STOP_SIGNALS] = { SIGINT, SIGTERM, SIGHUP };

/* Whether signo is left as it is: SIGHUP ignored (nohup). */
static int stop_signal_ignored(int signo)
{
    struct sigaction now;
    return signo == SIGHUP && sigaction(signo, NULL, &now) == 0 && now.sa_handler == SIG_IGN;
}

const char *stop_signal_name(int signo)
{
    return signo == SIGINT ? "SIGINT" : signo == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* Gives every stop signal the handler, but SIGHUP where it is ignored. */
static void handle_stop_signals(void (*handler)(int))
{
    struct sigaction action = { .sa_handler = handler };
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < STOP_SIGNALS; i++)
        if (!stop_signal_ignored(stop_signals[i]))
            sigaction(stop_signals[i], &action, NULL);
}

void catch_stop_signals(void)
{
    handle_stop_signals(on_signal);
}

void catch_stop_signals_with(void (*handler)(int))
{
    handle_stop_signals(handler);
}

void release_stop_signals(void)
{
    handle_stop_signals(SIG_DFL);
}
