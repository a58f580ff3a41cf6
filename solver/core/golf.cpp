#include "golf.hpp"

#include <algorithm>
#include <stdexcept>

#include "cards.hpp"
#include "beam.hpp"
#include "parallel.hpp"

namespace patiens::golf {

Golf::Golf(const Layout& layout, const Rules& rules) : rules_(rules) {
    if (rules.wrap && rules.king_on_ace_stop)
        throw std::invalid_argument("--king-on-ace-stop makes no sense with --wrap (a King on an Ace is a normal move there)");
    ncols_ = static_cast<int>(layout.columns.size());
    if (ncols_ < 1 || ncols_ > kMaxColumns) throw std::invalid_argument("Golf needs 1 to 64 columns");
    auto check_rank = [](int r) {
        if (r < 0 || r > 13) throw std::invalid_argument("bad rank code");
        return static_cast<uint8_t>(r);
    };
    for (int c = 0; c < ncols_; ++c) {
        const auto& col = layout.columns[c];
        if (col.size() > kMaxHeight) throw std::invalid_argument("a Golf column holds at most 15 cards");
        for (size_t i = 0; i < col.size(); ++i) cols_[c][i] = check_rank(col[i]);
        height_.push_back(static_cast<uint8_t>(col.size()));
        left_ += static_cast<int>(col.size());
    }
    for (int r : layout.stock) stock_.push_back(check_rank(r));
    stock_len_ = static_cast<int>(stock_.size());
    waste_ = layout.base < 0 ? uint8_t{WasteEmpty} : check_rank(layout.base);
    if (layout.base_stopped) {
        if (layout.base != 13 || !rules.king_on_ace_stop)
            throw std::invalid_argument("only a King played on an Ace, under king-on-ace-stop, stops the waste");
        waste_ = WasteStoppedKing;
    }

    for (int r = 0; r <= 13; ++r)
        for (int w = 0; w < kWasteTops; ++w)
            if (fits_by_rules(w, r)) {
                feeds_[w] |= 1u << r;
            }

    // next_fit_[p * 14 + r]: the first stock index >= p whose card takes rank r.
    next_fit_.assign((stock_len_ + 1) * 14, static_cast<uint8_t>(stock_len_));
    stock_feeds_.assign(stock_len_ + 1, 0);
    for (int p = stock_len_ - 1; p >= 0; --p) stock_feeds_[p] = stock_feeds_[p + 1] | feeds_[stock_[p]];
    for (int p = stock_len_ - 1; p >= 0; --p)
        for (int r = 0; r <= 13; ++r)
            next_fit_[p * 14 + r] = fits(stock_[p], r) ? static_cast<uint8_t>(p) : next_fit_[(p + 1) * 14 + r];

    stock_count_.assign((stock_len_ + 1) * 14, 0);
    for (int p = stock_len_ - 1; p >= 0; --p) {
        std::copy_n(&stock_count_[(p + 1) * 14], 14, &stock_count_[p * 14]);
        ++stock_count_[p * 14 + stock_[p]];
    }
    build_feed_graph();

    ZobristSource z(0x474f4c46ull);
    key_height_.resize(ncols_ * (kMaxHeight + 1));
    const uint64_t empty_key = z.next();
    for (int c = 0; c < ncols_; ++c) {
        uint64_t k = empty_key;
        key_height_[c * (kMaxHeight + 1)] = k;
        for (int h = 1; h <= height_[c]; ++h) {
            k = engine::mix(k + (cols_[c][h - 1] + 1) * 0x9e3779b97f4a7c15ull) * 0xbf58476d1ce4e5b9ull;
            key_height_[c * (kMaxHeight + 1) + h] = k;
        }
    }
    key_closed_ = z.next();
    key_empty_ = z.next();
    key_stop_ = z.next();
    for (int c = 0; c < ncols_; ++c) hash_ += key_height_[c * (kMaxHeight + 1) + height_[c]];
    for (int c = 0; c < ncols_; ++c) {
        for (int i = 0; i < height_[c]; ++i) count_card(cols_[c][i], +1);
        if (height_[c]) count_free(cols_[c][height_[c] - 1], +1);
    }
    counts_keyed_ = *std::max_element(count_ + 1, count_ + 14) <= 15;
}

bool Golf::fits_by_rules(int waste, int rank) const {
    if (waste == WasteClosed) return false;
    if (waste == WasteEmpty || waste == WasteJoker || rank == kJoker) return true;  // jokers are wild
    if (waste == WasteStoppedKing) return false;
    if (rules_.wrap) return waste % 13 + 1 == rank || rank % 13 + 1 == waste;
    if (waste == 13) return rules_.queen_on_king && rank == 12;  // nothing on a King
    if (waste == 1 && rank == 13) return rules_.king_on_ace_stop;
    return waste - rank == 1 || rank - waste == 1;
}

uint8_t Golf::top_after(int waste, int rank) const {
    if (rank == kJoker) return WasteJoker;
    if (rank == 13 && waste == 1 && rules_.king_on_ace_stop) return WasteStoppedKing;
    return static_cast<uint8_t>(rank);
}

int Golf::count_dead(std::vector<std::pair<int, int>>* which, int* dead_by_rank) const {
    // A card can be played only once every card above it in its column is, and only
    // onto a card that can be on the waste before it: the waste's top now, a stock
    // card, or a tableau card that can itself be played and does not lie below it.
    // The least fixpoint of "may be played" therefore over-approximates the truth, so
    // the cards outside it can never be played.  The alive cards of a column are a top
    // segment: alive_from[c] is its lowest index.
    // `fed` holds the ranks that something available may take.  The waste's top takes
    // one card only, before anything else moves: a free one.
    uint32_t fed = (feeds_[waste_] & free_) | stock_feeds_[stock_pos_];
    if ((present_ & ~fed) == 0) return 0;  // every card fits on the waste or a stock card
    int alive_from[kMaxColumns];
    for (int c = 0; c < ncols_; ++c) alive_from[c] = height_[c];
    int unseen = left_;  // cards not (yet) known to be alive
    for (bool changed = true; changed && unseen;) {
        changed = false;
        for (int c = 0; c < ncols_; ++c) {
            while (alive_from[c] > 0) {
                const int r = cols_[c][alive_from[c] - 1];
                if (!(fed >> r & 1)) break;
                --alive_from[c];
                --unseen;
                fed |= feeds_[r];
                changed = true;
            }
            if ((present_ & ~fed) == 0) return 0;  // every card left fits on something alive
        }
    }
    if (!unseen) return 0;
    int dead = 0;
    for (int c = 0; c < ncols_; ++c) {
        dead += alive_from[c];
        for (int i = 0; i < alive_from[c]; ++i) {
            if (dead_by_rank) ++dead_by_rank[cols_[c][i]];
            if (which) which->push_back({c, i});
        }
    }
    return dead;
}

std::vector<int> Golf::playable_columns() const {
    std::vector<int> out;
    if (left_ == 0) return out;
    for (int c = 0; c < ncols_; ++c)
        if (height_[c] && fits(waste_, cols_[c][height_[c] - 1])) out.push_back(c);
    return out;
}

std::vector<std::pair<int, int>> Golf::dead_cards() const {
    std::vector<std::pair<int, int>> which;
    count_dead(&which, nullptr);
    return which;
}

void Golf::build_feed_graph() {
    // Nodes: a card rank r (1..13) is node r, a rank w it fits on is node 14 + w.
    std::vector<int> next[28];
    for (int w = 1; w <= 13; ++w)
        for (int r = 1; r <= 13; ++r)
            if (feeds_[w] >> r & 1) {
                next[r].push_back(14 + w);
                next[14 + w].push_back(r);
            }
    bool seen[28] = {};
    auto walk = [&](int start, bool cycle) {
        std::vector<int> nodes;
        for (int prev = -1, cur = start; cur >= 0 && !seen[cur];) {
            seen[cur] = true;
            nodes.push_back(cur);
            int after = -1;
            for (int x : next[cur])
                if (x != prev && !seen[x]) after = x;
            prev = cur;
            cur = after;
        }
        const int n = static_cast<int>(nodes.size());
        auto rank_at = [&](int i) {  // the fit-on rank at position i, around a cycle
            if (i < 0 || i >= n) {
                if (!cycle) return kNoRank;
                i = (i + n) % n;
            }
            return static_cast<uint8_t>(nodes[i] - 14);
        };
        std::vector<FeedStep> steps;
        for (int i = 0; i < n; ++i)
            if (nodes[i] < 14) steps.push_back({static_cast<uint8_t>(nodes[i]), rank_at(i - 1), rank_at(i + 1)});
        if (steps.empty()) return;
        feed_parts_.push_back({static_cast<uint8_t>(feed_steps_.size()), static_cast<uint8_t>(steps.size()), cycle});
        for (int twice = 0; twice < (cycle ? 2 : 1); ++twice) feed_steps_.insert(feed_steps_.end(), steps.begin(), steps.end());
    };
    // Paths from an end, from a card rank where one ends there (the walk then starts
    // with a step), then what is left: cycles, walked from a card rank.
    for (int v = 1; v <= 13; ++v)
        if (!seen[v] && next[v].size() <= 1) walk(v, false);
    for (int v = 15; v < 28; ++v)
        if (!seen[v] && next[v].size() <= 1) walk(v, false);
    for (int v = 1; v <= 13; ++v)
        if (!seen[v]) walk(v, true);
}

int Golf::playable_at_most(const int* alive, int total, int first, int upto) const {
    // Every card played lands on a card of its own: the waste's top now (once), a stock
    // card turned (each takes one card) or a tableau card played just before it (each
    // is followed by one card at most).  So the cards that can still be played are at
    // most a largest matching of cards to cards they fit on: counted by rank, the
    // predecessors being the cards themselves, the stock cards before `upto` that may
    // start a chain, and the waste's top.  Among ranks 1..13 the graph is paths and
    // cycles (build_feed_graph), where a greedy walk is exact: each card rank takes what
    // the rank before it on the path has left (no later card can use it), then from the
    // rank after it.  A cycle is cut where the fewest can cross, each number of those
    // crossings tried.  Jokers take any card and go on any: they are matched last.
    const int from = std::clamp(first, stock_pos_, upto);
    int preds[15];  // by rank; preds[kNoRank] stays 0
    const uint16_t* stock_from = &stock_count_[from * 14];
    const uint16_t* stock_upto = &stock_count_[upto * 14];
    int all = 0;  // the predecessors of ranks 1..13 (the jokers' taken off below)
    for (int w = 0; w < 14; ++w) {
        preds[w] = alive[w] + stock_from[w] - stock_upto[w];
        all += preds[w];
    }
    preds[kNoRank] = 0;
    int wild = preds[kJoker], jokers_only = 0;
    all -= wild;
    if (feeds_[waste_] & free_) {
        if (waste_ >= 1 && waste_ <= 13) ++preds[waste_], ++all;
        else if (waste_ == WasteStoppedKing) ++jokers_only;
        else ++wild;
    }
    // `cut`: how many of the first step's cards were fed across the cycle's cut, from
    // the rank before it (which the last step, around the cycle, has as its rank after).
    // A step's rank after is the next step's rank before, so what a step leaves of it
    // is carried on to the next step.
    auto walk = [&](const FeedStep* step, int n, int cut) {
        const int crossed = std::max(cut, 0);
        int got = 0, carry = cut >= 0 ? 0 : preds[step[0].before];
        for (int j = 0; j < n; ++j) {
            int want = alive[step[j].card] - (j == 0 ? crossed : 0);
            int take = std::min(want, carry);
            want -= take;
            got += take;
            const int after = preds[step[j].after] - (j == n - 1 ? crossed : 0);
            take = std::min(want, after);
            got += take;
            carry = after - take;
        }
        return got;
    };
    int fed = 0;
    for (const FeedPart& part : feed_parts_) {
        const FeedStep* step = &feed_steps_[part.first];
        if (!part.cycle) {
            fed += walk(step, part.len, -1);
            continue;
        }
        int k = 0, span = 1 << 20, wanted = 0;
        for (int j = 0; j < part.len; ++j) {
            const int c = std::min(alive[step[j].card], preds[step[j].before]);
            if (c < span) span = c, k = j;
            wanted += alive[step[j].card];
        }
        // The matching is concave in the crossings: stop once it stops growing (or
        // every card is fed).
        int most = -1;
        for (int x = 0; x <= span && most < wanted; ++x) {
            const int got = x + walk(step + k, part.len, x);
            if (got <= most) break;
            most = got;
        }
        fed += most;
    }
    const int cards = total - alive[kJoker];
    const int on_jokers = std::min(cards - fed, wild);
    const int spare = wild - on_jokers + jokers_only + all - fed;
    return fed + on_jokers + std::min(alive[kJoker], spare);
}

void Golf::tally(int* counts, uint32_t& ranks, int rank, int delta) {
    counts[rank] += delta;
    if (counts[rank]) ranks |= 1u << rank;
    else ranks &= ~(1u << rank);
}

int Golf::min_chains(const int* m) const {
    // Between two turned stock cards the player plays a chain: tableau cards each a
    // neighbour of the one before.  Clearing the tableau covers its cards with such
    // chains, so count the fewest walks that cover them: walks = cards - links, where a
    // link joins a card of rank r to one of rank r+1.  Each card has at most two links,
    // a King at most one when nothing may follow a King, and the links between two
    // neighbouring ranks form a forest.  Maximising the links rank by rank from the Ace
    // up is optimal (one fewer link at r frees at most one at r+1).  King-Ace links
    // (with wrap, or a King on an Ace under --king-on-ace-stop) close the ranks into a
    // ring: for each count x of them, the Aces and Kings have x links fewer left for
    // the line, and the best x counts.  Jokers (m[0]) are not counted: the caller
    // handles them.
    int n = 0;
    for (int r = 1; r <= 13; ++r) n += m[r];
    const int king_degree = kings_links();
    int ring = 0;  // the most King-Ace links
    if (rules_.wrap || rules_.king_on_ace_stop) {
        ring = std::min(2 * m[1], king_degree * m[13]);
        if (m[1] && m[13]) ring = std::min(ring, m[1] + m[13] - 1);
    }
    int most = 0;
    for (int x = 0; x <= ring; ++x) {
        int links = x, prev = x;
        for (int r = 1; r < 13; ++r) {
            int cap = std::min(2 * m[r] - prev, r == 12 ? king_degree * m[13] - x : 2 * m[r + 1]);
            if (m[r] && m[r + 1]) cap = std::min(cap, m[r] + m[r + 1] - 1);
            prev = std::max(cap, 0);
            links += prev;
        }
        most = std::max(most, links);
    }
    return std::max(n - most, n > 0 ? 1 : 0);
}

void Golf::segments_of(const int* m, Segments& seg) const {
    uint64_t key = 1;
    if (m == count_ && counts_keyed_) {
        key = counts_key_;
    } else {
        for (int r = 1; r <= 13; ++r) {
            if (m[r] > 15) return split_segments(m, seg);  // many decks: counts past four bits
            key = key << 4 | m[r];
        }
    }
    if (segment_memo_.empty()) segment_memo_.resize(kSegmentMemo);
    SegmentMemo& e = segment_memo_[engine::mix(key) & (kSegmentMemo - 1)];
    if (e.key == key) {
        seg.n = e.n;
        for (int k = 0; k < seg.n; ++k) seg.mask[k] = e.mask[k], seg.demand[k] = e.demand[k];
        return;
    }
    split_segments(m, seg);
    e.key = key;
    e.n = static_cast<uint8_t>(seg.n);
    for (int k = 0; k < seg.n; ++k) {  // masks of ranks 1..13; demands at most the 195 cards counted
        e.mask[k] = static_cast<uint16_t>(seg.mask[k]);
        e.demand[k] = static_cast<uint8_t>(seg.demand[k]);
    }
}

void Golf::split_segments(const int* m, Segments& seg) const {
    // min_chains for each run of present ranks on its own (jokers left out): the same greedy,
    // cut where a rank is missing.  With King-Ace links (--wrap, --king-on-ace-stop) the
    // ranks form a ring, walked from just after a missing rank; with all thirteen
    // present there is one segment.
    seg.n = 0;
    const bool ring = rules_.wrap || rules_.king_on_ace_stop;
    int start = 1;
    if (ring) {
        start = 0;
        for (int r = 1; r <= 13 && !start; ++r)
            if (!m[r]) start = r % 13 + 1;
        if (!start) {
            seg.mask[0] = 0x3ffe;
            seg.demand[seg.n++] = min_chains(m);
            return;
        }
    }
    auto degree = [&](int r) { return r == 13 ? kings_links() : 2; };
    int prev = 0, cards = 0, links = 0;
    uint32_t mask = 0;
    for (int step = 0, r = start; step < 13; ++step, r = r % 13 + 1) {
        if (!m[r]) continue;
        cards += m[r];
        mask |= 1u << r;
        const int next = r % 13 + 1;
        if (m[next] && (next != 1 || ring)) {
            int cap = std::min(degree(r) * m[r] - prev, degree(next) * m[next]);
            cap = std::min(cap, m[r] + m[next] - 1);
            prev = std::max(cap, 0);
            links += prev;
        } else {  // the segment ends at r
            seg.mask[seg.n] = mask;
            seg.demand[seg.n++] = std::max(cards - links, 1);  // the caps allow a cycle or two
            prev = cards = links = 0;
            mask = 0;
        }
    }
}

Golf::Chains Golf::count_chains(const int* alive, uint32_t present, int first, int dead, int floor) const {
    // Each chain of plays starts on the waste's top or on a turned stock card, and only
    // a card on which some remaining tableau rank may be played can start one (in the
    // basic rules, never a King).  Clearing needs as many chains as the cards ask for
    // (below): the stock cards up to the one that starts the last of them must all be
    // turned, so the stock left at the clear is at most what lies beyond it.
    //
    // When the tableau cannot be cleared, the cards left are at least one for each
    // chain the cards lack: the cards played at the end form at most `starters` chains,
    // and putting back each card left unplayed adds at most one walk to the count, so
    // the cards left number at least (chains they need) - starters.
    //
    // A chain stays within a run of present ranks (a segment) but where a joker in it
    // jumps: cut at its jokers, a chain falls into pieces, each inside one segment and
    // starting on a starter that takes a rank of it or right after a joker.  So each
    // segment needs its own pieces (split_segments), from its own starters (one next to
    // two segments is counted for both: a lower bound still), and each joker in play
    // makes up for one missing piece at most.
    Segments seg;
    segments_of(alive, seg);
    // A chain is played in one direction, and when nothing may follow a King it ends
    // there: each piece holds one King at most (the walks counted above may have one at
    // each end).
    if (kings_links() == 1 && alive[13])
        for (int k = 0; k < seg.n; ++k)
            if (seg.mask[k] >> 13 & 1) seg.demand[k] = std::max(seg.demand[k], alive[13]);
    const int jokers = alive[kJoker];
    int pieces = 0;
    for (int k = 0; k < seg.n; ++k) pieces += seg.demand[k];
    const uint32_t waste_feeds = feeds_[waste_] & free_;
    Chains out;
    out.need = std::max(pieces - jokers, (present ? 1 : 0)) - (waste_feeds ? 1 : 0);
    out.turned = turn_for(0, out.need, present, first);
    // The segments' own starters only ever lower the bound: not wanted once it is at
    // the floor.
    if (seg.n > 1 && chains_bound(out, dead) > floor) {
        int short_by = 0;
        for (int k = 0; k < seg.n; ++k) {
            seg.demand[k] -= (waste_feeds & seg.mask[k]) ? 1 : 0;
            short_by += std::max(seg.demand[k], 0);
        }
        int t = 0;
        for (int i = stock_pos_; i < stock_len_ && short_by > jokers; ++i) {
            ++t;
            const uint32_t ranks = starts(i, first);
            if (!ranks) continue;
            for (int k = 0; k < seg.n; ++k)
                if ((ranks & seg.mask[k]) && seg.demand[k]-- > 0) --short_by;
        }
        out.need = std::max(out.need, short_by - jokers);
        out.turned = std::max(out.turned, t);
    }
    return out;
}

int Golf::bound(int floor) const {
    // Three lower bounds on the cards left (or on the stock turned before a clear), each
    // finer and dearer than the one before; each is cut short once it settles that
    // the search drops the position (<= floor): the chains the cards need (count_chains)
    // counted over all the cards, then over the cards that can still be played
    // (count_dead: the others stay for sure), then the matching of those cards to the
    // cards they may be played on (playable_at_most).
    if (left_ == 0) return value();
    if (stock_left() <= floor) return stock_left();  // even clearing now is not better
    // The first chain starts on the first of the waste's top and the stock cards that a
    // free card fits on now: until one does, nothing changes the free cards, and each
    // turned card buries the one before for good.  Later chains start on any stock card
    // that some card left fits on.
    int first = -1;  // the stock card that starts the first chain; those before it start nothing
    if (!(feeds_[waste_] & free_))
        for (first = stock_pos_; first < stock_len_ && !(feeds_[stock_[first]] & free_);) ++first;
    Chains chains = count_chains(count_, present_, first, 0, floor);
    if (const int b = chains_bound(chains, 0); b <= floor) return b;

    int dead_by_rank[14] = {};
    const int dead = count_dead(nullptr, dead_by_rank);
    int alive_counts[14];
    const int* alive = count_;  // the cards that may still be played, by rank
    uint32_t present = present_;
    if (dead) {
        present = 0;
        for (int r = 0; r <= 13; ++r) {
            alive_counts[r] = count_[r] - dead_by_rank[r];
            if (alive_counts[r]) present |= 1u << r;
        }
        alive = alive_counts;
        chains = count_chains(alive, present, first, dead, floor);
        if (const int b = chains_bound(chains, dead); b <= floor) return b;
    }

    // The predecessor matching counts cards left more finely when the ranks that the
    // stock cards take do not match the ranks the tableau needs.
    const int cards = left_ - dead;  // the alive ones
    if (dead > 0 || chains.need > 0)
        return -(dead + std::max(chains.need, cards - playable_at_most(alive, cards, first, stock_len_)));
    // Clearing: the stock turned before the clear holds the predecessors the cards
    // lack.  The search only asks whether the bound passes the floor, and the cards
    // that can be played only grow with the stock turned: so one matching, with all
    // the stock a clear may turn and still pass the floor, settles the question.
    const int most_turned = floor >= 0 ? stock_left() - floor - 1 : stock_left();
    const int can = playable_at_most(alive, cards, first, stock_pos_ + most_turned);
    if (can == cards) return stock_left() - chains.turned;  // a clear turns that much at least
    // No clear passes the floor.  Without one, the cards left are counted; else every
    // line ends at the floor at best, which is a bound.
    return floor >= 0 ? floor : -(cards - can);
}

void Golf::moves(std::vector<Move>& out) const {
    if (left_ == 0) return;  // the hole is over
    if (feeds_[waste_] & free_) {
        // A free card fits on the waste's top: go on with the chain, or end it (kClose);
        // turning the stock is the closed position's.  Not from an empty waste, where any
        // chain a turned card would start can be played without it, keeping the card.
        // And when a free card that fits has no neighbour left in the tableau (nor a
        // joker), the chain ends after it whenever it is played, on a turned card at
        // best: playing it now and then ending the chain beats ending it now.
        bool dead_end = false;
        const size_t first = out.size();
        for (int c = 0; c < ncols_; ++c) {
            if (!height_[c]) continue;
            const int r = cols_[c][height_[c] - 1];
            if (!fits(waste_, r)) continue;
            out.push_back({static_cast<uint8_t>(c), 0});
            dead_end |= ends_chains(r);
        }
        sort_moves(out, first);
        if (waste_ != WasteEmpty && stock_left() > 0 && !dead_end) out.push_back({kClose, 0});
        return;
    }
    // Between chains.  Playing column c after turning d stock cards leaves the same
    // columns and the same waste top whatever d is (the played card), only with less
    // stock for larger d: a dominated position.  So each column needs only the fewest
    // turns that let its free card go (a King is kept twice under --king-on-ace-stop: on
    // an Ace it stops).  The move order matters little (the proof that nothing beats the
    // best line is most of the work): see sort_moves.  A free card that ends every
    // chain it is in (no neighbour left, no joker) is best played on the first turned
    // card it fits: a move turning more cards than that is beaten by playing it there
    // first, so such moves are left out.
    const size_t first = out.size();
    int most_draws = 255;
    for (int c = 0; c < ncols_; ++c) {
        if (!height_[c]) continue;
        const int r = cols_[c][height_[c] - 1];
        const size_t before = out.size();
        if (rules_.king_on_ace_stop && r == 13) {
            bool found[2] = {false, false};  // [whether the play stops a King]
            for (int d = 1; d <= stock_left() && !(found[0] && found[1]); ++d) {
                const int top = stock_[stock_pos_ + d - 1];
                if (!fits(top, r)) continue;
                const bool stops = top_after(top, r) == WasteStoppedKing;
                if (found[stops]) continue;
                found[stops] = true;
                out.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(d)});
            }
        } else {
            const int i = next_fit_[stock_pos_ * 14 + r];
            if (i < stock_len_) out.push_back({static_cast<uint8_t>(c), static_cast<uint8_t>(i - stock_pos_ + 1)});
        }
        if (out.size() > before && ends_chains(r)) most_draws = std::min<int>(most_draws, out[before].draws);
    }
    sort_moves(out, first);
    while (out.size() > first && out.back().draws > most_draws) out.pop_back();
}

