"""A batched environment for learning: ``VectorEnv(game, num_envs, ...)`` holds ``num_envs``
games of one kind and size and steps them all in one call, in the shape of Gymnasium's
``gymnasium.vector.VectorEnv``.

Actions and observations are the PettingZoo environment's (``tabula_engine.pettingzoo``): an
action is one leg, ``from * cells + to``, or *stop* = ``cells * cells``; an observation is
``{"observation": planes (num_envs, height, width, 7), "action_mask": (num_envs, cells * cells
+ 1)}``, both ``int8``. The action ``-1`` (``RANDOM``) asks for a random legal action, drawn in
Rust from each game's seeded draws; ``sample_actions()`` gives such actions without playing them.

Two ways to play:

- **Against the engine** (``opponent="random"``, a level ``"novice"`` ... ``"max"``, or
  ``elo=``): every action is the learner's (``learner="white"`` or ``"black"``); when the
  learner's move is whole, the engine's whole turn is played in the same step. Rewards are the
  learner's: +1 for a win, -1 for a loss, 0 for a draw and while the game goes on.
- **Self-play** (no opponent): each game's action is for whichever side is to move there
  (``infos["to_move"]``: 0 white, ``player_0``; 1 black); the planes are from that side's view,
  and the reward of a step is that of the side that acted.

Finished games start again in the same step (Gymnasium's ``AutoresetMode.SAME_STEP``): the step
that ends a game returns ``terminated`` (or ``truncated``, past ``max_plies``) with the reward,
the new game's observation, and the last one in ``infos["final_obs"]`` (rows where
``infos["_final_obs"]`` is True; its mask is all zeros, as the AEC environment's is once the
game is over).

The stepping, planes and masks are worked in Rust for the whole batch, into buffers that numpy
views: each call crosses to numpy once per array. With ``copy=False`` the arrays returned are
those views (read-only, overwritten by the next call), which is fastest; with ``copy=True`` (the
default, as Gymnasium's ``SyncVectorEnv``) they are copies.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from ._native import Outcome, VectorGames

PLANES = 7
RANDOM = -1
"""The action that asks for a random legal action."""
_SEED_BOUND = 2**63


def _integer(name: str, value: Optional[int]) -> Optional[int]:
    """`value` as a plain int within int64, else a ValueError naming it."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{name} {value!r} is not an integer")
    if not -_SEED_BOUND <= int(value) < _SEED_BOUND:
        raise ValueError(f"{name} {value} is out of range")
    return int(value)


