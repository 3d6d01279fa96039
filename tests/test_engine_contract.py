"""The engine contract of rules.md section 4, checked the same way for every game id, and for
a seventh game that only the tests know (``tests/race3/``: one folder, registered here)."""

from __future__ import annotations

import random

import pytest
from race3 import GAME_ID as RACE
from race3 import race_game

from ludique.games import (
    GAME_IDS,
    MOVE_KINDS,
    REASONS,
    GameState,
    IllegalMove,
    Move,
    dump_game,
    load_game,
    new_game,
    spec,
)

# the kiosk's six games, and the tests' race: whatever the engine promises holds for any game
ALL_GAMES = (*GAME_IDS, RACE)
FIRST_TO_MOVE = {gid: "blue" for gid in ALL_GAMES} | {"epaminondas": "white"}


@pytest.fixture(autouse=True)
def _race_registered():
    with race_game():
        yield


def random_game(game_id: str, seed: int, max_moves: int = 120) -> list[GameState]:
    """The states of one random game (at most ``max_moves`` moves), start included."""
    rng = random.Random(seed)
    state = new_game(game_id)
    states = [state]
    moves = 0
    while state.outcome is None and moves < max_moves:
        if state.needs_roll:
            state = state.roll(rng.randint(1, 6))
        else:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
        states.append(state)
    return states


def test_unknown_game_id_is_refused_with_the_known_ids() -> None:
    with pytest.raises(IllegalMove, match="unknown game id 'chess'.*pente-grammai"):
        new_game("chess")
    assert issubclass(IllegalMove, ValueError)


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_new_game_starts_with_the_first_colour_and_no_outcome(game_id: str) -> None:
    state = new_game(game_id)
    assert state.game_id == game_id
    assert state.to_move == FIRST_TO_MOVE[game_id]
    assert state.outcome is None
    assert state.needs_roll == spec(game_id).die
    if state.needs_roll:
        assert state.legal_moves() == []
    else:
        assert state.legal_moves(), "every game but Pente grammai has moves at the start"


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_random_games_keep_the_contract(game_id: str) -> None:
    for seed in range(3):
        states = random_game(game_id, seed)
        for before, after in zip(states, states[1:], strict=False):
            assert after.parent is before
            if before.needs_roll:
                assert after.action.startswith("roll ")
                continue
            moves = before.legal_moves()
            assert all(isinstance(m, Move) for m in moves)
            texts = [str(m) for m in moves]
            assert len(set(texts)) == len(texts), "one move per notation"
            assert after.action in texts
            # play by notation gives the same position as play by move
            assert before.play(after.action).key == after.key
        last = states[-1]
        if last.outcome is not None:
            assert last.legal_moves() == []
            assert last.outcome.reason in REASONS
            assert last.outcome.winner in (*last.colours, None)


# What each game's moves may be (``Move.kind``): a kind outside its row is a wrong word the
# screen would animate or narrate wrongly.
KINDS = {
    "pente-grammai": {"enter", "step", "pass"},
    "epaminondas": {"phalanx"},
    "latrunculi-seneca": {"place", "step", "jump", "remove"},
    "latrunculi-piso": {"place", "step", "jump"},
    "latrunculi-petteia": {"step", "slide"},
    "latrunculi-dux": {"step", "slide"},
    RACE: {"step"},
}


def _opponent_pieces(state: GameState, colour: str) -> dict[str, int]:
    """How many pieces of ``colour`` stand on each square (not off the board or in a stock),
    inciti left out: in Seneca a captured man stays, turned over."""
    out: dict[str, int] = {}
    for p in state.pieces():
        if p.colour == colour and p.kind != "incitus" and p.square not in ("off", "reserve"):
            out[p.square] = out.get(p.square, 0) + 1
    return out


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_the_state_protocol_says_what_each_move_was(game_id: str) -> None:
    for seed in range(3):
        states = random_game(game_id, seed)
        assert states[0].last_move is None and states[0].moves_played() == []
        kinds = set()
        for before, after in zip(states, states[1:], strict=False):
            assert after.phase in ("placement", "battle")
            assert all(after.reserve(c) >= 0 for c in after.colours)
            assert after.quiet_turns >= 0
            if before.needs_roll:
                assert after.last_move is None
                assert after.die == int(after.action.split()[1])
                continue
            move = after.last_move
            assert move is not None and move.text == after.action
            assert move.kind in MOVE_KINDS
            kinds.add(move.kind)
            # the captures named are exactly the opponent's pieces that left their squares
            # (a Pente counter on a point, a man turned incitus or taken in Latrunculi)
            them = before.opponent
            was, now = _opponent_pieces(before, them), _opponent_pieces(after, them)
            gone = sorted(sq for sq, n in was.items() if now.get(sq, 0) < n)
            assert sorted(move.captures) == gone, (after.actions(), move, move.captures)
            assert move.kind != "pass" or (move.frm, move.to) == (None, None)
            assert move.kind != "remove" or move.to is None
            assert move.kind != "place" or move.frm is None
            assert move.kind != "enter" or move.frm == "off"
        assert kinds <= KINDS[game_id], kinds - KINDS[game_id]
        last = states[-1]
        moves = [a for a in last.actions() if not a.startswith("roll ")]
        assert [m.text for m in last.moves_played()] == moves


