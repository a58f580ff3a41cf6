// Klondike (Las Vegas form and its relatives) as a game for the search engine.
//
// The talon is kept as one sequence in deal order: waste (bottom..top) then
// stock (next card first).  Cards only ever leave it, so the state needs just a
// bit mask of the cards still there and a split index: present cards with an
// index below `split` are the waste (the highest is its top), the others the
// stock.  `split` is kept canonical (0, or one past the waste top).
//
// The search never draws one card at a time: a talon move is "draw until card k
// is on top of the waste, then play it" (Bjarnason et al.'s macro moves).  Any
// line of play can be reordered so its draws come right before the waste play
// that needs them, so nothing is lost, and states that differ only by pointless
// draws disappear.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cards.hpp"
#include "search.hpp"

namespace patiens::klondike {

constexpr int kColumns = 7;
constexpr int kColumnCap = 40;   // face-down cards + a full K..A run, with room for odd positions
constexpr int kEmptyBase = 52;   // "parent" of a card lying in an otherwise empty column

struct Rules {
    int draw = 1;            // cards turned per draw: 1 or 3
    int passes = 1;          // passes through the stock; 0 = unlimited
    bool worry_back = true;  // foundation top cards may come back to the tableau
};

// A position as read from a deal file.  The search core checks it again.
struct Layout {
    std::array<std::vector<int>, kColumns> columns;   // bottom card first
    std::array<int, kColumns> face_down{};            // face-down cards at the bottom of each column
    std::vector<int> waste;                           // bottom first, top last
    std::vector<int> stock;                           // next card to draw first
    std::array<int, 4> foundations{};                 // cards on each suit's foundation (C D H S)
    int redeals_done = 0;                             // times the waste was already turned over
};

// One action as a player makes it; what the notation writes down.
enum class ActionKind : uint8_t {
    Draw = 0,                // turn 1 or 3 cards from the stock
    Redeal = 1,              // turn the waste over into a new stock
    WasteToFoundation = 2,
    WasteToColumn = 3,       // to = column
    ColumnToFoundation = 4,  // from = column
    ColumnToColumn = 5,      // from, to = columns; count = cards moved
    FoundationToColumn = 6,  // from = suit, to = column (worry back)
};

struct Action {
    ActionKind kind;
    int from = 0, to = 0, count = 1;
    int card = kNoCard;      // filled in when the action is applied: the (first) card moved,
                             // or for a draw the new top of the waste (count = cards turned)
    int onto = kNoCard;      // the card it was put on (kNoCard: an empty column or home)
    bool turned_up = false;  // a face-down card was turned up by it
    int turned_card = kNoCard;
};

class Klondike {
public:
    enum Kind : uint8_t { ColToFound, ColToCol, TalonToFound, TalonToCol, FoundToCol };

    struct Move {
        uint8_t kind;
        uint8_t from;          // column, suit, or talon index
        uint8_t to;            // column
        uint8_t start;         // ColToCol: index of the moved run's first card
        uint8_t draws_before;  // TalonTo*: draws in the current pass,
        uint8_t redeal;        //   then whether the waste is turned over,
        uint8_t draws_after;   //   then draws in the new pass
        uint8_t automatic = 0;  // 1: the safe automatic move home, the only one tried (see bound())
    };
    struct Undo {
        uint8_t flipped;  // the move turned a face-down card up
        uint8_t split;
        uint8_t card;     // ColToFound: the card sent home
        uint8_t count;    // ColToCol: cards moved
        int16_t redeals_left;
        uint8_t pend_kind, pend_col, pend_card;
    };
    // A move that only prepares another (exposing a card under a partial run, emptying a
    // column, worrying a card back; with draw 1 and unlimited passes, laying a talon card
    // on the tableau) leaves the state "pending": the next move must be the one it
    // prepared.  Any line can be reordered that way (the preparing move waits until just
    // before its use), so nothing is lost and the in-between states disappear.
    enum Pending : uint8_t {
        NoPending = 0,
        SwapPending,   // a partial run moved to the twin: build on the exposed card, or send it home
        WorryPending,  // a card came back from home: build on it, or worry back the card under it
        EmptyPending,  // a column was emptied: a King must come in
        TalonPending,  // draw 1, unlimited passes: a talon card laid on the tableau: build on it
    };

    Klondike(const Layout& layout, const Rules& rules);  // throws std::invalid_argument

    // The helper threads shuffle their move orders: finding a win is heavy-tailed in the
    // order, and with both threads in the game's order 11-12 of 200 casino deals went
    // unproven within 2 s against 8-9 (the median was within noise).
    static constexpr bool kHelpersKeepOrder = false;

