#include "players.hpp"

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

std::optional<Action> greedy_klondike_action(const klondike::Klondike& game, Rng& rng, bool progress, int* cls) {
    std::vector<Action> by_class[5];
    for (const Action& a : game.legal_actions()) {
        const int k = klondike_class(game, a);
        if (k >= 0) by_class[k].push_back(a);
    }
    int k = 0;
    while (k < 5 && by_class[k].empty()) ++k;
    if (k == 5 || (k == 4 && !progress)) return std::nullopt;
    *cls = k;
    return by_class[k][rng.below(static_cast<int>(by_class[k].size()))];
}

KlondikePlayout play_klondike(klondike::Klondike game, uint64_t seed) {
    Rng rng(seed);
    KlondikePlayout out{false, game.value()};
    bool progress = true;  // something besides drawing happened since the last redeal
    for (int step = 0; step < 5000; ++step) {
        int k = 0;
        std::optional<Action> a = greedy_klondike_action(game, rng, progress, &k);
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
