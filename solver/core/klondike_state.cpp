// Klondike: a position made from a layout, and the moves applied and undone, each change
// keeping the hash, the face-up mask and the cards lying on each card current.
#include "klondike.hpp"

#include <algorithm>
#include <stdexcept>

#include "klondike_detail.hpp"

namespace patiens::klondike {

using namespace detail;

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
    find_pins();
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
            if (m.kind == TalonToFound) {
                found_push(card);
            } else {
                push_card(m.to, card);
                if (talon_always_in_reach()) {
                    pend = TalonPending;
                    pend_card = card;
                }
            }
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
}  // namespace patiens::klondike
