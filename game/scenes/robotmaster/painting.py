"""Robot Master's table drawn: the top bar, the seats and line scores, the grid, the pile,
the hand and the card in flight."""

from __future__ import annotations

import math
from typing import Iterable

import pygame

from game.core.types import PlayerId, Pos
from game.i18n import _
from game.robotmaster import CardDealt, CardPlaced, line_score
from game.scenes.games import seat_label
from game.scenes.robotmaster.base import LOG_PX, NOTE_PX, RobotMasterTableBase, ease
from game.scenes.robotmaster.texts import VARIANT_NAMES
from game.ui import art, theme
from game.ui import robotmaster_view as view
from game.ui.log_drawer import outline
from game.ui.text_drawing import (draw_paragraphs, draw_text, fits_when_shrunk,
                                  fitting_font, paragraph_font, paragraphs_fit)


class TablePainting(RobotMasterTableBase):
    """The drawing of the table, shared by the live table and the replay viewer."""

    def draw_content(self, surface: pygame.Surface) -> None:
        self._draw_top_bar(surface)
        self._draw_left_panel(surface)
        self._draw_table(surface)
        self._draw_right_panel(surface)
        self._draw_hand(surface)
        self.log.draw(surface, self.log_entries(), _("Game log"), self.px(LOG_PX))
        self._draw_moving(surface)

    def _player_colour(self, p: PlayerId) -> tuple[int, int, int]:
        return theme.PLAYER_COLOURS.get(self.controller.seats[p].colour, theme.ACCENT)

    def _player_shape(self, p: PlayerId) -> str:
        return theme.PLAYER_SHAPES.get(self.controller.seats[p].colour, "circle")

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        title = _("Robot Master") + " · " + _(VARIANT_NAMES.get(self.controller.variant, ""))
        draw_text(surface, title, theme.fit_font(title, self.px(400), self.px(22), self.px(16)),
                  theme.TEXT, (self.px(18), self.px(32)), "midleft", max_width=self.px(400))
        status = self.status_line()
        draw_text(surface, status, theme.font(self.px(22), bold=True), theme.ACCENT,
                  (self.size[0] // 2 + self.px(40), self.px(32)), "center",
                  max_width=self.px(520))

    def status_line(self) -> str:
        c = self.controller
        if self.ended is not None:
            return _("The grid is complete.")
        f = self.flight
        if f is not None and not isinstance(f.event, CardDealt):
            name = c.seats[f.event.player].name
            if isinstance(f.event, CardPlaced):
                return _("{name} is placing a card…").format(name=name)
            return _("{name} draws a card…").format(name=name)
        player = c.state.current_player
        if player < 0 or f is not None:
            if c.variant == "solo" and len(c.state.placements) > 1:
                return _("Turning up the next card…")
            if len(c.state.placements) > 1:
                return _("Drawing a card…")
            return _("Dealing…")
        name = c.seats[player].name
        if c.seats[player].is_bot:
            self.status_says_thinking = (self.thinker.thinking_about(c)
                                         and not self.thinker.answered())
            if self.status_says_thinking:
                return _("{name} is thinking…").format(name=name)
            return _("{name} is placing a card…").format(name=name)
        if player != self.viewer:
            return _("{name}'s turn").format(name=name)
        if c.variant == "solo":
            return _("Place the turned-up card")
        return _("Your turn, {name}").format(name=name)

    def _draw_left_panel(self, surface: pygame.Surface) -> None:
        panel = self.left_panel
        c = self.controller
        rects = self.seat_rects()
        current = c.state.current_player
        if self.flight is not None:
            current = self.flight.event.player if not isinstance(self.flight.event, CardDealt) \
                else -1
        drawn_headers: set[str | None] = set()
        small = theme.font(self.px(15))
        for p in self._seat_order():
            rect = rects[p]
            side = c.side_of(p)
            if side not in drawn_headers:
                drawn_headers.add(side)
                icon = pygame.Rect(rect.x + self.px(4), rect.y - self.px(24), self.px(18),
                                   self.px(18))
                if side is not None:
                    view.draw_side_icon(surface, side, icon, theme.TEXT)
                    label = _("Rows (across)") if side == "rows" else _("Columns (down)")
                else:
                    label = _("Solo") if c.variant == "solo" else \
                        _("Sides are being drawn…")
                draw_text(surface, label, fitting_font(label, panel.w - self.px(50),
                                                       self.px(17)), theme.TEXT,
                          (icon.right + self.px(8), icon.centery), "midleft",
                          max_width=panel.w - self.px(50))
            if p == current and self.ended is None:
                pygame.draw.rect(surface, theme.RM_SLOT_HINT, rect, border_radius=self.px(8))
                pygame.draw.rect(surface, theme.ACCENT, rect, max(2, self.px(2)),
                                 border_radius=self.px(8))
            robot = pygame.Rect(rect.x + self.px(4), rect.y + self.px(3), rect.h - self.px(6),
                                rect.h - self.px(6))
            seat = c.seats[p]
            art.draw_robot(surface, robot, self._player_colour(p), shape=self._player_shape(p),
                           letter=seat.name[:1].upper())
            name_x, line = robot.right + self.px(8), rect.right - self.px(6)
            who = seat_label(seat.bot)
            if c.variant == "solo":
                room = line - name_x
                self._draw_seat_names(surface, rect, seat.name, who, name_x, room, room)
                continue
            # the hand's card back and its count at the right: beside the name, or beside
            # the line under it when a long name needs the whole row (the smallest window)
            count_text = f"×{len(self.hands[p])}"
            count_font = theme.font(self.px(18), bold=True)
            back_w = self.px(22)
            bx = rect.right - self.px(66)   # one column in every row, with room for "×12"
            beside_name = fits_when_shrunk(seat.name, bx - self.px(6) - name_x, self.px(18))
            if beside_name:
                back_h, cy = self.px(30), rect.centery
                self._draw_seat_names(surface, rect, seat.name, who, name_x,
                                      bx - self.px(6) - name_x, bx - self.px(6) - name_x)
            else:
                back_h, cy = self.px(18), rect.bottom - self.px(6) - small.get_height() // 2
                back_w = back_h * 11 // 15
                self._draw_seat_names(surface, rect, seat.name, who, name_x, line - name_x,
                                      bx - self.px(6) - name_x)
            back = self.cards.back((back_w, back_h))
            surface.blit(back, (bx, cy - back_h // 2))
            draw_text(surface, count_text, count_font if beside_name else small, theme.TEXT,
                      (bx + back_w + self.px(4), cy), "midleft")
        # below the seats: pile, match, solo best, a failed autosave; the log under them
        y = self.notes_top()
        warning = _("Autosave failed: {reason}").format(reason=self.save_warning) \
            if self.save_warning else None
        font = theme.font(self.px(NOTE_PX))
        for note in self.panel_notes():
            height = draw_paragraphs(surface, note, font,
                                     theme.DANGER if note == warning else theme.TEXT_DIM,
                                     pygame.Rect(panel.x + self.px(14), y, panel.w - self.px(28),
                                                 panel.bottom - y))
            y += height + self.px(4)

    def previewed_card(self) -> tuple[Pos, int] | None:
        """The viewer's card lying tentatively on the table, as (cell, value), or None. The
        line scores count it as if it were played, so a player sees what the card does to
        the lines before confirming it (as VOLT previews a program); nobody else sees it."""
        t = self.controller.tentative
        if t is None or self.viewer is None or t.player != self.viewer:
            return None
        return t.cell, t.value

    def scored_cells(self) -> dict[Pos, int]:
        """The cards the line scores count: those on the table and the previewed one."""
        preview = self.previewed_card()
        if preview is None:
            return self.cells
        return {**self.cells, preview[0]: preview[1]}

    def line_scores(self, scored: dict[Pos, int] | None = None
                    ) -> tuple[dict[int, int], dict[int, int]]:
        """The score of every row and column with cards (partial lines score what their
        cards score so far), the previewed card counted (`previewed_card`); `scored`: the
        `scored_cells` when the caller has them already."""
        rules = self.controller.rules
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for pos, value in (self.scored_cells() if scored is None else scored).items():
            rows.setdefault(pos.y, []).append(value)
            cols.setdefault(pos.x, []).append(value)
        return ({y: line_score(v, rules) for y, v in rows.items()},
                {x: line_score(v, rules) for x, v in cols.items()})

    def side_colour(self, side: str) -> tuple[int, int, int]:
        players = self.controller.players_on(side)
        return self._player_colour(players[0]) if players else theme.TEXT_DIM

    def _draw_pile(self, surface: pygame.Surface) -> None:
        count = self.pile_count()
        if count <= 0:
            return
        rect = self.pile_rect()
        back = self.cards.back(rect.size)
        for i in range(min(3, count) - 1, -1, -1):
            surface.blit(back, rect.move(i * self.px(2), -i * self.px(2)))
        draw_text(surface, str(count), theme.font(self.px(16), bold=True), theme.TEXT,
                  (rect.centerx, rect.bottom + self.px(4)), "midtop")

    def _draw_table(self, surface: pygame.Surface) -> None:
        self._draw_pile(surface)
        g = self.geometry
        old_clip = surface.get_clip()
        surface.set_clip(g.area.inflate(self.px(8), self.px(8)))
        scored = self.scored_cells()
        rows, cols = self.line_scores(scored)
        low_row = min(rows, key=lambda y: (rows[y], y)) if rows else None
        low_col = min(cols, key=lambda x: (cols[x], x)) if cols else None
        # faint stripes behind the lowest row and column
        if scored:
            xs = [p.x for p in scored]
            ys = [p.y for p in scored]
            if low_row is not None:
                a = g.cell_rect(Pos(min(xs), low_row))
                b = g.cell_rect(Pos(max(xs), low_row))
                self._stripe(surface, a.union(b), self.side_colour("rows"))
            if low_col is not None:
                a = g.cell_rect(Pos(low_col, min(ys)))
                b = g.cell_rect(Pos(low_col, max(ys)))
                self._stripe(surface, a.union(b), self.side_colour("columns"))
        # empty slots of the view
        hot = g.pos_at(self.mouse)
        legal = self.legal_cells()
        for pos in legal:
            view.draw_legal_cell(surface, g.card_rect(pos), hot=(pos in (hot, self.cursor)),
                                 phase=0.0)
        if self.cursor in legal and self.controller.tentative is None:
            pygame.draw.rect(surface, theme.FOCUS, g.cell_rect(self.cursor), max(2, self.px(3)),
                             border_radius=self.px(8))
        for pos, value in self.cells.items():
            rect = g.card_rect(pos)
            surface.blit(self.cards.face(value, rect.size), rect)
        if self.last_cell is not None and self.last_cell in self.cells and self.ended is None:
            pygame.draw.rect(surface, theme.FOCUS, g.cell_rect(self.last_cell),
                             max(2, self.px(3)), border_radius=self.px(8))
        outline(surface, [g.cell_rect(pos) for pos in self.lit_cells()], max(3, self.px(4)),
                self.px(8))
        t = self.controller.tentative
        if t is not None and self.viewer is not None and t.player == self.viewer:
            rect = g.card_rect(t.cell)
            surface.blit(self.cards.face(t.value, rect.size), rect)
            pygame.draw.rect(surface, theme.ACCENT, rect.inflate(self.px(6), self.px(6)),
                             max(3, self.px(4)), border_radius=self.px(8))
        surface.set_clip(old_clip)
        self._draw_line_scores(surface, rows, cols, low_row, low_col)

    def _stripe(self, surface: pygame.Surface, rect: pygame.Rect,
                colour: tuple[int, int, int]) -> None:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (*theme.DANGER, 70), veil.get_rect(), border_radius=self.px(8))
        surface.blit(veil, rect)
        pygame.draw.rect(surface, theme.DANGER, rect, max(1, self.px(2)), border_radius=self.px(8))

    def _draw_line_scores(self, surface: pygame.Surface, rows: dict[int, int],
                          cols: dict[int, int], low_row: int | None, low_col: int | None) -> None:
        g = self.geometry
        small = theme.font(self.px(13), bold=True)
        solo = self.controller.variant == "solo"
        row_badge, column_badge = self.score_badge_rect, self.column_badge_rect
        bw, bh = row_badge(0).w, row_badge(0).h
        # rows: to the right of the grid, with the owners named above
        rx = row_badge(0).x
        head = pygame.Rect(rx, g.area.y, bw + self.px(6), self.px(20))
        rows_owner = self.controller.players_on("rows")
        cols_owner = self.controller.players_on("columns")
        view.draw_side_icon(surface, "rows", pygame.Rect(rx, head.y + self.px(2), self.px(16),
                                                         self.px(14)), theme.TEXT)
        rows_head = self.joined_names(rows_owner) if rows_owner else (_("Rows") if solo else "")
        head_room = self.felt.right - rx - self.px(26)
        if rows_owner and not fits_when_shrunk(rows_head, head_room, self.px(13)):
            # a narrow felt (4:3, 16:10): the owners' emblems, named in the seats panel
            for k, p in enumerate(rows_owner):
                art.draw_emblem(surface, self._player_shape(p),
                                (rx + self.px(31 + 18 * k), head.centery), self.px(7),
                                self._player_colour(p))
        else:
            draw_text(surface, rows_head, fitting_font(rows_head, head_room, self.px(13)),
                      theme.TEXT, (rx + self.px(20), head.centery), "midleft",
                      max_width=head_room)
        preview = self.previewed_card()
        preview_cell = preview[0] if preview is not None else None   # its lines: outlined
        style = self.badge_line_style(rows.values(), bw, self.px(19))
        for y, score in sorted(rows.items()):
            rect = row_badge(y)
            self.draw_score_badge(surface, rect, score, y == low_row, self.side_colour("rows"),
                        self.owner_shape(rows_owner), style)
            if preview_cell is not None and y == preview_cell.y:
                self._mark_previewed(surface, rect)
        # columns: below the grid, the owners named at the left of the first badge
        cy = column_badge(0).y
        badges = [(x, score, column_badge(x)) for x, score in sorted(cols.items())]
        style = self.badge_line_style(cols.values(), column_badge(0).w, self.px(19))
        for x, score, rect in badges:
            self.draw_score_badge(surface, rect, score, x == low_col, self.side_colour("columns"),
                        self.owner_shape(cols_owner), style)
            if preview_cell is not None and x == preview_cell.x:
                self._mark_previewed(surface, rect)
        name = self.joined_names(cols_owner) if cols_owner else (_("Columns") if solo else "")
        # before the first card there is no badge to stand beside: the whole name, on the felt
        right = (badges[0][2].x - self.px(8) if badges else
                 min(self.felt.right - self.px(26), self.felt.x + self.px(34) + small.size(name)[0]))
        room = max(self.px(20), right - self.felt.x - self.px(34))
        after = badges[-1][2].right + self.px(28) if badges else self.felt.right
        if small.size(name)[0] > room and self.felt.right - self.px(18) - after > room:
            # five columns in a small window leave no room at their left: after the last
            text_rect = draw_text(surface, name, small, theme.TEXT, (after, cy + bh // 2),
                                  "midleft", max_width=self.felt.right - self.px(18) - after)
        else:
            text_rect = draw_text(surface, name, small, theme.TEXT, (right, cy + bh // 2),
                                  "midright", max_width=room)
        view.draw_side_icon(surface, "columns", pygame.Rect(text_rect.x - self.px(20),
                                                            cy + self.px(8), self.px(16),
                                                            self.px(14)), theme.TEXT)

    def _draw_seat_names(self, surface: pygame.Surface, rect: pygame.Rect, name: str,
                         who: str, x: int, name_room: int, who_room: int) -> None:
        """A seat's name (smaller before a cut) and, under it, who plays it."""
        draw_text(surface, name, fitting_font(name, name_room, self.px(18)), theme.TEXT,
                  (x, rect.y + self.px(6)), "topleft", max_width=name_room)
        draw_text(surface, who, theme.font(self.px(15)), theme.TEXT_DIM,
                  (x, rect.bottom - self.px(6)), "bottomleft", max_width=who_room)

    def owner_shape(self, players: list[PlayerId]) -> str:
        return self._player_shape(players[0]) if players else "circle"

    def _mark_previewed(self, surface: pygame.Surface, badge: pygame.Rect) -> None:
        """The score of a line the tentative card joins: outlined as the card is."""
        pygame.draw.rect(surface, theme.ACCENT, badge.inflate(self.px(6), self.px(6)),
                         max(2, self.px(3)), border_radius=self.px(8))

    def score_badge_rect(self, y: int) -> pygame.Rect:
        """Where row `y`'s score stands, at the grid's right (public layout); wide enough
        for a three-digit score and its owner's emblem."""
        cell = self.geometry.cell_rect(Pos(0, y))
        bh = self.px(30)
        return pygame.Rect(self.geometry.area.right + self.px(10), cell.centery - bh // 2,
                           self.px(68), bh)

    def column_badge_rect(self, x: int) -> pygame.Rect:
        """Where column `x`'s score stands, under the grid, no wider than a column (public
        layout)."""
        g = self.geometry
        cw = min(self.px(68), g.cell - self.px(4))
        return pygame.Rect(g.cell_rect(Pos(x, 0)).centerx - cw // 2, g.area.bottom + self.px(8),
                           cw, self.px(30))

    def badge_line_style(self, scores: Iterable[int], width: int, size: int
                         ) -> tuple[pygame.font.Font, bool]:
        """One type and one choice for a whole line of score badges `width` wide: the
        owner's emblem beside every number, the type as large as `size` or a little smaller
        for a three-digit score, or, where even that leaves no room, beside none (a line of
        badges with and without the emblem reads as two kinds of score)."""
        widest = max((str(score) for score in scores), key=len, default="0")
        for points in range(size, size * 4 // 5 - 1, -1):
            font = theme.font(points, bold=True)
            if font.size(widest)[0] + self.px(28) <= width:
                return font, True
        return theme.font(size, bold=True), False

    def draw_score_badge(self, surface: pygame.Surface, rect: pygame.Rect, score: int, lowest: bool,
               colour: tuple[int, int, int], shape: str,
               style: tuple[pygame.font.Font, bool]) -> None:
        f, emblem = style
        fill = theme.RM_LOWEST_ROW if lowest else theme.PANEL
        edge = theme.DANGER if lowest else art.shade(colour, 0.9)
        pygame.draw.rect(surface, fill, rect, border_radius=self.px(6))
        pygame.draw.rect(surface, edge, rect, max(2, self.px(2)), border_radius=self.px(6))
        if emblem:
            art.draw_emblem(surface, shape, (rect.x + self.px(10), rect.centery), self.px(6),
                            colour)
            draw_text(surface, str(score), f, theme.TEXT, (rect.right - self.px(6),
                                                           rect.centery), "midright")
        else:
            draw_text(surface, str(score), f, theme.TEXT, rect.center, "center")
        if lowest:  # a down arrow: the lowest line, not only a colour
            tip = (rect.centerx + self.px(4), rect.bottom + self.px(2))
            pygame.draw.polygon(surface, theme.DANGER, [
                (tip[0] - self.px(6), tip[1] - self.px(1)), (tip[0] + self.px(6), tip[1] - self.px(1)),
                (tip[0], tip[1] + self.px(7))])

    def _draw_right_panel(self, surface: pygame.Surface) -> None:
        panel = self.right_panel
        x = panel.x + self.px(18)
        width = panel.w - self.px(36)
        y = panel.y + self.px(16)
        y += draw_paragraphs(surface, self.status_line(), theme.font(self.px(20), bold=True),
                             theme.TEXT, pygame.Rect(x, y, width, self.px(90)), line_gap=1.1)
        y += self.px(10)
        body = pygame.Rect(x, y, width, self.confirm_button.rect.y - y - self.px(12)
                           if self.confirm_button else self.px(200))
        hint = self.hint()
        draw_paragraphs(surface, hint, paragraph_font(hint, body, self.px(16)), theme.TEXT_DIM,
                        body)

    def hint(self) -> str:
        c = self.controller
        if self.ended is not None:
            return _("Every line is scored now.")
        if self.busy():
            return _("Click or press Space to skip the animation.")
        player = c.decision()
        if player is None:
            return _("Watch the bots place their cards.") if c.needs_step() else ""
        if player != self.viewer:
            return _("The hand stays hidden until {name} takes the screen.").format(
                name=c.seats[player].name)
        side = c.side_of(player)
        goal = ""
        if side == "rows":
            goal = _("You own the rows: make your weakest row strong.")
        elif side == "columns":
            goal = _("You own the columns: make your weakest column strong.")
        else:
            goal = _("Your score is the lowest of all ten lines.")
        if c.variant == "teams":
            partner = (player + 2) % c.num_players
            goal += "\n\n" + _("Your partner is {name}; partners may not talk about their "
                                "cards.").format(name=c.seats[partner].name)
        if c.tentative is not None:
            step = _("The outlined scores count the card already. Confirm to play it, or "
                     "take it back (click it or press Backspace).")
        elif self.selected is not None:
            step = _("Now click one of the marked cells.")
        elif c.variant == "solo":
            step = _("Click a marked cell for the turned-up card, or drag the card there.")
        else:
            step = _("Drag a card onto a marked cell, or click a card and then a cell.")
        return goal + "\n\n" + step

    def _draw_hand(self, surface: pygame.Surface) -> None:
        c = self.controller
        hand = self.shown_hand()
        rects = self.hand_rects(len(hand))
        if self.viewer is None:
            # nothing private: the cards of the player at turn, face down
            player = c.state.current_player
            if player >= 0 and c.variant != "solo":
                count = len(self.hands[player])
                for rect in self.hand_rects(count):
                    surface.blit(self.cards.back(rect.size), rect)
                self.draw_hand_label(surface, _("{name}'s cards are hidden.").format(
                    name=c.seats[player].name), self.hand_rects(count))
            return
        name = c.seats[self.viewer].name
        label = _("Turned-up card") if c.variant == "solo" else \
            _("{name}'s hand").format(name=name)
        self.draw_hand_label(surface, label, rects)
        legal_values = set(self.legal_by_value())
        lifted = self.selected_index(hand)
        for i, (value, rect) in enumerate(zip(hand, self.hand_rects(len(hand), lifted))):
            surface.blit(self.cards.face(value, rect.size), rect)
            if i == lifted:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(self.px(6), self.px(6)),
                                 max(3, self.px(4)), border_radius=self.px(10))
            elif legal_values and value not in legal_values:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill(theme.DROP_SHADOW)
                surface.blit(veil, rect)

    def draw_hand_label(self, surface: pygame.Surface, label: str,
                         rects: list[pygame.Rect]) -> None:
        """Whose hand it is: left of the cards, or above them when a full hand leaves no
        room there for a whole word or for all its lines."""
        font = theme.font(self.px(16), bold=True)
        first = rects[0] if rects else self.hand_area
        beside = pygame.Rect(self.hand_area.x + self.px(6), first.centery - self.px(20),
                             first.x - self.hand_area.x - self.px(30), self.px(80))
        if all(font.size(word)[0] <= beside.w for word in label.split()) and \
                paragraphs_fit(label, font, beside):
            draw_paragraphs(surface, label, font, theme.TEXT_DIM, beside)
        else:
            draw_text(surface, label, font, theme.TEXT_DIM, (first.x, first.y - self.px(4)),
                      "bottomleft", max_width=self.hand_area.right - first.x)

    def _draw_moving(self, surface: pygame.Surface) -> None:
        if self.flight is not None:
            f = self.flight
            t = ease(f.progress)
            start = self.flight_start(f.event)
            cell = self.geometry.cell
            if isinstance(f.event, CardPlaced):
                end = self.geometry.card_rect(f.event.cell)
                face_up = True
            elif f.event.player == self.viewer:
                hand = self.shown_hand()
                end = self.hand_rects(len(hand) + 1)[-1]
                face_up = True
            else:
                ax, ay = self._seat_anchor(f.event.player)
                end = pygame.Rect(0, 0, self.px(22), self.px(30))
                end.center = (round(ax), round(ay))
                face_up = False
            start_size = (cell - self.px(6), cell - self.px(6))
            size = (round(start_size[0] + (end.w - start_size[0]) * t),
                    round(start_size[1] + (end.h - start_size[1]) * t))
            x = start[0] + (end.centerx - start[0]) * t
            y = start[1] + (end.centery - start[1]) * t - math.sin(t * math.pi) * self.px(40)
            if isinstance(f.event, CardPlaced):
                size = (end.w, end.h)
            image = self.cards.face(f.event.value, size) if face_up else self.cards.back(size)
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
        if self.drag is not None and self.drag.get("moving"):
            w, h = self.drag["size"]
            gx, gy = self.drag["grab"]
            px, py = self.drag["pos"]
            rect = pygame.Rect(px - gx, py - gy, w, h)
            surface.blit(self.cards.face(self.drag["value"], (w, h)), rect)
