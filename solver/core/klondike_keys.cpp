// Klondike: the keys of positions in the visited table, and their dominance rank.
#include "klondike.hpp"

#include <algorithm>

#include "klondike_detail.hpp"

namespace patiens::klondike {

using namespace detail;

uint64_t Klondike::compute_hash() const {
    const Keys& k = keys();
    uint64_t h = 0;
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        h ^= k.down[c][col.down];
        for (int i = col.down; i < col.len; ++i) h ^= k.parent[col.cards[i]][i ? col.cards[i - 1] : kEmptyBase];
    }
    for (int s = 0; s < 4; ++s) h ^= k.found[s][found_[s]];
    return h;
}

uint64_t Klondike::split_key() const { return keys().split[split_]; }

// Twins in the tableau are interchangeable as the cards runs lie on, so positions that
// differ only in which twin carries which run share a key:
//   * a run lying on p while p's twin is a bare column top can move to the twin and
//     back, one move each way.  The run is hashed as lying on the lower-numbered twin;
//   * when p and its twin q both lie face up with a run on each (tails T and U), the
//     position with the tails swapped reaches the same: copy any line of one in the
//     other, with the same cards moved to the same cards (a move of a run through p
//     takes p's tail along, in either position).  Only a move that takes a whole tail
//     away, or sends its first card home, differs: it bares p in one position and q
//     in the other, where the remaining tail lies on the other twin; one move of that
//     tail onto the bared twin makes the positions equal.  Cards go home alike, so
//     the most cards home and a win are the same from both.  The lower-numbered of
//     the two tails' first cards is hashed as lying on the lower-numbered twin.
// (Not while a move is pending: the pending move names the column.)
uint64_t Klondike::twin_key() const { return pend_kind_ != NoPending ? 0 : twin_swap_key(); }

uint64_t Klondike::twin_swap_key() const {
    // The tops whose twin lies face up under a card: most positions have none, and the
    // columns' covered twins (kept for the bound) find them without a look at each twin.
    uint64_t tops = 0, covered_twins = 0;
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        if (col.len == 0) continue;
        tops |= bit(col.cards[col.len - 1]);
        covered_twins |= col.covered_twins;
    }
    const Keys& zobrist = keys();
    uint64_t k = 0;
    for (uint64_t m = tops & covered_twins; m; m &= m - 1) {
        const int t = lowest(m), tw = twin_of(t);
        if (tw > t) k ^= zobrist.parent[on_[tw]][tw] ^ zobrist.parent[on_[tw]][t];
    }
    // Twins both face up with a card on each: the lower-numbered of the two cards on
    // them is hashed as lying on the lower-numbered twin.
    for (uint64_t m = covered_twins & twins_of(covered_twins); m; m &= m - 1) {
        const int p = lowest(m), q = twin_of(p);
        if (q < p) continue;
        const int a = on_[p], b = on_[q];
        if (a > b)
            k ^= zobrist.parent[a][p] ^ zobrist.parent[b][q] ^ zobrist.parent[b][p] ^ zobrist.parent[a][q];
    }
    return k;
}

uint16_t Klondike::rank() const {
    if (unlimited()) return 0;
    // Draw 1: a smaller split reaches every larger one by drawing, and more
    // redeals left reach everything fewer do; (redeals, -split) orders that.
    if (rules_.draw == 1) return static_cast<uint16_t>(redeals_left_ * 64 + (63 - split_));
    return static_cast<uint16_t>(redeals_left_);
}

int Klondike::split_below(int idx) const {
    const uint64_t below = talon_mask_ & ((1ull << idx) - 1);
    return below ? 64 - __builtin_clzll(below) : 0;
}


}  // namespace patiens::klondike
