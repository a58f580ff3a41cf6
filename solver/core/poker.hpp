// Poker Squares played as people play it: each card placed before the next is seen.
//
// The rollout player: for the card in hand, every cell it may go to (and a discard,
// where discards are left) is tried in rounds; in each round the rest of the game is
// dealt from the unseen cards (one order for all the choices of the round: common
// random numbers) and played out by a quick policy, and the final grid is scored.  The
// choice with the best mean wins; successive halving gives the better choices the
// later rounds, and alike cells are tried once.  The quick policy places each card
// where the lines through the cell gain the most promise (what their cards make, or
// may still make, much as the greedy player of solver/poker/greedy.py weighs it).
// Near the end of the game (kExactCells) the choices are weighed exactly instead.
//
// Hands are scored here as hands.py scores them (tests compare the two on every
// category and on random hands with a joker); the optimal grids stay CP-SAT's.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace patiens::poker {

constexpr int kSize = 5, kCells = kSize * kSize;
constexpr int kJoker = 52;        // a wild card
constexpr uint8_t kEmpty = 255;   // a cell with no card yet

// hands.py's order: royal flush, straight flush, four of a kind, full house, flush,
// straight, three of a kind, two pair, pair, nothing.
enum Category { kRoyal, kStraightFlush, kFour, kFullHouse, kFlush, kStraight, kThree, kTwoPair, kPair, kNothing };
constexpr int kCategories = 10;

struct Rules {
    std::array<int64_t, kCategories> points{};
    bool diagonals = false, first_top_left = false, adjacent = false, rows_only = false;
};

// The category of five real cards (0..51).
int category(const int* cards);
// A hand's points: a joker stands for whatever card scores most there.
int64_t hand_points(const int* cards, const Rules& rules);
// Every scored line of a full grid, summed.
int64_t grid_score(const std::array<uint8_t, kCells>& grid, const Rules& rules);

struct Position {
    std::array<uint8_t, kCells> grid;  // kEmpty where no card lies yet
    std::vector<int> unseen;           // the cards not seen yet (the next ones come from these)
    int to_come = 0;                   // cards still to be turned after the one in hand
    int discards_left = 0;
};

// What a line not yet complete is worth by the end of the game, on average, learned for
// a table by self-play (learn_line_values): so that a policy can weigh a pair against
// four to a flush by the table's own points, without a hand-made rule.  A line is seen
// through an abstraction: how its ranks repeat (pair, two pair, ...), whether it can
// still be a flush (and how many of its suit are not on the grid yet), whether it can
// still be a straight and how wide its ranks spread, how many cards of its most repeated
// ranks are not on the grid yet, a joker in it, and how far the game is (the cards on
// the grid, in five stages).
struct LineValues {
    static constexpr int kPatterns = 19, kFlush = 5, kStraight = 6, kRankOuts = 4, kStages = 5;
    static constexpr int kKeys = kPatterns * kFlush * kStraight * 2 * kRankOuts * kStages;
    std::vector<double> mean = std::vector<double>(kKeys, 0.0);
    std::vector<double> count = std::vector<double>(kKeys, 0.0);
    // The learned worth, leaning on `prior` (the promise rule's) where few games saw the key.
    double value(int key, double prior) const;
};

// Learned by `games` games of self-play (a promise-greedy first quarter, then greedy on
// the values learned so far, with a little exploration), each dealt from `seed`: the
// same table, games and seed learn the same values on any machine.
LineValues learn_line_values(const Rules& rules, int games, uint64_t seed);

// The cell the quick policy gives `card` (the lines' learned worth gained most; ties
// broken by `seed`): the values player's move, and the rollouts' every move.
int policy_choice(const std::array<uint8_t, kCells>& grid, int card, const Rules& rules, const LineValues& values,
                  uint64_t seed);

struct Choice {
    int cell;                 // -1: discard the card
    double mean = 0, stderr = 0;
    int rollouts = 0;
    bool still_in = true;     // among the last candidates of the halving (value_choices)
    bool exact = false;       // the mean computed exactly, not by rollouts (kExactCells)
};

// With at most this many empty cells (the card in hand's among them) and no discards
// left, value_choices computes each choice's mean exactly: the mean over every order the
// unseen cards may come in, each later card placed where that mean is highest.  Five
// cells take about 0.4 s a choice; a joker in play makes its hands' scoring some fifty
// times dearer, and takes one cell off.
constexpr int kExactCells = 5;

// The card's choices valued by rollouts, best first: a budget of `rounds` rounds a
// candidate, spent by successive halving (the candidates still in get the later rounds),
// and (when `seconds` > 0) no more than that long.  Alike cells (empty rows or columns
// swapped) are one candidate and share its figures.  The rollouts place each card where
// the lines gain the most: learned worth with `values`, else promise.  The same
// position, card, rounds, values and seed give the same answer.  With at most
// `exact_cells` empty cells (see kExactCells) the means are exact instead, whatever
// the budget.
std::vector<Choice> value_choices(const Position& position, int card, const Rules& rules, int rounds,
                                  double seconds, uint64_t seed, const LineValues* values = nullptr,
                                  int exact_cells = kExactCells);

}  // namespace patiens::poker
