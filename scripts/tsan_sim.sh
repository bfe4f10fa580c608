#!/bin/sh
# tsan_sim.sh PARTYFOOD: runs small multi-thread `partyfood sim`s of every
# game under ThreadSanitizer (PARTYFOOD built with PF_TSAN) and fails on any
# race report. Each game gets a batch of the quick bots (mixed, so seats
# rotate) and a few games with ISMCTS searching on every thread at once;
# there are more threads than cores, so workers interleave.
#   TSAN_GAMES (default 300): games in the quick batch; TSAN_SEARCH_GAMES
#   (default 4): games in the search batch; TSAN_THREADS (default 4).
set -u
bin=$1
games=${TSAN_GAMES:-300}
search_games=${TSAN_SEARCH_GAMES:-4}
threads=${TSAN_THREADS:-4}
# halt_on_error: the first race fails the run; the exit code says it was TSan.
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# sim GAME GAMES SEATS: one batch; a failure or any report fails the script.
sim() {
    if ! "$bin" sim "$1" --games "$2" --threads "$threads" --seats "$3" --quiet --json \
            >/dev/null 2>"$log"; then
        echo "tsan: partyfood sim $1 --seats $3 failed:" >&2
        cat "$log" >&2
        status=1
    elif grep -q "ThreadSanitizer" "$log"; then
        echo "tsan: partyfood sim $1 --seats $3: report from ThreadSanitizer:" >&2
        cat "$log" >&2
        status=1
    else
        echo "tsan: sim $1 --seats $3, $2 games on $threads threads: no race"
    fi
}
for g in $("$bin" games | sed -n 's/^\([a-z0-9_]*\): .*/\1/p'); do
    sim "$g" "$games" random,easy,medium
    sim "$g" "$search_games" medium,ismcts
done
[ -n "${g:-}" ] || { echo "tsan: no game listed by '$bin games'" >&2; exit 1; }
exit $status
