// Klondike's real game: what the search player asks of the core.  A world is the
// position with its hidden cards (face-down tableau cards, unseen stock cards) filled
// in; the player's figures for an action are the exact solver's answers in many worlds.
#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "klondike.hpp"
#include "players.hpp"

namespace patiens::klondike {

bool Klondike::safe_home(const Action& a) const {
    if (a.kind == ActionKind::WasteToFoundation) return split_ > 0 && safe_to_foundation(talon_[split_ - 1]);
    if (a.kind == ActionKind::ColumnToFoundation) return col_[a.from].len > 0 && safe_to_foundation(col_[a.from].top());
    return false;
}

std::vector<std::vector<int>> plan_values(const std::vector<Layout>& worlds, const Rules& rules,
                                          const std::vector<std::vector<Action>>& plans, bool first_win,
                                          uint64_t max_nodes, int threads, int playouts, int policy) {
    const size_t n_plans = plans.size(), n_worlds = worlds.size();
    std::vector<std::vector<int>> values(n_plans, std::vector<int>(n_worlds, 0));
    // A count, not a time, caps each solve, so that the figures (and the game they
    // choose) are the same on any machine; a small table, as the solves are short, with
    // room for the cap's positions from the start (the same answers as a large one).
    Limits limits;
    limits.max_nodes = max_nodes;
    limits.max_memory = VisitedTable::budget_for_nodes(max_nodes, 1ull << 24);
    std::atomic<size_t> next{0};
    std::exception_ptr failure;  // the first, carried out of the threads
    std::mutex failure_lock;
    auto work = [&]() {
        for (size_t job; (job = next.fetch_add(1)) < n_plans * n_worlds;) {
            const size_t p = job / n_worlds, w = job % n_worlds;
            try {
                Klondike game(worlds[w], rules);
                for (Action act : plans[p])
                    if (!game.act(act).empty()) throw std::invalid_argument("a plan is illegal in one of the worlds");
                if (playouts) {  // a simple player's games from here: what a player who sees nothing more gets
                    const auto who = static_cast<players::KlondikePolicy>(policy);
                    int sum = 0;
                    for (int k = 0; k < playouts; ++k)
                        sum += players::play_klondike(game, (w * 0x9E3779B97F4A7C15ull) ^ (k + 1), who).max_foundation;
                    values[p][w] = sum;
                } else {
                    values[p][w] = solve(game.layout(), rules, first_win, limits).search.best;
                }
            } catch (...) {
                std::lock_guard<std::mutex> hold(failure_lock);
                if (!failure) failure = std::current_exception();
                next = n_plans * n_worlds;
            }
        }
    };
    const int n_threads = std::max(1, std::min<int>(threads, static_cast<int>(n_plans * n_worlds)));
    std::vector<std::thread> pool;
    for (int t = 1; t < n_threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
    return values;
}

}  // namespace patiens::klondike
