// Klondike: a person's actions (replay), the rules checked one action at a time, and
// the search's answer told as actions.
#include "klondike.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "klondike_detail.hpp"

namespace patiens::klondike {

using namespace detail;

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

// Why an action is illegal, or "".  Without kWhy the reason is only "!": legal_actions
// asks thousands of times a game whether an action is legal, never why, and the
// sentences cost more than the rules.
template <bool kWhy>
std::string Klondike::check_as(Action& a) const {
    auto fail = [](auto&& words) -> std::string {
        if constexpr (kWhy) return words();
        else return "!";
    };
    auto no_card_to = [&](int card, int to) -> std::string {
        const Column& col = col_[to];
        if (col.len == 0)
            return rank_of(card) == 13 ? "" : fail([&] {
                return card_name(card) + " cannot go to the empty column " + std::to_string(to + 1) + " (only a King can)";
            });
        if (!fits_on(card, col.top()))
            return fail([&] {
                return card_name(card) + " cannot go on " + card_name(col.top()) + " in column " + std::to_string(to + 1);
            });
        return "";
    };
    auto check_column = [&](int c) -> std::string {
        return (c < 0 || c >= kColumns) ? fail([&] { return "there is no column " + std::to_string(c + 1); }) : "";
    };
    auto words = [](const char* text) { return [text] { return std::string(text); }; };
    auto cannot_go_home = [&](int card) {
        return fail([&] { return card_name(card) + " cannot go to the foundation yet"; });
    };
    auto column_empty = [&](int c) { return fail([&] { return "column " + std::to_string(c + 1) + " is empty"; }); };
    const int wt = waste_top_index();
    std::string err;
    switch (a.kind) {
        case ActionKind::Draw:
            if ((talon_mask_ >> split_) == 0) return fail(words("the stock is empty"));
            return "";
        case ActionKind::Redeal:
            if ((talon_mask_ >> split_) != 0) return fail(words("the stock is not empty yet"));
            if (talon_mask_ == 0) return fail(words("the waste is empty"));
            if (!can_redeal())
                return fail([&] {
                    return "no pass is left: the stock may be gone through " + std::to_string(rules_.passes) + " time(s)";
                });
            return "";
        case ActionKind::WasteToFoundation:
        case ActionKind::WasteToColumn: {
            if (wt < 0) return fail(words("the waste is empty"));
            a.card = talon_[wt];
            if (a.kind == ActionKind::WasteToFoundation) return playable(a.card) ? "" : cannot_go_home(a.card);
            if (!(err = check_column(a.to)).empty() || !(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
        case ActionKind::ColumnToFoundation: {
            if (!(err = check_column(a.from)).empty()) return err;
            a.card = col_[a.from].top();
            if (a.card == kNoCard) return column_empty(a.from);
            return playable(a.card) ? "" : cannot_go_home(a.card);
        }
        case ActionKind::ColumnToColumn: {
            if (!(err = check_column(a.from)).empty() || !(err = check_column(a.to)).empty()) return err;
            if (a.from == a.to) return fail(words("a column cannot move onto itself"));
            const Column& src = col_[a.from];
            const int up = src.len - src.down;
            if (up == 0) return column_empty(a.from);
            if (a.count == 0) {  // the run that fits, whichever it is
                const Column& dst = col_[a.to];
                for (int i = src.down; i < src.len && a.count == 0; ++i) {
                    const bool ok = dst.len ? fits_on(src.cards[i], dst.top()) : rank_of(src.cards[i]) == 13;
                    if (ok) a.count = src.len - i;
                }
                if (a.count == 0)
                    return fail([&] {
                        return "no run of column " + std::to_string(a.from + 1) + " fits column " + std::to_string(a.to + 1);
                    });
            }
            if (a.count < 1 || a.count > up)
                return fail([&] {
                    return "column " + std::to_string(a.from + 1) + " has " + std::to_string(up) +
                           " face-up card(s), not " + std::to_string(a.count);
                });
            a.card = src.cards[src.len - a.count];
            if (!(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
        case ActionKind::FoundationToColumn: {
            if (!rules_.worry_back) return fail(words("worry back is off: foundation cards stay home"));
            if (a.from < 0 || a.from > 3) return fail(words("there is no such foundation"));
            if (found_[a.from] == 0) return fail(words("that foundation is empty"));
            if (!(err = check_column(a.to)).empty()) return err;
            a.card = make_card(a.from, found_[a.from]);
            if (!(err = no_card_to(a.card, a.to)).empty()) return err;
            a.onto = col_[a.to].top();
            return "";
        }
    }
    return fail(words("unknown action"));
}

std::string Klondike::check(Action& a) const { return check_as<true>(a); }

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
        if (check_as<false>(a).empty()) legal.push_back(a);
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


}  // namespace patiens::klondike
