/* session.c: the engine protocol's requests and responses.
 *
 * The session is a codec over a table (table.h): it reads a request, checks
 * the command's flags once (a game, a seat, the caller's own seat, what a
 * spectator may ask), runs the command's handler (commands.c) on the table,
 * and adds the steps the table's hook heard. A request that fails, out of
 * memory too, leaves the session exactly as it was: the ones that change
 * the game run on a copy of the table that replaces it only once the whole
 * answer is built. */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "partyfood/json_print.h"
#include "codec.h"
#include "commands.h"
#include "partyfood/parse.h"
#include "partyfood/proto.h"
#include "partyfood/repeat.h"
#include "partyfood/replay.h"
#include "partyfood/session.h"

void pf_session_init(pf_session *s)
{
    *s = (pf_session){.table = NULL, .bound = PF_SESSION_OWNER};
}

void pf_session_fini(pf_session *s)
{
    pf_table_destroy(s->table);
    s->table = NULL;
    pf_repeats_free(s->repeats);
    s->repeats = NULL;
}

void pf_session_bind(pf_session *s, int seat)
{
    s->bound = seat;
}

const pf_match *pf_session_match(const pf_session *s)
{
    return s->table ? pf_table_match(s->table) : NULL;
}

pf_err pf_session_admit(const pf_session *s, unsigned flags, const cJSON *req, int *seat,
                        pf_error *err)
{
    *seat = PF_SEAT_SPECTATOR; /* set on every path: gcc -O3 cannot see through pf_error_set */
    bool bound = s->bound != PF_SESSION_OWNER;
    if ((flags & PF_CMD_NEEDS_GAME) && !s->table)
        return pf_error_set(err, PF_E_NO_GAME, NULL);
    if (s->bound == PF_SEAT_SPECTATOR && (flags & PF_CMD_PLAYERS))
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT, "a spectator's session may only watch");
    if (flags & PF_CMD_READS_SEAT) {
        /* A bound session's own seat when the request names none. */
        if (bound && !cJSON_GetObjectItemCaseSensitive(req, "seat"))
            *seat = s->bound;
        else {
            pf_err e = pf__read_seat(pf_table_match(s->table), req, flags & PF_CMD_WATCH, seat, err);
            if (e)
                return e;
        }
    }
    if (bound && (flags & PF_CMD_OWN_SEAT) && *seat != s->bound && *seat != PF_SEAT_SPECTATOR) {
        if (s->bound == PF_SEAT_SPECTATOR)
            pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                         "a spectator's session may only watch (seat -1), not seat %d",
                         *seat + 1);
        else
            pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                         "this session speaks for seat %d only, not seat %d", s->bound + 1,
                         *seat + 1);
        return pf_error_field(err, "seat", *seat);
    }
    if (bound && (flags & PF_CMD_SPOILS) && !pf_table_over(s->table, NULL))
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT,
                            "a save tells every hidden piece: only the table's owner may have "
                            "it while the game is on");
    return PF_E_OK;
}

/* ---- the request as a whole ------------------------------------------------- */

/* What a request that may change the game keeps to go back to: a mark of
 * the session's table, or (for an undo) the table itself while the
 * request runs on a copy. */
typedef struct undo_point {
    pf_table_mark mark;
    pf_table *kept;
} undo_point;

static pf_err begin(pf_session *s, const pf_command *c, undo_point *u, pf_error *err)
{
    *u = (undo_point){.kept = s->table};
    s->heard = (pf_session_heard){0};
    pf_jw_init(&s->heard.steps, 0);
    pf_jw_init(&s->heard.events, 0);
    pf_jw_raw(&s->heard.steps, "[", 1);
    if (c->flags & PF_CMD_REWRITES) {
        s->table = pf_table_clone(u->kept, pf__heard, s, err);
        if (!s->table) {
            s->table = u->kept;
            return err->code;
        }
    } else if (c->flags & PF_CMD_CHANGES)
        return pf_table_mark_set(s->table, &u->mark, err);
    return PF_E_OK;
}

/* Keeps what the request did (commit) or goes back to before it. */
static void end(pf_session *s, undo_point *u, bool commit)
{
    if (s->table != u->kept) { /* a copy, or a new game */
        pf_table *drop = commit ? u->kept : s->table;
        s->table = commit ? s->table : u->kept;
        pf_table_destroy(drop);
    } else if (u->mark.state) {
        if (commit)
            pf_table_mark_drop(&u->mark);
        else
            pf_table_rollback(s->table, &u->mark);
    }
    pf_jw_free(&s->heard.steps);
    pf_jw_free(&s->heard.events);
    s->heard = (pf_session_heard){0};
}

/* Adds "steps" to the answer of a command that changed the game: for a
 * bound session, or when bots played by themselves. */
static pf_err add_steps(pf_session *s, pf_jw *out, pf_error *err)
{
    pf_jw *steps = &s->heard.steps;
    pf_jw_raw(steps, "]", 1);
    const char *text = pf_jw_text(steps);
    if (!text || s->heard.events.failed)
        return pf__no_memory(err);
    if (s->bound == PF_SESSION_OWNER && !pf__has_bots(s->table))
        return PF_E_OK;
    pf_jw_key(out, "steps");
    pf_jw_raw(out, text, pf_jw_size(steps));
    return PF_E_OK;
}

