/* game.h: the interface every game implements, and the core's checked
 * wrapper around it.
 *
 * A game is one `const pf_game` descriptor (games/<id>/...) registered in
 * the core's registry. Its state is one flat struct with no pointers: the
 * caller allocates game->state_size bytes and clones with memcpy. The rules
 * functions never allocate, never print and never read a clock.
 *
 * Front ends and tests call the pf_state_* wrappers, which check the seat
 * and the action before the game's apply runs (the game never repeats
 * those checks). Random playouts may call game->apply directly with an
 * action taken from game->legal. */
#ifndef PARTYFOOD_GAME_H
#define PARTYFOOD_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "partyfood/error.h"
#include "partyfood/json_write.h"
#include "partyfood/rng.h"

#define PF_MAX_SEATS 8
#define PF_MAX_LEGAL 1024     /* capacity a caller gives game->legal */
#define PF_SEAT_SPECTATOR (-1) /* a view with only public information */
#define PF_SEAT_GOD (-2)       /* everything, hidden too: tests and debugging only,
                                  never sent to a client */

/* Action times are milliseconds from the start of the game, 0 to
 * PF_TIME_MAX_MS (2^40 ms, about 35 years): far enough below int64_t's
 * limit that a time plus a bot's delay can never overflow. */
#define PF_TIME_MAX_MS (INT64_C(1) << 40)

/* When a bot that takes delay_ms (>= 0) acts after now: now + delay_ms,
 * held at PF_TIME_MAX_MS (and never earlier than now). */
static inline int64_t pf_time_after(int64_t now, int64_t delay_ms)
{
    int64_t t;
    if (__builtin_add_overflow(now, delay_ms, &t) || t > PF_TIME_MAX_MS)
        t = now > PF_TIME_MAX_MS ? now : PF_TIME_MAX_MS;
    return t;
}

/* An action in the game's own encoding. Every action has a name that
 * parses back to it ("flip 12", "plate left", "stack cup 0.75"). */
typedef uint32_t pf_action;

/* ---- options ------------------------------------------------------------ */

#define PF_OPT_MAX 16
#define PF_OPT_KEY 32
/* Room for the longest real value, a Pass the Party Food numbers table with
 * its comments (the default text is 579 bytes; passfood_numbers.c checks it fits). */
#define PF_OPT_VAL 640

/* Game options as key=value strings, as a person or a client typed them. */
typedef struct pf_options {
    int n;
    char key[PF_OPT_MAX][PF_OPT_KEY];
    char val[PF_OPT_MAX][PF_OPT_VAL];
} pf_options;

/* What an option's value is (pf_options_int, _double, _bool read them). */
typedef enum pf_option_kind {
    PF_OPT_TEXT,   /* free text (a script for tests, a table of numbers) */
    PF_OPT_BOOL,   /* true or false */
    PF_OPT_INT,    /* a whole number from min to max */
    PF_OPT_REAL,   /* a number from min to max */
    PF_OPT_CHOICE, /* one of `choices` */
} pf_option_kind;

/* One option a game accepts; lists end with key == NULL. Everything a front
 * end shows of it comes from here (the `games` command, docs/protocol.md). */
typedef struct pf_option_def {
    const char *key;
    const char *def;   /* default, as text */
    const char *help;  /* a sentence for a person */
    const char *label; /* a few words for a form: "Switch pieces" */
    pf_option_kind kind;
    double min, max;   /* PF_OPT_INT and PF_OPT_REAL: the range the game accepts */
    /* PF_OPT_CHOICE: every value, NULL-ended; PF_OPT_INT: the values a menu
     * offers, in its order (NULL: any in the range) */
    const char *const *choices;
    bool menu;         /* a game menu offers it (else it is for tests, puzzles and
                          the command line) */
    bool fixes_chance; /* it fixes what chance would hide (a layout, the dice): never
                          for a table where someone must not know the deal */
} pf_option_def;

void pf_options_clear(pf_options *o);
/* *into = *from, only as far as from's options go (the struct has room for
 * PF_OPT_MAX, 10 KB, of which a game uses a few). */
