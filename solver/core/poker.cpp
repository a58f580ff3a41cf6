#include "poker.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
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

// The cell that stands for `cell` among those alike to it: rows with no card may be
// swapped, and so may columns with no card, without changing any scored line (no
// diagonals) or what may come (no adjacency rule), so a cell in an empty row (column)
// is as good as the same cell in the first empty row (column).  Every class holds its
// smallest cell, which is the one returned.
int representative(const std::array<uint8_t, kCells>& grid, int cell, const Rules& rules) {
    if (cell < 0 || rules.diagonals || rules.adjacent) return cell;
    auto row_empty = [&](int r) {
        for (int k = 0; k < kSize; ++k)
            if (grid[r * kSize + k] != kEmpty) return false;
        return true;
    };
    auto column_empty = [&](int k) {
        for (int r = 0; r < kSize; ++r)
            if (grid[r * kSize + k] != kEmpty) return false;
        return true;
    };
    int r = cell / kSize, k = cell % kSize;
    if (row_empty(r))
        for (int first = 0; first < r; ++first)
            if (row_empty(first)) {
                r = first;
                break;
            }
    if (rules.rows_only) {  // the columns are never scored: a row's cells are all alike
        for (int first = 0; first < k; ++first)
            if (grid[r * kSize + first] == kEmpty) return r * kSize + first;
        return r * kSize + k;
    }
    if (column_empty(k))
        for (int first = 0; first < k; ++first)
            if (column_empty(first)) {
                k = first;
                break;
            }
    return r * kSize + k;
}

// How far a game is, as a line's worth depends on it: the cards on the grid, and how
// many of each rank and suit are not (they may still come).
struct Stage {
    int placed = 0;
    int rank_left[14] = {}, suit_left[4] = {};

    // The grid with `card` placed too (kEmpty: none): what the policy weighs a card's
    // cells at, and what the learning records after each card.
    static Stage of(const std::array<uint8_t, kCells>& grid, int card) {
        Stage s;
        for (int r = 1; r <= 13; ++r) s.rank_left[r] = 4;
        for (int k = 0; k < 4; ++k) s.suit_left[k] = 13;
        auto take = [&s](int c) {
            ++s.placed;
            if (c == kJoker) return;
            --s.rank_left[rank_of(c)], --s.suit_left[suit_of(c)];
        };
        for (uint8_t c : grid)
            if (c != kEmpty) take(c);
        if (card != kEmpty) take(card);
        return s;
    }
};

// The abstraction LineValues learns on (poker.hpp): a key for the n cards (n < 5) of a
// line at a stage of the game.
int line_key(const int* cards, int n, const Stage& at) {
    int count[14] = {}, real = 0, joker = 0, suit = -1, lo = 14, hi = 0, lo_high = 15, hi_high = 0;
    bool one_suit = true, distinct = true;
    for (int i = 0; i < n; ++i) {
        if (cards[i] == kJoker) {
            joker = 1;
            continue;
        }
        ++real;
        const int r = rank_of(cards[i]), h = r == 1 ? 14 : r;
        if (++count[r] > 1) distinct = false;
        lo = std::min(lo, r), hi = std::max(hi, r), lo_high = std::min(lo_high, h), hi_high = std::max(hi_high, h);
        if (suit < 0) suit = suit_of(cards[i]);
        else one_suit = one_suit && suit == suit_of(cards[i]);
    }
    // The multiplicities, largest first, as one of the 19 partitions of 0..4 cards.
    int m[5] = {}, k = 0;
    for (int r = 1; r <= 13; ++r)
        if (count[r]) m[k++] = count[r];
    std::sort(m, m + k, std::greater<int>());
    static const int kCodes[LineValues::kPatterns] = {0,    1,    2,    11,   3,    21,   111,  4,    31,   22,
                                                      211,  1111, 5,    41,   32,   311,  221,  2111, 11111};
    int code = 0;
    for (int i = 0; i < k; ++i) code = code * 10 + m[i];
    const int pattern = static_cast<int>(std::find(kCodes, kCodes + LineValues::kPatterns, code) - kCodes);
    const int span = real ? std::min(hi - lo, hi_high - lo_high) : 0;
    const int straight = distinct && span <= 4 ? 1 + span : 0;
    const int stage = std::min(at.placed * LineValues::kStages / kCells, LineValues::kStages - 1);
    // The cards that may still come for it: of its most repeated ranks (to pair or
    // better them), and of its suit while a flush is possible, each in four bands.
    int rank_outs = 0;
    for (int r = 1; r <= 13; ++r)
        if (count[r] && count[r] == m[0]) rank_outs += at.rank_left[r];
    const int rank_band = m[0] >= 2 ? std::min(rank_outs, 3) : std::min((rank_outs + 2) / 3, 3);
    const int flush = !one_suit ? 0 : 1 + std::min((suit < 0 ? 13 : at.suit_left[suit]) / 3, 3);
    return ((((pattern * LineValues::kFlush + flush) * LineValues::kStraight + straight) * 2 + joker) *
                LineValues::kRankOuts + rank_band) * LineValues::kStages + stage;
}

