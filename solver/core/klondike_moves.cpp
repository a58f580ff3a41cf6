// Klondike: the moves worth trying from a position, best first.
#include "klondike.hpp"

#include <algorithm>

#include "klondike_detail.hpp"

namespace patiens::klondike {

using namespace detail;

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
    auto from_talon = [&] {
        for (int i = 0; i < np; ++i)
            if (fits(talon_[plays[i].idx]))
                out.push_back({TalonToCol, plays[i].idx, static_cast<uint8_t>(b), 0, plays[i].draws_before,
                               plays[i].redeal, plays[i].draws_after});
    };
    // A talon card was laid for a run of the tableau, most often: runs first there.
    const bool runs_first = pend_kind_ == TalonPending;
    if (!runs_first) from_talon();
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
    if (runs_first) from_talon();
    for (int s = 0; s < 4; ++s)
        if (can_worry(s) && fits(make_card(s, found_[s])))
            out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(b), 0, 0, 0, 0});
}

void Klondike::moves(std::vector<Move>& out) const {
    TalonPlay plays[2 * kDeck];
    const int np = talon_plays(plays);
    if (pend_kind_ != NoPending) return pending_moves(plays, np, out);
    if (automatic_move(out)) return;
    const uint64_t talon_reach = talon_reach_of(plays, np);
    const int empty_col = first_empty_column();
    home_moves(plays, np, out);
    const Tops tops = read_tops();
    Move others[kColumns * kColumns];
    const int n_others = tableau_moves(tops, talon_reach, empty_col, out, others);
    talon_to_tableau_moves(plays, np, tops.twins_taken, empty_col, out);
    out.insert(out.end(), others, others + n_others);
    worry_moves(talon_reach, empty_col, -1, -1, out);
}

void Klondike::talon_move(std::vector<Move>& out, uint8_t kind, const TalonPlay& p, int to) {
    out.push_back({kind, p.idx, static_cast<uint8_t>(to), 0, p.draws_before, p.redeal, p.draws_after});
}

// A move is pending: the move it prepared, or (after a worry back) another preparation.
// After a talon card laid on the tableau (TalonPending), the moves onto it.
void Klondike::pending_moves(const TalonPlay* plays, int np, std::vector<Move>& out) const {
    const int target = pend_kind_ == EmptyPending ? first_empty_column() : pend_col_;
    if (pend_kind_ == SwapPending && playable(pend_card_))
        out.push_back({ColToFound, pend_col_, 0, 0, 0, 0, 0});
    moves_onto(target, plays, np, out);
    if (pend_kind_ != WorryPending) return;
    // After a worry back, also: the card it uncovered at home (its suit's top now)
    // laid on the tableau, or another preparation.  A worry's use may wait for
    // preparations of its own: worrying 4S back uncovers 3S for a 4H that is home
    // too, and 4H must come down as well, and so on.  Any such cascade can be
    // ordered so that only a worry is followed by something other than its use
    // (docs/PROOFS.md, K7).
    const int s = suit_of(pend_card_);
    if (can_worry(s))
        for (int b = 0; b < kColumns; ++b)
            if (b != pend_col_ && (col_[b].len ? fits_on(make_card(s, found_[s]), col_[b].top())
                                                : found_[s] == 13))
                out.push_back({FoundToCol, static_cast<uint8_t>(s), static_cast<uint8_t>(b), 0, 0, 0, 0});
    const uint64_t reach = talon_reach_of(plays, np);
    const int empty_col = first_empty_column();
    worry_moves(reach, empty_col, s, target, out);
    // Or, when talon cards wait for their use (TalonPending), a talon card laid anywhere:
    // the card under the worried one at home may be worried next onto a card that must
    // come from the talon first (7H worried so that 6H can go onto 7C from the talon).
    if (talon_always_in_reach()) talon_to_tableau_moves(plays, np, 1u << target, empty_col, out);
    // Or a column emptied for a King, on a free position's condition (none empty, a
    // King waiting): two Kings worried back may each need a column before a Queen of
    // the one goes on the other.  Not a partial run onto a twin: laying a card on the
    // twin it bares gives the position of laying it on the other twin, the two
    // tails swapped (K5).
    if (!king_waiting(reach, empty_col)) return;
    for (int a = 0; a < kColumns; ++a) {
        if (col_[a].len == 0 || col_[a].down > 0) continue;
        for (int b = 0; b < kColumns; ++b)
            if (b != a && b != target && col_[b].len && fits_on(col_[a].cards[0], col_[b].top()))
                out.push_back({ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(b), 0, 0, 0, 0});
    }
}

