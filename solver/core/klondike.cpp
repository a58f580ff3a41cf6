#include "klondike.hpp"

#include <algorithm>
#include <stdexcept>

#include "parallel.hpp"

namespace patiens::klondike {

namespace {

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
    uint64_t pending[4][kDeck + 1];
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
const Keys& keys() {
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

std::string card_name(int card) {
    static const char* ranks = "A23456789TJQK";
    static const char* suits = "CDHS";
    return std::string{ranks[rank_of(card) - 1], suits[suit_of(card)]};
}

}  // namespace

Klondike::Klondike(const Layout& layout, const Rules& rules) : rules_(rules) {
    if (rules.draw != 1 && rules.draw != 3) throw std::invalid_argument("draw must be 1 or 3");
    if (rules.passes < 0 || rules.passes > 999) throw std::invalid_argument("passes must be 1..999 or unlimited");
    bool seen[kDeck] = {};
    auto claim = [&](int card, const std::string& where) {
        if (card < 0 || card >= kDeck) throw std::invalid_argument("bad card code in " + where);
        if (seen[card]) throw std::invalid_argument("duplicated card " + card_name(card) + " (" + where + ")");
        seen[card] = true;
    };
    for (int s = 0; s < 4; ++s) {
        if (layout.foundations[s] < 0 || layout.foundations[s] > 13)
            throw std::invalid_argument("a foundation holds 0 to 13 cards");
        found_[s] = static_cast<uint8_t>(layout.foundations[s]);
        found_total_ += found_[s];
        for (int r = 1; r <= found_[s]; ++r) {
            claim(make_card(s, r), "foundations");
            home_ |= bit(make_card(s, r));
        }
    }
    for (int c = 0; c < kColumns; ++c) {
        const auto& cards = layout.columns[c];
        const int down = layout.face_down[c];
        const std::string where = "column " + std::to_string(c + 1);
        if (cards.size() + 13 > kColumnCap + 13 || down < 0 || down > static_cast<int>(cards.size()) ||
            (cards.size() - down) > 13 || cards.size() > kColumnCap)
            throw std::invalid_argument(where + " is too long");
        if (!cards.empty() && down == static_cast<int>(cards.size()))
            throw std::invalid_argument(where + ": its top card is face down (it would have been turned up)");
        for (size_t i = 0; i < cards.size(); ++i) {
            claim(cards[i], where);
            if (static_cast<int>(i) > down && !fits_on(cards[i], cards[i - 1]))
                throw std::invalid_argument(where + ": " + card_name(cards[i]) + " cannot lie on " +
                                            card_name(cards[i - 1]) +
                                            " (face-up cards build down in alternate colours)");
            col_[c].cards[i] = static_cast<uint8_t>(cards[i]);
            col_[c].mask |= bit(cards[i]);
            if (static_cast<int>(i) >= down) up_mask_ |= bit(cards[i]);
            if (static_cast<int>(i) > down) col_[c].covered_twins |= bit(twin_of(cards[i - 1]));
        }
        col_[c].len = static_cast<uint8_t>(cards.size());
        col_[c].down = static_cast<uint8_t>(down);
    }
    std::fill_n(on_, kDeck, static_cast<uint8_t>(kNoCard));
    for (int c = 0; c < kColumns; ++c)
        for (int i = col_[c].down + 1; i < col_[c].len; ++i) on_[col_[c].cards[i - 1]] = col_[c].cards[i];
    auto to_talon = [&](int card, const char* where) {
        claim(card, where);
        talon_[talon_len_++] = static_cast<uint8_t>(card);
        talon_cards_ |= bit(card);
    };
    for (int card : layout.waste) to_talon(card, "waste");
    for (int card : layout.stock) to_talon(card, "stock");
    for (int card = 0; card < kDeck; ++card)
        if (!seen[card]) throw std::invalid_argument("missing card " + card_name(card));
    talon_mask_ = talon_len_ == 64 ? ~0ull : (1ull << talon_len_) - 1;
    split_ = static_cast<uint8_t>(layout.waste.size());
    if (!unlimited()) {
        redeals_left_ = static_cast<int16_t>(rules.passes - 1 - layout.redeals_done);
        if (redeals_left_ < 0) throw std::invalid_argument("the position has used more passes than the rules allow");
    }
    redeals_done_ = layout.redeals_done;
    hash_ = compute_hash();

    // What the first stuck waste card needs below it in the waste (see bound()).
    int talon_index[kDeck];
    std::fill_n(talon_index, kDeck, kDeck);
    for (int i = 0; i < talon_len_; ++i) talon_index[talon_[i]] = i;
    for (int i = 0; i < talon_len_; ++i) {
        const int card = talon_[i], s = suit_of(card), r = rank_of(card);
        uint64_t& need = stuck_needs_[i];
        need = kNever;
        if (r == 1 || r == 13) continue;  // an Ace can always go home, a King to an empty column
        auto below = [&](int other) { return talon_index[other] < i; };
        if (!below(make_card(s, r - 1))) continue;
        need = bit(talon_index[make_card(s, r - 1)]);
        if (!rules_.worry_back) continue;  // a parent may then be stuck at home instead
        const bool red = is_red(card);
        for (int ps : {red ? 0 : 1, red ? 3 : 2}) {
            if (!below(make_card(ps, r + 1))) {
                need = kNever;
                break;
            }
            need |= bit(talon_index[make_card(ps, r + 1)]);
        }
    }
}

uint64_t Klondike::compute_hash() const {
    const Keys& k = keys();
    uint64_t h = 0;
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        h ^= k.down[c][col.down];
        for (int i = col.down; i < col.len; ++i) h ^= k.parent[col.cards[i]][i ? col.cards[i - 1] : kEmptyBase];
    }
    for (int s = 0; s < 4; ++s) h ^= k.found[s][found_[s]];
    return h;
}

uint64_t Klondike::split_key() const { return keys().split[split_]; }

// Twins in the tableau are interchangeable as the cards runs lie on, so positions that
// differ only in which twin carries which run share a key:
//   * a run lying on p while p's twin is a bare column top can move to the twin and
//     back, one move each way.  The run is hashed as lying on the lower-numbered twin;
//   * when p and its twin q both lie face up with a run on each (tails T and U), the
//     position with the tails swapped reaches the same: copy any line of one in the
//     other, with the same cards moved to the same cards (a move of a run through p
//     takes p's tail along, in either position).  Only a move that takes a whole tail
//     away, or sends its first card home, differs: it bares p in one position and q
//     in the other, where the remaining tail lies on the other twin; one move of that
//     tail onto the bared twin makes the positions equal.  Cards go home alike, so
//     the most cards home and a win are the same from both.  The lower-numbered of
//     the two tails' first cards is hashed as lying on the lower-numbered twin.
//     Casino seeds 1-200, one thread: 60.4 M -> 11.1 M nodes, seed 72 21.9 M -> 1.4 M
//     (long runs from two Kings of one colour, their tails swapped at twin after twin,
//     were thousands of positions each); the same maxima in every mode.
// (Not while a move is pending: the pending move names the column.)
uint64_t Klondike::twin_key() const { return pend_kind_ != NoPending ? 0 : twin_swap_key(); }

uint64_t Klondike::free_key() const {
    return cards_key() ^ keys().pending[pend_kind_][pend_card_] ^ twin_swap_key();
}

uint64_t Klondike::twin_swap_key() const {
    // The tops whose twin lies face up under a card: most positions have none, and the
    // columns' covered twins (kept for the bound) find them without a look at each twin.
    uint64_t tops = 0, covered_twins = 0;
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        if (col.len == 0) continue;
        tops |= bit(col.cards[col.len - 1]);
        covered_twins |= col.covered_twins;
    }
    const Keys& zobrist = keys();
    uint64_t k = 0;
    for (uint64_t m = tops & covered_twins; m; m &= m - 1) {
        const int t = lowest(m), tw = twin_of(t);
        if (tw > t) k ^= zobrist.parent[on_[tw]][tw] ^ zobrist.parent[on_[tw]][t];
    }
    // Twins both face up with a card on each: the lower-numbered of the two cards on
    // them is hashed as lying on the lower-numbered twin.
    for (uint64_t m = covered_twins & twins_of(covered_twins); m; m &= m - 1) {
        const int p = lowest(m), q = twin_of(p);
        if (q < p) continue;
        const int a = on_[p], b = on_[q];
        if (a > b)
            k ^= zobrist.parent[a][p] ^ zobrist.parent[b][q] ^ zobrist.parent[b][p] ^ zobrist.parent[a][q];
    }
    return k;
}

