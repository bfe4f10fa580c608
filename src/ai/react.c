/* react.c: when a generic bot acts in a real-time game (ruling PAKU-9).
 *
 * A person reacts some time after they could act; a bot that answered at
 * the table's clock would be faster than any hand. The reaction is drawn
 * from a hash of the seat and its ready time, not from the bot's generator:
 * a driver re-asks every seat at every step, and fresh draws would let the
 * earliest of many draws win, making the bot quicker the longer it waits. */
#include "partyfood/bot.h"

int64_t pf_bot_react(const pf_obs *o, int spread_ms)
{
    int64_t now = pf_obs_now(o);
    if (!pf_obs_game(o)->real_time)
        return now;
    int64_t ready = pf_obs_ready(o);
    uint64_t x = (uint64_t)ready * 0x9e3779b97f4a7c15ull ^ (uint64_t)pf_obs_seat(o) << 56;
    x = (x ^ (x >> 31)) * 0xbf58476d1ce4e5b9ull;
    x ^= x >> 29;
    int64_t extra = spread_ms > 0 ? (int64_t)(x % (uint64_t)spread_ms) : 0;
    int64_t t = pf_time_after(ready, PF_REACTION_MIN_MS + extra);
    return t > now ? t : now;
}