    // --- the engine's interface ---
    int value() const { return found_total_; }
    int bound(int floor) const;
    uint64_t key() const { return cards_key() ^ twin_key(); }
    // The cards home and the talon: the search meets many arrangements of the tableau
    // between two changes of them (seed 72: 5.8 M free states in 25 k such clusters, up
    // to 12 k in one), so the visited tables keep each in a shard of its own.
    uint32_t locality() const {
        return static_cast<uint32_t>((home_ * 0x9e3779b97f4a7c15ull ^ talon_mask_ * 0xc2b2ae3d27d4eb4full ^ split_) >> 32);
    }
    // Why the moves, keys, ranks and bound below lose nothing: docs/PROOFS.md, section 1.
    uint16_t rank() const;
    void moves(std::vector<Move>& out) const;
    Undo apply(const Move& m);
    void undo(const Move& m, const Undo& u);

    // --- play by a person's actions (replay) ---
    // Why an action is illegal, or "" (and then its card, the card it goes onto and,
    // for count 0, the run that fits are filled in).  The one place the rules live.
    std::string check(Action& a) const;
    // Applies one action if legal; returns an empty string, or why it is illegal.
    std::string act(Action& a);
    std::vector<Action> legal_actions() const;
    // A card home that can never hurt (safe_to_foundation): the real-game players play
    // it at once, as the search does.
    bool safe_home(const Action& a) const;
    // A worry back that can serve nothing (can_worry): the players never offer it.
    bool pointless(const Action& a) const { return a.kind == ActionKind::FoundationToColumn && !can_worry(a.from); }
    int face_down(int c) const { return col_[c].down; }
    int face_up(int c) const { return col_[c].len - col_[c].down; }
    // Column c's k-th face-up card from its lowest, the waste's top (kNoCard: none) and
    // a suit's cards home: with the counts above, all a person sees of a position.
    int face_up_card(int c, int k) const { return col_[c].cards[col_[c].down + k]; }
    int waste_top() const { return split_ ? talon_[split_ - 1] : kNoCard; }
    int foundation(int suit) const { return found_[suit]; }
    // The actions a line of search moves stands for.
    std::vector<Action> expand(const std::vector<Move>& line) const;

    Layout layout() const;
    const Rules& rules() const { return rules_; }
    int redeals_left() const { return unlimited() ? -1 : redeals_left_; }

private:
    struct Column {
        uint8_t cards[kColumnCap];
        uint8_t len = 0;
        uint8_t down = 0;  // cards[0..down) are face down
        // Kept with the cards for reach_bound, which reads them at every bound: every
        // card of the column, and the twins of its face-up cards that a card lies on.
        uint64_t mask = 0;
        uint64_t covered_twins = 0;
        int top() const { return len ? cards[len - 1] : kNoCard; }
    };

    template <bool kWhy>
    std::string check_as(Action& a) const;  // check(), the reason only when kWhy
    bool unlimited() const { return rules_.passes == 0; }
    bool can_redeal() const { return unlimited() || redeals_left_ > 0; }
    // Draw 1 with unlimited passes: every talon card can be played at any time, so laying
    // one on the tableau waits until a card is laid on it (TalonPending, PROOFS.md K7).
    bool talon_always_in_reach() const { return rules_.draw == 1 && unlimited(); }
    bool playable(int card) const { return found_[suit_of(card)] == rank_of(card) - 1; }
    bool safe_to_foundation(int card) const;
    bool can_come_back(int col) const;  // worry back could return column col's top to where it lies
    bool twin_lies_on(int card, int target) const {  // card lies on target in a run
        return on_[target] == card && (up_mask_ >> target & 1);
    }
    bool fits_on(int card, int target) const {
        return rank_of(target) == rank_of(card) + 1 && is_red(target) != is_red(card);
    }
    bool present(int idx) const { return (talon_mask_ >> idx) & 1; }
    int waste_top_index() const { return split_ ? split_ - 1 : -1; }
    int split_below(int idx) const;  // canonical split once talon[idx] is gone
    uint64_t split_key() const;
    // The cards (and the pending mark), the split for draw 3.
    uint64_t cards_key() const { return rules_.draw == 1 ? hash_ : hash_ ^ split_key(); }
    uint64_t twin_key() const;
    uint64_t twin_swap_key() const;  // twin_key() as if nothing were pending
    struct TalonPlay { uint8_t idx, draws_before, redeal, draws_after; };
    int talon_plays(TalonPlay* plays) const;
    uint64_t talon_reach_of(const TalonPlay* plays, int np) const;  // cards the plays bring to the waste top
    int first_empty_column() const;  // -1: none
    bool swap_useful(int col, int start, uint64_t talon_reach) const;
    bool can_worry(int suit) const;  // worry back allowed and not pointless for this suit's top card
    uint64_t accepted_cards() const;  // cards some column top (or an empty column) would take
    void moves_onto(int col, const TalonPlay* plays, int np, std::vector<Move>& out) const;
    static void talon_move(std::vector<Move>& out, uint8_t kind, const TalonPlay& p, int to);
    // The steps of moves(), in the order it takes them.
    struct Tops {
        int rank[kColumns];  // 0: an empty column
        bool red[kColumns];
        uint32_t twins_taken = 0;  // columns (a bit each) whose other twin, a bare top too, takes the cards for both
    };
    void pending_moves(const TalonPlay* plays, int np, std::vector<Move>& out) const;
    bool automatic_move(std::vector<Move>& out) const;
    void home_moves(const TalonPlay* plays, int np, std::vector<Move>& out) const;
    Tops read_tops() const;
    bool king_waiting(uint64_t talon_reach, int empty_col) const;  // a column may be emptied for a King
    int tableau_moves(const Tops& tops, uint64_t talon_reach, int empty_col, std::vector<Move>& out,
                      Move* others) const;
    void talon_to_tableau_moves(const TalonPlay* plays, int np, uint32_t closed, int empty_col,
                                std::vector<Move>& out) const;
    void worry_moves(uint64_t talon_reach, int empty_col, int skip_suit, int skip_col, std::vector<Move>& out) const;
    void set_pending(uint8_t kind, int col, int card);

