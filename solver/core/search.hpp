// The one search engine shared by every game.
//
// Every question the tool answers has the same shape: "what is the largest
// value(state) over all states reachable from the start?"  (Klondike: cards on
// the foundations; Golf: minus the hole's score.)  Because the answer is a
// maximum over the reachable set, and not a per-state minimax value, a plain
// depth-first search with a "visited" table is exact even though the move graph
// has cycles: every reachable state is either expanded once, dominated by a
// state that was, or cut because its admissible bound cannot beat the best
// value already found.
//
// A game supplies:
//   using Move; struct Undo;
//   int  value() const;            objective of the current state
//   int  bound(int floor) const;   admissible: >= value() of every state reachable from here;
//                                  the search cuts the state when it is <= floor, so the game
//                                  may stop refining it once it is <= floor
//   uint64_t key() const;          64-bit hash of the state (incremental in the game)
//   uint16_t rank() const;         dominance within a key: a state whose key was seen with a
//                                  rank >= this one can reach everything this one can
//   void moves(std::vector<Move>&) appends the moves worth trying, best first; when a safe
//                                  automatic move exists it is the only one appended
//   Undo apply(const Move&);  void undo(const Move&, const Undo&);
//   static constexpr bool kHelpersKeepOrder;  the threads' search (parallel.hpp): whether the
//                                  helper threads keep the game's move order too (else each
//                                  shuffles its own)
// and, where the search visits states in clusters (Klondike: the many arrangements of the
// tableau with the same cards home and the same talon, searched one after another):
//   uint32_t locality() const;     the same for the states of a cluster; the visited
//                                  tables keep each cluster's states in a small shard of
//                                  their own, whose slots stay in the cache
// Why the answer is exact, and every rule by which a game restricts its moves, keys or
// bound with the argument that it loses nothing: docs/PROOFS.md (section 0 for this
// engine).  A rule without a written argument has no place here: the skip of a
// restricted state once its "free twin" was done, which Klondike's pending moves used,
// was removed for want of one (issue 38).
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace patiens {

enum class StopReason : int {
    Complete = 0,     // the whole reachable space was covered: the answer is exact
    Target = 1,       // the target value was reached: exact as well (nothing can beat it)
    NodeLimit = 2,
    TimeLimit = 3,
    MemoryLimit = 4,
    Interrupted = 5,  // Ctrl-C
    DepthLimit = 6,
};

inline bool is_proven(StopReason r) { return r == StopReason::Complete || r == StopReason::Target; }

struct Limits {
    uint64_t max_nodes = 0;                    // 0: no limit
    double timeout = 0.0;                      // seconds, 0: no limit
    uint64_t max_memory = 1ull << 30;          // bytes for the visited table
    std::function<bool()> interrupted;         // polled now and then; true stops the search
    int threads = 1;                           // search threads (parallel.hpp); 0: one per core, up to 4
    // Told now and then (kProgressEvery) of a long search: nodes, best value, the start's
    // bound, seconds; counted from the start of the whole solve (the tries before the
    // search included: the progress_* fields, which remaining() keeps).
    std::function<void(uint64_t, int, int, double)> progress;
    uint64_t progress_nodes = 0;
    double progress_seconds = 0.0;
};

// Seconds between two progress reports, and before the first (in the whole solve's time).
constexpr double kProgressEvery = 0.25, kProgressFirst = 2.0;

// A progress report, when one is due: `seconds` of this search so far, `next` the solve's
// time of the next report (kProgressFirst to begin with).
inline void report_progress(const Limits& limits, double seconds, double& next, uint64_t nodes, int best,
                            int bound) {
    const double t = limits.progress_seconds + seconds;  // the whole solve's time
    if (!limits.progress || t < next) return;
    next = t + kProgressEvery;
    limits.progress(limits.progress_nodes + nodes, best, bound, t);
}

// What is left of `limits` once `nodes` and `seconds` were spent.  The caller makes sure
// some nodes are left: 0 would mean no limit.
inline Limits remaining(const Limits& limits, uint64_t nodes, double seconds) {
    Limits rest = limits;
    if (limits.max_nodes) rest.max_nodes = limits.max_nodes - nodes;
    if (limits.timeout > 0) rest.timeout = std::max(limits.timeout - seconds, 1e-9);
    rest.progress_nodes += nodes;
    rest.progress_seconds += seconds;
    return rest;
}

// What the one-thread search and the threads' search (parallel.hpp) share.
namespace engine {

// Visited tables: a key of 0 marks an empty slot, so the state keyed 0 takes another
// key; mix() spreads keys over the slots.
inline uint64_t fix_key(uint64_t key) { return key ? key : 0x9e3779b97f4a7c15ull; }
inline uint64_t mix(uint64_t x) {
    x ^= x >> 31; x *= 0x7fb5d329728ea185ull; x ^= x >> 27;
    return x;
}

template <class Game, class = void>
struct HasLocality : std::false_type {};
template <class Game>
struct HasLocality<Game, std::void_t<decltype(std::declval<const Game&>().locality())>> : std::true_type {};

// Which shard of a split table holds a state (see kShardBits): its cluster, or for a
// game without clusters a part of its key, so that any table can split.
template <class Game>
uint32_t locality_of(const Game& game, uint64_t key) {
    if constexpr (HasLocality<Game>::value) return game.locality();
    else return static_cast<uint32_t>(mix(key) >> 32);
}

constexpr size_t kMaxDepth = 20000;  // a line this long stops the search (StopReason::DepthLimit)

// A table starts at kFirstSlots, or at the size whose doubling (the old slots and the
// new ones held at once) still fits a small budget.
constexpr uint64_t kFirstSlots = 1u << 16;
inline uint64_t max_slots(uint64_t max_bytes, uint64_t slot_bytes) {
    uint64_t slots = 1u << 12;
    while (slots * 3 * slot_bytes <= max_bytes) slots *= 2;
    return slots;
}

// Shards of the one-thread visited table for games with a locality (one shard
// otherwise).  A probe then lands in its cluster's shard, which the search keeps in the
// cache while it works in that cluster, not anywhere in hundreds of megabytes.  Small
// searches would pay for growing many small shards, so a table starts as one shard and
// is split into 2^kShardBits once it would grow past kSplitSlots (16 MB).  The
// threads' table (shared_table.hpp) is split the same way.
// A table of any game also splits, the same way, when its budget cannot hold its one
// shard's next growth (the old slots and the new at once): each shard then grows
// alone, so the table can fill its budget, where one shard could use a third of it.
constexpr int kShardBits = 12;
constexpr uint64_t kSplitSlots = uint64_t(1) << 20;
template <class Game>
constexpr bool splits_when_large() { return HasLocality<Game>::value; }
// The slots a full shard grows to: a table's one shard (not split yet) grows four times
// over while it stays under kSplitSlots, so that a search of 50 k to 800 k states copies
// it twice, not four times; a shard of a split table doubles.  A table falls back to doubling where its budget does not allow
// four times over.
inline uint64_t grown_slots(uint64_t slots, bool one_shard) {
    return one_shard && 4 * slots <= kSplitSlots ? 4 * slots : 2 * slots;
}
// Whether a full shard of `slots` splits the table instead: its one shard (shard_bits
// 0), once past kSplitSlots, where the game splits when large.
inline bool splits(uint64_t slots, int shard_bits, bool when_large) {
    return shard_bits == 0 && when_large && 2 * slots > kSplitSlots;
}
// Whether a table of one shard grown to `bytes` could still split within `budget`: the
// split holds the old slots and the new (at most about twice as many) at once.  A
// table that could not splits before it grows, so that its budget, not its one
// shard's doublings, sets how large it gets.
inline bool may_split_later(uint64_t bytes, uint64_t budget) { return 3 * bytes <= budget; }
// The slots a shard of `n` states starts with after the split: under half full, or,
// where the budget allows no more (`tight`), under the 3/4 load at which it grows.
inline uint64_t split_slots(uint64_t n, bool tight = false) {
    uint64_t slots = 16;
    while (tight ? (n + 1) * 4 > slots * 3 : slots < 2 * n) slots *= 2;
    return slots;
}
// The slots of the shards after a split of states counted per shard, roomy or tight.
inline uint64_t split_total(const std::vector<uint64_t>& counts, bool tight) {
    uint64_t slots = 0;
    for (uint64_t n : counts) slots += split_slots(n, tight);
    return slots;
}
// What a full table keeps (VisitedTable::forget, SharedTable::forget): the positions
// whose searches were largest (`work`: log2 of their nodes, at most 63, in its low six
// bits), then the shallowest (`depth`, at most 255).  Worth is under kWorthLevels.
constexpr uint32_t kWorthLevels = 1u << 14;
inline uint32_t worth(uint32_t work, uint32_t depth) { return (work & 63) << 8 | (255 - depth); }
// The least worth kept when at most half of `count` positions may stay, from the
// positions that may go counted by worth: the worthiest, as many as fit in the half.
inline uint32_t least_kept_worth(const std::vector<uint64_t>& by_worth, uint64_t count) {
    uint32_t least = kWorthLevels;
    for (uint64_t n = 0; least > 0 && n + by_worth[least - 1] <= count / 2;) n += by_worth[--least];
    return least;
}
inline uint32_t shard_of(uint32_t locality, int shard_bits) {
    return shard_bits ? static_cast<uint32_t>(mix(locality) >> (64 - shard_bits)) : 0;
}

// Moves [first, last) in an order shuffled from x (Fisher-Yates with xorshift64).
template <class Move>
void shuffle_moves(std::vector<Move>& moves, size_t first, size_t last, uint64_t x) {
    for (size_t i = last; i > first + 1; --i) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        std::swap(moves[i - 1], moves[first + x % (i - first)]);
    }
}

// A handful of moves in the order `before` gives, ties kept in place (insertion sort:
// std::stable_sort would allocate a buffer at every node).
template <class It, class Before>
void sort_moves(It first, It last, Before before) {
    for (It i = first; i != last; ++i) {
        const auto m = *i;
        It j = i;
        for (; j != first && before(m, *(j - 1)); --j) *j = *(j - 1);
        *j = m;
    }
}

// A line already known (a beam's, beam.hpp), tried first: at each position along it
// the line's move goes to the front of the moves; everywhere else the order stays.  The
// search then looks at the line's neighbourhood first, where better lines are near.  On
// more threads (parallel.hpp) thread 0 follows it.
template <class Move>
class Guide {
public:
    void follow(std::vector<Move> line) {
        line_ = std::move(line);
        on_ = 0;
    }
    // At a position at `depth`, its moves in [first, last): true when the position lies
    // on the line; its move is then moved to `first`, and done() is due once that child
    // is searched (no other child of it is on the line).
    bool lead(std::vector<Move>& moves, size_t first, size_t last, size_t depth) {
        if (on_ != depth || depth >= line_.size()) return false;
        on_ = kOff;
        for (size_t i = first; i < last; ++i)
            if (std::memcmp(&moves[i], &line_[depth], sizeof(Move)) == 0) {  // moves are plain bytes
                std::rotate(moves.begin() + first, moves.begin() + i, moves.begin() + i + 1);
                on_ = depth + 1;
                return true;
            }
        return false;
    }
    void done() { on_ = kOff; }

private:
    static constexpr size_t kOff = ~size_t(0);
    std::vector<Move> line_;
    size_t on_ = kOff;  // the depth of the position on the line being searched now
};

}  // namespace engine