def test_a_state_without_a_thing_answers_for_it() -> None:
    """The protocol's defaults: what a game without a die, a stock or a phase says."""
    state = new_game("epaminondas")
    assert (state.phase, state.die, state.quiet_turns) == ("battle", None, 0)
    assert state.reserve("white") == 0 and not state.pending_removal and state.freed == ()
    assert new_game("latrunculi-seneca").phase == "placement"
    assert new_game("latrunculi-seneca").reserve("white") == 16
    assert new_game("pente-grammai").roll(4).die == 4
    assert new_game("latrunculi-dux").find_move("a1-a1") is None
    assert new_game("latrunculi-dux").find_move(" a1-a5").kind == "slide"


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_saved_game_replays_to_the_same_position(game_id: str) -> None:
    final = random_game(game_id, seed=7)[-1]
    text = dump_game(final)
    again = load_game(text)
    assert again.key == final.key
    assert again.actions() == final.actions()
    assert dump_game(again) == text


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_corrupt_saved_game_names_the_line_of_the_first_bad_move(game_id: str) -> None:
    final = random_game(game_id, seed=3, max_moves=10)[-1]
    lines = dump_game(final).splitlines()
    # header, game id, then actions: replace the fourth action (the race's last if shorter)
    bad_line = min(6, len(lines))
    assert len(lines) > 2
    lines[bad_line - 1] = "zz9-zz1"
    with pytest.raises(IllegalMove, match=rf"^line {bad_line}: zz9-zz1: "):
        load_game("\n".join(lines))


def test_saved_game_without_a_game_line_is_refused() -> None:
    with pytest.raises(IllegalMove, match="line 1: expected 'game ID'"):
        load_game("c2-c4\n")
    with pytest.raises(IllegalMove, match="names no game"):
        load_game("")
    with pytest.raises(IllegalMove, match="line 2: unknown game id 'go'"):
        load_game("# ludique saved game\ngame go\n")


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_bad_input_raises_illegal_move_and_leaves_the_state_alone(game_id: str) -> None:
    state = new_game(game_id)
    if state.needs_roll:
        state = state.roll(3)
    before_key, before_moves = state.key, [str(m) for m in state.legal_moves()]
    for text in ["", "nonsense", "a1-a1-a1-a1", "@", "x", "z9-z8", "off-9Z"]:
        with pytest.raises(IllegalMove) as info:
            state.play(text)
        assert str(info.value).strip(), "the message says why"
    with pytest.raises(IllegalMove):
        state.play(42)  # type: ignore[arg-type]
    for n in (0, 7, -1):
        with pytest.raises(IllegalMove):
            state.roll(n)
    assert state.key == before_key
    assert [str(m) for m in state.legal_moves()] == before_moves


def test_a_move_of_another_game_is_refused() -> None:
    dux = new_game("latrunculi-dux")
    # a2-a4 is not an Epaminondas move at the start (a2 alone moves one square northward)
    foreign = next(m for m in new_game("epaminondas").legal_moves() if str(m) == "a2-b3")
    with pytest.raises(IllegalMove, match="^a2-b3: "):
        dux.play(foreign)


class _PayloadMove(Move):
    __slots__ = ("payload",)

    def __init__(self, payload: int) -> None:
        super().__init__("step", "a", "b")
        self.payload = payload


class _Counter(GameState):
    """A toy game whose one move adds a payload that its notation does not show."""

    __slots__ = ("total",)
    game_id = "toy"
    colours = ("blue", "white")
    to_move = "blue"

    def __init__(self, total: int, parent: GameState | None = None, action: str | None = None):
        super().__init__(parent, action)
        self.total = total

    @property
    def key(self) -> int:
        return self.total

    def _generate_moves(self) -> list[Move]:
        return [_PayloadMove(1 if self.total < 10 else 100)]

    def _apply(self, move: Move) -> GameState:
        assert isinstance(move, _PayloadMove)
        return _Counter(self.total + move.payload, self, move.text)

    def _compute_outcome(self) -> None:
        return None


def test_a_move_object_from_another_position_is_applied_as_this_positions_move() -> None:
    early, late = _Counter(0), _Counter(10)
    old = early.legal_moves()[0]
    assert late.play(old).total == 110, "the late position's own 'step' (payload 100) is played"
    assert early.play(old).total == 1
