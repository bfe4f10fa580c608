/* seating.c: parsing a seating list, the default random seating (C-1), and
 * the seating in a save file. */
#include "partyfood/seating.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "partyfood/parse.h"
#include "partyfood/replay.h"
#include "partyfood/rng.h"

/* A person's name must be short, valid UTF-8 and free of control
 * characters: it is printed on terminals. NULL when fine, else why not. */
static const char *name_problem(const char *name)
{
    char shown[PF_SEAT_NAME_MAX + 1];
    size_t len = strlen(name);
    if (len == 0)
        return "is empty";
    if (len > PF_SEAT_NAME_MAX)
        return "is too long";
    if (!pf_utf8_valid(name, len))
        return "is not valid UTF-8";
    if (strcmp(pf_text_printable(name, shown, sizeof shown), name) != 0)
        return "has a control character";
    if (strchr(name, ','))
        return "has a comma (commas part the names of a --seats list)";
    return NULL;
}

int pf_seating_add(pf_seating *s, const pf_game *g, const char *item, pf_error *err)
{
    if (s->n == PF_MAX_SEATS) {
        pf_error_set(err, PF_E_BAD_SEATS, "at most %d seats", PF_MAX_SEATS);
        return -1;
    }
    const pf_bot_def *b = pf_bot_find(g, item);
    if (!b && strncmp(item, "bot:", 4) == 0) {
        char bots[256], shown[64];
        pf_bot_list(g, bots, sizeof bots);
        pf_error_set(err, PF_E_UNKNOWN_BOT, "no bot '%s' for %s (bots: %s)",
                     pf_text_printable(item + 4, shown, sizeof shown), g->title, bots);
        return -1;
    }
    const char *why = b ? NULL : name_problem(item);
    if (why) {
        char shown[64];
        pf_error_set(err, PF_E_BAD_SEATS,
                     "the name of seat %d ('%s') %s: a name is printable text of 1 to %d bytes",
                     s->n, pf_text_printable(item, shown, sizeof shown), why, PF_SEAT_NAME_MAX);
        return -1;
    }
    s->bot[s->n] = b;
    snprintf(s->name[s->n], sizeof s->name[0], "%s", b ? b->name : item);
    s->n++;
    return 0;
}

/* Refuses a seat count the game does not allow. */
int pf_seating_check(const pf_seating *s, const pf_game *g, pf_error *err)
{
    if (s->n >= g->min_seats && s->n <= g->max_seats)
        return 0;
    pf_error_set(err, PF_E_BAD_SEATS, "%s is for %d to %d seats, not %d", g->title,
                 g->min_seats, g->max_seats, s->n);
    return -1;
}

int pf_seating_parse(pf_seating *s, const pf_game *g, const char *list, pf_error *err)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    s->n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
        if (pf_seating_add(s, g, tok, err) != 0)
            return -1;
    return pf_seating_check(s, g, err);
}

void pf_seating_people_only(pf_seating *s, int n)
{
    memset(s, 0, sizeof *s);
    s->n = n < 0 ? 0 : n > PF_MAX_SEATS ? PF_MAX_SEATS : n;
    for (int i = 0; i < s->n; i++)
        snprintf(s->name[i], sizeof s->name[i], "seat %d", i);
}

int pf_seating_people(const pf_seating *s)
{
    int n = 0;
    for (int i = 0; i < s->n; i++)
        n += s->bot[i] == NULL;
    return n;
}

/* The stream of pf_seed_derive that seatings draw from ("seat"). */
#define SEATING_STREAM 0x73656174u

void pf_seating_shuffle(pf_seating *s, uint64_t game_seed)
{
    pf_rng rng;
    pf_rng_seed(&rng, pf_seed_derive(game_seed, SEATING_STREAM));
    for (int i = s->n - 1; i > 0; i--) {
        int j = (int)pf_rng_below(&rng, (uint32_t)i + 1);
        const pf_bot_def *b = s->bot[i];
        s->bot[i] = s->bot[j];
        s->bot[j] = b;
        char name[sizeof s->name[0]];
        memcpy(name, s->name[i], sizeof name);
        memcpy(s->name[i], s->name[j], sizeof name);
        memcpy(s->name[j], name, sizeof name);
    }
}

cJSON *pf_seating_replay(const pf_match *m, const pf_seating *s, bool memory_aid)
{
    cJSON *r = pf_match_save(m);
    cJSON *seating = r ? cJSON_AddArrayToObject(r, "seating") : NULL;
    for (int i = 0; seating && i < s->n; i++) {
        char who[sizeof s->name[0] + 4];
        snprintf(who, sizeof who, "%s%s", s->bot[i] ? "bot:" : "", s->name[i]);
        if (!cJSON_AddItemToArray(seating, cJSON_CreateString(who)))
            seating = NULL;
    }
    if (!seating || (memory_aid && !cJSON_AddBoolToObject(r, "memory_aid", true))) {
        cJSON_Delete(r);
        return NULL;
    }
    return r;
}