/* Whether the (valid JSON) text has a string with the escape \u0000:
 * cJSON decodes it into a NUL, which would silently cut the string
 * ("pizza\u0000evil" would read as "pizza"). */
static bool has_nul_escape(const char *text, size_t n)
{
    bool in_string = false;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '"')
            in_string = !in_string;
        else if (in_string && text[i] == '\\' && i + 1 < n) {
            if (n - i >= 6 && memcmp(text + i + 1, "u0000", 5) == 0)
                return true;
            i++; /* the escaped character, maybe a quote */
        }
    }
    return false;
}

pf_err pf_request_read(const char *line, size_t len, cJSON **req, pf_error *err)
{
    *req = NULL;
    errno = 0; /* a parse failing for want of memory is told by it */
    if (len > PF_REQUEST_MAX_BYTES)
        return pf_error_set(err, PF_E_TOO_LARGE, "a request may be at most %d bytes long",
                            PF_REQUEST_MAX_BYTES);
    if (!pf_utf8_valid(line, len))
        return pf_error_set(err, PF_E_BAD_JSON,
                            "the request is not UTF-8 text (or holds a NUL byte)");
    const char *end = NULL;
    *req = cJSON_ParseWithLengthOpts(line, len, &end, false);
    if (!*req && errno == ENOMEM) /* set by malloc: the text may be fine */
        return pf__no_memory(err);
    while (*req && end < line + len && (*end == ' ' || *end == '\t' || *end == '\r'))
        end++;
    if (*req && end < line + len)
        return pf_error_set(err, PF_E_BAD_JSON,
                            "one request per line: text follows the JSON value at byte %zu",
                            (size_t)(end - line));
    if (!cJSON_IsObject(*req))
        return pf_error_set(err, PF_E_BAD_JSON, "the request is not a JSON object: %.*s",
                            (int)pf_utf8_prefix(line, 60), line);
    if (has_nul_escape(line, len))
        return pf_error_set(err, PF_E_BAD_REQUEST, "strings may not hold \\u0000");
    return PF_E_OK;
}

const pf_command *pf_command_find(const char *name)
{
    for (size_t i = 0; i < pf__ncommands; i++)
        if (strcmp(pf__commands[i].cmd, name) == 0)
            return &pf__commands[i];
    return NULL;
}

const char *pf_command_name(const pf_command *c)
{
    return c->cmd;
}

unsigned pf_command_flags(const pf_command *c)
{
    return c->flags;
}

pf_err pf_request_command(const cJSON *req, const pf_command **c, pf_error *err)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    if (!cJSON_IsString(cmd))
        return pf_error_set(err, PF_E_BAD_REQUEST, "a request needs \"cmd\" (a string)");
    if ((*c = pf_command_find(cmd->valuestring)))
        return PF_E_OK;
    /* The list comes from the table, so it cannot forget a command. */
    char names[160] = "";
    for (size_t i = 0, n = 0; i < pf__ncommands && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              pf__commands[i].cmd);
    return pf_error_set(err, PF_E_UNKNOWN_COMMAND, "no command '%.*s' (commands: %s)",
                        pf__echo_len(cmd->valuestring), cmd->valuestring, names);
}

/* A keyed command (act) answered without running (pf_repeat_answered). */
static bool repeated(pf_session *s, const pf_command *c, const cJSON *req, int seat,
                     const char **key, char **text)
{
    bool pending;
    *key = NULL;
    return (c->flags & PF_CMD_KEYED) &&
           pf_repeat_answered(s->repeats, req, seat, key, &pending, text);
}

char *pf_session_run(pf_session *s, const pf_command *c, const cJSON *req, int seat)
{
    const char *key;
    char *text = NULL;
    if (repeated(s, c, req, seat, &key, &text))
        return text;
    pf_error err;
    undo_point undo = {0};
    bool changing = (c->flags & (PF_CMD_CHANGES | PF_CMD_REPLACES)) != 0;
    pf_err e = changing ? begin(s, c, &undo, &err) : PF_E_OK;
    pf_jw out;
    pf_jw_init(&out, 0);
    if (!e) {
        pf_proto_begin(&out, req);
        e = c->run(s, req, seat, &out, &err);
        if (!e && changing)
            e = add_steps(s, &out, &err);
        if (!e && !(text = pf_proto_end(&out)))
            e = pf__no_memory(&err);
        /* A keyed act played is remembered before it is kept: if memory
         * runs out it is not played, and may be sent again. */
        if (!e && key && pf_repeat_remember(&s->repeats, seat, key, text, &err)) {
            free(text);
            text = NULL;
            e = err.code;
        }
    }
    pf_jw_free(&out);
    if (changing)
        end(s, &undo, e == PF_E_OK);
    if (!e && (c->flags & PF_CMD_REPLACES)) { /* another game: its keys are new */
        pf_repeats_free(s->repeats);
        s->repeats = NULL;
    }
    return e ? pf_proto_error_of(req, &err) : text;
}

char *pf_session_handle(pf_session *s, const char *line, size_t len)
{
    pf_error err;
    cJSON *req = NULL;
    const pf_command *c = NULL;
    int seat;
    pf_err e = pf_request_read(line, len, &req, &err);
    if (!e)
        e = pf_request_command(req, &c, &err);
    if (!e)
        e = pf_session_admit(s, c->flags, req, &seat, &err);
    char *text = e ? pf_proto_error_of(req, &err) : pf_session_run(s, c, req, seat);
    cJSON_Delete(req);
    return text;
}