// Open-addressing set of 64-bit keys, each with the best dominance rank seen.
// A key and its rank share one 16-byte slot, so a probe costs one cache miss at most.
// The whole 64-bit key is kept on purpose: a shorter tag would have to leave out the
// bits that make the slot's index, so two states with one home slot would differ in
// fewer bits, and a false "seen" answer is a state never expanded: a wrong answer.  The table starts small and grows while it stays inside the memory
// budget, so a small deal never pays for a large table.  It is split into shards, each
// growing on its own, once large (a game with a locality) or once its budget binds
// (see kShardBits).
//
// When its budget is spent, the table forgets positions instead of stopping the search
// (forget()): those whose searches were the smallest, never one on the search's path.
// The answer stays exact (docs/PROOFS.md, E7): a forgotten position is searched again
// if met again.
class VisitedTable {
public:
    // Resting: seen, and the position seen is one whose search rested on a position
    // not finished yet (Search's tries: see Restarts); only while tries may stop.
    enum class Visit { New, Dominated, Resting, Full };

    // `when_large`: split once past kSplitSlots (engine::splits_when_large); any table
    // also splits when its budget cannot hold its one shard's growth.
    VisitedTable(uint64_t max_bytes, bool when_large) : max_bytes_(max_bytes), when_large_(when_large) {
        shards_.resize(1);
        shards_[0].resize(std::min(engine::max_slots(max_bytes, sizeof(Slot)), engine::kFirstSlots));
        bytes_ = (shards_[0].mask + 1) * sizeof(Slot);
    }

