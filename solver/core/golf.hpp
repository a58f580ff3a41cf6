// Golf as a game for the search engine.
//
// Like black-hole-solver, the state is tiny: how many cards are left in each column,
// how many stock cards were turned, and what lies on top of the waste.  Only ranks
// matter to Golf, so the core sees ranks (jokers as 0); the Python side keeps the
// card identities for printing.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "search.hpp"

namespace patiens::golf {

constexpr int kJoker = 0;       // rank code of a joker
constexpr int kMaxColumns = 64;
constexpr int kMaxHeight = 15;

// What lies on top of the waste: a rank 1..13, a joker, nothing yet, a King that was
// played on an Ace under --king-on-ace-stop (only a joker may follow it), or, in the
// search only, the end of a chain (nothing may follow, see Golf::Move).
enum WasteTop : uint8_t { WasteJoker = 0, WasteEmpty = 14, WasteStoppedKing = 15, WasteClosed = 16 };
constexpr int kWasteTops = 17;

struct Rules {
    bool wrap = false;              // K and A are neighbours both ways
    bool queen_on_king = false;     // a Q may be played on a K
    bool king_on_ace_stop = false;  // a K may be played on an A, then nothing on that K
};

struct Layout {
    std::vector<std::vector<int>> columns;  // ranks (0 = joker), bottom first; the free card last
    std::vector<int> stock;                 // ranks, next card first
    int base = -1;                          // rank of the waste's base card; -1: empty waste
    bool base_stopped = false;              // the base is a King played on an Ace (king-on-ace-stop)
};

class Golf {
public:
    // The search plays macro moves: turn `draws` stock cards, then play the free card of
    // `column` onto the waste.  Any line can be reordered so its stock cards are turned
    // just before the play that needs them (trailing turns change no score), and since
    // every move plays a card, no position can come back with more stock turned: that is
    // what makes the stock dominance below sound.  A person's single turn of a stock card
    // (replay) is column kDraw with draws 1.
    //
    // Between chains the waste's top does not matter: when no free card fits on it, the
    // next move turns the stock whatever the top is.  So such a position is keyed with
    // a closed top, and a position whose top does take a free card has, besides those
    // plays, one search-only move kClose that ends the chain (the top becomes closed)
    // instead of its turn-and-play moves.  All positions between two chains with the
    // same columns then share one key, the stock left ranking them.  Within a chain,
    // only which free cards fit on the top matters (they are the moves, and each leaves
    // the card played on top): positions whose tops take the same free cards share a
    // key too.
    struct Move {
        uint8_t column;
        uint8_t draws;
    };
    struct Undo {
        uint8_t waste;
    };
    static constexpr uint8_t kDraw = 255;
    static constexpr uint8_t kClose = 254;  // the search's own: no card moves
    // Two threads both in the game's order, parting ways only where one meets a state
    // the other is searching, beat shuffled helpers: the order is worth keeping.
    static constexpr bool kHelpersKeepOrder = true;

    Golf(const Layout& layout, const Rules& rules);  // throws std::invalid_argument

    // --- the engine's interface: value = minus the hole's score ---
    int value() const { return left_ == 0 ? stock_len_ - stock_pos_ : -left_; }
    int bound(int floor) const;
    // Same columns and waste top with more stock left reaches everything the other can
    // (turn the extra cards first), so the stock position is a dominance rank, not key.
    // The key: the columns' (see key_height_), then what the top takes (see Move), and
    // whether a King played on it stops (top_after: an Ace under --king-on-ace-stop).
    uint64_t key() const {
        const uint32_t fit = feeds_[waste_] & free_;
        if (!fit) return hash_ ^ key_closed_;
        if (waste_ == WasteEmpty) return hash_ ^ key_empty_;
        const uint64_t key = hash_ ^ engine::mix((fit + 1) * 0x9e3779b97f4a7c15ull);
        return top_after(waste_, 13) == WasteStoppedKing ? key ^ key_stop_ : key;
    }
    uint16_t rank() const { return static_cast<uint16_t>(stock_len_ - stock_pos_); }
    void moves(std::vector<Move>& out) const;
    // Inlined into the search and the beam (both made in golf.cpp, where these are
    // defined, so only golf.cpp may call them): with two callers g++ stopped inlining
    // apply, which cost time at every node.
    [[gnu::always_inline]] inline Undo apply(const Move& m);
    [[gnu::always_inline]] inline void undo(const Move& m, const Undo& u);