void Golf::sort_moves(std::vector<Move>& out, size_t first) const {
    // Fewer turns first, then the taller column first (it holds more cards still to
    // free).  A joker is played after the other cards that fit: it fits anywhere, so it
    // is the card worth keeping.
    engine::sort_moves(out.begin() + first, out.end(), [&](const Move& a, const Move& b) {
        if (a.draws != b.draws) return a.draws < b.draws;
        const bool joker_a = cols_[a.column][height_[a.column] - 1] == kJoker;
        const bool joker_b = cols_[b.column][height_[b.column] - 1] == kJoker;
        if (joker_a != joker_b) return joker_b;
        return height_[a.column] > height_[b.column];
    });
}

void Golf::turn_stock(int draws) {
    stock_pos_ += draws;
    waste_ = stock_[stock_pos_ - 1];  // rank code: a joker is WasteJoker (0)
}

void Golf::play(int c) {
    hash_ -= key_height_[c * (kMaxHeight + 1) + height_[c]];
    const int r = cols_[c][--height_[c]];
    count_free(r, -1);
    if (height_[c]) count_free(cols_[c][height_[c] - 1], +1);
    hash_ += key_height_[c * (kMaxHeight + 1) + height_[c]];
    --left_;
    count_card(r, -1);
    waste_ = top_after(waste_, r);
}

