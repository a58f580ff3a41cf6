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

// A greedy player: a card home if it can, else a move that turns a card up, else a
// waste card onto the tableau, else draw, else turn the waste over.  Never worries
// back, never shuffles runs that turn nothing up.
KlondikePlayout play_klondike(klondike::Klondike game, uint64_t seed);

// The greedy player's preference for an action: 0 a card home, 1 a whole run off
// face-down cards, 2 the waste to the tableau, 3 a draw, 4 a redeal; -1 never.
int klondike_class(const klondike::Klondike& g, const klondike::Action& a);

// Its choice in one position (random among the actions of the best class), or none
// where it stops: nothing left but turning the waste over, and nothing but draws since
// the last time (`progress` false).  `*cls`: the class taken (0 home .. 4 redeal).  It
// reads only what a person sees.
std::optional<klondike::Action> greedy_klondike_action(const klondike::Klondike& game, Rng& rng, bool progress,
                                                       int* cls);

// Golf: plays a free card whenever one fits (random, or from the tallest column when
// `tallest_first`), else turns a stock card.  Returns the hole's score.
int play_golf(golf::Golf game, uint64_t seed, bool tallest_first);

}  // namespace patiens::players
