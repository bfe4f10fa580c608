/* lesson_file.c: reading a lesson from its text and checking it whole
 * (lesson.h; the format: docs/lessons.md). A bad file is refused with a
 * message that names the chapter and the step at fault, and what is wrong
 * there. No file is opened here (lesson_find.c does that), so the
 * WebAssembly module reads lessons too, from text the page fetched. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_int.h"
#include "partyfood/parse.h"

#define SAY_MAX 300   /* bytes of a caption: one or two sentences */
#define AFTER_MAX 60000 /* ms between two moves of a real-time lesson */

static const char *const default_names[PF_MAX_SEATS] = {"You", "Sam", "Mia", "Leo",
                                                        "Zoe", "Kai", "Ava", "Ned"};

/* Where a problem is, for messages: "chapter 2 ('switching') step 5". */
typedef struct place {
    const char *file;
    int chapter, step; /* from 0; -1: not in one */
    const char *id;
    const char *part; /* what `step` counts: NULL for the steps */
} place;

static pf_err bad(pf_error *err, const place *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static pf_err bad(pf_error *err, const place *at, const char *fmt, ...)
{
    char where[128] = "", what[200];
    int n = snprintf(where, sizeof where, "%s", at->file);
    if (at->chapter >= 0)
        n += snprintf(where + n, sizeof where - (size_t)n, ": chapter %d", at->chapter + 1);
    if (at->chapter >= 0 && at->id)
        n += snprintf(where + n, sizeof where - (size_t)n, " ('%.40s')", at->id);
    if (at->step >= 0)
        snprintf(where + n, sizeof where - (size_t)n, " %s %d", at->part ? at->part : "step",
                 at->step + 1);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return pf_error_set(err, PF_E_BAD_LESSON, "%s: %s", where, what);
}

/* Refuses members of o not in `known` (a typo must not pass unseen). */
static pf_err only_known(const cJSON *o, const char *const *known, const place *at,
                         pf_error *err)
{
    for (const cJSON *m = o->child; m; m = m->next) {
        bool ok = false;
        for (const char *const *k = known; *k && !ok; k++)
            ok = strcmp(m->string, *k) == 0;
        if (!ok)
            return bad(err, at, "unknown field \"%.40s\"", m->string);
    }
    return PF_E_OK;
}

/* An optional string member (NULL when absent), valid UTF-8 of at most max
 * bytes. */
static pf_err text(const cJSON *o, const char *key, size_t max, const char **out,
                   const place *at, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    *out = NULL;
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsString(v) || !*v->valuestring)
        return bad(err, at, "\"%s\" must be a text", key);
    size_t len = strlen(v->valuestring);
    if (len > max || !pf_utf8_valid(v->valuestring, len))
        return bad(err, at, "\"%s\" must be UTF-8 text of at most %zu bytes", key, max);
    *out = v->valuestring;
    return PF_E_OK;
}

/* An optional whole number member in [lo, hi] (def when absent). */
static pf_err whole(const cJSON *o, const char *key, long long lo, long long hi, long long def,
                    long long *out, const place *at, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    *out = def;
    if (v && !pf_json_int(v, lo, hi, out))
        return bad(err, at, "\"%s\" must be a whole number from %lld to %lld", key, lo, hi);
    return PF_E_OK;
}

/* Whether target matches pattern: the same number of words, each a literal
 * word, one of `a|b|c`, or `#` (a whole number). */
static bool target_matches(const char *pattern, const char *target)
{
    for (;;) {
        size_t pl = strcspn(pattern, " "), tl = strcspn(target, " ");
        bool ok = false;
        if (pl == 1 && pattern[0] == '#')
            ok = tl > 0 && strspn(target, "0123456789") == tl && tl < 6;
        for (const char *alt = pattern; !ok && alt < pattern + pl;) {
            size_t al = strcspn(alt, "| ");
            if (al > pl - (size_t)(alt - pattern))
                al = pl - (size_t)(alt - pattern);
            ok = al == tl && memcmp(alt, target, tl) == 0;
            alt += al + 1;
        }
        if (!ok)
            return false;
        pattern += pl, target += tl;
        if (!*pattern || !*target)
            return !*pattern && !*target;
        pattern++, target++;
    }
}