uint16_t Klondike::rank() const {
    if (unlimited()) return 0;
    // Draw 1: a smaller split reaches every larger one by drawing, and more
    // redeals left reach everything fewer do; (redeals, -split) orders that.
    if (rules_.draw == 1) return static_cast<uint16_t>(redeals_left_ * 64 + (63 - split_));
    return static_cast<uint16_t>(redeals_left_);
}

int Klondike::split_below(int idx) const {
    const uint64_t below = talon_mask_ & ((1ull << idx) - 1);
    return below ? 64 - __builtin_clzll(below) : 0;
}

bool Klondike::safe_to_foundation(int card) const {
    // Playing `card` up can never hurt when every card that could ever be built on it
    // is already home.  Without worry back that is the two opposite-colour cards one
    // rank lower; with worry back those could come down again, so the whole chain
    // below must be home: opposite colour >= r-1 and the same colour >= r-2.  Aces and
    // twos are always safe (an Ace can always go home itself, and is never worried back).
    const int r = rank_of(card);
    if (r <= 2) return true;
    const bool red = is_red(card);
    const int opp1 = red ? 0 : 1, opp2 = red ? 3 : 2;
    if (found_[opp1] < r - 1 || found_[opp2] < r - 1) return false;
    return !rules_.worry_back || found_[3 - suit_of(card)] >= r - 2;
}

// Talon cards that can reach the top of the waste, with the draws that bring them there.
int Klondike::talon_plays(TalonPlay* plays) const {
    int n = 0;
    const int split = split_;
    const uint64_t mask = talon_mask_;
    if (split > 0) plays[n++] = {static_cast<uint8_t>(split - 1), 0, 0, 0};
    if (rules_.draw == 1) {
        int d = 0;
        for (uint64_t m = mask >> split << split; m; m &= m - 1)
            plays[n++] = {static_cast<uint8_t>(lowest(m)), static_cast<uint8_t>(++d), 0, 0};
        if (can_redeal() && split > 0) {
            int d2 = 0;
            for (uint64_t m = mask & ((1ull << (split - 1)) - 1); m; m &= m - 1)
                plays[n++] = {static_cast<uint8_t>(lowest(m)), static_cast<uint8_t>(d), 1, static_cast<uint8_t>(++d2)};
        }
        return n;
    }
    // Draw 3: walk the talon three cards at a time through the rest of this pass and,
    // when allowed, one more pass.  A split already met before the redeal dominates
    // the same split after it (same cards, more redeals left).
    uint64_t seen = split > 0 ? (1ull << split) : 0;
    int s = split, d = 0, d2 = 0;
    bool redealt = false;
    while (true) {
        uint64_t rest = mask >> s << s;
        if (rest) {
            int last = 0;
            for (int k = 0; k < 3 && rest; ++k) { last = lowest(rest); rest &= rest - 1; }
            s = last + 1;
            if (redealt) ++d2; else ++d;
            if (!(seen >> s & 1)) {
                if (!redealt) seen |= 1ull << s;
                plays[n++] = {static_cast<uint8_t>(last), static_cast<uint8_t>(d), static_cast<uint8_t>(redealt),
                              static_cast<uint8_t>(d2)};
            }
        } else if (!redealt && can_redeal() && mask) {
            redealt = true;
            s = 0;
        } else {
            break;
        }
    }
    return n;
}

bool Klondike::can_come_back(int c) const {
    const Column& col = col_[c];
    return rules_.worry_back && (col.len - col.down >= 2 || (col.len == 1 && rank_of(col.cards[0]) == 13));
}

bool Klondike::can_worry(int s) const {
    // Never an Ace (nothing can be built on it) nor a card that a safe move would send
    // straight home again.
    const int n = found_[s];
    return rules_.worry_back && n >= 2 && !safe_to_foundation(make_card(s, n));
}

bool Klondike::swap_useful(int c, int start, uint64_t talon_reach) const {
    // Moving a partial run [x..] off `under` onto the twin of `under` only changes which
    // of the two twins is exposed.  That serves only to send `under` home or to lay the
    // twin of x on it; the move waits until one of those can follow at once.
    const int under = col_[c].cards[start - 1];
    if (playable(under)) return true;
    const int tw = twin_of(col_[c].cards[start]);
    if ((up_mask_ | talon_reach) & bit(tw)) return true;
    return found_[suit_of(tw)] == rank_of(tw) && can_worry(suit_of(tw));
}

uint64_t Klondike::talon_reach_of(const TalonPlay* plays, int np) const {
    uint64_t reach = 0;
    for (int i = 0; i < np; ++i) reach |= bit(talon_[plays[i].idx]);
    return reach;
}

int Klondike::first_empty_column() const {
    for (int c = 0; c < kColumns; ++c)
        if (col_[c].len == 0) return c;
    return -1;
}

