"""Trains a policy for Joust 7x7 from nothing against tabula's engine, on CPU, in minutes.

PPO with action masks in numpy alone (a small MLP with hand-written backprop and Adam), on
``tabula_engine.vector.VectorEnv`` with the engine inside the environment as the opponent.
Every few updates the policy plays 200 games (100 a colour) against each of the levels
``random``, ``novice`` and ``easy``; the scores are drawn as a curve in a PNG. The last line
printed is the level of the final 200 games and the score, e.g. ``novice 83.5 %``.

    python examples/train_joust.py                             # 10 minutes against novice
    python examples/train_joust.py --minutes 30 --level easy   # the longer run, against easy

See examples/README.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, Callable, Optional

# One BLAS thread: the matrices are small, the engine's searches use the other core, and a
# second BLAS thread spinning beside anything else running slows training several times over
# (and one thread keeps the sums, and so the runs, the same from run to run).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plot import line_chart  # noqa: E402  (examples/plot.py: the PNG, written with zlib alone)

LEVELS = ("random", "novice", "easy")
# Seconds of --minutes kept for what follows training (an update's overrun, the final games and
# the curve), so that the whole run ends within --minutes.
FINAL_RESERVE_S = 5.0


# ----------------------------------------------------------------------------- the network


class Net:
    """x -> relu(hidden) -> relu(hidden) -> (one logit a choice, a value)."""

    def __init__(self, inputs: int, hidden: int, outputs: int, rng: np.random.Generator):
        def layer(i: int, o: int, scale: float) -> tuple[np.ndarray, np.ndarray]:
            w = rng.standard_normal((i, o)).astype(np.float32) * np.float32(scale / np.sqrt(i))
            return w, np.zeros(o, np.float32)

        self.params: dict[str, np.ndarray] = {}
        self.params["w1"], self.params["b1"] = layer(inputs, hidden, np.sqrt(2))
        self.params["w2"], self.params["b2"] = layer(hidden, hidden, np.sqrt(2))
        self.params["wp"], self.params["bp"] = layer(hidden, outputs, 0.01)
        self.params["wv"], self.params["bv"] = layer(hidden, 1, 1.0)

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, tuple]:
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        logits = h2 @ p["wp"] + p["bp"]
        value = (h2 @ p["wv"] + p["bv"])[:, 0]
        return logits, value, (x, h1, h2)

    def backward(self, cache: tuple, dlogits: np.ndarray, dvalue: np.ndarray) -> dict:
        p = self.params
        x, h1, h2 = cache
        dv = dvalue[:, None]
        g = {"wp": h2.T @ dlogits, "bp": dlogits.sum(0), "wv": h2.T @ dv, "bv": dv.sum(0)}
        dh2 = (dlogits @ p["wp"].T + dv @ p["wv"].T) * (h2 > 0)
        g["w2"], g["b2"] = h1.T @ dh2, dh2.sum(0)
        dh1 = (dh2 @ p["w2"].T) * (h1 > 0)
        g["w1"], g["b1"] = x.T @ dh1, dh1.sum(0)
        return g


class Adam:
    def __init__(self, params: dict, lr: float) -> None:
        self.lr, self.b1, self.b2, self.eps, self.t = lr, 0.9, 0.999, 1e-8, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict, grads: dict) -> None:
        self.t += 1
        c1, c2 = 1 - self.b1**self.t, 1 - self.b2**self.t
        for k, g in grads.items():
            self.m[k] = self.b1 * self.m[k] + (1 - self.b1) * g
            self.v[k] = self.b2 * self.v[k] + (1 - self.b2) * g * g
            step = self.lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + self.eps)
            params[k] -= step.astype(np.float32)


def masked_log_softmax(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    z = np.where(legal, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=1, keepdims=True))


class Policy:
    """The network and its choice among the legal choices of each row."""

    def __init__(self, inputs: int, choices: int, hidden: int, lr: float, rng) -> None:
        self.net = Net(inputs, hidden, choices, rng)
        self.opt = Adam(self.net.params, lr)
        self.rng = rng

    def act(self, x: np.ndarray, legal: np.ndarray, greedy: bool = False):
        """The choice (0 in a row with none legal), its log-probability and the value."""
        logits, value, _ = self.net.forward(x)
        logp = masked_log_softmax(logits, legal)
        if greedy:
            pick = np.argmax(np.where(legal, logp, -np.inf), axis=1)
        else:
            u = self.rng.random(logp.shape)
            gumbel = -np.log(-np.log(u + 1e-12) + 1e-12)
            pick = np.argmax(np.where(legal, logp + gumbel, -np.inf), axis=1)
        pick = np.where(legal.any(axis=1), pick, 0)
        return pick, logp[np.arange(len(pick)), pick], value


# ----------------------------------------------------------------------------- Joust


class JoustTask:
    """Joust through ``VectorEnv``: the engine at a level plays inside the environment.

    A Joust action is a whole move, ``from * cells + to``; with one knight a side the move is
    known by its destination, so the policy has one logit a square (``cells``), masked by the
    destinations the action mask allows, and the action is rebuilt from the mask's pair."""

    name = "tabula Joust 7x7 (VectorEnv)"

    def __init__(self, size: int = 7) -> None:
        self.size = size
        self.cells = size * size
        self.inputs = 4 * self.cells + 1
        self.choices = self.cells

    def _observe(self, obs: dict) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        planes, masks = obs["observation"], obs["action_mask"]
        n = planes.shape[0]
        pairs = masks[:, : self.cells * self.cells].reshape(n, self.cells, self.cells) > 0
        dest = pairs.any(axis=1)
        p = planes.reshape(n, self.cells, planes.shape[-1])
        # own knight, other knight, burned squares, own legal destinations, "plays white"
        x = np.concatenate([p[:, :, 0], p[:, :, 1], p[:, :, 2], dest, p[:, :1, 6]], axis=1)
        return x.astype(np.float32), dest, pairs

    def _actions(self, pairs: np.ndarray, pick: np.ndarray, legal: np.ndarray) -> np.ndarray:
        frm = np.argmax(pairs[np.arange(len(pick)), :, pick], axis=1)
        return np.where(legal.any(axis=1), frm * self.cells + pick, 0).astype(np.int64)

    def make(self, envs: int, opponents: list[str], seed: int) -> "JoustBatch":
        return JoustBatch(self, envs, opponents, seed)

    def evaluate(self, policy: Policy, level: str, games: int, seed: int, greedy: bool):
        """Wins, draws, losses of `games` complete games, half with each colour."""
        from tabula_engine.vector import VectorEnv

        result = []
        for k, learner in enumerate(("white", "black")):
            count = games // 2 if k == 0 else games - games // 2
            env = VectorEnv("joust", count, size=self.size, opponent=level, learner=learner,
                            copy=False)
            obs, _ = env.reset(seed=seed + k)
            first = np.full(count, np.nan)
            while np.isnan(first).any():
                x, legal, pairs = self._observe(obs)
                pick = policy.act(x, legal, greedy)[0]
                obs, rewards, term, trunc, _ = env.step(self._actions(pairs, pick, legal))
                # NEXT_STEP autoreset: the step that ends a game carries its reward; the next
                # step starts it again. Only each slot's first game counts.
                ended = (term | trunc) & np.isnan(first)
                first[ended] = rewards[ended]
            env.close()
            result.append(first)
        r = np.concatenate(result)
        return int((r > 0).sum()), int((r == 0).sum()), int((r < 0).sum())