    // The keys of the positions on the search's path (engine::fix_key'd), which forget()
    // keeps: without them a cycle would not be caught, and the search might not end.
    // Without pins the table stops the search when full (Visit::Full).
    void pin(const std::vector<uint64_t>* path_keys) { pinned_ = path_keys; }

    // `depth`: the position's distance from the start, for forget().
    Visit visit(uint64_t key, uint32_t locality, uint16_t rank, size_t depth = 0) {
        key = engine::fix_key(key);
        const uint32_t si = engine::shard_of(locality, shard_bits_);
        Shard& sh = shards_[si];
        const uint8_t d = static_cast<uint8_t>(std::min<size_t>(depth, 255));
        uint64_t i = engine::mix(key) & sh.mask;
        while (sh.slots[i].key != 0) {
            if (sh.slots[i].key == key) {
                if (sh.slots[i].rank >= rank) return sh.slots[i].work & kResting ? Visit::Resting : Visit::Dominated;
                sh.slots[i].rank = rank;
                sh.slots[i].depth = d;
                sh.slots[i].work &= ~kResting;
                return Visit::New;
            }
            i = (i + 1) & sh.mask;
        }
        if ((sh.count + 1) * 4 > (sh.mask + 1) * 3) {  // keep the load under 3/4
            if (!make_room(si) && !forget()) return Visit::Full;
            return visit(key, locality, rank, depth);
        }
        sh.slots[i] = Slot{key, rank, d, 0, locality};
        ++sh.count;
        ++count_;
        return Visit::New;
    }

