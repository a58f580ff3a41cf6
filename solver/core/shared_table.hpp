// The visited table that the threads of parallel.hpp share.
//
// Each entry is a 64-bit key and a 32-bit word: the best dominance rank seen (plus
// one; 0: an insert not finished yet), a done flag and one busy flag per thread; and
// a word of notes: its shard once the table is split, and what forget() weighs.
//
// Like the one-thread table (search.hpp), it starts as one shard and, for a game with
// a locality, is split into 2^kShardBits shards once it would grow past kSplitSlots
// (any table once its budget cannot hold its growth); each shard then grows on its
// own, so that a probe lands in a shard the search has just used.  Growing a shard must not stop the other threads: with thousands of
// shards growing, two threads on a busy machine would wait for each other at every
// growth.  So a shard is replaced while the others go on using it:
//   * the thread that grows it makes the new array first, while the others search
//     on; then it marks the shard's word kFrozen, and the array is copied chunk by
//     chunk.  Each slot is frozen as it is copied (an empty one takes kFrozenKey, a
//     full one the kMoved flag), and a frozen word never changes again, so no update
//     is lost: one made before the freeze is copied with the word;
//   * a thread that meets the mark or a frozen slot copies chunks too, then waits for
//     the new array (or, for the split, the new directory) and starts its access
//     again.  Only threads working in that very shard ever wait, and not idly;
//   * the thread that grows it publishes the new array once every chunk is copied.
// An old array is freed only once every thread has passed a quiescent point since it
// was replaced (quiesce(): between two accesses, when a thread holds no pointer into
// the table), so a thread still reading it never reads freed memory.  An entry
// remembers its slot with the shard's word; a later access trusts the slot only
// while the shard still holds that word (a shard's arrays only grow, so a word never
// comes back).
//
// When the budget allows no more growth, the table forgets positions, as the
// one-thread table does (search.hpp), but only while every other thread is parked
// (forget(): ParallelSearch stops them at a point where they hold no pointer into the
// table).  It never forgets a busy position (one on a thread's path), so that each
// thread still catches its cycles (docs/PROOFS.md, E7).
#pragma once

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "search.hpp"

namespace patiens {

class SharedTable {
    struct Slot {
        std::atomic<uint64_t> key{0};       // 0: empty; kFrozenKey: empty, and frozen
        std::atomic<uint32_t> word{0};
        std::atomic<uint32_t> notes{0};  // Notes: shard after the split, depth, work
    };
    // A slot's notes: the state's shard among 2^kShardBits (for the split), its depth
    // when first entered (at most 255) and log2 of the nodes its search took (0: fewer
    // than kNotedWork), for forget().
    struct Notes {
        static constexpr uint32_t kShardMask = (1u << engine::kShardBits) - 1, kDepthShift = 12, kWorkShift = 20;
        static_assert(engine::kShardBits <= kDepthShift);
        static uint32_t make(uint32_t locality, size_t depth) {
            return engine::shard_of(locality, engine::kShardBits) |
                   static_cast<uint32_t>(std::min<size_t>(depth, 255)) << kDepthShift;
        }
        static uint32_t shard(uint32_t n) { return n & kShardMask; }
        static uint32_t depth(uint32_t n) { return (n >> kDepthShift) & 255; }
        static uint32_t work(uint32_t n) { return n >> kWorkShift; }
        static uint32_t worth(uint32_t n) { return engine::worth(work(n), depth(n)); }
    };

public:
    static constexpr int kMaxThreads = 14;  // busy flags in the word's bits 17..30
    enum class Visit { New, Done, Mine, Other, Full };
    // Where a thread's state lies, so that finishing it needs no second probe unless
    // its shard was replaced meanwhile.
    struct Entry {
        Slot* slot = nullptr;
        const void* dir = nullptr;  // the directory and the shard's word it was entered in
        uintptr_t array = 0;
        uint32_t shard = 0, locality = 0, rank = 0;  // rank + 1, as the word holds it
        uint64_t key = 0;
        uint64_t generation = 0;  // forget() rebuilds the arrays: `slot` is then stale
    };