static pf_err read_show(const pf_lesson *l, const cJSON *o, lesson_step *s, const place *at,
                        pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "show");
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > PF_LESSON_SHOW)
        return bad(err, at, "\"show\" must be a list of at most %d things to highlight",
                   PF_LESSON_SHOW);
    const cJSON *item;
    cJSON_ArrayForEach(item, v)
    {
        if (!cJSON_IsString(item))
            return bad(err, at, "\"show\" lists texts such as \"%s\"",
                       l->game->lesson_targets ? l->game->lesson_targets[0] : "cell 3");
        bool ok = false;
        for (const char *const *p = l->game->lesson_targets; p && *p && !ok; p++)
            ok = target_matches(*p, item->valuestring);
        if (!ok)
            return bad(err, at, "\"%.40s\" is nothing %s can highlight (see docs/lessons.md)",
                       item->valuestring, l->game->title);
        s->show[s->nshow++] = item->valuestring;
    }
    return PF_E_OK;
}

static pf_err read_aim(const cJSON *o, lesson_step *s, const place *at, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "aim");
    if (!v)
        return PF_E_OK;
    const cJSON *lo = cJSON_GetArrayItem(v, 0), *hi = cJSON_GetArrayItem(v, 1);
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(lo) ||
        !cJSON_IsNumber(hi) || lo->valuedouble > hi->valuedouble)
        return bad(err, at, "\"aim\" must be [lowest, highest]: the skill numbers the move may "
                            "have");
    s->aim = true;
    s->aim_lo = lo->valuedouble;
    s->aim_hi = hi->valuedouble;
    return PF_E_OK;
}

static pf_err read_step(const pf_lesson *l, const lesson_chapter *ch, const cJSON *o,
                        lesson_step *s, const place *at, pf_error *err)
{
    static const char *const known[] = {"seat", "act", "say", "show", "refuse", "aim",
                                        "after", NULL};
    if (!cJSON_IsObject(o))
        return bad(err, at, "a step is an object");
    long long seat, after;
    pf_err e;
    *s = (lesson_step){.seat = -1};
    if ((e = only_known(o, known, at, err)) || (e = text(o, "act", PF_REPLAY_NAME_MAX, &s->act, at, err)) ||
        (e = text(o, "say", SAY_MAX, &s->say, at, err)) ||
        (e = text(o, "refuse", SAY_MAX, &s->refuse, at, err)) ||
        (e = whole(o, "seat", 0, ch->seats - 1, -1, &seat, at, err)) ||
        (e = whole(o, "after", 0, AFTER_MAX, 0, &after, at, err)) ||
        (e = read_show(l, o, s, at, err)) || (e = read_aim(o, s, at, err)))
        return e;
    s->seat = (int)seat;
    s->after = after;
    if (!s->act) {
        if (!s->say)
            return bad(err, at, "a step without \"act\" is a note and needs \"say\"");
        if (seat >= 0 || s->refuse || s->aim || after)
            return bad(err, at, "a note (no \"act\") has no \"seat\", \"refuse\", \"aim\" or "
                                "\"after\"");
        return PF_E_OK;
    }
    if (seat < 0)
        return bad(err, at, "a move needs \"seat\": who makes it");
    if (seat != l->you && (s->refuse || s->aim))
        return bad(err, at, "\"refuse\" and \"aim\" are for the person's moves (seat %d)",
                   l->you);
    /* Another seat's move without words goes by after a pause: a highlight
     * then, with nothing saying why, only puzzles a child. */
    if (seat != l->you && s->nshow && !s->say)
        return bad(err, at, "another seat's move that shows something needs \"say\": why it "
                            "shines");
    return PF_E_OK;
}

/* A chapter's "before": moves played silently at its start (the game
 * moved on to where the chapter teaches), each {"seat", "act"} and maybe
 * "after". */