    // --- play by a person's moves (replay) ---
    std::string act(const Move& m);  // empty, or why the move is illegal

    // Columns whose free card may go on the waste now.
    std::vector<int> playable_columns() const;

    // Cards that can never be played whatever happens: (column, index) pairs.
    std::vector<std::pair<int, int>> dead_cards() const;

    int score() const { return -value(); }
    // The waste's top is a King played on an Ace under king-on-ace-stop: only a joker follows.
    bool waste_stopped() const { return waste_ == WasteStoppedKing; }
    int cards_left() const { return left_; }
    int stock_left() const { return stock_len_ - stock_pos_; }
    int waste_top() const { return waste_; }
    const std::vector<uint8_t>& heights() const { return height_; }

private:
    // May a card of `rank` go on waste top `waste`?  The rules decide it once for every
    // pair (fits_by_rules, into feeds_); the search reads the table.
    bool fits(int waste, int rank) const { return feeds_[waste] >> rank & 1; }
    bool fits_by_rules(int waste, int rank) const;
    uint8_t top_after(int waste, int rank) const;
    // Cards that can never be played; `which` gets them as (column, index),
    // `dead_by_rank` (14 counters) their ranks.  Either may be null.
    int count_dead(std::vector<std::pair<int, int>>* which, int* dead_by_rank) const;
    // A lower bound on the chains of plays that cover a set of tableau cards, given as
    // counts by rank (count[0], the jokers, is not read).
    int min_chains(const int* count) const;
    // The runs of present ranks of `count` (jokers left out), each with a lower bound on
    // the chains that cover its cards.
    struct Segments {
        uint32_t mask[7];
        int demand[7];
        int n = 0;
    };
    void split_segments(const int* count, Segments& seg) const;
    // split_segments through a small cache: the bound asks about the same rank counts
    // again and again (a few thousand kinds per deal against tens of thousands of asks:
    // the stock and the waste's top change more often than the tableau's ranks).
    void segments_of(const int* count, Segments& seg) const;
    struct SegmentMemo {
        uint64_t key = 0;  // the counts of ranks 1..13, four bits each, after a 1 bit; 0: empty
        uint16_t mask[7];
        uint8_t demand[7];
        uint8_t n;
    };
    static constexpr size_t kSegmentMemo = 4096;        // direct-mapped entries
    mutable std::vector<SegmentMemo> segment_memo_;  // made at the first use: copies of a fresh game stay cheap
    // The ranks that stock card i may start a chain with.  `first`, here and below: the
    // first stock index that can start one (-1: any; stock_len_: none); the cards turned
    // before it only bury each other.
    uint32_t starts(int i, int first) const {
        return i < first ? 0u : i == first ? feeds_[stock_[i]] & free_ : feeds_[stock_[i]];
    }
    // Turns stock cards on from `turned` (cards turned so far) until `lack` of them can
    // start a chain with a rank in `present` (or the stock is out); `lack` keeps what is
    // still lacking.  Returns the cards turned then.
    int turn_for(int turned, int& lack, uint32_t present, int first) const {
        for (; lack > 0 && turned < stock_left(); ++turned)
            if (starts(stock_pos_ + turned, first) & present) --lack;
        return turned;
    }
    // For the cards counted in `alive` (by rank, `present` their mask): the chains of
    // plays they lack even with every starter left (need > 0: no clear, and at least
    // that many cards stay), and the stock cards to turn before a clear (turned).
    // Counted no finer than needed to settle that the bound, with `dead` cards that
    // stay for sure, is at most `floor`.
    struct Chains {
        int need = 0, turned = 0;
    };
    Chains count_chains(const int* alive, uint32_t present, int first, int dead, int floor) const;
    // What the chains alone allow (see bound), with `dead` cards that stay for sure.
    int chains_bound(const Chains& c, int dead) const {
        return dead > 0 || c.need > 0 ? -(dead + std::max(c.need, 0)) : stock_left() - c.turned;
    }
    // The most of the cards counted in `alive` (by rank) that can still be played, with
    // the stock cards before index `upto` (see the definition).
    // `total`: the cards counted in `alive`, jokers included.
    int playable_at_most(const int* alive, int total, int first, int upto) const;
    void build_feed_graph();
    // A card of this rank ends every chain it is in: no card left may follow it.
    bool ends_chains(int rank) const {
        return rank != kJoker && !(present_ & (feeds_[rank] | 1u << kJoker));
    }
    // Links a King may have in a chain: one when nothing may follow it.
    int kings_links() const { return rules_.wrap || rules_.queen_on_king ? 2 : 1; }
    // A counter by rank and the mask of the ranks whose counter is not zero, kept together.
    static void tally(int* counts, uint32_t& ranks, int rank, int delta);
    void count_card(int rank, int delta) {
        tally(count_, present_, rank, delta);
        if (rank != kJoker) counts_key_ += uint64_t(delta) << 4 * (13 - rank);  // wraps back when delta < 0
    }
    void count_free(int rank, int delta) { tally(free_count_, free_, rank, delta); }
    void sort_moves(std::vector<Move>& out, size_t first) const;
    void turn_stock(int draws);
    void play(int column);