    // `when_large`: split into 2^kShardBits shards once past kSplitSlots (any table also
    // splits when its budget cannot hold its one shard's growth).
    SharedTable(uint64_t max_bytes, int threads, bool when_large)
        : max_bytes_(max_bytes), threads_(threads), when_large_(when_large), epochs_(threads) {
        while ((1 << step_shift_) < 32 * threads) ++step_shift_;
        const uint64_t first = std::min(engine::max_slots(max_bytes, sizeof(Slot)), engine::kFirstSlots);
        dir_.store(Directory::make(0, threads, {Array::make(first)}));
        bytes_.store(first * sizeof(Slot));
    }

    ~SharedTable() {
        Directory* d = dir_.load();
        for (uint32_t s = 0; s < d->size(); ++s) Array::release(array_of(d->shards()[s].load()));
        Directory::release(d);
        for (Retired& r : retired_) release(r);
    }

    // Enter a state `depth` moves from the start: New (now marked busy for `me`), Done,
    // Mine (on my own path), Other (another thread is on it; entered anyway when
    // `join`), or Full (memory budget: forget() may make room).
    Visit enter(uint64_t key, uint32_t locality, uint16_t rank, size_t depth, int me, bool join, Entry& e) {
        key = table_key(key);
        const uint32_t want = uint32_t(rank) + 1, mine = busy_bit(me);
        for (;;) {
            Place p = place_of(locality);
            Slot* s = nullptr;
            switch (find_or_insert(p, key, s)) {
                case Probe::Frozen:
                    if (!wait_replaced(p)) return Visit::Full;
                    continue;
                case Probe::Inserted:
                    switch (count_insert(p, me)) {
                        case Room::Full: return Visit::Full;
                        case Room::Replaced: continue;  // the shard grew: the state is to be entered there
                        case Room::Enough: break;
                    }
                    break;
                case Probe::Full:  // filled before its growth began: grow it (or wait for it)
                    if (!grow(p)) return Visit::Full;
                    std::this_thread::yield();
                    continue;
                case Probe::Found: break;
            }
            uint32_t cur = s->word.load(std::memory_order_acquire);
            for (;;) {
                if (cur & kMoved) break;
                uint32_t next;
                if ((cur & kRankMask) >= want) {
                    if (cur & kDone) return Visit::Done;
                    if (cur & mine) return Visit::Mine;
                    if (!join) return Visit::Other;
                    next = cur | mine;
                } else {  // new, or reached now with a better rank: not done at that rank
                    next = want | (cur & kBusyMask) | mine;
                }
                // Whoever gives the word its first rank writes the notes first (all
                // write the same shard), so that whoever sees the word sees the shard.
                if (cur == 0) s->notes.store(Notes::make(locality, depth), std::memory_order_relaxed);
                if (s->word.compare_exchange_weak(cur, next, std::memory_order_acq_rel)) {
                    e = {s, p.dir, p.word, p.shard, locality, want, key, generation_.load(std::memory_order_relaxed)};
                    return Visit::New;
                }
            }
            if (!wait_replaced(p)) return Visit::Full;
        }
    }

    // Leave a state entered with enter(), whose search took `nodes`: done when
    // `complete` and no better rank came in meanwhile.
    void finish(const Entry& e, int me, bool complete, uint64_t nodes) {
        for (;;) {
            Directory* d = dir_.load();
            Place p{d, e.shard, 0};
            Slot* s = nullptr;
            bool given_up = false;  // s lies in the frozen array of a split given up
            // (Between two forget()s a shard's arrays only grow, so its word never repeats.)
            if (d == e.dir && e.generation == generation_.load(std::memory_order_relaxed)) {
                p.word = d->shards()[e.shard].load();
                if (p.word == e.array) s = e.slot;
            }
            if (!s) {  // the shard was replaced: look the state up again
                p = place_of(e.locality);
                if (find(p, e.key, s) == Probe::Frozen && wait_replaced(p)) continue;
                // A split the budget could not hold leaves its array frozen, the table
                // until forget() unfreezes it: the busy flag is cleared there, or the
                // state would stay busy, never forgotten, for good.
                if ((given_up = given_up_.load())) s = find_given_up(p, e.key);
                if (!s) return;  // (cannot happen: an entered state stays in the table)
            }
            uint32_t cur = s->word.load(std::memory_order_acquire);
            while (!(cur & kMoved) || given_up) {
                uint32_t next = cur & ~busy_bit(me);
                if (complete && (cur & kRankMask) == e.rank) next |= kDone;
                if (s->word.compare_exchange_weak(cur, next, std::memory_order_acq_rel)) {
                    note_work(*s, nodes);
                    return;
                }
            }
            wait_replaced(p);  // (or given up meanwhile: the state is looked up in its frozen array)
        }
    }