// The cards on a line (into `cards`), in its cells' order; how many.
int line_cards(const std::array<uint8_t, kCells>& grid, const std::array<int, kSize>& line, int* cards) {
    int n = 0;
    for (int cell : line)
        if (grid[cell] != kEmpty) cards[n++] = grid[cell];
    return n;
}

// What a line is worth to the quick policy: a complete line its points (with values) or
// its promise; a partial one its learned worth (with values) or its promise.
double line_worth(const std::array<uint8_t, kCells>& grid, const std::array<int, kSize>& line, const Rules& rules,
                  const LineValues* values, const Stage& at) {
    int cards[kSize];
    const int n = line_cards(grid, line, cards);
    if (values == nullptr) return promise(cards, n, rules);
    if (n == kSize) return static_cast<double>(hand_points(cards, rules));
    return values->value(line_key(cards, n, at), promise(cards, n, rules));
}

// The quick policy: the legal cell whose lines gain the most worth; ties by the rng.
int policy_cell(std::array<uint8_t, kCells>& grid, int card, const Rules& rules, const Lines& lines,
                players::Rng& rng, const LineValues* values = nullptr) {
    const std::vector<int> cells = legal_cells(grid, rules);
    const Stage at = values ? Stage::of(grid, card) : Stage{};  // (both sides after the card: only its lines differ)
    // A line's worth reads its cards, not their cells: with the card in any of its empty
    // cells it is worth the same, so each line is weighed once without and once with it.
    constexpr int kMaxLines = 2 * kSize + 2;
    double before[kMaxLines], after[kMaxLines];
    bool weighed[kMaxLines] = {};
    int best = -1, ties = 0;
    double best_gain = 0;
    for (int cell : cells) {
        for (int li : lines.through[cell])
            if (!weighed[li]) {
                weighed[li] = true;
                before[li] = line_worth(grid, lines.cells[li], rules, values, at);
                grid[cell] = static_cast<uint8_t>(card);
                after[li] = line_worth(grid, lines.cells[li], rules, values, at);
                grid[cell] = kEmpty;
            }
        double gain = 0;
        for (int li : lines.through[cell]) gain -= before[li];
        for (int li : lines.through[cell]) gain += after[li];
        if (best < 0 || gain > best_gain + 1e-9) {
            best = cell, best_gain = gain, ties = 1;
        } else if (std::fabs(gain - best_gain) <= 1e-9 && rng.below(++ties) == 0) {
            best = cell;
        }
    }
    return best;
}

// A full line's points.
int64_t line_points(const std::array<uint8_t, kCells>& grid, const std::array<int, kSize>& line, const Rules& rules) {
    int cards[kSize];
    line_cards(grid, line, cards);
    return hand_points(cards, rules);
}

int64_t score_of(const std::array<uint8_t, kCells>& grid, const Rules& rules, const Lines& lines) {
    int64_t total = 0;
    for (const auto& line : lines.cells) total += line_points(grid, line, rules);  // (a full grid: every cell)
    return total;
}


