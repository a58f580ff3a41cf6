// A reference search for cross-checks (benchmarks/klondike_crosscheck.py): the most cards
// home over every position reachable by legal actions, found with none of the search's
// pruning.  It plays Klondike::legal_actions() one by one (single draws, redeals, every
// worry back), keeps no bound, no automatic move, no pending rule, no twin or swap key and
// no dominance, and knows a position again only when it is the same in every detail (its
// columns in place, its waste and stock in order, the passes left).  The one thing it
// shares with the search is the rules (check/act), which the replay tests hold to the
// independent referee.  Its only cut: a position with 52 cards home ends the search.
#include <unordered_set>

#include "klondike.hpp"

namespace patiens::klondike {

namespace {

// Two 64-bit hashes of the whole position: a false "seen" needs both to collide (about
// one in 2^128 per pair of positions), not one.
struct Key128 {
    uint64_t a, b;
    bool operator==(const Key128& o) const { return a == o.a && b == o.b; }
};
struct Key128Hash {
    size_t operator()(const Key128& k) const { return static_cast<size_t>(k.a); }
};

Key128 exact_key(const Klondike& game) {
    const Layout l = game.layout();
    uint64_t a = 0xcbf29ce484222325ull, b = 0x84222325cbf29ce4ull;
    auto put = [&](int v) {
        a = (a ^ static_cast<uint64_t>(v + 2)) * 0x100000001b3ull;
        b = (b + static_cast<uint64_t>(v + 2)) * 0x9e3779b97f4a7c15ull;
        b ^= b >> 29;
    };
    for (int c = 0; c < kColumns; ++c) {
        put(l.face_down[c]);
        for (int card : l.columns[c]) put(card);
        put(-1);
    }
    for (int card : l.waste) put(card);
    put(-1);
    for (int card : l.stock) put(card);
    put(-1);
    for (int n : l.foundations) put(n);
    put(game.redeals_left());  // not the redeals done: with unlimited passes they count up forever
    return {a, b};
}

}  // namespace

PlainOutcome plain_max(const Layout& layout, const Rules& rules, uint64_t max_positions) {
    PlainOutcome out;
    std::unordered_set<Key128, Key128Hash> seen;
    std::vector<Klondike> stack{Klondike(layout, rules)};
    seen.insert(exact_key(stack.back()));
    out.best = stack.back().value();
    while (!stack.empty() && out.best < kDeck) {  // nothing can beat every card home
        const Klondike game = std::move(stack.back());
        stack.pop_back();
        for (Action a : game.legal_actions()) {
            Klondike next = game;
            next.act(a);
            if (!seen.insert(exact_key(next)).second) continue;
            out.best = std::max(out.best, next.value());
            if (out.best == kDeck) break;
            if (seen.size() > max_positions) {
                out.complete = false;
                out.positions = seen.size();
                return out;
            }
            stack.push_back(std::move(next));
        }
    }
    out.positions = seen.size();
    return out;
}

}  // namespace patiens::klondike