    // A thread about to use the table, one at a point where it holds no pointer into
    // it (now and then, between accesses), and one that will not touch it again.
    void enlist(int me) { quiesce(me); }
    //
    // Why a replaced array is safe to free once every thread's epoch has moved: the
    // new array is published (sequentially consistent store) before the epochs are
    // read; a thread's epoch moves by a sequentially consistent exchange, and it finds
    // its arrays by sequentially consistent loads (plain loads on x86).  So a thread
    // whose epoch moved after the read finds the new array from then on, and the old
    // one was only reachable through what it held before, which it no longer uses.
    void quiesce(int me) {
        epochs_[me].n.exchange(epochs_[me].n.load(std::memory_order_relaxed) + 1);
        if (retired_count_.load(std::memory_order_relaxed)) reclaim();
    }
    void retire(int me) { epochs_[me].n.store(kOffline); }

    // States held (an estimate while threads still insert) and bytes taken.
    uint64_t size() const {
        Directory* d = dir_.load();
        uint64_t n = 0;
        for (uint32_t s = 0; s < d->size(); ++s) n += load_of(d, s, d->shards()[s].load());
        return n;
    }
    uint64_t bytes() const { return std::max(bytes_.load(), peak_bytes_); }  // the most it held
    uint64_t forgotten() const { return forgotten_; }

    // The budget is spent: forget about half of the positions, those whose searches
    // were the smallest (by the work noted, then the deepest first), never a busy one,
    // and rebuild each shard at the size its positions now need, so that the budget
    // freed goes to the shards that grow next.  Only while every other thread is
    // parked, holding no pointer into the table (its entries are looked up again:
    // `generation`).  Returns the positions forgotten (0: no room can be made).
    uint64_t forget() {
        for (Retired& r : retired_) release(r);  // (no parked thread reads them)
        retired_.clear();
        retired_count_.store(0);
        peak_bytes_ = std::max(peak_bytes_, bytes_.load());
        Directory* d = dir_.load();
        std::vector<uintptr_t> arrays(d->size());
        for (uint32_t k = 0; k < d->size(); ++k) arrays[k] = d->shards()[k].load() & ~kFrozen;
        // By worth, the positions that may go; the busy ones stay whatever they are worth.
        std::vector<uint64_t> by_worth(engine::kWorthLevels);
        uint64_t count = 0;
        for (uintptr_t a : arrays)
            for_each_state(a, [&](uint64_t, uint32_t w, uint32_t n) {
                ++count;
                if ((w & kDone) && !(w & kBusyMask)) ++by_worth[Notes::worth(n)];
            });
        const uint32_t least_kept = engine::least_kept_worth(by_worth, count);  // kept: busy, or done and this worth
        auto kept = [&](uint32_t w, uint32_t n) {
            return (w & kBusyMask) || ((w & kDone) && Notes::worth(n) >= least_kept);
        };
        uint64_t left = 0, bytes = 0;
        if (d->bits == 0) {
            left = thin_in_place(arrays[0], kept);
            bytes = slots_of(arrays[0]) * sizeof(Slot);
        } else {
            std::vector<uint64_t> counts(arrays.size());
            for (size_t k = 0; k < arrays.size(); ++k)
                for_each_state(arrays[k], [&](uint64_t, uint32_t w, uint32_t n) { counts[k] += kept(w, n); });
            const bool tight = engine::split_total(counts, false) * sizeof(Slot) > max_bytes_ / 2;
            for (size_t k = 0; k < arrays.size(); ++k) {
                const uintptr_t old = arrays[k];
                arrays[k] = Array::make(std::min(slots_of(old), engine::split_slots(counts[k], tight)));
                for_each_state(old, [&](uint64_t key, uint32_t w, uint32_t n) {
                    if (kept(w, n)) put(arrays[k], key, w, n);
                });
                array_of(arrays[k])->base.store(counts[k]);
                left += counts[k];
                bytes += slots_of(arrays[k]) * sizeof(Slot);
                Array::release(array_of(old));
            }
        }
        dir_.store(Directory::make(d->bits, threads_, arrays));
        Directory::release(d);
        bytes_.store(bytes);
        generation_.fetch_add(1);
        given_up_.store(false);  // (a split the budget could not hold is tried again)
        forgotten_ += count - left;
        return count - left;
    }

private:
    static constexpr uint32_t kRankMask = 0xffff, kDone = 1u << 16, kBusyMask = 0x3fffu << 17, kMoved = 1u << 31;
    static constexpr uint64_t kFrozenKey = ~0ull;
    // A state's key in the table: never 0 (empty) nor kFrozenKey.
    static uint64_t table_key(uint64_t key) {
        key = engine::fix_key(key);
        return key == kFrozenKey ? kFrozenKey - 1 : key;
    }
    static constexpr uint64_t kOffline = ~0ull;
    static uint32_t busy_bit(int me) { return 1u << (17 + me); }

