"""A PettingZoo AEC environment for each of tabula's games: ``env(game, size=None,
render_mode=None)``, in the shape of PettingZoo's classic board games (``chess_v6``); ``size``
is an int for a square board or text such as ``"10x8"``.

Agents: ``player_0`` (white, moves first) and ``player_1`` (black).

Observations: a dict of ``observation``, planes of shape ``(height, width, 7)`` (``int8``; row
``y`` is rank ``y + 1``, column ``x`` is file ``x``), from the observing agent's side:

0. its own pieces;
1. the other side's pieces;
2. burned squares (Joust);
3. the squares it makes for: Jeson Mor's centre, its Claustro goal;
4. the other side's Claustro goal;
5. the squares of the move being entered this turn (see actions);
6. all ones if the observing agent plays white;

and ``action_mask``, 1 for each legal action.

Actions: ``Discrete(cells * cells + 1)`` for a board of ``cells`` squares. A move is entered as
a path of squares, one leg per action: action ``a < cells * cells`` goes from square
``a // cells`` to square ``a % cells`` (squares numbered ``y * width + x`` from a1), starting
from one of the mover's pieces, then from the square the path reached; action ``cells * cells``
is *stop*. A move is played as soon as its path is whole and nothing can follow it:

- Joust and Jeson Mor: one leg (from, to);
- Claustro: a step is one leg; a capture is two: (from, to), then (to, placement);
- Apart: each single step or jump is one leg; after a jump the same agent may jump again or
  *stop*. Apart turns are why: a turn is identified by its start, end and captured squares, so
  one action per turn would need an action for every set of captures, far too many to mask;
  legs are few (``cells * cells``), every legal turn is a run of them, and the mask of each leg
  is exact (the rules are asked whether the path so far plus a square is a legal turn). When
  the only legal move is a pass, *stop* alone is legal and passes.

The same agent acts until its move is played, so ``agent_selection`` stays put between legs.
Rewards are +1 for a win, -1 for a loss and 0 for a draw, given when the game ends.

``TabulaOpponent(env(game), agent="player_1", level="medium")`` plays one agent with tabula's
engine, at any level or Elo: the agent left sees only its own turns.
"""

from __future__ import annotations

from typing import Any, Optional, TypedDict, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers import BaseWrapper

from ._native import Engine, Position

AGENTS = ("player_0", "player_1")
PLANES = 7
Size = Union[int, str, None]
Observation = dict[str, npt.NDArray[np.int8]]
"""An agent's observation: its ``observation`` planes and its ``action_mask``."""
Action = Optional[int]
"""A leg, *stop*, or None (PettingZoo's step of an agent whose game is over)."""
TabulaEnv = AECEnv[str, Observation, Action]
"""The type of ``env(game)`` and of the environments it wraps."""


class _Limits(TypedDict):
    depth: Optional[int]
    movetime: Optional[float]
    nodes: Optional[int]


