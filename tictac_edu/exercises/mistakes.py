"""The classic mistakes the checks recognise, each with the hint a learner sees.

A failing test names the mistake it most likely comes from (``CaseResult.mistake``) and
shows its hint. The ids are stable: the project's own tests look for them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Mistake:
    """A classic mistake: a short ``title`` and the ``hint`` that explains how to fix it."""

    id: str
    title: str
    hint: str


_MISTAKES = [
    # -- boards and rules -------------------------------------------------------------------
    Mistake("empty_is_none", "empty cells are None",
            "An empty cell holds None; a cell holding \"X\" or \"O\" is taken. Keep the cells where "
            "`board[cell] is None`."),
    Mistake("set_order", "moves in a fixed order",
            "List the moves in a fixed order, smallest cell first (never iterate over a set): node "
            "counts and best moves depend on the order."),
    Mistake("stops_at_win", "every empty cell, even after a win",
            "This warm-up lists every empty cell, whether or not someone has three in a row already, as "
            "its docstring says: it does not look at wins. (A game's own legal_moves stops at a win; this "
            "function does not.) Keep every cell where `board[cell] is None`."),
    Mistake("missing_row", "a row is not checked",
            "A win along a row is missed: check the rows 0, 1, 2 / 3, 4, 5 / 6, 7, 8."),
    Mistake("missing_column", "a column is not checked",
            "A win down a column is missed: check the columns 0, 3, 6 / 1, 4, 7 / 2, 5, 8."),
    Mistake("missing_diagonal", "the diagonal is not checked",
            "A win on the diagonal 0, 4, 8 (top-left to bottom-right) is missed: check it too."),
    Mistake("missing_anti_diagonal", "the anti-diagonal is not checked",
            "A win on the anti-diagonal is missed: check the anti-diagonal 2, 4, 6 (top-right to "
            "bottom-left), the line that is easiest to forget."),
    Mistake("empty_line", "three empty cells are not a win",
            "Three equal cells are a win only if they are not empty: test `board[a] is not None` as "
            "well as `board[a] == board[b] == board[c]`."),
    Mistake("aliasing", "[[0] * 3] * 3 aliasing",
            "A mark seems to appear in several rows at once. `[[None] * 3] * 3` builds ONE row and "
            "three references to it, so writing a cell writes the same cell of every row. Build the "
            "grid with `[[None] * 3 for _ in range(3)]`, or work on the 9 cells directly."),
    Mistake("winner_value", "winner returns the player",
            "Return the winning player itself (\"X\" or \"O\"), and None when nobody has three in a row "
            "(an unfinished game or a draw), not True/False or a word like \"draw\"."),
    Mistake("not_restored", "the board is not restored after a recursive call",
            "The board was not put back as it was. After the recursive call for a move, take the mark "
            "back (`board[cell] = None`) before trying the next move, and return with the board exactly "
            "as you were given it."),
    Mistake("won_game_not_leaf", "a won game is a leaf",
            "A position where someone has three in a row is the end of the game: count it as one node "
            "and do not play on from it."),
    Mistake("alternate_players", "players take turns",
            "The players alternate: after `player` moves, it is the other player's turn in the "
            "recursive call (in MAX/MIN form: the children of a MAX node are MIN nodes and the reverse, "
            "so call them with `not maximizing`)."),
    Mistake("count_root", "one node = one call",
            "Count every position once, the one you were given included (1 + the nodes under each "
            "move): one node = one call of the search, the root and finished games included."),
    Mistake("mutates_input", "the input was changed",
            "Your function changed the board (or list) it was given. Work on a copy, or put everything "
            "back before returning: a caller does not expect its data to change."),
    Mistake("changed_given_board", "the board you were given was changed",
            "The mark went into the caller's list itself, so the caller's board changed behind their back. "
            "`new_board = board` does not copy anything, it gives the same list a second name. Make a "
            "real copy first, `new_board = list(board)`, mark the copy and return it."),
    Mistake("no_return", "the new board is not returned",
            "Your function returned None: it has no `return` (or returns what `list.append` or an "
            "assignment gives, which is None). End with `return new_board`."),
    Mistake("row_major", "cells are numbered row by row",
            "The mark landed on the mirror-image cell: row and column are swapped. Cells are numbered row "
            "by row (row-major): cell = 3 * row + column, so 0 1 2 is the top row, 3 4 5 the middle one, "
            "6 7 8 the bottom one. Mark `new_board[cell]` directly; with rows and columns, row = "
            "cell // 3 and column = cell % 3."),
    Mistake("wrong_mark", "the mark of the player given",
            "The wrong mark was placed: put the mark of the `player` you are given (\"X\" or \"O\"), "
            "not always the same one: `new_board[cell] = player`."),
    # -- minimax ----------------------------------------------------------------------------
    Mistake("wrong_side", "the score taken from the wrong player's side",
            "The value has the wrong sign for some positions: the score is taken from the wrong "
            "player's side. A value here is for the player to move at `state`: a finished game is "
            "worth `state.utility(state.to_move)`, and a child's value is for the opponent, so negate "
            "it (negamax), or keep track of whose view you maximise (MAX/MIN)."),
    Mistake("terminal_first", "stop at finished games",
            "Test `state.is_terminal()` first and return the score of a finished game there; only an "
            "unfinished position has moves to try."),
    Mistake("best_starts_at_zero", "the best value starts at minus infinity",
            "The best value so far must start below every possible value: `best = -math.inf` (or take "
            "`max(...)` of the children's values). Starting at 0 makes every lost position look like a "
            "draw, because no child's value ever beats the 0 you started with."),
    Mistake("no_faster_wins", "no preference for faster wins",
            "All wins score the same, so the search has no reason to win quickly (and may dawdle). "
            "Score a finished game as `utility * (state.max_plies + 1 - state.ply)`: on tic-tac-toe "
            "+-(10 - ply), a win after 5 moves 5, after 7 moves 3."),
    Mistake("ply_from_root", "plies counted from the start of the game",
            "Count plies from the start of the game (`state.ply`, the number of marks on the board), "
            "not from the position where the search began: the same finished game must get the same "
            "score wherever the search started."),
    # -- alpha-beta -------------------------------------------------------------------------
    Mistake("fixed_game_length", "the length of the game comes from the game",
            "`10 - state.ply` is right for tic-tac-toe only, whose games last at most 9 moves. Other games "
            "are longer or shorter: score a finished game `utility * (state.max_plies + 1 - state.ply)`, "
            "with the game's own `state.max_plies`."),
    Mistake("window_not_passed", "alpha and beta not passed down",
            "Nothing is ever cut off: alpha and beta are not passed down (or there is no `break`). Search "
            "each child with the current window: in negamax form `alphabeta(child, -beta, -alpha)`, in "
            "MAX/MIN form `alphabeta_tree(child, alpha, beta, not maximizing, visited)`, with the window as "
            "improved by the moves already searched (MAX raises alpha, MIN lowers beta), and stop the loop "
            "when `alpha >= beta`."),
    Mistake("window_wrong_level", "alpha and beta updated at the wrong level",
            "The window is mixed up between levels. In negamax form a child is searched with "
            "`(-beta, -alpha)` (swapped and negated), its value is negated (`value = -child_value`) and "
            "only then compared with alpha (`alpha = max(alpha, value)`); in MAX/MIN form MAX raises "
            "alpha and MIN lowers beta."),
    Mistake("root_window", "the root must keep one window",
            "Each move at the root gets a fresh full window, so what the first moves proved is thrown "
            "away. Keep one window at the root too: pass the improved alpha to the next root move "
            "(a fresh window per root move costs 30,710 nodes on the empty board instead of 18,297)."),
    Mistake("strict_cutoff", "cut off on equality",
            "Cut off when `alpha >= beta`, not only when `alpha > beta`: once the window is closed "
            "the remaining moves cannot change the result (18,297 nodes on the empty board instead of "
            "146,120)."),
    Mistake("inner_break", "the cut-off breaks only an inner loop",
            "After a cut-off the search went on with more moves: the `break` leaves only the inner of "
            "two nested loops (for example over rows and columns). Loop over `state.legal_moves()` "
            "with one loop, or return as soon as `alpha >= beta`."),
    Mistake("one_sided_cutoff", "both MAX and MIN nodes cut off",
            "Only one kind of node ever cuts off. Both halves need the cut-off: after a MAX node raises "
            "alpha, and after a MIN node lowers beta, `if alpha >= beta: break`."),
    Mistake("visited_leaves", "every leaf looked at goes into visited",
            "`visited` must hold the value of every leaf the search looks at, in the order it looks at "
            "them, and nothing else. At a leaf (a number, not a list), `if visited is not None: "
            "visited.append(tree)` before returning it; pass the same `visited` on to every recursive "
            "call; do not append inner nodes (lists) or the values found for them."),
    Mistake("window_ignored", "the window given is ignored",
            "Your function searched as if called with a full window: use the `alpha` and `beta` it is "
            "called with, do not reset them to -inf and +inf."),
    Mistake("cutoff_before_update", "cut off after raising alpha, not before",
            "The test `alpha >= beta` came before the window was updated with the move just searched, so "
            "a cut-off is noticed one move late (and more is searched than needed). After each child: first "
            "update best and the window (`alpha = max(alpha, value)`, or `beta = min(beta, value)` at a MIN "
            "node), then `if alpha >= beta: break`."),
    Mistake("fail_hard", "return the best value found, not alpha or beta",
            "Your function returns alpha (or beta) when the value falls outside the window: that is "
            "\"fail-hard\" alpha-beta. The exercise asks for the best value found (\"fail-soft\"): return "
            "`best`, the largest value a MAX node saw (the smallest at a MIN node), even when it is outside "
            "the window; do not clamp it to alpha or beta."),
    Mistake("node_count", "one node = one call",
            "The node count is off. Count one node per call of the function, the root and the "
            "finished games included: start each call with `nodes = 1` and add the count each child "
            "returns."),
    # -- ordering, tables, symmetry ---------------------------------------------------------
    Mistake("edges_before_corners", "corners before edges",
            "Corners lie on 3 lines, edges on only 2: the order is centre (4), then the corners "
            "(0, 2, 6, 8), then the edges (1, 3, 5, 7)."),
    Mistake("centre_first", "the centre comes first",
            "The centre (cell 4) lies on 4 lines, more than any other cell, so it comes first, before the "
            "corners (3 lines each) and the edges (2 lines): give it the smallest key."),
    Mistake("sort_direction", "smaller keys come first",
            "`sorted` puts the SMALLEST key first, so the best move needs the smallest key (for "
            "example minus the number of lines through the cell)."),
    Mistake("cache_ignores_window", "a cache that ignores alpha and beta",
            "A cache that ignores alpha and beta: a value found with a narrow window is only a bound. "
            "A value <= alpha is an UPPER bound (the true value is at most that), a value >= beta a "
            "LOWER bound; only a value strictly inside the window is EXACT. A bound settles a search "
            "only if it falls outside the new window (LOWER >= beta, UPPER <= alpha)."),
    Mistake("bound_swapped", "LOWER and UPPER swapped",
            "The bound flags are the wrong way round: a search that fails low (value <= alpha) learns "
            "an UPPER bound, one that is cut off (value >= beta) learns a LOWER bound. A LOWER bound "
            "answers only when it is >= beta, an UPPER bound only when it is <= alpha."),
    Mistake("cache_ignores_depth", "a cache that ignores depth",
            "An entry searched less deep than this search needs cannot answer it: use an entry only if "
            "its depth is at least the depth asked for."),
    Mistake("depth_equal", "an entry exactly as deep as needed answers",
            "An entry searched exactly `depth` plies deep is deep enough: use it when `stored_depth >= "
            "depth`, not only when it is strictly deeper (`>`), or the table is hardly ever used."),
    Mistake("missing_reflections", "reflections missing",
            "Mirror images get different keys: a square board has 8 symmetries, 4 rotations AND 4 "
            "reflections (left-right, top-bottom and the two diagonals)."),
    Mistake("missing_rotations", "rotations missing",
            "Rotated boards get different keys: include the rotations by 90, 180 and 270 degrees as "
            "well as the reflections (8 symmetries in all)."),
    Mistake("key_too_coarse", "different positions share a key",
            "Positions that are not mirror images or rotations of each other got the same key: the key "
            "must keep which mark is in which cell (for example the smallest of the 8 transformed "
            "boards, as tuples or strings)."),
    Mistake("unhashable_key", "a key must be hashable",
            "A key must be hashable to go into a dict or set: return a tuple or a string, not a list."),
    # -- null windows ---------------------------------------------------------------------------
    Mistake("pvs_no_research", "a fail high inside the window is searched again",
            "A null-window test that returns a value with alpha < value < beta has only shown that the "
            "move is better than alpha: that value is a lower bound, not the move's value. Search the move "
            "again with the full window (-beta, -alpha) and use the value of that search."),
    Mistake("pvs_research_fail_low", "no re-search after a fail low",
            "A null-window test that returns a value <= alpha has proved the move no better than the best "
            "so far: searching it again only costs nodes. Re-search only when alpha < value < beta."),
    Mistake("pvs_null_window_at_beta", "the null window sits at alpha",
            "The test asks \"is this move better than alpha?\", so the null window is (alpha, alpha + 1): "
            "the child gets (-alpha - 1, -alpha). A window at beta, (beta - 1, beta), asks another question."),
    # -- evaluation ---------------------------------------------------------------------------
    Mistake("win_not_scored", "score a finished game as a win or loss",
            "A finished game must be scored first: a win is worth `1_000_000 - state.ply` (far above "
            "any unfinished position), a loss the negation, a draw 0."),
    Mistake("one_side_only", "an evaluation that scores only one side's threats",
            "The evaluation scores only one side's threats: the opponent's open lines must count "
            "against `player` (subtract them), or the search walks into the opponent's threats."),
    Mistake("counted_twice", "a pattern counted twice",
            "A line is counted twice: list each line of k cells once (4 directions: across, down, "
            "diagonal, anti-diagonal, not their 4 opposites), and score a line once, not once per mark "
            "in it."),
    Mistake("not_symmetric", "the evaluation is not symmetric",
            "The evaluation is not symmetric: a position that is worth s to one player must be worth -s "
            "to the other, and swapping X and O must swap the scores. Score from `player`'s side, with "
            "`player`'s lines counting for and the opponent's against, with the same weights."),
    Mistake("line_weights", "the line weights",
            "Score an open line holding c marks of one player 10 ** (c - 1) (1, 10, 100, ...), for "
            "`player` if they are hers and against her if they are the opponent's; a line holding marks "
            "of both players, or none, counts 0."),
    Mistake("cell_index", "cell (row, col) is row * columns + col",
            "The cells are numbered row by row, each row holding `state.columns` cells, so the cell in row "
            "`row` and column `col` is `state.board[row * state.columns + col]`. `row * state.rows + col` "
            "gives the same cell only on a square board."),
    Mistake("return_in_loop", "returning from inside the loop",
            "Your function answered before looking at every position: `return True` belongs after the "
            "loop, once no position has failed; inside the loop return only False."),
    Mistake("forgot_negation", "compare with the negation",
            "Symmetry means `evaluate(state, first) == -evaluate(state, second)`: the second score "
            "negated, not the two scores equal."),
    Mistake("compare_abs", "compare with the negation, not the absolute values",
            "Comparing `abs(...)` of the two scores lets an evaluation through that gives BOTH players the "
            "same score (+5 and +5): that is not symmetric. Test `evaluate(state, first) == "
            "-evaluate(state, second)`."),
    Mistake("errors_cancel", "test every position on its own",
            "Your test adds up the differences over all positions, so +5 on one position and -5 on another "
            "cancel out. Test each position on its own, and answer False as soon as one is not symmetric."),
    Mistake("fixed_players", "the players come from state.players",
            "The players are not always \"X\" and \"O\" (a textbook tree has MAX and MIN): take them from "
            "the position, `first, second = state.players`."),
    Mistake("depth_not_decreasing", "depth must go down",
            "The search does not stop at the depth limit: call the children with `depth - 1` and "
            "return `evaluate(state, state.to_move)` when depth reaches 0."),
    Mistake("depth_off_by_one", "stop at depth 0, not 1",
            "The search stops one ply early: it must look `depth` moves ahead, so stop (and evaluate) when "
            "`depth == 0`, and call the children with `depth - 1`. Depth 1 means: try every move, and "
            "evaluate the positions they lead to."),
    Mistake("use_given_evaluate", "use the evaluate you are given",
            "Score the positions where the search stops with the `evaluate` function passed in, from "
            "the side of the player to move there: `evaluate(state, state.to_move)`."),
    # -- Connect Four: bitboards ---------------------------------------------------------------
    Mistake("missing_vertical", "four up a column is not checked",
            "Four discs on top of each other in one column are missed: check the vertical direction too, "
            "shift 1 (one row up)."),
    Mistake("missing_horizontal", "four across a row is not checked",
            "Four discs side by side along a row are missed: check the horizontal direction too, shift "
            "rows + 1 (one whole column further, the sentinel bit included)."),
    Mistake("missing_diagonal_up", "a missing diagonal (the one going up to the right)",
            "Four in a row on a diagonal going up to the right (/) is missed: check the diagonal that goes "
            "up to the right, shift rows + 2 (one column right, rows + 1, and one row up, + 1)."),
    Mistake("missing_diagonal_down", "a missing anti-diagonal (the one going down to the right)",
            "Four in a row on a diagonal going down to the right is missed: check the diagonal that goes down "
            "to the right, shift rows (one column right, rows + 1, and one row down, - 1)."),
    Mistake("one_shift_for_all", "the same shift for every direction",
            "Every direction was shifted by the same amount (7), so one direction was checked again and again. "
            "Each direction has its own shift: up 1, right rows + 1, up-right rows + 2, down-right rows."),
    Mistake("shifts_for_six_rows", "shifts written for 6 rows only",
            "The shifts 1, 7, 8 and 6 are right for the usual 6 rows only. A column has rows + 1 bits (its "
            "cells and the sentinel), so compute the shifts from `rows`: up 1, right rows + 1, up-right "
            "rows + 2, down-right rows."),
    Mistake("wrong_diagonal_shift", "a wrong shift for a diagonal",
            "A diagonal step is one column across and one row up or down: rows + 1 (a column) plus or minus 1. "
            "So up-right is rows + 2 and down-right is rows. A shift of rows - 1 is one column right and TWO "
            "rows down: not a line at all, yet it finds 'fours' that are not there."),
    Mistake("sentinel_ignored", "the sentinel bit is ignored",
            "The columns were taken to be `rows` bits tall, but each has rows + 1: the cells and one sentinel bit "
            "on top, always 0. So right is rows + 1 (not rows), up-right rows + 2 and down-right rows. The "
            "sentinel is what stops a line from running from the top of one column into the bottom of the next."),
    Mistake("three_in_a_row", "three in a row is not four",
            "Three in a row was taken for a win. `pairs = stones & (stones >> shift)` marks the discs with a "
            "neighbour one step on; `pairs & (pairs >> shift)` then finds only three discs in a row. Shift the "
            "pairs by TWO steps, `pairs & (pairs >> 2 * shift)`: two pairs two steps apart make four."),
    Mistake("return_bool", "return True or False",
            "Return True or False, not the bitboard you computed: a whole number such as 1920 is 'true' in an "
            "`if`, but the function promises a bool. Write `return True` inside the loop, or wrap the test "
            "in `bool(...)`."),
    # -- Connect Four: window scores -----------------------------------------------------------------
    Mistake("opponent_weights", "the opponent's weights are not minus one's own",
            "The opponent's windows were scored as minus one's own (-100 for three, -10 for two). The design "
            "documents weigh the opponent's threats much harder: three of the opponent's discs with one empty "
            "cell score -5000, two -60, one -2, four -100000 (OPPONENT_THREE_SCORE ... in "
            "tictac_edu.evaluation.connect4)."),
    Mistake("mixed_window", "a window holding both players' discs counts 0",
            "A window holding discs of both players can never become four in a row for either of them: it "
            "scores 0. Check that first, before scoring the window for one side."),
    Mistake("window_player", "the score taken from the wrong player's side",
            "The score was taken from the wrong player's side: the window must be scored for the `player` you "
            "are given. Her discs are `player`, the opponent's are the other mark: count "
            "`window.count(player)`, not always the X's."),
    Mistake("window_counted_twice", "a pattern counted twice",
            "A pattern was counted twice: a window is scored once, by the one pattern it holds. Three of "
            "one's discs and an empty cell is +100, not +100 for the three plus +10 for a two inside it. "
            "Pick the score by the count with if/elif (or a table indexed by the count)."),
    # -- Connect Four: move ordering -----------------------------------------------------------------
    Mistake("centre_last", "the centre column must come first",
            "The edge columns come first: the key grows towards the centre. `sorted` puts the SMALLEST key "
            "first, so use the distance from the centre column, `abs(move - state.columns // 2)`: 0 for the "
            "centre, 3 for the edge columns 0 and 6."),
    Mistake("right_before_left", "left before right",
            "Columns at the same distance from the centre must go left first: 2 before 4, 1 before 5, 0 before "
            "6 (the order 3, 2, 4, 1, 5, 0, 6). Give the right-hand column of each pair the larger key."),
    Mistake("tie_order", "no two columns may share a key",
            "Two columns at the same distance from the centre got the same key, so their order depends on the "
            "order they were listed in. Settle the tie in the key: for example "
            "`abs(move - centre) + (0.5 if move > centre else 0)`."),
    Mistake("fixed_centre", "the centre depends on the width",
            "The centre column was fixed at 3, which is right for 7 columns only: the centre is "
            "`state.columns // 2`."),
    # -- 06 gomoku: patterns on a line ---------------------------------------------------
    Mistake("four_per_window", "a four counted once per window",
            "An open four `.XXXX.` was counted as two fours: two windows of five see the same four stones "
            "(`.XXXX` and `XXXX.`). Count each SET of four stones once, and keep the points that complete "
            "it: a set that two points complete is one open four, a set that one point completes is a four. "
            "A dict from `frozenset(stones)` to a set of points does exactly that."),
    Mistake("gap_four_open", "XX.XX is a four, not an open four",
            "A four with a gap (`XX.XX`, `X.XXX`) was taken for an open four. Only the gap completes it: one "
            "point, so one move blocks it. An open four has TWO points that each make five (`.XXXX.`). Decide "
            "by the number of completing points, not by the empty points at the ends of the window."),
    Mistake("five_also_four", "the stones of a five are not a four as well",
            "Four stones that are part of a five were counted as a four too (`XXXXX.` holds a five, not a five "
            "and a four). Leave out every set of four stones that lies inside a five."),
    Mistake("four_sharing_five", "a four beside a five still counts",
            "A four that shares some stones with a five was left out (`XXXXX.X` holds a five AND a four: "
            "the five's last three stones with the stone beyond the gap, completed by the gap). Leave out only "
            "a set of four stones that lies entirely inside a five (`stones <= five`), not one that merely "
            "touches it (`stones & five`)."),
    Mistake("five_per_window", "a long five counted once per window",
            "Six in a row was counted as two fives (two windows of five see it). In freestyle a run of five "
            "or more is ONE five: merge the windows of five that overlap."),
    Mistake("white_ignored", "a white stone blocks a window",
            "A window holding a white stone was used: Black can never make five there. Skip every window that "
            "contains an \"O\"."),
    Mistake("edge_as_empty", "the edge of the board blocks like a stone",
            "The line was treated as if it went on past its ends (`XXXX` at the edge became an open four). The "
            "ends of the string are the edges of the board: only windows of five points that lie inside the "
            "line count."),
    Mistake("contiguous_only", "fours with a gap are fours too",
            "Only four stones side by side were found. `XX.XX`, `X.XXX` and `XXX.X` are fours as well: one "
            "stone in the gap makes five. Look at every window of five points with four black stones and one "
            "empty point, wherever the empty point is."),
    # -- 06 gomoku: candidate moves ------------------------------------------------------------
    Mistake("manhattan_radius", "radius 2 is a square, not a diamond",
            "Points two steps away diagonally (two columns AND two rows away) were left out: `abs(dx) + "
            "abs(dy) <= radius` is a diamond. Gomoku lines run diagonally too: take every `dx` and `dy` from "
            "`-radius` to `radius`."),
    Mistake("radius_off_by_one", "range(-radius, radius + 1)",
            "The points at exactly `radius` steps were missed (or one step further were added): "
            "`range(-radius, radius)` stops at radius - 1. Use `range(-radius, radius + 1)`."),
    Mistake("off_board", "points off the board",
            "Points off the board were listed (near an edge `x - 2` can be negative or `x + 2` past "
            "`size - 1`). Keep only `0 <= x < state.size and 0 <= y < state.size`."),
    Mistake("occupied_listed", "stones are not candidates",
            "Points that already hold a stone were listed: keep only empty points, `state.stone((x, y)) is "
            "None`."),
    Mistake("duplicate_points", "each point once",
            "Some points were listed several times, once for every stone near them. Collect them in a set "
            "(then return `sorted(found)`)."),
    Mistake("empty_board_centre", "the empty board: the centre",
            "On an empty board there is no stone to be near: return the centre alone, "
            "`[(state.size // 2, state.size // 2)]`."),
    Mistake("one_colour_only", "both players' stones",
            "Only one player's stones were looked at. Candidates are the points near ANY stone: blocking "
            "the opponent matters as much as building your own line."),
    Mistake("last_move_only", "near every stone, not only the last one",
            "Only the points near the last stone played were listed. A good move can be next to any stone on "
            "the board: go through all of them."),
    # -- 06 gomoku: renju's forbidden points ---------------------------------------------------
    Mistake("five_not_first", "five comes first",
            "A point that makes exactly five was called forbidden. A five wins, and the rules say it is "
            "never forbidden, even if the same stone also makes a double-four or a double-three: test "
            "`5 in runs` before anything else and return None."),
    Mistake("overline_as_five", "six in a row is an overline",
            "Six or more black stones in a row were taken for a five. For Black under renju only EXACTLY "
            "five wins; six or more is an overline, forbidden: `if max(runs) >= 6: return \"OL\"`."),
    Mistake("one_four_per_line", "two fours on one line",
            "Two fours on ONE line (`XXX.p.XXX` once p is played, or `X.XXX.X`) were counted as one. Add up "
            "`fours(...)` over the directions; do not just ask whether each direction has a four."),
    Mistake("fake_three", "a fake three does not count",
            "A three whose every straight-four point is itself forbidden for Black was counted. Such a "
            "*fake three* can never become a straight four, so it does not count towards a double-three: "
            "a three is real only if `forbidden_kind(after, white, four_point, size)` is None for at least "
            "one of its straight-four points (the function calls itself, with the new stone on the board)."),
    Mistake("three_per_point", "one three per line",
            "A three was counted once for every point that makes it a straight four: an open three `.XXX.` "
            "has two such points but is ONE three. Count the lines (directions) that hold a real three, at "
            "most one per direction."),
    Mistake("four_as_three", "a four is not a three",
            "A move that makes a four and a three (a 4-3, the usual winning move) was called a "
            "double-three, or fours were counted as threes. Only a double-three (two threes), a double-four "
            "or an overline is forbidden; a four and a three together are allowed."),
    # -- 07 beyond alpha-beta: UCB1 ------------------------------------------------------------
    Mistake("unvisited_skipped", "unvisited children first",
            "A child that was never visited was not selected. It has no mean yet (its visits are 0, and "
            "`wins / visits` would divide by zero), and UCB1 treats its bonus as infinite: return the first "
            "child with `visits == 0` before scoring the others."),
    Mistake("no_exploration", "the exploration term",
            "The child with the best mean was selected, with no exploration bonus. Then a move that lost its "
            "first playouts by bad luck is never tried again. Add `exploration * math.sqrt(math.log("
            "parent_visits) / visits)` to each child's mean."),
    Mistake("wrong_side_value", "the value from the wrong player's side",
            "The children's wins were read from the wrong player's side (as `visits - wins`): the tree stores "
            "each node's wins for the player who moved INTO it, which is the player choosing at the parent. "
            "Use `wins / visits` as it is; in the back-up, each node gets the result for the player who moved "
            "into it, so the side alternates from one level to the next."),
    Mistake("ties_last", "the first of equal children",
            "Of two children with the same score, the last was selected. Replace the best only on a strictly "
            "greater score (`>`, not `>=`), so the first of equal children wins and the search is "
            "repeatable."),
    Mistake("ucb1_formula", "sqrt(ln(N) / n)",
            "The exploration bonus is `exploration * math.sqrt(math.log(parent_visits) / visits)`: the square "
            "root of the natural logarithm of the parent's visits over the child's visits."),
    Mistake("index_not_score", "return the index",
            "Return the index of the selected child (0 for the first), not its score or its pair."),
    # -- 07 beyond alpha-beta: a fair match ------------------------------------------------------
    Mistake("colours_not_swapped", "colours swapped within a pair",
            "Both games of a pair were played with A moving first. Moving first is an advantage in most "
            "games, so such a match measures the first move as much as the players: play each opening once "
            "with `a_first=True` and once with `a_first=False`."),
    Mistake("pairs_split", "both games of a pair from the same opening",
            "The two games of a pair must start from the SAME opening, one with each player first: then the "
            "opening's own advantage cancels out within the pair. Play `play_game(opening, True)` and "
            "`play_game(opening, False)` for every opening, and add the two."),
    Mistake("draws_as_losses", "a draw is half a point",
            "Draws were counted as losses (0). A draw scores 1/2 for each player: `{\"A\": 1.0, None: 0.5, "
            "\"B\": 0.0}`."),
    Mistake("winner_as_first_player", "the winner is a name, not a colour",
            "The winner was taken as \"the first player\" or \"the second player\". `play_game` returns the "
            "winner's NAME, \"A\" or \"B\", whoever moved first: \"A\" is a win for A in both games of a "
            "pair."),
    Mistake("forbidden_kind_value", "return \"OL\", \"44\", \"33\" or None",
            "Return one of the strings \"OL\" (overline), \"44\" (double-four), \"33\" (double-three), or None "
            "when Black may play the point; not True/False or a longer name."),
]

_MISTAKES += [
    # -- 07 Elo from counts ---------------------------------------------------------------------
    Mistake("elo_draw_half", "a draw is half a point",
            "The score counted draws wrongly: a draw is worth 1/2 to each player, so the score per game is "
            "`(wins + draws / 2) / n`, with n the number of games, draws included."),
    Mistake("elo_log10", "log10, not ln",
            "The Elo formula uses the base-10 logarithm: `-400 * math.log10(1 / s - 1)`. `math.log` is the "
            "natural logarithm, which gives values 2.3 times too large."),
    Mistake("elo_sign", "-400, not +400",
            "The sign is reversed: a score above 1/2 must give a POSITIVE Elo difference, and 1 / s - 1 is then "
            "below 1, its logarithm negative: `-400 * math.log10(1 / s - 1)`."),
    Mistake("elo_standard_error", "the standard error of the score, sqrt(variance / n)",
            "The interval used the spread of ONE game (the square root of the variance). The score averages n "
            "games, so its standard error is `math.sqrt(variance / n)`: the interval narrows as games are added."),
    Mistake("elo_variance", "the variance of the three results",
            "The variance is that of one game's result, 1, 1/2 or 0, around the score s: `(wins * (1 - s) ** 2 + "
            "draws * (0.5 - s) ** 2 + losses * s ** 2) / n`, divided by n (not n - 1, and not s * (1 - s), which "
            "is right only without draws: draws make a record vary less)."),
    Mistake("elo_interval_on_score", "the interval is taken on the score, then mapped",
            "The interval was made symmetric in Elo. Take it on the SCORE, `s - 1.96 * stderr` to `s + 1.96 * "
            "stderr`, clamp each end to [0, 1], and map each end through the Elo formula: the Elo interval is "
            "then wider on the side away from 1/2."),
    Mistake("elo_z", "1.96 standard errors for 95%",
            "A 95% interval is 1.96 standard errors either side of the score (1.645 gives 90%, 2 is only "
            "roughly 95%)."),
    Mistake("elo_degenerate", "no spread, no interval: None",
            "When the variance is 0 (no games, or every game the same result) there is no interval: return None "
            "(\"too few games\"), before dividing by the games or taking a logarithm of 0."),
]

_MISTAKES += [
    # -- 07 the MCTS-solver's back-up ----------------------------------------------------------
    Mistake("backup_side", "the side alternates up the path",
            "A node's wins are for the player who moved INTO it. The last node of the path gets `result`, its "
            "parent `1 - result`, the node above `result` again: `for name in reversed(path): ... wins += result; "
            "result = 1 - result`."),
    Mistake("backup_root", "every node of the path, the root included",
            "Every node of the path gets the playout, the first (the root) as well as the last: loop over the whole "
            "path, not `path[1:]`."),
    Mistake("proof_side", "a winning child proves its parent a LOSS",
            "A child's proven value is for the player to move at the parent. A child proven 1.0 means she has a "
            "winning move, so whoever moved INTO the parent has lost: the parent is proven 0.0, not 1.0."),
    Mistake("proof_untried", "every move expanded before a loss is proven",
            "A node whose proven children are all losses for the player to move is a win for the player who moved "
            "into it only if she has NO other move: `untried == 0`. A move not expanded yet may be the one that "
            "saves her."),
    Mistake("proof_best", "the player to move takes her best child: 1 - max",
            "When every child is proven, the player to move at the parent picks the best of them for HER (the "
            "largest proven value), and the parent is worth `1 - max(...)` to the player who moved into it."),
    Mistake("proof_draw", "draws are proven too",
            "A node whose children are all proven, the best of them a draw (0.5), is a proven draw: `1 - 0.5`. "
            "This solver proves draws as well as wins and losses."),
    Mistake("proof_climb", "the proof climbs the path",
            "A node proven can prove its parent in turn: go on up the path for as long as the parent becomes (or "
            "is) proven, and stop at the first that is not."),
]

_MISTAKES += [
    # -- 07 expectimax's chance node -----------------------------------------------------------
    Mistake("chance_unweighted", "each reply weighted by its probability",
            "Every reply was counted alike, whatever its probability. A chance node's value is a WEIGHTED "
            "average: multiply each value by its probability and add, `probability * -value` summed over the "
            "replies (the probabilities already sum to 1: nothing to divide by)."),
    Mistake("chance_min", "a chance node averages, it does not choose",
            "One reply was taken, the best (or the worst) for one side, as a MIN or MAX node would. The "
            "opponent at a chance node does not pick her best move: she plays as her model says, so every reply "
            "counts, each as much as it is likely: `sum of probability * -value`."),
    Mistake("chance_no_flip", "the values turned round: -value",
            "The values were used as they are. Each is for the player to move AFTER the reply, the searching "
            "player; the chance node's value is for the player to move AT it, the opponent, so each value is "
            "negated, as in negamax: `probability * -value`."),
    Mistake("chance_divided", "the probabilities already sum to 1",
            "The weighted sum was divided by the number of replies. The probabilities sum to 1, so "
            "`sum(probability * -value)` is already the average: dividing again makes it too small."),
    Mistake("chance_likeliest", "every reply counts, not only the likeliest",
            "Only the most likely reply was counted. The others happen too, less often: add "
            "`probability * -value` over EVERY reply."),
]

_MISTAKES += [
    # -- 06 victory by continuous fours --------------------------------------------------------
    Mistake("vcf_counter_four", "the defender's four comes first",
            "The defender had a four of his own (a five point) and the attack went on elsewhere: he then makes "
            "five. Before trying her own fours, the attacker looks at the defender's five points: two or more, she "
            "has lost (None); one, she MUST play there, and the attack goes on only if that block is a four too."),
    Mistake("vcf_depth", "depth counts the fours",
            "The depth was counted wrongly: `depth` is the most fours the attacker may play before her five. At "
            "depth 0 only a five at once wins; each four and its forced block use one, so the recursion is on "
            "`depth - 1`, and the test `depth == 0` comes right after the test for a five."),
    Mistake("vcf_five_first", "a five at once comes first",
            "The attacker could make five at once but played a four instead: the first test is her own five point, "
            "and the answer is then that point alone, `[point]`."),
    Mistake("vcf_candidates", "fours up to two steps from a stone",
            "A four was missed: in `X X X . m` the four's new stone m is two steps from every stone of hers. Try "
            "every empty point up to TWO steps from one of her stones (a square of 5 x 5), not only the neighbours."),
    Mistake("vcf_line", "the line holds the replies",
            "The line must hold the defender's forced replies too: the attacker's four, the defender's block, the "
            "next four, ..., the five: `[move, block, *rest]`."),
]

_MISTAKES += [
    # -- 08 a vectorised evaluation ------------------------------------------------------------
    Mistake("batch_axis", "one score per board: sum along the lines",
            "The sum ran over the wrong axis. `boards[:, lines]` has shape (positions, lines, k): count along the "
            "last axis (`axis=2`), then sum the line scores along `axis=1`, which leaves one number per board. "
            "`.sum()` with no axis adds up the whole batch, `axis=0` adds up the boards."),
    Mistake("batch_net_marks", "count each side's marks separately",
            "The marks were added up, so one of hers (1) and one of his (-1) cancel: a dead line looks empty, and "
            "two of hers beside one of his look like an open line of one. Count `(marks == 1)` and `(marks == -1)` "
            "separately along the line."),
    Mistake("batch_dead_lines", "a line with marks of both sides is dead",
            "A line holding marks of both sides was scored: neither can complete it, it is worth 0. Keep her lines "
            "only where `theirs == 0`, and his only where `mine == 0`."),
    Mistake("batch_opponent", "the opponent's lines count negatively",
            "The opponent's open lines are missing (or added): each is worth `10 ** (c - 1)` to him, so it is "
            "SUBTRACTED from her score."),
    Mistake("batch_weight", "an open line of c marks is worth 10 ** (c - 1)",
            "The weights are off by a factor: one mark on an open line is worth 1, two 10, three 100, that is "
            "`10 ** (c - 1)` (and an empty line 0)."),
    # -- 05 Texel's loss ---------------------------------------------------------------------------
    Mistake("tuning_wrong_side", "the result for the player to move",
            "The result was taken from the wrong side: it is given for the FIRST player, but the features, and "
            "so the score, are for the player to move. When the second player is to move, turn it round: "
            "`r = result if first_to_move else 1 - result`."),
    Mistake("tuning_scale", "the sigmoid's scale",
            "The scale was left out: the chance is `1 / (1 + math.exp(-scale * score))`. Evaluation units are not "
            "log-odds; the scale K turns one into the other, and the weights are fitted with K fixed."),
    Mistake("tuning_draws", "a draw is half a win, not a loss",
            "A drawn game was counted as a loss. A draw is r = 0.5 for both players: its loss, "
            "`-(0.5 * log(p) + 0.5 * log(1 - p))`, is least at p = 1/2, a score of 0. Keep the result as it is "
            "given, 1, 0.5 or 0; never test `result == 1`."),
    Mistake("tuning_mean", "the mean, not the sum",
            "The losses were added up but not divided by the number of positions: the loss is their MEAN, so "
            "that data sets of different sizes compare (and log 2 means \"no better than a coin\")."),
    Mistake("tuning_squared", "the logistic loss, not the squared error",
            "The squared error `(r - p) ** 2` was used (Texel's first version of the method). This exercise asks "
            "for the logistic loss, `-(r * math.log(p) + (1 - r) * math.log(1 - p))`, the loss of logistic "
            "regression, which punishes a confident wrong chance far more."),
]

_MISTAKES += [
    # -- 06 proof numbers ----------------------------------------------------------------------
    Mistake("pn_min_sum_swapped", "min at OR for the proof, sum for the disproof",
            "At an OR node ONE proved child is enough: proof = the smallest proof of the children, and "
            "every child must be disproved: disproof = the SUM of their disproofs. At an AND node it is the "
            "other way round (proof = sum, disproof = min)."),
    Mistake("pn_numbers_mixed", "a node's proof number comes from its children's proof numbers",
            "The proof number of a node is made of its children's PROOF numbers, its disproof number of "
            "their DISPROOF numbers; the two never mix."),
    Mistake("pn_inf_as_number", "infinity is math.inf",
            "A disproved child has proof number infinity: use math.inf (float(\"inf\")), not a large "
            "number, so that a sum with it stays infinite and the smallest of nothing is infinite too."),
    # -- how the function is written -----------------------------------------------------------
    Mistake("yield_not_return", "return, not yield",
            "Your function contains `yield`, which makes it a generator: calling it only creates a "
            "generator object and runs none of its code. Use `return` (or nothing, for a function that "
            "only changes its argument), not `yield`."),
]

MISTAKES: dict[str, Mistake] = {mistake.id: mistake for mistake in _MISTAKES}
"""Every classic mistake the checks know, by id."""

_GAME_RECURSION = ("Your function called itself without end (or far too deep). Make sure every call first "
                   "returns for a finished game (state.is_terminal()){depth}, and that the recursive call is on a "
                   "child position (state.play(move)), never on the same position.")

RECURSION_HINTS: dict[str, str] = {
    "count_nodes": "Your function called itself without end (or far too deep). Each recursive call must be on a "
                   "board with one more mark (put the mark in BEFORE the call), and a board where someone has won "
                   "or that is full must return 1 at once.",
    "alphabeta_tree": "Your function called itself without end (or far too deep). A leaf is a number, not a list: "
                      "return it as it is (`if not isinstance(tree, list)`), and call the function on each CHILD "
                      "(`for child in tree`), never on `tree` itself.",
    "depth_limited": _GAME_RECURSION.format(depth=" or when depth reaches 0"),
    "forbidden_kind": "Your function called itself without end (or far too deep). The recursion is for fake threes "
                      "only: ask forbidden_kind about a straight-four point with the new stone ON the board "
                      "(`after`, not `black`), and only after the five, overline and double-four tests have "
                      "answered: each call then has one more stone, and the calls stop.",
    "vcf": "Your function called itself without end (or far too deep). Each recursive call must be one attacking "
           "move deeper, on the position after the four AND its forced block, with `depth - 1`; stop at depth 0.",
}
"""What a RecursionError means in each exercise that recurses otherwise than a game search."""


EXCEPTION_HINTS: dict[tuple[str, str], str] = {
    ("elo_interval", "ZeroDivisionError"):
        "A division by zero: with no games (n = 0) there is no score at all: return None before dividing by n. "
        "And a score of 1 makes 1 / s - 1 zero: the Elo of 1 is +inf and of 0 is -inf, tested before the logarithm.",
    ("elo_interval", "ValueError"):
        "A math domain error: the logarithm of 0 or of a negative number, or the square root of a negative number. "
        "The Elo of a score of 1 is +inf and of 0 is -inf (test them before `math.log10`); clamp the interval's ends "
        "to [0, 1]; a variance, a sum of squares, is never negative.",
    ("tuning_loss", "ValueError"):
        "A math domain error: the logarithm of 0 or of a negative number. The chance `p` must lie strictly between "
        "0 and 1, and the sigmoid `p = 1 / (1 + math.exp(-scale * score))` always does: check that line, then "
        "`math.log(p)` and `math.log(1 - p)`.",
    ("tuning_loss", "OverflowError"):
        "`math.exp` overflowed: its argument was huge. The sigmoid is `1 / (1 + math.exp(-scale * score))`, with "
        "`scale * score` between -30 and 30 in this exercise: check the sign and the scale in that line.",
    ("backup", "TypeError"):
        "A None was used in arithmetic or compared with a number: an unproven child's `proven` is None. Prove a "
        "parent from its children only once `None not in proven` (or with a proven win, 1.0, among them).",
    ("vcf", "IndexError"):
        "An index out of range: a list of five points was empty. A move that makes no five point is not a four: "
        "skip it (`if not blocks: continue`) before taking `blocks[0]`.",
}
"""What an exception of a given type most likely means in one exercise: (exercise, type) -> hint."""


def exception_hint(exercise: str, exc: BaseException) -> str | None:
    """The exercise's own hint for an exception of that type, if it has one."""
    return EXCEPTION_HINTS.get((exercise, type(exc).__name__))


def recursion_hint(exercise: str) -> str:
    """The hint for a RecursionError in ``exercise``: about that exercise's own recursion."""
    if exercise in RECURSION_HINTS:
        return RECURSION_HINTS[exercise]
    if exercise in ("minimax", "minimax_fast_wins", "alphabeta"):
        return _GAME_RECURSION.format(depth="")
    return ("Your function called itself without end (or far too deep). This exercise needs no recursion: look "
            "for a function that calls itself by mistake (a helper with the same name as the exercise?).")