    // The search below a position entered by visit() took `nodes`: forget() keeps the
    // positions whose searches were the largest.  (Noted only from kNotedWork nodes on:
    // a lookup more for the few positions that head a large search.)
    static constexpr uint64_t kNotedWork = 64;
    void note_work(uint64_t key, uint32_t locality, uint64_t nodes) {
        if (nodes < kNotedWork) return;
        Slot* s = shards_[engine::shard_of(locality, shard_bits_)].find(engine::fix_key(key));
        if (s) s->work = (s->work & kResting) | std::max<uint8_t>(s->work & 63, 63 - __builtin_clzll(nodes));
    }

    // Marks a finished position as resting on an unfinished one, or clears the mark.
    void set_resting(uint64_t key, uint32_t locality, bool resting) {
        Slot* s = shards_[engine::shard_of(locality, shard_bits_)].find(engine::fix_key(key));
        if (s) s->work = resting ? s->work | kResting : s->work & ~kResting;
    }

    // Forgets a position at once (a try's unfinished ones, see Restarts).  Linear
    // probing's chains stay whole: each later slot of the cluster that may move back
    // into the hole does (backward-shift deletion).
    void erase(uint64_t key, uint32_t locality) {
        key = engine::fix_key(key);
        Shard& sh = shards_[engine::shard_of(locality, shard_bits_)];
        uint64_t hole = engine::mix(key) & sh.mask;
        for (; sh.slots[hole].key != key; hole = (hole + 1) & sh.mask)
            if (sh.slots[hole].key == 0) return;
        for (uint64_t j = (hole + 1) & sh.mask; sh.slots[j].key != 0; j = (j + 1) & sh.mask) {
            const uint64_t home = engine::mix(sh.slots[j].key) & sh.mask;
            const bool home_after_hole = hole <= j ? (home > hole && home <= j) : (home > hole || home <= j);
            if (home_after_hole) continue;  // its probe from home never passes the hole
            sh.slots[hole] = sh.slots[j];
            hole = j;
        }
        sh.slots[hole] = Slot{};
        --sh.count;
        --count_;
    }

    // The budget for a search of at most `nodes` nodes: one whose first table has room
    // for them all under its 3/4 load, so it never grows or forgets, where that is less
    // than `budget`; else (and with no cap, `nodes` 0) `budget`.  Many short searches
    // (a world of the real game is 1,000 nodes) would otherwise spend a good part of
    // their time allocating and zeroing a first table of kFirstSlots.
    static uint64_t budget_for_nodes(uint64_t nodes, uint64_t budget) {
        uint64_t slots = uint64_t(1) << 12;  // (engine::max_slots' least)
        while ((nodes + 1) * 4 > slots * 3) slots *= 2;
        const uint64_t bytes = 2 * slots * sizeof(Slot);  // engine::max_slots gives `slots` for it
        return nodes && slots <= engine::kFirstSlots && bytes < budget ? bytes : budget;
    }

    uint64_t size() const { return count_; }
    uint64_t bytes() const { return std::max(bytes_, peak_bytes_); }  // the most it held
    uint64_t forgotten() const { return forgotten_; }

private:
    struct Slot {
        uint64_t key = 0;  // 0: empty
        uint16_t rank = 0;
        uint8_t depth = 0;      // from the start, at most 255, when last entered (for forget())
        uint8_t work = 0;       // the search below it took about 2^(work & 63) nodes (0: fewer than
                                // kNotedWork); kResting: see Visit::Resting
        uint32_t locality = 0;  // for the split
    };
    static constexpr uint8_t kResting = 0x80;
    struct Shard {
        std::unique_ptr<Slot[]> slots;
        uint64_t mask = 0, count = 0;

        Slot* find(uint64_t key) {
            for (uint64_t i = engine::mix(key) & mask; slots[i].key != 0; i = (i + 1) & mask)
                if (slots[i].key == key) return &slots[i];
            return nullptr;
        }
        void put(const Slot& slot) {
            uint64_t i = engine::mix(slot.key) & mask;
            while (slots[i].key != 0) i = (i + 1) & mask;
            slots[i] = slot;
            ++count;
        }
        // Empty, with `size` slots; returns the old slots.
        std::unique_ptr<Slot[]> resize(uint64_t size) {
            std::unique_ptr<Slot[]> old(new Slot[size]());
            old.swap(slots);
            mask = size - 1;
            count = 0;
            return old;
        }
    };