void pf_options_copy(pf_options *into, const pf_options *from);
/* Sets key to val (replacing an earlier value); BAD_OPTION when full or too long. */
pf_err pf_options_set(pf_options *o, const char *key, const char *val, pf_error *err);
/* Parses "key=value" and sets it. */
pf_err pf_options_parse(pf_options *o, const char *kv, pf_error *err);
/* The value of key, or NULL when unset. */
const char *pf_options_get(const pf_options *o, const char *key);
/* Copies a JSON object's members into o (strings, numbers and booleans;
 * NULL or a missing object gives no options). */
pf_err pf_options_from_json(pf_options *o, const cJSON *obj, pf_error *err);
/* Reads an integer option in [lo, hi]; *out = def when unset. */
pf_err pf_options_int(const pf_options *o, const char *key, int def, int lo, int hi,
                      int *out, pf_error *err);
/* Reads a real option in [lo, hi]; *out = def when unset. */
pf_err pf_options_double(const pf_options *o, const char *key, double def, double lo,
                         double hi, double *out, pf_error *err);
/* Reads a boolean option (true/false, yes/no, on/off, 1/0); *out = def when unset. */
pf_err pf_options_bool(const pf_options *o, const char *key, bool def, bool *out,
                       pf_error *err);

/* ---- events ------------------------------------------------------------- */

#define PF_EVENT_TEXT 120
#define PF_EVENT_FIELDS 8 /* facts one event carries */
#define PF_EVENT_ITEMS 20 /* list items one event carries, all its lists together (a
                          * Pass the Party Food board: 5 columns of 4) */
#define PF_EVENT_SEATS 8  /* seats one event's text names */

/* A seat in an event's text: PF_SEAT in the format with the seat (from 0)
 * as its int argument. The text reads "seat N" (N counted from 1; "Seat N"
 * with PF_SEAT_CAP, to open a sentence), and the event remembers where, so
 * a front end puts the seat's name there (pf_event_render) without reading
 * the sentence. */
#define PF_SEAT "\x1d%d"
#define PF_SEAT_CAP "\x1e%d"

/* The value of a fact: a whole number, a real, a truth, a static string (a name
 * from the game's own tables, never built text) or a list of static
 * strings (items[first, first + count)). */
typedef enum pf_field_type {
    PF_FIELD_INT,
    PF_FIELD_REAL,
    PF_FIELD_BOOL,
    PF_FIELD_STR,
    PF_FIELD_LIST,
} pf_field_type;

typedef struct pf_event_field {
    const char *name; /* lower_snake: "seat", "cell", "piece" */
    uint8_t type;     /* pf_field_type */
    uint8_t first, count;
    union {
        int64_t i; /* PF_FIELD_INT and PF_FIELD_BOOL */
        double r;
        const char *s;
    } v;
} pf_event_field;

/* Where a seat is named in an event's text: text[at, at + len). */
typedef struct pf_event_seat {
    uint8_t at, len;
    int8_t seat;
} pf_event_seat;

/* Something that happened, public (to == -1) or private to seat `to`. */
typedef struct pf_event {
    int8_t to;
    bool memory;              /* what it shows may go out of sight (a piece turned over
                                 and put back, pancakes before a toss): without the
                                 memory aid, shown only until the next memory event
                                 (PIZ-7, YYP-7) */
    uint8_t nfields, nitems, nseats;
    char kind[16];            /* a short machine word: "flip", "draw", "peek" */
    char text[PF_EVENT_TEXT]; /* a sentence for a person */
    pf_event_seat seats[PF_EVENT_SEATS];
    pf_event_field field[PF_EVENT_FIELDS];
    const char *item[PF_EVENT_ITEMS];
} pf_event;

/* A caller-owned buffer of events. Games call pf_events_add, which does
 * nothing when the buffer pointer is NULL (fast playouts pass NULL). */
typedef struct pf_events {
    pf_event *buf;
    int n, cap;
    int dropped; /* events that did not fit (reset it with n) */
} pf_events;