    // A shard's slots, behind a header of a cache line in one block.  A shard holds
    // its array as one word, the array's address with log2 of its slots in the low
    // bits, so that a probe needs nothing more than the word to find its slot, and
    // kFrozen once its slots are being frozen (to be replaced).
    struct alignas(64) Array {
        std::atomic<bool> growing{false};  // a thread is replacing it
        std::atomic<uint64_t> base{0};     // states copied into it when it was made
        // While it is copied into `next`, chunk by chunk, by the thread that grows it
        // and by those that would wait for it: chunks taken and chunks done.
        std::atomic<uintptr_t> next{0};
        std::atomic<uint64_t> taken{0}, copied{0};
        Slot* slots() { return reinterpret_cast<Slot*>(this + 1); }

        // The slots are zeroed here, in order (an empty slot is all zero): calloc's
        // untouched zero pages, written first by the copy's scattered stores, fault in
        // one by one and made the growth several times slower.
        static uintptr_t make(uint64_t n) {
            void* block = std::aligned_alloc(alignof(Array), sizeof(Array) + n * sizeof(Slot));
            if (!block) throw std::bad_alloc();
            Array* a = new (block) Array();
            std::memset(static_cast<void*>(a->slots()), 0, n * sizeof(Slot));  // empty slots: all zero
            int log2 = 0;
            while ((uint64_t(1) << log2) < n) ++log2;
            return reinterpret_cast<uintptr_t>(a) | uintptr_t(log2);
        }
        static void release(Array* a) { std::free(a); }  // (slots and header are trivially destructible)
    };
    static constexpr uintptr_t kLog2 = 31, kFrozen = 32;
    static Array* array_of(uintptr_t word) { return reinterpret_cast<Array*>(word & ~uintptr_t(63)); }
    static uint64_t slots_of(uintptr_t word) { return uint64_t(1) << (word & kLog2); }
    // Put a state into an array the search does not see yet (the threads copying into
    // it may, so a slot is taken by a compare-and-swap); the caller adds it to `base`.
    static void put(uintptr_t word, uint64_t key, uint32_t w, uint32_t notes) {
        Slot* slots = array_of(word)->slots();
        const uint64_t mask = slots_of(word) - 1;
        for (uint64_t i = engine::mix(key) & mask;; i = (i + 1) & mask) {
            uint64_t empty = 0;
            if (slots[i].key.load(std::memory_order_relaxed) == 0 &&
                slots[i].key.compare_exchange_strong(empty, key, std::memory_order_relaxed)) {
                slots[i].word.store(w, std::memory_order_relaxed);
                slots[i].notes.store(notes, std::memory_order_relaxed);
                return;
            }
        }
    }

    struct alignas(64) Counts {  // a cache line of a thread's counts
        std::atomic<uint64_t> n[8] = {};
    };
    // The shards' words, behind a small header in one block.  Each thread counts its own
    // inserts per shard (log2 of the array's slots in the high half, as an array's
    // size only grows): a count shared by the threads and written at every insert kept
    // them waiting on its cache line.
    struct Directory {
        int bits, threads;
        Counts* rows[kMaxThreads];  // per thread: its inserts per shard
        std::atomic<uintptr_t>* shards() { return reinterpret_cast<std::atomic<uintptr_t>*>(this + 1); }
        uint32_t size() const { return uint32_t(1) << bits; }
        std::atomic<uint64_t>& inserts(int thread, uint32_t shard) const { return rows[thread][shard / 8].n[shard % 8]; }

