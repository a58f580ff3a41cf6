#include "poker.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <stdexcept>

#include "players.hpp"

namespace patiens::poker {

namespace {

int rank_of(int card) { return card % 13 + 1; }  // 1 = Ace .. 13 = King
int suit_of(int card) { return card / 13; }

// Bits of the ten straights' ranks (bit r for rank r; the Ace both low and high).
constexpr int straight_bits(int low) {
    int m = 0;
    for (int r = low; r < low + 5; ++r) m |= 1 << (r == 14 ? 1 : r);
    return m;
}
constexpr int kRoyalBits = straight_bits(10);

bool is_straight(int rank_bits) {
    for (int low = 1; low <= 10; ++low)
        if (rank_bits == straight_bits(low)) return true;
    return false;
}

struct Lines {
    std::vector<std::array<int, kSize>> cells;        // each scored line's cells
    std::array<std::vector<int>, kCells> through;     // the lines through each cell
};

Lines lines_of(const Rules& rules) {
    Lines l;
    for (int r = 0; r < kSize; ++r) l.cells.push_back({r * 5, r * 5 + 1, r * 5 + 2, r * 5 + 3, r * 5 + 4});
    if (!rules.rows_only)
        for (int c = 0; c < kSize; ++c) l.cells.push_back({c, 5 + c, 10 + c, 15 + c, 20 + c});
    if (rules.diagonals) {
        l.cells.push_back({0, 6, 12, 18, 24});
        l.cells.push_back({4, 8, 12, 16, 20});
    }
    for (int i = 0; i < static_cast<int>(l.cells.size()); ++i)
        for (int cell : l.cells[i]) l.through[cell].push_back(i);
    return l;
}

// How promising a line is (as greedy.py's promise): the best of what its cards already
// make (pairs and better) and what they may still become (a flush or a straight while
// they allow it), the latter weighted by how far along it is: the cube of the share of
// the line filled (in rollouts the cube played better than greedy.py's square).
double promise(const int* cards, int n, const Rules& rules) {
    int count[14] = {}, rank_bits = 0, real = 0, suit = -1;
    bool one_suit = true;
    for (int i = 0; i < n; ++i) {
        if (cards[i] == kJoker) continue;
        ++real;
        const int r = rank_of(cards[i]);
        ++count[r];
        rank_bits |= 1 << r;
        if (suit < 0) suit = suit_of(cards[i]);
        else if (suit != suit_of(cards[i])) one_suit = false;
    }
    if (real == 0) return 0.0;
    int c1 = 0, c2 = 0;
    for (int r = 1; r <= 13; ++r) {
        if (count[r] > c1) c2 = c1, c1 = count[r];
        else if (count[r] > c2) c2 = count[r];
    }
    const auto& p = rules.points;
    double made = 0.0;
    if (c1 >= 4) made = double(p[kFour]);
    else if (c1 == 3 && c2 == 2) made = double(p[kFullHouse]);
    else if (c1 == 3) made = double(p[kThree]);
    else if (c1 == 2 && c2 == 2) made = double(p[kTwoPair]);
    else if (c1 == 2) made = double(p[kPair]);
    const double weight = (n / 5.0) * (n / 5.0) * (n / 5.0);
    double best = made;
    if (one_suit) best = std::max(best, double(p[kFlush]) * weight);
    if (c1 == 1) {  // distinct ranks: a straight while they fit in five (the Ace low or high)
        int lo = 14, hi = 0, lo_ace_high = 15, hi_ace_high = 0;
        for (int r = 1; r <= 13; ++r)
            if (rank_bits >> r & 1) {
                lo = std::min(lo, r), hi = std::max(hi, r);
                const int h = r == 1 ? 14 : r;
                lo_ace_high = std::min(lo_ace_high, h), hi_ace_high = std::max(hi_ace_high, h);
            }
        if (hi - lo <= 4 || hi_ace_high - lo_ace_high <= 4) best = std::max(best, double(p[kStraight]) * weight);
    }
    return best;
}

std::vector<int> legal_cells(const std::array<uint8_t, kCells>& grid, const Rules& rules) {
    std::vector<int> out;
    bool any = false;
    for (int c = 0; c < kCells; ++c) any |= grid[c] != kEmpty;
    for (int c = 0; c < kCells; ++c) {
        if (grid[c] != kEmpty) continue;
        if (!any && rules.first_top_left && c != 0) continue;
        if (any && rules.adjacent) {
            bool touches = false;
            const int r = c / 5, k = c % 5;
            for (int dr = -1; dr <= 1 && !touches; ++dr)
                for (int dk = -1; dk <= 1; ++dk) {
                    const int rr = r + dr, kk = k + dk;
                    if ((dr || dk) && rr >= 0 && rr < 5 && kk >= 0 && kk < 5 && grid[rr * 5 + kk] != kEmpty)
                        touches = true;
                }
            if (!touches) continue;
        }
        out.push_back(c);
    }
    return out;
}

double line_promise(const std::array<uint8_t, kCells>& grid, const std::array<int, kSize>& line, const Rules& rules) {
    int cards[kSize], n = 0;
    for (int cell : line)
        if (grid[cell] != kEmpty) cards[n++] = grid[cell];
    return promise(cards, n, rules);
}

// The quick policy: the legal cell whose lines gain the most promise; ties by the rng.
int policy_cell(std::array<uint8_t, kCells>& grid, int card, const Rules& rules, const Lines& lines,
                players::Rng& rng) {
    const std::vector<int> cells = legal_cells(grid, rules);
    int best = -1, ties = 0;
    double best_gain = 0;
    for (int cell : cells) {
        double gain = 0;
        for (int li : lines.through[cell]) gain -= line_promise(grid, lines.cells[li], rules);
        grid[cell] = static_cast<uint8_t>(card);
        for (int li : lines.through[cell]) gain += line_promise(grid, lines.cells[li], rules);
        grid[cell] = kEmpty;
        if (best < 0 || gain > best_gain + 1e-9) {
            best = cell, best_gain = gain, ties = 1;
        } else if (std::fabs(gain - best_gain) <= 1e-9 && rng.below(++ties) == 0) {
            best = cell;
        }
    }
    return best;
}

int64_t score_of(const std::array<uint8_t, kCells>& grid, const Rules& rules, const Lines& lines) {
    int64_t total = 0;
    for (const auto& line : lines.cells) {
        int cards[kSize];
        for (int i = 0; i < kSize; ++i) cards[i] = grid[line[i]];
        total += hand_points(cards, rules);
    }
    return total;
}

}  // namespace

int category(const int* cards) {
    int count[14] = {}, rank_bits = 0;
    bool flush = true;
    for (int i = 0; i < 5; ++i) {
        const int r = rank_of(cards[i]);
        ++count[r];
        rank_bits |= 1 << r;
        flush = flush && suit_of(cards[i]) == suit_of(cards[0]);
    }
    int c1 = 0, c2 = 0;
    for (int r = 1; r <= 13; ++r) {
        if (count[r] > c1) c2 = c1, c1 = count[r];
        else if (count[r] > c2) c2 = count[r];
    }
    const bool straight = c1 == 1 && is_straight(rank_bits);
    if (straight && flush) return rank_bits == kRoyalBits ? kRoyal : kStraightFlush;
    if (c1 >= 4) return kFour;
    if (c1 == 3 && c2 == 2) return kFullHouse;
    if (flush) return kFlush;
    if (straight) return kStraight;
    if (c1 == 3) return kThree;
    if (c1 == 2 && c2 == 2) return kTwoPair;
    if (c1 == 2) return kPair;
    return kNothing;
}

int64_t hand_points(const int* cards, const Rules& rules) {
    int hand[5], joker = -1;
    for (int i = 0; i < 5; ++i) {
        hand[i] = cards[i];
        if (cards[i] == kJoker) joker = i;
    }
    if (joker < 0) return rules.points[category(hand)];
    int64_t best = 0;
    for (int c = 0; c < 52; ++c) {  // the joker as any card, a card of the hand again too
        hand[joker] = c;
        const int64_t p = rules.points[category(hand)];
        if (c == 0 || p > best) best = p;
    }
    return best;
}

int64_t grid_score(const std::array<uint8_t, kCells>& grid, const Rules& rules) {
    for (uint8_t card : grid)
        if (card == kEmpty) throw std::invalid_argument("the grid is not full");
    return score_of(grid, rules, lines_of(rules));
}

std::vector<Choice> value_choices(const Position& position, int card, const Rules& rules, int rounds,
                                  double seconds, uint64_t seed) {
    const Lines lines = lines_of(rules);
    int empty = 0;
    for (uint8_t c : position.grid) empty += c == kEmpty;
    if (empty == 0) throw std::invalid_argument("the grid is full");
    if (position.to_come + 1 < empty || static_cast<int>(position.unseen.size()) < position.to_come)
        throw std::invalid_argument("too few cards to come to fill the grid");
    std::vector<int> cells = legal_cells(position.grid, rules);
    if (position.discards_left > 0 && position.to_come >= empty) cells.push_back(-1);  // a discard
    std::vector<Choice> out;
    for (int cell : cells) out.push_back({cell});
    std::vector<double> sum(cells.size()), sum_sq(cells.size());
    const auto start = std::chrono::steady_clock::now();
    std::vector<int> deck = position.unseen;
    std::vector<int> future;
    int done = 0;
    for (int round = 0; round < rounds; ++round) {
        if (seconds > 0 && round > 0 &&
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >= seconds)
            break;
        // The round's future: the next cards, an ordered sample of the unseen ones.
        players::Rng deal(seed ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(round + 1)));
        future.clear();
        for (int i = 0; i < position.to_come; ++i) {
            const int j = i + deal.below(static_cast<int>(deck.size()) - i);
            std::swap(deck[i], deck[j]);
            future.push_back(deck[i]);
        }
        for (size_t k = 0; k < cells.size(); ++k) {
            std::array<uint8_t, kCells> grid = position.grid;
            int left = empty;
            if (cells[k] >= 0) {
                grid[cells[k]] = static_cast<uint8_t>(card);
                --left;
            }
            players::Rng ties(deal.state);  // the same tie-breaks for every choice of the round
            for (size_t i = 0; i < future.size() && left > 0; ++i) {
                const int cell = policy_cell(grid, future[i], rules, lines, ties);
                if (cell < 0) throw std::invalid_argument("no cell takes the card");
                grid[cell] = static_cast<uint8_t>(future[i]);
                --left;
            }
            const double s = static_cast<double>(score_of(grid, rules, lines));
            sum[k] += s;
            sum_sq[k] += s * s;
        }
        ++done;
    }
    for (size_t k = 0; k < cells.size(); ++k) {
        Choice& c = out[k];
        c.rollouts = done;
        c.mean = done ? sum[k] / done : 0.0;
        const double var = done > 1 ? std::max(0.0, (sum_sq[k] - done * c.mean * c.mean) / (done - 1)) : 0.0;
        c.stderr = done > 1 ? std::sqrt(var / done) : 0.0;
    }
    std::stable_sort(out.begin(), out.end(), [](const Choice& a, const Choice& b) { return a.mean > b.mean; });
    return out;
}

}  // namespace patiens::poker
