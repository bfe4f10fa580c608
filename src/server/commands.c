/* commands.c: a room's commands (commands.h). The engine protocol's are
 * the protocol's (their flags from its table, pf_command_find), answered
 * by its session over the room's table bound to the member's seat, but
 * for those that change the game, which go through the room's changes
 * (timed by the server, durable before told), and those a room refuses;
 * the room's own (chat, meter, rematch) are its modules'. */
#include <string.h>

#include "partyfood/proto.h"
#include "partyfood/repeat.h"
#include "server/chat.h"
#include "server/commands.h"
#include "server/meter.h"
#include "server/rematch.h"

/* The room's own flag: its game is read back from storage first when it
 * was let go while idle. */
#define ROOM_LOADS PF_CMD_OWN_FLAGS

/* A command's handler: the answer, or NULL when it comes later (m->held).
 * s is the member's session over the committed game (s->table NULL before
 * the start), c the protocol's command of that name (NULL for the room's
 * own). */
typedef char *handler(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                      const pf_command *c, int seat);

static char *do_act(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                    const pf_command *c, int seat)
{
    (void)s, (void)c, (void)seat;
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(req, "action");
    pf_error err;
    /* Sent again (its answer lost with a connection): the first answer,
     * nothing played; the first still committing: sent again later. */
    const char *key;
    bool pending;
    char *again;
    if (pf_repeat_answered(r->repeats, req, m->seat, &key, &pending, &again))
        return again;
    if (key && pending)
        return pf_proto_error(req, PF_E_RATE_LIMITED,
                              "busy: the act with this key is still being played; send it "
                              "again in a moment");
    if (!cJSON_IsString(action))
        return pf_proto_error(req, PF_E_BAD_REQUEST, "\"act\" needs \"action\" (its name)");
    /* A skill number comes from a meter (C-4, meter.c). */
    char name[PF_REPLAY_NAME_MAX + 1];
    pf_err e = pf_meter_action(r, m->seat, req, name, sizeof name, &err);
    if (!e)
        e = pf_room_act(r, m, req, name, key, &err);
    return e ? pf_proto_error_of(req, &err) : NULL;
}

static char *do_undo(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                     const pf_command *c, int seat)
{
    (void)s, (void)c, (void)seat;
    pf_error err;
    return pf_room_undo(r, m, req, &err) ? pf_proto_error_of(req, &err) : NULL;
}

/* A read-only command answered by the protocol's session, as the engine
 * answers it. */
static char *do_session(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                        const pf_command *c, int seat)
{
    (void)r, (void)m;
    return pf_session_run(s, c, req, seat);
}

/* A hint may search as long as a bot's move: the protocol's session
 * answers it on the worker, over a copy of the committed game, and the
 * answer is sent when it is back; the member's later messages wait for it. */
static char *do_hint(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                     const pf_command *c, int seat)
{
    (void)s;
    pf_error err;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "hint")) && !r->hints_on)
        return pf_proto_error(req, PF_E_NO_HINT,
                              "hints are off at this table: only the host can turn them on");
    pf_table *copy = pf_table_clone(r->table, NULL, NULL, &err);
    cJSON *own = copy ? cJSON_Duplicate(req, true) : NULL;
    if (copy && !own)
        pf_error_set(&err, PF_E_NO_MEMORY, NULL);
    if (!own) {
        pf_table_destroy(copy);
        return pf_proto_error_of(req, &err);
    }
    return pf_room_ask_worker(r, m, copy, c, own, seat, &err) ? pf_proto_error(req, err.code,
                                                                               err.msg)
                                                              : NULL;
}

static char *do_chat(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                     const pf_command *c, int seat)
{
    (void)s, (void)c, (void)seat;
    return pf_chat_request(r, m, req);
}

static char *do_meter(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                      const pf_command *c, int seat)
{
    (void)s, (void)c, (void)seat;
    return pf_meter_request(r, m, req);
}

static char *do_rematch(pf_room *r, pf_member *m, const cJSON *req, pf_session *s,
                        const pf_command *c, int seat)
{
    (void)s, (void)c, (void)seat;
    return pf_rematch_request(r, m, req);
}

static const struct room_command {
    const char *name;
    handler *run;   /* NULL: refused, saying why */
    unsigned flags; /* the room's; the protocol's commands add their own */
    const char *why;
} commands[] = {
    {"act", do_act, ROOM_LOADS, NULL},
    {"undo", do_undo, ROOM_LOADS, NULL},
    {"legal", do_session, ROOM_LOADS, NULL},
    {"view", do_session, ROOM_LOADS, NULL},
    {"result", do_session, ROOM_LOADS, NULL},
    {"games", do_session, 0, NULL},
    {"plan", do_hint, ROOM_LOADS, NULL},
    {"chat", do_chat, PF_CMD_PLAYERS, NULL},
    {"meter", do_meter, PF_CMD_NEEDS_GAME | PF_CMD_PLAYERS | ROOM_LOADS, NULL},
    {"rematch", do_rematch, PF_CMD_NEEDS_GAME | PF_CMD_PLAYERS | ROOM_LOADS, NULL},
    {"new", NULL, 0, "a room plays the one game it was created with"},
    {"load", NULL, 0, "a room plays the one game it was created with"},
    {"save", NULL, 0, "a save tells every hidden piece: rooms keep the game until it is over"},
    {"bot", NULL, 0, "the room's bots play by themselves; \"plan\" gives a hint"},
    {"wait", NULL, 0, "the server's clock runs by itself: no need to wait"},
    {"hello", NULL, 0, "this connection already said hello"},
};

static const struct room_command *find(const cJSON *req)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    for (size_t i = 0; cJSON_IsString(cmd) && i < sizeof commands / sizeof *commands; i++)
        if (strcmp(commands[i].name, cmd->valuestring) == 0)
            return &commands[i];
    return NULL;
}

void pf_room_request(pf_room *r, pf_member *m, const char *msg, size_t len)
{
    cJSON *req;
    pf_error err;
    const pf_command *c = NULL;
    const struct room_command *rc = NULL;
    pf_err e = pf_request_read(msg, len, &req, &err);
    /* Not one of the room's: the protocol's answer (no "cmd", or none of
     * its commands). */
    if (!e && !(rc = find(req)))
        e = pf_request_command(req, &c, &err);
    if (!e && !rc->run)
        e = pf_error_set(&err, PF_E_UNKNOWN_COMMAND, "%s", rc->why);
    unsigned flags = 0;
    if (!e) {
        c = pf_command_find(rc->name);
        flags = rc->flags | (c ? pf_command_flags(c) : 0);
    }
    if (!e && (flags & ROOM_LOADS) && r->started)
        e = pf_room_load(r, &err);
    pf_session s;
    pf_session_init(&s);
    pf_session_bind(&s, m->seat);
    s.table = r->table;
    int seat;
    if (!e && (e = pf_session_admit(&s, flags, req, &seat, &err)) == PF_E_NO_GAME)
        pf_error_set(&err, e, "the game starts when every person's seat is taken");
    char *text = e ? pf_proto_error_of(req, &err) : rc->run(r, m, req, &s, c, seat);
    s.table = NULL; /* the room's: no command here replaces it */
    cJSON_Delete(req);
    if (text || !m->held)
        pf_room_answer(r, m, text);
}
