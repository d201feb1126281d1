"""The same experience three ways, side by side in one run: a learner against a uniformly
random opponent, on

- tabula: Joust 7x7 through ``tabula_engine.vector.VectorEnv`` (the opponent in Rust, inside the
  environment);
- OpenSpiel: Amazons 6x6 (``pyspiel``), the game nearest to Joust that it has (pieces move and
  burn squares; whoever cannot move loses), one ``State`` a game, stepped from Python;
- pgx: Connect Four (JAX, ``jax.jit(jax.vmap(...))`` over the batch; pgx has no game with
  burned squares), the random opponent inside the jitted step.

For each: environment steps a second with random legal moves (a step is one decision of the
learner, the opponent's reply included), then the same numpy PPO as examples/train_joust.py
(same network, hyperparameters and seed) trained for ``--minutes``, evaluated every few updates
on 200 games against the random opponent (half with each colour): the time to the first score
of ``--target`` % (80 by default).

    pip install pgx open_spiel      # in the environment that has tabula_engine
    python examples/compare.py --minutes 3

pgx's Connect Four picks the first player at random at each game's start, so its 200 games are
half with the learner as player 0, player 0 moving first in about half of them.
"""

from __future__ import annotations

import os
import sys
import time

for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_joust  # noqa: E402
from train_joust import JoustTask, arguments, ppo  # noqa: E402


# ----------------------------------------------------------------------------- OpenSpiel



def first_games(batch, policy, games: int, greedy: bool) -> tuple[int, int, int]:
    """The wins, draws and losses of each of a batch's first games, played by `policy`."""
    first = np.full(games, np.nan)
    while np.isnan(first).any():
        x, legal = batch.observe()
        pick = policy.act(x, legal, greedy)[0]
        rewards, dones = batch.step(pick)
        ended = dones & np.isnan(first)
        first[ended] = rewards[ended]
    return int((first > 0).sum()), int((first == 0).sum()), int((first < 0).sum())

class BatchTask:
    """What the other libraries' tasks share: the learner's batches, made by `batch`, and the
    evaluation of a policy by the first games of a batch of its own."""

    def batch(self, envs: int, seed: int):
        raise NotImplementedError

    def make(self, envs: int, opponents: list, seed: int):
        return self.batch(envs, seed)

    def evaluate(self, policy, level: str, games: int, seed: int, greedy: bool):
        return first_games(self.batch(games, seed + 12345), policy, games, greedy)


class SpielTask(BatchTask):
    """An OpenSpiel two-player game against a uniformly random opponent. A turn of several
    actions by one player (Amazons: the amazon, where to, where to shoot) is one learner step
    an action."""

    def __init__(self, game: str, params: dict) -> None:
        import pyspiel

        self.game = pyspiel.load_game(game, params)
        self.name = f"OpenSpiel {game} {params}"
        self.inputs = int(np.prod(self.game.observation_tensor_shape()))
        self.choices = self.game.num_distinct_actions()

    def batch(self, envs: int, seed: int) -> "SpielBatch":
        return SpielBatch(self, envs, seed)


class SpielBatch:
    def __init__(self, task: SpielTask, envs: int, seed: int) -> None:
        self.task, self.num = task, envs
        self.rng = np.random.default_rng(seed)
        self.learner = np.arange(envs) % 2
        self.states = [self._start(i) for i in range(envs)]

    def _opponent(self, i: int, state) -> float:
        """Plays the random opponent until the learner is to move; the learner's reward."""
        while not state.is_terminal() and state.current_player() != self.learner[i]:
            legal = state.legal_actions()
            state.apply_action(legal[int(self.rng.integers(len(legal)))])
        return state.returns()[self.learner[i]] if state.is_terminal() else 0.0

    def _start(self, i: int):
        state = self.task.game.new_initial_state()
        self._opponent(i, state)
        return state

    def observe(self):
        x = np.zeros((self.num, self.task.inputs), np.float32)
        legal = np.zeros((self.num, self.task.choices), bool)
        for i, state in enumerate(self.states):
            x[i] = state.observation_tensor(int(self.learner[i]))
            legal[i, state.legal_actions()] = True
        return x, legal

    def step(self, pick):
        rewards = np.zeros(self.num, np.float32)
        dones = np.zeros(self.num, bool)
        for i, state in enumerate(self.states):
            state.apply_action(int(pick[i]))
            if state.is_terminal():
                rewards[i] = state.returns()[self.learner[i]]
            else:
                rewards[i] = self._opponent(i, state)
            if state.is_terminal():
                dones[i] = True
                self.states[i] = self._start(i)  # started again at once (same-step)
        return rewards, dones

    def close(self) -> None:
        pass


# ----------------------------------------------------------------------------- pgx


