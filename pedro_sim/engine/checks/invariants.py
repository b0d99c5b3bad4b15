"""docs/rules.md section 6, checked inside the kernels on a recorded deal (layout R_*).

``deal_violations`` replays a record from its dealt cards to its score, independently of
the code that played it: it keeps its own hands, recomputes who may play what, who wins
each trick and who scores each point from the rules tables (cinfo, masks), and compares
with what the record says. It returns a bit per kind of violation (V_*), so the soak can
count them per kind without keeping any deal. It reads only the record, the options and
the tables, so the checks cannot share a bug with the play loop's control flow.

What it cannot see: the auction's choices (only that the bid and bidder follow from the
calls), whether a discard or fill took the right cards (only that no card appears twice
and that kept cards were dealt or received), and the dealing order against the seed.
"""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.encoding.offsets import offsets
from pedro_sim.engine.bits import ONE, ZERO, bit, lowest, popcount
from pedro_sim.engine.game.calling import calls_partner
from pedro_sim.engine.game.pack import pack_mask
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.seats import partner_of, players, same_side, seat_after, side_of, sides

V_CARDS = 0  # a card in two places, played twice, not held, or never played
V_POINTS = 1  # points recorded differ from the tricks', or do not add up to the total
V_LEGAL = 2  # a card, stack, lead or fold the rules do not allow
V_WINNER = 3  # a trick's recorded winner is not the seat the rules say
V_SCORE = 4  # made or score do not follow from the points and the bid
V_AUCTION = 5  # the bidder and bid are not the last bid of the recorded calls
N_KINDS = 6
KIND_NAMES = ("cards", "points", "legal", "winner", "score", "auction")

# scratch: uint64 masks (held) and int64 tallies (won) the replay keeps
H_HANDS, H_DEALT, H_START, N_HELD = offsets(  # a mask per seat: hands during the replay,
    L.SEATS, L.SEATS, L.SEATS)  # dealt hands, hands when play starts (from the record)
W_POINTS, W_ASIDE, W_FOLDS, N_WON = offsets(  # each side's points, recomputed; points of
    L.MAX_SIDES, 1, 1)  # cards that left play without scoring (folded, buried); fold records
# matched by the replay


def new_scratch():
    """The replay's scratch arrays, one pair per thread."""
    return np.zeros(N_HELD, np.uint64), np.zeros(N_WON, np.int64)


@kernel
def flag(kind):
    """The bit of a kind of violation in deal_violations' result."""
    return np.int64(1) << np.int64(kind)


@kernel
def trick_points(m, t, tab):
    """Points of the cards in ``m`` for whoever takes them in a trick or claim."""
    total = 0
    while m:
        c = lowest(m)
        m &= m - ONE
        total += tab.cinfo[t, L.I_POINTS, c]
    return total


@kernel
def value(m, t, tab):
    """Points of the cards in ``m`` wherever they end up (the 2 that scores for its holder
    has no trick points in cinfo; its value is O_TWO_POINTS)."""
    total = tab.opts[L.O_TWO_POINTS] if m_has(tab.masks[t, L.M_TWO], m) else 0
    return total + trick_points(m, t, tab)


@kernel
def m_has(a, b):
    """Whether masks ``a`` and ``b`` share a card."""
    return (np.uint64(a) & np.uint64(b)) != ZERO


@kernel
def umask(x):
    """A mask stored in an int64 record slot."""
    return np.uint64(x)


