"""Type stubs of the compiled module (the Rust side of tabula_engine)."""

from typing import Any, Literal, Optional, Sequence, Union, final, overload

from .info import InfoDict

__all__ = [
    "__version__",
    "__commit__",
    "Position",
    "Engine",
    "EngineTerminatedError",
    "Outcome",
    "Score",
    "PovScore",
    "Limit",
    "PlayResult",
    "VectorGames",
    "legal_moves",
    "get_fen",
    "result",
    "validate_fen",
    "games",
    "read_record",
    "write_record",
]

__version__: str
__commit__: str

_Side = Literal["white", "black"]
# A side given to a call: its name, or python-chess's colour (True white, False black).
_Color = Union[_Side, bool]
_Size = Union[int, str]
_Result = Literal["1-0", "0-1", "1/2-1/2"]

class EngineTerminatedError(RuntimeError):
    """A call to an ``Engine`` after its ``quit()``."""

@final
class Outcome:
    winner: Optional[_Side]
    reason: str
    def __new__(cls, winner: Optional[_Color], reason: str) -> Outcome: ...
    def result(self) -> _Result: ...
    def __hash__(self) -> int: ...

@final
class Score:
    cp: Optional[int]
    mate: Optional[int]
    def __new__(cls, cp: Optional[int] = None, mate: Optional[int] = None) -> Score: ...
    def is_mate(self) -> bool: ...
    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]: ...
    def __neg__(self) -> Score: ...
    def __lt__(self, other: Score, /) -> bool: ...
    def __le__(self, other: Score, /) -> bool: ...
    def __gt__(self, other: Score, /) -> bool: ...
    def __ge__(self, other: Score, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class PovScore:
    relative: Score
    turn: _Side
    def __new__(cls, relative: Score, turn: _Color) -> PovScore: ...
    def pov(self, side: _Color) -> Score: ...
    def white(self) -> Score: ...
    def black(self) -> Score: ...
    def is_mate(self) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Limit:
    time: Optional[float]
    depth: Optional[int]
    nodes: Optional[int]
    mate: Optional[int]
    white_clock: Optional[float]
    black_clock: Optional[float]
    white_inc: Optional[float]
    black_inc: Optional[float]
    remaining_moves: Optional[int]
    def __new__(
        cls,
        time: Optional[float] = None,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        mate: Optional[int] = None,
        white_clock: Optional[float] = None,
        black_clock: Optional[float] = None,
        white_inc: Optional[float] = None,
        black_inc: Optional[float] = None,
        remaining_moves: Optional[int] = None,
    ) -> Limit: ...

@final
class PlayResult:
    move: Optional[str]
    ponder: Optional[str]
    info: InfoDict
    draw_offered: bool
    resigned: bool
    def __new__(
        cls,
        move: Optional[str],
        ponder: Optional[str] = None,
        info: Optional[InfoDict] = None,
        *,
        draw_offered: bool = False,
        resigned: bool = False,
    ) -> PlayResult: ...

@final
class Position:
    def __new__(
        cls, game: str, size: Optional[_Size] = None, fen: Optional[str] = None
    ) -> Position: ...
    @property
    def game(self) -> str: ...
    @property
    def size(self) -> str: ...
    @property
    def turn(self) -> _Side: ...
    @property
    def move_stack(self) -> list[str]: ...
    def legal_moves(self) -> list[str]: ...
    def push(self, move: str) -> None: ...
    def push_uci(self, move: str) -> str: ...
    def is_legal(self, move: str) -> bool: ...
    def set_fen(self, fen: str) -> None: ...
    def reset(self) -> None: ...
    def result(self, *, claim_draw: bool = False) -> Union[_Result, Literal["*"]]: ...
    def pop(self) -> str: ...
    def peek(self) -> str: ...
    def ply(self) -> int: ...
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: Any) -> Position: ...
    def __hash__(self) -> int: ...
    def fen(self) -> str: ...
    def outcome(self) -> Optional[Outcome]: ...
    def is_game_over(self) -> bool: ...
    def perft(self, depth: int, threads: int = 1) -> int: ...
    def eval(self) -> dict[str, Any]: ...
    def cells(self) -> list[str]: ...
    def goals(self, side: _Color) -> list[tuple[int, int]]: ...
    def targets(self, path: Sequence[str]) -> tuple[list[str], Optional[str]]: ...
    def first_legs(self) -> list[tuple[int, int]]: ...
    def move_squares(self, move: str) -> list[int]: ...
    def probe(
        self, table: Optional[str] = None, nodes: int = 4000000
    ) -> list[tuple[str, Optional[Literal["win", "loss", "draw"]], Optional[int]]]: ...