class VectorEnv(GymVectorEnv):
    """``num_envs`` games of ``game`` (see the module's documentation)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        size: Union[int, str, None] = None,
        opponent: Optional[str] = None,
        elo: Optional[int] = None,
        learner: str = "white",
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        max_plies: Optional[int] = None,
        copy: bool = True,
    ):
        count = _integer("num_envs", num_envs)
        self._games = VectorGames(
            game,
            count,
            size=size,
            opponent=opponent,
            elo=_integer("elo", elo),
            learner=learner,
            depth=_integer("depth", depth),
            movetime=movetime,
            nodes=_integer("nodes", nodes),
            max_plies=_integer("max_plies", max_plies),
        )
        width, height = self._games.board
        self.game, self.width, self.height = game, width, height
        self.cells = width * height
        self.stop_action = self.cells * self.cells
        self.num_envs = count
        self.copy = copy
        self.single_action_space = spaces.Discrete(self.stop_action + 1)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, (height, width, PLANES), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, (self.stop_action + 1,), dtype=np.int8),
            }
        )
        self.action_space = batch_space(self.single_action_space, count)
        self.observation_space = batch_space(self.single_observation_space, count)
        self.metadata = dict(self.metadata, name=f"tabula_{game}_vector_v0")
        planes, actions = count * self.cells * PLANES, count * (self.stop_action + 1)
        self._buffers = {
            "obs": bytearray(planes),
            "mask": bytearray(actions),
            "rewards": bytearray(count * 4),
            "terminated": bytearray(count),
            "truncated": bytearray(count),
            "to_move": bytearray(count),
            "final_obs": bytearray(planes),
            "ended": bytearray(count),
        }
        shapes = {
            "obs": (np.int8, (count, height, width, PLANES)),
            "mask": (np.int8, (count, self.stop_action + 1)),
            "rewards": (np.float32, (count,)),
            "terminated": (np.bool_, (count,)),
            "truncated": (np.bool_, (count,)),
            "to_move": (np.int8, (count,)),
            "final_obs": (np.int8, (count, height, width, PLANES)),
            "ended": (np.bool_, (count,)),
        }
        self._views = {}
        for name, (dtype, shape) in shapes.items():
            view = np.frombuffer(self._buffers[name], dtype=dtype).reshape(shape)
            view.flags.writeable = False
            self._views[name] = view
        self._no_mask = np.zeros((count, self.stop_action + 1), dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._seeds: Optional[np.random.Generator] = None
        self.plies = 0
        """The plies played by every step since the environment was made."""

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict] = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts every game again. `seed` (0 to 2**63 - 1) seeds each game's draws (the random
        actions and the opponent's); without it, a seed is drawn from the last one given (or
        from the system the first time)."""
        if seed is not None:
            seed = _integer("seed", seed)
            if seed < 0:
                raise ValueError(f"seed {seed} is outside 0 to 2**63 - 1")
            self._seeds = np.random.default_rng(seed)
        elif self._seeds is None:
            self._seeds = np.random.default_rng()
        drawn = int(self._seeds.integers(0, _SEED_BOUND)) if seed is None else seed
        buffers = self._buffers
        self._games.reset(drawn, buffers["obs"], buffers["mask"], buffers["to_move"])
        return self._observation(), {"to_move": self._out("to_move")}

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays one action in each game (an integer array of shape ``(num_envs,)``; -1 asks for
        a random legal action). A bad array or action is a ValueError naming it, and nothing is
        played."""
        if self._seeds is None:
            raise ValueError("step before the first reset: call reset() first")
        array = np.asarray(actions)
        if array.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {array.shape}, not ({self.num_envs},)")
        if array.dtype.kind not in "iu":
            raise ValueError(f"actions of dtype {array.dtype}, not integers")
        if array.dtype.kind == "u" and array.size and array.max() >= _SEED_BOUND:
            raise ValueError(f"action {array.max()} is outside -1 to {self.stop_action}")
        data = np.ascontiguousarray(array, dtype=np.int64).tobytes()
        b = self._buffers
        self.plies += self._games.step(
            data,
            b["obs"],
            b["mask"],
            b["rewards"],
            b["terminated"],
            b["truncated"],
            b["to_move"],
            b["final_obs"],
            b["ended"],
        )
        infos: dict[str, Any] = {"to_move": self._out("to_move")}
        ended = self._views["ended"]
        if ended.any():
            infos["final_obs"] = {
                "observation": self._out("final_obs"),
                "action_mask": self._no_mask,
            }
            infos["_final_obs"] = ended.copy()
        return (
            self._observation(),
            self._out("rewards"),
            self._out("terminated"),
            self._out("truncated"),
            infos,
        )

    def sample_actions(self) -> np.ndarray:
        """A random legal action of each game, drawn in Rust from each game's seeded draws."""
        return np.frombuffer(self._games.sample(), dtype=np.int64)

    @property
    def to_move(self) -> np.ndarray:
        """Who acts next in each game: 0 white (``player_0``), 1 black (``player_1``)."""
        return self._views["to_move"].copy()

    def moves(self, index: int) -> list[str]:
        """The moves of game `index` since it started, as the rules write them."""
        return self._games.moves(_integer("index", index))

    def fen(self, index: int) -> str:
        """The position string of game `index`."""
        return self._games.fen(_integer("index", index))

    def last_game(self, index: int) -> Optional[tuple[list[str], Optional[Outcome]]]:
        """The moves of the last game that slot `index` finished and its outcome (None where it
        was truncated), or None before one ends."""
        return self._games.last_game(_integer("index", index))

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to close: the games hold no process, file or thread (Gymnasium's hook)."""

    def _out(self, name: str) -> np.ndarray:
        view = self._views[name]
        return view.copy() if self.copy else view

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._out("obs"), "action_mask": self._out("mask")}
