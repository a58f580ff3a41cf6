"""patiens: exhaustive solvers for Klondike (Las Vegas), Golf and Poker Squares."""