class PgxTask(BatchTask):
    """A pgx game, batched in JAX, against a uniformly random opponent played inside the
    jitted step."""

    def __init__(self, game: str) -> None:
        import jax
        import jax.numpy as jnp
        import pgx

        self.jax, self.jnp = jax, jnp
        self.env = pgx.make(game)
        self.name = f"pgx {game}"
        self.inputs = int(np.prod(self.env.observation_shape))
        self.choices = self.env.num_actions
        env = self.env

        def where(c, a, b):
            return jax.tree_util.tree_map(lambda u, v: jnp.where(c, u, v), a, b)

        def opponent(state, key, learner):
            logits = jnp.where(state.legal_action_mask, 0.0, -1e9)
            action = jax.random.categorical(key, logits)
            need = (state.current_player != learner) & ~state.terminated
            after = env.step(state, action)
            return where(need, after, state), jnp.where(need, after.rewards[learner], 0.0)

        def start(key, learner):
            k1, k2 = jax.random.split(key)
            return opponent(env.init(k1), k2, learner)[0]

        def step(state, action, key, learner):
            k1, k2 = jax.random.split(key)
            state = env.step(state, action)
            reward = state.rewards[learner]
            state, r2 = opponent(state, k1, learner)
            done = state.terminated | state.truncated
            state = where(done, start(k2, learner), state)  # started again at once
            return state, reward + r2, done

        self._start = jax.jit(jax.vmap(start))
        self._step = jax.jit(jax.vmap(step))

    def batch(self, envs: int, seed: int) -> "PgxBatch":
        return PgxBatch(self, envs, seed)


class PgxBatch:
    def __init__(self, task: PgxTask, envs: int, seed: int) -> None:
        jax, jnp = task.jax, task.jnp
        self.task, self.num = task, envs
        self.key = jax.random.PRNGKey(seed)
        self.learner = jnp.arange(envs) % 2
        self.state = task._start(self._keys(), self.learner)

    def _keys(self):
        self.key, sub = self.task.jax.random.split(self.key)
        return self.task.jax.random.split(sub, self.num)

    def observe(self):
        x = np.asarray(self.state.observation, dtype=np.float32).reshape(self.num, -1)
        return x, np.asarray(self.state.legal_action_mask)

    def step(self, pick):
        actions = self.task.jnp.asarray(pick, dtype=self.task.jnp.int32)
        self.state, rewards, dones = self.task._step(self.state, actions, self._keys(),
                                                     self.learner)
        return np.asarray(rewards, np.float32), np.asarray(dones)

    def close(self) -> None:
        pass


# ----------------------------------------------------------------------------- measures


def random_legal(legal: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = rng.random(legal.shape)
    return np.argmax(np.where(legal, u, -1.0), axis=1)


def steps_a_second(task, envs: int, seconds: float) -> float:
    """Learner steps a second with random legal choices, observations built as PPO needs
    them."""
    rng = np.random.default_rng(0)
    batch = task.make(envs, ["random"], 0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        x, legal = batch.observe()
        batch.step(random_legal(legal, rng))
        steps += int(legal.any(axis=1).sum())
    elapsed = time.perf_counter() - start
    batch.close()
    return steps / elapsed


def raw_tabula(envs: int, seconds: float) -> float:
    """VectorEnv alone: Joust 7x7 against random, actions drawn in Rust (RANDOM), copy=False."""
    from tabula_engine.vector import RANDOM, VectorEnv

    env = VectorEnv("joust", envs, size=7, opponent="random", copy=False)
    env.reset(seed=0)
    actions = np.full(envs, RANDOM, np.int64)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        obs = env.step(actions)[0]
        steps += int(obs["action_mask"].any(axis=1).sum())
    return steps / (time.perf_counter() - start)


def main() -> None:
    args = arguments(sys.argv[1:], minutes=3.0, eval_levels="random", level="novice",
                     png="compare_curve.png", stop_at_target="random")
    print(f"Learner against a uniformly random opponent, numpy PPO, {args.envs} games at once, "
          f"seed {args.seed}; evaluations of {args.eval_games} games, sampled policy; "
          f"up to {args.minutes:g} minutes each, stopped at {args.target:g} %", flush=True)
    tasks = [JoustTask(7)]
    for make in (lambda: SpielTask("amazons", {"board_size": 6}),
                 lambda: PgxTask("connect_four")):
        try:
            tasks.append(make())
        except Exception as error:  # noqa: BLE001 (a library that does not install)
            print(f"skipped: {type(error).__name__}: {error}", flush=True)
    rows, series = [], {}
    if tasks[0].name.startswith("tabula"):
        print(f"tabula VectorEnv alone (RANDOM actions, copy=False): "
              f"{raw_tabula(args.envs, 5.0):,.0f} steps a second", flush=True)
    for task in tasks:
        warm = steps_a_second(task, args.envs, 1.0)  # compiles pgx's step
        speed = steps_a_second(task, args.envs, 5.0)
        print(f"{task.name}: {speed:,.0f} steps a second with random legal moves "
              f"(observations built){'' if warm else ''}", flush=True)
        out = ppo(task, args, ["random"], ["random"],
                  log=lambda s, n=task.name: print(f"  {n} {s}", flush=True))
        when = out["reached"].get("random")
        final = out["curve"][-1][2]["random"]
        rows.append((task.name, speed, out["steps"] / max(out["train_s"], 1e-9), when,
                     out["steps"], final))
        series[task.name.split(" (")[0].lower()] = [(c[0] / 60, c[2]["random"])
                                                   for c in out["curve"]]
    print()
    print(f"| environment | steps/s, random moves | steps/s, training | time to {args.target:g} % "
          f"against random | learner steps | last score |")
    print("|---|---|---|---|---|---|")
    for name, speed, train_speed, when, steps, final in rows:
        t = f"{when:.1f} s" if when is not None else f"not in {args.minutes:g} min"
        print(f"| {name} | {speed:,.0f} | {train_speed:,.0f} | {t} | {steps:,} | {final:.1f} % |")
    if args.png:
        train_joust.line_chart(args.png, series, "minutes", "score % against random")
        print(f"curve: {args.png}")


if __name__ == "__main__":
    main()
