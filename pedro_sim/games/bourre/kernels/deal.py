"""A Bourré deal's steps apart from its players' choices (docs/bourre.md section 3): the
shuffle and deal, a declaration applied (discards, the draw, reshuffles of the gathered
piles), a card applied to the trick, and the payment; then the antes of the next deal.
Each step reads and writes the deal's records ``st`` and ``mk`` (layout.py)."""

import numpy as np

from pedro_sim.engine.bits import bit, kth, lowest, popcount
from pedro_sim.engine.jit import kernel, phase
from pedro_sim.engine.rng import shuffle
from pedro_sim.games.bourre.kernels import layout as B
from pedro_sim.games.bourre.kernels.play_rules import beats, cinch_at_start, shown_void

ZERO = np.uint64(0)


@kernel
def seat_from(st, dealer, i):
    """The ``i``-th seat after the dealer (i = 1: its left; i = N: the dealer)."""
    return (dealer + i) % st[B.S_N]


@phase
def clear_deal(st, mk, dealer):
    """A fresh deal at ``dealer``: the table's options and the pot kept, the rest reset."""
    for i in range(B.S_DEALER, B.S_LEN):
        if i < B.S_POT_BEFORE or i >= B.S_ANTES + B.SEATS:
            st[i] = 0
    for i in range(B.M_LEN):
        mk[i] = ZERO
    st[B.S_DEALER] = dealer
    for s in range(B.SEATS):
        st[B.S_DECL + s] = B.UNDECLARED
    st[B.S_LONE] = -1
    st[B.S_WINNER] = -1
    st[B.S_TOP] = -1
    st[B.S_LED] = -1


@phase
def deal_from(st, mk, deck, n_deck):
    """Deal ``deck[:n_deck]`` (a shuffled pack, or a fixed hand's prepared order with -1 for
    the fixed seat's places): five rounds from the dealer's left, one card a seat; the
    turned-up card; the rest is the stock."""
    n = st[B.S_N]
    dealer = st[B.S_DEALER]
    for r in range(B.HAND):
        for i in range(1, n + 1):
            s = seat_from(st, dealer, i)
            c = deck[r * n + i - 1]
            st[B.S_DEALT + s * B.HAND + r] = c
            mk[B.M_HAND + s] |= bit(c)
    top = B.HAND * n
    if st[B.S_NOBODY]:
        st[B.S_TURNED] = deck[top]
        top += 1
    else:
        st[B.S_TURNED] = st[B.S_DEALT + dealer * B.HAND + B.HAND - 1]
    st[B.S_TRUMP] = st[B.S_TURNED] // 13
    for j in range(top, n_deck):
        st[B.S_STOCK + j - top] = deck[j]
        st[B.S_FIRST_STOCK + j - top] = deck[j]
    st[B.S_STOCK_LEN] = n_deck - top
    for s in range(n):
        mk[B.M_DEALT + s] = mk[B.M_HAND + s]


@kernel
def declaring_seat(st):
    """The seat whose turn it is to declare."""
    return seat_from(st, st[B.S_DEALER], st[B.S_DECL_NEXT] + 1)


@kernel
def all_passed_before(st):
    """Whether the dealer is to declare and every seat before it passed."""
    if st[B.S_DECL_NEXT] != st[B.S_N] - 1:
        return False
    for s in range(st[B.S_N]):
        if s != st[B.S_DEALER] and st[B.S_DECL + s] != B.PASS:
            return False
    return True


@kernel
def must_play(st, seat):
    """Whether ``seat`` may not pass: the dealer on a turned-up ace that is its own."""
    return seat == st[B.S_DEALER] and not st[B.S_NOBODY] and st[B.S_TURNED] % 13 == 12


