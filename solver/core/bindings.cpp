// Python bindings: plain dicts and lists in, plain dicts and lists out, so the
// Python side owns every format and the C++ side owns every rule.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "golf.hpp"
#include "klondike.hpp"
#include "players.hpp"
#include "poker.hpp"
#include "shared_table.hpp"

namespace py = pybind11;
using namespace patiens;

namespace {

const char* reason_name(StopReason r) {
    switch (r) {
        case StopReason::Complete: return "complete";
        case StopReason::Target: return "target";
        case StopReason::NodeLimit: return "max-nodes";
        case StopReason::TimeLimit: return "timeout";
        case StopReason::MemoryLimit: return "max-memory";
        case StopReason::Interrupted: return "interrupted";
        case StopReason::DepthLimit: return "max-depth";
    }
    return "?";
}

// Made with the GIL held, and kept by the caller until it holds the GIL again: the copies
// the search makes share `progress` through a shared_ptr, so no Python reference is
// counted without the GIL.
Limits make_limits(uint64_t max_nodes, double timeout, uint64_t max_memory, int threads,
                   const py::object& progress = py::none()) {
    Limits limits;
    if (!progress.is_none()) {
        auto report = std::make_shared<py::object>(progress);
        limits.progress = [report](uint64_t nodes, int best, int bound, double seconds) {
            py::gil_scoped_acquire gil;
            try {
                (*report)(nodes, best, bound, seconds);
            } catch (py::error_already_set&) {  // a report that fails (a closed terminal) is left out
            }
        };
    }
    limits.threads = threads;
    limits.max_nodes = max_nodes;
    limits.timeout = timeout;
    limits.max_memory = max_memory;
    // Ctrl-C: Python only notes the signal while C++ runs; ask it now and then.
    limits.interrupted = []() {
        py::gil_scoped_acquire gil;
        if (PyErr_CheckSignals() != 0) {
            PyErr_Clear();
            return true;
        }
        return false;
    };
    return limits;
}

template <class Move>
py::dict search_stats(const SearchResult<Move>& r) {
    py::dict d;
    d["best"] = r.best;
    d["reason"] = reason_name(r.reason);
    d["proven"] = is_proven(r.reason);
    d["nodes"] = r.nodes;
    d["nodes_at_best"] = r.nodes_at_best;
    d["seconds"] = r.seconds;
    d["table_entries"] = r.table_entries;
    d["table_bytes"] = r.table_bytes;
    d["table_forgotten"] = r.table_forgotten;
    d["threads"] = r.threads;
    return d;
}

// --- Klondike ---

klondike::Layout klondike_layout(const py::dict& d) {
    klondike::Layout l;
    auto cols = d["columns"].cast<std::vector<std::vector<int>>>();
    auto down = d["face_down"].cast<std::vector<int>>();
    if (cols.size() != klondike::kColumns || down.size() != klondike::kColumns)
        throw std::invalid_argument("Klondike has 7 columns");
    for (int c = 0; c < klondike::kColumns; ++c) {
        l.columns[c] = cols[c];
        l.face_down[c] = down[c];
    }
    l.waste = d["waste"].cast<std::vector<int>>();
    l.stock = d["stock"].cast<std::vector<int>>();
    auto f = d["foundations"].cast<std::vector<int>>();
    if (f.size() != 4) throw std::invalid_argument("four foundations");
    for (int s = 0; s < 4; ++s) l.foundations[s] = f[s];
    l.redeals_done = d.contains("redeals_done") ? d["redeals_done"].cast<int>() : 0;
    return l;
}

py::dict klondike_layout_dict(const klondike::Layout& l) {
    py::dict d;
    py::list cols;
    for (const auto& c : l.columns) cols.append(py::cast(c));
    d["columns"] = cols;
    d["face_down"] = py::cast(std::vector<int>(l.face_down.begin(), l.face_down.end()));
    d["waste"] = py::cast(l.waste);
    d["stock"] = py::cast(l.stock);
    d["foundations"] = py::cast(std::vector<int>(l.foundations.begin(), l.foundations.end()));
    d["redeals_done"] = l.redeals_done;
    return d;
}

klondike::Rules klondike_rules(const py::dict& d) {
    klondike::Rules r;
    r.draw = d["draw"].cast<int>();
    r.passes = d["passes"].cast<int>();
    r.worry_back = d["worry_back"].cast<bool>();
    return r;
}

py::tuple action_tuple(const klondike::Action& a) {
    return py::make_tuple(static_cast<int>(a.kind), a.from, a.to, a.count, a.card, a.onto,
                          a.turned_up ? a.turned_card : kNoCard);
}

py::dict klondike_solve(const py::dict& layout, const py::dict& rules, bool first_win, uint64_t max_nodes,
                        double timeout, uint64_t max_memory, int threads, const py::object& progress,
                        int64_t restart_nodes) {
    const auto l = klondike_layout(layout);
    const auto r = klondike_rules(rules);
    const Limits limits = make_limits(max_nodes, timeout, max_memory, threads, progress);
    // restart_nodes (for the tests): -1 the solver's tries, 0 none, n tries from n nodes on
    Restarts restarts = klondike::kRestarts;
    if (restart_nodes >= 0) restarts.first_nodes = static_cast<uint64_t>(restart_nodes);
    klondike::SolveOutcome out;
    {
        py::gil_scoped_release nogil;
        out = klondike::solve(l, r, first_win, limits, restarts);
    }
    py::dict d = search_stats(out.search);
    py::list actions;
    for (const auto& a : out.actions) actions.append(action_tuple(a));
    d["actions"] = actions;
    return d;
}

using ActionTuple = std::tuple<int, int, int, int>;  // kind, from, to, count, as Action.to_core() writes it

klondike::Action klondike_action(const ActionTuple& t) {
    auto [kind, from, to, count] = t;
    if (kind < 0 || kind > 6) throw std::invalid_argument("bad action kind");
    return {static_cast<klondike::ActionKind>(kind), from, to, count};
}

py::dict klondike_replay(const py::dict& layout, const py::dict& rules, const std::vector<ActionTuple>& acts) {
    klondike::Klondike game(klondike_layout(layout), klondike_rules(rules));
    py::list done;
    py::object error = py::none();
    int index = -1;
    for (size_t i = 0; i < acts.size(); ++i) {
        klondike::Action a = klondike_action(acts[i]);
        const std::string err = game.act(a);
        if (!err.empty()) {
            error = py::str(err);
            index = static_cast<int>(i);
            break;
        }
        done.append(action_tuple(a));
    }
    py::dict d;
    d["actions"] = done;
    d["error"] = error;
    d["error_index"] = index;
    d["layout"] = klondike_layout_dict(game.layout());
    d["foundation"] = game.value();
    return d;
}

// --- Golf ---

golf::Layout golf_layout(const py::dict& d) {
    golf::Layout l;
    l.columns = d["columns"].cast<std::vector<std::vector<int>>>();
    l.stock = d["stock"].cast<std::vector<int>>();
    l.base = d["base"].is_none() ? -1 : d["base"].cast<int>();
    l.base_stopped = d.contains("base_stopped") && d["base_stopped"].cast<bool>();
    return l;
}

golf::Rules golf_rules(const py::dict& d) {
    golf::Rules r;
    r.wrap = d["wrap"].cast<bool>();
    r.queen_on_king = d["queen_on_king"].cast<bool>();
    r.king_on_ace_stop = d["king_on_ace_stop"].cast<bool>();
    return r;
}

// Moves cross as a person's moves: a column index, or -1 for turning a stock card.
void append_golf_moves(py::list& out, const golf::Golf::Move& m) {
    for (int i = 0; i < m.draws; ++i) out.append(-1);
    if (m.column != golf::Golf::kDraw) out.append(static_cast<int>(m.column));
}

py::list golf_dead(const golf::Golf& g) {
    py::list dead;
    for (auto [c, i] : g.dead_cards()) dead.append(py::make_tuple(c, i));
    return dead;
}

py::dict golf_solve(const py::dict& layout, const py::dict& rules, bool first_clear, uint64_t max_nodes,
                    double timeout, uint64_t max_memory, int threads, const py::object& progress) {
    const auto l = golf_layout(layout);
    const auto r = golf_rules(rules);
    const Limits limits = make_limits(max_nodes, timeout, max_memory, threads, progress);
    golf::SolveOutcome out;
    py::list dead = golf_dead(golf::Golf(l, r));
    {
        py::gil_scoped_release nogil;
        out = golf::solve(l, r, first_clear, limits);
    }
    py::dict d = search_stats(out.search);
    py::list moves;
    for (const auto& m : out.search.line) append_golf_moves(moves, m);
    d["moves"] = moves;
    d["dead"] = dead;
    return d;
}

py::dict golf_replay(const py::dict& layout, const py::dict& rules, const std::vector<int>& moves) {
    golf::Golf game(golf_layout(layout), golf_rules(rules));
    py::object error = py::none();
    int index = -1;
    int best = game.value();
    for (size_t i = 0; i < moves.size(); ++i) {
        if (moves[i] < -1 || moves[i] > 254) throw std::invalid_argument("bad Golf move");
        const golf::Golf::Move m = moves[i] < 0 ? golf::Golf::Move{golf::Golf::kDraw, 1}
                                                : golf::Golf::Move{static_cast<uint8_t>(moves[i]), 0};
        const std::string err = game.act(m);
        if (!err.empty()) {
            error = py::str(err);
            index = static_cast<int>(i);
            break;
        }
        best = std::max(best, game.value());
    }
    py::dict d;
    d["error"] = error;
    d["error_index"] = index;
    d["score"] = game.score();
    d["best_score"] = -best;
    d["cards_left"] = game.cards_left();
    d["stock_left"] = game.stock_left();
    d["heights"] = py::cast(std::vector<int>(game.heights().begin(), game.heights().end()));
    d["stopped"] = game.waste_stopped();
    return d;
}

// The columns whose free card fits on the waste now (the real-game players ask).
std::vector<int> golf_playable(const py::dict& layout, const py::dict& rules) {
    return golf::Golf(golf_layout(layout), golf_rules(rules)).playable_columns();
}

// --- the real game ---

// A simple player by number (players::KlondikePolicy): 0 greedy, 1 expert.
players::KlondikePolicy klondike_policy(int policy) {
    if (policy != 0 && policy != 1) throw std::invalid_argument("unknown Klondike player policy");
    return static_cast<players::KlondikePolicy>(policy);
}

// The legal actions of a position, each with 1 for a safe card home, -1 for a
// pointless worry back, else 0, and the greedy player's class.  Legal actions read
// only what a person sees, so any world of a player's view gives them.
py::list klondike_actions(const py::dict& layout, const py::dict& rules) {
    const klondike::Klondike game(klondike_layout(layout), klondike_rules(rules));
    py::list out;
    for (const auto& a : game.legal_actions()) {
        const int kind = game.safe_home(a) ? 1 : game.pointless(a) ? -1 : 0;
        out.append(py::make_tuple(action_tuple(a), kind, players::klondike_class(game, a)));
    }
    return out;
}

std::vector<std::vector<int>> klondike_plan_values(const py::list& worlds, const py::dict& rules,
                                                   const std::vector<std::vector<ActionTuple>>& plans, bool first_win,
                                                   uint64_t max_nodes, int threads, int playouts, int policy) {
    std::vector<klondike::Layout> layouts;
    for (const auto& w : worlds) layouts.push_back(klondike_layout(w.cast<py::dict>()));
    std::vector<std::vector<klondike::Action>> actions(plans.size());
    for (size_t p = 0; p < plans.size(); ++p)
        for (const ActionTuple& t : plans[p]) actions[p].push_back(klondike_action(t));
    const auto r = klondike_rules(rules);
    klondike_policy(policy);  // checked here, where it can still raise
    py::gil_scoped_release nogil;
    return klondike::plan_values(layouts, r, actions, first_win, max_nodes, threads, playouts, policy);
}

py::dict klondike_plain_max(const py::dict& layout, const py::dict& rules, uint64_t max_positions) {
    const auto l = klondike_layout(layout);
    const auto r = klondike_rules(rules);
    klondike::PlainOutcome out;
    {
        py::gil_scoped_release nogil;
        out = klondike::plain_max(l, r, max_positions);
    }
    py::dict d;
    d["best"] = out.best;
    d["complete"] = out.complete;
    d["positions"] = out.positions;
    return d;
}

// A simple player's action in a position (None: it stops), and its greedy class
// (players.hpp; policy 0 greedy, 1 expert).
py::object klondike_player_action(const py::dict& layout, const py::dict& rules, uint64_t seed, bool progress,
                                  int policy) {
    const klondike::Klondike game(klondike_layout(layout), klondike_rules(rules));
    players::Rng rng(seed);
    int cls = 0;
    const auto a = players::klondike_action(game, klondike_policy(policy), rng, progress, &cls);
    if (!a) return py::none();
    return py::make_tuple(action_tuple(*a), cls);  // (legal_actions filled in its cards)
}

// The legal actions the expert player would ever take, each with its score (players.hpp).
py::list klondike_expert_scores(const py::dict& layout, const py::dict& rules) {
    const klondike::Klondike game(klondike_layout(layout), klondike_rules(rules));
    py::list out;
    for (const auto& a : game.legal_actions())
        if (const int score = players::expert_klondike_score(game, a); score >= 0)
            out.append(py::make_tuple(action_tuple(a), score));
    return out;
}

// --- simple players ---

py::dict klondike_playouts(const py::dict& layout, const py::dict& rules, int count, uint64_t seed, int policy) {
    const klondike::Klondike game(klondike_layout(layout), klondike_rules(rules));
    const auto who = klondike_policy(policy);
    py::list home;
    int wins = 0;
    for (int i = 0; i < count; ++i) {
        const auto p = players::play_klondike(game, seed * 1000003ull + static_cast<uint64_t>(i), who);
        wins += p.won;
        home.append(p.max_foundation);
    }
    py::dict d;
    d["wins"] = wins;
    d["max_foundation"] = home;
    return d;
}

py::list golf_playouts(const py::dict& layout, const py::dict& rules, int count, uint64_t seed, bool tallest_first) {
    const golf::Golf game(golf_layout(layout), golf_rules(rules));
    py::list scores;
    for (int i = 0; i < count; ++i)
        scores.append(players::play_golf(game, seed * 1000003ull + static_cast<uint64_t>(i), tallest_first));
    return scores;
}

// --- Poker Squares, the real game ---

poker::Rules poker_rules(const py::dict& d) {
    poker::Rules r;
    const auto points = d["points"].cast<std::vector<int64_t>>();
    if (points.size() != poker::kCategories) throw std::invalid_argument("a table has ten categories");
    std::copy(points.begin(), points.end(), r.points.begin());
    r.diagonals = d["diagonals"].cast<bool>();
    r.first_top_left = d["first_top_left"].cast<bool>();
    r.adjacent = d["adjacent"].cast<bool>();
    r.rows_only = d["rows_only"].cast<bool>();
    return r;
}

std::array<uint8_t, poker::kCells> poker_grid(const std::vector<int>& cells) {
    if (cells.size() != poker::kCells) throw std::invalid_argument("a grid has 25 cells");
    std::array<uint8_t, poker::kCells> grid;
    for (int i = 0; i < poker::kCells; ++i) {
        if (cells[i] < -1 || cells[i] > poker::kJoker) throw std::invalid_argument("bad card");
        grid[i] = cells[i] < 0 ? poker::kEmpty : static_cast<uint8_t>(cells[i]);
    }
    return grid;
}

// The card's choices (a cell, or -1 for a discard) valued by rollouts (or exactly, near
// the end: exact_cells), best first.
// (values: learned line values, poker_learn's, or None for the promise rule.)
py::list poker_values(const std::vector<int>& grid, int card, const std::vector<int>& unseen, int to_come,
                      int discards_left, const py::dict& rules, int rounds, double seconds, uint64_t seed,
                      const poker::LineValues* values, int exact_cells) {
    poker::Position position{poker_grid(grid), unseen, to_come, discards_left};
    const poker::Rules r = poker_rules(rules);
    std::vector<poker::Choice> choices;
    {
        py::gil_scoped_release nogil;
        choices = poker::value_choices(position, card, r, rounds, seconds, seed, values, exact_cells);
    }
    py::list out;
    for (const auto& c : choices) out.append(py::make_tuple(c.cell, c.mean, c.stderr, c.rollouts, c.exact));
    return out;
}

poker::LineValues poker_learn(const py::dict& rules, int games, uint64_t seed) {
    if (games < 1) throw std::invalid_argument("learning needs a game at least");
    const poker::Rules r = poker_rules(rules);
    py::gil_scoped_release nogil;
    return poker::learn_line_values(r, games, seed);
}

int poker_policy(const std::vector<int>& grid, int card, const py::dict& rules, const poker::LineValues& values,
                 uint64_t seed) {
    return poker::policy_choice(poker_grid(grid), card, poker_rules(rules), values, seed);
}

int64_t poker_score(const std::vector<int>& grid, const py::dict& rules) {
    return poker::grid_score(poker_grid(grid), poker_rules(rules));
}

}  // namespace