    void push_card(int col, int card);
    int pop_card(int col);
    void move_run(int from, int start, int to);
    bool turn_up(int col);    // turns the top face-down card up if nothing covers it
    void turn_down(int col);  // undoes turn_up
    void found_push(int card);
    int found_pop(int suit);
    int take_from_talon(int idx);
    void return_to_talon(int idx);
    void draw_once();

    uint64_t compute_hash() const;
    // The facts of reach_bound's fixpoint that find_pins reads.
    struct Reach { uint64_t home = 0, bare = 0; };
    template <bool kByDraws>  // read the last pass's stock draw by draw (see bound())
    int reach_bound(int floor, Reach* facts = nullptr) const;
    static uint64_t buried_home(uint64_t stay);  // cards home that can never come back down
    void find_pins();
    // Whether reach_bound reads the last pass's stock draw by draw (see bound()): the
    // search's own statistics, kept per thread (each has its copy of the game).
    static constexpr uint32_t kSampleEvery = 128, kStretch = 16384, kStepsPayOneIn = 50;
    mutable uint32_t bound_calls_ = 0, steps_cut_ = 0;
    mutable bool steps_on_ = true;
    bool after_automatic_ = false;  // the last move applied was a safe automatic move home
    int stuck_bound() const;

    Rules rules_;
    Column col_[kColumns];
    uint8_t found_[4] = {0, 0, 0, 0};
    int found_total_ = 0;
    uint8_t talon_[kDeck];
    int talon_len_ = 0;
    uint64_t talon_mask_ = 0;
    uint8_t split_ = 0;
    int16_t redeals_left_ = 0;
    int redeals_done_ = 0;
    uint8_t pend_kind_ = NoPending, pend_col_ = 0, pend_card_ = 0;
    uint64_t up_mask_ = 0;      // face-up tableau cards
    // The highest place of each column whose card can never leave (0: none), found at the
    // position the game starts at (find_pins), so true in every position reached from it.
    uint8_t pins_[kColumns] = {};
    uint64_t home_ = 0;         // the cards on the foundations
    uint64_t talon_cards_ = 0;  // the cards still in the talon (talon_mask_ by card)
    uint8_t on_[kDeck];         // the face-up card lying on each tableau card (kNoCard: none)
    // stuck_needs_[i]: the talon indexes that must lie below talon card i in the waste for
    // it to be the first stuck card bound() finds (kNever: it cannot be).
    static constexpr uint64_t kNever = 1ull << 63;
    uint64_t stuck_needs_[kDeck] = {};
    uint64_t hash_ = 0;
};

struct SolveOutcome {
    SearchResult<Klondike::Move> search;
    std::vector<Action> actions;  // the best line, as a player's actions
};

// The one-thread search runs in tries (search.hpp, Restarts): the maximum with limited
// passes with kRestarts, --first-win from the same first budget for about a second
// (klondike_solve.cpp); `restarts` may say otherwise (first_nodes 0: no tries).
constexpr Restarts kRestarts{20000, 1000000};
SolveOutcome solve(const Layout& layout, const Rules& rules, bool first_win, const Limits& limits,
                   const Restarts& restarts = kRestarts);

// The most cards home over every reachable position, searched with no pruning at all
// (klondike_plain.cpp), for cross-checks of the search; it gives up past `max_positions`.
struct PlainOutcome {
    int best = 0;
    bool complete = true;  // every reachable position was seen (or one had every card home)
    uint64_t positions = 0;
};
PlainOutcome plain_max(const Layout& layout, const Rules& rules, uint64_t max_positions);

// The real game's search player (klondike_worlds.cpp): values[p][w] is the most cards
// home that the exact solver finds after the actions of plans[p] in worlds[w] (each a
// position with its hidden cards filled in), each solve capped at `max_nodes`; with
// `first_win` it looks only for a win (52), so a lost world's figure is the most it
// saw.  With `playouts`, the figure is instead the sum of the most cards home in that
// many games of a simple player (players.hpp, `policy` a players::KlondikePolicy) from
// there.  The worlds are spread over `threads`.
std::vector<std::vector<int>> plan_values(const std::vector<Layout>& worlds, const Rules& rules,
                                          const std::vector<std::vector<Action>>& plans, bool first_win,
                                          uint64_t max_nodes, int threads, int playouts = 0, int policy = 0);

}  // namespace patiens::klondike
