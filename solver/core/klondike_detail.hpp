// What the files of the Klondike game (klondike_*.cpp) share and nothing else sees:
// the Zobrist keys, card masks and twins.  Internal to the game: include it only from
// those files.
#pragma once

#include <string>

#include "klondike.hpp"

namespace patiens::klondike::detail {

// Zobrist keys.  A face-up tableau card is hashed with the card it lies on (or the
// empty-column base), not with its column number, so two positions that differ only
// by which column holds which pile hash alike: columns are canonical for free.  The
// face-down cards of a column never move, so (column, how many are left) names them;
// with none left the key is 0, keeping emptied columns interchangeable.
struct Keys {
    uint64_t parent[kDeck][kDeck + 1];
    uint64_t down[kColumns][kColumnCap + 1];
    uint64_t found[4][14];
    uint64_t split[kDeck + 1];
    uint64_t pending[5][kDeck + 1];  // by Klondike::Pending
    Keys() {
        ZobristSource z(0x4b4c4f4e44494b45ull);
        for (auto& row : parent) for (auto& k : row) k = z.next();
        for (auto& row : down) for (auto& k : row) k = z.next();
        for (auto& row : found) for (auto& k : row) k = z.next();
        for (auto& k : split) k = z.next();
        for (auto& row : pending) for (auto& k : row) k = z.next();
        for (auto& row : down) row[0] = 0;
        for (auto& k : pending[0]) k = 0;
    }
};
inline const Keys& keys() {
    static const Keys k;
    return k;
}

inline uint64_t bit(int card) { return 1ull << card; }
// The other card of the same rank and colour (C <-> S, D <-> H), from a table: the
// reach bound asks for it at every face-up card it walks.
struct Twins {
    uint8_t of[kDeck];
    constexpr Twins() : of() {
        for (int card = 0; card < kDeck; ++card) of[card] = static_cast<uint8_t>(make_card(3 - suit_of(card), rank_of(card)));
    }
};
constexpr Twins kTwins;
inline int twin_of(int card) { return kTwins.of[card]; }
// The twins of a set of cards: the suits' 13-bit lanes swapped, C <-> S and D <-> H.
inline uint64_t twins_of(uint64_t cards) {
    constexpr uint64_t kLane = (1ull << 13) - 1;
    return (cards & kLane) << 39 | (cards >> 39 & kLane) | (cards & kLane << 13) << 13 | (cards >> 13 & kLane << 13);
}
inline int lowest(uint64_t m) { return __builtin_ctzll(m); }

inline std::string card_name(int card) {
    static const char* ranks = "A23456789TJQK";
    static const char* suits = "CDHS";
    return std::string{ranks[rank_of(card) - 1], suits[suit_of(card)]};
}

}  // namespace patiens::klondike::detail