    Rules rules_;
    int ncols_ = 0;
    uint8_t cols_[kMaxColumns][kMaxHeight] = {};  // ranks, bottom first
    std::vector<uint8_t> height_;
    std::vector<uint8_t> stock_;
    std::vector<uint8_t> next_fit_;
    std::vector<uint32_t> stock_feeds_;  // stock_feeds_[p]: bit r set when rank r fits on a stock card at index >= p
    std::vector<uint16_t> stock_count_;  // stock_count_[p * 14 + w]: stock cards of rank w at index >= p
    // The graph "a card of rank r may be played on one of rank w" among ranks 1..13, as
    // a card rank (a step) with the two ranks it fits on, in the order of the paths and
    // cycles the graph falls into (each rank has two neighbours at most either way).  A
    // cycle's steps are stored twice over, so that it can be walked from any step.
    struct FeedStep {
        uint8_t card, before, after;  // kNoRank: none
    };
    struct FeedPart {
        uint8_t first, len;
        bool cycle;
    };
    static constexpr uint8_t kNoRank = 14;  // an index past the ranks, always holding 0
    std::vector<FeedStep> feed_steps_;
    std::vector<FeedPart> feed_parts_;
    int stock_len_ = 0, stock_pos_ = 0, left_ = 0;
    uint8_t waste_ = WasteEmpty;
    uint32_t feeds_[kWasteTops] = {};   // feeds_[w]: bit r set when rank r may go on waste top w
    int count_[14] = {};        // tableau cards by rank (0: jokers), for the bound
    // count_[1..13] four bits each (SegmentMemo's key), kept up as they change: usable
    // when no rank ever counts past 15 (counts_keyed_; counts only fall from the deal's).
    uint64_t counts_key_ = 1ull << 52;
    bool counts_keyed_ = false;
    uint32_t present_ = 0;      // bit r set when count_[r] > 0
    int free_count_[14] = {};   // free cards (columns' tops) by rank
    uint32_t free_ = 0;         // bit r set when a free card has rank r (free_count_[r] > 0)
    uint64_t hash_ = 0;  // the sum of the columns' keys
    // key_height_[c * (kMaxHeight + 1) + h]: column c holding its h lowest cards, keyed
    // by their ranks, not by c: columns left with the same ranks (most often one last
    // card of a rank) are interchangeable.  Summed, not XORed: two equal keys cancel
    // under XOR.
    std::vector<uint64_t> key_height_;
    uint64_t key_closed_ = 0, key_empty_ = 0, key_stop_ = 0;
};

struct SolveOutcome {
    SearchResult<Golf::Move> search;
    int dead_at_start = 0;
};

// first_clear: only whether the tableau can be cleared (stops at the first clear;
// a hole that cannot be cleared then keeps the fewest cards left seen, not the least).
SolveOutcome solve(const Layout& layout, const Rules& rules, bool first_clear, const Limits& limits);

}  // namespace patiens::golf