// Every move that puts a card on column b's top (or a King into b when it is empty).
uint64_t Klondike::accepted_cards() const {
    // The cards some column top would take: the two of the next lower rank and the
    // other colour; with an empty column, the Kings.
    uint64_t mask = 0;
    for (int c = 0; c < kColumns; ++c) {
        const int t = col_[c].top();
        if (t == kNoCard) {
            for (int s = 0; s < 4; ++s) mask |= bit(make_card(s, 13));
        } else if (rank_of(t) > 1) {
            const bool red = is_red(t);
            mask |= bit(make_card(red ? 0 : 1, rank_of(t) - 1)) | bit(make_card(red ? 3 : 2, rank_of(t) - 1));
        }
    }
    return mask;
}

void Klondike::moves_onto(int b, const TalonPlay* plays, int np, std::vector<Move>& out) const {
    const Column& dst = col_[b];
    const int t = dst.top();
    auto fits = [&](int card) { return t == kNoCard ? rank_of(card) == 13 : fits_on(card, t); };
    for (int i = 0; i < np; ++i)
        if (fits(talon_[plays[i].idx]))
            out.push_back({TalonToCol, plays[i].idx, static_cast<uint8_t>(b), 0, plays[i].draws_before,
                           plays[i].redeal, plays[i].draws_after});
    for (int a = 0; a < kColumns; ++a) {
        const Column& src = col_[a];
        if (a == b || src.len == 0) continue;
        const int base = src.cards[src.down];
        int idx;
        if (t == kNoCard) {
            if (rank_of(base) != 13 || src.down == 0) continue;  // a King already at the bottom stays
            idx = src.down;
        } else {
            idx = src.down + rank_of(base) - (rank_of(t) - 1);
            if (idx < src.down || idx >= src.len || !fits_on(src.cards[idx], t)) continue;
        }
        out.push_back({ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(idx), 0, 0, 0});
    }
    for (int s = 0; s < 4; ++s)
        if (can_worry(s) && fits(make_card(s, found_[s])))
            out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(b), 0, 0, 0, 0});
}

void Klondike::moves(std::vector<Move>& out) const {
    TalonPlay plays[2 * kDeck];
    const int np = talon_plays(plays);

    if (pend_kind_ != NoPending) {
        const int target = pend_kind_ == EmptyPending ? first_empty_column() : pend_col_;
        if (pend_kind_ == SwapPending && playable(pend_card_))
            out.push_back({ColToFound, pend_col_, 0, 0, 0, 0, 0});
        moves_onto(target, plays, np, out);
        if (pend_kind_ == WorryPending) {
            // Or uncover the card under it at home, now its suit's top: lay it on the
            // tableau, or prepare a place for it.  The place may need a preparing move
            // of its own: worrying 4S back uncovers 3S for a 4H that is home too, and
            // 4H must come down as well; whichever of the two comes first, the next move
            // is the other.  So another worry may follow, or a partial run moved off a
            // card the uncovered one fits.  (A line reordered so that each preparing
            // move waits until just before the first move needing it is then found.)
            const int s = suit_of(pend_card_);
            if (can_worry(s))
                for (int b = 0; b < kColumns; ++b)
                    if (b != pend_col_ && (col_[b].len ? fits_on(make_card(s, found_[s]), col_[b].top())
                                                        : found_[s] == 13))
                        out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(b), 0, 0, 0, 0});
            worry_moves(talon_reach_of(plays, np), first_empty_column(), s, target, out);
            if (found_[s] > 1) swap_moves_for(make_card(s, found_[s]), target, out);
        }
        return;
    }

    // Safe automatic moves: when one exists it is the only move tried.  A column's top
    // may go home when nothing could ever need it (safe_to_foundation), and with worry
    // back also whenever it could come back to where it lies: on a face-up card (which
    // it fits, as every face-up card fits the one under it), or a King alone in its
    // column.  Then the position with it home reaches everything this one does, and
    // has one card more home.
    for (int c = 0; c < kColumns; ++c) {
        const int t = col_[c].top();
        if (t != kNoCard && playable(t) && (safe_to_foundation(t) || can_come_back(c))) {
            out.push_back({ColToFound, static_cast<uint8_t>(c), 0, 0, 0, 0, 0, 1});
            return;
        }
    }
    const int wt = waste_top_index();
    // From the waste the same holds for draw 1; for draw 3 only when no redeal can come,
    // since taking a card out of the talon changes how later passes fall into threes.
    if (wt >= 0 && playable(talon_[wt]) && safe_to_foundation(talon_[wt]) &&
        (rules_.draw == 1 || !can_redeal())) {
        out.push_back({TalonToFound, static_cast<uint8_t>(wt), 0, 0, 0, 0, 0, 1});
        return;
    }

    const uint64_t talon_reach = talon_reach_of(plays, np);
    const int empty_col = first_empty_column();
    auto talon_move = [&](uint8_t kind, const TalonPlay& p, int to) {
        out.push_back({kind, p.idx, static_cast<uint8_t>(to), 0, p.draws_before, p.redeal, p.draws_after});
    };

    // 1. Column tops home, then talon cards home.
    for (int c = 0; c < kColumns; ++c) {
        const int t = col_[c].top();
        if (t != kNoCard && playable(t)) out.push_back({ColToFound, static_cast<uint8_t>(c), 0, 0, 0, 0, 0});
    }
    for (int i = 0; i < np; ++i)
        if (playable(talon_[plays[i].idx])) talon_move(TalonToFound, plays[i], 0);

    // 2. Tableau moves, sorted into those that turn a card up and the others.
    Move reveal[kColumns * kColumns], other[kColumns * kColumns];
    int nr = 0, no = 0;
    // Emptying a column serves only a King, and only when no column is empty already.
    bool king_waiting = false;
    if (empty_col < 0) {
        for (int c = 0; c < kColumns; ++c)
            if (col_[c].len && col_[c].down && rank_of(col_[c].cards[col_[c].down]) == 13) king_waiting = true;
        for (int s = 0; s < 4; ++s)
            if ((found_[s] == 13 && can_worry(s)) || (talon_reach & bit(make_card(s, 13)))) king_waiting = true;
    }
    // The columns' tops, read once for the 42 (source, target) pairs below.
    int top_rank[kColumns];  // 0: an empty column
    bool top_red[kColumns];
    uint64_t tops = 0;
    for (int b = 0; b < kColumns; ++b) {
        const int t = col_[b].top();
        top_rank[b] = t == kNoCard ? 0 : rank_of(t);
        top_red[b] = t != kNoCard && is_red(t);
        if (t != kNoCard) tops |= bit(t);
    }
    // When both twins are bare tops, a card put on one or the other gives positions
    // that share a key (twin_key): only the lower-numbered twin takes it.
    bool twin_taken[kColumns];
    for (int b = 0; b < kColumns; ++b) {
        const int t = col_[b].top();
        twin_taken[b] = t != kNoCard && twin_of(t) < t && (tops & bit(twin_of(t)));
    }
    for (int a = 0; a < kColumns; ++a) {
        const Column& src = col_[a];
        if (src.len == 0) continue;
        const int base_rank = rank_of(src.cards[src.down]);
        if (base_rank == 13 && src.down > 0 && empty_col >= 0)
            reveal[nr++] = {ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(empty_col), src.down, 0, 0, 0};
        for (int b = 0; b < kColumns; ++b) {
            if (b == a || top_rank[b] == 0) continue;
            // The face-up cards are a run, so only the card one rank below the target's
            // top can go on it: the one this far up from the run's base.
            const int idx = src.down + base_rank - (top_rank[b] - 1);
            if (idx < src.down || idx >= src.len) continue;
            const int card = src.cards[idx];
            if (rank_of(card) + 1 != top_rank[b] || is_red(card) == top_red[b]) continue;
            const Move m{ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(idx), 0, 0, 0};
            if (idx == src.down) {
                if (src.down > 0) {
                    if (!twin_taken[b]) reveal[nr++] = m;
                }
                else if (king_waiting) other[no++] = m;
            } else if (swap_useful(a, idx, talon_reach)) {
                other[no++] = m;
            }
        }
    }
    // Deepest hidden piles first: they hold the most cards still out of play.
    engine::sort_moves(reveal, reveal + nr, [&](const Move& x, const Move& y) {
        return col_[x.from].down > col_[y.from].down;
    });
    out.insert(out.end(), reveal, reveal + nr);

    // 3. Talon cards onto the tableau (most talon cards fit nowhere: one mask test each).
    const uint64_t wanted = accepted_cards();
    for (int i = 0; i < np; ++i) {
        const int card = talon_[plays[i].idx];
        if (!(wanted & bit(card))) continue;
        if (rank_of(card) == 13) {
            if (empty_col >= 0) talon_move(TalonToCol, plays[i], empty_col);
            continue;
        }
        for (int b = 0; b < kColumns; ++b)
            if (col_[b].len && !twin_taken[b] && fits_on(card, col_[b].top())) talon_move(TalonToCol, plays[i], b);
    }
    out.insert(out.end(), other, other + no);

    // 4. Worry back.
    worry_moves(talon_reach, empty_col, -1, -1, out);
}

