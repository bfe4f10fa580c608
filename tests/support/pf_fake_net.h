/* pf_fake_net.h: a room's network for the tests (tests/server): the rooms
 * of src/server/room.h driven with a real store, committer and bots'
 * worker, and a fake network in their place: every frame a member is sent
 * is kept, the clock is the test's own (it moves only when the test says),
 * and the test runs the group commit and collects the bots' searches
 * itself, waiting on their threads' signals, never on time. */
#ifndef PF_FAKE_NET_H
#define PF_FAKE_NET_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "server/room.h"

#define PF_FAKE_ROOMS 8

typedef struct pf_fake_frame {
    pf_member *to;
    char *text;
} pf_fake_frame;

typedef struct pf_fake_net {
    char dir[64], db[96];
    int64_t now; /* the clock: starts at 1,000,000 ms */
    pf_store *store;
    pf_committer *commit;
    pf_worker *worker;
    pf_log log;
    pf_room_env env;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int wakes; /* the threads' wake-ups, under mu */
    pf_fake_frame *frame;
    int nframes, cap;
    pf_member *closed[16];
    int closed_code[16], nclosed;
    int64_t wake_ms; /* the last timer asked for (-1: none) */
    int resumes;
    pf_room *adopted[PF_FAKE_ROOMS]; /* rooms made by a rematch */
    int nadopted, codes;
} pf_fake_net;

/* A fake network over a new SQLite database in a temporary folder. */
void pf_fake_start(pf_fake_net *f);
/* Destroys the adopted rooms, stops the threads, removes the folder. */
void pf_fake_stop(pf_fake_net *f);

/* Runs the group commit until nothing waits (each batch's end waited for). */
void pf_fake_commit(pf_fake_net *f);
/* Waits for the bots' worker to finish every job, and collects them. */
void pf_fake_think(pf_fake_net *f);

/* A room made from a create request given as JSON text, with the code
 * given; its host token into host (may be NULL). */
pf_room *pf_fake_room(pf_fake_net *f, const char *code, const char *request, char *host);
/* A person takes the next place (the token into token, 33 bytes). */
int pf_fake_join(pf_room *r, const char *name, char *token);
/* A member for seat (PF_SEAT_SPECTATOR: a spectator) entering r. */
pf_member *pf_fake_enter(pf_room *r, int seat);
/* Sends a request (JSON text) from m. */
void pf_fake_ask(pf_room *r, pf_member *m, const char *request);

/* The frames m was sent, from index from: how many. */
int pf_fake_count(const pf_fake_net *f, const pf_member *m);
/* m's i-th frame (0 first; negative: from the last), parsed (caller
 * deletes); fails the test when there is none. */
cJSON *pf_fake_frame_of(const pf_fake_net *f, const pf_member *m, int i);
/* m's last answer with this id, parsed (caller deletes), or NULL. */
cJSON *pf_fake_answer(const pf_fake_net *f, const pf_member *m, int id);
/* The number of m's pushes of this kind ("steps", "sync", "chat"...). */
int pf_fake_pushes(const pf_fake_net *f, const pf_member *m, const char *kind);

#endif
