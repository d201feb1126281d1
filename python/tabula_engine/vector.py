"""A batched environment for learning: ``VectorEnv(game, num_envs, ...)`` holds ``num_envs``
games of one kind and size and steps them all in one call, as a Gymnasium
``gymnasium.vector.VectorEnv``.

Actions and observations are the PettingZoo environment's (``tabula_engine.pettingzoo``): an
action is one leg, ``from * cells + to``, or *stop* = ``cells * cells``; an observation is
``{"observation": planes (num_envs, height, width, 7), "action_mask": (num_envs, cells * cells
+ 1)}``, both ``int8``; with ``observation="box"`` the planes alone (a ``Box``), or with
``observation="flat"`` the planes flattened (``(num_envs, height * width * 7)``), the masks
then in ``infos["action_mask"]``. The action ``-1`` (``RANDOM``) asks for a random legal
action, drawn in Rust from each game's seeded draws; ``sample_actions()`` gives such actions
without playing them, and ``action_space.sample()`` draws legal ones in numpy.

Two ways to play:

- **Against the engine** (``opponent="random"``, a level ``"novice"`` ... ``"max"``, or
  ``elo=``): every action is the learner's (``learner="white"`` or ``"black"``); when the
  learner's move is whole, the engine's whole turn is played in the same step. Rewards are the
  learner's: +1 for a win, -1 for a loss, 0 for a draw and while the game goes on.
- **Self-play** (no opponent): each game's action is for whichever side is to move there
  (``infos["to_move"]``: 0 white, ``player_0``; 1 black); the planes are from that side's view,
  and the reward of a step is that of the side that acted.

An illegal action is refused (a ValueError, nothing played), or with ``illegal_action="lose"``
loses the game for the side that played it (reward -1), as PettingZoo's classic games do: then a
learner that does not read the masks (a plain PPO) can learn.

A finished game starts again as Gymnasium's ``autoreset_mode`` says (``AutoresetMode`` or its
value, such as ``"SameStep"``):

- ``NEXT_STEP`` (the default, as Gymnasium's own vector environments): the step that ends a game
  returns its final observation (mask all zeros), with ``terminated`` (or ``truncated``, past
  ``max_plies``) and the reward; the next step starts it again, ignoring its action, with reward
  0.
- ``SAME_STEP``: the step that ends a game returns the new game's observation, the final one in
  ``infos["final_obs"]`` (an array of one entry a game, None where none ended) and its infos in
  ``infos["final_info"]``, with ``infos["_final_obs"]`` and ``infos["_final_info"]`` saying which.
- ``DISABLED``: a finished game waits for ``reset(options={"reset_mask": mask})``; an action
  for it is refused.

The stepping, planes and masks are worked in Rust for the whole batch, into buffers that numpy
views: each call crosses to numpy once per array. With ``copy=False`` the arrays returned are
those views (read-only, overwritten by the next call), which is fastest; with ``copy=True`` (the
default, as Gymnasium's ``SyncVectorEnv``) they are copies.
"""

from __future__ import annotations

import weakref
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.error import ClosedEnvironmentError
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from ._native import Outcome, VectorGames

PLANES = 7
RANDOM = -1
"""The action that asks for a random legal action."""
OBSERVATIONS = ("dict", "box", "flat")
"""The observation layouts: the planes and the mask in a ``Dict``, the planes alone, or the
planes flattened."""
_SEED_BOUND = 2**63

Observation = Any
"""A batch's observation: a dict of ``observation`` and ``action_mask`` arrays, or with
``observation="box"`` the planes' array (``Any``, so that either is indexed without a cast)."""
Index = Union[int, "np.integer[Any]"]
"""A game's index: an int, or numpy's (as ``np.flatnonzero`` gives them). The numpy type is
quoted: numpy before 1.22, which the package takes, cannot subscript ``np.integer`` at run time."""