        static Directory* make(int bits, int threads, const std::vector<uintptr_t>& arrays) {
            void* block = std::malloc(sizeof(Directory) + arrays.size() * sizeof(std::atomic<uintptr_t>));
            if (!block) throw std::bad_alloc();
            Directory* d = new (block) Directory{bits, threads, {}};
            for (size_t s = 0; s < arrays.size(); ++s) new (&d->shards()[s]) std::atomic<uintptr_t>(arrays[s]);
            for (int t = 0; t < threads; ++t) d->rows[t] = new Counts[(arrays.size() + 7) / 8];
            return d;
        }
        static void release(Directory* d) {
            if (!d) return;
            for (int t = 0; t < d->threads; ++t) delete[] d->rows[t];
            std::free(d);
        }
    };

    // Where a state's shard lies now.
    struct Place {
        Directory* dir;
        uint32_t shard;
        uintptr_t word;  // the shard's array
        Array* array() const { return array_of(word); }
        uint64_t mask() const { return slots_of(word) - 1; }
    };
    Place place_of(uint32_t locality) const {
        Directory* d = dir_.load();  // (sequentially consistent: see quiesce)
        const uint32_t s = engine::shard_of(locality, d->bits);
        return {d, s, d->shards()[s].load()};
    }

    // Full: every slot taken.  The threads keep a shard's load near 3/4, but a small
    // shard can fill up while the thread that grows it is not running yet, and once
    // the budget stops its growth, each thread still inserts a state before it stops.
    enum class Probe { Found, Inserted, Frozen, Full };
    Probe find_or_insert(const Place& p, uint64_t key, Slot*& s) {
        if (p.word & kFrozen) return Probe::Frozen;  // (see find)
        Slot* slots = p.array()->slots();
        const uint64_t mask = p.mask(), home = engine::mix(key) & mask;
        for (uint64_t i = home;; ) {
            uint64_t k = slots[i].key.load(std::memory_order_acquire);
            if (k == 0 && slots[i].key.compare_exchange_strong(k, key, std::memory_order_acq_rel)) {
                s = &slots[i];
                return Probe::Inserted;
            }
            if (k == key) {
                s = &slots[i];
                return Probe::Found;
            }
            if (k == kFrozenKey) return Probe::Frozen;
            if ((i = (i + 1) & mask) == home) return Probe::Full;
        }
    }
    // Found (s set), or not there (s null), or Frozen.
    Probe find(const Place& p, uint64_t key, Slot*& s) {
        // A thread that went on probing an array while another froze it took the
        // slots' cache lines away from it: a growth took 2.2 times as long.
        if (p.word & kFrozen) return Probe::Frozen;
        Slot* slots = p.array()->slots();
        const uint64_t mask = p.mask(), home = engine::mix(key) & mask;
        for (uint64_t i = home;; ) {
            const uint64_t k = slots[i].key.load(std::memory_order_acquire);
            if (k == key) {
                s = &slots[i];
                return Probe::Found;
            }
            if (k == kFrozenKey) return Probe::Frozen;
            if (k == 0) return Probe::Found;
            if ((i = (i + 1) & mask) == home) return Probe::Found;
        }
    }

    // The slot of a state in the frozen array of a split the budget could not hold.
    Slot* find_given_up(const Place& p, uint64_t key) const {
        Slot* slots = p.array()->slots();
        const uint64_t mask = p.mask(), home = engine::mix(key) & mask;
        for (uint64_t i = home;; ) {
            const uint64_t k = slots[i].key.load(std::memory_order_acquire);
            if (k == key) return &slots[i];
            if (k == 0 || k == kFrozenKey || (i = (i + 1) & mask) == home) return nullptr;
        }
    }

    // Until the place's array is replaced (the shard grew, or the table was split):
    // true; false when the table was given up instead (out of memory while split).
    bool wait_replaced(const Place& p) const {
        while (dir_.load() == p.dir && p.dir->shards()[p.shard].load() == p.word) {
            if (given_up_.load()) return false;
            help_copy(p);
            std::this_thread::yield();
        }
        return true;
    }

