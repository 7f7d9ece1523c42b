"""Notebook 9, the same engine everywhere: the solutions."""

from __future__ import annotations

import random
from collections.abc import Callable

from solutions import NOT_YET, Verdict, _is_number, _short, _unanswered, attempt, check, check_choice, own_work
from wordcover import Problem, count_solutions, make_engine
from wordcover.classics import queens, sudoku
from wordcover.estimate import Probe, estimate


def six_queens() -> int:
    """4: fewer than the 10 ways for five queens, although the board is bigger.

    The counts of n queens do not grow smoothly: 1, 0, 0, 2, 10, 4, 40, 92, ... (OEIS A000170). On 6 x 6 the
    engine finds four boards, and they are all one board seen in the eight ways a square can be turned and
    mirrored: that board looks the same turned half round, so its eight views are only four different boards.
    """
    return make_engine(queens(6), "x").count()


def check_six_queens(prediction: object) -> Verdict:
    """Exercise 1's check: the learner's number against the engine's count, made here, not in the notebook's cell."""
    return check(prediction, six_queens(), six_queens_hint(), then=SIX_QUEENS_THEN)


SIX_QUEENS_THEN = 'Now run `count_solutions(queens(6), "x")` to see the engine count them.'


def six_queens_hint() -> str:
    """What to think about when the prediction is not right (the reasoning, never the number)."""
    return (
        "Try a smaller board on paper first: the four-by-four board has two solutions, mirror images. Turning or "
        "mirroring a solution gives a solution, so they come in families of up to eight; and the counts of n queens "
        "do not grow smoothly with n."
    )