// Safe automatic moves: when one exists it is the only move tried (true).  A column's top
// may go home when nothing could ever need it (safe_to_foundation), and with worry
// back also whenever it could come back to where it lies: on a face-up card (which
// it fits, as every face-up card fits the one under it), or a King alone in its
// column.  Then the position with it home reaches everything this one does, and
// has one card more home.
bool Klondike::automatic_move(std::vector<Move>& out) const {
    for (int c = 0; c < kColumns; ++c) {
        const int t = col_[c].top();
        if (t != kNoCard && playable(t) && (safe_to_foundation(t) || can_come_back(c))) {
            out.push_back({ColToFound, static_cast<uint8_t>(c), 0, 0, 0, 0, 0, 1});
            return true;
        }
    }
    const int wt = waste_top_index();
    // From the waste the same holds for draw 1; for draw 3 only when no redeal can come,
    // since taking a card out of the talon changes how later passes fall into threes.
    if (wt >= 0 && playable(talon_[wt]) && safe_to_foundation(talon_[wt]) &&
        (rules_.draw == 1 || !can_redeal())) {
        out.push_back({TalonToFound, static_cast<uint8_t>(wt), 0, 0, 0, 0, 0, 1});
        return true;
    }
    return false;
}

// 1. Column tops home, then talon cards home.
void Klondike::home_moves(const TalonPlay* plays, int np, std::vector<Move>& out) const {
    for (int c = 0; c < kColumns; ++c) {
        const int t = col_[c].top();
        if (t != kNoCard && playable(t)) out.push_back({ColToFound, static_cast<uint8_t>(c), 0, 0, 0, 0, 0});
    }
    for (int i = 0; i < np; ++i)
        if (playable(talon_[plays[i].idx])) talon_move(out, TalonToFound, plays[i], 0);
}

// The columns' tops, read once for the 42 (source, target) pairs of tableau_moves.
Klondike::Tops Klondike::read_tops() const {
    Tops t;
    uint64_t tops = 0;
    for (int b = 0; b < kColumns; ++b) {
        const int top = col_[b].top();
        t.rank[b] = top == kNoCard ? 0 : rank_of(top);
        t.red[b] = top != kNoCard && is_red(top);
        if (top != kNoCard) tops |= bit(top);
    }
    // When both twins are bare tops, a card put on one or the other gives positions
    // that share a key (twin_key): only the lower-numbered twin takes it.
    for (int b = 0; b < kColumns; ++b) {
        const int top = col_[b].top();
        if (top != kNoCard && twin_of(top) < top && (tops & bit(twin_of(top)))) t.twins_taken |= 1u << b;
    }
    return t;
}

// Emptying a column serves only a King, and only when no column is empty already.
bool Klondike::king_waiting(uint64_t talon_reach, int empty_col) const {
    if (empty_col >= 0) return false;
    for (int c = 0; c < kColumns; ++c)
        if (col_[c].len && col_[c].down && rank_of(col_[c].cards[col_[c].down]) == 13) return true;
    for (int s = 0; s < 4; ++s)
        if ((found_[s] == 13 && can_worry(s)) || (talon_reach & bit(make_card(s, 13)))) return true;
    return false;
}