    // Shard `si` is full: grow it (engine::grown_slots), or split the table into
    // 2^kShardBits shards the first time it passes kSplitSlots, or earlier when the
    // budget cannot hold its growth.  The old slots and the new ones are held at once,
    // and must fit in the budget together.  False when they do not.
    bool make_room(uint32_t si) {
        Shard& sh = shards_[si];
        const uint64_t size = sh.mask + 1;
        const bool one_shard = shard_bits_ == 0;
        if (engine::splits(size, shard_bits_, when_large_)) return split();
        auto fits = [&](uint64_t grown) {
            return bytes_ + grown * sizeof(Slot) <= max_bytes_ &&
                   (!one_shard || engine::may_split_later(grown * sizeof(Slot), max_bytes_));
        };
        uint64_t grown = engine::grown_slots(size, one_shard);
        if (!fits(grown)) grown = 2 * size;
        if (!fits(grown) && (one_shard && split())) return true;
        if (bytes_ + grown * sizeof(Slot) > max_bytes_) return false;  // (else grow all the same: the last room)
        const std::unique_ptr<Slot[]> old = sh.resize(grown);
        for (uint64_t j = 0; j < size; ++j)
            if (old[j].key) sh.put(old[j]);
        bytes_ += (grown - size) * sizeof(Slot);
        return true;
    }

    // A shard is full and the budget allows no growth: forget half of the positions,
    // those whose searches were the smallest (the cheapest to do again): by the work
    // noted, then the deepest first; never one on the search's path.  A table of one
    // shard forgets in place: each kept position is put back from its home slot, walking
    // the shard from an empty slot, so that linear probing finds every one again.  A
    // split table forgets in every shard and rebuilds each at the size its positions now
    // need, so that the budget freed goes to the shards that grow next (the full shard
    // may hold mostly positions of the path: one cluster's states often lie along it).
    // False when nothing could go.
    bool forget() {
        if (!pinned_) return false;
        peak_bytes_ = std::max(peak_bytes_, bytes_);
        auto worth = [](const Slot& slot) { return engine::worth(slot.work, slot.depth); };
        std::vector<uint64_t> by_worth(engine::kWorthLevels);
        for (const Shard& sh : shards_)
            for (uint64_t j = 0; j <= sh.mask; ++j)
                if (sh.slots[j].key) ++by_worth[worth(sh.slots[j])];
        // The positions kept: worth >= least_kept, and the path.
        const uint32_t least_kept = engine::least_kept_worth(by_worth, count_);
        std::vector<uint64_t> path(*pinned_);
        std::sort(path.begin(), path.end());
        auto kept = [&](const Slot& slot) {
            return worth(slot) >= least_kept || std::binary_search(path.begin(), path.end(), slot.key);
        };
        const uint64_t before = count_;
        if (shard_bits_ == 0) {
            Shard& sh = shards_[0];
            uint64_t start = 0;
            while (sh.slots[start].key) ++start;  // (the load is under 3/4: there is an empty one)
            for (uint64_t k = 1; k <= sh.mask + 1; ++k) {
                const uint64_t j = (start + k) & sh.mask;
                const Slot slot = sh.slots[j];
                if (!slot.key) continue;
                sh.slots[j].key = 0;
                --sh.count;
                if (kept(slot)) sh.put(slot);
            }
            count_ = sh.count;
        } else {
            std::vector<uint64_t> counts(shards_.size());
            for (size_t k = 0; k < shards_.size(); ++k)
                for (uint64_t j = 0; j <= shards_[k].mask; ++j)
                    counts[k] += shards_[k].slots[j].key && kept(shards_[k].slots[j]);
            const bool tight = engine::split_total(counts, false) * sizeof(Slot) > max_bytes_ / 2;
            count_ = bytes_ = 0;
            for (size_t k = 0; k < shards_.size(); ++k) {
                Shard& sh = shards_[k];
                const uint64_t size = sh.mask + 1;
                const std::unique_ptr<Slot[]> old = sh.resize(std::min(size, engine::split_slots(counts[k], tight)));
                for (uint64_t j = 0; j < size; ++j)
                    if (old[j].key && kept(old[j])) sh.put(old[j]);
                count_ += sh.count;
                bytes_ += (sh.mask + 1) * sizeof(Slot);
            }
        }
        forgotten_ += before - count_;
        return count_ < before;
    }

    // The one shard into 2^kShardBits by locality, each under half full, or, where the
    // budget allows no more, as full as a shard may be.  False when neither fits.
    bool split() {
        Shard& sh = shards_[0];
        const uint64_t size = sh.mask + 1;
        std::vector<uint64_t> counts(uint64_t(1) << engine::kShardBits);
        for (uint64_t j = 0; j < size; ++j)
            if (sh.slots[j].key) ++counts[engine::shard_of(sh.slots[j].locality, engine::kShardBits)];
        bool tight = false;
        uint64_t slots = engine::split_total(counts, tight);
        if (bytes_ + slots * sizeof(Slot) > max_bytes_) slots = engine::split_total(counts, tight = true);
        if (bytes_ + slots * sizeof(Slot) > max_bytes_) return false;
        std::vector<Shard> split(counts.size());
        for (uint64_t k = 0; k < counts.size(); ++k) split[k].resize(engine::split_slots(counts[k], tight));
        for (uint64_t j = 0; j < size; ++j)
            if (sh.slots[j].key) split[engine::shard_of(sh.slots[j].locality, engine::kShardBits)].put(sh.slots[j]);
        shards_.swap(split);
        shard_bits_ = engine::kShardBits;
        bytes_ = slots * sizeof(Slot);
        return true;
    }