    // States in a shard's array: those copied in, and those the threads inserted since
    // (which counts inserts whose thread redid them in a newer array, so it may read
    // high: the shard then grows a little early).
    static uint64_t load_of(const Directory* d, uint32_t shard, uintptr_t word) {
        uint64_t n = array_of(word)->base.load(std::memory_order_relaxed);
        for (int t = 0; t < d->threads; ++t) {
            const uint64_t c = d->inserts(t, shard).load(std::memory_order_relaxed);
            if ((c >> 32) == (word & kLog2)) n += c & 0xffffffffu;
        }
        return n;
    }

    // After `me` inserted into the place's array: keep its load under 3/4.  A thread
    // looks at the shard's whole load only every `step` of its own inserts there, so
    // that the threads together overshoot the 3/4 by a 32nd of the slots at most.
    enum class Room { Enough, Replaced, Full };
    Room count_insert(const Place& p, int me) {
        std::atomic<uint64_t>& mine = p.dir->inserts(me, p.shard);
        uint64_t c = mine.load(std::memory_order_relaxed);
        if ((c >> 32) != (p.word & kLog2)) c = uint64_t(p.word & kLog2) << 32;
        mine.store(++c, std::memory_order_relaxed);
        const int spare = int(p.word & kLog2) - step_shift_;  // step = min(64, slots / (32 * threads))
        const uint64_t step_mask = spare <= 0 ? 0 : (uint64_t(1) << std::min(spare, 6)) - 1;
        if ((c & step_mask) != 0) return Room::Enough;
        const uint64_t size = slots_of(p.word);
        if (load_of(p.dir, p.shard, p.word) * 4 <= size * 3) return Room::Enough;
        return grow(p) ? Room::Replaced : Room::Full;
    }

    // Replace the place's array by a larger one, or split the table the first time
    // its one shard would pass kSplitSlots, or earlier when the budget cannot hold its
    // growth.  The old slots and the new ones are held at once, and must fit in the
    // budget together: false when they do not.  True also when another thread is
    // replacing it already.
    bool grow(const Place& p) {
        // The flag stays set on an array once replaced: it is never grown again.
        bool idle = false;
        if (!p.array()->growing.compare_exchange_strong(idle, true)) return true;
        if (dir_.load() != p.dir || p.dir->shards()[p.shard].load() != p.word) return true;  // replaced meanwhile
        const uint64_t size = slots_of(p.word);
        const bool one_shard = p.dir->bits == 0;
        if (engine::splits(size, p.dir->bits, when_large_) ? split_table(p)
                                                            : grow_shard(p, one_shard) || (one_shard && split_table(p)))
            return true;
        p.array()->growing.store(false);  // (out of memory: the search stops)
        return false;
    }

    // To engine::grown_slots, or double where the budget does not allow that.  The
    // one shard grows only to a size it could still split from (engine::may_split_later):
    // false, the caller then splits it.
    bool grow_shard(const Place& p, bool one_shard) {
        const uint64_t size = slots_of(p.word);
        auto take = [&](uint64_t grown) {
            return (!one_shard || engine::may_split_later(grown * sizeof(Slot), max_bytes_)) &&
                   reserve(grown * sizeof(Slot));
        };
        uint64_t grown = engine::grown_slots(size, one_shard);
        if (!take(grown)) {
            if (grown == 2 * size) return false;
            grown = 2 * size;
            if (!take(grown)) return false;
        }
        Array* old = p.array();
        old->next.store(Array::make(grown));  // made before any slot is frozen: the others go on meanwhile
        p.dir->shards()[p.shard].store(p.word | kFrozen);
        help_copy(p);
        while (old->copied.load(std::memory_order_acquire) < chunks_of(size)) std::this_thread::yield();
        p.dir->shards()[p.shard].store(old->next.load());
        retire_later(old, nullptr, size * sizeof(Slot));
        return true;
    }

    // The copy of a frozen array into its next one goes by chunks of kChunk slots,
    // taken by any thread that meets it.  The thread that grows it waits until every
    // chunk is done; each of the others helps and then waits for the new array as well.
    static constexpr uint64_t kChunk = 4096;
    static uint64_t chunks_of(uint64_t size) { return (size + kChunk - 1) / kChunk; }
    static void help_copy(const Place& p) {
        Array* old = p.array();
        const uintptr_t next = old->next.load(std::memory_order_acquire);
        if (!next) return;  // (the split: its one thread copies it)
        const uint64_t size = slots_of(p.word), chunks = chunks_of(size);
        while (old->taken.load(std::memory_order_relaxed) < chunks) {
            const uint64_t c = old->taken.fetch_add(1);
            if (c >= chunks) break;
            uint64_t copied = 0;
            freeze(p, c * kChunk, std::min(size, (c + 1) * kChunk), [&](uint64_t k, uint32_t w, uint32_t loc) {
                put(next, k, w, loc);
                ++copied;
            });
            array_of(next)->base.fetch_add(copied, std::memory_order_relaxed);
            old->copied.fetch_add(1, std::memory_order_release);
        }
    }