void pf_events_add(pf_events *ev, int to, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Facts of the event just added (no-ops when ev is NULL or it was dropped;
 * a fact past PF_EVENT_FIELDS or PF_EVENT_ITEMS is an assert). Names and
 * string values must be static. */
void pf_events_int(pf_events *ev, const char *name, int64_t v);
void pf_events_real(pf_events *ev, const char *name, double v);
void pf_events_bool(pf_events *ev, const char *name, bool v);
void pf_events_str(pf_events *ev, const char *name, const char *v);
/* A list of n static strings. */
void pf_events_list(pf_events *ev, const char *name, const char *const *v, int n);
/* Marks the event just added as a memory (pf_event.memory). */
void pf_events_memory(pf_events *ev);
/* The fact called name of e, or NULL. */
const pf_event_field *pf_event_find(const pf_event *e, const char *name);

/* With ev NULL (a playout) the calls above are skipped and their arguments
 * not evaluated: the calls alone would cost a playout's step more than its
 * rules. (events.c defines them with their names in parentheses.) */
static inline bool pf_events_on(const pf_events *ev)
{
    return ev != NULL;
}
#define pf_events_add(ev, ...) (pf_events_on(ev) ? pf_events_add(ev, __VA_ARGS__) : (void)0)
#define pf_events_int(ev, ...) (pf_events_on(ev) ? pf_events_int(ev, __VA_ARGS__) : (void)0)
#define pf_events_real(ev, ...) (pf_events_on(ev) ? pf_events_real(ev, __VA_ARGS__) : (void)0)
#define pf_events_bool(ev, ...) (pf_events_on(ev) ? pf_events_bool(ev, __VA_ARGS__) : (void)0)
#define pf_events_str(ev, ...) (pf_events_on(ev) ? pf_events_str(ev, __VA_ARGS__) : (void)0)
#define pf_events_list(ev, ...) (pf_events_on(ev) ? pf_events_list(ev, __VA_ARGS__) : (void)0)
#define pf_events_memory(ev) (pf_events_on(ev) ? pf_events_memory(ev) : (void)0)

/* True when seat may see e (a spectator sees public events only;
 * PF_SEAT_GOD sees all). */
bool pf_event_visible(const pf_event *e, int seat);

/* The names front ends give seats in texts; an empty name (or NULL names)
 * reads "seat N", counted from 1. */
#define PF_SEAT_LABEL 40
typedef struct pf_seat_names {
    char name[PF_MAX_SEATS][PF_SEAT_LABEL];
} pf_seat_names;

/* e's text with each seat it names read by names (NULL: as the text is),
 * into buf (n bytes, cut at a whole character); returns buf. A seat named
 * You is spoken to: "You give", "you have", "your" (events.c). */
char *pf_event_render(const pf_event *e, const pf_seat_names *names, char *buf, size_t n);

/* For text that follows a seat named You: its verb (after an optional
 * "now"), or "'s", in the second person, written at buf + *w (n bytes,
 * *w moved on); returns how much of s that consumed, 0 when s starts with
 * no verb it knows. */
size_t pf_you_verb(const char *s, char *buf, size_t *w, size_t n);

/* For a game's apply: the rules written once in a function of ev marked
 * PF_INLINE, which apply calls twice, `if (ev) rules(..., ev); else
 * rules(..., NULL);`. The playouts' copy (ev NULL) is compiled with every
 * event call and its arguments gone, and with the registers they held. */
#define PF_INLINE static inline __attribute__((always_inline))

/* ---- the descriptor ----------------------------------------------------- */

/* A seat count and options that the conformance harness runs. */
typedef struct pf_test_config {
    int seats;
    const char *options; /* "key=value;key=value" or "" */
} pf_test_config;

/* A named figure a finished game reports to the simulator. */
typedef struct pf_stat {
    const char *name;
    double value;
} pf_stat;

struct pf_bot_def;
struct pf_rung;
struct pf_obs;
struct pf_why;

typedef struct pf_game {
    const char *id, *title;
    const char *summary;      /* one line for menus */
    int min_seats, max_seats;
    size_t state_size;
    int max_steps;            /* no game lasts more actions than this */
    double result_min, result_max; /* bounds of each seat's result */
    const pf_option_def *options;  /* every option the game accepts */
    const pf_test_config *test_configs; /* ends with seats == 0 */
    const struct pf_bot_def *bots;      /* game-specific bots, ends with name == NULL */
    /* The bots a person picks by level: PF_LEVELS rungs, easy to expert
     * (obs.h); NULL: the ai layer's generic ladder. */
    const struct pf_rung *ladder;
    /* The rules in a few lines for the `?` key (our own words), ending with
     * NULL; NULL: a generic note. */
    const char *const *rules;
    /* The rules in brief, a paragraph a line (our own words, no keys to
     * press), ending with NULL: what a browser shows beside the table. */
    const char *const *brief;
    bool memory_game;         /* remembering hidden things is the game: a front end
                                 offers the memory_aid option as a seating choice */
    const char *secrets;      /* one sentence: what is hidden, and from whom */
    bool real_time;           /* actions are ordered by their time (Paku Paku) */
    const char *bench_bot;    /* bot on every seat in `partyfood bench`; NULL: random */

    /* Sets up a new game. Options are already checked to be known keys;
     * values are the game's to check (BAD_OPTION with a clear message).
     * Steps the rules play by themselves during setup (a first draw, a
     * score) report their events to ev, as apply does; ev may be NULL. */
    pf_err (*init)(void *st, int seats, const pf_options *opt, uint64_t seed,
                   pf_events *ev, pf_error *err);
    /* Bit set of the seats that may act now; 0 exactly when the game is
     * over (the conformance harness checks it), so a playout loops on it. */
    uint32_t (*to_act)(const void *st);
    /* Writes the legal actions of seat, sorted ascending, and returns their
     * count (0 when seat may not act). cap is at least PF_MAX_LEGAL. A game
     * with continuous actions lists a representative grid here. */
    int (*legal)(const void *st, int seat, pf_action *out, int cap);
    /* Optional, for speed: the action of legal's list (for seat, which may
     * act) at index pf_rng_scale(r, its count), without writing the list:
     * for 32 uniform random bits r, a uniformly random legal action.
     * Random playouts (pf_random_action: the bench, the search) draw one
     * action a step; NULL: they call legal. The conformance harness checks
     * it against legal. */
    pf_action (*legal_pick)(const void *st, int seat, uint32_t r);
    /* Optional, for speed, in a turn-based game: pf_playout, defined as
     * `return pf_playout_loop(&pf_game_<id>, st, rng, now, max_steps);`.
     * Compiled beside the descriptor, the loop calls the game's own
     * functions directly and the compiler inlines them. NULL: pf_playout
     * runs the same loop through the descriptor. */
    int (*playout)(void *st, pf_rng *rng, int64_t now, int max_steps);
    /* Validation without side effects: PF_E_OK when seat (known to be in
     * to_act) may play a at time t_ms, else the error (ILLEGAL_ACTION,
     * TIME_BACKWARDS...). NULL means "a is legal iff it is in legal()". */
    pf_err (*check)(const void *st, int seat, pf_action a, int64_t t_ms);
    /* Applies a legal action. ev may be NULL. */
    void (*apply)(void *st, int seat, pf_action a, int64_t t_ms, pf_events *ev);
    /* True when the game is over; then results[seat] is each seat's result
     * (results may be NULL). */
    bool (*over)(const void *st, double *results);
    /* Writes exactly what seat may see into w, as the members of a JSON
     * object (pf_jw_key_int, pf_jw_key...: the braces are the caller's).
     * Written straight as text, with no tree to build: a server writes a
     * view for every seat at every step. */
    void (*view)(const void *st, int seat, pf_jw *w);
    /* Keeps everything seat knows and redraws everything it does not,
     * reseeding the state's generator from rng. The result must depend only
     * on what seat knows and on rng, never on the hidden content. */
    void (*resample)(void *st, int seat, pf_rng *rng);
    /* Optional, for games whose public history holds more than a seat's
     * messages show now (Pizza Party's earlier reveals, PIZ-7): resample
     * for a seat that remembers nothing, keeping only what its view and
     * its text show. The secrecy check draws its second world with it, so
     * a view carrying memory fails. NULL: the view may show all a seat
     * knows, and the check uses resample. */
    void (*resample_forgetful)(void *st, int seat, pf_rng *rng);
    /* Optional, for speed: resample for a search that only plays the state
     * on (apply, to_act, legal, over; ISMCTS's determinizations), which may
     * leave hidden parts to be drawn when the play first reaches them (Pass
     * the Party Food picks each drawn tile from the bag's contents instead
     * of shuffling the whole bag). Each line of play must come out as
     * likely as after resample, and the state must keep all the seat
     * knows. NULL: resample. */
    void (*resample_search)(void *st, int seat, pf_rng *rng);
    /* Optional, for games whose only secret is the future (Paku Paku: the
     * generator): replaces in st everything seat does not know by fixed
     * values, so that two states seat cannot tell apart come out the same
     * byte for byte (the conformance harness checks it). pf_obs_public
     * calls it for chance-free bots, which draw nothing; NULL: it
     * resamples from a fixed generator instead. */
    void (*conceal)(void *st, int seat);
    /* Optional, for speed: how many bytes at the start of the state hold
     * nothing hidden from any seat (the hidden parts lie after them). A
     * chance-free bot that reads only those reads them in place
     * (pf_obs_public_head) instead of copying the state for every ask. The
     * conformance harness checks that worlds a seat cannot tell apart agree
     * on them. 0: none. */
    size_t public_head;
    /* Writes a's name; returns its length, or -1 when a is no action. */
    int (*name)(const void *st, pf_action a, char *buf, size_t n);
    /* Parses a name (as written by name(), plus friendly aliases). */
    pf_err (*parse)(const void *st, const char *s, pf_action *a);
    /* Optional, for games whose names once counted seats from 0 (replays of
     * version 2 and older): writes today's form of such a name into buf and
     * returns true; false when the name is the same today. */
    bool (*renamed_since_v2)(const char *old, char *buf, size_t n);
    /* The table as text, as seat sees it (PF_SEAT_SPECTATOR for everyone). */
    void (*render)(const void *st, int seat, char *buf, size_t n);
    /* Optional: figures of a finished game for the simulator; returns count. */
    int (*stats)(const void *st, pf_stat *out, int cap);
    /* Optional, for real-time games: a fingerprint of everything the game's
     * bots read when they plan seat's next move (their own dice, their
     * clock, the tower...). While it is unchanged a bot's plan stands, so a
     * driver may reuse it instead of asking again (pf_bot_plans). Bots of a
     * game that sets this must plan the same for equal fingerprints. */
    uint64_t (*plan_key)(const void *st, int seat);
    /* Optional, for real-time games: the earliest time (ms) seat may act,
     * from public information only (its hands are free and it has something
     * to do); check refuses an earlier time with HANDS_BUSY. It may lie
     * after the last action's time: to_act and legal have no clock, so they
     * say what seat may do from then on. Bots add their reaction to it. */
    int64_t (*ready_at)(const void *st, int seat);
    /* Optional, for games with a skill number (C-4: a toss's p, a stack's
     * offset). Writes into *played what a hand aiming at `aim` plays: the
     * number moved by an error drawn from rng, `wobble` times the error of
     * an average hand (the `medium` bot's, at its usual pace). Returns false
     * and writes aim when aim carries no skill number. The game's bots draw
     * their errors from the same model; a front end that cannot time a
     * person passes the person's typed aim through it with wobble 1. */
    bool (*skill_error)(pf_action aim, double wobble, pf_rng *rng, pf_action *played);
    /* Optional, for hints (why.h): why the observing seat would play a, one
     * of its legal actions, in one sentence a child can follow and the
     * facts it used, from what that seat knows. It may read a sample
     * (pf_obs_sample with rng) only where the seat knows the sample to be
     * true, so the reason is the same in every world the seat cannot tell
     * apart. NULL: no reasons (a real-time game has no hints). */
    void (*explain)(const struct pf_obs *o, pf_action a, pf_rng *rng, struct pf_why *out);
    /* Optional, for lessons (docs/lessons.md): the things a lesson may
     * highlight, as patterns ending with NULL: words separated by spaces,
     * each a literal word, `a|b|c` (one of them) or `#` (a whole number
     * from 0): "cell #", "slice red|yellow|green|blue". */
    const char *const *lesson_targets;
} pf_game;

/* ---- registry ----------------------------------------------------------- */

/* The registered games, in a stable order. */
int pf_game_count(void);
const pf_game *pf_game_at(int i);
/* The game with this id, or NULL. */
const pf_game *pf_game_find(const char *id);

/* ---- checked wrappers --------------------------------------------------- */

/* Initializes st after checking the seat count and that every option key
 * is one the game declares. */
pf_err pf_state_init(const pf_game *g, void *st, int seats, const pf_options *opt,
                     uint64_t seed, pf_error *err);
/* pf_state_init that also reports the events of the steps played during
 * setup to ev (front ends show them like any step's). */
pf_err pf_state_init_events(const pf_game *g, void *st, int seats, const pf_options *opt,
                            uint64_t seed, pf_events *ev, pf_error *err);
/* Applies a after checking: game not over, seat valid and to act, action
 * legal. On error the state is unchanged. */
pf_err pf_state_apply(const pf_game *g, void *st, int seat, pf_action a, int64_t t_ms,
                      pf_events *ev, pf_error *err);
/* Parses a name and applies it (UNKNOWN_ACTION when it does not parse). */
pf_err pf_state_apply_named(const pf_game *g, void *st, int seat, const char *name,
                            int64_t t_ms, pf_events *ev, pf_error *err);
/* A seat's view, a JSON object, written into w. */
void pf_state_view_write(const pf_game *g, const void *st, int seat, pf_jw *w);
/* A seat's view as JSON text (caller frees); NULL when memory ran out. */
char *pf_state_view_text(const pf_game *g, const void *st, int seat);
/* A seat's view as a new JSON object (caller deletes), read from its text,
 * for front ends that walk it; NULL when memory ran out. */
cJSON *pf_state_view(const pf_game *g, const void *st, int seat);

/* One seat of the set, uniformly: the lowest set bit at
 * pf_rng_below(rng, the count) (the common case of one seat draws nothing). */
static inline int pf_pick_seat(uint32_t set, pf_rng *rng)
{
    if (set & (set - 1)) {
        int k = (int)pf_rng_below(rng, (uint32_t)__builtin_popcount(set));
        while (k--)
            set &= set - 1;
    }
    return __builtin_ctz(set);
}

/* pf_random_action through legal's list. */
pf_action pf_random_listed(const pf_game *g, const void *st, int seat, pf_rng *rng);

/* A uniformly random legal action of seat, which may act: legal's list at
 * pf_rng_below(rng, its count), through legal_pick when the game has it
 * (the same draw and the same action either way). Inline: random playouts
 * call it once a step. */
static inline pf_action pf_random_action(const pf_game *g, const void *st, int seat,
                                         pf_rng *rng)
{
    if (g->legal_pick)
        return g->legal_pick(st, seat, (uint32_t)(pf_rng_next(rng) >> 32));
    return pf_random_listed(g, st, seat, rng);
}

/* Plays st to its end with uniformly random legal actions of the seats to
 * act (pf_pick_seat, then pf_random_action), every action at time now, for
 * at most max_steps actions. Returns the actions played, or -1 when the game
 * still runs after max_steps. Through the game's playout slot when it has
 * one. The random playouts of the search and the bench. */
int pf_playout(const pf_game *g, void *st, pf_rng *rng, int64_t now, int max_steps);

/* pf_playout's loop: a game's playout slot calls it with its own descriptor,
 * whose slots the compiler then reads at compile time. */
PF_INLINE int pf_playout_loop(const pf_game *g, void *st, pf_rng *rng, int64_t now,
                              int max_steps)
{
    int steps = 0;
    uint32_t set;
    while ((set = g->to_act(st)) != 0) { /* 0 exactly when the game is over */
        if (steps >= max_steps)
            return -1;
        steps++;
        int seat = pf_pick_seat(set, rng);
        g->apply(st, seat, pf_random_action(g, st, seat, rng), now, NULL);
    }
    return steps;
}
/* Number of seats in to_act's bit set. */
int pf_seat_count(uint32_t set);

#endif
