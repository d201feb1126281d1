"""The batched environment (`tabula_engine.vector`) against the one-position API: each game of a
batch is shadowed by a PettingZoo AEC environment given the same actions, so the moves, results,
planes and masks must be the same; plus autoreset, seeding, opponents and refusals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Optional

import numpy as np
import numpy.typing as npt
import pytest
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv

from conftest import GAMES
from tabula_engine import Position
from tabula_engine.pettingzoo import raw_env
from tabula_engine.vector import RANDOM, VectorEnv

# Each game at its default size and one other, as the PettingZoo tests.
SIZES = [(g, None) for g in GAMES] + [
    ("joust", "5x6"), ("jesonmor", "7"), ("claustro", "6x7"), ("apart", "9")]
STEPS = {"apart": 150}


def replayed(game: str, size: Optional[str], moves: list[str]) -> Position:
    position = Position(game, size=size)
    for move in moves:
        position.push(move)
    return position


@pytest.mark.parametrize("mode", list(AutoresetMode))
@pytest.mark.parametrize("game,size", SIZES)
def test_each_game_is_the_aec_environments_game_step_by_step(
    game: str, size: Optional[str], mode: AutoresetMode
) -> None:
    """Self-play with numpy-chosen legal actions: planes, masks, moves, rewards and the
    autoreset, in each of Gymnasium's modes, all equal N AEC environments (one per game) given
    the same actions."""
    count = 4
    vector = VectorEnv(game, count, size=size, autoreset_mode=mode)
    shadows = [raw_env(game, size=size) for _ in range(count)]
    obs, infos = vector.reset(seed=11)
    rng = np.random.default_rng(5)
    finished = 0
    # The games that ended and have not started again (next-step and disabled modes).
    waiting = np.zeros(count, dtype=bool)
    for _ in range(STEPS.get(game, 250)):
        if mode == AutoresetMode.DISABLED and waiting.any():
            with pytest.raises(ValueError, match=f"game {np.argmax(waiting)} is over: reset it"):
                vector.step(vector.action_space.sample())
            obs, infos = vector.reset(options={"reset_mask": waiting.copy()})
            for index in np.flatnonzero(waiting):
                shadows[index].reset()
            waiting[:] = False
        actions = np.zeros(count, dtype=np.int64)
        for i, shadow in enumerate(shadows):
            if waiting[i]:
                assert not obs["action_mask"][i].any()
                continue
            agent = shadow.agent_selection
            seen = shadow.observe(agent)
            assert np.array_equal(obs["observation"][i], seen["observation"])
            assert np.array_equal(obs["action_mask"][i], seen["action_mask"])
            assert infos["to_move"][i] == (0 if agent == "player_0" else 1)
            assert vector.moves(i) == shadow.position.move_stack
            actions[i] = rng.choice(np.flatnonzero(seen["action_mask"]))
        obs, rewards, terminated, truncated, infos = vector.step(actions)
        assert not truncated.any()
        assert ("final_obs" in infos) == (mode == AutoresetMode.SAME_STEP and terminated.any())
        for i, shadow in enumerate(shadows):
            if waiting[i]:  # next-step: started again, its action ignored
                assert rewards[i] == 0 and not terminated[i]
                shadow.reset()
                waiting[i] = False
                continue
            actor = shadow.agent_selection
            shadow.step(int(actions[i]))
            assert terminated[i] == shadow.terminations[actor]
            assert rewards[i] == shadow.rewards[actor]
            if not terminated[i]:
                assert vector.fen(i) == shadow.position.fen()
                continue
            finished += 1
            final = shadow.observe(actor)["observation"]
            last = vector.last_game(i)
            assert last is not None
            moves, outcome = last
            assert moves == shadow.position.move_stack
            assert outcome == shadow.position.outcome()
            assert replayed(game, size, moves).outcome() == outcome
            if mode == AutoresetMode.SAME_STEP:
                assert infos["_final_obs"][i] and infos["_final_info"][i]
                assert np.array_equal(infos["final_obs"][i]["observation"], final)
                assert not infos["final_obs"][i]["action_mask"].any()
                turn = 0 if shadow.position.turn == "white" else 1
                assert infos["final_info"]["to_move"][i] == turn
                shadow.reset()
            else:
                assert np.array_equal(obs["observation"][i], final)
                assert not obs["action_mask"][i].any()
                assert vector.fen(i) == shadow.position.fen()
                waiting[i] = True
        if mode == AutoresetMode.SAME_STEP and "final_obs" in infos:
            assert [entry is not None for entry in infos["final_obs"]] == list(terminated)
    if game != "apart":
        assert finished > 0, "no game ended: the autoreset went untested"


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_plays_the_same_games(game: str) -> None:
    def run(seed: int) -> tuple[list[tuple[npt.NDArray[Any], ...]], list[list[str]]]:
        vector = VectorEnv(game, 6, max_plies=40)
        vector.reset(seed=seed)
        trace: list[tuple[npt.NDArray[Any], ...]] = []
        for _ in range(30):
            actions = vector.sample_actions()
            obs, rewards, terminated, truncated, _ = vector.step(actions)
            trace.append((actions.copy(), obs["observation"].copy(), rewards.copy(),
                          terminated.copy(), truncated.copy()))
        # A random action (-1) draws from the same seeded draws.
        vector.step(np.full(6, RANDOM))
        return trace, [vector.moves(i) for i in range(6)]

    first, again, other = run(3), run(3), run(4)
    assert first[1] == again[1]
    for one, two in zip(first[0], again[0]):
        assert all(np.array_equal(a, b) for a, b in zip(one, two))
    assert first[1] != other[1]


@pytest.mark.parametrize("game", GAMES)
def test_random_and_sampled_actions_are_legal_moves(game: str) -> None:
    """Rust's draws (-1, sample_actions) and the action space's sample() are legal in every game
    that goes on; a game waiting to start again has none (-1 and 0)."""
    vector = VectorEnv(game, 8, max_plies=30)
    obs, _ = vector.reset(seed=1)
    vector.action_space.seed(2)
    waiting = np.zeros(8, dtype=bool)
    for step in range(40):
        drawn, sampled = vector.sample_actions(), vector.action_space.sample()
        assert vector.action_space.contains(sampled)
        rows = np.flatnonzero(~waiting)
        assert obs["action_mask"][rows, drawn[rows]].all()
        assert obs["action_mask"][rows, sampled[rows]].all()
        assert (drawn[waiting] == RANDOM).all() and (sampled[waiting] == 0).all()
        actions = (drawn, sampled, np.full(8, RANDOM))[step % 3]
        obs, _, terminated, truncated, _ = vector.step(actions)
        waiting = terminated | truncated
    for i in range(8):
        assert replayed(game, None, vector.moves(i)).fen() == vector.fen(i)


def test_the_action_spaces_draws_follow_its_seed() -> None:
    def draws(seed: int) -> list[npt.NDArray[np.int8]]:
        vector = VectorEnv("jesonmor", 6)
        vector.reset(seed=0)
        vector.action_space.seed(seed)
        return [vector.step(vector.action_space.sample())[0]["observation"] for _ in range(20)]

    first, again, other = draws(1), draws(1), draws(2)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("learner", ["white", "black"])
@pytest.mark.parametrize("opponent", ["random", "novice"])
def test_the_opponent_plays_its_whole_turn_inside_the_step(
    game: str, learner: str, opponent: str
) -> None:
    count = 3
    vector = VectorEnv(game, count, opponent=opponent, learner=learner, max_plies=24)
    obs, infos = vector.reset(seed=2)
    side = 0 if learner == "white" else 1
    assert (infos["to_move"] == side).all()
    assert all(len(vector.moves(i)) == side for i in range(count))
    ended = 0
    for _ in range(40):
        obs, rewards, terminated, truncated, infos = vector.step(np.full(count, RANDOM))
        assert (infos["to_move"][~(terminated | truncated)] == side).all()
        assert (obs["observation"][:, :, :, 6] == (1 - side)).all()
        for i in range(count):
            replayed(game, None, vector.moves(i))  # every move legal
            if terminated[i] or truncated[i]:
                ended += 1
                last = vector.last_game(i)
                assert last is not None
                moves, outcome = last
                replay = replayed(game, None, moves)
                assert replay.outcome() == outcome
                if truncated[i]:
                    assert outcome is None and len(moves) >= 24 and rewards[i] == 0
                else:
                    assert outcome is not None
                    won = {None: 0.0, learner: 1.0}.get(outcome.winner, -1.0)
                    assert rewards[i] == won
    assert ended > 0


def test_an_elo_opponent_with_a_limit_plays() -> None:
    vector = VectorEnv("joust", 2, elo=1200, depth=2, learner="black")
    vector.reset(seed=1)
    vector.step(np.full(2, RANDOM))
    for i in range(2):
        assert len(vector.moves(i)) >= 3
        replayed("joust", None, vector.moves(i))


def test_it_is_a_gymnasium_vector_environment() -> None:
    vector = VectorEnv("claustro", 5, copy=False)
    assert isinstance(vector, GymVectorEnv)
    assert vector.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert vector.num_envs == 5
    assert isinstance(vector.single_action_space, spaces.Discrete)
    assert vector.single_action_space.n == 25 * 25 + 1
    obs, _ = vector.reset(seed=0)
    assert vector.observation_space.contains(obs)
    assert vector.single_observation_space == raw_env("claustro").observation_space("player_0")
    with pytest.raises(ValueError):
        obs["observation"][0, 0, 0, 0] = 1  # the views are read-only
    vector.close()


BAD_ACTIONS = [
    (lambda n, stop: np.full(n + 1, -1), r"actions of shape \(5,\), not \(4,\)"),
    (lambda n, stop: np.full((n, 1), -1), r"actions of shape \(4, 1\), not \(4,\)"),
    (lambda n, stop: np.full(n, 0.5), r"actions of dtype float64, not integers"),
    (lambda n, stop: np.full(n, True), r"actions of dtype bool, not integers"),
    (lambda n, stop: np.array([-1, -1, stop + 1, -1]), rf"action {626} of game 2 is outside -1 to 625"),
    (lambda n, stop: np.array([-1, -2, -1, -1]), r"action -2 of game 1 is outside -1 to 625"),
    (lambda n, stop: np.array([-1, -1, -1, 0]), r"action 0 of game 3 is not legal now"),
    (lambda n, stop: np.array([0, 0, 0, 2**64 - 1], dtype=np.uint64),
     r"action 18446744073709551615 is outside -1 to 625"),
]


@pytest.mark.parametrize("make,message", BAD_ACTIONS)
def test_a_bad_action_is_refused_and_nothing_is_played(
    make: Callable[[int, int], npt.NDArray[Any]], message: str
) -> None:
    vector = VectorEnv("claustro", 4)
    vector.reset(seed=9)
    obs = vector.step(vector.sample_actions())[0]
    state = [(vector.moves(i), vector.fen(i)) for i in range(4)]
    with pytest.raises(ValueError, match=message):
        vector.step(make(4, 625))
    assert state == [(vector.moves(i), vector.fen(i)) for i in range(4)]
    assert np.array_equal(vector._views["mask"], obs["action_mask"])
    assert np.array_equal(vector._views["obs"], obs["observation"])


@pytest.mark.parametrize("arguments,message", [
    (dict(game="chess"), "unknown game 'chess'"),
    (dict(num_envs=0), "num_envs 0 is outside 1 to"),
    (dict(num_envs=-3), "num_envs -3 is outside 1 to"),
    (dict(num_envs=2**70), "num_envs 1180591620717411303424 is out of range"),
    (dict(size="4x4", game="jesonmor"), "jesonmor"),
    (dict(opponent="grandmaster"), "unknown level 'grandmaster'"),
    (dict(opponent="novice", elo=1200), "give opponent or elo, not both"),
    (dict(elo=-5), "elo -5 is outside"),
    (dict(opponent="novice", depth=-1), "depth -1 is outside 1 to 255"),
    (dict(opponent="novice", nodes=0), "nodes 0 is outside 1 to "),
    (dict(opponent="novice", movetime=-1.0), "movetime -1 is not a positive number of seconds"),
    (dict(opponent="max"), "the max opponent needs depth, movetime or nodes"),
    (dict(depth=3), "depth, movetime and nodes are the opponent's"),
    (dict(opponent="random", learner="red"), "learner 'red' is not white or black"),
    (dict(max_plies=-1), "max_plies -1 is not a positive number"),
])
def test_bad_arguments_are_refused(arguments: dict[str, Any], message: str) -> None:
    arguments = {"game": "joust", "num_envs": 2, **arguments}
    with pytest.raises(ValueError, match=message):
        VectorEnv(**arguments)


def test_bad_seeds_and_indices_are_refused() -> None:
    vector = VectorEnv("joust", 2)
    with pytest.raises(ValueError, match="step before the first reset"):
        vector.step(np.full(2, RANDOM))
    for seed, message in ((-1, "seed -1 is outside"), (2**63, "seed 9223372036854775808 is out")):
        with pytest.raises(ValueError, match=message):
            vector.reset(seed=seed)
    for wrong, message in (("1", "seed must be an int, not str"),
                           (1.0, "seed must be an int, not float")):
        with pytest.raises(TypeError, match=message):
            vector.reset(seed=wrong)  # type: ignore[arg-type]
    for count, message in ((2.0, "num_envs must be an int, not float"),
                           (True, "num_envs must be an int, not bool")):
        with pytest.raises(TypeError, match=message):
            VectorEnv("joust", count)  # type: ignore[arg-type]
    vector.reset(seed=1)
    with pytest.raises(ValueError, match="game 2 is outside 0 to 1"):
        vector.moves(2)
    with pytest.raises(ValueError, match="game -1 is outside 0 to 1"):
        vector.fen(-1)
