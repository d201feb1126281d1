"""Stable-Baselines3's face of the batched environment: ``TabulaVecEnv(game, num_envs, ...)`` is
a ``stable_baselines3.common.vec_env.VecEnv`` over a same-step ``VectorEnv`` (SB3 starts a
finished game again in the step that ends it and hands its last observation in
``infos[i]["terminal_observation"]``, ``infos[i]["TimeLimit.truncated"]`` where ``max_plies``
cut it).

The observation is the planes' ``Box`` ``(height, width, 7)`` (``int8``), taken by SB3's
``"MlpPolicy"``; the action ``Discrete(cells * cells + 1)``. ``action_masks()`` gives the legal
actions, as sb3-contrib's ``MaskablePPO`` asks for them. Plain ``PPO`` does not read masks: make
the environment with ``illegal_action="lose"`` (an illegal action loses the game) for it.

Needs ``stable-baselines3`` (and ``sb3-contrib`` for ``MaskablePPO``), which this package does
not install.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Optional

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices

from .vector import VectorEnv

PER_GAME = ("moves", "fen", "last_game")
"""The batch's methods of one game, which ``env_method`` calls with each index."""


class TabulaVecEnv(VecEnv):
    """``num_envs`` games of ``game`` for Stable-Baselines3 (see the module's documentation);
    the other arguments are ``VectorEnv``'s, but ``autoreset_mode``, ``observation`` and
    ``copy``, which SB3's shape fixes."""

    def __init__(self, game: str, num_envs: int, **options: Any) -> None:
        fixed = sorted({"autoreset_mode", "observation", "copy"} & set(options))
        if fixed:
            raise ValueError(f"{', '.join(fixed)}: fixed by Stable-Baselines3's VecEnv")
        self.env = VectorEnv(
            game,
            num_envs,
            autoreset_mode=AutoresetMode.SAME_STEP,
            observation="box",
            **options,
        )
        self.render_mode: Optional[str] = None
        self._actions: Optional[npt.NDArray[np.int64]] = None
        super().__init__(
            self.env.num_envs, self.env.single_observation_space, self.env.single_action_space
        )

    def reset(self) -> npt.NDArray[np.int8]:
        """Starts every game again: with the seed that ``seed(n)`` set (the first game's, ``n``;
        the batch seeds each game from it), else a seed drawn from the last."""
        observation, infos = self.env.reset(seed=self._seeds[0])
        self.reset_infos = self._infos(infos)
        self._reset_seeds()
        self._reset_options()
        return np.asarray(observation)

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(
        self,
    ) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.float32], npt.NDArray[np.bool_], list[dict[str, Any]]]:
        if self._actions is None:
            raise ValueError("step_wait before step_async")
        actions, self._actions = self._actions, None
        observation, rewards, terminated, truncated, infos = self.env.step(actions)
        dones = terminated | truncated
        listed = self._infos(infos)
        for index in np.flatnonzero(dones):
            listed[index]["terminal_observation"] = infos["final_obs"][index]
            listed[index]["TimeLimit.truncated"] = bool(truncated[index] and not terminated[index])
        return np.asarray(observation), rewards, dones, listed

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of each game, ``(num_envs, cells * cells + 1)`` ``bool``."""
        return self.env.action_masks().astype(np.bool_)

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """The batch environment's attribute, once for each index (one object holds them all)."""
        value = getattr(self.env, attr_name) if attr_name != "render_mode" else self.render_mode
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        setattr(self.env, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``action_masks`` gives each game's mask; ``moves``, ``fen`` and ``last_game`` are
        called with each index; any other method of the batch once, its result given for each
        index."""
        chosen = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[index] for index in chosen]
        method = getattr(self.env, method_name)
        if method_name in PER_GAME:
            return [method(index, *method_args, **method_kwargs) for index in chosen]
        result = method(*method_args, **method_kwargs)
        return [result for _ in chosen]

    def env_is_wrapped(
        self, wrapper_class: type[gymnasium.Wrapper[Any, Any, Any, Any]], indices: VecEnvIndices = None
    ) -> list[bool]:
        return [False for _ in self._get_indices(indices)]

    def get_images(self) -> Sequence[Optional[npt.NDArray[Any]]]:
        return [None for _ in range(self.num_envs)]

    def _infos(self, infos: dict[str, Any]) -> list[dict[str, Any]]:
        return [{"to_move": int(side)} for side in infos["to_move"]]
