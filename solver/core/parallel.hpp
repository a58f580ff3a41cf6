// The search of search.hpp on several threads that share one visited table
// (shared_table.hpp).
//
// Every thread runs the whole depth-first search from the start, the first in the
// game's move order, the others each in a shuffled order of its own or, where the
// game asks (Game::kHelpersKeepOrder), in the game's order too.  They split the work
// through the table (after ABDADA, Weill 1996): a table entry says whether its state
// is being searched (and by which threads) or done.  A thread skips a done state; a
// state another thread is searching it puts off until the other moves of the position
// are searched, and then searches it too unless it was finished meanwhile, so that no
// thread waits for another.  A state on a thread's own path is skipped, as the
// one-thread search does.
//
// Why it is exact: a thread that finishes a state has searched every move from it,
// except into its own path or into done states (and cuts by the admissible bound,
// which only ever grows tighter as the shared best grows).  Done states are finished
// states, so the states a finished root reaches are all searched: the first thread
// to finish the root ends the search, complete.  (docs/PROOFS.md, E4: a done state's
// search may rest on states still on another thread's path, and the finishing thread
// has searched each of those itself.)  Which line of the best value is
// reported, and the node count, may change from run to run; the value does not.
//
// A full table forgets positions (E7): the thread that finds it full asks the others
// to stop at their next report (between nodes), and the last to stop thins the table
// (SharedTable::forget) while the rest wait, then all go on.  The threads' paths are
// their busy positions, which the table keeps.
#pragma once

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "search.hpp"
#include "shared_table.hpp"

namespace patiens {

// A quick line to start from (beam.hpp): it gets the game, to leave as it found it,
// and the nodes it may spend (the caller's --max-nodes, or no end), and returns the
// line, its value and its nodes.  The search then only looks for better lines (the
// answer does not change), around that one first.
template <class Game>
using FirstLine = std::function<SearchResult<typename Game::Move>(Game&, uint64_t max_nodes)>;

template <class Game>
class ParallelSearch {
public:
    using Move = typename Game::Move;

    ParallelSearch(int target, bool only_target, const Limits& limits, int threads)
        : target_(target), only_target_(only_target), limits_(limits),
          threads_(std::max(1, std::min(threads, SharedTable::kMaxThreads))),
          table_(limits.max_memory, threads_, engine::splits_when_large<Game>()) {
        // A node limit is checked when a thread reports its count: report often enough
        // that all threads together overshoot it by a quarter at most.
        if (limits.max_nodes)
            report_every_ = std::clamp<uint64_t>(limits.max_nodes / (4 * static_cast<uint64_t>(threads_)), 1, kReportEvery);
    }

    // `known`: a line already known (FirstLine), or null.  Thread 0 tries it first.
    SearchResult<Move> run(const Game& start, const SearchResult<Move>* known = nullptr) {
        start_ = Clock::now();
        result_.best = start.value();
        if (limits_.progress) start_bound_ = Game(start).bound(target_);
        const bool seeded = known && known->best > result_.best;
        if (seeded) {
            result_.best = known->best;
            result_.line = known->line;
        }
        best_.store(result_.best);
        if (result_.best >= target_) {
            result_.reason = StopReason::Target;
            return finish_result();
        }
        workers_.reserve(threads_);
        for (int t = 0; t < threads_; ++t) workers_.push_back(Worker{this, start, t, {}, {}, {}, {}});
        if (seeded) workers_[0].guide.follow(known->line);
        // The other threads start at once: waiting for the search to prove not tiny
        // first cost more than it saved.
        searching_ = threads_;
        start_helpers();
        for (int t = 1 + static_cast<int>(helpers_.size()); t < threads_; ++t) leave_search();  // never started
        workers_[0].run();  // the calling thread: the one that may ask about Ctrl-C
        for (auto& th : helpers_) th.join();
        for (const Worker& w : workers_) result_.nodes += w.nodes;
        result_.threads = 1 + static_cast<int>(helpers_.size());
        return finish_result();
    }

private:
    using Clock = std::chrono::steady_clock;
    static constexpr uint64_t kReportEvery = 1024;  // nodes a thread counts before adding them to the total

    struct alignas(64) Worker {
        ParallelSearch* s;
        Game game;
        int me;
        std::vector<Move> path, arena;
        std::vector<uint16_t> deferred;  // positions in the arena of moves put off
        engine::Guide<Move> guide;       // thread 0: the known line, if any
        uint64_t nodes = 0, unreported = 0;
        double next_poll = 0.0, next_progress = kProgressFirst;

