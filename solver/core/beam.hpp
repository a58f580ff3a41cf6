// A quick line before the exact search: a beam search.
//
// The depth-first search spends about half its nodes before it meets the best line
// (Golf, 200 deals of each variant): until then its floor is low and it cuts little.
// A beam finds a good line in a small, fixed amount of work: it keeps, move after move,
// the `width` best positions of the next depth, ranked by their value and then by
// their bound, and drops a position whose bound cannot beat the best line so far.  Its
// line then seeds the search's floor (a FirstLine, parallel.hpp): the answer is the
// search's, exact as before; only the work to reach it changes.
//
// It uses only the engine's interface (search.hpp): value, bound, key, rank, moves,
// apply and undo.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "search.hpp"

namespace patiens {

// The work is small and fixed (`width` positions a depth), so it polls no time limit.
template <class Game>
SearchResult<typename Game::Move> beam_line(Game& game, size_t width, int target, uint64_t max_nodes) {
    using Move = typename Game::Move;
    using Undo = decltype(game.apply(std::declval<Move>()));
    const auto t0 = std::chrono::steady_clock::now();
    SearchResult<Move> out;
    out.best = game.value();
    out.reason = StopReason::NodeLimit;  // a beam proves nothing, unless it reaches the target
    if (out.best >= target) out.reason = StopReason::Target;

    // The positions kept at each depth, each as its parent's index at the depth before
    // and the move from it.  A depth's positions are kept in the order their parents
    // were, so that walking them in turn mostly undoes and replays a move or two.
    struct Node {
        uint32_t parent;
        Move move;
    };
    struct Candidate {
        Node node;
        int value, bound;
        uint32_t order;  // when it was made: the walk's order
    };
    std::vector<std::vector<Node>> depths(1, std::vector<Node>(1));

    // The game stands at position `at` of depth played.size(); `undos` go with `played`.
    uint32_t at = 0;
    std::vector<Move> played, replay, moves;
    std::vector<Undo> undos;
    auto step_back = [&]() {
        game.undo(played.back(), undos.back());
        at = depths[played.size()][at].parent;
        played.pop_back();
        undos.pop_back();
    };
    auto go_to = [&](size_t depth, uint32_t index) {
        const uint32_t target_index = index;
        replay.clear();
        for (; depth > played.size(); --depth) {
            replay.push_back(depths[depth][index].move);
            index = depths[depth][index].parent;
        }
        while (played.size() > depth) step_back();
        for (; at != index; --depth) {  // up to the common ancestor, both sides at once
            step_back();
            replay.push_back(depths[depth][index].move);
            index = depths[depth][index].parent;
        }
        for (auto m = replay.rbegin(); m != replay.rend(); ++m) {
            undos.push_back(game.apply(*m));
            played.push_back(*m);
        }
        at = target_index;
    };

    std::vector<Candidate> candidates;
    // key -> the highest rank made so far, at any depth: where moves can come back to a
    // position (Klondike), the beam still ends.
    std::unordered_map<uint64_t, uint16_t> seen;
    auto better = [](const Candidate& a, const Candidate& b) {
        if (a.value != b.value) return a.value > b.value;
        if (a.bound != b.bound) return a.bound > b.bound;
        return a.order < b.order;
    };
    auto going = [&] { return out.reason == StopReason::NodeLimit && out.nodes < max_nodes; };
    while (going() && !depths.back().empty()) {
        const size_t depth = depths.size() - 1;
        candidates.clear();
        for (uint32_t i = 0; i < depths[depth].size() && going(); ++i) {
            go_to(depth, i);
            moves.clear();
            game.moves(moves);
            for (const Move& m : moves) {
                const Undo u = game.apply(m);
                ++out.nodes;
                const int v = game.value();
                if (v > out.best) {
                    out.best = v;
                    out.line = played;
                    out.line.push_back(m);
                    out.nodes_at_best = out.nodes;
                    if (v >= target) out.reason = StopReason::Target;
                }
                const auto [slot, fresh] = seen.try_emplace(game.key(), game.rank());
                if (out.reason != StopReason::Target && (fresh || slot->second < game.rank())) {
                    slot->second = game.rank();  // (a fresh slot holds it already)
                    const int b = game.bound(out.best);
                    if (b > out.best)
                        candidates.push_back({{i, m}, v, b, static_cast<uint32_t>(candidates.size())});
                }
                game.undo(m, u);
                if (out.reason == StopReason::Target) break;
            }
        }
        // The best `width` (value, then bound), back in the walk's order.
        if (candidates.size() > width) {
            std::nth_element(candidates.begin(), candidates.begin() + width, candidates.end(), better);
            candidates.resize(width);
            std::sort(candidates.begin(), candidates.end(),
                      [](const Candidate& a, const Candidate& b) { return a.order < b.order; });
        }
        std::vector<Node> kept;
        for (const Candidate& c : candidates) kept.push_back(c.node);
        depths.push_back(std::move(kept));
    }
    while (!played.empty()) step_back();
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return out;
}

}  // namespace patiens