def env(game: str, size: Size = None, render_mode: Optional[str] = None) -> TabulaEnv:
    """The environment of ``game``, wrapped as PettingZoo's classic environments are."""
    wrapped: TabulaEnv = raw_env(game, size=size, render_mode=render_mode)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(TabulaEnv):
    """The unwrapped environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi"], "name": "tabula_v0", "is_parallelizable": False}

    def __init__(
        self, game: str, size: Size = None, render_mode: Optional[str] = None
    ) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv.__init__ is not annotated
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode '{render_mode}' is not offered (ansi or None)")
        self.game = game
        self.board_size = size
        self.render_mode = render_mode
        self.position = Position(game, size=size)
        width, height = (int(n) for n in self.position.size.split("x"))
        self.width, self.height = width, height
        self.cells = width * height
        self.stop_action = self.cells * self.cells
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Discrete(self.stop_action + 1) for a in AGENTS
        }
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0, 1, (height, width, PLANES), dtype=np.int8),
                    "action_mask": spaces.Box(0, 1, (self.stop_action + 1,), dtype=np.int8),
                }
            )
            for a in AGENTS
        }
        self.metadata = dict(self.metadata, name=f"tabula_{game}_v0")
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The planes and the action mask `agent` observes (the same for both agents)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The legs and *stop*: ``Discrete(cells * cells + 1)``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> None:
        """Starts a new game from the start position (the game has no chance, so `seed`
        changes nothing)."""
        self.position = Position(self.game, size=self.board_size)
        self.path: list[int] = []
        self.agents = list(AGENTS)
        self.rewards = {a: 0 for a in AGENTS}
        self._cumulative_rewards = {a: 0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = self._mover()
        self._mask = self._legal_mask()

    def _mover(self) -> str:
        return AGENTS[0] if self.position.turn == "white" else AGENTS[1]

    def _name(self, square: int) -> str:
        return f"{chr(ord('a') + square % self.width)}{square // self.width + 1}"

    def _index(self, name: str) -> int:
        return (int(name[1:]) - 1) * self.width + ord(name[0]) - ord("a")

    def _legal_mask(
        self, entry: Optional[tuple[list[str], Optional[str]]] = None
    ) -> npt.NDArray[np.int8]:
        """The mask of the position and the path entered so far; `entry` is the path's
        `targets` where already known. Keeps the move the path makes, if whole, for *stop*."""
        mask = np.zeros(self.stop_action + 1, dtype=np.int8)
        self._complete: Optional[str] = None
        if self.position.is_game_over():
            return mask
        if not self.path:
            # The rules' own first legs (an Apart position's turns are too many to list).
            for first, second in self.position.first_legs():
                mask[first * self.cells + second] = 1
            if not mask.any() and self.position.legal_moves() == ["0000"]:
                mask[self.stop_action] = 1
            return mask
        names = [self._name(s) for s in self.path]
        following, complete = entry if entry is not None else self.position.targets(names)
        self._complete = complete
        for to in following:
            mask[self.path[-1] * self.cells + self._index(to)] = 1
        if complete is not None:
            mask[self.stop_action] = 1
        return mask

    def observe(self, agent: str) -> Observation:
        """The planes from `agent`'s side and its action mask (all zeros off its turn)."""
        white = agent == AGENTS[0]
        planes = np.zeros((self.height, self.width, PLANES), dtype=np.int8)
        for square, cell in enumerate(self.position.cells()):
            y, x = divmod(square, self.width)
            if cell == "*":
                planes[y, x, 2] = 1
            elif cell:
                planes[y, x, 0 if cell.isupper() == white else 1] = 1
        mine, theirs = (self.position.goals(side) for side in (white, not white))
        for plane, squares in ((3, mine), (4, theirs)):
            for x, y in squares:
                planes[y, x, plane] = 1
        for square in self.path:
            planes[square // self.width, square % self.width, 5] = 1
        planes[:, :, 6] = 1 if white else 0
        mask = self._mask if agent == self.agent_selection else np.zeros_like(self._mask)
        return {"observation": planes, "action_mask": mask.copy()}

    def step(self, action: Action) -> None:
        """Enters one leg of the agent's move (or *stop*); the move is played once whole."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError("action must be an int, not NoneType")
        if not 0 <= action <= self.stop_action or not self._mask[action]:
            raise ValueError(f"action {action} is not legal now")
        self._cumulative_rewards[agent] = 0
        move, entry = None, None
        if action == self.stop_action:
            move = self._complete if self.path else "0000"
        else:
            origin, to = divmod(action, self.cells)
            if not self.path:
                self.path = [origin]
            self.path.append(to)
            entry = self.position.targets([self._name(s) for s in self.path])
            following, complete = entry
            if complete is not None and not following:
                move, entry = complete, None
        if move is not None:
            self.position.push(move)
            self.path = []
            self.agent_selection = self._mover()
        self._mask = self._legal_mask(entry)
        outcome = self.position.outcome()
        if outcome is not None:
            for player, side in zip(AGENTS, ("white", "black")):
                won = outcome.winner == side
                self.rewards[player] = 0 if outcome.winner is None else (1 if won else -1)
                self.terminations[player] = True
            self.infos = {a: {"outcome": outcome} for a in AGENTS}
        self._accumulate_rewards()

    def actions_of(self, move: str) -> list[int]:
        """The actions that enter `move` (a legal move's text) from the start of a turn."""
        if move == "0000":
            return [self.stop_action]
        squares = self.position.move_squares(move)
        names = [self._name(square) for square in squares]
        actions = [a * self.cells + b for a, b in zip(squares, squares[1:])]
        following, _ = self.position.targets(names)
        return actions + [self.stop_action] if following else actions

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``), as ``print(position)`` shows it; None
        without a render mode. Nothing is printed: the caller shows what it returns."""
        if self.render_mode is None:
            return None
        return str(self.position)

    def close(self) -> None:
        """Nothing to close: the game holds no process, file or thread."""


class TabulaOpponent(BaseWrapper[str, Observation, Action]):
    """Plays `agent` of a tabula environment with tabula's engine at a named `level` or an
    `elo` (one of them), within `depth`, `movetime` (seconds) or `nodes` where given: the other
    agent sees only its own turns. `seed` seeds the weaker levels' draws."""

    def __init__(
        self,
        env: TabulaEnv,
        agent: str = AGENTS[1],
        level: Optional[str] = "medium",
        elo: Optional[int] = None,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        seed: int = 0,
    ) -> None:
        super().__init__(env)
        if agent not in AGENTS:
            raise ValueError(f"unknown agent '{agent}' ({', '.join(AGENTS)})")
        self.tabula_agent = agent
        game = self.unwrapped
        self.engine = Engine(
            game.game,
            size=game.position.size,
            level=None if elo is not None else level,
            elo=elo,
            seed=seed,
        )
        self.limits: _Limits = {"depth": depth, "movetime": movetime, "nodes": nodes}
        if self.engine.needs_limit and not any(v is not None for v in self.limits.values()):
            raise ValueError(
                f"{self.engine!r} needs a limit to play: give depth, movetime or nodes"
            )

    @property
    def unwrapped(self) -> raw_env:
        """The tabula environment inside the wrappers."""
        game = self.env.unwrapped
        assert isinstance(game, raw_env)
        return game

    def reset(
        self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> None:
        """Starts a new game, and plays tabula's first turns if it moves first."""
        super().reset(seed=seed, options=options)
        self._answer()

    def step(self, action: Action) -> None:
        """Steps the other agent's action, then plays tabula's turns that follow."""
        super().step(action)
        self._answer()

    def _answer(self) -> None:
        """Plays tabula's turns (and steps it out once the game is over) until it is the other
        agent's turn."""
        game = self.unwrapped
        while self.env.agents and self.env.agent_selection == self.tabula_agent:
            if self.env.terminations[self.tabula_agent] or self.env.truncations[self.tabula_agent]:
                self.env.step(None)
                continue
            move = self.engine.play(game.position, **self.limits).move
            assert move is not None, "the rules leave tabula no move in a game that goes on"
            for action in game.actions_of(move):
                self.env.step(action)
