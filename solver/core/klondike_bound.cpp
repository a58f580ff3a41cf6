// Klondike: the admissible bound on the cards a position can still bring home.
#include "klondike.hpp"

#include <algorithm>

#include "klondike_detail.hpp"

namespace patiens::klondike {

using namespace detail;

// The cards home now that can never come back down, given `stay`, the cards home that
// can never be laid on the tableau: a card leaves a foundation only from its top, so
// every card of its suit home above it must be laid on the tableau first.
uint64_t Klondike::buried_home(uint64_t stay) {
    // Each suit's bits below its highest card in `stay`, two suits at a time (0 and 2,
    // then 1 and 3): another suit's 13 bits lie between them, so smearing a card down
    // through the 12 ranks below it never reaches the other suit of the pair.
    constexpr uint64_t kSuit = (1ull << 13) - 1;
    constexpr uint64_t kEven = kSuit | kSuit << 26, kOdd = kSuit << 13 | kSuit << 39;
    auto below_highest = [](uint64_t x, uint64_t lanes) {
        x &= lanes;
        x |= x >> 1, x |= x >> 2, x |= x >> 4, x |= x >> 4;  // a card and the 11 bits below it
        return (x >> 1) & lanes;  // the 12 below it
    };
    return below_highest(stay, kEven) | below_highest(stay, kOdd);
}

// A card y that moves only as the first card of a run (face down, or the lowest face-up
// card), not a King, with its twin x above it, can never leave when, in the fixpoint read
// as if y never left, neither x nor y can go home and one of their two parents, q, can
// never be bare, x not lying on q in a run: x must leave first and can then only come to
// lie on the other parent, so y has nowhere to go (PROOFS.md K8, pinned twins).  Shown at
// the start, a pin holds in every line from there, and can show more.
void Klondike::find_pins() {
    for (bool found = true; found;) {
        found = false;
        for (int c = 0; c < kColumns && !found; ++c) {
            const Column& col = col_[c];
            for (int i = std::min<int>(col.down, col.len - 1); i > pins_[c] && !found; --i) {
                const int y = col.cards[i], x = twin_of(y), r = rank_of(y);
                if (r == 13 || !(col.mask & bit(x))) continue;
                int j = 0;
                while (col.cards[j] != x) ++j;
                if (j < i) continue;  // x lies under y
                const int parent = make_card(is_red(y) ? 0 : 1, r + 1);
                const uint8_t before = pins_[c];
                pins_[c] = static_cast<uint8_t>(i);
                Reach held;
                reach_bound<false>(kDeck, &held);
                found = !(held.home & (bit(x) | bit(y)));
                if (found) {
                    found = false;
                    for (int q : {parent, twin_of(parent)}) found |= !(held.bare & bit(q)) && !twin_lies_on(x, q);
                }
                if (!found) pins_[c] = before;  // else: more may be pinned now, read again
            }
        }
    }
}

// Cards that can still reach the foundations, by a relaxation of the rules: the least
// fixpoint of facts of the form "this can happen some time from now on", each rule
// holding in every real line (so the fixpoint holds them all, and more).
//   A(c)  c can be uncovered: every card that lies on it now (in its column, or in the
//         waste in the last pass) can be taken away; a talon card always can while the
//         waste will be turned over again;
//   H(c)  c can go home: c is home, or A(c) and its predecessor can go home;
//   B(p)  p can be a bare column top: a tableau card that can be uncovered, or a talon
//         card that can be uncovered and laid there, or (with worry back) a card home
//         laid back there, once every card of its suit home above it can be too;
//   M(x)  x can be laid on the tableau: a parent of x can be bare, or x is a King and
//         some column can be emptied (E).
// A card lying face up on its parent p leaves it only for p's twin (the other parent).
//
// In the last pass the stock is turned once, in order, so time is taken into account:
// the facts are gathered step by step, one step per draw, and a talon card counts as
// uncovered only within a step where it lies on top of the waste or everything above it
// there can be gone by then.  H, B, M and the tableau's A carry over from step to step
// (they say "by now"); the waste's A does not.  A card drawn while it can neither go home
// nor onto the tableau is buried under the next draw: it only comes back if all those
// cards can leave.  Without the steps every stock card counted as uncovered at any time:
// at the start of casino seeds 1-200 the bound was below 52 on 2 deals, with them on 33.
// The count of H bounds the cards home; the search stops refining once it passes `floor`.
template <bool kByDraws>
int Klondike::reach_bound(int floor, Reach* facts) const {
    constexpr uint64_t kSuit = (1ull << 13) - 1;
    constexpr uint64_t kKings = (1ull << 12) | (1ull << 25) | (1ull << 38) | (1ull << 51);
    const bool last_pass = !can_redeal();
    const uint64_t home = home_, talon_cards = talon_cards_;
    const uint64_t under_tops = home & (home >> 1) & ~kKings;  // home, and the next of its suit too
    uint64_t stay_seen = ~0ull, buried = 0;  // buried_home's answer for the cards home not in M
    const uint64_t below_split = (1ull << split_) - 1;
    uint64_t waste = last_pass ? talon_mask_ & below_split : 0;  // talon indexes, this step
    uint64_t stock = last_pass && kByDraws ? talon_mask_ & ~below_split : 0;  // not turned yet
    uint64_t waste_cards = 0;
    for (uint64_t m = waste; m; m &= m - 1) waste_cards |= bit(talon_[lowest(m)]);
    // A is kept in two parts: the tableau's (and talon cards laid there), uncovered by now,
    // and the talon's, uncovered within this step (read all at once: every stock card).
    uint64_t tab_A = 0, talon_A = !last_pass ? talon_cards : kByDraws ? 0 : talon_cards & ~waste_cards;
    uint64_t B = 0, H = home, M = 0;
    bool E = false;
    // What each column's part of the fixpoint reads: B of the twins of its face-up
    // cards' parents (Column::covered_twins), H and M of its own cards (Column::mask).
    // A column is looked at again only when one of those grew since it was last looked at.
    uint64_t seen_b[kColumns], seen_h[kColumns], seen_m[kColumns];
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        E |= col.len == 0;
        seen_b[c] = seen_h[c] = seen_m[c] = ~0ull;  // not looked at yet
        if (col.len) tab_A |= bit(col.cards[col.len - 1]);  // the tops are uncovered now
    }
    uint64_t seen_waste_hm = ~0ull;
    // B, H and M follow from A and E; they are brought up to date after every pass.
    uint64_t derived_from = ~0ull;  // the A (and E) that B, H and M were derived from
    bool derived_e = false;
    auto derive = [&] {
        for (;;) {
            const uint64_t A = tab_A | talon_A;
            if (A == derived_from && E == derived_e) return;
            derived_from = A, derived_e = E;
            // Each suit's run from its foundation up through cards that can be uncovered:
            // the trailing ones of each suit's 13 bits, v & ~(v + 1) lane by lane.  Suits 0
            // and 2, then 1 and 3, so that a full suit's carry falls into a masked-out lane.
            constexpr uint64_t kEven = kSuit | kSuit << 26, kOdd = kSuit << 13 | kSuit << 39;
            const uint64_t even = (A | H) & kEven, odd = (A | H) & kOdd;
            H |= (even & ~(even + (kEven & ~(kEven << 1)))) | (odd & ~(odd + (kOdd & ~(kOdd << 1))));
            for (uint64_t b0 = ~0ull; b0 != B;) {  // B and M feed each other
                b0 = B;
                // M: for each suit, the bare parents of the other colour one rank up.
                const uint64_t bc = B & kSuit, bd = (B >> 13) & kSuit, bh = (B >> 26) & kSuit, bs = (B >> 39) & kSuit;
                const uint64_t on_black = (bc | bs) >> 1, on_red = (bd | bh) >> 1;
                M = on_red | (on_black << 13) | (on_black << 26) | (on_red << 39);
                if (E) M |= kKings;
                B |= (A & ~talon_cards & ~home) | (A & talon_cards & M);
                if (rules_.worry_back) {
                    // A card home comes back down from its suit's top only (buried_home):
                    // checked where a card under a top could come back.
                    const uint64_t back = H & M;
                    if (back & under_tops) {
                        if ((home & ~M) != stay_seen) stay_seen = home & ~M, buried = buried_home(stay_seen);
                        B |= back & ~buried;
                    } else {
                        B |= back;
                    }
                }
            }
            // A talon card laid on the tableau stays within reach.  (Read all at once, the
            // talon's A is never reset, so it holds them already.)
            if constexpr (!kByDraws) return;
            tab_A |= B & talon_cards;
        }
    };
    // The waste is a stack in the last pass: its top is uncovered, and each card under a
    // card that can leave.
    auto walk_waste = [&] {
        seen_waste_hm = (H | M) & waste_cards;
        for (uint64_t w = waste; w;) {
            const int i = 63 - __builtin_clzll(w);
            w ^= bit(i);
            const int x = talon_[i];
            talon_A |= bit(x);
            if (!((H | M) >> x & 1)) break;
        }
    };
    // The fixpoint of the current step; false when H already passed the floor.  (H is
    // counted only when it grew: without -mpopcnt the count is a library call.)
    uint64_t h_counted = ~0ull;
    auto settle = [&] {
        for (;;) {
            derive();
            if (H != h_counted) {
                h_counted = H;
                if (__builtin_popcountll(H) > floor) return false;
            }
            if (((H | M) & waste_cards) != seen_waste_hm) {
                walk_waste();
                continue;
            }
            bool looked = false;
            for (int c = 0; c < kColumns; ++c) {
                const Column& col = col_[c];
                if (col.len == 0) continue;
                const uint64_t b = B & col.covered_twins, h = H & col.mask, m = M & col.mask;
                if (b == seen_b[c] && h == seen_h[c] && m == seen_m[c]) continue;
                seen_b[c] = b, seen_h[c] = h, seen_m[c] = m;
                looked = true;
                bool clear = true;  // every card above position i can be taken away
                for (int i = col.len - 1; i > 0; --i) {
                    const int x = col.cards[i];
                    if (clear) tab_A |= bit(x);
                    if (i > col.down) clear = (B >> twin_of(col.cards[i - 1]) & 1) || (clear && (H >> x & 1));
                    else if (i == col.down) clear = (M >> x & 1) || (clear && (H >> x & 1));
                    else clear = clear && ((H | M) >> x & 1);
                    if (i == pins_[c]) clear = false;  // a pinned card never leaves
                }
                // The bottom card: a column first empties when it leaves, and a King leaves
                // the bottom only for home (or for a column already empty).
                const int x = col.cards[0];
                if (clear) tab_A |= bit(x);
                if (rank_of(x) == 13) E |= clear && (H >> x & 1);
                else if (col.down == 0) E |= (M >> x & 1) || (clear && (H >> x & 1));
                else E |= clear && ((H | M) >> x & 1);
            }
            // B, H and M are derived once per pass over the columns, not after every
            // column: fewer instructions, the same fixpoint.
            if (!looked) return true;
        }
    };
    if (!settle() || !kByDraws) {
        if (facts) facts->home = H, facts->bare = B;
        return __builtin_popcountll(H);
    }
    // The draws.  A drawn card that can neither go home nor onto the tableau changes
    // nothing in its step, and one that can adds only itself to what is uncovered.  So the
    // fixpoint is brought up to date only before a draw that could bury what is uncovered
    // now (one of its cards stuck with the facts so far), and at the end: the same facts
    // as settling after every draw.
    auto can_leave = [&](int card) { return (M >> card & 1) || rank_of(card) == 1 || (H >> (card - 1) & 1); };
    auto resettle = [&] {
        talon_A = 0;  // this step's waste, walked afresh from its top
        walk_waste();
        return settle();
    };
    bool unsettled = false;
    while (stock) {
        uint64_t group = 0;
        int top = 0;
        bool all_leave = true;  // with three a draw, the cards under the top too
        for (int d = 0; d < rules_.draw && stock; ++d) {
            const int i = lowest(stock);
            stock &= stock - 1;
            group |= bit(i);
            top = talon_[i];
            all_leave = all_leave && can_leave(top);
        }
        if (unsettled && !all_leave) {
            if (!resettle()) return __builtin_popcountll(H);
            unsettled = false;
        }
        waste |= group;
        for (uint64_t g = group; g; g &= g - 1) waste_cards |= bit(talon_[lowest(g)]);
        unsettled |= can_leave(top);
    }
    if (unsettled) resettle();
    return __builtin_popcountll(H);
}

