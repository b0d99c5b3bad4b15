"""An example outside player for pedro-sim (protocol pedro-bot/1, docs/protocol.md).

Run it at a table:  pedro-sim duel --a "exec:python examples/bot.py" --b heuristic

It reads one JSON object a line on standard input and answers the questions on standard
output. Its play is simple on purpose: bid only with four trumps or more in a suit, name
its longest suit, and play the highest legal card when it leads, the lowest otherwise.
"""

import json
import sys

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0]) if card[0] in RANKS else 13  # the joker ranks highest


def answer(question):
    legal = question["legal"]
    view = question["view"]
    decision = question["decision"]
    if decision == "bid":
        suits = [c[1] for c in view["dealt"] if len(c) == 2]
        longest = max(suits.count(s) for s in "SHDC")
        return legal[0] if longest < 4 or 0 not in legal else min(b for b in legal if b)
    if decision == "trump":
        suits = [c[1] for c in view["dealt"] if len(c) == 2]
        return max(legal, key=suits.count)
    if decision == "top":
        leading = question["place"] == 0
        return max(legal, key=rank) if leading else min(legal, key=rank)
    if decision in ("keep", "call"):
        return max(legal, key=rank)
    return legal[0]  # keep_count, pass, extra: the first option


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "ready", "name": "example"}), flush=True)
    elif message["type"] == "decide":
        print(json.dumps({"action": answer(message)}), flush=True)
    elif message["type"] == "bye":
        break