// 2. Tableau moves: those that turn a card up go to `out`, deepest hidden piles first;
// the others (a run to an empty column for a King, a partial run worth moving) to
// `others`, whose count is returned: they come after the talon's moves.
int Klondike::tableau_moves(const Tops& tops, uint64_t talon_reach, int empty_col, std::vector<Move>& out,
                            Move* others) const {
    Move reveal[kColumns * kColumns];
    int nr = 0, no = 0;
    const bool may_empty = king_waiting(talon_reach, empty_col);
    for (int a = 0; a < kColumns; ++a) {
        const Column& src = col_[a];
        if (src.len == 0) continue;
        const int base_rank = rank_of(src.cards[src.down]);
        if (base_rank == 13 && src.down > 0 && empty_col >= 0)
            reveal[nr++] = {ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(empty_col), src.down, 0, 0, 0};
        for (int b = 0; b < kColumns; ++b) {
            if (b == a || tops.rank[b] == 0) continue;
            // The face-up cards are a run, so only the card one rank below the target's
            // top can go on it: the one this far up from the run's base.
            const int idx = src.down + base_rank - (tops.rank[b] - 1);
            if (idx < src.down || idx >= src.len) continue;
            const int card = src.cards[idx];
            if (rank_of(card) + 1 != tops.rank[b] || is_red(card) == tops.red[b]) continue;
            const Move m{ColToCol, static_cast<uint8_t>(a), static_cast<uint8_t>(b), static_cast<uint8_t>(idx), 0, 0, 0};
            if (idx == src.down) {
                if (src.down > 0) {
                    if (!(tops.twins_taken >> b & 1)) reveal[nr++] = m;
                }
                else if (may_empty) others[no++] = m;
            } else if (swap_useful(a, idx, talon_reach)) {
                others[no++] = m;
            }
        }
    }
    // Deepest hidden piles first: they hold the most cards still out of play.
    engine::sort_moves(reveal, reveal + nr, [&](const Move& x, const Move& y) {
        return col_[x.from].down > col_[y.from].down;
    });
    out.insert(out.end(), reveal, reveal + nr);
    return no;
}

// 3. Talon cards onto the tableau (most talon cards fit nowhere: one mask test each),
// none onto the columns of `closed` (a bit a column).
void Klondike::talon_to_tableau_moves(const TalonPlay* plays, int np, uint32_t closed, int empty_col,
                                      std::vector<Move>& out) const {
    const uint64_t wanted = accepted_cards();
    // With draw 1 and unlimited passes a talon card is laid only for its use
    // (TalonPending): first the cards that a run lying on face-down cards could go onto.
    uint64_t leads = 0;
    if (talon_always_in_reach())
        for (int c = 0; c < kColumns; ++c) {
            const Column& col = col_[c];
            if (col.len == 0 || col.down == 0 || rank_of(col.cards[col.down]) == 13) continue;
            const int base = col.cards[col.down], r = rank_of(base) + 1;
            const bool red = is_red(base);
            leads |= bit(make_card(red ? 0 : 1, r)) | bit(make_card(red ? 3 : 2, r));
        }
    for (const bool lead_pass : {true, false}) {
        if (lead_pass && !leads) continue;
        for (int i = 0; i < np; ++i) {
            const int card = talon_[plays[i].idx];
            if (!(wanted & bit(card)) || ((leads >> card & 1) != 0) != lead_pass) continue;
            if (rank_of(card) == 13) {
                if (empty_col >= 0 && !(closed >> empty_col & 1)) talon_move(out, TalonToCol, plays[i], empty_col);
                continue;
            }
            for (int b = 0; b < kColumns; ++b)
                if (col_[b].len && !(closed >> b & 1) && fits_on(card, col_[b].top()))
                    talon_move(out, TalonToCol, plays[i], b);
        }
    }
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


}  // namespace patiens::klondike
