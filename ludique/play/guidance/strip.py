"""The lines of the strip beside the board: whose turn and what to do, the next step, the die's
caption, the message of the moment and the score."""

from __future__ import annotations

from ludique.games import spec
from ludique.play.guidance.marks import MarkQuestions
from ludique.play.guidance.refusals import RefusalQuestions
from ludique.play.guidance.text import Text
from ludique.play.visit import countdown


class StripLines(MarkQuestions, RefusalQuestions):
    """What the strip says."""

    def status(self) -> Text:
        """Whose turn it is (and what he does: throw, move, remove a prisoner)."""
        match = self.match
        state = self.state
        if state.outcome is not None:
            return Text.of("status.game_over")
        mover = state.to_move
        if match.config.opponent == "two-players":
            if state.needs_roll:
                return Text.of("status.roll_colour", colour=mover)
            return Text.of("status.colour_to_play", colour=mover)
        if match.is_human(mover):
            if state.needs_roll:
                return Text.of("status.your_roll")
            if self.removals():
                return Text.of("status.remove_incitus")
            return Text.of("status.your_turn")
        if state.needs_roll:
            return Text.of("status.computer_rolls")
        return Text.of("status.computer_thinks")

    def next_step(self, selected: str | None, hint: bool = False) -> Text | None:
        """The next step in one line, under whose turn it is (None: nothing to add); with the
        hesitation ``hint`` on, what its breathing piece and green dots are (they must not
        read as a piece the visitor took and forgot)."""
        match = self.match
        state = self.state
        if not self.marks_next_step or match.demo or state.outcome is not None:
            return None
        if not match.human_turn or match.pass_at is not None:
            return None
        if state.needs_roll:
            return None  # the status says it: touch the die
        if self.removals():
            # against the computer the status says it already ("Touch a prisoner to remove
            # it"), and the same words twice read as a fault; two players read whose turn there
            if self.status() == Text.of("status.remove_incitus"):
                return None
            return Text.of("play.guide.remove")
        blocked = self.entry_blocked()
        if blocked is not None and not match.only_pass():
            return Text.of("play.guide.blocked", point=blocked)
        if selected is not None:  # (the front of a line: how the line moves)
            if self.gain_targets(selected) and not self.line_note(selected):
                return Text.of("play.risk.gain")  # what the gold targets are
            return self.line_note(selected) or self._of_pieces("play.guide.target")
        if hint and self.hint_origin() is not None:
            suggested = self.suggestion()
            if suggested is not None:  # the move and why, in a few words
                why = suggested.reason
                return Text.of(f"play.hint.{why.why}", **dict(why.fields))
            return self._of_pieces("play.guide.hint")
        if set(self.origins()) == {"reserve"}:
            return Text.of("play.guide.place")
        return self._of_pieces("play.guide.choose")

    def die_caption(self, rolling: bool) -> Text:
        """Whose throw the die shows, or whose throw is due."""
        match = self.match
        state = self.state
        due = state.needs_roll and not rolling
        if match.last_die is None and due:  # before the first throw: how to throw, not a face
            return Text.of("play.die.touch" if match.human_turn else "play.die.computer-first")
        if due and match.against_computer:
            # the faded face is the other side's last throw: the caption says who throws
            # next, never "your throw" over the computer's number (nor the other way round)
            return Text.of("play.die.touch" if match.human_turn else "status.computer_rolls")
        # while the die tumbles it is the thrower's (not the last throw's) die
        whose = state.to_move if due or rolling or match.die_by is None else match.die_by
        if match.against_computer:
            return Text.of("play.die.you" if match.is_human(whose) else "play.die.computer")
        return Text.of("play.die.colour", colour=whose)

    def die_captions(self) -> list[Text]:
        """Every caption ``die_caption`` may give in this match: the screen finds one place
        that holds them all, so that the caption does not move from turn to turn."""
        if self.match.against_computer:
            keys = ("play.die.touch", "play.die.computer-first", "status.computer_rolls")
            return [Text.of(key) for key in (*keys, "play.die.you", "play.die.computer")]
        colours = self.state.colours
        return [Text.of("play.die.touch"), *(Text.of("play.die.colour", colour=c) for c in colours)]

    def message(self) -> Text | None:
        """The short line over the board now, if any: a pass, the end, a notice."""
        match = self.match
        if match.pass_at is not None:
            if match.human_turn and match.against_computer:
                return Text.of("status.no_move_you")
            return Text.of("status.no_move_colour", colour=self.state.to_move)
        if self.state.outcome is not None and match.ending_at is not None:
            return Text.of("status.game_over")
        if self.notice is not None:
            return self.notice.text
        return None

    def score_lines(self) -> list[tuple[Text, str | None]]:
        """The strip's counts, each with the colour whose lost pieces are drawn under it."""
        match = self.match
        state = self.state
        game = spec(match.config.game_id)
        lines: list[tuple[Text, str | None]] = []
        visit = countdown(state)
        if visit is not None:  # the short game's moves, over the score that will decide it
            lines.append((Text.of(visit[0], **visit[1]), None))
        for part in game.score:  # how the game's score reads (``GameSpec.score``)
            if part == "at-goal":
                for colour in state.colours:
                    goal = game.goal(colour)
                    n = sum(1 for p in state.pieces() if p.colour == colour and p.square == goal)
                    lines.append((Text.of("score.at_goal", colour=colour, count=n), None))
            elif part == "crossing":
                lines.append((Text.of("score.crossing_title"), None))
                for colour in state.colours:
                    n = state.crossing_count(colour)
                    lines.append((Text.of("score.crossing", colour=colour, count=n), None))
            elif part == "captured":
                drawn = game.lost_pieces_drawn
                for colour, lost in match.lost_counts().items():
                    line = Text.of("score.captured", colour=colour, count=lost)
                    lines.append((line, colour if drawn else None))
        return lines