// Worry back, when something could be built on the card at once (or the card under it
// at home could follow it down); none of suit `skip_suit` nor onto column `skip_col`
// (the caller lists those itself).
void Klondike::worry_moves(uint64_t talon_reach, int empty_col, int skip_suit, int skip_col,
                           std::vector<Move>& out) const {
    for (int s = 0; s < 4; ++s) {
        if (s == skip_suit || !can_worry(s)) continue;
        const int card = make_card(s, found_[s]);
        bool use = found_[s] > 2 && !safe_to_foundation(make_card(s, found_[s] - 1));
        for (int os : {is_red(card) ? 0 : 1, is_red(card) ? 3 : 2}) {
            const int d = make_card(os, rank_of(card) - 1);
            if (((up_mask_ | talon_reach) & bit(d)) || (found_[os] == rank_of(d) && can_worry(os))) use = true;
        }
        if (!use) continue;
        if (found_[s] == 13) {
            if (empty_col >= 0 && empty_col != skip_col)
                out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(empty_col), 0, 0, 0, 0});
            continue;
        }
        for (int b = 0; b < kColumns; ++b)
            if (b != skip_col && col_[b].len && fits_on(card, col_[b].top()))
                out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(b), 0, 0, 0, 0});
    }
}

// Partial runs moved onto the twin of the card under them so that `card` can be laid
// on that card; none onto column `skip_col`.
void Klondike::swap_moves_for(int card, int skip_col, std::vector<Move>& out) const {
    int col_of_top[kDeck];
    std::fill_n(col_of_top, kDeck, -1);
    for (int b = 0; b < kColumns; ++b)
        if (col_[b].len && b != skip_col) col_of_top[col_[b].top()] = b;
    for (int a = 0; a < kColumns; ++a) {
        const Column& src = col_[a];
        for (int idx = src.down + 1; idx < src.len; ++idx) {
            const int under = src.cards[idx - 1];
            const int b = col_of_top[twin_of(under)];
            if (b >= 0 && fits_on(card, under))
                out.push_back({ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(idx), 0, 0, 0});
        }
    }
}

// --- state changes, each keeping the hash, the face-up mask and on_ current ---

void Klondike::push_card(int c, int card) {
    Column& col = col_[c];
    hash_ ^= keys().parent[card][col.len ? col.cards[col.len - 1] : kEmptyBase];
    if (col.len) on_[col.cards[col.len - 1]] = static_cast<uint8_t>(card);
    if (col.len > col.down) col.covered_twins |= bit(twin_of(col.cards[col.len - 1]));
    col.cards[col.len++] = static_cast<uint8_t>(card);
    col.mask |= bit(card);
    up_mask_ |= bit(card);
}

bool Klondike::turn_up(int c) {
    Column& col = col_[c];
    if (col.len == 0 || col.len != col.down) return false;
    const Keys& k = keys();
    hash_ ^= k.down[c][col.down];
    --col.down;
    hash_ ^= k.down[c][col.down];
    const int card = col.cards[col.down];
    hash_ ^= k.parent[card][col.down ? col.cards[col.down - 1] : kEmptyBase];
    up_mask_ |= bit(card);
    return true;
}

void Klondike::turn_down(int c) {
    Column& col = col_[c];
    const Keys& k = keys();
    const int card = col.cards[col.down];
    hash_ ^= k.parent[card][col.down ? col.cards[col.down - 1] : kEmptyBase];
    up_mask_ &= ~bit(card);
    hash_ ^= k.down[c][col.down];
    ++col.down;
    hash_ ^= k.down[c][col.down];
}

void Klondike::move_run(int from, int start, int to) {
    Column& a = col_[from];
    Column& b = col_[to];
    const int first = a.cards[start];
    hash_ ^= keys().parent[first][start ? a.cards[start - 1] : kEmptyBase];
    hash_ ^= keys().parent[first][b.len ? b.cards[b.len - 1] : kEmptyBase];
    if (start) on_[a.cards[start - 1]] = kNoCard;
    if (b.len) on_[b.cards[b.len - 1]] = static_cast<uint8_t>(first);
    // The run's cards go over, and with them the twins of the covered ones (all but its
    // last); the card it leaves bare (in a) is no longer covered, the card it covers (in
    // b) is.
    if (start > a.down) a.covered_twins &= ~bit(twin_of(a.cards[start - 1]));
    if (b.len > b.down) b.covered_twins |= bit(twin_of(b.cards[b.len - 1]));
    uint64_t run = 0;
    for (int i = start; i < a.len; ++i) {
        run |= bit(a.cards[i]);
        b.cards[b.len++] = a.cards[i];
    }
    const uint64_t covered_twins = twins_of(run & ~bit(a.cards[a.len - 1]));
    a.mask &= ~run;
    a.covered_twins &= ~covered_twins;
    b.mask |= run;
    b.covered_twins |= covered_twins;
    a.len = static_cast<uint8_t>(start);
}