    uint64_t max_bytes_, bytes_ = 0, peak_bytes_ = 0, count_ = 0, forgotten_ = 0;
    bool when_large_;
    const std::vector<uint64_t>* pinned_ = nullptr;
    int shard_bits_ = 0;
    std::vector<Shard> shards_;
};

template <class Move>
struct SearchResult {
    int best = 0;
    StopReason reason = StopReason::Complete;
    std::vector<Move> line;      // moves from the start to a state of value `best`
    uint64_t nodes = 0;
    uint64_t nodes_at_best = 0;  // when the best line was found: the rest of the search proved it
    uint64_t table_entries = 0;
    uint64_t table_bytes = 0;
    uint64_t table_forgotten = 0;  // positions the full table forgot (searched again if met)
    double seconds = 0.0;
    int threads = 1;             // threads that searched (parallel.hpp)
};

// Tries with a shared table (E8 in docs/PROOFS.md).  How long a search takes to meet
// the target is heavy-tailed: one that spent millions of nodes below a few early moves
// often meets it within thousands in another move order (casino seeds 1-1000: the
// winnable deals took 37.9 M nodes in the game's order, 20.7 M in tries).  So the
// search is cut into tries of growing node budgets, the first and the last (the one
// not stopped) in the game's order, the others each in a shuffled order of its own, all
// with one visited table.  What a try finished stays done for the next; what it did not
// finish is forgotten when it stops: the positions on its path, and those whose search
// rested on them (met one of them still on the path, directly or through another
// such).  Those are told apart as Tarjan's strongly connected components are: each
// position entered gets a number in the order entered; the search below it returns the
// least number of an unfinished position it met; a position whose search met none
// older than itself heads a component, and everything that rested on it is finished
// with it.  The bookkeeping costs a little at every node, so tries stop only within
// the first `until_nodes`.
struct Restarts {
    uint64_t first_nodes = 0;  // the first try's budget, growing by half each time; 0: no tries
    uint64_t until_nodes = 0;  // no try is stopped once the search has spent this many nodes
};

// Depth-first branch and bound.
//   target:      stop as soon as a state of this value is reached (the game's
//                maximum, e.g. 52 cards home), the answer is then exact;
//   only_target: cut every state whose bound is below the target too (the quick
//                "is it winnable?" question); `best` is then only a lower bound
//                unless the target was reached.
template <class Game>
class Search {
public:
    using Move = typename Game::Move;

    Search(int target, bool only_target, const Limits& limits)
        : target_(target), only_target_(only_target), limits_(limits),
          table_(limits.max_memory, engine::splits_when_large<Game>()) {
        table_.pin(&path_keys_);
    }

    // Nonzero: the moves of each position are tried in an order shuffled by this seed
    // and the position's key (the same position, the same order), not the game's order.
    void set_order_seed(uint64_t seed) { order_seed_ = seed; }

    void set_restarts(const Restarts& restarts) { restarts_ = restarts; }

    // `start`: a line already known (beam.hpp), or null; the search looks for better.
    SearchResult<Move> run(Game& game, const SearchResult<Move>* start = nullptr) {
        start_ = Clock::now();
        result_.best = game.value();
        if (start && start->best > result_.best) {
            result_.best = start->best;
            result_.line = start->line;
            guide_.follow(start->line);
        }
        if (limits_.progress) start_bound_ = Game(game).bound(target_);  // (a copy: the bound keeps statistics)
        stop_ = result_.best >= target_;
        if (stop_) result_.reason = StopReason::Target;
        if (restarts_.first_nodes && !start) {
            run_tries(game);
        } else {
            dfs(game, 0);
        }
        result_.seconds = elapsed();
        result_.table_entries = table_.size();
        result_.table_bytes = table_.bytes();
        result_.table_forgotten = table_.forgotten();
        return result_;
    }

private:
    using Clock = std::chrono::steady_clock;

    double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

    void halt(StopReason why) {
        stop_ = true;
        result_.reason = why;
    }

    void poll_limits() {
        if (limits_.max_nodes && result_.nodes >= limits_.max_nodes) return halt(StopReason::NodeLimit);
        if ((result_.nodes & 1023) != 0) return;
        double t = elapsed();
        if (limits_.timeout > 0 && t >= limits_.timeout) return halt(StopReason::TimeLimit);
        if (limits_.interrupted && t >= next_poll_) {
            next_poll_ = t + 0.05;
            if (limits_.interrupted()) halt(StopReason::Interrupted);
        }
        report_progress(limits_, t, next_progress_, result_.nodes, result_.best, start_bound_);
    }