// The last two empty cells x and y: the next card goes to one, the card after to the
// other.  A line through x alone scores Lx(card), one through y alone Ly(card), one
// through both Lxy(card at x, card at y), the full lines F.  With the next card a:
// a at x is worth F + Lx(a) + the mean over b != a of Ly(b) + Lxy(a, b), and a at y
// alike; the mean of the better of the two over every a is the answer.  Only a line
// through both cells (their row, column or diagonal, where they share one) needs the
// pairs: the rest is linear in the cards.
double expected_last_two(std::array<uint8_t, kCells>& grid, const std::vector<int>& pool, const Rules& rules,
                         const Lines& lines) {
    int x = -1, y = -1;
    for (int c = 0; c < kCells; ++c)
        if (grid[c] == kEmpty) (x < 0 ? x : y) = c;
    std::vector<int> through_x, through_y, through_both;
    double full = 0;
    for (int li = 0; li < static_cast<int>(lines.cells.size()); ++li) {
        const auto& cells = lines.cells[li];
        const bool has_x = std::find(cells.begin(), cells.end(), x) != cells.end();
        const bool has_y = std::find(cells.begin(), cells.end(), y) != cells.end();
        if (has_x && has_y) through_both.push_back(li);
        else if (has_x) through_x.push_back(li);
        else if (has_y) through_y.push_back(li);
        else full += static_cast<double>(line_points(grid, cells, rules));
    }
    auto points_of = [&](const std::vector<int>& which) {
        double t = 0;
        for (int li : which) t += static_cast<double>(line_points(grid, lines.cells[li], rules));
        return t;
    };
    const int n = static_cast<int>(pool.size());
    std::vector<double> at_x(n), at_y(n), pairs_x(n), pairs_y(n);  // pairs_x[a]: sum over b of Lxy(a, b)
    double sum_x = 0, sum_y = 0;
    for (int i = 0; i < n; ++i) {
        grid[x] = static_cast<uint8_t>(pool[i]);
        at_x[i] = points_of(through_x);
        grid[x] = kEmpty;
        grid[y] = static_cast<uint8_t>(pool[i]);
        at_y[i] = points_of(through_y);
        grid[y] = kEmpty;
        sum_x += at_x[i], sum_y += at_y[i];
    }
    if (!through_both.empty()) {
        for (int i = 0; i < n; ++i) {
            grid[x] = static_cast<uint8_t>(pool[i]);
            for (int j = 0; j < n; ++j) {
                if (i == j) continue;
                grid[y] = static_cast<uint8_t>(pool[j]);
                const double both = points_of(through_both);
                pairs_x[i] += both, pairs_y[j] += both;
            }
        }
        grid[x] = grid[y] = kEmpty;
    }
    double total = 0;
    for (int i = 0; i < n; ++i) {
        const double next_at_x = full + at_x[i] + (sum_y - at_y[i] + pairs_x[i]) / (n - 1);
        const double next_at_y = full + at_y[i] + (sum_x - at_x[i] + pairs_y[i]) / (n - 1);
        total += std::max(next_at_x, next_at_y);
    }
    return total / n;
}

// The exact mean final score, every later card placed at its best: the next cards are
// drawn uniformly from `pool` (without replacement), one for each of the `empty` cells
// left, and each is placed where this same mean is highest (expectimax).
double expected_score(std::array<uint8_t, kCells>& grid, std::vector<int>& pool, int empty, const Rules& rules,
                      const Lines& lines) {
    if (empty == 0) return static_cast<double>(score_of(grid, rules, lines));
    // (With two cells left both are legal under every rule: each touches a card.)
    if (empty == 2 && pool.size() >= 2) return expected_last_two(grid, pool, rules, lines);
    const int n = static_cast<int>(pool.size());
    double total = 0;
    for (int i = 0; i < n; ++i) {
        const int card = pool[i];
        std::swap(pool[i], pool.back());
        pool.pop_back();
        double best = 0;
        bool any = false;
        for (int cell : legal_cells(grid, rules)) {
            grid[cell] = static_cast<uint8_t>(card);
            const double v = expected_score(grid, pool, empty - 1, rules, lines);
            grid[cell] = kEmpty;
            if (!any || v > best) best = v, any = true;
        }
        pool.push_back(card);
        std::swap(pool[i], pool.back());
        total += best;
    }
    return total / n;
}