int Klondike::bound(int floor) const {
    // A pending state is one move away from the state it came from, whose bound passed,
    // and its next move is the one prepared: the bound almost never cuts there, while it
    // costs what it costs anywhere.  So it is not read there, nor after a safe automatic
    // move home, the only move of the state before, whose bound passed too.  (Skipping a
    // bound never makes an answer wrong: it only cuts less.)
    if (pend_kind_ != NoPending || after_automatic_) return kDeck;
    const int stuck = stuck_bound();
    if (stuck <= floor) return stuck;
    // Reading the stock draw by draw costs time at every bound, and on some deals it
    // almost never cuts where reading it all at once does not.  So the search samples
    // both readings now and then, and reads draw by draw through the next stretch of
    // kStretch bounds only when that alone cut at least one sampled time in
    // kStepsPayOneIn.  Both readings are
    // bounds: either choice is exact.
    if ((++bound_calls_ & (kSampleEvery - 1)) != 0)
        return steps_on_ ? reach_bound<true>(floor) : reach_bound<false>(floor);
    const int at_once = reach_bound<false>(floor), by_draws = reach_bound<true>(floor);
    steps_cut_ += by_draws <= floor && at_once > floor;
    if (bound_calls_ % kStretch == 0) {
        steps_on_ = steps_cut_ * kSampleEvery * kStepsPayOneIn >= kStretch;
        steps_cut_ = 0;
    }
    return std::min(at_once, by_draws);
}