static pf_err read_moves(const pf_lesson *l, lesson_chapter *ch, const cJSON *o, place *at,
                         pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "before");
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsArray(v))
        return bad(err, at, "\"before\" must be a list of moves");
    ch->nbefore = cJSON_GetArraySize(v);
    if (ch->nbefore && !(ch->before = calloc((size_t)ch->nbefore, sizeof *ch->before)))
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    int i = 0;
    const cJSON *m;
    cJSON_ArrayForEach(m, v)
    {
        place here = *at;
        here.part = "move before the steps";
        here.step = i;
        lesson_step *s = &ch->before[i++];
        pf_err e = read_step(l, ch, m, s, &here, err);
        if (e)
            return e;
        if (!s->act || s->say || s->nshow || s->refuse || s->aim)
            return bad(err, &here, "a move before the steps is only \"seat\", \"act\" and "
                                   "maybe \"after\"");
    }
    return PF_E_OK;
}

/* The options of o's "options" over base. */
static pf_err read_options(const cJSON *o, pf_options *opt, const place *at, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, "options");
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsObject(v))
        return bad(err, at, "\"options\" must be an object");
    pf_error e2;
    for (const cJSON *m = v->child; m; m = m->next) {
        char val[PF_OPT_VAL];
        if (cJSON_IsString(m))
            snprintf(val, sizeof val, "%s", m->valuestring);
        else if (cJSON_IsBool(m))
            snprintf(val, sizeof val, "%s", cJSON_IsTrue(m) ? "true" : "false");
        else if (cJSON_IsNumber(m))
            snprintf(val, sizeof val, "%.17g", m->valuedouble);
        else
            return bad(err, at, "option \"%.31s\" must be a text, a number or true/false",
                       m->string);
        if (pf_options_set(opt, m->string, val, &e2))
            return bad(err, at, "%s", e2.msg);
    }
    return PF_E_OK;
}

static pf_err read_chapter(pf_lesson *l, const cJSON *o, int c, const lesson_chapter *base,
                           place *at, pf_error *err)
{
    static const char *const known[] = {"id",   "title",   "optional", "from",  "seats",
                                        "seed", "options", "refuse",   "before", "steps",
                                        NULL};
    lesson_chapter *ch = &l->ch[c];
    if (!cJSON_IsObject(o))
        return bad(err, at, "a chapter is an object");
    const char *from = NULL;
    pf_err e;
    if ((e = only_known(o, known, at, err)) || (e = text(o, "id", 40, &ch->id, at, err)) ||
        (e = text(o, "title", 80, &ch->title, at, err)) ||
        (e = text(o, "refuse", SAY_MAX, &ch->refuse, at, err)) ||
        (e = text(o, "from", 40, &from, at, err)))
        return e;
    if (!ch->id || !ch->title)
        return bad(err, at, "a chapter needs \"id\" and \"title\"");
    at->id = ch->id;
    for (int k = 0; k < c; k++)
        if (strcmp(l->ch[k].id, ch->id) == 0)
            return bad(err, at, "another chapter has the id '%s'", ch->id);
    ch->optional = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "optional"));
    ch->from = -1;
    if (from) {
        for (int k = 0; k < c; k++)
            if (strcmp(l->ch[k].id, from) == 0)
                ch->from = k;
        if (ch->from < 0)
            return bad(err, at, "\"from\" names no earlier chapter: '%.40s'", from);
        if (cJSON_GetObjectItemCaseSensitive(o, "seats") ||
            cJSON_GetObjectItemCaseSensitive(o, "seed") ||
            cJSON_GetObjectItemCaseSensitive(o, "options"))
            return bad(err, at, "a chapter that goes on from another keeps its seats, seed "
                                "and options");
        base = &l->ch[ch->from];
    }
    long long seats, seed;
    ch->opt = base->opt;
    if ((e = whole(o, "seats", l->game->min_seats, l->game->max_seats, base->seats, &seats, at,
                   err)) ||
        (e = whole(o, "seed", 0, PF_JSON_INT_MAX - 1, (long long)base->seed, &seed, at, err)) ||
        (e = read_options(o, &ch->opt, at, err)))
        return e;
    ch->seats = (int)seats;
    ch->seed = (uint64_t)seed;
    if (l->you >= ch->seats)
        return bad(err, at, "the person's seat %d is not at a table of %d", l->you, ch->seats);
    if ((e = read_moves(l, ch, o, at, err)))
        return e;
    const cJSON *steps = cJSON_GetObjectItemCaseSensitive(o, "steps");
    if (!cJSON_IsArray(steps) || cJSON_GetArraySize(steps) == 0)
        return bad(err, at, "a chapter needs \"steps\", a list of at least one");
    ch->nsteps = cJSON_GetArraySize(steps);
    if (!(ch->steps = calloc((size_t)ch->nsteps, sizeof *ch->steps)))
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    int i = 0, yours = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, steps)
    {
        at->step = i;
        if ((e = read_step(l, ch, s, &ch->steps[i], at, err)))
            return e;
        yours += ch->steps[i].act && ch->steps[i].seat == l->you;
        i++;
    }
    at->step = -1;
    if (!yours)
        return bad(err, at, "no move of the person's: a lesson is learnt by doing");
    return PF_E_OK;
}

