/* why.h: the reason for a move, from one seat's own knowledge (core).
 *
 * A hint is the move a bot would make and why: one sentence a child can
 * follow ("Cell 12 was a pepperoni: your slice's kind.") and the facts it
 * used, each a name with a few arguments a front end can point at
 * ({"fact": "seen", "cell": 12, "piece": "pepperoni"}). A game's explainer
 * (pf_game.explain) writes it from the seat's observation only, so it says
 * nothing the seat could not know. Names, keys and string values are
 * static (the game's own tables), so a pf_why is plain data with no
 * allocation: the rules' purity check holds for the explainers. */
#ifndef PARTYFOOD_WHY_H
#define PARTYFOOD_WHY_H

#include <stdint.h>

#include <cjson/cJSON.h>

#define PF_WHY_TEXT 200 /* bytes of the sentence */
#define PF_WHY_FACTS 6  /* facts one reason uses */
#define PF_WHY_ARGS 4   /* arguments one fact carries */

/* One argument of a fact: a string (str != NULL) or a whole number. */
typedef struct pf_why_arg {
    const char *key; /* lower_snake: "cell", "seat", "count" */
    const char *str; /* static, or NULL for num */
    int64_t num;
} pf_why_arg;

typedef struct pf_why_fact {
    const char *name; /* lower_snake: "seen", "your_kind" */
    int nargs;
    pf_why_arg arg[PF_WHY_ARGS];
} pf_why_fact;

typedef struct pf_why {
    char text[PF_WHY_TEXT]; /* seats counted from 1, like every text */
    int nfacts;
    pf_why_fact fact[PF_WHY_FACTS]; /* seats counted from 0, like every number */
} pf_why;

/* Empties w. */
void pf_why_clear(pf_why *w);
/* Sets the sentence. */
void pf_why_say(pf_why *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Adds a fact called name (static) and returns it for its arguments; more
 * than PF_WHY_FACTS is a bug (assert). */
pf_why_fact *pf_why_fact_add(pf_why *w, const char *name);
/* Adds an argument to a fact (more than PF_WHY_ARGS is a bug). */
void pf_why_num(pf_why_fact *f, const char *key, int64_t v);
void pf_why_str(pf_why_fact *f, const char *key, const char *v);

/* w as the protocol sends it: {"text": "...", "facts": [{"fact": name,
 * key: value, ...}, ...]}; NULL when memory ran out. */
cJSON *pf_why_json(const pf_why *w);

#endif
