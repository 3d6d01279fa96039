"""What every question of the guidance starts from: the match and its state, the moves by
where they start and where they may go, and a short message shown over the board."""

from __future__ import annotations

from ludique.games import spec
from ludique.games.base import PASS, REMOVE, GameState, Move
from ludique.play.guidance.text import Notice, Text, counter_key, counters
from ludique.play.hint import HintSearch
from ludique.play.match import Match
from ludique.play.threats import Threat

WARNED_STRENGTHS = ("beginner", "even")  # pieces in danger marked at these, where a setting


def touched_squares(move: Move) -> tuple[str, ...]:
    """The squares on the board a move touched: where it came from and went (a pass none)."""
    return tuple(sq for sq in (move.frm, move.to) if sq and sq not in ("off", "reserve"))


class GuidanceCore:
    """The guidance's state and the moves it asks the engine for; the questions build on it."""

    marks_next_step = True  # ring the movable pieces, say the next step, ask before leaving
    explains_rules = True  # a rule the guided game does not teach is explained when it applies

    def __init__(self, match: Match, capture_warnings: bool = False) -> None:
        self.match = match
        self.notice: Notice | None = None
        self.rule: Notice | None = None  # a rule explained, beside the board (never over it)
        self.rule_seen = False  # the strip has shown it (one that waited for room stays)
        self.explained: set[str] = set()  # the rules explained in this game (once each)
        self.marked: tuple[str, ...] = ()  # the squares of the computer's last move
        self.lost: Text | None = None  # the visitor's pieces the computer's last move took
        self._coming: tuple[GameState, Text | None] | None = None  # said once it is shown
        # Where the warnings are a setting (the spec's ``warnings_by_setting``), pieces in danger
        # are marked at the gentle strengths, or when the curator asks for it at every strength
        # (the setting ``capture_warnings``)
        self.capture_warnings = capture_warnings or match.config.strength in WARNED_STRENGTHS
        # The other games mark them at every strength (a phalanx captures from afar, and a
        # visitor does not see it coming); the red targets of a held piece follow the same rule
        self._by_setting = spec(match.config.game_id).warnings_by_setting
        self._threats_for: GameState | None = None
        self._threats: list[Threat] = []
        self._moves_for: GameState | None = None
        self._danger_for: tuple[tuple[str, GameState], tuple[str, ...]] | None = None
        self._origins: dict[str, list[Move]] = {}
        self._removals: dict[str, Move] = {}
        self.hints = HintSearch(match.config.strength)  # the suggestion, searched in a thread
        self.hinted: Move | None = None  # the suggested move while the hint shows it

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def warns_captures(self) -> bool:
        """Whether the pieces the other side could capture are marked (and a held piece's
        red targets shown): always, but where they are a setting (``capture_warnings``)."""
        return self.capture_warnings or not self._by_setting

    def _refresh(self) -> None:
        if self._moves_for is self.state:
            return
        self._moves_for = self.state
        self._origins = {}
        self._removals = {}
        for move in self.state.legal_moves():
            if move.kind == PASS:
                continue
            if move.kind == REMOVE:
                if move.frm is not None:  # (a removal names the prisoner's square)
                    self._removals[move.frm] = move
                continue
            origin = move.frm if move.frm is not None else "reserve"
            self._origins.setdefault(origin, []).append(move)

    def origins(self) -> dict[str, list[Move]]:
        """The legal moves by the square they start from (``off``/``reserve`` for a stock)."""
        self._refresh()
        return self._origins

    def removals(self) -> dict[str, Move]:
        """The prisoners the player to move may remove, by square."""
        self._refresh()
        return self._removals

    def targets(self, origin: str) -> dict[str, Move]:
        """Legal destinations from ``origin``; among several paths to one square, the shortest."""
        out: dict[str, Move] = {}
        for move in self.origins().get(origin, []):
            if move.to is None:
                continue
            best = out.get(move.to)
            if best is None or len(move.path) < len(best.path):
                out[move.to] = move
        return out

    def accepts(self, move: Move) -> Text | None:
        """Whether the visitor's legal ``move`` is played: None, or why not (a guided game
        takes only its step's move)."""
        return None

    def shown_targets(self, origin: str) -> dict[str, Move]:
        """The targets marked for the piece on ``origin``: where a drop is taken."""
        return self.targets(origin)

    def marks_due(self) -> bool:
        """The match's part of whether the movable pieces are ringed now: the visitor's turn,
        the die (if any) has landed, no pass being shown (the scene adds: nothing held or
        moving, no question open)."""
        match = self.match
        state = self.state
        return (
            self.marks_next_step
            and match.human_turn
            and match.pass_at is None
            and not state.needs_roll
            and state.outcome is None
        )

    def entry_blocked(self) -> str | None:
        """Where the mover's waiting pieces cannot enter now (the engine's ``blocked_entry``:
        the die names a point one of his own counters stands on)."""
        return self.state.blocked_entry()

    def _of_pieces(self, key: str) -> Text:
        """``key`` said of this game's pieces: a track's are counters (the glossary's
        word, ``GameSpec.piece_kinds``), said by the keys ending ``_counter``."""
        return Text.of(counter_key(key) if counters(self.state.game_id) else key)

    def show(self, text: Text) -> None:
        """Say ``text`` over the board until the visitor's next touch (or move)."""
        self.notice = Notice(text)
        self.match.on_change()

    def say(self, key: str, **fields: object) -> None:
        """A short message over the board until the next touch (``kiosk.play.<key>``)."""
        self.show(Text.of(f"play.{key}", **fields))