int Klondike::pop_card(int c) {
    Column& col = col_[c];
    const int card = col.cards[--col.len];
    hash_ ^= keys().parent[card][col.len ? col.cards[col.len - 1] : kEmptyBase];
    if (col.len) on_[col.cards[col.len - 1]] = kNoCard;
    if (col.len > col.down) col.covered_twins &= ~bit(twin_of(col.cards[col.len - 1]));
    col.mask &= ~bit(card);
    up_mask_ &= ~bit(card);
    return card;
}

void Klondike::found_push(int card) {
    const int s = suit_of(card);
    hash_ ^= keys().found[s][found_[s]] ^ keys().found[s][found_[s] + 1];
    ++found_[s];
    ++found_total_;
    home_ |= bit(card);
}

int Klondike::found_pop(int s) {
    hash_ ^= keys().found[s][found_[s]] ^ keys().found[s][found_[s] - 1];
    --found_[s];
    --found_total_;
    const int card = make_card(s, found_[s] + 1);
    home_ &= ~bit(card);
    return card;
}

int Klondike::take_from_talon(int idx) {
    talon_mask_ &= ~(1ull << idx);
    talon_cards_ &= ~bit(talon_[idx]);
    split_ = static_cast<uint8_t>(split_below(idx));
    return talon_[idx];
}

void Klondike::return_to_talon(int idx) {
    talon_mask_ |= 1ull << idx;
    talon_cards_ |= bit(talon_[idx]);
}

void Klondike::set_pending(uint8_t kind, int col, int card) {
    const Keys& k = keys();
    hash_ ^= k.pending[pend_kind_][pend_card_] ^ k.pending[kind][card];
    pend_kind_ = kind;
    pend_col_ = static_cast<uint8_t>(col);
    pend_card_ = static_cast<uint8_t>(card);
}

Klondike::Undo Klondike::apply(const Move& m) {
    after_automatic_ = m.automatic;
    Undo u{0, split_, 0, 0, redeals_left_, pend_kind_, pend_col_, pend_card_};
    uint8_t pend = NoPending;
    int pend_card = 0;
    switch (m.kind) {
        case ColToFound: {
            const int card = pop_card(m.from);
            found_push(card);
            u.card = static_cast<uint8_t>(card);
            u.flipped = turn_up(m.from);
            break;
        }
        case ColToCol: {
            const Column& src = col_[m.from];
            if (m.start > src.down) {
                pend = SwapPending;
                pend_card = src.cards[m.start - 1];
            } else if (m.start == 0) {
                pend = EmptyPending;
                pend_card = kDeck;
            }
            u.count = static_cast<uint8_t>(src.len - m.start);
            move_run(m.from, m.start, m.to);
            u.flipped = turn_up(m.from);
            break;
        }
        case TalonToFound:
        case TalonToCol: {
            if (m.redeal) {
                if (!unlimited()) --redeals_left_;
                ++redeals_done_;
            }
            const int card = take_from_talon(m.from);
            if (m.kind == TalonToFound) found_push(card);
            else push_card(m.to, card);
            break;
        }
        case FoundToCol: {
            pend_card = found_pop(m.from);
            push_card(m.to, pend_card);
            pend = WorryPending;
            break;
        }
    }
    set_pending(pend, pend == SwapPending ? m.from : m.to, pend_card);
    return u;
}

void Klondike::undo(const Move& m, const Undo& u) {
    after_automatic_ = false;  // (the bound of the position before is then read whole)
    switch (m.kind) {
        case ColToFound: {
            if (u.flipped) turn_down(m.from);
            found_pop(suit_of(u.card));
            push_card(m.from, u.card);
            break;
        }
        case ColToCol: {
            if (u.flipped) turn_down(m.from);
            move_run(m.to, col_[m.to].len - u.count, m.from);
            break;
        }
        case TalonToFound:
        case TalonToCol: {
            if (m.kind == TalonToFound) found_pop(suit_of(talon_[m.from]));
            else pop_card(m.to);
            return_to_talon(m.from);
            if (m.redeal) --redeals_done_;
            break;
        }
        case FoundToCol: {
            found_push(pop_card(m.to));
            break;
        }
    }
    split_ = u.split;
    redeals_left_ = u.redeals_left;
    set_pending(u.pend_kind, u.pend_col, u.pend_card);
}