    // The tries (see Restarts): until one ends unstopped, each stopped one forgetting
    // what it had not finished.
    void run_tries(Game& game) {
        uint64_t budget = restarts_.first_nodes;
        for (uint64_t attempt = 0;; ++attempt) {
            try_ends_at_ = result_.nodes + budget < restarts_.until_nodes ? result_.nodes + budget : 0;
            // The game's order is usually good, only sometimes very bad: the first try
            // and the last (the one not stopped) keep it, the others shuffle.
            order_seed_ = attempt && try_ends_at_ ? 0x9e3779b97f4a7c15ull * attempt : 0;
            dfs(game, 0);
            if (!try_stopped_) break;
            for (const Resting& r : resting_) table_.erase(r.key, r.locality);
            resting_.clear();
            resting_number_.clear();
            stop_ = try_stopped_ = false;
            budget += std::max<uint64_t>(budget / 2, 1);
        }
        try_ends_at_ = 0;
    }

    // Below: the search; while a try may stop (try_ends_at_), it returns the least
    // number of an unfinished position it met (kFinished: none), see Restarts.
    static constexpr uint64_t kFinished = ~0ull;

    // A position the table answered "seen" for: the number it rests on.
    uint64_t seen_number(uint64_t key, bool resting) const {
        const uint64_t fixed = engine::fix_key(key);
        if (resting) {
            const auto it = resting_number_.find(fixed);
            return it != resting_number_.end() ? it->second : 0;  // (0, the start: never too late)
        }
        if (path_filter_[fixed & kPathFilterMask])
            for (size_t i = path_keys_.size(); i-- > 0;)
                if (path_keys_[i] == fixed) return path_numbers_[i];
        return kFinished;
    }

    // A position's search has ended: it rests on `rests_on`, or heads a component and
    // finishes with it what rested on it since `mark`.
    uint64_t settle(uint64_t key, uint32_t locality, uint64_t number, uint64_t rests_on, size_t mark) {
        if (rests_on < number) {
            table_.set_resting(key, locality, true);
            resting_.push_back({key, locality});
            resting_number_[engine::fix_key(key)] = number;
            return rests_on;
        }
        for (size_t i = mark; i < resting_.size(); ++i) {
            table_.set_resting(resting_[i].key, resting_[i].locality, false);
            resting_number_.erase(engine::fix_key(resting_[i].key));
        }
        resting_.resize(mark);
        return kFinished;
    }

    uint64_t dfs(Game& game, size_t depth) {
        ++result_.nodes;
        poll_limits();
        if (try_ends_at_ && result_.nodes >= try_ends_at_ && !stop_) stop_ = try_stopped_ = true;
        if (stop_) return kFinished;

        const int v = game.value();
        if (v > result_.best) {
            result_.best = v;
            result_.line = path_;
            result_.nodes_at_best = result_.nodes;
            if (v >= target_) {
                halt(StopReason::Target);
                return kFinished;
            }
        }
        const uint64_t key = game.key();
        const uint32_t locality = engine::locality_of(game, key);
        switch (table_.visit(key, locality, game.rank(), depth)) {
            case VisitedTable::Visit::Dominated: return try_ends_at_ ? seen_number(key, false) : kFinished;
            case VisitedTable::Visit::Resting: return seen_number(key, true);
            case VisitedTable::Visit::Full: halt(StopReason::MemoryLimit); return kFinished;
            case VisitedTable::Visit::New: break;
        }
        const uint64_t number = result_.nodes;
        uint64_t rests_on = kFinished;
        const int floor = only_target_ ? std::max(result_.best, target_ - 1) : result_.best;
        if (game.bound(floor) > floor) {
            if (depth >= engine::kMaxDepth) {
                halt(StopReason::DepthLimit);
                return kFinished;
            }
            const size_t mark = resting_.size();
            // The move lists of all frames share one arena: no allocation per node.
            const size_t first = arena_.size();
            game.moves(arena_);
            const size_t last = arena_.size();
            if (order_seed_) engine::shuffle_moves(arena_, first, last, order_seed_ ^ key);
            const bool guided = guide_.lead(arena_, first, last, depth);
            const uint64_t nodes_before = result_.nodes;
            const uint64_t fixed = engine::fix_key(key);
            path_keys_.push_back(fixed);
            path_numbers_.push_back(number);
            ++path_filter_[fixed & kPathFilterMask];
            for (size_t i = first; i < last && !stop_; ++i) {
                const Move m = arena_[i];
                auto undo = game.apply(m);
                path_.push_back(m);
                rests_on = std::min(rests_on, dfs(game, depth + 1));
                path_.pop_back();
                game.undo(m, undo);
                if (guided && i == first) guide_.done();
            }
            path_keys_.pop_back();
            path_numbers_.pop_back();
            --path_filter_[fixed & kPathFilterMask];
            arena_.resize(first);
            if (try_stopped_) {  // unfinished: forgotten (and its ancestors as the search unwinds)
                table_.erase(key, locality);
                return kFinished;
            }
            table_.note_work(key, locality, result_.nodes - nodes_before);
            if (try_ends_at_) return settle(key, locality, number, rests_on, mark);
        }
        return kFinished;
    }