    // The one shard, into 2^kShardBits by locality, each under half full, or, where
    // the budget allows no more, as full as a shard may be.
    bool split_table(const Place& p) {
        constexpr int bits = engine::kShardBits;
        p.dir->shards()[p.shard].store(p.word | kFrozen);
        freeze(p, 0, slots_of(p.word), [](uint64_t, uint32_t, uint32_t) {});  // the counts below must see every state
        std::vector<uint64_t> counts(uint64_t(1) << bits);
        for_each_state(p.word, [&](uint64_t, uint32_t, uint32_t n) { ++counts[Notes::shard(n)]; });
        bool tight = false;
        if (!reserve(engine::split_total(counts, tight) * sizeof(Slot)) &&
            !reserve(engine::split_total(counts, tight = true) * sizeof(Slot))) {
            // The budget is spent, and the frozen table can take no more: the search
            // stops on this Full, and so does every thread that meets a frozen slot.
            given_up_.store(true);
            return false;
        }
        std::vector<uintptr_t> arrays(counts.size());
        for (size_t s = 0; s < counts.size(); ++s) arrays[s] = Array::make(engine::split_slots(counts[s], tight));
        for_each_state(p.word, [&](uint64_t k, uint32_t w, uint32_t n) {
            const uintptr_t into = arrays[Notes::shard(n)];
            put(into, k, w, n);
            array_of(into)->base.fetch_add(1, std::memory_order_relaxed);
        });
        dir_.store(Directory::make(bits, threads_, arrays));
        retire_later(p.array(), p.dir, slots_of(p.word) * sizeof(Slot));
        return true;
    }

    // Freeze slots [first, last): an empty one so that nothing is inserted there, a
    // full one so that its word changes no more; visit(key, word, locality) each state
    // as it is frozen.  A word of 0 is an insert its thread had not finished: it redoes
    // it in the new array.
    template <class Visit_>
    static void freeze(const Place& p, uint64_t first, uint64_t last, Visit_ visit) {
        Slot* slots = p.array()->slots();
        for (uint64_t i = first; i < last; ++i) {
            uint64_t k = 0;
            if (slots[i].key.compare_exchange_strong(k, kFrozenKey)) continue;
            const uint32_t w = slots[i].word.fetch_or(kMoved);
            if (w != 0) visit(k, w, slots[i].notes.load(std::memory_order_relaxed));
        }
    }
    // Each state of an array no thread changes (frozen, or every other thread parked),
    // as freeze() visits them.
    template <class Visit_>
    static void for_each_state(uintptr_t array, Visit_ visit) {
        Slot* slots = array_of(array)->slots();
        for (uint64_t i = 0; i < slots_of(array); ++i) {
            const uint64_t k = slots[i].key.load(std::memory_order_acquire);
            const uint32_t w = slots[i].word.load(std::memory_order_acquire) & ~kMoved;
            if (k != kFrozenKey && w != 0) visit(k, w, slots[i].notes.load(std::memory_order_relaxed));
        }
    }

    // Notes the work of a search (only from kNotedWork nodes on: a store more for the
    // few positions that head a large search).  Two threads noting at once may lose one
    // figure: it only weighs what forget() keeps.
    static void note_work(Slot& s, uint64_t nodes) {
        if (nodes < VisitedTable::kNotedWork) return;
        const uint32_t work = 63 - __builtin_clzll(nodes), n = s.notes.load(std::memory_order_relaxed);
        if (work > Notes::work(n)) s.notes.store((n & ((1u << Notes::kWorkShift) - 1)) | work << Notes::kWorkShift, std::memory_order_relaxed);
    }