/* Plays chapter c through, every step as written: each move must be legal
 * where it stands (and the person's the one its step asks for). */
static pf_err play_through(const pf_lesson *l, int c, place *at, pf_error *err)
{
    pf_lesson_run *r = pf_lesson_start(l, c, NULL, NULL, err);
    if (!r)
        return bad(err, at, "%s", err->msg);
    pf_err e = PF_E_OK;
    pf_lesson_now now;
    for (pf_lesson_now_get(r, &now); !e && now.kind != PF_LESSON_DONE;
         pf_lesson_now_get(r, &now)) {
        at->step = now.step;
        e = now.kind == PF_LESSON_YOU ? pf_lesson_play(r, now.act, err)
                                      : pf_lesson_next(r, err);
        if (e)
            e = bad(err, at, "'%s' cannot be played there: %s", now.act ? now.act : "",
                    err->msg);
    }
    at->step = -1;
    pf_lesson_stop(r);
    return e;
}

static pf_err read_names(pf_lesson *l, const cJSON *root, const place *at, pf_error *err)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "names");
    for (int i = 0; i < PF_MAX_SEATS; i++)
        snprintf(l->names[i], sizeof l->names[i], "%s", default_names[i]);
    if (!v)
        return PF_E_OK;
    if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) > PF_MAX_SEATS)
        return bad(err, at, "\"names\" must be a list of at most %d names", PF_MAX_SEATS);
    int i = 0;
    const cJSON *n;
    cJSON_ArrayForEach(n, v)
    {
        pf_seating one = {0};
        pf_error e2;
        if (!cJSON_IsString(n) || pf_seating_add(&one, l->game, n->valuestring, &e2) != 0 ||
            one.bot[0])
            return bad(err, at, "name %d must be a person's name (at most %d bytes, no comma, "
                                "not a bot's)",
                       i + 1, PF_SEAT_NAME_MAX);
        snprintf(l->names[i++], sizeof l->names[0], "%s", n->valuestring);
    }
    return PF_E_OK;
}

