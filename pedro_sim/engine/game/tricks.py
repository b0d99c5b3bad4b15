"""Tricks: legal moves, the first-trick stack, winners, claims and the deal's points."""

import numpy as np

from pedro_sim.encoding import layout as L
from pedro_sim.engine.bits import ONE, ZERO, bit, known_card, lowest, popcount
from pedro_sim.engine.game.calling import (
    call_partner,
    called_only,
    calls_partner,
    join_team,
    later_foes,
    team_word,
)
from pedro_sim.engine.jit import kernel, linked, phase, shared_phase
from pedro_sim.engine.players import (
    choose_bury,
    choose_card,
    pick_one,
    policy_of,
    scoring_cards,
    techniques,
)
from pedro_sim.engine.players.heuristic import WIN_NOBODY, WIN_OPPONENT, WIN_PARTNER
from pedro_sim.engine.seats import (
    credit,
    holders,
    later_opponents,
    lone_holder,
    players,
    role_in,
    role_word,
    seat_after,
    seat_among,
    side_in,
    side_of,
    side_word,
)


@kernel
def legal_cards(h, led, t, tab, plain):
    """Trump led: a trump if able. Plain led: that suit or a trump if able (PLAIN_FOLLOW:
    that suit if able; PLAIN_ANY: any card; PLAIN_NON_TRUMP: a non-trump if able)."""
    if plain == L.PLAIN_TRUMPS_ONLY or led == L.TRUMP_SUIT:
        tr = h & tab.masks[t, L.M_TRUMP]
        return tr if tr else h
    if led < 0:
        return h
    if plain == L.PLAIN_ANY:
        return h
    if plain == L.PLAIN_NON_TRUMP:
        nt = h & ~tab.masks[t, L.M_TRUMP]
        return nt if nt else h
    f = h & tab.masks[t, led]
    if not f:
        return h
    return f if plain == L.PLAIN_FOLLOW else f | (h & tab.masks[t, L.M_TRUMP])


@kernel
def folds_on_lead(h, led, fold, t, tab):
    """Whether a seat holding ``h`` folds instead of playing to a trick led in ``led``
    (``fold``: the O_FOLD rule): without trumps, on a trump lead (FOLD_ON_TRUMP_LEAD)."""
    return fold == L.FOLD_ON_TRUMP_LEAD and led == L.TRUMP_SUIT and not h & tab.masks[
        t, L.M_TRUMP]


@kernel
def lead_cards(h, first, t, tab):
    """The bidder's first lead (``first``: this is it) must be a trump where the preset
    says so, if it has one; any other lead, including a first trick led by another seat
    because the bidder folded, is free (docs/rules.md, ``first_lead``)."""
    if (first and tab.opts[L.O_FIRST_LEAD]) or tab.opts[L.O_PLAIN_LED] == L.PLAIN_TRUMPS_ONLY:
        tr = h & tab.masks[t, L.M_TRUMP]
        if tr:
            return tr
    return h


@kernel
def stack_legal(h, legal, extra, t, tab):
    """With ``extra`` cards to bury, the top card must leave that many non-scoring trumps."""
    if popcount(h & tab.masks[t, L.M_NONSCORE]) - 1 >= extra:
        return legal
    return legal & ~tab.masks[t, L.M_NONSCORE]


@kernel
def card_points(m, t, tab):
    total = 0
    while m:
        c = lowest(m)
        m &= m - ONE
        total += tab.cinfo[t, L.I_POINTS, c]
    return total


@kernel
def beats_winner(c, wcard, t, tab):
    return (tab.beats[t, known_card(wcard)] >> np.uint64(c)) & np.uint64(1)



@kernel
def winning(wseat, sides, side):
    """Who holds the trick (``wseat``; ``sides``: the side word) as a seat of ``side`` that
    has not played to it yet sees it (heuristic.WIN_*)."""
    if wseat < 0:
        return WIN_NOBODY
    return WIN_PARTNER if side_in(sides, wseat) == side else WIN_OPPONENT


@kernel
def record_play(rec, base, k, p, c, buried):
    at = base + L.T_PLAYS + L.PLAY_LEN * k
    rec[at] = p
    rec[at + 1] = c
    rec[at + 2] = np.int64(buried)