def _integer(name: str, value: Any) -> int:
    """`value` as a plain int within int64: another type is a TypeError naming it, a number out
    of range a ValueError (the package's rule for arguments)."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not -_SEED_BOUND <= int(value) < _SEED_BOUND:
        raise ValueError(f"{name} {value} is out of range")
    return int(value)


def _optional(name: str, value: Any) -> Optional[int]:
    return None if value is None else _integer(name, value)


def _mode(value: Any) -> AutoresetMode:
    """`value` as an ``AutoresetMode`` (the mode or its value), else a ValueError naming it."""
    if isinstance(value, AutoresetMode):
        return value
    for mode in AutoresetMode:
        if value == mode.value:
            return mode
    names = ", ".join(mode.value for mode in AutoresetMode)
    raise ValueError(f"autoreset_mode {value!r} is not one of {names}")


def _flags(flags: npt.NDArray[np.bool_]) -> bytes:
    return np.ascontiguousarray(flags, dtype=np.uint8).tobytes()


class LegalActions(spaces.MultiDiscrete):
    """The batch's action space: one ``Discrete(cells * cells + 1)`` a game. ``sample()`` draws
    a legal action in each game from the masks of the last step (0 in a game that has none),
    with this space's own seeded draws (``seed()``); ``sample(mask=...)`` is Gymnasium's."""

    def __init__(self, env: VectorEnv, count: int, actions: int) -> None:
        super().__init__(np.full(count, actions), dtype=np.int64)
        self._env = weakref.ref(env)

    def sample(
        self,
        mask: Optional[tuple[npt.NDArray[np.int8], ...]] = None,
        probability: Optional[tuple[npt.NDArray[Any], ...]] = None,
    ) -> npt.NDArray[np.int64]:
        env = self._env()
        if mask is not None or probability is not None or env is None:
            if probability is None:
                return super().sample(mask=mask)
            return super().sample(mask=mask, probability=probability)
        masks = env.action_masks()
        counts = masks.sum(axis=1, dtype=np.int64)
        picks = np.floor(self.np_random.random(len(counts)) * counts).astype(np.int64)
        chosen = np.argmax(np.cumsum(masks, axis=1, dtype=np.int64) > picks[:, None], axis=1)
        return np.where(counts > 0, chosen, 0).astype(np.int64)


class VectorEnv(GymVectorEnv):
    """``num_envs`` games of ``game`` (see the module's documentation)."""

    metadata: dict[str, Any] = {
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

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
        autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP,
        observation: str = "dict",
        illegal_action: str = "raise",
    ):
        count = _integer("num_envs", num_envs)
        mode = _mode(autoreset_mode)
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation {observation!r} is not 'dict', 'box' or 'flat'")
        self._games = VectorGames(
            game,
            count,
            size=size,
            opponent=opponent,
            elo=_optional("elo", elo),
            learner=learner,
            depth=_optional("depth", depth),
            movetime=movetime,
            nodes=_optional("nodes", nodes),
            max_plies=_optional("max_plies", max_plies),
            illegal_action=illegal_action,
        )
        width, height = self._games.board
        self.game, self.width, self.height = game, width, height
        self.cells = width * height
        self.stop_action = self.cells * self.cells
        self.num_envs = count
        self.copy = copy
        self.autoreset_mode = mode
        self.observation_layout = observation
        planes = spaces.Box(0, 1, (height, width, PLANES), dtype=np.int8)
        self.single_action_space = spaces.Discrete(self.stop_action + 1)
        self.single_observation_space: spaces.Space[Any] = {
            "dict": spaces.Dict(
                {
                    "observation": planes,
                    "action_mask": spaces.Box(0, 1, (self.stop_action + 1,), dtype=np.int8),
                }
            ),
            "box": planes,
            "flat": spaces.Box(0, 1, (height * width * PLANES,), dtype=np.int8),
        }[observation]
        self.action_space = LegalActions(self, count, self.stop_action + 1)
        self.observation_space = batch_space(self.single_observation_space, count)
        self.metadata = dict(
            self.metadata, name=f"tabula_{game}_vector_v0", autoreset_mode=mode
        )
        self._buffers = {
            name: bytearray(count * per_game)
            for name, per_game in {
                "obs": self.cells * PLANES,
                "mask": self.stop_action + 1,
                "rewards": 4,
                "terminated": 1,
                "truncated": 1,
                "to_move": 1,
                "final_obs": self.cells * PLANES,
                "ended": 1,
            }.items()
        }
        shapes: dict[str, tuple[type, tuple[int, ...]]] = {
            "obs": (np.int8, (count, height, width, PLANES)),
            "mask": (np.int8, (count, self.stop_action + 1)),
            "rewards": (np.float32, (count,)),
            "terminated": (np.bool_, (count,)),
            "truncated": (np.bool_, (count,)),
            "to_move": (np.int8, (count,)),
            "final_obs": (np.int8, (count, height, width, PLANES)),
            "ended": (np.uint8, (count,)),
        }
        self._views: dict[str, npt.NDArray[Any]] = {}
        for name, (dtype, shape) in shapes.items():
            buffer = self._buffers[name]
            view: npt.NDArray[Any] = np.frombuffer(buffer, dtype=dtype).reshape(shape)
            view.flags.writeable = False
            self._views[name] = view
        self._no_mask = np.zeros(self.stop_action + 1, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._every = np.ones(count, dtype=np.bool_)
        self._every.flags.writeable = False
        # NEXT_STEP: the games that ended in the last step, started again by the next.
        self._autoreset = np.zeros(count, dtype=np.bool_)
        self._seeds: Optional[np.random.Generator] = None
        self.closed = False
        self.plies = 0
        """The plies played by every step since the environment was made."""

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Starts every game again, or with ``options={"reset_mask": mask}`` (a bool array of
        shape ``(num_envs,)``) those it flags. `seed` (0 to 2**63 - 1) seeds each game's draws
        (the random actions and the opponent's); without it, a seed is drawn from the last one
        given (or from the system the first time)."""
        self._require_open()
        only = self._reset_mask(options)
        if seed is not None:
            seed = _integer("seed", seed)
            if seed < 0:
                raise ValueError(f"seed {seed} is outside 0 to 2**63 - 1")
            self._seeds = np.random.default_rng(seed)
        elif self._seeds is None:
            self._seeds = np.random.default_rng()
        drawn = int(self._seeds.integers(0, _SEED_BOUND)) if seed is None else seed
        b = self._buffers
        flags = None if only is None else _flags(only)
        self._games.reset(drawn, b["obs"], b["mask"], b["to_move"], flags)
        if only is None:
            self._autoreset[:] = False
        else:
            self._autoreset[only] = False
        return self._observation(), self._infos()

    def step(
        self, actions: Any
    ) -> tuple[
        Observation,
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays one action in each game (an integer array of shape ``(num_envs,)``; -1 asks for
        a random legal action). A bad array or action is a ValueError naming it, and nothing is
        played."""
        self._require_open()
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
        same_step = self.autoreset_mode == AutoresetMode.SAME_STEP
        b = self._buffers
        self.plies += self._games.step(
            data,
            _flags(self._autoreset),
            same_step,
            b["obs"],
            b["mask"],
            b["rewards"],
            b["terminated"],
            b["truncated"],
            b["to_move"],
            b["final_obs"],
            b["ended"],
        )
        terminated, truncated = self._out("terminated"), self._out("truncated")
        if self.autoreset_mode == AutoresetMode.NEXT_STEP:
            self._autoreset = terminated | truncated
        infos = self._infos()
        ended = self._views["ended"] > 0
        if same_step and ended.any():
            self._add_final(infos, ended)
        return self._observation(), self._out("rewards"), terminated, truncated, infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions of each game now, ``(num_envs, cells * cells + 1)`` ``int8`` (all
        zeros in a game that is over), as sb3-contrib's ``MaskablePPO`` asks for them."""
        self._require_open()
        return self._views["mask"].copy()

    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A random legal action of each game, drawn in Rust from each game's seeded draws (-1 in
        a game that has none)."""
        self._require_open()
        return np.frombuffer(self._games.sample(), dtype=np.int64)

    @property
    def to_move(self) -> npt.NDArray[np.int8]:
        """Who acts next in each game: 0 white (``player_0``), 1 black (``player_1``)."""
        return self._views["to_move"].copy()

    def moves(self, index: Index) -> list[str]:
        """The moves of game `index` since it started, as the rules write them."""
        self._require_open()
        return self._games.moves(_integer("index", index))

    def fen(self, index: Index) -> str:
        """The position string of game `index`."""
        self._require_open()
        return self._games.fen(_integer("index", index))

    def last_game(self, index: Index) -> Optional[tuple[list[str], Optional[Outcome]]]:
        """The moves of the last game that slot `index` finished and its outcome (None where it
        was truncated), or None before one ends."""
        self._require_open()
        return self._games.last_game(_integer("index", index))

    def close_extras(self, **kwargs: Any) -> None:
        """Ends the environment: every later call but ``close()`` raises Gymnasium's
        ``ClosedEnvironmentError`` (Gymnasium's hook; the games hold no process, file or
        thread)."""
        self.closed = True

    def _require_open(self) -> None:
        if self.closed:
            raise ClosedEnvironmentError(f"{self.metadata['name']} is closed")

    def _reset_mask(self, options: Optional[dict[str, Any]]) -> Optional[npt.NDArray[np.bool_]]:
        """The games that ``options["reset_mask"]`` flags, checked as Gymnasium does."""
        if options is None:
            return None
        unknown = sorted(set(options) - {"reset_mask"})
        if unknown:
            raise ValueError(f"options {unknown} are not known: only 'reset_mask' is")
        mask = options["reset_mask"]
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
            raise ValueError("options['reset_mask'] must be a numpy array of dtype bool")
        if mask.shape != (self.num_envs,):
            raise ValueError(
                f"options['reset_mask'] of shape {mask.shape}, not ({self.num_envs},)"
            )
        if not mask.any():
            raise ValueError("options['reset_mask'] flags no game")
        return mask.copy()

    def _out(self, name: str) -> npt.NDArray[Any]:
        view = self._views[name]
        return view.copy() if self.copy else view

    def _observation(self) -> Observation:
        if self.observation_layout == "dict":
            return {"observation": self._out("obs"), "action_mask": self._out("mask")}
        return self._laid_out(self._out("obs"))

    def _laid_out(self, planes: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
        """`planes` (one game's or a batch's) in the box or flat layout."""
        if self.observation_layout == "flat":
            return planes.reshape(*planes.shape[:-3], -1)
        return planes

    def _infos(self) -> dict[str, Any]:
        """The infos of every game, each with its ``_`` mask (all True), as Gymnasium's."""
        infos: dict[str, Any] = {"to_move": self._out("to_move"), "_to_move": self._every}
        if self.observation_layout != "dict":
            infos["action_mask"] = self._out("mask")
            infos["_action_mask"] = self._every
        return infos

    def _add_final(self, infos: dict[str, Any], ended: npt.NDArray[np.bool_]) -> None:
        """Gymnasium's same-step layout: one final observation a game that ended (None in the
        others) and its final infos, batched, each with its ``_`` mask."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        planes = self._views["final_obs"]
        for index in np.flatnonzero(ended):
            last = planes[index].copy()
            final_obs[index] = (
                {"observation": last, "action_mask": self._no_mask}
                if self.observation_layout == "dict"
                else self._laid_out(last)
            )
        final_to_move = np.where(ended, self._views["ended"].astype(np.int8) - 1, 0)
        final_info: dict[str, Any] = {
            "to_move": final_to_move.astype(np.int8),
            "_to_move": ended.copy(),
        }
        if self.observation_layout != "dict":
            final_info["action_mask"] = np.zeros_like(self._views["mask"])
            final_info["_action_mask"] = ended.copy()
        infos.update(
            final_obs=final_obs,
            _final_obs=ended.copy(),
            final_info=final_info,
            _final_info=ended.copy(),
        )
