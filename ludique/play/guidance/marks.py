"""What is marked on the board: the targets of a held piece, those where it would be taken at once
or would capture, the pieces that can move, the computer's last move, and the threats."""

from __future__ import annotations

from ludique.games import spec
from ludique.games.base import REMOVE, GameState
from ludique.play.guidance.core import touched_squares
from ludique.play.guidance.hints import HintQuestions
from ludique.play.guidance.text import BoardMarks, Text
from ludique.play.hint import leaves_goal
from ludique.play.threats import Threat, exposed, threats


class MarkQuestions(HintQuestions):
    """What to mark, and the threats named beside the board."""

    def board_marks(self, selected: str | None, marks_on: bool, hint: bool) -> BoardMarks:
        """The marks for a frame: a touched piece's targets; else, when ``marks_on``, every
        piece that can move (with the ``hint``, the one it points at and its targets)."""
        if selected is not None:
            return BoardMarks(
                targets=tuple(self.shown_targets(selected)),
                danger=self.danger_targets(selected),
                gain=self.gain_targets(selected),
            )
        self.hinted = None
        if marks_on:
            movable = tuple(self.removals()) or tuple(self.origins())
            if not hint:
                return BoardMarks(movable=movable)
            suggested = self.suggestion()
            if suggested is not None:  # the suggested move alone: its piece and its target
                self.hinted = suggested.move
                to = suggested.move.to
                targets = (to,) if to is not None and suggested.move.kind != REMOVE else ()
                gain = targets if suggested.move.captures else ()
                return BoardMarks(targets, (suggested.origin,), gain=gain, pulse=True)
            chosen = self.hint_origin()
            if chosen is None:
                return BoardMarks(movable=movable, pulse=True)
            return BoardMarks(
                targets=tuple(self.targets(chosen)),
                movable=(chosen,),
                pulse=True,
                danger=self.danger_targets(chosen),
                gain=self.gain_targets(chosen),
            )
        if self.removals() and self.match.human_turn:
            return BoardMarks(glow=tuple(self.removals()))
        return BoardMarks()

    def gain_targets(self, origin: str) -> tuple[str, ...]:
        """The targets of the piece on ``origin`` where its move captures (a gain, marked
        apart from a loss)."""
        return tuple(sq for sq, move in self.shown_targets(origin).items() if move.captures)

    def danger_targets(self, origin: str) -> tuple[str, ...]:
        """The targets of the piece on ``origin`` after which the other side could take one
        of the mover's pieces at its next move that it cannot take now (the piece moved, or
        one it leaves alone); with a die: send one back with some throw (see
        :meth:`hit_chance`).  None in a guided game (its step is the move), nor where the
        warnings are a setting and off (``capture_warnings``)."""
        state = self.state
        if not self.marks_next_step or self.match.demo or state.outcome is not None:
            return ()
        if not self.warns_captures:
            return ()
        key = (origin, state)
        if self._danger_for is not None and self._danger_for[0] == key:
            return self._danger_for[1]
        mover = state.to_move
        now = set().union(*(t.squares for t in threats(state) if t.kind in ("capture", "knock")))
        found = []
        for square, move in self.shown_targets(origin).items():
            after = state.play(move)
            if after.outcome is None and (exposed(after, mover) - now or leaves_goal(state, move)):
                found.append(square)
        self._danger_for = (key, tuple(found))
        return self._danger_for[1]

    def risk_line(self, selected: str | None) -> Text | None:
        """What the red targets of the held piece mean, in one line (with a die: with the
        throws that would send it back there and their exact chance)."""
        if selected is None:
            return None
        danger = self.danger_targets(selected)
        if not danger:
            return None
        state = self.state
        if state.die is None:  # no die: a capture, no chance about it
            # every piece a red target leaves open is named, not only the one that moves
            # (a piece taken off a line of four leaves three open)
            now = set().union(*(t.squares for t in threats(state) if t.kind == "capture"))
            left: set[str] = set()
            for square in danger:
                move = self.shown_targets(selected)[square]
                left |= exposed(state.play(move), state.to_move) - now - set(move.landing)
            if left:
                return Text.of("play.risk.left", squares=", ".join(sorted(left)))
            return Text.of("play.guide.risk")
        move = self.shown_targets(selected)[danger[0]]
        if leaves_goal(state, move):
            return Text.of("play.risk.leaves_goal", point=move.frm)
        after = state.play(move)
        throws = [
            n for n in range(1, 7) if any(m.to == move.to for m in after.roll(n).legal_moves())
        ]
        return Text.of(
            "play.guide.risk_knock",
            throws=", ".join(str(n) for n in throws),
            percent=round(100 * len(throws) / 6),
        )

    def marks_for(self, state: GameState) -> tuple[str, ...]:
        """The squares of the computer's last move on the way to ``state`` (none if the last
        action there was the visitor's): what an undo must show, not the move it took back."""
        node = state
        while node is not None and node.parent is not None:
            parent = node.parent
            move = node.last_move
            if move is None and node.die is not None:  # a roll: the move is before it
                node = parent
                continue
            if move is None or self.match.is_human(parent.to_move):
                return ()
            return touched_squares(move)
        return ()

    def threats(self) -> list[Threat]:
        """What the next move can decide, as the board marks it (``ludique/play/threats.py``)."""
        match = self.match
        state = self.state
        if match.demo or state.needs_roll and not spec(state.game_id).die:
            return []
        if self._threats_for is not state:
            self._threats_for = state
            found = threats(state)
            if not self.warns_captures:
                found = [t for t in found if t.kind != "capture"]
            if match.against_computer:
                # a capture or a knock is the next move's: only the visitor's own danger
                # counts; the computer's coming crossing only while the visitor can answer
                found = [
                    t
                    for t in found
                    if (t.kind not in ("capture", "knock") or match.is_human(t.against))
                    and (t.kind != "may-cross" or not match.is_human(t.against))
                ]
            else:  # between two players each sees his own crossing in turn ("now")
                found = [t for t in found if t.kind != "may-cross"]
            self._threats = found
        return self._threats

    def threat_line(self) -> Text | None:
        """The first threat in words, for the strip: who is threatened, by whom, what to do."""
        lines = self.threat_lines()
        return lines[0] if lines else None

    def threat_lines(self) -> list[Text]:
        """Every threat in words, the most decisive first (the strip shows those it has room
        for; every one is marked on the board)."""
        return [self._threat_text(threat) for threat in self.threats()]

    def _threat_text(self, threat: Threat) -> Text:
        match = self.match
        if match.against_computer:
            who = "you" if match.is_human(threat.against) else "computer"
        else:
            who = "colour"
        fields = dict(threat.fields)
        fields.setdefault("colour", threat.against)
        return Text.of(f"{threat.key}.{who}", **fields)