@kernel
def stack_can_complete(stack, pool, r, seven, future, pairs, t, tab):
    """Can ``r`` more cards of ``pool`` complete a stack holding at most one scoring card?
    king-pedro: a player with all seven may play the 2 and one other. california (pairs):
    enough non-scoring cards must stay back for the ``future`` pairs."""
    scoring = scoring_cards(t, tab)
    two = tab.masks[t, L.M_TWO] | tab.masks[t, L.M_TWO_PLAYED]
    xs = popcount(stack & scoring)
    ns = popcount(pool & ~scoring)
    scp = popcount(pool & scoring)
    if xs <= 1:
        most = min(scp, 1 - xs, r)
        if pairs:
            if r - most <= ns - future:
                return True
        elif ns + most >= r:
            return True
    need = 2 - xs
    if pairs or not seven or need < 0 or need > r or ns < r - need:
        return False
    if stack & two:
        return scp >= need
    return need >= 1 and (pool & two) != 0 and scp >= need  # the 2 is one of them


@phase
def constrained_tops(h, legal, extra, future, pairs, t, tab):
    """The top cards from which a stack can be completed."""
    seven = popcount(h & scoring_cards(t, tab)) == 7
    out = ZERO
    m = legal
    while m:
        c = lowest(m)
        m &= m - ONE
        if stack_can_complete(bit(c), h & ~bit(c), extra, seven, future, pairs, t, tab):
            out |= bit(c)
    return out


@phase
def constrained_extras(policy, rng, h, top, extra, future, pairs, t, tab):
    """The extra cards under ``top``, one at a time among those that keep the stack
    completable (all of them when there is no choice left)."""
    seven = popcount(h & scoring_cards(t, tab)) == 7
    pool = h & ~bit(top)
    chosen = ZERO
    while popcount(chosen) < extra:
        left = extra - popcount(chosen)
        cands = ZERO
        m = pool & ~chosen
        while m:
            c = lowest(m)
            m &= m - ONE
            rest = pool & ~chosen & ~bit(c)
            if stack_can_complete(bit(top) | chosen | bit(c), rest, left - 1, seven, future,
                                  pairs, t, tab):
                cands |= bit(c)
        if popcount(cands) <= left:
            return chosen | cands
        chosen |= pick_one(policy, rng, cands, False, t, tab)
    return chosen


@kernel
def extra_cards(n, trick, tab):
    """Cards a player holding ``n`` plays under its card: the surplus on the first trick,
    or (pairs) one a trick until it is back to the normal count."""
    return surplus_cards(n, trick, tab.opts[L.O_KEEP], tab.opts[L.O_PAIRS])


@kernel
def surplus_cards(n, trick, keep, pairs):
    """extra_cards with the options ``keep`` and ``pairs`` as values."""
    if pairs:
        remaining = keep - trick
        surplus = n - remaining
        if surplus <= 0:
            return 0
        return max(1, surplus - (remaining - 1))
    return n - keep if trick == 0 and n > keep else 0


@kernel
def record_fold(rec, record, folds, p, trick):
    if record:
        rec[L.R_FOLDED + 2 * folds] = p
        rec[L.R_FOLDED + 2 * folds + 1] = trick
        rec[L.R_NFOLDED] = folds + 1

@kernel
def folds_recorded(rec):
    """Folds the record lists before play starts (ukrainian's, in the exchange), so that
    folds in play are listed after them."""
    return rec[L.R_NFOLDED] if rec.shape[0] > 0 else np.int64(0)


@kernel
def claim_if_alone(hands, t, tab, pts, rec):
    """A lone player with cards takes them all. Returns True when the deal ended."""
    holding, last = lone_holder(hands, tab)
    if holding > 1:
        return False
    if holding == 1:
        credit(pts, side_of(tab, last), card_points(hands[last], t, tab), hands[last])
        if rec.shape[0] > 0:
            rec[L.R_CLAIM_SEAT] = last
            rec[L.R_CLAIM_MASK] = np.int64(hands[last])
        hands[last] = ZERO
    return True



@kernel
def fold_trumpless(hands, trick, folds, t, tab, rec):
    """Players still holding cards but no trump fold (their cards leave the play)."""
    for p in range(players(tab)):
        if hands[p] and not hands[p] & tab.masks[t, L.M_TRUMP]:
            hands[p] = ZERO
            record_fold(rec, rec.shape[0] > 0, folds, p, trick)
            folds += 1
    return folds


