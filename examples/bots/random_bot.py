#!/usr/bin/env python3
"""A bot for `partyfood sim --seats ext:...` that plays a random legal action.

    partyfood sim pizza --seats "ext:python3 examples/bots/random_bot.py,bot:medium"

partyfood starts this program once per simulator thread and writes one JSON
line each time its seat must act:

    {"game": "pizza", "match": 17, "seat": 0, "seats": 2, "step": 4,
     "t": 0, "ready": 0, "view": {...}, "actions": ["flip 0", ...],
     "events": [{"kind": "flip", "text": "...", "private": false}, ...]}

"view" and "events" are what the engine protocol gives this seat (its view,
and the events it saw since it was last asked: in Pizza Party the earlier
reveals are only there); "actions" are its legal actions by name. A new
"match" number is a new game. The program answers one line, {"action":
NAME}, with "t" (ms, from "t" on) in a real-time game if it wants to wait.
It reads until its input ends. See docs/bots.md.
"""
import json
import random
import sys


def main():
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        request = json.loads(line)
        action = rng.choice(request["actions"])
        print(json.dumps({"action": action}), flush=True)


if __name__ == "__main__":
    main()
