/* limits.h: what keeps the server standing in front of strangers
 * (src/server/, a helper; docs/server.md "Limits"): requests per second per
 * connection, rooms created per address per minute, connections per
 * address. A refusal is an error answer or a close with a reason, logged;
 * it never changes a game. */
#ifndef PF_SERVER_LIMITS_H
#define PF_SERVER_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

/* The defaults (docs/server.md); 0 in pf_limits turns a limit off. */
#define PF_LIMIT_REQUESTS_PER_S 100 /* a connection's sustained rate... */
#define PF_LIMIT_REQUEST_BURST_S 2  /* ...and the seconds of it it may send at once */
#define PF_LIMIT_STRIKES 50         /* refused requests, refilled one a second: then closed */
#define PF_LIMIT_ROOMS_PER_MIN 20   /* rooms one address creates a minute (a burst of as many) */
#define PF_LIMIT_CONNS_PER_ADDR 64  /* connections open from one address */
#define PF_LIMIT_MISSES_PER_MIN 20  /* codes no room has one address asks for a minute */

typedef struct pf_limits {
    int requests_per_s;
    int rooms_per_min;
    int conns_per_addr;
    int misses_per_min;
    bool behind_proxy; /* the address is X-Forwarded-For's last item (the proxy's view) */
} pf_limits;

/* A token bucket: tokens refill at a rate up to a burst; taking one fails
 * when none is left. A new bucket (all zero) starts full. */
typedef struct pf_bucket {
    double tokens;
    int64_t at_ms; /* when tokens was last brought up to date; 0: never */
} pf_bucket;

bool pf_bucket_take(pf_bucket *b, double per_s, double burst, int64_t now_ms);

typedef struct pf_limiter pf_limiter;

/* A connection's own limits. */
typedef struct pf_conn_limits {
    pf_limiter *by;
    pf_bucket requests, strikes;
    struct pf_address *addr; /* counted against its address; NULL when not */
} pf_conn_limits;

/* What to do with a connection's next message. */
typedef enum pf_verdict { PF_LIMIT_PASS, PF_LIMIT_REFUSE, PF_LIMIT_CLOSE } pf_verdict;

/* The defaults, for a command line to change. */
void pf_limits_defaults(pf_limits *l);

/* What the server counts against its limits l (copied); NULL when memory
 * ran out. */
pf_limiter *pf_limiter_new(const pf_limits *l);
void pf_limiter_free(pf_limiter *lim);
const pf_limits *pf_limiter_limits(const pf_limiter *lim);

/* The key addr is counted under (n bytes, PF_LIMITS_KEY is enough): an
 * IPv4 address as it is (an IPv4 one mapped in IPv6 too), an IPv6 one by
 * its /64 prefix ("2001:db8:1:2::/64"), since one machine commonly holds
 * a whole /64; anything else as it is. */
#define PF_LIMITS_KEY 64
void pf_limits_key(const char *addr, char *key, size_t n);
/* A connection's requests are counted by lim (every connection, whether
 * counted against an address here or not). */
void pf_limits_conn_init(pf_limiter *lim, pf_conn_limits *cl);
/* A connection from addr opens: false (nothing counted) when the address
 * (its key) has its most. */
bool pf_limits_conn_open(pf_limiter *lim, pf_conn_limits *cl, const char *addr, int64_t now_ms);
void pf_limits_conn_close(pf_conn_limits *cl);
/* A message arrived on the connection. */
pf_verdict pf_limits_request(pf_conn_limits *cl, int64_t now_ms);
/* addr asks to create a room: false when it made its most this minute. */
bool pf_limits_room(pf_limiter *lim, const char *addr, int64_t now_ms);
/* addr looks a room up by its code (a room's page, a join, a hello): 0
 * when it may, else the milliseconds until it may again. While the
 * address has used up its misses (codes no room has, pf_limits_missed)
 * every lookup of its is refused, the codes of rooms that exist too: the
 * answer must not tell a guesser which of its guesses hit. */
int64_t pf_limits_lookup(pf_limiter *lim, const char *addr, int64_t now_ms);
/* addr's lookup found no room. */
void pf_limits_missed(pf_limiter *lim, const char *addr, int64_t now_ms);

#endif