pf_err pf_seating_save(const pf_match *m, const pf_seating *s, bool memory_aid,
                       const char *path, pf_error *err)
{
    cJSON *r = pf_seating_replay(m, s, memory_aid);
    if (!r)
        return pf_error_set(err, PF_E_NO_MEMORY, "out of memory saving %s", path);
    pf_err e = pf_replay_write_file(r, path, err);
    cJSON_Delete(r);
    return e;
}

int pf_seating_from_save(pf_seating *s, const pf_match *m, const cJSON *save, pf_error *err)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(save, "seating");
    if (!list)
        return 0;
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) != m->seats) {
        pf_error_set(err, PF_E_BAD_REPLAY, "the save's \"seating\" must list %d seats",
                     m->seats);
        return -1;
    }
    s->n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, list)
    {
        const char *who = cJSON_IsString(e) ? e->valuestring : "";
        bool is_bot = strncmp(who, "bot:", 4) == 0;
        const pf_bot_def *b = is_bot ? pf_bot_find(m->game, who) : NULL;
        char shown[PF_SEAT_NAME_MAX + 1];
        if (!*who || strlen(who) > PF_SEAT_NAME_MAX || (is_bot && !b)) {
            pf_error_set(err, PF_E_BAD_REPLAY,
                         "the save's seat %d ('%s') is not a name of at most %d bytes nor "
                         "a bot of %s",
                         s->n, pf_text_printable(who, shown, sizeof shown), PF_SEAT_NAME_MAX,
                         m->game->title);
            return -1;
        }
        s->bot[s->n] = b;
        pf_text_printable(b ? b->name : who, s->name[s->n], sizeof s->name[0]);
        s->n++;
    }
    return 1;
}

pf_match *pf_seating_load(const char *path, pf_seating *s, bool *seated, bool *memory_aid,
                          const char **warning, pf_error *err)
{
    cJSON *saved = pf_replay_read_file(path, err);
    pf_match *m = saved ? pf_match_load(saved, err) : NULL;
    int found = m ? pf_seating_from_save(s, m, saved, err) : 0;
    if (found < 0) {
        pf_match_destroy(m);
        m = NULL;
    }
    *seated = found > 0;
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(saved, "memory_aid")))
        *memory_aid = true;
    *warning = m ? pf_replay_warning(saved) : NULL;
    cJSON_Delete(saved);
    return m;
}

void pf_seating_name_text(const pf_seating *s, int you, const char *text, char *buf, size_t n)
{
    pf_seat_names names;
    pf_seating_names(s, -1, &names);
    /* "You: 0", not "You: 0 (you)" */
    bool unmark = you >= 0 && you < s->n && strcasecmp(names.name[you], "you") == 0;
    size_t w = 0;
    while (*text && w + 1 < n) {
        if (unmark && strncmp(text, " (you)", 6) == 0) {
            text += 6;
            continue;
        }
        int seat, len = 0;
        if (strncasecmp(text, "seat ", 5) == 0 && sscanf(text + 5, "%d%n", &seat, &len) == 1 &&
            seat >= 1 && seat <= s->n) {
            const char *from = text;
            text += 5 + len;
            bool unmarked = unmark && strncmp(text, " (you)", 6) == 0;
            text += unmarked ? 6 : 0;
            /* A column (padded with spaces, or a mark that went) stays a column. */
            size_t pad = strspn(text, " "), wide = (size_t)(text - from) + pad;
            const char *name = names.name[seat - 1];
            bool column = (pad > 1 || (pad && unmarked)) && strlen(name) < wide;
            int k = snprintf(buf + w, n - w, "%-*s", column ? (int)wide : 0, name);
            w = k > 0 && (size_t)k < n - w ? w + (size_t)k : n - 1;
            text += column ? pad : 0;
            if (!column && strcasecmp(name, "you") == 0) /* "you toss", not "you tosses" */
                text += pf_you_verb(text, buf, &w, n);
            continue;
        }
        buf[w++] = *text++;
    }
    buf[w] = '\0';
}

void pf_seating_names(const pf_seating *s, int you, pf_seat_names *out)
{
    *out = (pf_seat_names){0};
    for (int seat = 0; seat < s->n && seat < PF_MAX_SEATS; seat++) {
        char *buf = out->name[seat];
        int same = 0, order = 0;
        for (int i = 0; i < s->n; i++)
            if (!s->bot[i] == !s->bot[seat] && strcmp(s->name[i], s->name[seat]) == 0) {
                same++;
                order += i <= seat;
            }
        if (!s->name[seat][0])
            snprintf(buf, PF_SEAT_LABEL, "seat %d", seat + 1);
        else if (same > 1) /* "medium 1", "medium 2": identical seats read apart */
            snprintf(buf, PF_SEAT_LABEL, "%s %d", s->name[seat], order);
        else
            snprintf(buf, PF_SEAT_LABEL, "%s%s", s->bot[seat] ? "bot " : "", s->name[seat]);
        /* A seat named You is marked already: "You put", not "You (you) put". */
        if (seat == you && strcasecmp(buf, "you") != 0)
            snprintf(buf + strlen(buf), PF_SEAT_LABEL - strlen(buf), " (you)");
    }
}