class JoustBatch:
    """The training games: half with the learner as white, half as black, the opponents
    shared out among them."""

    def __init__(self, task: JoustTask, envs: int, opponents: list[str], seed: int) -> None:
        from tabula_engine.vector import VectorEnv

        self.task = task
        self.envs = []
        per = max(1, envs // (2 * len(opponents)))
        for learner in ("white", "black"):
            for opponent in opponents:
                self.envs.append(VectorEnv("joust", per, size=task.size, opponent=opponent,
                                           learner=learner, copy=False))
        self.obs = [env.reset(seed=seed * 1000 + i)[0] for i, env in enumerate(self.envs)]
        self.num = per * len(self.envs)

    def observe(self) -> tuple[np.ndarray, np.ndarray]:
        obs = {k: np.concatenate([o[k] for o in self.obs]) for k in ("observation", "action_mask")}
        x, legal, self._pairs = self.task._observe(obs)
        self._legal = legal
        return x, legal

    def step(self, pick: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        actions = self.task._actions(self._pairs, pick, self._legal)
        rewards, dones, lo = [], [], 0
        for i, env in enumerate(self.envs):
            hi = lo + env.num_envs
            obs, rew, term, trunc, _ = env.step(actions[lo:hi])
            self.obs[i] = obs
            rewards.append(rew.copy())
            dones.append(term | trunc)
            lo = hi
        return np.concatenate(rewards), np.concatenate(dones)

    def close(self) -> None:
        for env in self.envs:
            env.close()


# ----------------------------------------------------------------------------- PPO


def score(w: int, d: int, l: int) -> float:
    return 100.0 * (w + 0.5 * d) / max(1, w + d + l)


def ppo(task: Any, args: argparse.Namespace, opponents: list[str], eval_levels: list[str],
        log: Callable[[str], None] = print) -> dict:
    """Trains a policy on `task` with PPO for args.minutes (or args.updates updates),
    evaluating it against `eval_levels` every args.eval_every updates. Returns the curve, the
    times at which each level was first scored at args.target % or more, and the policy."""
    rng = np.random.default_rng(args.seed)
    policy = Policy(task.inputs, task.choices, args.hidden, args.lr, rng)
    batch = task.make(args.envs, opponents, args.seed)
    n, T = batch.num, args.steps
    curve: list[tuple[float, int, dict]] = []
    reached: dict[str, float] = {}
    start = time.perf_counter()
    state = {"steps": 0, "train": 0.0, "eval": 0.0}

    def run_eval(update: int) -> None:
        t0 = time.perf_counter()
        scores = {}
        for i, level in enumerate(eval_levels):
            wdl = task.evaluate(policy, level, args.eval_games, args.seed * 7919 + 100 * i,
                                args.greedy)
            scores[level] = score(*wdl)
        state["eval"] += time.perf_counter() - t0
        elapsed = time.perf_counter() - start
        for level, s in scores.items():
            if s >= args.target and level not in reached:
                reached[level] = elapsed
        curve.append((elapsed, state["steps"], scores))
        text = "  ".join(f"{lv} {s:5.1f} %" for lv, s in scores.items())
        log(f"[{elapsed:7.1f} s] update {update:5d}  steps {state['steps']:9d}  {text}")

    run_eval(0)
    update = 0
    while True:
        if args.updates is not None:
            if update >= args.updates:
                break
        elif time.perf_counter() - start + FINAL_RESERVE_S >= args.minutes * 60.0:
            break
        if args.stop_at_target and all(lv in reached for lv in args.stop_at_target):
            break
        t0 = time.perf_counter()
        X = np.zeros((T, n, task.inputs), np.float32)
        L = np.zeros((T, n, task.choices), bool)
        A = np.zeros((T, n), np.int64)
        LP = np.zeros((T, n), np.float32)
        V = np.zeros((T + 1, n), np.float32)
        R = np.zeros((T, n), np.float32)
        DONE = np.zeros((T, n), bool)
        VALID = np.zeros((T + 1, n), bool)
        for t in range(T):
            x, legal = batch.observe()
            pick, logp, value = policy.act(x, legal)
            X[t], L[t], A[t], LP[t], V[t] = x, legal, pick, logp, value
            VALID[t] = legal.any(axis=1)
            R[t], DONE[t] = batch.step(pick)
            state["steps"] += int(VALID[t].sum())
        x, legal = batch.observe()
        VALID[T] = legal.any(axis=1)
        V[T] = policy.net.forward(x)[1]
        # GAE. A row with no legal choice (a game over, started again by the next step) is no
        # decision: it is left out, and the step before it ended its game (DONE).
        adv = np.zeros((T, n), np.float32)
        last = np.zeros(n, np.float32)
        for t in reversed(range(T)):
            live = ~DONE[t] & VALID[t + 1]
            delta = R[t] + args.gamma * np.where(live, V[t + 1], 0.0) - V[t]
            last = delta + args.gamma * args.lam * live * last
            adv[t] = last
        ret = adv + V[:T]
        sel = VALID[:T].reshape(-1)
        bx = X.reshape(-1, task.inputs)[sel]
        bl = L.reshape(-1, task.choices)[sel]
        ba, blp = A.reshape(-1)[sel], LP.reshape(-1)[sel]
        badv, bret = adv.reshape(-1)[sel], ret.reshape(-1)[sel]
        m = len(ba)
        for _ in range(args.epochs):
            order = rng.permutation(m)
            for s in range(0, m, args.batch):
                idx = order[s : s + args.batch]
                b, rows = len(idx), np.arange(len(idx))
                logits, value, cache = policy.net.forward(bx[idx])
                legal = bl[idx]
                logp_all = masked_log_softmax(logits, legal)
                probs = np.where(legal, np.exp(logp_all), 0.0)
                logp = logp_all[rows, ba[idx]]
                a = badv[idx]
                a = (a - a.mean()) / (a.std() + 1e-8)
                ratio = np.exp(logp - blp[idx])
                clipped = np.clip(ratio, 1 - args.clip, 1 + args.clip)
                # the clipped surrogate's gradient flows where the unclipped term is the smaller
                dlogp = np.where(ratio * a <= clipped * a, -ratio * a, 0.0) / b
                onehot = np.zeros_like(probs)
                onehot[rows, ba[idx]] = 1.0
                dlogits = dlogp[:, None] * (onehot - probs)
                # entropy bonus: d(-c H)/dlogits = c p (log p + H)
                entropy = -np.where(legal, probs * logp_all, 0.0).sum(1)
                dlogits += args.ent * np.where(legal, probs * (logp_all + entropy[:, None]), 0) / b
                dvalue = args.vf * (value - bret[idx]) / b
                grads = policy.net.backward(cache, dlogits.astype(np.float32),
                                            dvalue.astype(np.float32))
                norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
                if norm > args.max_grad:
                    for g in grads.values():
                        g *= args.max_grad / norm
                policy.opt.step(policy.net.params, grads)
        update += 1
        state["train"] += time.perf_counter() - t0
        if update % args.eval_every == 0:
            run_eval(update)
    if curve[-1][1] != state["steps"]:
        run_eval(update)
    batch.close()
    return {"curve": curve, "reached": reached, "policy": policy, "updates": update,
            "steps": state["steps"], "train_s": state["train"], "eval_s": state["eval"],
            "total_s": time.perf_counter() - start}


def arguments(argv: Optional[list[str]] = None, **defaults: Any) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--minutes", type=float, default=10.0,
                    help="the whole run's time, training and the final games (default 10)")
    ap.add_argument("--updates", type=int, default=None, help="stop after N updates instead")
    ap.add_argument("--level", default="novice", choices=LEVELS[1:] + ("medium",),
                    help="the level of the final 200 games (default novice)")
    ap.add_argument("--opponents", default=None,
                    help="training opponents, comma-separated (default: novice, and the level if "
                    "it is another)")
    ap.add_argument("--eval-levels", default=",".join(LEVELS))
    ap.add_argument("--eval-every", type=int, default=10, help="updates between evaluations")
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--final-games", type=int, default=200)
    ap.add_argument("--greedy", action="store_true",
                    help="evaluate with the argmax (default: the policy sampled)")
    ap.add_argument("--target", type=float, default=80.0,
                    help="report when each level is first scored at this %% (default 80)")
    ap.add_argument("--stop-at-target", default="", help="levels: stop once each hits target")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=32, help="steps a rollout")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--gamma", type=float, default=1.0)
    ap.add_argument("--lam", type=float, default=0.95)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--ent", type=float, default=0.01)
    ap.add_argument("--vf", type=float, default=0.5)
    ap.add_argument("--max-grad", type=float, default=0.5)
    ap.add_argument("--png", default="joust_curve.png", help="the curve (default joust_curve.png)")
    ap.set_defaults(**defaults)
    args = ap.parse_args(argv)
    args.stop_at_target = [s for s in args.stop_at_target.split(",") if s]
    return args