    // The tries' bookkeeping (see Restarts).  path_numbers_ goes with path_keys_;
    // path_filter_ counts the path's keys by their low bits, so that most "seen"
    // answers need no walk along the path.
    struct Resting {
        uint64_t key;
        uint32_t locality;
    };
    static constexpr uint64_t kPathFilterMask = 4095;
    Restarts restarts_;
    uint64_t try_ends_at_ = 0;  // nonzero: the node count at which this try stops
    bool try_stopped_ = false;
    std::vector<Resting> resting_;  // finished positions resting on unfinished ones, oldest first
    std::unordered_map<uint64_t, uint64_t> resting_number_;  // their numbers, by fixed key
    std::vector<uint64_t> path_numbers_;
    std::vector<uint16_t> path_filter_ = std::vector<uint16_t>(kPathFilterMask + 1);

    int target_;
    bool only_target_;
    uint64_t order_seed_ = 0;
    Limits limits_;
    VisitedTable table_;
    SearchResult<Move> result_;
    std::vector<Move> path_, arena_;
    std::vector<uint64_t> path_keys_;  // the positions being expanded, which the table keeps
    engine::Guide<Move> guide_;
    Clock::time_point start_;
    double next_poll_ = 0.0, next_progress_ = kProgressFirst;
    int start_bound_ = 0;
    bool stop_ = false;
};

// Quick tries for the target before (or instead of) one long search.  Deciding
// "can the target be reached?" is heavy-tailed: a search that misses the target in
// its first few million nodes often finds it within thousands in another move order.
// So: short searches, alternately in the game's order and in an order of their own
// (shuffled), the node budget growing by half each time, all inside the caller's limits.
//
// `cap` bounds the nodes all tries may spend (0: none).  Without a cap the tries are
// complete: budgets grow until one covers the whole space.  The outcome is `settled`
// when the answer needs no further search: the target was reached, a try covered the
// whole space (its cuts are sound for the target question, so no line reaches it), or
// one of the caller's limits stopped it.
template <class Move>
struct TargetProbe {
    SearchResult<Move> result;  // the last try's search, with the best line of all tries
    bool settled = false;
};

template <class Game>
TargetProbe<typename Game::Move> probe_target(const Game& start, int target, const Limits& limits, uint64_t cap) {
    using Clock = std::chrono::steady_clock;
    const auto t0 = Clock::now();
    TargetProbe<typename Game::Move> probe;
    SearchResult<typename Game::Move>& out = probe.result;
    uint64_t budget = 20000, used = 0;
    int best = -1;
    std::vector<typename Game::Move> best_line;
    uint64_t best_nodes = 0;
    for (uint64_t attempt = 0;; ++attempt) {
        Limits lim = remaining(limits, 0, std::chrono::duration<double>(Clock::now() - t0).count());
        lim.progress_nodes += used;
        uint64_t allow = budget;
        bool user_nodes = false;  // the caller's node limit, not this try's budget, binds
        if (cap && used + allow > cap) allow = cap - used;
        if (limits.max_nodes && used + allow >= limits.max_nodes) {
            allow = limits.max_nodes - used;
            user_nodes = true;
        }
        if (allow == 0) {
            probe.settled = user_nodes;
            break;
        }
        lim.max_nodes = allow;
        Game game = start;
        Search<Game> search(target, true, lim);
        // The game's own order is usually good, only sometimes very bad: every other
        // try keeps it (with a larger budget each time), the others shuffle.
        if (attempt % 2) search.set_order_seed(0x9e3779b97f4a7c15ull * (attempt / 2 + 1));
        out = search.run(game);
        used += out.nodes;
        if (out.best > best) {
            best = out.best;
            best_line = out.line;
            best_nodes = used - out.nodes + out.nodes_at_best;
        }
        const bool budget_ran_out = out.reason == StopReason::NodeLimit && !user_nodes;
        if (!budget_ran_out || (cap && used >= cap)) {
            probe.settled = !budget_ran_out;
            break;
        }
        budget += budget / 2;
    }
    out.best = best;
    out.line = best_line;
    out.nodes = used;
    out.nodes_at_best = best_nodes;
    out.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return probe;
}

}  // namespace patiens