        void run() {
            s->table_.enlist(me);
            dfs(0, true);
            if (!s->stop_.load()) s->halt(StopReason::Complete);  // this thread covered the space
            s->table_.retire(me);
            s->leave_search();
        }

        // False when the state was put off: another thread is searching it.
        bool dfs(size_t depth, bool join) {
            ++nodes;
            if (++unreported == s->report_every_) poll();
            if (s->stop_.load(std::memory_order_relaxed)) return true;
            const int v = game.value();
            int best = s->best_.load(std::memory_order_relaxed);
            if (v > best) {
                s->improve(v, path, nodes_so_far());
                best = s->best_.load();
                if (v >= s->target_) {
                    s->halt(StopReason::Target);
                    return true;
                }
            }
            const uint64_t key = game.key();
            const uint32_t locality = engine::locality_of(game, key);
            SharedTable::Entry entry;
            SharedTable::Visit visit;
            while ((visit = s->table_.enter(key, locality, game.rank(), depth, me, join, entry)) == SharedTable::Visit::Full)
                if (!s->pause_for_forget(true)) {  // nothing left to forget: the paths fill the budget
                    s->halt(StopReason::MemoryLimit);
                    return true;
                }
            switch (visit) {
                case SharedTable::Visit::Done:
                case SharedTable::Visit::Mine: return true;
                case SharedTable::Visit::Other: return false;
                case SharedTable::Visit::Full:  // (not after the loop above)
                case SharedTable::Visit::New: break;
            }
            const int floor = s->only_target_ ? std::max(best, s->target_ - 1) : best;
            const uint64_t nodes_before = nodes;
            if (game.bound(floor) > floor) {
                if (depth >= engine::kMaxDepth) {
                    s->halt(StopReason::DepthLimit);
                    return true;
                }
                expand(depth, key);
            }
            s->table_.finish(entry, me, !s->stop_.load(std::memory_order_relaxed), nodes - nodes_before);
            return true;
        }

        void expand(size_t depth, uint64_t key) {
            const size_t first = arena.size();
            game.moves(arena);
            const size_t last = arena.size();
            if (me && !Game::kHelpersKeepOrder)
                engine::shuffle_moves(arena, first, last, 0x9e3779b97f4a7c15ull * me ^ key);
            const bool guided = guide.lead(arena, first, last, depth);
            const size_t put_off = deferred.size();
            for (size_t i = first; i < last && !s->stop_.load(std::memory_order_relaxed); ++i) {
                if (!play(arena[i], depth, false)) deferred.push_back(static_cast<uint16_t>(i - first));
                if (guided && i == first) guide.done();
            }
            for (size_t d = put_off; d < deferred.size() && !s->stop_.load(std::memory_order_relaxed); ++d)
                play(arena[first + deferred[d]], depth, true);
            deferred.resize(put_off);
            arena.resize(first);
        }

        bool play(const Move m, size_t depth, bool join) {
            auto undo = game.apply(m);
            path.push_back(m);
            const bool searched = dfs(depth + 1, join);
            path.pop_back();
            game.undo(m, undo);
            return searched;
        }

        uint64_t nodes_so_far() const { return s->nodes_.load(std::memory_order_relaxed) + unreported; }

        void poll() {
            s->table_.quiesce(me);  // between nodes: no slot is used without a fresh look
            if (s->forget_wanted_.load(std::memory_order_relaxed)) s->pause_for_forget(false);
            const uint64_t total = s->nodes_.fetch_add(unreported) + unreported;
            unreported = 0;
            const Limits& lim = s->limits_;
            if (lim.max_nodes && total >= lim.max_nodes) return s->halt(StopReason::NodeLimit);
            const double t = s->elapsed();
            if (lim.timeout > 0 && t >= lim.timeout) return s->halt(StopReason::TimeLimit);
            // Only the calling thread asks about Ctrl-C: the question may need Python.
            if (me == 0 && lim.interrupted && t >= next_poll) {
                next_poll = t + 0.05;
                if (lim.interrupted()) return s->halt(StopReason::Interrupted);
            }
            if (me == 0) report_progress(lim, t, next_progress, total, s->best_.load(), s->start_bound_);
        }

    };