@final
class Engine:
    def __new__(
        cls,
        game: str,
        size: Optional[_Size] = None,
        threads: int = 1,
        hash_mb: int = 16,
        multipv: int = 1,
        level: Optional[str] = None,
        elo: Optional[int] = None,
        use_nnue: bool = True,
        eval_file: Optional[str] = None,
        seed: int = 0,
        table: Optional[str] = None,
    ) -> Engine: ...
    @property
    def game(self) -> str: ...
    @property
    def size(self) -> Optional[str]: ...
    @property
    def elo(self) -> Optional[int]: ...
    @property
    def needs_limit(self) -> bool: ...
    @overload
    def analyse(
        self,
        position: Position,
        limit: Optional[Any] = None,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: None = None,
    ) -> InfoDict: ...
    @overload
    def analyse(
        self,
        position: Position,
        limit: Optional[Any] = None,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        multipv: int,
    ) -> list[InfoDict]: ...
    def play(
        self,
        position: Position,
        limit: Optional[Any] = None,
        *,
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
    ) -> PlayResult: ...
    def eval(self, position: Position) -> dict[str, Any]: ...
    def stop(self) -> None: ...
    def clear_hash(self) -> None: ...
    def quit(self) -> None: ...
    def __enter__(self) -> Engine: ...
    def __exit__(self, *exception: object) -> Literal[False]: ...

@final
class VectorGames:
    """The Rust side of ``tabula_engine.vector.VectorEnv``: its outputs are written into
    bytearrays the caller made (see ``vector.py``)."""

    def __new__(
        cls,
        game: str,
        count: int,
        size: Optional[_Size] = None,
        opponent: Optional[str] = None,
        elo: Optional[int] = None,
        learner: str = "white",
        depth: Optional[int] = None,
        movetime: Optional[float] = None,
        nodes: Optional[int] = None,
        max_plies: Optional[int] = None,
        illegal_action: str = "raise",
    ) -> VectorGames: ...
    @property
    def board(self) -> tuple[int, int]: ...
    def reset(
        self,
        seed: int,
        obs: bytearray,
        mask: bytearray,
        to_move: bytearray,
        only: Optional[bytes] = None,
    ) -> None: ...
    def step(
        self,
        actions: bytes,
        restart: bytes,
        same_step: bool,
        obs: bytearray,
        mask: bytearray,
        rewards: bytearray,
        terminated: bytearray,
        truncated: bytearray,
        to_move: bytearray,
        final_obs: bytearray,
        ended: bytearray,
    ) -> int: ...
    def sample(self) -> bytes: ...
    def moves(self, index: int) -> list[str]: ...
    def fen(self, index: int) -> str: ...
    def last_game(self, index: int) -> Optional[tuple[list[str], Optional[Outcome]]]: ...

def legal_moves(
    game: str, fen: Optional[str] = None, moves: Sequence[str] = ()
) -> list[str]: ...
def get_fen(game: str, fen: Optional[str] = None, moves: Sequence[str] = ()) -> str: ...
def result(
    game: str, fen: Optional[str] = None, moves: Sequence[str] = ()
) -> Optional[Outcome]: ...
def validate_fen(game: str, fen: str) -> bool: ...
def games() -> list[tuple[str, str, str]]: ...
def read_record(text: str) -> Optional[tuple[list[tuple[str, str]], str]]: ...
def write_record(tags: list[tuple[str, str]], tree: str) -> str: ...