@phase
def gather(st, mk, served):
    """The stock has run out: gather the piles of the seats that declared before
    ``served``, in ascending card id, shuffle them (the deal's stream) and deal from them."""
    pile = ZERO
    for i in range(1, st[B.S_DECL_NEXT] + 1):
        s = seat_from(st, st[B.S_DEALER], i)
        if s != served:
            pile |= mk[B.M_PILE + s]
            mk[B.M_PILE + s] = ZERO
    return pile


@phase
def draw_card(st, mk, served, rng):
    """The next card from the stock, gathering and shuffling a new stock if it is empty."""
    if st[B.S_STOCK_POS] >= st[B.S_STOCK_LEN]:
        pile = gather(st, mk, served)
        k = st[B.S_NRESH]
        start = st[B.S_RESH_USED]
        n = popcount(pile)
        for j in range(n):
            c = lowest(pile)
            pile &= pile - np.uint64(1)
            st[B.S_STOCK + j] = c
        shuffle(rng, st, n, B.S_STOCK)
        for j in range(n):
            st[B.S_RESH_CARDS + start + j] = st[B.S_STOCK + j]
        st[B.S_RESH_SEAT + k] = served
        st[B.S_RESH_START + k] = start
        st[B.S_RESH_LEN + k] = n
        st[B.S_NRESH] = k + 1
        st[B.S_RESH_USED] = start + n
        st[B.S_STOCK_POS] = 0
        st[B.S_STOCK_LEN] = n
    c = st[B.S_STOCK + st[B.S_STOCK_POS]]
    st[B.S_STOCK_POS] += 1
    return c


@phase
def declare(st, mk, seat, k, discards, rng):
    """``seat`` declares: pass (k = -1: its hand to its pile) or play, discarding
    ``discards[:k]`` in that order and drawing as many."""
    st[B.S_DECL + seat] = k
    st[B.S_DECL_NEXT] += 1
    if k < 0:
        mk[B.M_PILE + seat] |= mk[B.M_HAND + seat]
        mk[B.M_HAND + seat] = ZERO
        return
    st[B.S_PLAYING] += 1
    if st[B.S_DOUBLE]:
        st[B.S_POT] += 1
    for j in range(k):
        c = discards[j]
        mk[B.M_HAND + seat] &= ~bit(c)
        mk[B.M_PILE + seat] |= bit(c)
        st[B.S_DISC + seat * B.HAND + j] = c
    for j in range(k):
        c = draw_card(st, mk, seat, rng)
        mk[B.M_HAND + seat] |= bit(c)
        st[B.S_RECV + seat * B.HAND + j] = c
    mk[B.M_START + seat] = mk[B.M_HAND + seat]


@kernel
def next_player(st, seat):
    """The playing seat after ``seat``."""
    s = seat
    for _ in range(st[B.S_N]):
        s = (s + 1) % st[B.S_N]
        if st[B.S_DECL + s] >= 0:
            return s
    return seat


@phase
def start_play(st, mk):
    """After the declarations: a lone player takes the pot without play (S_LONE), or the
    first playing seat after the dealer leads the first trick."""
    if st[B.S_PLAYING] == 1:
        for s in range(st[B.S_N]):
            if st[B.S_DECL + s] >= 0:
                st[B.S_LONE] = s
        st[B.S_TRICK] = B.TRICKS
        return
    st[B.S_LEADER] = next_player(st, st[B.S_DEALER])
    start_trick(st, mk)


@phase
def start_trick(st, mk):
    """A trick begins: nobody has played, each playing seat's cinch is judged."""
    st[B.S_POS] = 0
    st[B.S_LED] = -1
    st[B.S_TOP] = -1
    st[B.S_TOP_SEAT] = -1
    mk[B.M_TRICK] = ZERO
    st[B.S_TLEAD + st[B.S_TRICK]] = st[B.S_LEADER]
    for s in range(st[B.S_N]):
        st[B.S_CINCH + s] = 1 if st[B.S_DECL + s] >= 0 and cinch_at_start(st, mk, s) else 0