    void start_helpers() {
        try {
            for (int t = 1; t < threads_; ++t) helpers_.emplace_back([this, t] { workers_[t].run(); });
        } catch (const std::system_error&) {  // no more threads to be had: go on with those started
        }
    }

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    // A thread whose table was full (`asking`), or one that saw the request at its
    // report, stops here, holding no pointer into the table, until every thread still
    // searching has stopped too; the last one to stop forgets.  True when positions
    // were forgotten (room was made).
    bool pause_for_forget(bool asking) {
        std::unique_lock<std::mutex> lock(pause_mutex_);
        if (asking) forget_wanted_.store(true);
        else if (!forget_wanted_.load()) return true;  // done meanwhile
        const uint64_t round = pause_round_;
        ++paused_;
        forget_if_all_paused();
        pause_cv_.wait(lock, [&] { return pause_round_ != round; });
        return forgot_;
    }
    // A thread whose search is over: the pauses no longer wait for it.
    void leave_search() {
        std::lock_guard<std::mutex> lock(pause_mutex_);
        --searching_;
        forget_if_all_paused();
    }
    // (pause_mutex_ held.)  Stopped, a search forgets nothing: its threads are leaving.
    void forget_if_all_paused() {
        if (!forget_wanted_.load() || paused_ < searching_) return;
        forgot_ = !stop_.load() && table_.forget() > 0;
        paused_ = 0;
        forget_wanted_.store(false);
        ++pause_round_;
        pause_cv_.notify_all();
    }

    // The first reason to stop wins; later ones (other threads noticing) are ignored.
    void halt(StopReason why) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (stop_.load()) return;
        result_.reason = why;
        stop_.store(true);
    }

    void improve(int v, const std::vector<Move>& path, uint64_t nodes) {
        std::lock_guard<std::mutex> lock(mutex_);
        if (v <= result_.best) return;
        result_.best = v;
        result_.line = path;
        result_.nodes_at_best = nodes;
        best_.store(v);
    }

    SearchResult<Move> finish_result() {
        result_.seconds = elapsed();
        result_.table_entries = table_.size();
        result_.table_bytes = table_.bytes();
        result_.table_forgotten = table_.forgotten();
        return result_;
    }

    int target_;
    bool only_target_;
    Limits limits_;
    int threads_;
    uint64_t report_every_ = kReportEvery;
    SharedTable table_;
    SearchResult<Move> result_;
    alignas(64) std::atomic<int> best_{0};  // read at every node: apart from what is written often
    std::atomic<bool> stop_{false};
    alignas(64) std::atomic<uint64_t> nodes_{0};
    std::mutex mutex_;
    Clock::time_point start_;
    int start_bound_ = 0;  // for progress reports
    std::vector<Worker> workers_;
    std::vector<std::thread> helpers_;
    // Stopping the threads for forget().
    std::mutex pause_mutex_;
    std::condition_variable pause_cv_;
    alignas(64) std::atomic<bool> forget_wanted_{false};  // read at every report
    int searching_ = 0, paused_ = 0;
    uint64_t pause_round_ = 0;
    bool forgot_ = false;
};

// A search that went on from `before` (it had its line as a floor): its result, with
// the nodes and seconds of both, and when its best line was found counted from the start
// (0 from the later search: it found no better line than `before`'s).
template <class Move>
SearchResult<Move> after(const SearchResult<Move>& before, SearchResult<Move> later) {
    later.nodes_at_best = later.nodes_at_best ? later.nodes_at_best + before.nodes : before.nodes_at_best;
    later.nodes += before.nodes;
    later.seconds += before.seconds;
    return later;
}

// Threads when none are asked for: one per core, at most this many.  Each thread adds
// nodes searched twice, and more than two cores were never measured.
constexpr int kDefaultMaxThreads = 4;

// The search on `limits.threads` threads (0: one per core, at most kDefaultMaxThreads),
// or the one-thread search.  With `first`, a quick line is looked for before: it seeds
// the floor, and the search tries it first.  (A helper thread looking for it while the
// others searched was slower: the line came too late to lead them.)  `restarts`: the
// one-thread search's tries (search.hpp); the threads' search has none.
template <class Game>
SearchResult<typename Game::Move> search(Game& game, int target, bool only_target, const Limits& limits,
                                         const FirstLine<Game>& first = {}, const Restarts& restarts = {}) {
    int threads = limits.threads ? limits.threads
                                 : std::min<int>(kDefaultMaxThreads, static_cast<int>(std::thread::hardware_concurrency()));
    auto run = [&](const Limits& lim, const SearchResult<typename Game::Move>* known) {
        if (threads <= 1) {
            Search<Game> one(target, only_target, lim);
            one.set_restarts(restarts);
            return one.run(game, known);
        }
        return ParallelSearch<Game>(target, only_target, lim, threads).run(game, known);
    };
    if (!first) return run(limits, nullptr);
    const SearchResult<typename Game::Move> line = first(game, limits.max_nodes ? limits.max_nodes : ~0ull);
    if (line.reason == StopReason::Target || (limits.max_nodes && line.nodes >= limits.max_nodes)) return line;
    return after(line, run(remaining(limits, line.nodes, line.seconds), &line));
}

}  // namespace patiens
