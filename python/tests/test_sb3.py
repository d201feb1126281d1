"""`tabula_engine.sb3` with Stable-Baselines3 and sb3-contrib themselves: their PPO and
MaskablePPO learn on it for a few hundred steps, their VecMonitor counts its episodes, and each
step is the same-step `VectorEnv`'s (a twin given the same actions) in SB3's layout. Skipped
where Stable-Baselines3 is not installed, unless TABULA_SB3=1 (as .ci/run sets it in the
virtual environment it installs them into) makes that a failure."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import pytest

if os.environ.get("TABULA_SB3") != "1":
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")

from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.evaluation import evaluate_policy  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks  # noqa: E402
from stable_baselines3 import PPO  # noqa: E402
from stable_baselines3.common.vec_env import VecMonitor  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from tabula_engine.sb3 import TabulaVecEnv  # noqa: E402
from tabula_engine.vector import VectorEnv  # noqa: E402


def test_maskable_ppo_learns_and_evaluates_with_the_masks() -> None:
    env = VecMonitor(TabulaVecEnv("joust", 8, size=7, opponent="random"))
    assert np.array_equal(get_action_masks(env), env.unwrapped.env.action_masks() == 1)
    model = MaskablePPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=2, seed=1)
    model.learn(512)
    assert model.num_timesteps >= 512 and len(model.ep_info_buffer) > 0
    assert all(info["r"] in (-1.0, 1.0) for info in model.ep_info_buffer)
    mean, _ = evaluate_policy(model, env, n_eval_episodes=8, use_masking=True)
    assert -1.0 <= mean <= 1.0


def test_ppo_learns_where_an_illegal_action_loses() -> None:
    env = VecMonitor(TabulaVecEnv("claustro", 8, opponent="random", illegal_action="lose"))
    model = PPO("MlpPolicy", env, n_steps=32, batch_size=64, n_epochs=2, seed=1)
    model.learn(512)
    assert len(model.ep_info_buffer) > 0


def test_each_step_is_the_same_step_environments_in_sb3s_layout() -> None:
    options: dict[str, Any] = dict(size=7, opponent="novice", learner="black", max_plies=12)
    env = TabulaVecEnv("joust", 6, **options)
    twin = VectorEnv("joust", 6, autoreset_mode=AutoresetMode.SAME_STEP, observation="box",
                     **options)
    env.seed(7)
    observation, (twin_observation, _) = env.reset(), twin.reset(seed=7)
    truncations = 0
    for _ in range(60):
        assert np.array_equal(observation, twin_observation)
        actions = twin.action_space.sample()
        env.step_async(actions)
        observation, rewards, dones, infos = env.step_wait()
        twin_observation, twin_rewards, terminated, truncated, twin_infos = twin.step(actions)
        assert np.array_equal(rewards, twin_rewards)
        assert np.array_equal(dones, terminated | truncated)
        for index, info in enumerate(infos):
            assert info["to_move"] == twin_infos["to_move"][index]
            if dones[index]:
                assert np.array_equal(info["terminal_observation"],
                                      twin_infos["final_obs"][index])
                assert info["TimeLimit.truncated"] == truncated[index]
                truncations += int(truncated[index])
            else:
                assert "terminal_observation" not in info
    assert truncations > 0
    assert env.env_method("fen", indices=[1]) == [twin.fen(1)]
    assert env.get_attr("num_envs") == [6] * 6


def test_the_modes_sb3_fixes_are_refused() -> None:
    with pytest.raises(ValueError, match="autoreset_mode: fixed by Stable-Baselines3"):
        TabulaVecEnv("joust", 2, autoreset_mode="NextStep")