// Each legal choice (a cell, or a discard) with the figures of its class of alike
// choices: the candidates in to the end first (the choice is among them), then by mean.
std::vector<Choice> ranked(const std::vector<int>& legal, const std::vector<int>& class_of,
                           const std::vector<Choice>& figures) {
    std::vector<Choice> out;
    for (size_t i = 0; i < legal.size(); ++i) {
        Choice c = figures[class_of[i]];
        c.cell = legal[i];
        out.push_back(c);
    }
    std::stable_sort(out.begin(), out.end(), [](const Choice& a, const Choice& b) {
        return a.still_in != b.still_in ? a.still_in : a.mean > b.mean;
    });
    return out;
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

double LineValues::value(int key, double prior) const {
    constexpr double kPriorWeight = 2.0;  // games' worth of trust in the promise rule
    return (mean[key] * count[key] + prior * kPriorWeight) / (count[key] + kPriorWeight);
}

LineValues learn_line_values(const Rules& rules, int games, uint64_t seed) {
    constexpr int kRounds = 4;          // the first plays by promise, each next by the values so far
    constexpr double kExplore = 0.05;   // a random cell now and then, so that other keys are seen
    const Lines lines = lines_of(rules);
    LineValues values;
    std::vector<std::pair<int, int>> seen;  // (line, key) of one game
    for (int round = 0; round < kRounds; ++round) {
        std::vector<double> sum(LineValues::kKeys), count(LineValues::kKeys);
        for (int g = round * games / kRounds; g < (round + 1) * games / kRounds; ++g) {
            players::Rng rng(seed ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(g + 1)));
            std::array<int, 52> deck;
            for (int c = 0; c < 52; ++c) deck[c] = c;
            std::array<uint8_t, kCells> grid;
            grid.fill(kEmpty);
            seen.clear();
            for (int placed = 0; placed < kCells; ++placed) {
                std::swap(deck[placed], deck[placed + rng.below(52 - placed)]);
                const int card = deck[placed];
                int cell;
                if (round > 0 && rng.below(1000) < kExplore * 1000) {
                    const std::vector<int> cells = legal_cells(grid, rules);
                    cell = cells[rng.below(static_cast<int>(cells.size()))];
                } else {
                    cell = policy_cell(grid, card, rules, lines, rng, round ? &values : nullptr);
                }
                grid[cell] = static_cast<uint8_t>(card);
                const Stage at = Stage::of(grid, kEmpty);
                for (int li = 0; li < static_cast<int>(lines.cells.size()); ++li) {
                    int cards[kSize];
                    const int n = line_cards(grid, lines.cells[li], cards);
                    if (n < kSize) seen.push_back({li, line_key(cards, n, at)});
                }
            }
            std::vector<double> points(lines.cells.size());
            for (size_t li = 0; li < lines.cells.size(); ++li) {
                int cards[kSize];
                line_cards(grid, lines.cells[li], cards);  // (the grid is full)
                points[li] = static_cast<double>(hand_points(cards, rules));
            }
            for (const auto& [li, key] : seen) sum[key] += points[li], count[key] += 1;
        }
        for (int k = 0; k < LineValues::kKeys; ++k)
            if (count[k] > 0) values.mean[k] = sum[k] / count[k], values.count[k] = count[k];
    }
    return values;
}

int policy_choice(const std::array<uint8_t, kCells>& grid, int card, const Rules& rules, const LineValues& values,
                  uint64_t seed) {
    std::array<uint8_t, kCells> work = grid;
    players::Rng ties(seed);
    const int cell = policy_cell(work, card, rules, lines_of(rules), ties, &values);
    if (cell < 0) throw std::invalid_argument("no cell takes the card");
    return cell;
}

int64_t grid_score(const std::array<uint8_t, kCells>& grid, const Rules& rules) {
    for (uint8_t card : grid)
        if (card == kEmpty) throw std::invalid_argument("the grid is not full");
    return score_of(grid, rules, lines_of(rules));
}

