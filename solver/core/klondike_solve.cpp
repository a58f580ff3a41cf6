// Klondike: the search of a deal (the tries, then the full search).
#include "klondike.hpp"

#include "parallel.hpp"

namespace patiens::klondike {

namespace {
constexpr uint64_t kProbeNodes = 4000000;  // about a second of tries before the full search
// Before the maximum's tries with unlimited passes on one thread: a short probe for a
// win alone, which cuts far more than a search for the maximum (PySolFC 38614: won in
// 6.8 k nodes by the probe, in 61 M by the maximum's tries).
constexpr uint64_t kShortProbeNodes = 100000;
}  // namespace

SolveOutcome solve(const Layout& layout, const Rules& rules, bool first_win, const Limits& limits,
                   const Restarts& restarts) {
    const Klondike start(layout, rules);
    SolveOutcome out;
    // Is it winnable? is asked by --first-win, and is most of the work with unlimited
    // passes, where the bound sees nothing and most deals are won: there, about a
    // second of short tries in varied move orders comes first, and a deal they do not
    // settle goes on to the one full search.  On one thread the tries and that search
    // share one table (search.hpp, Restarts); otherwise the tries are probe_target's,
    // each with a table of its own.  The maximum on one thread is searched in tries
    // that share the table, whatever the passes; with unlimited passes after a short
    // probe only, so that a lost deal does not pay a second of tries that could only
    // have won (PySolFC 32000-32499: 22.2 s -> 18.0 s, p99 1.34 -> 0.97 s; history.md).
    const bool max_in_tries = !first_win && rules.passes == 0 && limits.threads == 1;
    if (!first_win && rules.passes != 0) {
        Klondike game = start;
        out.search = search(game, kDeck, false, limits, {}, restarts);
    } else if (first_win && limits.threads == 1 && restarts.first_nodes) {
        Klondike game = start;
        out.search = search(game, kDeck, true, limits, {}, Restarts{restarts.first_nodes, kProbeNodes});
    } else if (auto probe = probe_target(start, kDeck, limits, max_in_tries ? kShortProbeNodes : kProbeNodes);
               probe.settled && (first_win || probe.result.reason != StopReason::Complete)) {
        // (A try that covered the whole space proves the deal lost, not its maximum:
        // it cut every position that could not be won.)
        out.search = probe.result;
    } else {
        const auto& tried = probe.result;  // not settled: some nodes and time are left
        Klondike game = start;
        out.search = search(game, kDeck, first_win, remaining(limits, tried.nodes, tried.seconds), {},
                            max_in_tries ? restarts : Restarts{});
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