// Cards that can still reach the foundations, by a relaxation of the rules: the least
// fixpoint of facts of the form "this can happen some time from now on", each rule
// holding in every real line (so the fixpoint holds them all, and more).
//   A(c)  c can be uncovered: every card that lies on it now (in its column, or in the
//         waste in the last pass) can be taken away; a talon card always can while the
//         waste will be turned over again;
//   H(c)  c can go home: c is home, or A(c) and its predecessor can go home;
//   B(p)  p can be a bare column top: a tableau card that can be uncovered, or a talon
//         card (with worry back, a card home) that can be uncovered and laid there;
//   M(x)  x can be laid on the tableau: a parent of x can be bare, or x is a King and
//         some column can be emptied (E).
// A card lying face up on its parent p leaves it only for p's twin (the other parent).
//
// In the last pass the stock is turned once, in order, so time is taken into account:
// the facts are gathered step by step, one step per draw, and a talon card counts as
// uncovered only within a step where it lies on top of the waste or everything above it
// there can be gone by then.  H, B, M and the tableau's A carry over from step to step
// (they say "by now"); the waste's A does not.  A card drawn while it can neither go home
// nor onto the tableau is buried under the next draw: it only comes back if all those
// cards can leave.  Without the steps every stock card counted as uncovered at any time:
// at the start of casino seeds 1-200 the bound was below 52 on 2 deals, with them on 33.
// The count of H bounds the cards home; the search stops refining once it passes `floor`.
template <bool kByDraws>
int Klondike::reach_bound(int floor) const {
    constexpr uint64_t kSuit = (1ull << 13) - 1;
    constexpr uint64_t kKings = (1ull << 12) | (1ull << 25) | (1ull << 38) | (1ull << 51);
    const bool last_pass = !can_redeal();
    const uint64_t home = home_, talon_cards = talon_cards_;
    const uint64_t below_split = (1ull << split_) - 1;
    uint64_t waste = last_pass ? talon_mask_ & below_split : 0;  // talon indexes, this step
    uint64_t stock = last_pass && kByDraws ? talon_mask_ & ~below_split : 0;  // not turned yet
    uint64_t waste_cards = 0;
    for (uint64_t m = waste; m; m &= m - 1) waste_cards |= bit(talon_[lowest(m)]);
    // A is kept in two parts: the tableau's (and talon cards laid there), uncovered by now,
    // and the talon's, uncovered within this step (read all at once: every stock card).
    uint64_t tab_A = 0, talon_A = !last_pass ? talon_cards : kByDraws ? 0 : talon_cards & ~waste_cards;
    uint64_t B = 0, H = home, M = 0;
    bool E = false;
    // What each column's part of the fixpoint reads: B of the twins of its face-up
    // cards' parents (Column::covered_twins), H and M of its own cards (Column::mask).
    // A column is looked at again only when one of those grew since it was last looked at.
    uint64_t seen_b[kColumns], seen_h[kColumns], seen_m[kColumns];
    for (int c = 0; c < kColumns; ++c) {
        const Column& col = col_[c];
        E |= col.len == 0;
        seen_b[c] = seen_h[c] = seen_m[c] = ~0ull;  // not looked at yet
        if (col.len) tab_A |= bit(col.cards[col.len - 1]);  // the tops are uncovered now
    }
    uint64_t seen_waste_hm = ~0ull;
    // B, H and M follow from A and E; they are brought up to date after every pass.
    uint64_t derived_from = ~0ull;  // the A (and E) that B, H and M were derived from
    bool derived_e = false;
    auto derive = [&] {
        for (;;) {
            const uint64_t A = tab_A | talon_A;
            if (A == derived_from && E == derived_e) return;
            derived_from = A, derived_e = E;
            // Each suit's run from its foundation up through cards that can be uncovered:
            // the trailing ones of each suit's 13 bits, v & ~(v + 1) lane by lane.  Suits 0
            // and 2, then 1 and 3, so that a full suit's carry falls into a masked-out lane.
            constexpr uint64_t kEven = kSuit | kSuit << 26, kOdd = kSuit << 13 | kSuit << 39;
            const uint64_t even = (A | H) & kEven, odd = (A | H) & kOdd;
            H |= (even & ~(even + (kEven & ~(kEven << 1)))) | (odd & ~(odd + (kOdd & ~(kOdd << 1))));
            for (uint64_t b0 = ~0ull; b0 != B;) {  // B and M feed each other
                b0 = B;
                // M: for each suit, the bare parents of the other colour one rank up.
                const uint64_t bc = B & kSuit, bd = (B >> 13) & kSuit, bh = (B >> 26) & kSuit, bs = (B >> 39) & kSuit;
                const uint64_t on_black = (bc | bs) >> 1, on_red = (bd | bh) >> 1;
                M = on_red | (on_black << 13) | (on_black << 26) | (on_red << 39);
                if (E) M |= kKings;
                B |= (A & ~talon_cards & ~home) | (A & talon_cards & M);
                if (rules_.worry_back) B |= H & M;
            }
            // A talon card laid on the tableau stays within reach.  (Read all at once, the
            // talon's A is never reset, so it holds them already.)
            if constexpr (!kByDraws) return;
            tab_A |= B & talon_cards;
        }
    };
    // The waste is a stack in the last pass: its top is uncovered, and each card under a
    // card that can leave.
    auto walk_waste = [&] {
        seen_waste_hm = (H | M) & waste_cards;
        for (uint64_t w = waste; w;) {
            const int i = 63 - __builtin_clzll(w);
            w ^= bit(i);
            const int x = talon_[i];
            talon_A |= bit(x);
            if (!((H | M) >> x & 1)) break;
        }
    };
    // The fixpoint of the current step; false when H already passed the floor.  (H is
    // counted only when it grew: without -mpopcnt the count is a library call.)
    uint64_t h_counted = ~0ull;
    auto settle = [&] {
        for (;;) {
            derive();
            if (H != h_counted) {
                h_counted = H;
                if (__builtin_popcountll(H) > floor) return false;
            }
            if (((H | M) & waste_cards) != seen_waste_hm) {
                walk_waste();
                continue;
            }
            bool looked = false;
            for (int c = 0; c < kColumns; ++c) {
                const Column& col = col_[c];
                if (col.len == 0) continue;
                const uint64_t b = B & col.covered_twins, h = H & col.mask, m = M & col.mask;
                if (b == seen_b[c] && h == seen_h[c] && m == seen_m[c]) continue;
                seen_b[c] = b, seen_h[c] = h, seen_m[c] = m;
                looked = true;
                bool clear = true;  // every card above position i can be taken away
                for (int i = col.len - 1; i > 0; --i) {
                    const int x = col.cards[i];
                    if (clear) tab_A |= bit(x);
                    if (i > col.down) clear = (B >> twin_of(col.cards[i - 1]) & 1) || (clear && (H >> x & 1));
                    else if (i == col.down) clear = (M >> x & 1) || (clear && (H >> x & 1));
                    else clear = clear && ((H | M) >> x & 1);
                }
                // The bottom card: a column first empties when it leaves, and a King leaves
                // the bottom only for home (or for a column already empty).
                const int x = col.cards[0];
                if (clear) tab_A |= bit(x);
                if (rank_of(x) == 13) E |= clear && (H >> x & 1);
                else if (col.down == 0) E |= (M >> x & 1) || (clear && (H >> x & 1));
                else E |= clear && ((H | M) >> x & 1);
            }
            // B, H and M are derived once per pass over the columns, not after every
            // column: fewer instructions, the same fixpoint.
            if (!looked) return true;
        }
    };
    if (!settle() || !kByDraws) return __builtin_popcountll(H);
    // The draws.  A drawn card that can neither go home nor onto the tableau changes
    // nothing in its step, and one that can adds only itself to what is uncovered.  So the
    // fixpoint is brought up to date only before a draw that could bury what is uncovered
    // now (one of its cards stuck with the facts so far), and at the end: the same facts
    // as settling after every draw.
    auto can_leave = [&](int card) { return (M >> card & 1) || rank_of(card) == 1 || (H >> (card - 1) & 1); };
    auto resettle = [&] {
        talon_A = 0;  // this step's waste, walked afresh from its top
        walk_waste();
        return settle();
    };
    bool unsettled = false;
    while (stock) {
        uint64_t group = 0;
        int top = 0;
        bool all_leave = true;  // with three a draw, the cards under the top too
        for (int d = 0; d < rules_.draw && stock; ++d) {
            const int i = lowest(stock);
            stock &= stock - 1;
            group |= bit(i);
            top = talon_[i];
            all_leave = all_leave && can_leave(top);
        }
        if (unsettled && !all_leave) {
            if (!resettle()) return __builtin_popcountll(H);
            unsettled = false;
        }
        waste |= group;
        for (uint64_t g = group; g; g &= g - 1) waste_cards |= bit(talon_[lowest(g)]);
        unsettled |= can_leave(top);
    }
    if (unsettled) resettle();
    return __builtin_popcountll(H);
}

