/* bench_idle.h: idle connections for `partyfood bench server --idle N`
 * (src/cli/, docs/server.md "Many connections on one node").
 *
 * N WebSocket connections are opened to the server and held, from several
 * client processes (each far under its open-file limit), their source
 * addresses spread over 127.0.0.2 to 127.0.0.250: idle seats and
 * spectators of rooms nobody plays, each saying hello and hearing its
 * sync, then silent. The server's memory is read before and after. */
#ifndef PF_CLI_BENCH_IDLE_H
#define PF_CLI_BENCH_IDLE_H

#include <stdbool.h>
#include <sys/types.h>

/* A room the idle connections say hello to: its code and its seats'
 * tokens (a connection beyond them is a spectator). */
typedef struct bench_idle_room {
    char code[16];
    char token[2][33];
} bench_idle_room;

typedef struct bench_idle {
    pid_t pid[16];
    int out[16]; /* each process's report pipe */
    int procs;
    long held; /* connections said hello to and held, over all processes */
} bench_idle;

/* Opens n connections to 127.0.0.1:port from procs processes, over rooms
 * (nrooms of them, their seats first, then spectators); returns once every
 * process has opened its share or given up, with the count held in
 * idle->held. False when a process could not start. */
bool bench_idle_open(bench_idle *idle, int port, long n, int procs, const bench_idle_room *rooms,
                     int nrooms);
/* Closes them all (the processes exit). */
void bench_idle_close(bench_idle *idle);

#endif