@kernel
def start_trick(st, trick, leader):
    """``st`` (layout PS_*) at the start of trick number ``trick``, led by ``leader``."""
    st[L.PS_TRICK] = trick
    st[L.PS_LEADER] = leader
    st[L.PS_K] = 0
    st[L.PS_WSEAT] = -1
    st[L.PS_WCARD] = -1
    st[L.PS_LED] = -1
    st[L.PS_POINTS] = 0
    st[L.PS_NPLAYS] = 0


@linked
def play_places(hands, policy, flags, rng, t, tab, pts, rec, trick, leader, bidder, k0, k_end,
                forced, wseat, wcard, led, points, nplays, folds, played):
    """The places ``k0`` to ``k_end`` - 1 after ``leader`` of trick ``trick`` (winning so
    far ``wseat`` with ``wcard``, suit ``led``, ``points``, ``nplays`` plays, ``folds``,
    the deal's ``played`` cards); the first plays ``forced`` when it is a card. Returns
    (wseat, wcard, led, points, nplays, folds, played) after them.

    The state goes in and out as values, not through the PS_* record (play_cards), only
    for the engine's own trick loop: it starts each trick from constants that the
    compiler folds into the unrolled places (measured: 7% more heuristic deals a second
    than reading them from the record, docs/changelog.md, 2026-12-01). Compiled once, and inlined
    by LLVM into its two callers (trick_loop, play_cards) with their constants."""
    record = rec.shape[0] > 0
    base = L.R_TRICKS + L.TRICK_LEN * trick
    holding = holders(hands, tab)  # those after the player to move hold the same till then
    n = players(tab)  # held in registers through the loop
    sides = side_word(tab)
    roles = role_word(tab)
    # the options the loop reads, as values: read from opts they were read again after
    # every store to the hands or points (numba tells LLVM nothing of what may alias)
    pairs = tab.opts[L.O_PAIRS]
    keep = tab.opts[L.O_KEEP]
    plain = tab.opts[L.O_PLAIN_LED]
    extras_score = tab.opts[L.O_EXTRAS_SCORE]
    fold = tab.opts[L.O_FOLD]
    constrained = tab.opts[L.O_EXTRAS_ONE_SCORING] or pairs
    called_game = calls_partner(tab)
    allies = team_word(pts, sides, tab) if called_game else sides  # who plays with whom
    for k in range(k0, k_end):
        if k >= n:
            break
        p = seat_among(leader, k, n)
        h = hands[p]
        if not h:
            continue
        if folds_on_lead(h, led, fold, t, tab):
            hands[p] = ZERO
            record_fold(rec, record, folds, p, trick)
            folds += 1
            continue
        if wseat < 0:
            legal = lead_cards(h, trick == 0 and p == bidder, t, tab)
        else:
            legal = legal_cards(h, led, t, tab, plain)
        if called_game:
            legal = called_only(h, legal, np.uint64(pts[L.PT_CALLED]))
        extra = surplus_cards(popcount(h), trick, keep, pairs)
        future = popcount(h) - (keep - trick) - extra
        if extra > 0 and constrained:
            legal = constrained_tops(h, legal, extra, future, pairs, t, tab)
        elif extra > 0 and not extras_score:
            legal = stack_legal(h, legal, extra, t, tab)
        side = side_in(sides, p)
        role = role_in(roles, p)
        team_flags = techniques(policy, flags, role)
        pol = policy_of(policy, role)
        if called_game:
            later = (holding & later_foes(allies, leader, k, n, p)) != 0
        else:
            later = (holding & later_opponents(tab, k, p)) != 0
        third = later and nplays == 2
        if forced >= 0 and k == k0:
            c = forced
        else:
            c = known_card(choose_card(pol, team_flags, h, legal,
                                       winning(wseat, allies, side_in(allies, p)), wcard,
                                       played, later, third, points, rng, t, tab))
        if called_game and bit(c) & np.uint64(pts[L.PT_CALLED]):
            join_team(pts, p)
            allies = team_word(pts, sides, tab)
        buried = ZERO
        if extra > 0 and constrained:
            buried = constrained_extras(pol, rng, h, c, extra, future, pairs, t, tab)
        h &= ~bit(c)
        if extra > 0 and not constrained:
            buried = choose_bury(pol, team_flags, h, extra, extras_score, rng, t, tab)
        h &= ~buried
        if extras_score:  # extra cards go with the trick and score for it
            two = buried & tab.masks[t, L.M_TWO_PLAYED]
            points += card_points(buried & ~two, t, tab)
            if two:  # but the 2 for the side that plays it
                credit(pts, side, card_points(two, t, tab), two)
        hands[p] = h
        played |= bit(c) | buried
        if wseat < 0:
            wseat = p
            wcard = c
            led = tab.cinfo[t, L.I_SUIT, c]
        elif beats_winner(c, wcard, t, tab):
            wseat = p
            wcard = c
        if bit(c) & tab.masks[t, L.M_TWO_PLAYED]:  # scores for the side that plays it
            credit(pts, side, tab.cinfo[t, L.I_POINTS, c], bit(c))
        else:
            points += tab.cinfo[t, L.I_POINTS, c]
        if record:
            record_play(rec, base, nplays, p, c, buried)
        nplays += 1
    if record:
        rec[base + L.T_LEADER] = leader
        rec[base + L.T_WINNER] = wseat
        rec[base + L.T_NPLAYS] = nplays
    return wseat, wcard, led, points, nplays, folds, played