PYBIND11_MODULE(_core, m) {
    m.doc() = "patiens search core (C++17): one depth-first branch-and-bound engine, a game per file";
    py::register_exception<std::invalid_argument>(m, "PositionError", PyExc_ValueError);
    // The most search threads one table takes (one busy flag each); more are refused.
    m.attr("max_threads") = SharedTable::kMaxThreads;
    // Why a search stops, by name in the enum's order (solver/result.py names them too).
    py::list reasons;
    for (int r = 0; r <= static_cast<int>(StopReason::DepthLimit); ++r)
        reasons.append(reason_name(static_cast<StopReason>(r)));
    m.attr("stop_reasons") = reasons;
    m.def("klondike_solve", &klondike_solve, py::arg("layout"), py::arg("rules"), py::arg("first_win") = false,
          py::arg("max_nodes") = 0, py::arg("timeout") = 0.0, py::arg("max_memory") = 1ull << 30,
          py::arg("threads") = 1, py::arg("progress") = py::none(), py::arg("restart_nodes") = -1);
    m.def("klondike_replay", &klondike_replay, py::arg("layout"), py::arg("rules"), py::arg("actions"));
    m.def("golf_solve", &golf_solve, py::arg("layout"), py::arg("rules"), py::arg("first_clear") = false,
          py::arg("max_nodes") = 0,
          py::arg("timeout") = 0.0, py::arg("max_memory") = 1ull << 30, py::arg("threads") = 1,
          py::arg("progress") = py::none());
    m.def("golf_replay", &golf_replay, py::arg("layout"), py::arg("rules"), py::arg("moves"));
    m.def("golf_playable", &golf_playable, py::arg("layout"), py::arg("rules"));
    // Local to this module: benchmarks/core_ab.py loads two builds of it into one process.
    py::class_<poker::LineValues>(m, "PokerLineValues", py::module_local())
        .def("value", [](const poker::LineValues& v, int key) { return v.mean.at(key); })
        .def_property_readonly("keys_seen", [](const poker::LineValues& v) {
            return std::count_if(v.count.begin(), v.count.end(), [](double c) { return c > 0; });
        });
    m.def("poker_learn", &poker_learn, py::arg("rules"), py::arg("games"), py::arg("seed"));
    m.def("poker_values", &poker_values, py::arg("grid"), py::arg("card"), py::arg("unseen"), py::arg("to_come"),
          py::arg("discards_left"), py::arg("rules"), py::arg("rounds"), py::arg("seconds"), py::arg("seed"),
          py::arg("values") = nullptr, py::arg("exact_cells") = poker::kExactCells);
    m.def("poker_policy", &poker_policy, py::arg("grid"), py::arg("card"), py::arg("rules"), py::arg("values"),
          py::arg("seed"));
    m.def("poker_score", &poker_score, py::arg("grid"), py::arg("rules"));
    m.def("klondike_actions", &klondike_actions, py::arg("layout"), py::arg("rules"));
    m.def("klondike_plan_values", &klondike_plan_values, py::arg("worlds"), py::arg("rules"), py::arg("plans"),
          py::arg("first_win"), py::arg("max_nodes"), py::arg("threads") = 1, py::arg("playouts") = 0,
          py::arg("policy") = 0);
    m.def("klondike_plain_max", &klondike_plain_max, py::arg("layout"), py::arg("rules"), py::arg("max_positions"));
    m.def("klondike_player_action", &klondike_player_action, py::arg("layout"), py::arg("rules"), py::arg("seed"),
          py::arg("progress"), py::arg("policy") = 0);
    m.def("klondike_expert_scores", &klondike_expert_scores, py::arg("layout"), py::arg("rules"));
    m.def("klondike_playouts", &klondike_playouts, py::arg("layout"), py::arg("rules"), py::arg("count"),
          py::arg("seed"), py::arg("policy") = 0);
    m.def("golf_playouts", &golf_playouts, py::arg("layout"), py::arg("rules"), py::arg("count"), py::arg("seed"),
          py::arg("tallest_first") = false);
}
