//! The position string shared by all games (`<ranks> <side> [<halfmove> <fullmove>]`), parsed with
//! nom into cells that each game then checks against its own rules.

use super::{BoardSize, Side};
use crate::board::bitboard::Bitboard;
use crate::board::geometry::MAX_SIDE;
use nom::branch::alt;
use nom::character::complete::{char, digit1, satisfy};
use nom::combinator::{all_consuming, map, map_res};
use nom::multi::{many1, separated_list1};
use nom::{IResult, Parser};

/// One cell of a position string.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    /// `*`: a burned square.
    Burned,
    /// A piece letter as written (upper case white, lower case black).
    Piece(char),
}

/// A position string split into its parts; board cells indexed `y * width + x`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionText {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Cell>,
    pub side: Side,
    pub halfmove: u32,
    pub fullmove: u32,
}

impl PositionText {
    /// The board's size.
    pub fn size(&self) -> BoardSize {
        BoardSize {
            width: self.width,
            height: self.height,
        }
    }

    /// White's and black's squares, for a game whose pieces are one letter a side (`letters`:
    /// white's, black's) and whose boards have no burned squares; anything else is an error
    /// naming the game.
    pub fn piece_sets<const W: usize>(
        &self,
        game: &str,
        letters: [char; 2],
    ) -> Result<[Bitboard<W>; 2], String> {
        let mut sets = [Bitboard::EMPTY; 2];
        for (square, cell) in self.cells.iter().enumerate() {
            match *cell {
                Cell::Empty => {}
                Cell::Piece(letter) if letter == letters[0] => sets[0].insert(square),
                Cell::Piece(letter) if letter == letters[1] => sets[1].insert(square),
                Cell::Piece(other) => {
                    let [white, black] = letters;
                    return Err(format!(
                        "'{other}' is not a piece of {game} ({white} or {black})"
                    ));
                }
                Cell::Burned => {
                    return Err(format!("'*' (a burned square) is not used in {game}"));
                }
            }
        }
        Ok(sets)
    }
}

/// A run of cells within a rank.
enum RankItem {
    EmptyRun(usize),
    Cell(Cell),
}

fn rank_item(input: &str) -> IResult<&str, RankItem> {
    alt((
        map_res(digit1, |digits: &str| match digits.parse::<usize>() {
            Ok(n) if n > 0 && !digits.starts_with('0') => Ok(RankItem::EmptyRun(n)),
            _ => Err(()),
        }),
        map(char('*'), |_| RankItem::Cell(Cell::Burned)),
        map(satisfy(|c| c.is_ascii_alphabetic()), |c| {
            RankItem::Cell(Cell::Piece(c))
        }),
    ))
    .parse(input)
}

fn ranks(input: &str) -> IResult<&str, Vec<Vec<RankItem>>> {
    all_consuming(separated_list1(char('/'), many1(rank_item))).parse(input)
}

fn expand_rank(items: Vec<RankItem>) -> Vec<Cell> {
    let mut cells = Vec::new();
    for item in items {
        match item {
            RankItem::EmptyRun(n) => cells.extend(std::iter::repeat_n(Cell::Empty, n)),
            RankItem::Cell(cell) => cells.push(cell),
        }
    }
    cells
}

/// The largest move counter a position string may hold: far more than any game lasts, and far
/// enough below `u32::MAX` that a game counting on from it never overflows.
pub const MAX_COUNTER: u32 = 1_000_000_000;

fn counter(token: &str, name: &str) -> Result<u32, String> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{name} '{token}' is not a number"));
    }
    token
        .parse::<u32>()
        .ok()
        .filter(|&n| n <= MAX_COUNTER)
        .ok_or_else(|| format!("{name} '{token}' is too large (at most {MAX_COUNTER})"))
}