    // forget() for a table of one shard, in its array: each kept position is put back
    // from its home slot, walking the array from an empty slot, so that linear probing
    // finds every one again (a frozen array, a split the budget could not hold, is
    // unfrozen).  An array with no empty slot is rebuilt from a copy of what it keeps.
    // Returns the positions kept.
    template <class Kept>
    static uint64_t thin_in_place(uintptr_t array, Kept kept) {
        Slot* slots = array_of(array)->slots();
        const uint64_t size = slots_of(array);
        auto empty = [&](uint64_t i) {
            const uint64_t k = slots[i].key.load(std::memory_order_relaxed);
            return k == 0 || k == kFrozenKey;
        };
        uint64_t start = 0;
        while (start < size && !empty(start)) ++start;
        std::vector<std::pair<uint64_t, uint64_t>> full_copy;  // (key, word << 32 | notes), only for a full array
        uint64_t left = 0;
        for (uint64_t k = 1; k <= size; ++k) {
            const uint64_t j = (start + k) % size;
            const uint64_t key = slots[j].key.load(std::memory_order_relaxed);
            const uint32_t w = slots[j].word.load(std::memory_order_relaxed) & ~kMoved;
            const uint32_t n = slots[j].notes.load(std::memory_order_relaxed);
            slots[j].key.store(0, std::memory_order_relaxed);
            slots[j].word.store(0, std::memory_order_relaxed);
            if (key == 0 || key == kFrozenKey || w == 0 || !kept(w, n)) continue;
            ++left;
            if (start == size) full_copy.emplace_back(key, uint64_t(w) << 32 | n);
            else put(array, key, w, n);
        }
        for (const auto& [key, wn] : full_copy) put(array, key, static_cast<uint32_t>(wn >> 32), static_cast<uint32_t>(wn));
        array_of(array)->base.store(left);
        array_of(array)->growing.store(false);
        return left;
    }

    // --- memory --------------------------------------------------------------------

    bool reserve(uint64_t n) {
        uint64_t cur = bytes_.load();
        do {
            if (cur + n > max_bytes_) {
                reclaim();  // old arrays no thread can read any more
                cur = bytes_.load();
                if (cur + n > max_bytes_) return false;
            }
        } while (!bytes_.compare_exchange_weak(cur, cur + n));
        return true;
    }

    // An array (and a directory) replaced: freed once every thread has passed a
    // quiescent point (or left) since.
    struct Retired {
        Array* array;
        Directory* dir;
        uint64_t bytes;
        std::vector<uint64_t> epochs;
    };
    void retire_later(Array* a, Directory* d, uint64_t bytes) {
        Retired r{a, d, bytes, {}};
        for (const Epoch& e : epochs_) r.epochs.push_back(e.n.load());
        std::lock_guard<std::mutex> lock(retired_mutex_);
        retired_.push_back(std::move(r));
        retired_count_.store(retired_.size());
    }
    void reclaim() {
        std::lock_guard<std::mutex> lock(retired_mutex_);
        size_t kept = 0;
        for (size_t i = 0; i < retired_.size(); ++i) {
            Retired& r = retired_[i];
            bool quiet = true;
            for (size_t t = 0; t < epochs_.size() && quiet; ++t) {
                const uint64_t now = epochs_[t].n.load();
                quiet = r.epochs[t] == 0 || now == kOffline || now > r.epochs[t];
            }
            if (quiet) release(r);
            else if (kept++ != i) retired_[kept - 1] = std::move(r);
        }
        retired_.resize(kept);
        retired_count_.store(kept);
    }
    void release(Retired& r) {
        Array::release(r.array);
        Directory::release(r.dir);
        bytes_.fetch_sub(r.bytes);
    }

    struct alignas(64) Epoch {
        std::atomic<uint64_t> n{0};  // 0: not started; kOffline: gone
    };

    uint64_t max_bytes_;
    int threads_;
    bool when_large_;
    int step_shift_ = 0;
    std::atomic<Directory*> dir_{nullptr};
    alignas(64) std::atomic<uint64_t> bytes_{0};
    std::vector<Epoch> epochs_;
    std::mutex retired_mutex_;
    std::vector<Retired> retired_;
    std::atomic<size_t> retired_count_{0};
    std::atomic<bool> given_up_{false};
    std::atomic<uint64_t> generation_{0};  // forget()s so far
    uint64_t peak_bytes_ = 0, forgotten_ = 0;  // (written by forget() alone, the others parked)
};

}  // namespace patiens