int Klondike::stuck_bound() const {
    // Only the last pass can be reasoned about cheaply: the waste is then a stack that
    // only shrinks.  A waste card is stuck for good when it can go neither home (its
    // predecessor lies below it in the waste, or a lower card of its suit is stuck) nor
    // onto the tableau (not a King, and both cards it could lie on are below it in the
    // waste or, without worry back, already home).  Everything below a stuck card is
    // stuck too, and a suit cannot climb past its lowest stuck card.
    if (can_redeal() || split_ == 0) return kDeck;
    // Most positions have no stuck card: the first one found below needs its
    // predecessor (and, with worry back, both cards it could lie on) below it in the
    // waste, so when no waste card has all of them, nothing is stuck.
    const uint64_t waste = talon_mask_ & ((1ull << split_) - 1);
    bool candidate = false;
    for (uint64_t m = waste; m && !candidate; m &= m - 1) {
        const uint64_t need = stuck_needs_[lowest(m)];
        candidate = (waste & need) == need;
    }
    if (!candidate) return kDeck;
    int w[kDeck], pos[kDeck];
    uint64_t in_waste = 0;
    int k = 0;
    for (uint64_t m = waste; m; m &= m - 1) {
        const int card = talon_[lowest(m)];
        pos[card] = k;
        w[k++] = card;
        in_waste |= bit(card);
    }
    int blocked[4] = {14, 14, 14, 14};
    auto below = [&](int card, int i) { return (in_waste & bit(card)) && pos[card] < i; };
    auto stuck_at = [&](int i) {
        const int c = w[i], s = suit_of(c), r = rank_of(c);
        if (found_[s] == r - 1) return false;
        if (!(r > blocked[s] || below(make_card(s, r - 1), i))) return false;
        if (r == 13) return false;
        const bool red = is_red(c);
        for (int ps : {red ? 0 : 1, red ? 3 : 2}) {
            const int q = make_card(ps, r + 1);
            const bool q_home = found_[ps] >= r + 1 && !rules_.worry_back;
            if (!(below(q, i) || q_home)) return false;
        }
        return true;
    };
    int stuck = 0;  // w[0..stuck) can never leave the waste
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = k - 1; i >= stuck; --i) {
            if (!stuck_at(i)) continue;
            for (int j = stuck; j <= i; ++j)
                blocked[suit_of(w[j])] = std::min(blocked[suit_of(w[j])], rank_of(w[j]));
            stuck = i + 1;
            changed = true;
            break;
        }
    }
    if (stuck == 0) return kDeck;
    int ub = 0;
    for (int s = 0; s < 4; ++s) ub += blocked[s] - 1;
    return ub;
}


}  // namespace patiens::klondike