/// Parses a position string. Board limits checked here are the common ones (1 to 25 each way,
/// equal ranks); each game checks its own sizes and pieces.
pub fn parse_position_text(text: &str) -> Result<PositionText, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (board, side, counters) = match fields.as_slice() {
        [] => return Err("empty position string".to_string()),
        [_] => return Err("position string has no side to move".to_string()),
        [board, side, rest @ ..] => (*board, *side, rest),
    };
    if !board.contains('/') {
        // Every game's board has several ranks; a word without '/' is not a board at all.
        return Err(format!(
            "'{board}' is not a board (ranks of digits, '*' and piece letters, separated by '/')"
        ));
    }
    let parsed = ranks(board)
        .map_err(|_| {
            format!(
                "bad board '{board}' (ranks of digits, '*' and piece letters, separated by '/')"
            )
        })?
        .1;
    let widths: Vec<usize> = parsed
        .iter()
        .map(|rank| {
            (rank.iter())
                .map(|item| match item {
                    RankItem::EmptyRun(n) => *n,
                    RankItem::Cell(_) => 1,
                })
                .fold(0, usize::saturating_add)
        })
        .collect();
    if let Some(index) = widths.iter().position(|&width| width > MAX_SIDE) {
        let (width, height) = (widths[index], widths.len());
        return Err(if widths.iter().all(|&w| w == width) {
            format!("board {width}x{height} is larger than {MAX_SIDE}x{MAX_SIDE}")
        } else {
            format!(
                "rank {} is {width} squares wide; boards are at most {MAX_SIDE} wide",
                height - index
            )
        });
    }
    let (height, width) = (widths.len(), widths[0]);
    if let Some(bad) = widths.iter().position(|&w| w != width) {
        return Err(format!(
            "ragged board: rank {} has {} cells, the top rank has {width}",
            height - bad,
            widths[bad]
        ));
    }
    if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
        return Err(format!(
            "board {width}x{height} is larger than {MAX_SIDE}x{MAX_SIDE}"
        ));
    }
    let side = match side {
        "w" => Side::White,
        "b" => Side::Black,
        other => return Err(format!("side to move '{other}' is not 'w' or 'b'")),
    };
    // Fairy-Stockfish and cutechess write chess FEN's castling and en-passant fields as `- -`;
    // they say nothing in these games and are accepted for compatibility.
    let counters = match counters {
        ["-", "-", rest @ ..] => rest,
        other => other,
    };
    let (halfmove, fullmove) = match counters {
        [] => (0, 1),
        [half, full] => (counter(half, "halfmove")?, counter(full, "fullmove")?),
        [single] => {
            return Err(format!(
                "counter '{single}' needs a partner: give both halfmove and fullmove or neither"
            ));
        }
        [first, ..] if counter(first, "halfmove").is_err() => {
            return Err(format!(
                "'{first}' is not a halfmove counter (a chess FEN's castling and en-passant \
                 fields are accepted only as '- -')"
            ));
        }
        [_, full, stray, ..] => {
            counter(full, "fullmove")?;
            return Err(format!("stray text '{stray}' after the position string"));
        }
    };
    if fullmove == 0 {
        return Err("fullmove '0' must be at least 1".to_string());
    }
    let cells = parsed.into_iter().rev().flat_map(expand_rank).collect();
    Ok(PositionText {
        width,
        height,
        cells,
        side,
        halfmove,
        fullmove,
    })
}

/// A whole position string: the board from a cell per square (`y * width + x`), the side to move
/// and the counters (halfmove, fullmove).
pub fn position_string(
    size: BoardSize,
    cell: impl Fn(usize) -> Cell,
    side: Side,
    (halfmove, fullmove): (u32, u32),
) -> String {
    let board = board_text(size.width, size.height, cell);
    format!("{board} {} {halfmove} {fullmove}", side.letter())
}

/// The cell of `square` for a game whose pieces are one letter a side (`letters`: white's,
/// black's), placed on the squares of `sets`.
pub fn piece_cell<const W: usize>(
    sets: &[Bitboard<W>; 2],
    letters: [char; 2],
    square: usize,
) -> Cell {
    if sets[0].contains(square) {
        Cell::Piece(letters[0])
    } else if sets[1].contains(square) {
        Cell::Piece(letters[1])
    } else {
        Cell::Empty
    }
}