@kernel
def to_play(st):
    """The seat to play next in the current trick."""
    s = st[B.S_LEADER]
    for _ in range(st[B.S_POS]):
        s = next_player(st, s)
    return s


@phase
def play_card(st, mk, seat, card):
    """``seat`` plays ``card`` to the trick; the trick's end when every player has played."""
    t = st[B.S_TRICK]
    pos = st[B.S_POS]
    mk[B.M_BAN + seat] |= shown_void(st[B.S_LED], st[B.S_TOP], st[B.S_TRUMP], card)
    st[B.S_PLAYS + t * B.SEATS + pos] = card
    st[B.S_PSEAT + t * B.SEATS + pos] = seat
    mk[B.M_HAND + seat] &= ~bit(card)
    mk[B.M_TRICK] |= bit(card)
    if pos == 0:
        st[B.S_LED] = card // 13
        st[B.S_TOP] = card
        st[B.S_TOP_SEAT] = seat
    elif beats(card, st[B.S_TOP], st[B.S_LED], st[B.S_TRUMP]):
        st[B.S_TOP] = card
        st[B.S_TOP_SEAT] = seat
    st[B.S_POS] = pos + 1
    if pos + 1 == st[B.S_PLAYING]:
        w = st[B.S_TOP_SEAT]
        st[B.S_TWIN + t] = w
        st[B.S_WON + w] += 1
        mk[B.M_PLAYED] |= mk[B.M_TRICK]
        st[B.S_TRICK] = t + 1
        st[B.S_LEADER] = w
        if t + 1 < B.TRICKS:
            start_trick(st, mk)


@phase
def settle(st):
    """Rule 6 (and the limit): the pot to the seat with the most tricks or to the lone
    player, or left for a tie; the bourré pay what the pot held; who skips the next ante."""
    n = st[B.S_N]
    pot = st[B.S_POT]
    cap = pot if st[B.S_LIMIT] == 0 else min(pot, st[B.S_LIMIT])
    best = -1
    ties = 0
    if st[B.S_LONE] >= 0:
        best = st[B.S_LONE]
    else:
        most = 0
        for s in range(n):
            if st[B.S_WON + s] > most:
                most = st[B.S_WON + s]
                best = s
                ties = 1
            elif st[B.S_WON + s] == most and most > 0:
                ties += 1
        if ties > 1:
            best = -1
            for s in range(n):
                if st[B.S_WON + s] == most:
                    st[B.S_EXEMPT + s] = 1
        for s in range(n):
            if st[B.S_DECL + s] >= 0 and st[B.S_WON + s] == 0:
                st[B.S_BOURRE + s] = 1
                st[B.S_EXEMPT + s] = 1
                st[B.S_PAID + s] = cap
    st[B.S_WINNER] = best
    st[B.S_TAKEN] = cap if best >= 0 else 0
    after = pot - st[B.S_TAKEN]
    for s in range(n):
        after += st[B.S_PAID + s]
    st[B.S_DONE] = 1
    return after


@phase
def ante(st, first):
    """The antes of a deal into the pot: everyone on a session's first deal or with
    double_ante, else all but the seats exempted by the deal before (S_EXEMPT, read
    before clear_deal resets it)."""
    total = 0
    for s in range(st[B.S_N]):
        a = 1 if first or st[B.S_DOUBLE] or st[B.S_EXEMPT + s] == 0 else 0
        st[B.S_ANTES + s] = a
        total += a
    return total


@kernel
def seat_chips(st, seat):
    """What ``seat`` gains on the deal: the pot it takes, less its bourré payment and its
    double_ante chip (its ante is the next deal's)."""
    gain = st[B.S_TAKEN] if st[B.S_WINNER] == seat else 0
    gain -= st[B.S_PAID + seat]
    if st[B.S_DOUBLE] and st[B.S_DECL + seat] >= 0:
        gain -= 1
    return gain


@kernel
def kth_card(mask, k):
    """The ``k``-th lowest card of ``mask``."""
    return kth(mask, k)