@kernel
def play_cards(hands, st, policy, flags, rng, t, tab, pts, rec, k_end, forced):
    """Places st[PS_K] to ``k_end`` - 1 after the leader of the trick in progress ``st``
    (layout PS_*: its winner so far, suit led, points, cards played, folds); the first
    plays ``forced`` when it is a card. Leaves the trick's state after them in ``st``."""
    wseat, wcard, led, points, nplays, folds, played = play_places(
        hands, policy, flags, rng, t, tab, pts, rec, st[L.PS_TRICK], st[L.PS_LEADER],
        st[L.PS_BIDDER], st[L.PS_K], k_end, forced, st[L.PS_WSEAT], st[L.PS_WCARD],
        st[L.PS_LED], st[L.PS_POINTS], st[L.PS_NPLAYS], st[L.PS_FOLDS],
        np.uint64(st[L.PS_PLAYED]))
    st[L.PS_K] = k_end
    st[L.PS_WSEAT] = wseat
    st[L.PS_WCARD] = wcard
    st[L.PS_LED] = led
    st[L.PS_POINTS] = points
    st[L.PS_NPLAYS] = nplays
    st[L.PS_FOLDS] = folds
    st[L.PS_PLAYED] = np.int64(played)




@kernel
def two_to_holder(hands, t, tab, pts):
    """Where the 2 scores for its holder, it counts when play starts."""
    for p in range(players(tab)):
        if hands[p] & tab.masks[t, L.M_TWO]:
            credit(pts, side_of(tab, p), tab.opts[L.O_TWO_POINTS], tab.masks[t, L.M_TWO])


@kernel
def close_trick(st, cards, t, tab, pts):
    """The trick's points and cards go to the winner's side (the 2 that scores for its
    player has already gone to its side)."""
    credit(pts, side_of(tab, st[L.PS_WSEAT]), st[L.PS_POINTS],
           cards & ~tab.masks[t, L.M_TWO_PLAYED])


def _play_out(inline_loop: bool):
    """play_out with the trick loop inlined (``inline_loop``) or called compiled once
    (play_rest). ``inline_loop`` is a constant of the closure, so numba prunes the other
    branch before it inlines anything."""

    @kernel
    def play_out(hands, st, bidder, t, policy, flags, rng, tab, pts, rec):
        """Play every trick from the start of play, led by ``bidder``: pts (layout PT_*)
        gets each side's points and cards (the 2 with its holder's side where the 2 scores
        for its holder); ``st`` is the play state it uses."""
        two_to_holder(hands, t, tab, pts)
        if calls_partner(tab):
            call_partner(hands, bidder, t, policy, rng, tab, pts, rec)
        st[L.PS_TRICK] = 0
        st[L.PS_LEADER] = bidder
        st[L.PS_BIDDER] = bidder
        st[L.PS_FOLDS] = folds_recorded(rec)
        st[L.PS_PLAYED] = 0
        if inline_loop:
            trick_loop(hands, st, policy, flags, rng, t, tab, pts, rec)
        else:
            play_rest(hands, st, policy, flags, rng, t, tab, pts, rec)

    return play_out


