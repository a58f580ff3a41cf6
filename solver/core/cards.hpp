// Card numbering shared by the C++ games and the Python side (solver/cards.py):
// card = suit * 13 + (rank - 1), suits C D H S = 0 1 2 3, ranks A..K = 1..13.
#pragma once

#include <cstdint>
#include <random>

namespace patiens {

constexpr int kDeck = 52;
constexpr int kNoCard = 255;

constexpr int suit_of(int card) { return card / 13; }
constexpr int rank_of(int card) { return card % 13 + 1; }
constexpr int make_card(int suit, int rank) { return suit * 13 + rank - 1; }
constexpr bool is_red(int card) { return suit_of(card) == 1 || suit_of(card) == 2; }

// Fixed random keys for Zobrist hashing, reproducible from run to run.
struct ZobristSource {
    std::mt19937_64 rng;
    explicit ZobristSource(uint64_t seed) : rng(seed) {}
    uint64_t next() { return rng(); }
};

}  // namespace patiens
