/* rematch.h: the same table again once a game is over (src/server/,
 * docs/server.md "Rematch"). */
#ifndef PF_SERVER_REMATCH_H
#define PF_SERVER_REMATCH_H

#include <cjson/cJSON.h>

struct pf_room;
struct pf_conn;

/* What an old room remembers of its rematch: the new room's code and each
 * person's new token, for a person who asks after the first (kept in
 * memory only, like the tokens the join answers carry). */
typedef struct pf_rematch pf_rematch;

/* Answers {"cmd":"rematch"}: the first ask makes the new room; every
 * connected person hears {"push":"rematch","room","token"}, every spectator
 * {"push":"rematch","room"} (a later ask tells the asking seat's
 * connections again). */
char *pf_rematch_request(struct pf_room *r, struct pf_conn *c, const cJSON *req);
/* The code of r's rematch, or NULL while there is none. */
const char *pf_rematch_code(const struct pf_room *r);
void pf_rematch_free(struct pf_room *r);

#endif