@kernel
def check_dealt(rec, tab, held):
    """Dealt hands and stock partition the pack: every card of the pack exactly once.
    Fills the dealt masks; returns (flags, stock mask)."""
    n = tab.opts[L.O_DECK]
    size = tab.opts[L.O_HAND]
    seen = ZERO
    stock = ZERO
    bad = 0
    for p in range(players(tab)):
        held[H_DEALT + p] = ZERO
    for j in range(n):
        c = rec[L.R_DEALT + j]
        if c < 0 or c > 52 or not pack_mask(tab) & bit(c):
            bad |= flag(V_CARDS)
            continue
        if seen & bit(c):
            bad |= flag(V_CARDS)
        seen |= bit(c)
        if j < players(tab) * size:
            held[H_DEALT + j // size] |= bit(c)
        else:
            stock |= bit(c)
    return bad, stock


@kernel
def check_start(rec, tab, held, stock, full):
    """Hands at play start: disjoint, each made of dealt and received cards; received
    cards come from the stock (each stock card to one seat at most), from the partner
    (passed) or, for a dealer who may take the others' discards, from those."""
    bad = 0
    taken = ZERO
    rob_all = (tab.opts[L.O_DEALER_FILL] == L.FILL_ROB_ALL
               or tab.opts[L.O_DEALER_SEARCHES_DISCARDS] != 0)
    dealer = rec[L.R_DEALER] % players(tab)
    union = ZERO
    for p in range(players(tab)):
        start = umask(rec[L.R_START + p])
        got = umask(rec[L.R_RECEIVED + p])
        passed = umask(rec[L.R_PASSED + p])
        away = umask(rec[L.R_PUT_AWAY + p])
        held[H_START + p] = start
        if (start | got | passed | away) & ~full:
            bad |= flag(V_CARDS)
        if start & union or start & ~(held[H_DEALT + p] | got):
            bad |= flag(V_CARDS)
        union |= start
        drawn = got & stock & ~passed  # a kitty card can be passed on to the partner
        if drawn & taken or away & ~stock or away & (taken | got):
            bad |= flag(V_CARDS)
        taken |= drawn | away
        q = max(partner_of(tab, p), 0)
        partner_gone = (held[H_DEALT + q] | umask(rec[L.R_RECEIVED + q])) & \
            ~umask(rec[L.R_START + q])
        others = ZERO
        if rob_all and p == dealer:
            for k in range(1, players(tab)):
                s = seat_after(tab, dealer, k)
                others |= held[H_DEALT + s] & ~umask(rec[L.R_START + s])
        if passed & ~(got & partner_gone) or got & ~stock & ~(passed | others):
            bad |= flag(V_CARDS)
    for p in range(players(tab)):
        if umask(rec[L.R_PUT_AWAY + p]) & union:
            bad |= flag(V_CARDS)
    return bad


@kernel
def check_kept(rec, tab, held, t):
    """Discards the preset fixes: all dealt non-trumps go (cinch; pidro's dealer may
    keep some when it takes the whole stock), or nothing changes (sancho)."""
    bad = 0
    for p in range(players(tab)):
        start = held[H_START + p]
        dealt = held[H_DEALT + p]
        robs_all = p == rec[L.R_DEALER] and tab.opts[L.O_DEALER_FILL] == L.FILL_TAKE_ALL
        if tab.opts[L.O_DISCARD] == L.DISCARD_NON_TRUMPS and not robs_all \
                and start & dealt & ~tab.masks[t, L.M_TRUMP]:
            bad |= flag(V_LEGAL)
        if tab.opts[L.O_DISCARD] == L.DISCARD_NONE and tab.opts[L.O_DEALER_FILL] == L.FILL_NONE \
                and tab.opts[L.O_KITTY] == 0 and start != dealt:
            bad |= flag(V_LEGAL)
    return bad


@kernel
def leader_wins_plain(t, tab):
    """Whether the rules table makes a trick without trumps the leader's (king-pedro):
    then a higher card of the suit led does not beat a lower one. The 2 and the ace of a
    suit that is not trumps are plain cards of every preset and every pack (the 32-card
    pack has no 3)."""
    s = (t + 1) & 3
    return not m_has(tab.beats[t, 13 * s], bit(13 * s + 12))


@kernel
def trick_key(c, led, leader_rule, t, tab):
    """How strongly card ``c`` bids for the trick: trumps by their strength, cards of the
    suit led by rank (all equal under the leader rule), other cards not at all."""
    suit = tab.cinfo[t, L.I_SUIT, c]
    if suit == L.TRUMP_SUIT:
        return 100 + tab.cinfo[t, L.I_STRENGTH, c]
    if suit != led:
        return -1
    return 0 if leader_rule else tab.cinfo[t, L.I_STRENGTH, c]


@kernel
def top_is_legal(h, c, led, lead_trump, plain, t, tab):
    """docs/rules.md 1-2 and section 4's follow rules, for the top card ``c`` of hand ``h``:
    trump led (or trumps only): a trump if able; plain led: follow or trump, follow, or
    anything, per the preset; a lead: anything, or a trump if able where required."""
    trumps = h & tab.masks[t, L.M_TRUMP]
    if not m_has(h, bit(c)):
        return False
    if led < 0:
        return not (lead_trump and trumps) or m_has(trumps, bit(c))
    if led == L.TRUMP_SUIT or plain == L.PLAIN_TRUMPS_ONLY:
        return not trumps or m_has(trumps, bit(c))
    if plain == L.PLAIN_ANY:
        return True
    if plain == L.PLAIN_NON_TRUMP:
        return trumps == h or not m_has(trumps, bit(c))
    suited = h & tab.masks[t, led]
    if not suited:
        return True
    if plain == L.PLAIN_FOLLOW:
        return m_has(suited, bit(c))
    return m_has(suited | trumps, bit(c))


@kernel
def extras_due(n, trick, tab):
    """Extra cards a seat holding ``n`` must play under its card (docs/rules.md 2.7, section 4:
    the surplus on the first trick, or one a trick in pairs until back to hand size)."""
    keep = tab.opts[L.O_KEEP]
    if tab.opts[L.O_PAIRS]:
        left = keep - trick
        surplus = n - left
        if surplus <= 0:
            return 0
        return max(1, surplus - (left - 1))
    if trick == 0 and n > keep:
        return n - keep
    return 0


@kernel
def stack_is_legal(h, c, extra, trick, tab, t):
    """The extra cards: as many as due; buried ones only non-scoring trumps; where they
    score, at most one scoring card in the stack (king-pedro: two, one the 2, for a seat
    holding all seven)."""
    if popcount(extra) != extras_due(popcount(h), trick, tab):
        return False
    if not extra:
        return True
    if not tab.opts[L.O_EXTRAS_SCORE]:
        return not (extra & ~tab.masks[t, L.M_NONSCORE])
    if not (tab.opts[L.O_PAIRS] or tab.opts[L.O_EXTRAS_ONE_SCORING]):
        return True
    scoring = tab.masks[t, L.M_SCORE_TRICK] | tab.masks[t, L.M_TWO] | tab.masks[t, L.M_TWO_PLAYED]
    two = tab.masks[t, L.M_TWO] | tab.masks[t, L.M_TWO_PLAYED]
    n = popcount((extra | bit(c)) & scoring)
    if n <= 1:
        return True
    seven = popcount(h & scoring) == 7
    return (tab.opts[L.O_EXTRAS_ONE_SCORING] and not tab.opts[L.O_PAIRS] and n == 2 and seven
            and m_has(extra | bit(c), two))


@kernel
def listed_fold(rec, p, trick):
    """Whether the record lists seat ``p`` folding at trick ``trick``."""
    for k in range(min(rec[L.R_NFOLDED], 4)):
        if rec[L.R_FOLDED + 2 * k] == p and rec[L.R_FOLDED + 2 * k + 1] == trick:
            return True
    return False


@kernel
def fold(rec, held, won, p, trick, t, tab):
    """Seat ``p`` folds: its cards leave play (they must score nothing: no trumps)."""
    won[W_ASIDE] += value(held[H_HANDS + p], t, tab)
    held[H_HANDS + p] = ZERO
    if listed_fold(rec, p, trick):
        won[W_FOLDS] += 1
        return 0
    return flag(V_LEGAL)


@kernel
def folds_before_play(rec, held, won, tab):
    """ukrainian: a seat that folds before play (with or without passing) starts play with
    nothing, and the record lists it at trick 0; no other seat may start empty."""
    bad = 0
    for p in range(players(tab)):
        if held[H_START + p]:
            continue
        if tab.opts[L.O_DISCARD] != L.DISCARD_FOLD_OR_PASS:
            continue
        if listed_fold(rec, p, 0):
            won[W_FOLDS] += 1
        else:
            bad |= flag(V_LEGAL)
    return bad


@kernel
def fold_at_start(rec, held, won, trick, t, tab):
    """FOLD_AT_TRICK: every seat holding cards but no trump folds before the lead."""
    bad = 0
    if tab.opts[L.O_FOLD] != L.FOLD_AT_TRICK:
        return bad
    for p in range(players(tab)):
        h = held[H_HANDS + p]
        if h and not h & tab.masks[t, L.M_TRUMP]:
            bad |= fold(rec, held, won, p, trick, t, tab)
    return bad


@kernel
def claim_or_end(rec, held, won, trick, t, tab):
    """With one seat holding cards it claims them all; with none play is over. Returns
    (ended, flags)."""
    holding = 0
    last = -1
    for p in range(players(tab)):
        if held[H_HANDS + p]:
            holding += 1
            last = p
    if holding > 1:
        return False, 0
    bad = 0
    if holding == 1:
        h = held[H_HANDS + last]
        if rec[L.R_CLAIM_SEAT] != last or umask(rec[L.R_CLAIM_MASK]) != h:
            bad |= flag(V_CARDS)
        won[W_POINTS + side_of(tab, last)] += trick_points(h, t, tab)
        held[H_HANDS + last] = ZERO
    elif rec[L.R_CLAIM_SEAT] != -1:
        bad |= flag(V_CARDS)
    if rec[L.R_NTRICKS] != trick:
        bad |= flag(V_CARDS)
    return True, bad


@kernel
def play_one(rec, held, won, pb, p, trick, led, lead_trump, t, tab):
    """One recorded play (at ``pb``) by seat ``p``. Returns (card, flags, own points,
    trick points); card -1 when the record is unreadable here."""
    bad = 0
    seat = rec[pb]
    c = rec[pb + 1]
    extra = umask(rec[pb + 2])
    if seat != p or c < 0 or c > 52 or not pack_mask(tab) & bit(c):
        return np.int64(-1), flag(V_LEGAL if seat != p else V_CARDS), 0, 0
    h = held[H_HANDS + p]
    if not m_has(h, bit(c)) or extra & ~(h & ~bit(c)):
        bad |= flag(V_CARDS)
    if not top_is_legal(h, c, led, lead_trump, tab.opts[L.O_PLAIN_LED], t, tab):
        bad |= flag(V_LEGAL)
    if not stack_is_legal(h, c, extra, trick, tab, t):
        bad |= flag(V_LEGAL)
    held[H_HANDS + p] = h & ~bit(c) & ~extra
    stack = bit(c)
    if tab.opts[L.O_EXTRAS_SCORE]:
        stack |= extra
    else:
        won[W_ASIDE] += value(extra, t, tab)
    own = trick_points(stack & tab.masks[t, L.M_TWO_PLAYED], t, tab)
    return c, bad, own, trick_points(stack & ~tab.masks[t, L.M_TWO_PLAYED], t, tab)


@kernel
def replay_trick(rec, held, won, trick, leader, bidder, t, tab):
    """Trick ``trick`` from ``leader``: every seat in play, in order, plays a legal stack
    (california: a seat without trumps folds on a trump lead). Returns (winner, flags);
    winner -1 when the record cannot be followed further."""
    base = L.R_TRICKS + L.TRICK_LEN * trick
    bad = 0
    if rec[base + L.T_LEADER] != leader:
        bad |= flag(V_LEGAL)
    nplays = rec[base + L.T_NPLAYS]
    if nplays < 1 or nplays > players(tab):
        return np.int64(-1), bad | flag(V_CARDS)
    lead_trump = ((trick == 0 and leader == bidder and tab.opts[L.O_FIRST_LEAD])
                  or tab.opts[L.O_PLAIN_LED] == L.PLAIN_TRUMPS_ONLY)
    leader_rule = leader_wins_plain(t, tab)
    led = -1
    best = -1
    best_key = -2
    points = 0
    j = 0
    for k in range(players(tab)):
        p = seat_after(tab, leader, k)
        h = held[H_HANDS + p]
        if not h:
            continue
        if (tab.opts[L.O_FOLD] == L.FOLD_ON_TRUMP_LEAD and led == L.TRUMP_SUIT
                and not h & tab.masks[t, L.M_TRUMP]):
            bad |= fold(rec, held, won, p, trick, t, tab)
            continue
        if j >= nplays:
            return np.int64(-1), bad | flag(V_LEGAL)
        c, b, own, pts = play_one(rec, held, won, base + L.T_PLAYS + L.PLAY_LEN * j, p, trick, led,
                                  lead_trump and j == 0, t, tab)
        bad |= b
        if c < 0:
            return np.int64(-1), bad
        if trick == 0 and calls_partner(tab) and h & bit(rec[L.R_CALLED]) \
                and c != rec[L.R_CALLED]:
            bad |= flag(V_LEGAL)  # five-handed: the called trump's holder must play it
        won[W_POINTS + side_of(tab, p)] += own
        points += pts
        if led < 0:
            led = tab.cinfo[t, L.I_SUIT, c]
        key = trick_key(c, led, leader_rule, t, tab)
        if key > best_key:
            best = p
            best_key = key
        j += 1
    if j != nplays:
        bad |= flag(V_LEGAL)
    if rec[base + L.T_WINNER] != best:
        bad |= flag(V_WINNER)
    won[W_POINTS + side_of(tab, best)] += points
    return np.int64(best), bad


@kernel
def check_call(rec, held, bidder, t, tab):
    """five-handed: the called card is a trump the bidder did not hold when play started,
    and the recorded partner held it."""
    c = rec[L.R_CALLED]
    partner = rec[L.R_CALLED + 1]
    if c < 0 or c > 51 or partner < 0 or partner >= players(tab):
        return flag(V_LEGAL)
    if not tab.masks[t, L.M_TRUMP] & bit(c) or held[H_START + bidder] & bit(c) \
            or not held[H_START + partner] & bit(c):
        return flag(V_LEGAL)
    return 0


@kernel
def replay_play(rec, held, won, bidder, t, tab):
    """Every trick from the bidder's lead until one seat claims or none holds cards; the
    2 that scores for its holder counts first. Returns flags."""
    bad = 0
    for p in range(players(tab)):
        held[H_HANDS + p] = held[H_START + p]
        if held[H_START + p] & tab.masks[t, L.M_TWO]:
            won[W_POINTS + side_of(tab, p)] += tab.opts[L.O_TWO_POINTS]
    ntricks = rec[L.R_NTRICKS]
    if ntricks < 0 or ntricks > L.MAX_TRICKS or rec[L.R_NFOLDED] < 0 \
            or rec[L.R_NFOLDED] > players(tab):
        return flag(V_CARDS)
    bad |= folds_before_play(rec, held, won, tab)
    if calls_partner(tab):
        bad |= check_call(rec, held, bidder, t, tab)
    leader = bidder
    for trick in range(L.MAX_TRICKS + 1):
        bad |= fold_at_start(rec, held, won, trick, t, tab)
        ended, b = claim_or_end(rec, held, won, trick, t, tab)
        bad |= b
        if ended:
            break
        if trick >= ntricks:
            return bad | flag(V_CARDS)
        while not held[H_HANDS + leader]:
            leader = seat_after(tab, leader, 1)
        leader, b = replay_trick(rec, held, won, trick, leader, bidder, t, tab)
        bad |= b
        if leader < 0:
            return bad
    if won[W_FOLDS] != rec[L.R_NFOLDED]:
        bad |= flag(V_LEGAL)
    return bad


@kernel
def check_points(rec, held, won, full, bidder, t, tab):
    """The recorded points are the replay's, and together with the points of every card
    that never scored (discarded, left in the stock, folded, buried) they make the
    preset's total."""
    bad = 0
    bt = side_of(tab, bidder)
    in_play = ZERO
    for p in range(players(tab)):
        in_play |= held[H_START + p]
    gone = ZERO
    if tab.opts[L.O_OPPONENTS_DISCARDS_TO_BIDDERS]:
        for p in range(players(tab)):
            if not same_side(tab, p, bidder):
                gone |= (held[H_DEALT + p] | umask(rec[L.R_RECEIVED + p])) & \
                    ~held[H_START + p]
                gone |= umask(rec[L.R_PUT_AWAY + p])
        gone &= ~in_play  # a discard the dealer took back into play scores by play
    won[W_POINTS + bt] += value(gone, t, tab)
    two = tab.masks[t, L.M_TWO]
    if tab.opts[L.O_DISCARD] == L.DISCARD_FOLD_OR_PASS and not m_has(two, in_play):
        for p in range(players(tab)):  # ukrainian's 2 put away: for the team dealt it
            if m_has(two, held[H_DEALT + p] | umask(rec[L.R_RECEIVED + p])):
                won[W_POINTS + side_of(tab, p)] += value(two, t, tab)
                gone |= two
                break
    total = value(full & ~in_play & ~gone, t, tab) + won[W_ASIDE]  # and what never scored
    for side in range(sides(tab)):
        if rec[L.R_POINTS + side] != won[W_POINTS + side]:
            bad |= flag(V_POINTS)
        total += rec[L.R_POINTS + side]
    if total != tab.opts[L.O_TOTAL_POINTS]:
        bad |= flag(V_POINTS)
    return bad


@kernel
def expected_score(b, d, bid, tab):
    """docs/rules.md 2.8 and section 4 on the bidders' points ``b``, the others' ``d``:
    (made, bidders' score, others' score)."""
    if bid > tab.opts[L.O_MAX_BID]:  # "83 double", "28-56": every point, or lose the bid
        made = b >= tab.opts[L.O_TOTAL_POINTS]
        won = 2 * bid if tab.opts[L.O_DEALER_28_56] else bid  # 28-56 scores 56
        return made, won if made else -bid, d
    made = b >= bid
    if tab.opts[L.O_DOUBLE_MAX] and bid == tab.opts[L.O_MAX_BID]:
        return made, 2 * bid if made else -2 * bid, d
    if tab.opts[L.O_MOON] and made and bid == tab.opts[L.O_MAX_BID]:  # the moon: twice the bid
        difference = tab.opts[L.O_SCORING] == L.SCORE_DIFFERENCE
        return made, 2 * bid, max(0, d - b) if difference else d
    if tab.opts[L.O_SCORING] == L.SCORE_DIFFERENCE:
        if not made:
            return made, 0, bid + d
        return made, max(0, b - d), max(0, d - b)
    return made, b if made else -bid, d


@kernel
def check_team_score(rec, won, bidder, tab):
    """five-handed: the bidder and its recorded partner each score as one bidding side on
    their points together; every other seat its own points."""
    partner = rec[L.R_CALLED + 1]
    if partner < 0 or partner >= players(tab):
        return flag(V_SCORE)
    b = won[W_POINTS + bidder] + won[W_POINTS + partner]
    made, sb, _ = expected_score(b, 0, rec[L.R_BID], tab)
    bad = 0
    if rec[L.R_MADE] != made:
        bad = flag(V_SCORE)
    for s in range(players(tab)):
        want = sb if s == bidder or s == partner else won[W_POINTS + s]
        if rec[L.R_SCORE + s] != want:
            bad = flag(V_SCORE)
    return bad


@kernel
def check_score(rec, won, bidder, tab):
    """Made and score follow from the replayed points and the bid alone."""
    if calls_partner(tab):
        return check_team_score(rec, won, bidder, tab)
    bt = side_of(tab, bidder)
    bad = 0
    for ot in range(sides(tab)):  # each defending side scored against the bidders
        if ot != bt:
            made, sb, so = expected_score(won[W_POINTS + bt], won[W_POINTS + ot],
                                          rec[L.R_BID], tab)
            if rec[L.R_MADE] != made or rec[L.R_SCORE + bt] != sb or \
                    rec[L.R_SCORE + ot] != so:
                bad = flag(V_SCORE)
    return bad


@kernel
def check_auction(rec):
    """The bidder and bid are the last bid among the calls (nobody bid: thrown in)."""
    n = rec[L.R_NCALLS]
    if n < 0 or n > L.MAX_CALLS:
        return flag(V_AUCTION)
    seat = -1
    bid = 0
    for k in range(n):
        call = rec[L.R_CALLS + 2 * k + 1]
        if call < 0:
            return flag(V_AUCTION)
        if call > 0:
            seat = rec[L.R_CALLS + 2 * k]
            bid = call
    if seat != rec[L.R_BIDDER] or bid != rec[L.R_BID]:
        return flag(V_AUCTION)
    return 0


@kernel
def check_thrown_in(rec, held):
    """Nobody bid: no exchange, no tricks, no points, no score."""
    bad = 0
    for p in range(L.SEATS):
        if umask(rec[L.R_START + p]) != held[H_DEALT + p] or rec[L.R_RECEIVED + p]:
            bad |= flag(V_CARDS)
    if rec[L.R_NTRICKS] or rec[L.R_CLAIM_SEAT] != -1 or rec[L.R_NFOLDED]:
        bad |= flag(V_CARDS)
    for s in range(L.MAX_SIDES):
        if rec[L.R_POINTS + s]:
            bad |= flag(V_POINTS)
        if rec[L.R_SCORE + s]:
            bad |= flag(V_SCORE)
    if rec[L.R_MADE]:
        bad |= flag(V_SCORE)
    return bad


@phase
def deal_violations(rec, tab, held, won):
    """Check one recorded auctioned deal against docs/rules.md section 6; returns a bit
    (1 << V_*) per kind of violation found, 0 for a clean deal. ``held``, ``won``:
    scratch from new_scratch()."""
    for k in range(won.shape[0]):
        won[k] = 0
    full = pack_mask(tab)
    bad, stock = check_dealt(rec, tab, held)
    bad |= check_auction(rec)
    bidder = rec[L.R_BIDDER]
    dealer = rec[L.R_DEALER]
    if dealer < 0 or dealer >= players(tab) or bidder < -1 or bidder >= players(tab):
        return bad | flag(V_CARDS)
    if bidder < 0:
        return bad | check_thrown_in(rec, held)
    t = rec[L.R_TRUMP]
    if t < 0 or t > 3:
        return bad | flag(V_CARDS)
    bad |= check_start(rec, tab, held, stock, full)
    bad |= check_kept(rec, tab, held, t)
    bad |= replay_play(rec, held, won, bidder, t, tab)
    bad |= check_points(rec, held, won, full, bidder, t, tab)
    bad |= check_score(rec, won, bidder, tab)
    return bad
