/* fuzz_replay.c: loading a replay or save file of any content.
 *
 * The input is the file: it is written to a memory file and loaded by path
 * as `partyfood replay` loads it (pf_seating_load: the bounded read, the JSON
 * parse, every step applied by name, the seating when it has one). A replay that loads must save and load back to the same game,
 * and `partyfood replay FILE` (with --seat or --all, picked by a hash of the
 * input) must print it step by step; its output goes to /dev/null. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cli/commands.h"
#include "partyfood/replay.h"
#include "partyfood/seating.h"

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "fuzz_replay: %s: ", #cond);                                   \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fputc('\n', stderr);                                                           \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

static void check_round_trip(const pf_match *m)
{
    cJSON *r = pf_match_save(m);
    pf_error err;
    pf_match *back = pf_match_load(r, &err);
    CHECK(back != NULL, "a loaded replay, saved again, does not load: %s", err.msg);
    CHECK(back->nsteps == m->nsteps && memcmp(back->state, m->state, m->game->state_size) == 0,
          "a loaded replay, saved again, rebuilds another state");
    pf_match_destroy(back);
    cJSON_Delete(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (fd < 0) {
        fd = memfd_create("replay", 0);
        int null = open("/dev/null", O_WRONLY);
        CHECK(fd >= 0 && null >= 0 && dup2(null, STDOUT_FILENO) >= 0, "setting up");
        close(null);
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    CHECK(ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size,
          "writing the memory file");
    pf_error err;
    pf_seating seating;
    bool seated = false, memory_aid = false;
    const char *warning;
    pf_match *m = pf_seating_load(path, &seating, &seated, &memory_aid, &warning, &err);
    if (!m)
        return 0;
    check_round_trip(m);
    /* Which seat watches: any, or everything (--all), from a hash of the input. */
    unsigned k = 0;
    for (size_t i = 0; i < size; i++)
        k = k * 31 + data[i];
    int watcher = (int)(k % (unsigned)(m->seats + 2)) - 2;
    char seat[16];
    snprintf(seat, sizeof seat, "%d", watcher + 1); /* --seat counts from 1 */
    char *argv[] = {"replay", path, "--seat", seat, NULL};
    char *argv_all[] = {"replay", path, "--all", NULL};
    char *argv_spectator[] = {"replay", path, NULL}; /* the default */
    int rc = watcher == PF_SEAT_GOD         ? cmd_replay(3, argv_all)
             : watcher == PF_SEAT_SPECTATOR ? cmd_replay(2, argv_spectator)
                                            : cmd_replay(4, argv);
    fflush(stdout);
    CHECK(rc == 0, "`partyfood replay` refused a replay that loads");
    pf_match_destroy(m);
    return 0;
}