/// Writes the board part of a position string from a cell per square (`y * width + x`).
fn board_text(width: usize, height: usize, cell: impl Fn(usize) -> Cell) -> String {
    let mut text = String::new();
    for y in (0..height).rev() {
        let mut empty_run = 0;
        for x in 0..width {
            match cell(y * width + x) {
                Cell::Empty => empty_run += 1,
                other => {
                    if empty_run > 0 {
                        text.push_str(&empty_run.to_string());
                        empty_run = 0;
                    }
                    text.push(match other {
                        Cell::Burned => '*',
                        Cell::Piece(letter) => letter,
                        Cell::Empty => unreachable!("empty cells are counted above"),
                    });
                }
            }
        }
        if empty_run > 0 {
            text.push_str(&empty_run.to_string());
        }
        if y > 0 {
            text.push('/');
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ranks_counters_and_multi_digit_runs() {
        let text = parse_position_text("10/4n*4/3N6 b 3 7").unwrap();
        assert_eq!((text.width, text.height), (10, 3));
        assert_eq!(text.side, Side::Black);
        assert_eq!((text.halfmove, text.fullmove), (3, 7));
        assert_eq!(text.cells[3], Cell::Piece('N'));
        assert_eq!(text.cells[10 + 4], Cell::Piece('n'));
        assert_eq!(text.cells[10 + 5], Cell::Burned);
    }

    #[test]
    fn fairy_stockfish_fen_fields_are_accepted() {
        let text = parse_position_text("8/8/8/4n3/3N4/8/8/8 b - - 3 9").unwrap();
        assert_eq!(
            (text.side, text.halfmove, text.fullmove),
            (Side::Black, 3, 9)
        );
        assert_eq!(parse_position_text("3/3/3 w - -").unwrap().fullmove, 1);
        assert!(parse_position_text("3/3/3 w - KQ 0 1").is_err());
    }

    #[test]
    fn counters_default_to_zero_and_one() {
        let text = parse_position_text("3/3/3 w").unwrap();
        assert_eq!((text.halfmove, text.fullmove), (0, 1));
    }

    #[test]
    fn round_trips_through_piece_sets() {
        let original = "2pp1/4p/P3p/P4/1PP2 b 3 9";
        let text = parse_position_text(original).unwrap();
        let sets: [Bitboard<1>; 2] = text.piece_sets("claustro", ['P', 'p']).unwrap();
        // a1 is square 0: white on b1, c1, a2, a3; black on e3, e4, c5, d5.
        assert_eq!(sets[0].squares().collect::<Vec<_>>(), [1, 2, 5, 10]);
        assert_eq!(sets[1].squares().collect::<Vec<_>>(), [14, 19, 22, 23]);
        let cell = |square| piece_cell(&sets, ['P', 'p'], square);
        let written = position_string(text.size(), cell, Side::Black, (3, 9));
        assert_eq!(written, original);
    }

    #[test]
    fn piece_sets_name_a_foreign_piece_or_burned_square() {
        let knight = parse_position_text("N4/5/5/5/4p w").unwrap();
        let error = knight.piece_sets::<1>("claustro", ['P', 'p']).unwrap_err();
        assert!(
            error.contains("'N'") && error.contains("claustro"),
            "{error}"
        );
        let burned = parse_position_text("P4/5/2*2/5/4p w").unwrap();
        let error = burned.piece_sets::<1>("apart", ['P', 'p']).unwrap_err();
        assert!(error.contains("'*'") && error.contains("apart"), "{error}");
    }

    #[test]
    fn rejects_malformed_strings_naming_the_problem() {
        let cases = [
            ("", "empty"),
            ("8/8", "side"),
            ("8/7 w", "ragged"),
            ("8/8 x", "'x'"),
            ("8/8 w 0", "partner"),
            ("8/8 w 0 1 extra", "'extra'"),
            ("8/8 w a 1", "'a'"),
            ("8/8 w 0 0", "fullmove"),
            ("8/08 w", "bad board"),
            ("8//8 w", "bad board"),
            ("8/8/ w", "bad board"),
            ("8/#7 w", "bad board"),
            ("26/26 w", "board 26x2 is larger than 25x25"),
            ("8/1111111 w", "rank 1 is 1111111 squares wide"),
            ("8/8 w KQkq e3 0 1", "'KQkq' is not a halfmove counter"),
            ("8/8 w 4294967296 1", "halfmove '4294967296' is too large"),
            ("8/8 w 0 1000000001", "fullmove '1000000001' is too large"),
            ("8/8 w 0 +1", "fullmove '+1' is not a number"),
            ("8/8 b 1 1not a position", "fullmove '1not' is not a number"),
            ("garbage here", "'garbage' is not a board"),
            ("99999999999999999999/1 w", "bad board"),
        ];
        let tall = vec!["1"; 26].join("/");
        let error = parse_position_text(&format!("{tall} w")).unwrap_err();
        assert!(error.contains("larger"), "{error}");
        let counters = parse_position_text("8/8 w 1000000000 1000000000").unwrap();
        assert_eq!(
            (counters.halfmove, counters.fullmove),
            (MAX_COUNTER, MAX_COUNTER)
        );
        for (input, expected) in cases {
            let error = parse_position_text(input).unwrap_err();
            assert!(error.contains(expected), "{input:?}: {error}");
        }
    }
}