def sudoku4(givens: str) -> Problem:
    """A 4 x 4 Sudoku (digits 1-4, four 2 x 2 boxes) is the 9 x 9 model with 4 in place of 9.

    An option puts digit d in row r, column c and covers four primary items: the cell (p), digit d in row r (r),
    in column c (c) and in box b (b), b = 2 * (r // 2) + c // 2. A given cell keeps only its own digit's
    option; a blank cell has four. With no givens there are 288 solutions, OEIS A107739's count of 4 x 4 grids.
    """
    cells = "".join(givens.split())
    items = [f"p{r}{c}" for r in range(4) for c in range(4)]
    items += [f"{kind}{u}{d}" for kind in "rcb" for u in range(4) for d in "1234"]
    options, labels = [], []
    for r in range(4):
        for c in range(4):
            given = cells[4 * r + c]
            for d in "1234" if given in ".0" else given:
                box = 2 * (r // 2) + c // 2
                options.append([f"p{r}{c}", f"r{r}{d}", f"c{c}{d}", f"b{box}{d}"])
                labels.append((r, c, int(d)))
    return Problem(items, [], options, labels=labels)


Grid = tuple[str, str, str, str]
SUDOKU4_HINT = (
    "Read the givens as the 9 x 9 model does, row after row. Each option needs the four items of its cell, row, "
    "column and box, and the label (r, c, d); write out which cells your formula puts in each box and compare "
    "them with the four 2 x 2 blocks of the grid."
)


def _broken(grid: Grid, givens: str) -> str:
    """What a 4 x 4 grid breaks, in words ('' when it is a solution that keeps the givens)."""
    units = {f"row {r}": set(grid[r]) for r in range(4)}
    units |= {f"column {c}": {grid[r][c] for r in range(4)} for c in range(4)}
    units |= {
        f"box {b}": {grid[r][c] for r in range(4) for c in range(4) if 2 * (r // 2) + c // 2 == b} for b in range(4)
    }
    wrong = [name for name, digits in units.items() if digits != set("1234")]
    wrong += [
        f"the given {g} at row {k // 4}, column {k % 4}"
        for k, g in enumerate(givens)
        if g not in ".0" and grid[k // 4][k % 4] != g
    ]
    return ", ".join(wrong[:2])


def _label_trouble(label: object) -> str:
    """What is wrong with an option's label that is not three ints, in words."""
    if isinstance(label, tuple) and len(label) == 3 and all(isinstance(x, int) for x in label[:2]):
        digit = label[2]
        if isinstance(digit, str) and digit.strip() in set("1234"):
            return (
                f"an option's label is {label!r}: its digit is the character {digit!r}, read from the givens; give it "
                f"as the int {int(digit)}, as sudoku's labels do"
            )
        return f"an option's label is {label!r}: its digit should be an int from 1 to 4, not {_short(digit)}"
    return f"an option's label is {label!r}: give each option the label (row, column, digit), three ints"


def _grids(model: Callable[[str], Problem], givens: str) -> tuple[set[Grid], list[str]]:
    """The grids of a model's solutions, and what is wrong with how they read back (duplicates, bad labels)."""
    problem = model(givens)
    grids: set[Grid] = set()
    trouble: list[str] = []
    for solution in make_engine(problem, "x").solutions():
        cells = {}
        for label in problem.describe(solution):
            if not (isinstance(label, tuple) and len(label) == 3 and all(isinstance(x, int) for x in label)):
                return grids, [_label_trouble(label)]
            r, c, d = label
            cells[r, c] = str(d)
        if sorted(cells) != [(r, c) for r in range(4) for c in range(4)]:
            return grids, ["a solution does not give every cell of the 4 x 4 grid one digit"]
        grid = tuple("".join(cells[r, c] for c in range(4)) for r in range(4))
        if grid in grids:
            trouble.append(f"it finds the grid {'/'.join(grid)} more than once")
        grids.add(grid)  # type: ignore[arg-type]
    return grids, trouble


SUDOKU4_SHOWN = ["." * 16, "1234" + "." * 12, "1.....2..3.....4", ".1..2..........3", "1......2.2......"]


def sudoku4_cases(seed: int = 9, count: int = 16) -> list[str]:
    """Hidden givens for the check: a few cells of random grids, read row by row, and givens no grid keeps."""
    rng = random.Random(seed)
    grids = sorted(_grids(sudoku4, "." * 16)[0])
    cases = ["11" + "." * 14, "1....1" + "." * 10]  # two 1's in row 0; two 1's in box 0 only
    while len(cases) < count:
        grid = "".join(rng.choice(grids))
        keep = set(rng.sample(range(16), rng.randint(2, 7)))
        cases.append("".join(d if k in keep else "." for k, d in enumerate(grid)))
    return cases


def check_sudoku4(model: Callable[[str], Problem]) -> Verdict:
    """Solve a learner's model on five sets of givens, then on :func:`sudoku4_cases` (not shown), and compare the
    grids of its solutions, as a set, with the reference model's: the same grids, each found once. While the
    learner's model runs, the reference and the library's 9 x 9 model are refused, however they are called."""
    if not own_work(model, sudoku4):
        return Verdict(False)
    for k, givens in enumerate(SUDOKU4_SHOWN + sudoku4_cases()):
        where = f"on the givens {givens!r}" if k < len(SUDOKU4_SHOWN) else f"on further givens, {givens!r},"
        ran, found = attempt(
            _grids, model, givens, what="sudoku4 above", where=f"{where} your model", refused=(sudoku4, sudoku)
        )
        if not ran:
            return Verdict(False)
        grids, trouble = found
        right = _grids(sudoku4, givens)[0]
        extra = sorted(grids - right)
        if trouble or extra or grids != right:
            if trouble:
                said = trouble[0]
            elif extra:
                said = f"it finds the grid {'/'.join(extra[0])}, which breaks {_broken(extra[0], givens)}"
            else:
                said = "it misses grids that keep the givens and every rule"
            print(f"✗ Not yet: {where} {said}. {SUDOKU4_HINT}")
            return Verdict(False)
    print(f"✓ Right: the same grids on all {k + 1} sets of givens ({k + 1 - len(SUDOKU4_SHOWN)} of them not shown).")
    return Verdict(True)


def langford_doubled() -> str:
    """a: reading a Langford arrangement from right to left gives another arrangement.

    If the two k's are k + 1 slots apart, they still are when the row is reversed, so the reversal is a solution
    too, and never the same row: a row equal to its reversal has each pair at slots j and 2n + 1 - j, an odd
    distance apart, but the two 1's are 2 apart. The exact cover model has an option for every placement, so it
    finds both; OEIS A014552 counts an arrangement and its reversal once. Halving the model's count gives the
    published figure.
    """
    return "a"


def check_langford(answer: object) -> Verdict:
    """Exercise 3's check: the learner's letter, with a reason for each wrong one that does not give the right one."""
    return check_choice(answer, langford_doubled(), "abcd", why=langford_doubled_not())


def langford_doubled_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "b": "The engine never reports one set of options twice. Each solution it counts is a different set of "
        "placements, found once, whichever end the slots are numbered from.",
        "c": "Make the slots secondary and the count stays the same: the n numbers are still primary, their 2n "
        "copies need 2n different slots, and there are only 2n slots. So every slot is filled anyway.",
        "d": "One option places both copies of i at once, in slots j and j + i + 1; swapping the two copies gives the "
        "same option, not a second one. And were the copies told apart, each of the n numbers would double the "
        "count, not the whole count once.",
    }


PATH = (3, 2, 2, 0)


def path_estimate() -> int:
    """22 = 1 + 3 + 3 x 2 + 3 x 2 x 2: each node on the path stands for the nodes of its level that it was picked from.

    The root is one node. It has 3 children and the path took one of them, with chance 1/3, so that child stands
    for 3 nodes. It has 2 children: the next node was picked with chance 1/6 overall and stands for 6; the dead end
    below it, picked with chance 1/12, stands for 12. A run takes this path one time in 12 and then says 22; other
    runs take other paths and say other numbers, and weighted by their chances each node counts exactly once: the
    expected estimate is the size of the tree.
    """
    return Probe(PATH, solution=False).nodes


def path_one_in() -> int:
    """12 = 3 x 2 x 2: a run takes this path one time in 12, the product of the degrees above its dead end.

    At the root the run picks one of 3 children, each with chance 1/3; below it one of 2, and below that one of 2
    again, each pick made on its own. So the chance of the whole path is 1/3 x 1/2 x 1/2 = 1/12, and the dead end it
    ends at stands for 12 nodes, one over that chance. The library's one-line run prints the estimate, 22, not this.
    """
    chance = 1
    for degree in PATH[:-1]:
        chance *= degree
    return chance


def check_path_estimate(prediction: object, one_in: object) -> Verdict:
    """Exercise 4's check: the path's estimate and how rarely a run takes the path, graded together as one pair."""
    answer = (prediction, one_in)
    if all(_unanswered(n) for n in answer):
        print(NOT_YET)
        return Verdict(False)
    if not all(_is_number(n) for n in answer):
        print(f"✗ Two numbers are wanted here, not {', '.join(_short(n) for n in answer)}.")
        return Verdict(False)
    if 0 < one_in < 1:
        print("✗ Not yet: `one_in` asks how many runs, not the chance: a run takes the path once in how many runs?")
        return Verdict(False)
    if answer == (path_estimate(), path_one_in()):
        print(f"✓ Right. {PATH_ESTIMATE_THEN}")
        return Verdict(True)
    print(f"✗ Not yet: ({_short(prediction)}, {_short(one_in)}) is not it. {path_estimate_hint()}")
    return Verdict(False)


PATH_ESTIMATE_THEN = (
    "Now run `Probe((3, 2, 2, 0), solution=False).nodes` to see the library work out the first number; no line "
    "prints the second."
)


def path_estimate_hint() -> str:
    """What to think about when the prediction is not right (the reasoning, never the number)."""
    return (
        "Add one term for each node on the path, the root and the dead end included. A node stands for as many nodes "
        "as one over the chance that the walk reached it, and that chance is one over the product of the degrees "
        "above it; the two numbers are graded together."
    )


def two_paths() -> str:
    """c: the leaf says 1 + 2 = 3, the deeper path 1 + 2 + 2 x 4 = 11, each taken with chance 1/2.

    The walk picks one of the root's two children with chance 1/2 each, whatever lies below them. Going to the leaf
    it meets degrees (2, 0): that child stands for the 2 nodes of its level, and the estimate is 1 + 2 = 3. Going the
    other way it meets degrees (2, 4, 0): the leaf at the bottom was reached with chance 1/8, so it stands for 8, and
    the estimate is 1 + 2 + 8 = 11. No run says 7, yet (3 + 11) / 2 = 7: on average every node counts once, which is
    why single runs differ while their mean settles on the size of the tree.
    """
    return "c"


def two_paths_problem() -> Problem:
    """An exact cover problem whose search tree is that tree: the root chooses X, whose option X Y ends the search at
    once and whose option X leaves Y with four options, each a solution."""
    options = [["X", "Y"], ["X"]] + [["Y", f"s{k}"] for k in range(4)]
    return Problem(["X", "Y"], [f"s{k}" for k in range(4)], options)


def check_two_paths(answer: object) -> Verdict:
    """Exercise 5's check: the learner's letter, with a reason for each wrong one that does not give the right one."""
    return check_choice(answer, two_paths(), "abcd", why=two_paths_not())


def two_paths_not() -> dict[str, str]:
    """Why each wrong choice of that question is wrong, for the self-check to say."""
    return {
        "a": "A run chooses at the root before it sees anything below. Four leaves under one child do not make that "
        "child likelier. And weighted as in a, the average would not be the tree's 7.",
        "b": "A run knows only the degrees on its own path. The two paths meet different degrees, so the two runs "
        "cannot both say 7. No single run sees the whole tree.",
        "d": "Those count the nodes on each path. The estimate does not add 1 for each node it meets: it asks how "
        "many nodes each one stands for, from the degrees above it.",
    }


def dominoes(rows: int, cols: int) -> Problem:
    """Domino tilings as exact cover: the cells are the primary items, each domino an option of two cells.

    Every cell must be covered exactly once, so every cell is primary; a domino is a cell with its right-hand
    neighbour or with the one below it, and no other option is needed: every tiling is a set of such dominoes.
    """
    cells = [f"r{r}c{c}" for r in range(rows) for c in range(cols)]
    options = [[f"r{r}c{c}", f"r{r}c{c + 1}"] for r in range(rows) for c in range(cols - 1)]
    options += [[f"r{r}c{c}", f"r{r + 1}c{c}"] for r in range(rows - 1) for c in range(cols)]
    return Problem(cells, [], options)


def tilings(rows: int, cols: int) -> int:
    """Domino tilings counted row by row, with no exact cover at all: the independent count the check uses.

    Fill the board cell by cell; a bitmask remembers which cells of the next row are already covered by vertical
    dominoes hanging down from this one. This is the classic "broken profile" count, and it gives the published
    numbers of OEIS A099390 (36 for 4 x 4, 95 for 4 x 5, 6,728 for 6 x 6).
    """
    ways = {0: 1}  # mask of cells in the current row already covered -> number of ways
    for _ in range(rows):
        for c in range(cols):
            after: dict[int, int] = {}
            for mask, n in ways.items():
                if mask & (1 << c):  # covered from above: pass on, and free the cell for the next row
                    after[mask & ~(1 << c)] = after.get(mask & ~(1 << c), 0) + n
                    continue
                down = mask | (1 << c)  # a vertical domino reaches into the next row
                after[down] = after.get(down, 0) + n
                if c + 1 < cols and not mask & (1 << (c + 1)):  # a horizontal domino covers c and c + 1
                    side = mask | (1 << (c + 1))
                    after[side] = after.get(side, 0) + n
            ways = after
    return ways.get(0, 0)


BOARDS = [(2, 2), (2, 3), (3, 4), (4, 4), (4, 5), (6, 6)]


DOMINO_HINT = (
    "Draw the board the message names and list its dominoes by hand: for a cell at the edge, which of its neighbours "
    "lie inside the board? Every cell is an item that must be covered once, and every pair of cells side by side is "
    "one option, once."
)


def _cell_names(rows: int, cols: int) -> set[str]:
    """The names the exercise asks for: r0c0, r0c1, ... for the cell in row r, column c."""
    return {f"r{r}c{c}" for r in range(rows) for c in range(cols)}


def _not_a_board(problem: object, rows: int, cols: int) -> str:
    """What keeps a model from being the board's cells and dominoes, in words ('' when it is them)."""
    if not isinstance(problem, Problem):
        return f"it gives {type(problem).__name__}, not a Problem"
    if problem.secondary:
        return "it has secondary items: every cell must be covered, so the cells are primary items and nothing else"
    if len(problem.primary) != rows * cols:
        return f"it has {len(problem.primary)} primary items, and the board has {rows * cols} cells"
    names = set(problem.primary)
    if names != _cell_names(rows, cols):
        if names == _cell_names(cols, rows):
            return (
                f"its items are the cells of a board of {cols} rows and {rows} columns: rows and columns are swapped "
                f"(dominoes(rows, cols) has `rows` rows, and r{{r}}c{{c}} names row r, column c)"
            )
        odd = sorted(names - _cell_names(rows, cols))[0]
        return f"it has an item {odd!r}; name the cell in row r, column c r{{r}}c{{c}} (r0c0 is the top left cell)"
    pairs: set[frozenset[str]] = set()
    for option in problem.options:
        cells = [entry.item for entry in option]
        if len(cells) != 2:
            items = f"{len(cells)} item{'s' * (len(cells) != 1)}"
            return f"its option {cells} covers {items}; a domino covers two cells"
        if frozenset(cells) in pairs:
            return f"two of its options cover the same two cells, {cells[0]} and {cells[1]}"
        pairs.add(frozenset(cells))
    covered = {cell for pair in pairs for cell in pair}
    lone = sorted(names - covered)
    if lone:
        return f"no option covers the cell {lone[0]}"
    if pairs != {frozenset(e.item for e in option) for option in dominoes(rows, cols).options}:
        return (
            f"its {len(problem.options)} options do not pair the cells as the dominoes of a {rows} x {cols} board do "
            f"(two cells side by side, each such pair once)"
        )
    return ""


ESTIMATE_SEED, ESTIMATE_PATHS = 2024, 300  # the notebook's SEED, and the paths exercise 6 asks for


def _wanted_number(value: object, what: str) -> str:
    """Why ``value`` is not a number for ``what`` ('' when it is one)."""
    if _is_number(value):
        return ""
    if hasattr(value, "probes"):
        return f"{what} is the whole estimate; give the one number of it that the step asks for"
    return f"{what} should be a number, not {_short(value)}"


def check_dominoes(
    model: Callable[[int, int], Problem], estimated: object = None, counted: object = None, budget: float = 2.0
) -> Verdict:
    """Exercise 6's check: the learner's model, then the learner's own estimate and count of 6 x 6.

    The model is read on six boards: its items are the board's cells, named r{r}c{c} so that a board of ``cols``
    rows is told from one of ``rows``, and its options the dominoes, each once; its count is the number of tilings
    (:func:`tilings`). Then ``estimated`` must be the estimate of the tilings of 6 x 6 that 300 paths drawn from
    random.Random(2024) by engine "x" give on the learner's model, and ``counted`` the number of tilings of 6 x 6.
    Both are worked out here and never printed; on success the check sets the learner's two numbers side by side.
    Each model, count and estimate runs within ``budget`` seconds, with the reference refused.
    """
    if not own_work(model, dominoes):
        return Verdict(False)
    for rows, cols in BOARDS:
        where = f"on a {rows} x {cols} board the model"
        ran, problem = attempt(
            model, rows, cols, what="dominoes above", where=where, budget=budget, refused=(dominoes,)
        )
        if not ran:
            return Verdict(False)
        wrong = _not_a_board(problem, rows, cols)
        if wrong:
            print(f"✗ Not yet: on a {rows} x {cols} board {wrong}. {DOMINO_HINT}")
            return Verdict(False)
        ran, found = attempt(count_solutions, problem, "x", what="dominoes above", where=where, budget=budget)
        if not ran:
            return Verdict(False)
        if found != tilings(rows, cols):
            print(f"✗ Not yet: on a {rows} x {cols} board your model has {found:,} solution{'s' * (found != 1)}, "
                  f"which is not the number of tilings. {DOMINO_HINT}")  # fmt: skip
            return Verdict(False)
    if _unanswered(estimated) or _unanswered(counted):
        print(f"Your model is right on all {len(BOARDS)} boards. Not answered yet: steps 2 and 3, replace None with "
              "your estimate and your count, and run this cell again.")  # fmt: skip
        return Verdict(False)
    ran, guess = attempt(
        lambda: estimate(model(6, 6), ESTIMATE_PATHS, seed=ESTIMATE_SEED, engine="x"), what="dominoes above",
        where=f"estimating 6 x 6 with {ESTIMATE_PATHS} paths, the model", budget=budget, refused=(dominoes,),
    )  # fmt: skip
    if not ran:
        return Verdict(False)
    truth = tilings(6, 6)
    wrong = _wanted_number(estimated, "Your estimate") or _wanted_number(counted, "Your count")
    if wrong:
        print(f"✗ Not yet: {wrong}.")
        return Verdict(False)
    if abs(estimated - guess.solutions) >= 1:  # type: ignore[operator]
        said = ESTIMATE_NODES_HINT if abs(estimated - guess.nodes) < 1 else ESTIMATE_HINT  # type: ignore[operator]
        print(f"✗ Not yet: your estimate is not the one your model gives. {said}")
        return Verdict(False)
    if counted != truth:
        said = COUNT_NOT_ESTIMATE if abs(counted - guess.solutions) < 1 else COUNT_HINT  # type: ignore[operator]
        print(f"✗ Not yet: your count is not the number of tilings of the 6 x 6 board. {said}")
        return Verdict(False)
    print(
        f"✓ Right: your model on all {len(BOARDS)} boards, your estimate and your count. From {ESTIMATE_PATHS} paths "
        f"the estimate came to {estimated / counted:.2f} × the count."  # type: ignore[operator]
    )
    return Verdict(True)


ESTIMATE_HINT = (
    "Run the estimate on your own model of the 6 x 6 board, with the number of paths, the seed and the engine that "
    "step 2 names, and take from it the estimate of the solutions, the tilings."
)
ESTIMATE_NODES_HINT = (
    "That is its estimate of the search tree's nodes; step 2 asks for its estimate of the solutions, the tilings, "
    "which step 3 counts."
)
COUNT_HINT = (
    'Count the solutions of your model of the 6 x 6 board, the whole search with engine "x": which board did your '
    "count use?"
)
COUNT_NOT_ESTIMATE = "That is the estimate from step 2; step 3 asks for the count itself, the whole search."
