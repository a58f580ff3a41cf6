/* Times black-hole-solver's Golf solve board by board, in CPU time, through its
 * public C API (libblack_hole_solver): used by golf_vs_bhs.py, which builds it.
 *
 *   bhs_time [--wrap] [--queens-on-kings] [--repeat N] BOARD_FILE...
 *
 * Prints per board: the file, "cleared" or "not-cleared", the states checked, and
 * the least CPU milliseconds of N solves (reading the board, setting up, running).
 */
#include <black-hole-solver/black_hole_solver.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { GOLF_COLUMNS = 7, GOLF_MAX_CARDS_IN_COLUMN = 5, GOLF_BITS_PER_COLUMN = 3 };

static double cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
    int wrap = 0, queens_on_kings = 0, repeat = 1, i = 1;
    for (; i < argc && argv[i][0] == '-'; ++i) {
        if (!strcmp(argv[i], "--wrap")) wrap = 1;
        else if (!strcmp(argv[i], "--queens-on-kings")) queens_on_kings = 1;
        else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
        else { fprintf(stderr, "bhs_time: unknown option %s\n", argv[i]); return 2; }
    }
    black_hole_solver_instance_t *solver;
    if (black_hole_solver_create(&solver)) return 1;
    black_hole_solver_enable_wrap_ranks(solver, wrap);
    black_hole_solver_enable_place_queens_on_kings(solver, queens_on_kings);
    black_hole_solver_enable_rank_reachability_prune(solver, 0);
    black_hole_solver_config_setup(solver);
    static char board[4096];
    for (; i < argc; ++i) {
        FILE *f = fopen(argv[i], "r");
        if (!f) { fprintf(stderr, "bhs_time: cannot read %s\n", argv[i]); return 2; }
        const size_t n = fread(board, 1, sizeof board - 1, f);
        board[n] = '\0';
        fclose(f);
        double least = -1;
        int status = 0;
        unsigned long states = 0;
        for (int r = 0; r < repeat; ++r) {
            int error_line;
            const double start = cpu_ms();
            if (black_hole_solver_read_board(solver, board, &error_line, GOLF_COLUMNS, GOLF_MAX_CARDS_IN_COLUMN,
                                             GOLF_BITS_PER_COLUMN)) {
                fprintf(stderr, "bhs_time: %s: bad board at line %d\n", argv[i], error_line);
                return 2;
            }
            black_hole_solver_setup(solver);
            status = black_hole_solver_run(solver);
            const double took = cpu_ms() - start;
            states = black_hole_solver_get_iterations_num(solver);
            black_hole_solver_recycle(solver);
            if (least < 0 || took < least) least = took;
        }
        printf("%s %s %lu %.4f\n", argv[i], status == 0 ? "cleared" : "not-cleared", states, least);
    }
    black_hole_solver_free(solver);
    return 0;
}
