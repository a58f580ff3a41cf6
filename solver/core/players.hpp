// Simple players, for measuring how hard a deal is for someone who is not a solver.
//
// They play by the games' own rules (Klondike::legal_actions, Golf::playable_columns):
// nothing here knows a rule.  Their choices are random among the moves of the best
// class, from a seed, so a measure made with the same seed is the same every time.
#pragma once

#include <cstdint>
#include <optional>

#include "golf.hpp"
#include "klondike.hpp"

namespace patiens::players {

// SplitMix64: small, fast, and the same on every machine.
struct Rng {
    uint64_t state;
    explicit Rng(uint64_t seed) : state(seed) {}
    uint64_t next() {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
};

struct KlondikePlayout {
    bool won;
    int max_foundation;
};

// The Klondike players.  Greedy: a card home if it can, else a whole run off face-down
// cards, else a waste card onto the tableau, else draw, else turn the waste over; never
// worries back, never shuffles runs that turn nothing up.  Expert: the same kinds of
// move weighed finer (expert_klondike_score): a card home first only when no card could
// need it on the tableau, the run off the largest pile first, a column emptied only for
// a King that waits, a waste card first where a run off face-down cards then goes on it.
enum class KlondikePolicy : int { Greedy = 0, Expert = 1 };

// One game of a player to its end; `max_foundation` the most cards home at once.
KlondikePlayout play_klondike(klondike::Klondike game, uint64_t seed,
                              KlondikePolicy policy = KlondikePolicy::Greedy);

// The greedy player's preference for an action: 0 a card home, 1 a whole run off
// face-down cards, 2 the waste to the tableau, 3 a draw, 4 a redeal; -1 never.
int klondike_class(const klondike::Klondike& g, const klondike::Action& a);

// The expert player's preference for an action (legal in `g`): higher first, -1 never.
// It reads only what a person sees.
int expert_klondike_score(const klondike::Klondike& g, const klondike::Action& a);

// A player's choice in one position (random among the actions it likes best), or none
// where it stops: nothing left but turning the waste over, and nothing but draws since
// the last time (`progress` false).  `*cls`: the greedy player's class of the action
// taken (3 a draw, 4 a redeal: what `progress` follows).  It reads only what a person
// sees.
std::optional<klondike::Action> klondike_action(const klondike::Klondike& game, KlondikePolicy policy, Rng& rng,
                                                bool progress, int* cls);

// Golf: plays a free card whenever one fits (random, or from the tallest column when
// `tallest_first`), else turns a stock card.  Returns the hole's score.
int play_golf(golf::Golf game, uint64_t seed, bool tallest_first);

}  // namespace patiens::players