@linked
def trick_loop(hands, st, policy, flags, rng, t, tab, pts, rec):
    """Every trick from trick number st[PS_TRICK] on, led by st[PS_LEADER] (st[PS_BIDDER]:
    whose first lead the rules may force; st[PS_PLAYED], st[PS_FOLDS] so far)."""
    trick = st[L.PS_TRICK]
    leader = st[L.PS_LEADER]
    bidder = st[L.PS_BIDDER]
    folds = st[L.PS_FOLDS]
    played = np.uint64(st[L.PS_PLAYED])
    # typed, not literal, constants: one compiled play_places for both its callers (LLVM
    # folds them once it has inlined it)
    zero = np.int64(0)
    none = np.int64(-1)
    seats = np.int64(L.SEATS)
    while True:
        if tab.opts[L.O_FOLD] == L.FOLD_AT_TRICK:
            folds = fold_trumpless(hands, trick, folds, t, tab, rec)
        if claim_if_alone(hands, t, tab, pts, rec):
            break
        while not hands[leader]:
            leader = seat_after(tab, leader, 1)
        before = played
        wseat, _, _, points, _, folds, played = play_places(
            hands, policy, flags, rng, t, tab, pts, rec, trick, leader, bidder, zero, seats, none,
            none, none, none, zero, zero, folds, played)
        credit(pts, side_of(tab, wseat), points, (played ^ before) & ~tab.masks[t, L.M_TWO_PLAYED])
        leader = wseat
        trick += 1
    st[L.PS_FOLDS] = folds
    st[L.PS_PLAYED] = np.int64(played)
    if rec.shape[0] > 0:
        rec[L.R_NTRICKS] = trick


@kernel
def open_trick(hands, st, trick, leader, t, tab, pts, rec):
    """Start trick number ``trick`` in ``st`` (folds at the trick, a claim, the lead passing
    on from a seat with no cards), for play that keeps its state in ``st``: the trick's
    leader, or -1 when a claim ends the play."""
    if tab.opts[L.O_FOLD] == L.FOLD_AT_TRICK:
        st[L.PS_FOLDS] = fold_trumpless(hands, trick, st[L.PS_FOLDS], t, tab, rec)
    if claim_if_alone(hands, t, tab, pts, rec):
        return np.int64(-1)
    while not hands[leader]:
        leader = seat_after(tab, leader, 1)
    start_trick(st, trick, leader)
    return leader


@kernel
def most_cards(hands, tab):
    """The most cards any seat holds."""
    most = 0
    for q in range(players(tab)):
        most = max(most, popcount(hands[q]))
    return most


@shared_phase
def play_from(hands, st, policy, flags, rng, t, tab, pts, rec, k_end, forced):
    """Play compiled once for all but the engine's own deals (which inline trick_loop: 11%
    more deals/s, docs/changelog.md, 2026-11-30): with ``k_end`` >= 0, the places st[PS_K] to
    ``k_end`` - 1 of the trick in progress, as play_cards (the thinking players play a card
    at a time and roll out from the middle of a trick); with ``k_end`` < 0, every trick from
    st[PS_TRICK] on, as trick_loop, or with ``k_end`` < -1 until a trick boundary where no
    hand holds more than -2 - ``k_end`` cards (st's trick and leader then name the next).
    One place plays, so LLVM inlines play_places once here."""
    whole = k_end < 0
    trick = st[L.PS_TRICK]
    leader = st[L.PS_LEADER]
    while True:
        before = np.uint64(st[L.PS_PLAYED])
        if k_end < -1 and most_cards(hands, tab) <= -2 - k_end:
            st[L.PS_TRICK] = trick
            st[L.PS_LEADER] = leader
            return
        if whole:
            leader = open_trick(hands, st, trick, leader, t, tab, pts, rec)
            if leader < 0:
                break
        play_cards(hands, st, policy, flags, rng, t, tab, pts, rec,
                   np.int64(L.SEATS) if whole else k_end, forced)
        if not whole:
            return
        played = np.uint64(st[L.PS_PLAYED])
        credit(pts, side_of(tab, st[L.PS_WSEAT]), st[L.PS_POINTS],
               (played ^ before) & ~tab.masks[t, L.M_TWO_PLAYED])
        leader = st[L.PS_WSEAT]
        trick += 1
    if rec.shape[0] > 0:
        rec[L.R_NTRICKS] = trick


@kernel
def play_rest(hands, st, policy, flags, rng, t, tab, pts, rec):
    """Every trick from st[PS_TRICK] on (play_from)."""
    none = np.int64(-1)
    play_from(hands, st, policy, flags, rng, t, tab, pts, rec, none, none)


play_out = _play_out(False)
play_out_inline = _play_out(True)