int Klondike::bound(int floor) const {
    // A pending state is one move away from the state it came from, whose bound passed,
    // and its next move is the one prepared: the bound cut 172 k of the 21 M pending
    // states of casino seeds 1-200 (and the children of those few are cut anyway) while
    // it costs what it costs anywhere.  So it is not read there: one thread, the same
    // nodes, 0.84 of the time per deal, seed 72 14.0 -> 11.0 s.  Nor after a safe
    // automatic move home, the only move of the state before, whose bound passed too:
    // after any column's top went home it cut 1,750 of 2.4 M states (seed 72), 38 k of
    // 4.7 M (seeds 1-200).  Skipped after the automatic moves: 0.961 of the time per
    // casino deal, 0.935 on two threads, vegas 0.965, standard 0.959; after every move
    // home, the small deals lost (median 5.6 -> 6.0 ms).
    if (pend_kind_ != NoPending || after_automatic_) return kDeck;
    const int stuck = stuck_bound();
    if (stuck <= floor) return stuck;
    // Reading the stock draw by draw costs time at every bound, and on some deals it
    // almost never cuts where reading it all at once does not (seed 72: 0.3% fewer nodes,
    // while others lose 90% of theirs).  So the search samples both readings now and
    // then, and reads draw by draw through the next stretch of kStretch bounds only when
    // that alone cut at least one sampled time in kStepsPayOneIn.  Both readings are
    // bounds: either choice is exact.
    if ((++bound_calls_ & (kSampleEvery - 1)) != 0)
        return steps_on_ ? reach_bound<true>(floor) : reach_bound<false>(floor);
    const int at_once = reach_bound<false>(floor), by_draws = reach_bound<true>(floor);
    steps_cut_ += by_draws <= floor && at_once > floor;
    if (bound_calls_ % kStretch == 0) {
        steps_on_ = steps_cut_ * kSampleEvery * kStepsPayOneIn >= kStretch;
        steps_cut_ = 0;
    }
    return std::min(at_once, by_draws);
}

int Klondike::stuck_bound() const {
    // Only the last pass can be reasoned about cheaply: the waste is then a stack that
    // only shrinks.  A waste card is stuck for good when it can go neither home (its
    // predecessor lies below it in the waste, or a lower card of its suit is stuck) nor
    // onto the tableau (not a King, and both cards it could lie on are below it in the
    // waste or, without worry back, already home).  Everything below a stuck card is
    // stuck too, and a suit cannot climb past its lowest stuck card.
    if (can_redeal() || split_ == 0) return kDeck;
    // Most positions have no stuck card: the first one found below needs its
    // predecessor (and, with worry back, both cards it could lie on) below it in the
    // waste, so when no waste card has all of them, nothing is stuck.
    const uint64_t waste = talon_mask_ & ((1ull << split_) - 1);
    bool candidate = false;
    for (uint64_t m = waste; m && !candidate; m &= m - 1) {
        const uint64_t need = stuck_needs_[lowest(m)];
        candidate = (waste & need) == need;
    }
    if (!candidate) return kDeck;
    int w[kDeck], pos[kDeck];
    uint64_t in_waste = 0;
    int k = 0;
    for (uint64_t m = waste; m; m &= m - 1) {
        const int card = talon_[lowest(m)];
        pos[card] = k;
        w[k++] = card;
        in_waste |= bit(card);
    }
    int blocked[4] = {14, 14, 14, 14};
    auto below = [&](int card, int i) { return (in_waste & bit(card)) && pos[card] < i; };
    auto stuck_at = [&](int i) {
        const int c = w[i], s = suit_of(c), r = rank_of(c);
        if (found_[s] == r - 1) return false;
        if (!(r > blocked[s] || below(make_card(s, r - 1), i))) return false;
        if (r == 13) return false;
        const bool red = is_red(c);
        for (int ps : {red ? 0 : 1, red ? 3 : 2}) {
            const int q = make_card(ps, r + 1);
            const bool q_home = found_[ps] >= r + 1 && !rules_.worry_back;
            if (!(below(q, i) || q_home)) return false;
        }
        return true;
    };
    int stuck = 0;  // w[0..stuck) can never leave the waste
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = k - 1; i >= stuck; --i) {
            if (!stuck_at(i)) continue;
            for (int j = stuck; j <= i; ++j)
                blocked[suit_of(w[j])] = std::min(blocked[suit_of(w[j])], rank_of(w[j]));
            stuck = i + 1;
            changed = true;
            break;
        }
    }
    if (stuck == 0) return kDeck;
    int ub = 0;
    for (int s = 0; s < 4; ++s) ub += blocked[s] - 1;
    return ub;
}

// --- a person's actions ---

void Klondike::draw_once() {
    uint64_t rest = talon_mask_ >> split_ << split_;
    int last = split_ - 1;
    for (int k = 0; k < rules_.draw && rest; ++k) {
        last = lowest(rest);
        rest &= rest - 1;
    }
    split_ = static_cast<uint8_t>(last + 1);
}

