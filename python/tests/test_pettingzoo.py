"""The PettingZoo environment: PettingZoo's own conformance test, and random games played to the
end through the action masks, every move checked against the rules."""

from __future__ import annotations

from typing import Optional

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from conftest import GAMES
from tabula_engine import Position
from tabula_engine.pettingzoo import TabulaOpponent, env, raw_env

# Each game at its default size and one other.
SIZES = [(g, None) for g in GAMES] + [
    ("joust", "5x6"), ("jesonmor", "7"), ("claustro", "6x7"), ("apart", "9")]


@pytest.mark.parametrize("game,size", SIZES)
def test_passes_pettingzoos_api_and_seed_tests(game: str, size: Optional[str]) -> None:
    api_test(env(game, size=size), num_cycles=200)
    seed_test(lambda: env(game, size=size), num_cycles=50)


@pytest.mark.parametrize("game", GAMES)
def test_an_agent_plays_tabula_and_sees_only_its_own_turns(game: str) -> None:
    rng = np.random.default_rng(3)
    world = TabulaOpponent(env(game), agent="player_1", level="novice")
    world.reset()
    for agent in world.agent_iter(max_iter=3000):
        observation, reward, termination, truncation, info = world.last()
        assert agent == "player_0"
        action = None
        if not (termination or truncation):
            assert observation is not None
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        world.step(action)
    assert world.unwrapped.position.is_game_over()


@pytest.mark.parametrize("game", GAMES)
def test_random_games_through_the_masks_follow_the_rules(game: str) -> None:
    rng = np.random.default_rng(5)
    for _ in range(3):
        world = raw_env(game)
        referee = Position(game)
        legs = 0
        while not all(world.terminations.values()) and legs < 2000:
            mask = world.observe(world.agent_selection)["action_mask"]
            assert mask.any(), "a live game offers an action"
            played = len(world.position.move_stack)
            world.step(int(rng.choice(np.flatnonzero(mask))))
            legs += 1
            if len(world.position.move_stack) > played:
                move = world.position.move_stack[-1]
                assert move in referee.legal_moves()
                referee.push(move)
        outcome = referee.outcome()
        if outcome is not None:
            rewards = [world.rewards[a] for a in ("player_0", "player_1")]
            expected = {"white": [1, -1], "black": [-1, 1], None: [0, 0]}[outcome.winner]
            assert rewards == expected


def test_observation_planes_show_pieces_burns_and_goals() -> None:
    world = raw_env("joust")
    planes = world.observe("player_0")["observation"]
    assert planes.shape == (8, 8, 7)
    assert planes[3, 3, 0] == 1 and planes[4, 4, 1] == 1
    world.step(int(np.flatnonzero(world.observe("player_0")["action_mask"])[0]))
    black_view = world.observe("player_1")["observation"]
    assert black_view[3, 3, 2] == 1 and black_view[4, 4, 0] == 1
    assert black_view[:, :, 6].sum() == 0
    claustro = raw_env("claustro").observe("player_0")["observation"]
    assert claustro[4, 4, 3] == 1 and claustro[0, 0, 4] == 1


def test_renders_the_board_as_text() -> None:
    world = raw_env("apart", render_mode="ansi")
    assert world.render() == str(world.position)
