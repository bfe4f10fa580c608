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
}

void pf_session_bind(pf_session *s, int seat)
{
    s->bound = seat;
}

const pf_match *pf_session_match(const pf_session *s)
{
    return s->table ? pf_table_match(s->table) : NULL;
}

/* Checks the command's flags against the session; reads its seat. */
static pf_err admit(const pf_session *s, const pf__command *c, const cJSON *req, int *seat,
                    pf_error *err)
{
    *seat = PF_SEAT_SPECTATOR; /* set on every path: gcc -O3 cannot see through pf_error_set */
    if ((c->flags & NEEDS_GAME) && !s->table)
        return pf_error_set(err, PF_E_NO_GAME, NULL);
    if (c->flags & READS_SEAT) {
        pf_err e = pf__read_seat(pf_table_match(s->table), req, c->flags & WATCH, seat, err);
        if (e)
            return e;
    }
    bool bound = s->bound != PF_SESSION_OWNER;
    if (bound && (c->flags & OWN_SEAT) && *seat != s->bound && *seat != PF_SEAT_SPECTATOR) {
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
    if (s->bound == PF_SEAT_SPECTATOR && (c->flags & PLAYERS))
        return pf_error_set(err, PF_E_NOT_YOUR_SEAT, "a spectator's session may only watch");
    if (bound && (c->flags & SPOILS) && !pf_table_over(s->table, NULL))
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

static pf_err begin(pf_session *s, const pf__command *c, undo_point *u, pf_error *err)
{
    *u = (undo_point){.kept = s->table};
    s->heard = (pf_session_heard){.steps = cJSON_CreateArray()};
    if (!s->heard.steps)
        return pf__no_memory(err);
    if (c->flags & REWRITES) {
        s->table = pf_table_clone(u->kept, pf__heard, s, err);
        if (!s->table) {
            s->table = u->kept;
            return err->code;
        }
    } else if (c->flags & CHANGES)
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
    cJSON_Delete(s->heard.steps);
    cJSON_Delete(s->heard.events);
    s->heard = (pf_session_heard){0};
}

/* Adds "steps" to the answer of a command that changed the game: for a
 * bound session, or when bots played by themselves. */
static pf_err add_steps(pf_session *s, cJSON *out, pf_error *err)
{
    if (s->heard.lost)
        return pf__no_memory(err);
    if (s->bound == PF_SESSION_OWNER && !pf__has_bots(s->table))
        return PF_E_OK;
    cJSON *steps = s->heard.steps;
    s->heard.steps = NULL;
    return pf__add(out, "steps", steps) ? PF_E_OK : pf__no_memory(err);
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

/* Parses the line into *req: one JSON object, nothing else. */
static pf_err read_request(const char *line, size_t len, cJSON **req, pf_error *err)
{
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

static pf_err find_command(const cJSON *req, const pf__command **c, pf_error *err)
{
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(req, "cmd");
    if (!cJSON_IsString(cmd))
        return pf_error_set(err, PF_E_BAD_REQUEST, "a request needs \"cmd\" (a string)");
    for (size_t i = 0; i < pf__ncommands; i++) {
        if (strcmp(pf__commands[i].cmd, cmd->valuestring) == 0) {
            *c = &pf__commands[i];
            return PF_E_OK;
        }
    }
    /* The list comes from the table, so it cannot forget a command. */
    char names[160] = "";
    for (size_t i = 0, n = 0; i < pf__ncommands && n < sizeof names; i++)
        n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
                              pf__commands[i].cmd);
    return pf_error_set(err, PF_E_UNKNOWN_COMMAND, "no command '%.*s' (commands: %s)",
                        pf__echo_len(cmd->valuestring), cmd->valuestring, names);
}

/* A new answer object, with the request's "id" when it has one. */
static cJSON *answer_for(const cJSON *req)
{
    cJSON *out = cJSON_CreateObject();
    const cJSON *id = cJSON_IsObject(req) ? cJSON_GetObjectItemCaseSensitive(req, "id") : NULL;
    if (out && id && !pf__add(out, "id", cJSON_Duplicate(id, true)))
        return pf__discard(out);
    return out;
}

/* Prints out (and deletes it); NULL when memory ran out. */
static char *print(cJSON *out)
{
    char *text = out ? pf_json_print(out) : NULL;
    cJSON_Delete(out);
    return text;
}

char *pf__error_answer(const cJSON *req, pf_err e, const pf_error *err)
{
    /* Messages may quote client text cut by other layers: keep them
     * printable UTF-8 whatever they quote. */
    char msg[sizeof err->msg];
    pf_text_printable(err->msg, msg, sizeof msg);
    cJSON *out = answer_for(req), *eo = NULL;
    if (out && pf__add(out, "ok", cJSON_CreateFalse()) &&
        pf__add(out, "error", eo = cJSON_CreateObject()) &&
        pf__add(eo, "code", cJSON_CreateString(pf_err_code(e))) &&
        pf__add(eo, "message", cJSON_CreateString(msg)) && pf_proto_error_fields(eo, err))
        return print(out);
    cJSON_Delete(out);
    return NULL;
}

char *pf_session_handle(pf_session *s, const char *line, size_t len)
{
    pf_error err;
    cJSON *req = NULL;
    const pf__command *c = NULL;
    undo_point undo = {0};
    bool changing = false;
    int seat = PF_SEAT_SPECTATOR;
    errno = 0; /* read_request tells a parse failing for want of memory by it */
    pf_err e = read_request(line, len, &req, &err);
    if (!e)
        e = find_command(req, &c, &err);
    if (!e)
        e = admit(s, c, req, &seat, &err);
    if (!e && (c->flags & (CHANGES | REPLACES))) {
        changing = true;
        e = begin(s, c, &undo, &err);
    }
    char *text = NULL;
    if (!e) {
        cJSON *out = answer_for(req);
        e = out ? c->run(s, req, seat, out, &err) : pf__no_memory(&err);
        if (!e && changing)
            e = add_steps(s, out, &err);
        if (!e && !pf__add(out, "ok", cJSON_CreateTrue()))
            e = pf__no_memory(&err);
        if (e)
            cJSON_Delete(out);
        else if (!(text = print(out)))
            e = pf__no_memory(&err);
    }
    if (changing)
        end(s, &undo, e == PF_E_OK);
    if (e)
        text = pf__error_answer(req, e, &err);
    cJSON_Delete(req);
    return text;
}