Golf::Undo Golf::apply(const Move& m) {
    Undo u{waste_};
    if (m.column == kClose) {
        waste_ = WasteClosed;
        return u;
    }
    if (m.draws) turn_stock(m.draws);
    if (m.column != kDraw) play(m.column);
    return u;
}

void Golf::undo(const Move& m, const Undo& u) {
    if (m.column < kClose) {
        const int c = m.column;
        hash_ -= key_height_[c * (kMaxHeight + 1) + height_[c]];
        count_card(cols_[c][height_[c]], +1);
        if (height_[c]) count_free(cols_[c][height_[c] - 1], -1);
        count_free(cols_[c][height_[c]], +1);
        ++height_[c];
        hash_ += key_height_[c * (kMaxHeight + 1) + height_[c]];
        ++left_;
    }
    stock_pos_ -= m.draws;
    waste_ = u.waste;
}

std::string Golf::act(const Move& m) {
    if (left_ == 0) return "the tableau is already clear: the hole is over";
    if (m.column == kDraw) {
        if (stock_pos_ + m.draws > stock_len_) return "the stock is empty";
    } else {
        if (m.column >= ncols_) return "there is no column " + std::to_string(m.column + 1);
        if (height_[m.column] == 0) return "column " + std::to_string(m.column + 1) + " is empty";
        if (!fits(waste_, cols_[m.column][height_[m.column] - 1])) return "its free card does not fit on the waste";
    }
    apply(m);
    return "";
}

// The beam's width (beam.hpp): wider beams cost the small deals more than they save
// the large ones, narrower ones find worse lines.
constexpr size_t kBeamWidth = 8;

SolveOutcome solve(const Layout& layout, const Rules& rules, bool first_clear, const Limits& limits) {
    Golf game(layout, rules);
    SolveOutcome out;
    out.dead_at_start = static_cast<int>(game.dead_cards().size());
    // Nothing beats clearing the tableau without turning a stock card; a clear with
    // any stock left (value 0 or more) answers "can it be cleared?" (E2).
    const int target = first_clear ? 0 : game.stock_left();
    auto beam = [&](Golf& g, uint64_t max_nodes) { return beam_line(g, kBeamWidth, target, max_nodes); };
    out.search = search(game, target, first_clear, limits, FirstLine<Golf>(beam));
    auto& line = out.search.line;  // kClose moves nothing: a person's line has no such move
    line.erase(std::remove_if(line.begin(), line.end(), [](const Golf::Move& m) { return m.column == Golf::kClose; }),
               line.end());
    return out;
}

}  // namespace patiens::golf