def main(argv: Optional[list[str]] = None) -> float:
    args = arguments(argv)
    # Against a level above novice, half the games are against novice: the learner starts by
    # losing nearly every game against easy, and novice's games give it wins to learn from.
    default = "novice" if args.level == "novice" else f"novice,{args.level}"
    opponents = (args.opponents or default).split(",")
    eval_levels = args.eval_levels.split(",")
    how = "greedy" if args.greedy else "sampled"
    print(f"Joust {args.size}x{args.size}: PPO (numpy) against {', '.join(opponents)}, "
          f"{args.envs} games at once, seed {args.seed}; evaluations: {args.eval_games} games "
          f"a level, half a colour, {how} policy", flush=True)
    task = JoustTask(args.size)
    out = ppo(task, args, opponents, eval_levels, log=lambda s: print(s, flush=True))
    print(f"training: {out['updates']} updates, {out['steps']} learner moves in "
          f"{out['total_s']:.1f} s ({out['steps'] / max(out['train_s'], 1e-9):.0f} moves a "
          f"second while training; {out['eval_s']:.1f} s of evaluations)")
    for level in eval_levels:
        when = out["reached"].get(level)
        text = f"{when:.1f} s" if when is not None else "not reached"
        print(f"first evaluation at {args.target:g} % or more against {level}: {text}")
    if args.png:
        series = {lv: [(c[0] / 60.0, c[2][lv]) for c in out["curve"]] for lv in eval_levels}
        line_chart(args.png, series, "minutes", "score %", y_max=100.0,
                   title=f"joust {args.size}x{args.size} ppo vs {'+'.join(opponents)}")
        print(f"curve: {args.png}")
    w, d, l = task.evaluate(out["policy"], args.level, args.final_games,
                            args.seed * 31 + 999331, args.greedy)
    print(f"final: {args.final_games} games against {args.level} ({how} policy): "
          f"+{w} ={d} -{l}")
    final = score(w, d, l)
    print(f"{args.level} {final:.1f} %")
    return final


if __name__ == "__main__":
    main()
