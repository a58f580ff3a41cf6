#include "players.hpp"

#include <algorithm>
#include <vector>

namespace patiens::players {

using klondike::Action;
using klondike::ActionKind;

int klondike_class(const klondike::Klondike& g, const Action& a) {
    switch (a.kind) {
        case ActionKind::WasteToFoundation:
        case ActionKind::ColumnToFoundation: return 0;
        case ActionKind::ColumnToColumn:  // only a whole face-up run off face-down cards
            return g.face_down(a.from) > 0 && a.count == g.face_up(a.from) ? 1 : -1;
        case ActionKind::WasteToColumn: return 2;
        case ActionKind::Draw: return 3;
        case ActionKind::Redeal: return 4;
        case ActionKind::FoundationToColumn: return -1;
    }
    return -1;
}

namespace {

bool fits(int card, int target) { return rank_of(target) == rank_of(card) + 1 && is_red(target) != is_red(card); }

// Nothing on the tableau could need this card (every card that could lie on it is home).
bool needed_by_none(const klondike::Klondike& g, int card) {
    const int other = is_red(card) ? std::min(g.foundation(0), g.foundation(3)) : std::min(g.foundation(1), g.foundation(2));
    return rank_of(card) <= 2 || other >= rank_of(card) - 1;
}

// A King that would take an empty column: the waste's top, or the lowest face-up card
// of another column, lying on face-down cards.
bool king_waits(const klondike::Klondike& g, int except) {
    const int w = g.waste_top();
    if (w != kNoCard && rank_of(w) == 13) return true;
    for (int c = 0; c < klondike::kColumns; ++c)
        if (c != except && g.face_down(c) > 0 && g.face_up(c) > 0 && rank_of(g.face_up_card(c, 0)) == 13) return true;
    return false;
}

// A run lying on face-down cards (in another column than `except`) whose first card fits `card`.
bool run_fits(const klondike::Klondike& g, int card, int except) {
    for (int c = 0; c < klondike::kColumns; ++c)
        if (c != except && g.face_down(c) > 0 && g.face_up(c) > 0 && fits(g.face_up_card(c, 0), card)) return true;
    return false;
}

}  // namespace

// The weights were tuned on casino seeds 5001-8000 (benchmarks/results/history.md).
int expert_klondike_score(const klondike::Klondike& g, const Action& a) {
    switch (a.kind) {
        case ActionKind::WasteToFoundation:
        case ActionKind::ColumnToFoundation: {
            const bool waste = a.kind == ActionKind::WasteToFoundation;
            const int card = waste ? g.waste_top() : g.face_up_card(a.from, g.face_up(a.from) - 1);
            if (needed_by_none(g, card)) return 1000;
            if (!waste && g.face_up(a.from) == 1 && g.face_down(a.from) > 0) return 760 + g.face_down(a.from);
            return 150;  // home, where a card might still need it: before a draw only
        }
        case ActionKind::ColumnToColumn: {
            const int up = g.face_up(a.from);
            if (a.count == up) {  // the whole run
                if (g.face_down(a.from) > 0) return 800 + 10 * g.face_down(a.from);  // the largest pile first
                if (rank_of(g.face_up_card(a.from, 0)) == 13) return -1;  // a King from one empty column to another
                return king_waits(g, a.from) ? 600 : -1;
            }
            // Part of a run, for the card it bares to go home: that home move comes next (its
            // score is higher), so two such moves never undo each other.
            const int bared = g.face_up_card(a.from, up - a.count - 1);
            if (g.foundation(suit_of(bared)) != rank_of(bared) - 1) return -1;
            return needed_by_none(g, bared) ? 700 : 140;
        }
        case ActionKind::WasteToColumn:
            if (g.face_up(a.to) == 0 && g.face_down(a.to) == 0) {  // a King to an empty column
                for (int c = 0; c < klondike::kColumns; ++c)  // unless a King on face-down cards needs it
                    if (g.face_down(c) > 0 && g.face_up(c) > 0 && rank_of(g.face_up_card(c, 0)) == 13) return -1;
                return 750;
            }
            return run_fits(g, g.waste_top(), a.to) ? 860 : 200;
        case ActionKind::Draw: return 100;
        case ActionKind::Redeal: return 50;
        case ActionKind::FoundationToColumn: return -1;
    }
    return -1;
}

std::optional<Action> klondike_action(const klondike::Klondike& game, KlondikePolicy policy, Rng& rng,
                                      bool progress, int* cls) {
    std::vector<Action> best;
    int best_score = -1;
    for (const Action& a : game.legal_actions()) {
        const int k = klondike_class(game, a);
        // The greedy player's classes, best first, as scores.
        const int score = policy == KlondikePolicy::Expert ? expert_klondike_score(game, a) : k < 0 ? -1 : 4 - k;
        if (score < 0 || score < best_score) continue;
        if (score > best_score) best.clear(), best_score = score;
        best.push_back(a);
    }
    if (best.empty()) return std::nullopt;
    const Action pick = best[rng.below(static_cast<int>(best.size()))];
    *cls = klondike_class(game, pick);
    if (pick.kind == ActionKind::Redeal && !progress) return std::nullopt;
    return pick;
}

KlondikePlayout play_klondike(klondike::Klondike game, uint64_t seed, KlondikePolicy policy) {
    Rng rng(seed);
    KlondikePlayout out{false, game.value()};
    bool progress = true;  // something besides drawing happened since the last redeal
    for (int step = 0; step < 5000; ++step) {
        int k = 0;
        std::optional<Action> a = klondike_action(game, policy, rng, progress, &k);
        if (!a) break;
        game.act(*a);
        progress = k == 4 ? false : (progress || k < 3);
        out.max_foundation = std::max(out.max_foundation, game.value());
        if (game.value() == kDeck) {
            out.won = true;
            break;
        }
    }
    return out;
}

int play_golf(golf::Golf game, uint64_t seed, bool tallest_first) {
    Rng rng(seed);
    while (true) {
        const std::vector<int> cols = game.playable_columns();
        if (!cols.empty()) {
            int pick = cols[rng.below(static_cast<int>(cols.size()))];
            if (tallest_first)
                for (int c : cols)
                    if (game.heights()[c] > game.heights()[pick] || (game.heights()[c] == game.heights()[pick] && c < pick))
                        pick = c;
            game.act({static_cast<uint8_t>(pick), 0});
        } else if (game.cards_left() > 0 && game.stock_left() > 0) {
            game.act({golf::Golf::kDraw, 1});
        } else {
            return game.score();
        }
    }
}

}  // namespace patiens::players