std::string Klondike::check(Action& a) const {
    auto no_card_to = [&](int card, int to) -> std::string {
        const Column& col = col_[to];
        if (col.len == 0)
            return rank_of(card) == 13 ? "" : card_name(card) + " cannot go to the empty column " + std::to_string(to + 1) + " (only a King can)";
        if (!fits_on(card, col.top()))
            return card_name(card) + " cannot go on " + card_name(col.top()) + " in column " + std::to_string(to + 1);
        return "";
    };
    auto check_column = [&](int c) -> std::string {
        return (c < 0 || c >= kColumns) ? "there is no column " + std::to_string(c + 1) : "";
    };
    auto cannot_go_home = [&](int card) { return card_name(card) + " cannot go to the foundation yet"; };
    const int wt = waste_top_index();
    std::string err;
    switch (a.kind) {
        case ActionKind::Draw:
            if ((talon_mask_ >> split_) == 0) return "the stock is empty";
            return "";
        case ActionKind::Redeal:
            if ((talon_mask_ >> split_) != 0) return "the stock is not empty yet";
            if (talon_mask_ == 0) return "the waste is empty";
            if (!can_redeal()) return "no pass is left: the stock may be gone through " + std::to_string(rules_.passes) + " time(s)";
            return "";
        case ActionKind::WasteToFoundation:
        case ActionKind::WasteToColumn: {
            if (wt < 0) return "the waste is empty";
            a.card = talon_[wt];
            if (a.kind == ActionKind::WasteToFoundation) return playable(a.card) ? "" : cannot_go_home(a.card);
            if (!(err = check_column(a.to)).empty() || !(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
        case ActionKind::ColumnToFoundation: {
            if (!(err = check_column(a.from)).empty()) return err;
            a.card = col_[a.from].top();
            if (a.card == kNoCard) return "column " + std::to_string(a.from + 1) + " is empty";
            return playable(a.card) ? "" : cannot_go_home(a.card);
        }
        case ActionKind::ColumnToColumn: {
            if (!(err = check_column(a.from)).empty() || !(err = check_column(a.to)).empty()) return err;
            if (a.from == a.to) return "a column cannot move onto itself";
            const Column& src = col_[a.from];
            const int up = src.len - src.down;
            if (up == 0) return "column " + std::to_string(a.from + 1) + " is empty";
            if (a.count == 0) {  // the run that fits, whichever it is
                const Column& dst = col_[a.to];
                for (int i = src.down; i < src.len && a.count == 0; ++i) {
                    const bool ok = dst.len ? fits_on(src.cards[i], dst.top()) : rank_of(src.cards[i]) == 13;
                    if (ok) a.count = src.len - i;
                }
                if (a.count == 0)
                    return "no run of column " + std::to_string(a.from + 1) + " fits column " + std::to_string(a.to + 1);
            }
            if (a.count < 1 || a.count > up)
                return "column " + std::to_string(a.from + 1) + " has " + std::to_string(up) + " face-up card(s), not " + std::to_string(a.count);
            a.card = src.cards[src.len - a.count];
            if (!(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
        case ActionKind::FoundationToColumn: {
            if (!rules_.worry_back) return "worry back is off: foundation cards stay home";
            if (a.from < 0 || a.from > 3) return "there is no such foundation";
            if (found_[a.from] == 0) return "that foundation is empty";
            if (!(err = check_column(a.to)).empty()) return err;
            a.card = make_card(a.from, found_[a.from]);
            if (!(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
    }
    return "unknown action";
}

std::string Klondike::act(Action& a) {
    const std::string err = check(a);
    if (!err.empty()) return err;
    switch (a.kind) {
        case ActionKind::Draw:
            a.count = std::min<int>(rules_.draw, __builtin_popcountll(talon_mask_ >> split_));
            draw_once();
            a.card = talon_[waste_top_index()];
            return "";
        case ActionKind::Redeal:
            split_ = 0;
            if (!unlimited()) --redeals_left_;
            ++redeals_done_;
            return "";
        case ActionKind::WasteToFoundation:
            found_push(take_from_talon(waste_top_index()));
            return "";
        case ActionKind::WasteToColumn:
            push_card(a.to, take_from_talon(waste_top_index()));
            return "";
        case ActionKind::FoundationToColumn:
            push_card(a.to, found_pop(a.from));
            return "";
        case ActionKind::ColumnToFoundation:
            found_push(pop_card(a.from));
            break;
        case ActionKind::ColumnToColumn:
            move_run(a.from, col_[a.from].len - a.count, a.to);
            break;
    }
    // Column moves may leave a face-down card on top: it turns up at once.
    if (turn_up(a.from)) {
        a.turned_up = true;
        a.turned_card = col_[a.from].top();
    }
    return "";
}

std::vector<Action> Klondike::legal_actions() const {
    std::vector<Action> candidates = {{ActionKind::Draw}, {ActionKind::Redeal}, {ActionKind::WasteToFoundation}};
    for (int c = 0; c < kColumns; ++c) {
        candidates.push_back({ActionKind::WasteToColumn, 0, c});
        candidates.push_back({ActionKind::ColumnToFoundation, c, 0});
        for (int d = 0; d < kColumns; ++d)
            if (d != c) candidates.push_back({ActionKind::ColumnToColumn, c, d, 0});
        for (int s = 0; s < 4; ++s) candidates.push_back({ActionKind::FoundationToColumn, s, c});
    }
    std::vector<Action> legal;
    for (Action& a : candidates)
        if (check(a).empty()) legal.push_back(a);
    return legal;
}

std::vector<Action> Klondike::expand(const std::vector<Move>& line) const {
    Klondike play = *this;
    std::vector<Action> out;
    auto emit = [&](Action a) {
        const std::string err = play.act(a);
        if (!err.empty()) throw std::logic_error("internal error: the solver's line is illegal: " + err);
        out.push_back(a);
    };
    for (const Move& m : line) {
        switch (m.kind) {
            case ColToFound: emit({ActionKind::ColumnToFoundation, m.from, 0}); break;
            case ColToCol: emit({ActionKind::ColumnToColumn, m.from, m.to, play.col_[m.from].len - m.start}); break;
            case FoundToCol: emit({ActionKind::FoundationToColumn, m.from, m.to}); break;
            case TalonToFound:
            case TalonToCol:
                for (int i = 0; i < m.draws_before; ++i) emit({ActionKind::Draw});
                if (m.redeal) emit({ActionKind::Redeal});
                for (int i = 0; i < m.draws_after; ++i) emit({ActionKind::Draw});
                if (play.waste_top_index() != m.from) throw std::logic_error("internal error: talon move out of step");
                emit({m.kind == TalonToFound ? ActionKind::WasteToFoundation : ActionKind::WasteToColumn, 0, m.to});
                break;
        }
    }
    return out;
}

Layout Klondike::layout() const {
    Layout out;
    for (int c = 0; c < kColumns; ++c) {
        out.columns[c].assign(col_[c].cards, col_[c].cards + col_[c].len);
        out.face_down[c] = col_[c].down;
    }
    for (int i = 0; i < talon_len_; ++i) {
        if (!present(i)) continue;
        (i < split_ ? out.waste : out.stock).push_back(talon_[i]);
    }
    for (int s = 0; s < 4; ++s) out.foundations[s] = found_[s];
    out.redeals_done = redeals_done_;
    return out;
}

namespace {
constexpr uint64_t kProbeNodes = 4000000;  // about a second of tries before the full search
}  // namespace

SolveOutcome solve(const Layout& layout, const Rules& rules, bool first_win, const Limits& limits) {
    const Klondike start(layout, rules);
    SolveOutcome out;
    // Is it winnable? is asked by --first-win, and is most of the work with unlimited
    // passes, where the bound sees nothing and most deals are won: there, about a
    // second of short tries in varied move orders (see probe_target) comes first, and
    // a deal they do not settle goes on to the one full search.
    if (!first_win && rules.passes != 0) {
        Klondike game = start;
        out.search = search(game, kDeck, false, limits);
    } else if (auto probe = probe_target(start, kDeck, limits, kProbeNodes);
               probe.settled && (first_win || probe.result.reason != StopReason::Complete)) {
        // (A try that covered the whole space proves the deal lost, not its maximum:
        // it cut every position that could not be won.)
        out.search = probe.result;
    } else {
        const auto& tried = probe.result;  // not settled: some nodes and time are left
        Klondike game = start;
        out.search = search(game, kDeck, first_win, remaining(limits, tried.nodes, tried.seconds));
        // A proven maximum is never below what the tries saw; otherwise keep the best line.
        if (tried.best > out.search.best) {
            out.search.best = tried.best;
            out.search.line = tried.line;
            out.search.nodes_at_best = tried.nodes_at_best;
        } else {
            out.search.nodes_at_best += tried.nodes;
        }
        out.search.nodes += tried.nodes;
        out.search.seconds += tried.seconds;
    }
    out.actions = start.expand(out.search.line);
    return out;
}

}  // namespace patiens::klondike
