"""End of game: who won and why, New game, Home.

The final board stays in view, with what decided the game ringed on it: the five counters on
the goal, the pieces across the far row, the last piece captured, or the side that could not
move.  The words congratulate the winner.
"""

from __future__ import annotations

import pygame

from ludique.games.base import REASON_FIFTY_TURNS, GameState, Outcome, Piece
from ludique.play.match import GameConfig
from ludique.play.visit import end_fields, render
from ludique.ui import theme
from ludique.ui.boards.sprites import ghost
from ludique.ui.context import Kiosk
from ludique.ui.layout import draw_text, fit_text
from ludique.ui.scenes.base import Scene
from ludique.ui.widgets import Button


def reason_key(outcome: Outcome) -> str:
    """The kiosk text under the headline.  The fifty-turn rule ends in a win by count or, with
    equal numbers, a draw: each has its own sentence."""
    if outcome.reason == REASON_FIFTY_TURNS and outcome.winner is None:
        return "reason.fifty-turns-draw"
    return f"reason.{outcome.reason}"


WINNER_REASONS = (
    "sacred-line",
    "crossing",
    "no-pieces",
    "no-moves",
    "one-piece",
    "only-dux",
    "fifty-turns",
)


def winner_reason_key(outcome: Outcome) -> str:
    """The sentence under the headline: what the winner did (a draw keeps its own sentence)."""
    if outcome.winner is not None and outcome.reason in WINNER_REASONS:
        return f"play.end.reason.{outcome.reason}"
    return reason_key(outcome)


def last_captured(state: GameState, loser: str, depth: int = 12) -> tuple[str, ...]:
    """The squares where the winner last took pieces of ``loser`` (removed, or turned over as
    prisoners), looking back a few actions."""
    node = state
    for _ in range(depth):
        parent = node.parent
        if parent is None:
            break
        if parent.to_move != loser:  # an action of the winner
            before = {(p.square, p.kind) for p in parent.pieces() if p.colour == loser}
            after = {(p.square, p.kind) for p in node.pieces() if p.colour == loser}
            gone = sorted({sq for sq, _ in before - after if sq not in ("off", "reserve")})
            if gone:
                return tuple(gone)
        node = parent
    return ()


def decided(state: GameState) -> tuple[str, tuple[str, ...], bool]:
    """What decided ``state``'s game, to ring on the final board: (colour of the ringed
    pieces, their squares, whether it is a loss, drawn in the warning colour)."""
    outcome = state.outcome
    if outcome is None or outcome.winner is None:
        return ("", (), False)
    winner = outcome.winner
    loser = next((c for c in state.colours if c != winner), "")
    pieces = state.pieces()
    if outcome.reason == "sacred-line":
        goal = "3B" if winner == "blue" else "3A"
        return (winner, (goal,), False)
    if outcome.reason == "crossing":
        far = "12" if winner == "white" else "1"
        return (
            winner,
            tuple(p.square for p in pieces if p.colour == winner and p.square[1:] == far),
            False,
        )
    if outcome.reason == "no-moves":
        squares = tuple(p.square for p in pieces if p.colour == loser and p.square != "reserve")
        return (loser, squares, True)
    if outcome.reason in ("no-pieces", "one-piece", "only-dux"):
        return (loser, last_captured(state, loser), True)
    return ("", (), False)