static pf_err read_lesson(pf_lesson *l, const char *file, pf_error *err)
{
    static const char *const known[] = {"format", "version", "game",  "title",   "you",
                                        "names",  "refuse",  "seats", "seed",    "options",
                                        "chapters", NULL};
    place at = {file, -1, -1, NULL, NULL};
    const cJSON *root = l->root;
    if (!cJSON_IsObject(root))
        return bad(err, &at, "not a JSON object");
    const char *format, *game;
    long long version, you;
    pf_err e;
    if ((e = text(root, "format", 40, &format, &at, err)) ||
        (e = text(root, "game", 40, &game, &at, err)))
        return e;
    if (!format || strcmp(format, PF_LESSON_FORMAT) != 0)
        return bad(err, &at, "not a lesson (\"format\" must be \"%s\")", PF_LESSON_FORMAT);
    if ((e = whole(root, "version", 1, INT32_MAX, 0, &version, &at, err)))
        return e;
    if (version != PF_LESSON_VERSION)
        return bad(err, &at, "a lesson of version %lld; this program reads version %d",
                   version, PF_LESSON_VERSION);
    if (!game || !(l->game = pf_game_find(game)))
        return bad(err, &at, "\"game\" must name a game: '%.40s' is none", game ? game : "");
    if ((e = only_known(root, known, &at, err)) ||
        (e = text(root, "title", 80, &l->title, &at, err)) ||
        (e = text(root, "refuse", SAY_MAX, &l->refuse, &at, err)) ||
        (e = whole(root, "you", 0, PF_MAX_SEATS - 1, 0, &you, &at, err)) ||
        (e = read_names(l, root, &at, err)))
        return e;
    l->you = (int)you;
    if (!l->title)
        l->title = l->game->title;
    if (!l->refuse)
        l->refuse = "Not that one yet: look at what the lesson shows you.";
    long long seats, seed;
    lesson_chapter base = {0};
    pf_options_clear(&base.opt);
    if ((e = whole(root, "seats", l->game->min_seats, l->game->max_seats, l->game->min_seats,
                   &seats, &at, err)) ||
        (e = whole(root, "seed", 0, PF_JSON_INT_MAX - 1, 1, &seed, &at, err)) ||
        (e = read_options(root, &base.opt, &at, err)))
        return e;
    base.seats = (int)seats;
    base.seed = (uint64_t)seed;
    const cJSON *chapters = cJSON_GetObjectItemCaseSensitive(root, "chapters");
    if (!cJSON_IsArray(chapters) || cJSON_GetArraySize(chapters) == 0)
        return bad(err, &at, "\"chapters\" must be a list of at least one chapter");
    l->nchapters = cJSON_GetArraySize(chapters);
    if (!(l->ch = calloc((size_t)l->nchapters, sizeof *l->ch)))
        return pf_error_set(err, PF_E_NO_MEMORY, NULL);
    int c = 0;
    const cJSON *ch;
    cJSON_ArrayForEach(ch, chapters)
    {
        at = (place){file, c, -1, NULL, NULL};
        if ((e = read_chapter(l, ch, c, &base, &at, err)) || (e = play_through(l, c, &at, err)))
            return e;
        c++;
    }
    return PF_E_OK;
}

pf_lesson *pf_lesson_parse(const char *json, const char *file, pf_error *err)
{
    pf_lesson *l = calloc(1, sizeof *l);
    if (!l) {
        pf_error_set(err, PF_E_NO_MEMORY, NULL);
        return NULL;
    }
    l->root = cJSON_Parse(json);
    pf_err e = l->root ? read_lesson(l, file, err)
                       : bad(err, &(place){file, -1, -1, NULL, NULL}, "not JSON (cut or damaged?)");
    if (e) {
        pf_lesson_free(l);
        return NULL;
    }
    return l;
}

void pf_lesson_free(pf_lesson *l)
{
    if (!l)
        return;
    for (int c = 0; l->ch && c < l->nchapters; c++) {
        free(l->ch[c].before);
        free(l->ch[c].steps);
    }
    free(l->ch);
    cJSON_Delete(l->root);
    free(l);
}

const pf_game *pf_lesson_game(const pf_lesson *l)
{
    return l->game;
}

const char *pf_lesson_title(const pf_lesson *l)
{
    return l->title;
}

int pf_lesson_you(const pf_lesson *l)
{
    return l->you;
}

int pf_lesson_chapters(const pf_lesson *l)
{
    return l->nchapters;
}

const char *pf_lesson_chapter_id(const pf_lesson *l, int chapter)
{
    return l->ch[chapter].id;
}

const char *pf_lesson_chapter_title(const pf_lesson *l, int chapter)
{
    return l->ch[chapter].title;
}

bool pf_lesson_chapter_optional(const pf_lesson *l, int chapter)
{
    return l->ch[chapter].optional;
}
