"""Drawing the arena half of VOLT's table: the board, robots, markers, the programmer's
preview, beams and bursts, and the banner."""

from __future__ import annotations

import math

import pygame

from game.core.types import PlayerId, Pos
from game.i18n import N_, _
from game.scenes.table.tween import ease
from game.scenes.volt.base import VoltTableBase
from game.scenes.volt.texts import ROMAN, points_label
from game.ui import art, theme
from game.ui.volt_view import (ArenaView, die_colour, draw_arrow, draw_burst, draw_marker,
                               draw_start_number)
from game.ui.text_drawing import draw_text
from game.volt import events as ev
from game.volt.actions import PlaceRobot


class ArenaPainting(VoltTableBase):
    """The arena's drawing, shared by the live table and the replay viewer."""

    def _draw_top_bar(self, surface: pygame.Surface) -> None:
        title = _("VOLT · {arena}").format(arena=self.ctrl.arena.name)
        draw_text(surface, title, theme.font(self.px(26), bold=True), theme.TEXT,
                  (self.px(16), self.px(28)), "midleft")
        phase = {"deal": N_("Setting up"), "prepare": N_("Prepare"), "marker": N_("Prepare"),
                 "restart": N_("Prepare"), "program": N_("Program"),
                 "start_numbers": N_("Start numbers"), "order": N_("Start numbers"),
                 "number": N_("Start numbers"), "activate": N_("Activate"),
                 "trigger": N_("Trigger"), "over": N_("Game over")}.get(
                     self.presenter.shown.phase, "")
        text = _("Round {n}").format(n=max(1, self.presenter.shown.round)) + "  ·  " + _(phase) \
            if phase else ""
        x = self.px(16) + theme.font(self.px(26), bold=True).size(title)[0] + self.px(24)
        draw_text(surface, text, theme.font(self.px(20)), theme.ACCENT, (x, self.px(28)),
                  "midleft", max_width=min(self.layout.panel.x + self.px(260),
                                           self.top_bar_end) - x)

    def _draw_markers(self, surface: pygame.Surface, view: ArenaView) -> None:
        scale: dict[int, float] = {}
        anim = self.steps.current
        if anim is not None and isinstance(anim.event, ev.MarkerPlaced):
            scale[anim.event.number] = 0.4 + 0.6 * ease(anim.progress) + \
                0.25 * math.sin(math.pi * anim.progress)
        view.draw_markers(surface, self.presenter.shown.markers, scale)

    def _draw_restart_targets(self, surface: pygame.Surface, view: ArenaView) -> None:
        if self.mode != "restart":
            return
        decision = self.ctrl.decision()
        if decision is None:
            return
        colour = art.shade(self.colour(decision.player), 1.3)
        glow = pygame.Surface((view.cell, view.cell), pygame.SRCALPHA)
        glow.fill((*colour, 80))
        for action in self.ctrl.legal(decision.player):
            if isinstance(action, PlaceRobot):
                surface.blit(glow, view.cell_rect(action.at).topleft)
                view.highlight(surface, Pos(*action.at), colour, max(3, view.cell // 9))

    def _draw_preview(self, surface: pygame.Surface, view: ArenaView) -> None:
        """The programmer's own plan on the arena: dotted moves, thin beams, numbered ends."""
        p = self.programmer
        if p is None or not self.preview:
            return
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        colour = self.colour(p)
        cross = 0
        ends: dict[int, tuple[float, float]] = {}
        width = max(2, view.cell // 12)
        for e in self.preview:
            if isinstance(e, ev.DieActivated):
                cross = e.cross
            elif isinstance(e, ev.RobotMoved) and e.player == p:
                a, b = view.centre(e.src), view.centre(e.dst)
                pygame.draw.line(layer, (*colour, 170), a, b, width)
                pygame.draw.circle(layer, (*colour, 200), b, width * 1.6)
                ends[cross] = b
            elif isinstance(e, ev.LaserFired) and e.player == p:
                end = view.point(*view.beam_end(Pos(*e.src), e.direction,
                                                [Pos(*q) for q in e.path], e.hit is not None))
                art.draw_dashed_line(layer, theme.VOLT_BEAM_GLOW, view.centre(e.src), end,
                                     width, max(4, view.cell * 0.18))
                pygame.draw.circle(layer, theme.VOLT_BEAM_END, end, width * 1.8)
            elif isinstance(e, ev.RobotFell) and e.player == p:
                c = view.centre(e.at)
                r = view.cell * 0.3
                pygame.draw.line(layer, theme.VOLT_MISS, (c[0] - r, c[1] - r),
                                 (c[0] + r, c[1] + r), width * 2)
                pygame.draw.line(layer, theme.VOLT_MISS, (c[0] - r, c[1] + r),
                                 (c[0] + r, c[1] - r), width * 2)
        surface.blit(layer, (0, 0))
        f = theme.font(max(9, view.cell * 0.24), bold=True)
        for number, point in ends.items():
            draw_text(surface, ROMAN[number], f, theme.BRIGHT,
                      (int(point[0] + view.cell * 0.2), int(point[1] - view.cell * 0.2)), "center")

    def _robot_places(self, view: ArenaView) -> dict[PlayerId, tuple[tuple[float, float], float]]:
        """Where each robot is drawn now (screen centre) and at what scale."""
        places: dict[PlayerId, tuple[tuple[float, float], float]] = {}
        for p, pos in enumerate(self.presenter.shown.pos):
            if pos is not None:
                places[p] = (view.centre(pos), 1.0)
        anim = self.steps.current
        if anim is None:
            return places
        t = anim.progress
        e = anim.event
        if isinstance(e, ev.RobotMoved):
            for m in anim.group:
                a, b = view.centre(m.src), view.centre(m.dst)
                k = ease(t)
                places[m.player] = ((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k), 1.0)
        elif isinstance(e, ev.MoveBlocked) and e.blocked in places:
            (x, y), _sc = places[e.blocked]
            vx, vy = view.screen_vector(e.direction)
            bump = math.sin(math.pi * t) * view.cell * 0.16
            places[e.blocked] = ((x + vx * bump, y + vy * bump), 1.0)
        elif isinstance(e, ev.RobotFell):
            places[e.player] = (view.centre(e.at), max(0.0, 1.0 - t))
        elif isinstance(e, ev.RobotRestarted) and e.player in places:
            places[e.player] = (places[e.player][0], 0.3 + 0.7 * ease(t))
        elif isinstance(e, ev.RobotDestroyed) and e.cause == "laser" and t < 0.6:
            places[e.player] = (view.centre(e.at), 1.0 - t / 0.6)
        return places

    def _draw_robots(self, surface: pygame.Surface, view: ArenaView) -> None:
        active = self._active_player()
        for p, (centre, scale) in sorted(self._robot_places(view).items()):
            if p == active:
                ring = max(3, view.cell // 12)
                pygame.draw.circle(surface, theme.ACCENT, centre, view.cell * 0.5, ring)
            view.draw_robot(surface, centre, self.colour(p), self.shape(p),
                            self.name(p)[:1].upper(), scale)
            number = self.presenter.shown.numbers[p]
            if number is not None and scale > 0.9:
                corner = (centre[0] - view.cell * 0.36, centre[1] - view.cell * 0.36)
                draw_start_number(surface, corner, max(6, view.cell * 0.14), number)

    def _draw_effects(self, surface: pygame.Surface, view: ArenaView) -> None:
        anim = self.steps.current
        if anim is None:
            return
        t = anim.progress
        e = anim.event
        if isinstance(e, ev.LaserFired):
            end = view.beam_end(Pos(*e.src), e.direction, [Pos(*p) for p in e.path],
                                e.hit is not None)
            grow = min(1.0, t / 0.35)
            fade = 1.0 if t < 0.7 else max(0.0, 1 - (t - 0.7) / 0.3)
            view.draw_beam(surface, Pos(*e.src), end, grow, fade)
            if grow >= 1.0:
                draw_burst(surface, view.point(*end), view.cell * 0.35, (t - 0.35) / 0.65,
                           theme.VOLT_HIT)
        elif isinstance(e, ev.RobotDamaged):
            pos = self.presenter.shown.pos[e.player]
            if pos is not None:
                draw_burst(surface, view.centre(pos), view.cell * 0.5, t)
        elif isinstance(e, ev.RobotDestroyed) and e.cause == "laser":
            centre = view.centre(e.at)
            draw_burst(surface, centre, view.cell * 0.8, t, theme.VOLT_BLAST, rays=14)
            if t < 0.8:
                pygame.draw.circle(surface, theme.VOLT_FLASH, centre, view.cell * 0.4 * (1 - t))
        elif isinstance(e, ev.MoveBlocked):
            vx, vy = view.screen_vector(e.direction)
            c = view.centre(e.at)
            spot = (c[0] + vx * view.cell * 0.5, c[1] + vy * view.cell * 0.5)
            draw_burst(surface, spot, view.cell * 0.3, t, theme.VOLT_SPARK, rays=7)
        elif isinstance(e, (ev.MarkersCollected, ev.VPScored)):
            p = e.player
            pos = self.presenter.shown.pos[p]
            if pos is None and isinstance(e, ev.MarkersCollected):
                pos = Pos(*e.at)
            if pos is not None:
                x, y = view.centre(pos)
                y -= view.cell * (0.4 + 0.8 * t)
                if isinstance(e, ev.VPScored):
                    label = points_label(e.amount)
                    image = theme.font(view.cell * 0.38, bold=True).render(label, True,
                                                                             theme.VOLT_POINTS)
                    image.set_alpha(int(255 * (1 - t * 0.7)))
                    surface.blit(image, image.get_rect(center=(x, y)))
                else:
                    draw_marker(surface, (x, y), view.cell * 0.2)
        elif isinstance(e, ev.DieActivated):
            pos = self.presenter.shown.pos[e.player]
            if pos is not None:
                c = view.centre(pos)
                vx, vy = view.screen_vector(e.direction)
                norm = math.hypot(vx, vy)
                tip = (c[0] + vx / norm * view.cell * 0.62, c[1] + vy / norm * view.cell * 0.62)
                draw_arrow(surface, tip, (vx, vy), view.cell * 0.42, die_colour(e.colour),
                           theme.INK)

    def _draw_banner(self, surface: pygame.Surface, view: ArenaView) -> None:
        anim = self.steps.current
        if anim is None or anim.banner is None:
            return
        msgid, kwargs = anim.banner
        text = _(msgid).format(**kwargs)
        t = anim.progress
        alpha = int(255 * min(1.0, 4 * t, 4 * (1 - t)))
        f = theme.font(self.px(46), bold=True)
        image = f.render(text, True, theme.TEXT)
        strip = pygame.Rect(0, 0, min(view.area.w, image.get_width() + self.px(80)),
                            image.get_height() + self.px(30))
        strip.center = view.grid.center
        band = pygame.Surface(strip.size, pygame.SRCALPHA)
        band.fill((10, 12, 20, int(alpha * 0.8)))
        surface.blit(band, strip.topleft)
        image.set_alpha(alpha)
        surface.blit(image, image.get_rect(center=strip.center))