class EndScene(Scene):
    name = "end"

    def __init__(self, app: Kiosk, game) -> None:
        super().__init__(app)
        self.game = game
        self.layout()

    def layout(self) -> None:
        """The final board stays where it was in the game; the panel takes the side strip's
        place (under the board on a portrait screen), so it hides none of the board."""
        self.game.resized()
        self.panel = self.game.placed.strip.copy()
        words, buttons = self._panel_parts()
        self._words_boxes(words)
        self.buttons = self._end_buttons(buttons)

    def _panel_parts(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The panel's words and its three buttons: on a portrait screen the words beside the
        buttons' column (with a low band, over it, the buttons where the game's were); on a
        landscape screen the words over the buttons (under them where the screen's foot is
        out of reach)."""
        vp = self.vp
        pad, gap, button_h = vp.u(24), vp.u(16), vp.u(100)
        inner = self.panel.inflate(-2 * pad, -2 * pad)
        if vp.portrait and vp.band.top > 0:
            # a totem with a low band: the words over it, the buttons where the game's are
            return inner, list(self.game.placed.buttons[:3])
        if vp.portrait:
            column = inner.width * 3 // 5
            words = pygame.Rect(inner.left, inner.top, column - gap, inner.height)
            buttons = [
                pygame.Rect(
                    inner.left + column,
                    inner.top + i * (button_h + gap),
                    inner.width - column,
                    button_h,
                )
                for i in range(3)
            ]
            return words, buttons
        if vp.band.top <= 0 and vp.band.bottom < vp.height:
            # the screen stands low, its foot out of reach: the buttons at the panel's top,
            # in the band, the words under them down to the screen's foot
            buttons = [
                pygame.Rect(inner.left, inner.top + i * (button_h + gap), inner.width, button_h)
                for i in range(3)
            ]
            under = buttons[-1].bottom + 2 * gap
            return pygame.Rect(inner.left, under, inner.width, inner.bottom - under), buttons
        top = inner.bottom - 3 * button_h - 2 * gap
        buttons = [
            pygame.Rect(inner.left, top + i * (button_h + gap), inner.width, button_h)
            for i in range(3)
        ]
        words = pygame.Rect(inner.left, inner.top, inner.width, top - gap - inner.top)
        switch = self.app.language_switch.area
        if switch.top > self.panel.top and switch.left < self.panel.right:
            words = self._words_round_switch(inner, top)
        return words, buttons

    def _words_round_switch(self, inner: pygame.Rect, buttons_top: int) -> pygame.Rect:
        """A landscape screen whose language switch lies in the band, down the strip: the
        words above it where they hold there (the panel then reaches the screen's top), else
        under it (the panel then starts at the switch); the words' box."""
        vp = self.vp
        pad, gap = vp.u(24), vp.u(16)
        switch = self.app.language_switch.area
        panel = self.panel
        words = pygame.Rect(inner.left, pad * 2, inner.width, 0)
        words.height = switch.top - gap - words.top
        if words.height < vp.u(260):
            words = pygame.Rect(
                inner.left, switch.bottom + gap, inner.width, buttons_top - 2 * gap - switch.bottom
            )
            panel.height = panel.bottom - (switch.top - pad)
            panel.top = switch.top - pad
        else:
            panel.height += panel.top - pad
            panel.top = pad
        return words

    def _words_boxes(self, words: pygame.Rect) -> None:
        """The headline as high as its words, two fifths of ``words`` at most: the reason has
        the rest."""
        vp = self.vp
        gap = vp.u(16)
        need = fit_text(self.headline(), "display", vp.u(64), (words.width, 10**6)).height
        headline_h = min(words.height * 2 // 5, need)
        self.headline_box = pygame.Rect(words.left, words.top, words.width, headline_h)
        self.reason_box = pygame.Rect(
            words.left,
            self.headline_box.bottom + gap,
            words.width,
            words.bottom - self.headline_box.bottom - gap,
        )

    def _end_buttons(self, rects: list[pygame.Rect]) -> list[Button]:
        """A new game of the same choices, home, and the story of this game."""
        t = self.app.t
        size = self.vp.u(44)
        return [
            Button(
                rects[0],
                lambda: t("button.new_game"),
                self.new_game,
                "primary",
                name="new",
                size=size,
            ),
            Button(
                rects[1],
                lambda: t("button.home"),
                lambda: self.app.go("home"),
                name="home",
                size=size,
            ),
            Button(
                rects[2],
                lambda: t("story.button"),
                lambda: self.app.go("story", game=self.game),
                name="story",
                size=size,
            ),
        ]

    def new_game(self) -> None:
        self.app.go("game", config=GameConfig(**vars(self.game.config)))

    def headline(self) -> str:
        t = self.app.t
        outcome = self.game.match.state.outcome
        config = self.game.config
        if outcome is None or outcome.winner is None:
            return t("end.draw")
        if config.opponent == "computer":
            return (
                t("play.end.you_win")
                if outcome.winner == config.visitor_colour
                else t("play.end.computer_wins")
            )
        return t("play.end.colour_wins", colour=t(f"colour.{outcome.winner}"))

    def reason(self) -> str:
        state = self.game.match.state
        outcome = state.outcome
        if outcome is None:
            return ""
        winner = outcome.winner
        loser = next((c for c in state.colours if c != winner), None)
        names = {
            "winner": self.app.t(f"colour.{winner}") if winner else "",
            "loser": self.app.t(f"colour.{loser}") if loser else "",
        }
        short = end_fields(state)
        if short:  # the short game's end: its moves each and the score that decided it
            key = "visit.end" if winner else "visit.end_draw"
            return render((key, {**names, **short}), self.app.t)
        return self.app.t(winner_reason_key(outcome), **names)

    def draw(self, canvas: pygame.Surface) -> None:
        vp = self.vp
        canvas.blit(self.game.static_layer(), (0, 0))
        state = self.game.match.state
        self.game.view.draw(canvas, state, board=False, marks=self.game.guidance.marked)
        colour, squares, loss = decided(state)
        if squares:
            view = self.game.view
            standing = {p.square for p in state.pieces() if p.colour == colour}
            for sq in squares:
                if sq not in standing:  # taken off the board: a faint trace of it in its ring
                    image = ghost(view.sprite(Piece(sq, colour, self.game.piece_kind)), 90)
                    canvas.blit(image, image.get_rect(center=view.centre(sq)))
            view.draw_rings(canvas, state, squares, colour, danger=loss)
        panel = self.panel
        theme.rounded_panel(canvas, panel, theme.DEEP_2, theme.GOLD, vp.u(30), vp.u(4))
        draw_text(
            canvas,
            self.headline(),
            self.headline_box,
            role="display",
            size=vp.u(64),
            colour=theme.GOLD,
            valign="bottom",
        )
        draw_text(
            canvas,
            self.reason(),
            self.reason_box,
            size=vp.u(36),
            colour=theme.CREAM,
            valign="top",
        )
        for button in self.buttons:
            button.draw(canvas)