std::vector<Choice> value_choices(const Position& position, int card, const Rules& rules, int rounds,
                                  double seconds, uint64_t seed, const LineValues* values, int exact_cells) {
    const Lines lines = lines_of(rules);
    int empty = 0;
    for (uint8_t c : position.grid) empty += c == kEmpty;
    if (empty == 0) throw std::invalid_argument("the grid is full");
    if (position.to_come + 1 < empty || static_cast<int>(position.unseen.size()) < position.to_come)
        throw std::invalid_argument("too few cards to come to fill the grid");
    std::vector<int> legal = legal_cells(position.grid, rules);
    if (position.discards_left > 0 && position.to_come >= empty) legal.push_back(-1);  // a discard
    // One candidate a class of alike cells (representative()); the others copy its figures.
    std::vector<int> cells, class_of(legal.size());
    for (size_t i = 0; i < legal.size(); ++i) {
        const int rep = representative(position.grid, legal[i], rules);
        const auto at = std::find(cells.begin(), cells.end(), rep);
        class_of[i] = static_cast<int>(at - cells.begin());
        if (at == cells.end()) cells.push_back(rep);
    }
    const int n = static_cast<int>(cells.size());
    // Near the end each choice's mean is computed, not sampled: the expectimax over every
    // card that may come (expected_score), which also plays those cards at their best
    // where the rollouts' quick policy would not.  (Not with discards left: the discard
    // is a choice the expectimax does not weigh.)
    const bool joker = card == kJoker || std::count(position.grid.begin(), position.grid.end(), kJoker) > 0 ||
                       std::count(position.unseen.begin(), position.unseen.end(), kJoker) > 0;
    std::vector<Choice> figures(n);  // each class's
    if (position.discards_left == 0 && empty <= exact_cells - (joker ? 1 : 0)) {
        std::vector<int> pool = position.unseen;
        for (int k = 0; k < n; ++k) {
            std::array<uint8_t, kCells> grid = position.grid;
            grid[cells[k]] = static_cast<uint8_t>(card);
            figures[k].mean = expected_score(grid, pool, empty - 1, rules, lines);
            figures[k].exact = true;
        }
        return ranked(legal, class_of, figures);
    }
    std::vector<double> sum(n), sum_sq(n);
    std::vector<int> done(n);
    std::vector<int> alive(n);
    for (int k = 0; k < n; ++k) alive[k] = k;
    // Successive halving: the budget (rounds a candidate, as if spread evenly) is cut
    // into phases; after each, the worse half of the candidates still in is dropped,
    // so the last few are told apart on many more rollouts than an even spread gives.
    // Every candidate still in plays the same rounds (common random numbers).
    int phases = 1;
    while ((1 << phases) < n) ++phases;
    const double budget = static_cast<double>(rounds) * n;
    const auto start = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    std::vector<int> deck = position.unseen;
    std::vector<int> future;
    int round = 0;
    for (int phase = 0; phase < phases; ++phase) {
        const int in = static_cast<int>(alive.size());
        const int phase_rounds = static_cast<int>(std::clamp(budget / phases / in, 1.0, 1e9));
        const double phase_end = seconds * (phase + 1) / phases;
        for (int r = 0; r < phase_rounds; ++r, ++round) {
            if (seconds > 0 && r > 0 && elapsed() >= phase_end) break;
            // The round's future: the next cards, an ordered sample of the unseen ones.
            players::Rng deal(seed ^ (0x9E3779B97F4A7C15ull * static_cast<uint64_t>(round + 1)));
            future.clear();
            for (int i = 0; i < position.to_come; ++i) {
                const int j = i + deal.below(static_cast<int>(deck.size()) - i);
                std::swap(deck[i], deck[j]);
                future.push_back(deck[i]);
            }
            for (int k : alive) {
                std::array<uint8_t, kCells> grid = position.grid;
                int left = empty;
                if (cells[k] >= 0) {
                    grid[cells[k]] = static_cast<uint8_t>(card);
                    --left;
                }
                players::Rng ties(deal.state);  // the same tie-breaks for every choice of the round
                for (size_t i = 0; i < future.size() && left > 0; ++i) {
                    const int cell = policy_cell(grid, future[i], rules, lines, ties, values);
                    if (cell < 0) throw std::invalid_argument("no cell takes the card");
                    grid[cell] = static_cast<uint8_t>(future[i]);
                    --left;
                }
                const double s = static_cast<double>(score_of(grid, rules, lines));
                sum[k] += s;
                sum_sq[k] += s * s;
                ++done[k];
            }
        }
        if (phase + 1 < phases) {  // keep the better half (ties: the earlier candidate)
            std::stable_sort(alive.begin(), alive.end(), [&](int a, int b) { return sum[a] > sum[b]; });
            alive.resize((alive.size() + 1) / 2);
            std::sort(alive.begin(), alive.end());
        }
    }
    for (int k = 0; k < n; ++k) {
        Choice& c = figures[k];
        c.rollouts = done[k];
        c.mean = done[k] ? sum[k] / done[k] : 0.0;
        const double var =
            done[k] > 1 ? std::max(0.0, (sum_sq[k] - done[k] * c.mean * c.mean) / (done[k] - 1)) : 0.0;
        c.stderr = done[k] > 1 ? std::sqrt(var / done[k]) : 0.0;
        c.still_in = std::find(alive.begin(), alive.end(), k) != alive.end();
    }
    return ranked(legal, class_of, figures);
}

}  // namespace patiens::poker
