//! The GUI's game as a record in the format `tabula match` writes, and such a record read back
//! (any one game of a file of several, as the page's user chooses). A record loaded keeps what
//! its tags say ([`LoadedRecord`]): its opening's moves stay in the `Opening` tag (book moves),
//! and its players and result are written again while they still hold.

use super::loaded_record::LoadedRecord;
use super::state::Desk;
use super::table::{Limit, Player, Table};
use crate::game::Side;
use crate::games::{game_and_size, open_session};
use crate::record::games::{player_label, record_games};
use crate::record::lines::{MoveRecord, record_tree, tag_lines, today};
use crate::record::position_line::PositionLine;
use crate::record::tree::{NodeId, first_move, numbered};

/// The game of `state` as record text; `engine_name` names an engine by its index.
pub fn write_record(state: &Desk, engine_name: impl Fn(usize) -> String) -> String {
    let table = &state.table;
    let session = table.session();
    let size = session.size();
    let standard_start = Table::new(table.game.name(), Some(&size.to_string()))
        .is_ok_and(|standard| standard.start == table.start);
    let loaded = state.record.as_ref();
    let book = loaded.map_or(&[][..], |record| record.book_moves(table));
    let opening = PositionLine {
        position: (!standard_start).then(|| table.start.clone()),
        moves: book.to_vec(),
    }
    .describe();
    // A record studied by people keeps its players' names.
    let recorded_players = (loaded.and_then(|record| record.players.clone()))
        .filter(|_| state.players == [Player::Human, Player::Human]);
    let player = |player: &Player| match player {
        Player::Human => "Human".to_string(),
        Player::Engine {
            engine,
            elo: Some(elo),
            ..
        } => format!("{} ({elo} Elo)", engine_name(*engine)),
        Player::Engine {
            engine,
            level: Some(level),
            ..
        } => format!("{} (level {level})", engine_name(*engine)),
        Player::Engine { engine, .. } => engine_name(*engine),
    };
    let time_control = match state.limit {
        Limit::Clock { base_ms, inc_ms } => {
            format!("{}+{}", base_ms as f64 / 1000.0, inc_ms as f64 / 1000.0)
        }
        Limit::Movetime { ms } => format!("movetime={ms}"),
        Limit::Depth { depth } => format!("depth={depth}"),
    };
    // The result of the whole game, which the cursor may not be showing: the rules', else the
    // record's while the game is the record's.
    let recorded_result = loaded.and_then(|record| record.result(table));
    let main = state.lines.main_moves();
    let on_main = table.moves == main;
    let (result, termination) = match (table.end_result().filter(|_| on_main), recorded_result) {
        (Some(result), _) => (
            match result.winner {
                Some("white") => "1-0",
                Some(_) => "0-1",
                None => "1/2-1/2",
            },
            result.reason,
        ),
        (None, Some((result, reason))) => (result, reason.to_string()),
        (None, None) => ("*", "unterminated".to_string()),
    };
    let [white, black] = match recorded_players {
        Some(names) => names,
        None => [player(&state.players[0]), player(&state.players[1])],
    };
    let tags = [
        ("Event", "tabula gui".to_string()),
        ("Date", today()),
        ("White", white),
        ("Black", black),
        ("Game", table.game.name().to_string()),
        ("Size", size.to_string()),
        ("Opening", opening),
        ("TimeControl", time_control),
        ("Result", result.to_string()),
        ("Termination", termination),
        ("PlyCount", main.len().to_string()),
    ];
    let note = |ply: usize| state.notes.get(ply).cloned().flatten();
    let moves: Vec<MoveRecord> = (table.moves.iter().enumerate())
        .skip(book.len())
        .map(|(ply, text)| {
            let note = note(ply).unwrap_or_default();
            MoveRecord {
                text: text.clone(),
                score: note.score,
                depth: note.depth,
                time_ms: note.time_ms,
            }
        })
        .collect();
    let mut tree = record_tree(&moves);
    if let Some(record) = loaded.filter(|record| record.is_opening(table, book.len())) {
        let root = &record.tree.node(NodeId::ROOT).comments;
        tree.node_mut(NodeId::ROOT).comments.clone_from(root);
        let recorded = record.recorded_moves(table, book.len());
        let main = tree.main_line(NodeId::ROOT);
        for (at, (id, recorded)) in main.into_iter().zip(recorded).enumerate() {
            let Some(recorded) = recorded.map(|recorded| record.tree.node(recorded)) else {
                break;
            };
            let node = tree.node_mut(id);
            node.comments.clone_from(&recorded.comments);
            if note(book.len() + at).is_none() {
                node.data = recorded.data;
            }
        }
    }
    super::lines::with_lines(&mut tree, &state.lines, book);
    tree.result = Some(result.to_string());
    let mut fields = table.start.split_whitespace().skip(1);
    let mover = match fields.next() {
        Some("b") => Side::Black,
        _ => Side::White,
    };
    let number = fields.nth(1).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mut text = tag_lines(&tags);
    text.push('\n');
    text.push_str(&tree.write(numbered((mover, number), book.len())));
    text
}

/// What the page shows of each game of a record text, to choose one: its number (from 1) and
/// its `Game`, `White`, `Black` and `Result` tags.
#[derive(Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameSummary {
    pub number: usize,
    pub game: String,
    pub white: String,
    pub black: String,
    pub result: String,
}

/// The games of a record text, summarised.
pub fn list_games(text: &str) -> Result<Vec<GameSummary>, String> {
    let games = record_games(text)?;
    Ok(games
        .iter()
        .enumerate()
        .map(|(index, game)| {
            let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
            GameSummary {
                number: index + 1,
                game: tag("Game"),
                white: tag("White"),
                black: tag("Black"),
                result: tag("Result"),
            }
        })
        .collect())
}

/// Game `number` (from 1) of a record text, checked move by move by the rules, and what its
/// tags say of it.
pub fn read_record(text: &str, number: usize) -> Result<(Table, LoadedRecord), String> {
    let games = record_games(text)?;
    let count = games.len();
    let record = number
        .checked_sub(1)
        .and_then(|index| games.get(index))
        .ok_or_else(|| match count {
            0 => "the text holds no game".to_string(),
            1 => format!("there is no game {number}: the text holds one game"),
            _ => format!("there is no game {number}: the text holds {count} games"),
        })?;
    let tag = |name: &str| record.tag(name);
    let game = tag("Game").ok_or("the record has no Game tag")?;
    let (kind, size) = game_and_size(game, tag("Size"))?;
    let opening_text = tag("Opening").unwrap_or("startpos");
    let opening = PositionLine::parse(opening_text)
        .ok_or_else(|| format!("the Opening tag '{opening_text}' names no position"))?;
    let mut tree = record.tree()?;
    let mut moves = opening.moves.clone();
    moves.extend(tree.main_moves());
    let mut table = Table::from_moves(kind, size, opening.position.as_deref(), &moves)?;
    let book: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
    let after_book = open_session(kind, size, opening.position.as_deref(), &book, true)?;
    let first = first_move(after_book.as_ref());
    let left_out = tree.prune(after_book.as_ref(), first)?;
    // A loss on time is not in the moves: the Termination tag says it.
    let lost_on_time =
        |side: Side| tag("Termination") == Some(format!("{} lost on time", side.name()).as_str());
    table.time_loss = [Side::White, Side::Black]
        .into_iter()
        .find(|&side| lost_on_time(side) && table.end_result().is_none());
    let named = |side| player_label(tag, side).unwrap_or_else(|| "?".to_string());
    let loaded = LoadedRecord {
        start: table.start.clone(),
        moves: table.moves.clone(),
        book: opening.moves.len(),
        players: Some([named(Side::White), named(Side::Black)]),
        result: tag("Result")
            .filter(|result| ["1-0", "0-1", "1/2-1/2"].contains(result))
            .map(str::to_string),
        termination: tag("Termination")
            .filter(|reason| !reason.is_empty() && *reason != "unterminated")
            .map(str::to_string),
        tree,
        left_out,
    };
    Ok((table, loaded))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::desk::state::MoveNote;
    use crate::game::BoardSize;

    #[test]
    fn reads_a_record_and_refuses_bad_ones() {
        let record = "[Event \"tabula match\"]\n[Game \"joust\"]\n[Size \"8x8\"]\n\
                      [Opening \"startpos moves d4f5\"]\n\n1... e5c4 {1ms} 2. f5h6 {2ms} *\n";
        let (table, loaded) = read_record(record, 1).expect("a good record");
        assert_eq!(table.moves, ["d4f5", "e5c4", "f5h6"]);
        assert_eq!(loaded.book_moves(&table), ["d4f5"]);
        assert_eq!(
            (
                loaded.players.as_ref().map(|[white, _]| white.as_str()),
                loaded.result.as_deref()
            ),
            (Some("?"), None)
        );
        let fen = "[Game \"jesonmor\"]\n[Opening \"5/5/2N2/5/n4 w 0 1\"]\n\n1. c3b1 1-0\n";
        let (table, _) = read_record(fen, 1).expect("a position string opening");
        assert_eq!(table.session().size(), BoardSize::square(5));
        assert!(table.result().is_some());
        assert!(read_record("1. d4f5", 1).is_err(), "no Game tag");
        assert!(read_record("[Game \"joust\"]\n[Opening \"\"]\n\n*", 1).is_err());
        let flag = "[Game \"joust\"]\n[Termination \"black lost on time\"]\n\n1. d4f5 0-1\n";
        let (table, _) = read_record(flag, 1).expect("a loss on time");
        assert_eq!(
            table.end_result().map(|r| r.text),
            Some("white wins (black lost on time)".to_string())
        );
        assert!(read_record("[Game \"chess\"]\n\n1. e2e4", 1).is_err());
        let Err(illegal) = read_record("[Game \"joust\"]\n\n1. d4d5 *", 1) else {
            panic!("an illegal move was read");
        };
        assert!(illegal.contains("d4d5"), "{illegal}");
    }

    #[test]
    fn reads_a_record_annotated_by_review() {
        let annotated = "[Game \"joust\"]\n[Annotator \"tabula review, depth 3\"]\n\n\
                         1. d4f5 {2ms} {review 0.500 -> 0.300 loss 0.2000 blunder best d4b5} \
                         e5c4 {review 0.700 -> 0.700 loss 0.0000} *\n";
        let (table, _) = read_record(annotated, 1).expect("an annotated record");
        assert_eq!(table.moves, ["d4f5", "e5c4"]);
    }

    #[test]
    fn a_loaded_records_comments_and_data_are_written_again_and_bad_side_lines_left_out() {
        let record = "[Game \"joust\"]\n[Result \"*\"]\n\n{start} 1. d4f5 {cp 12 d3 7ms} {good} \
                      (1. d4e6 {legal}) (1. d4d5 {not a knight's move}) e5c4 {review x} 2. f5h6 *\n";
        let (table, loaded) = read_record(record, 1).expect("a good record");
        assert_eq!(table.moves, ["d4f5", "e5c4", "f5h6"]);
        let first = loaded.tree.main_line(NodeId::ROOT)[0];
        let parent = loaded.tree.node(first).parent().expect("a first move");
        let lines: Vec<&str> = (loaded.tree.node(parent).children().iter())
            .map(|&id| loaded.tree.node(id).text.as_str())
            .collect();
        assert_eq!(lines, ["d4f5", "d4e6"], "the illegal side line is left out");
        let mut desk = Desk::new(table.clone());
        desk.load_record(table, loaded);
        desk.set_players([Player::Human, Player::Human], desk.limit);
        let record = desk.record.as_ref().expect("the record loaded");
        assert!(record.players.is_some());
        assert_eq!(
            record.view(&desk.table).and_then(|view| view.left_out),
            Some(
                "The record's move 1 (white) 'd4d5' of a side line: not a legal move here; \
                 it is left out from there."
                    .to_string()
            )
        );
        let written = write_record(&desk, |_| "tabula".to_string());
        let movetext = written.split("\n\n").nth(1).unwrap_or("");
        assert_eq!(
            movetext,
            "{start} 1. d4f5 {cp 12 d3 7ms} {good} (1. d4e6 {legal}) 1... e5c4 {review x} \
             2. f5h6 *\n",
            "the main line with the record's comments and data, and its side line"
        );
        desk.table.goto(1).expect("back one move");
        desk.person_moves("e5f3", false).expect("another move");
        desk.committed();
        let written = write_record(&desk, |_| "tabula".to_string());
        assert!(
            written.ends_with(
                "\n{start} 1. d4f5 {cp 12 d3 7ms} {good} (1. d4e6 {legal}) 1... e5c4 \
                 {review x} (1... e5f3 {0ms})\n2. f5h6 *\n"
            ),
            "{written}"
        );
    }

    /// Issue 85: a game against the engine set up again by loading its record, then its
    /// players and clocks, is written as it was, every thinking time and evaluation kept; the
    /// game goes on, the person's next move timed.
    #[test]
    fn a_game_set_up_again_from_its_record_keeps_its_times_and_evaluations() {
        let engine = Player::Engine {
            engine: 0,
            level: Some("easy".to_string()),
            elo: None,
        };
        let players = [Player::Human, engine];
        let limit = Limit::Clock {
            base_ms: 60_000,
            inc_ms: 0,
        };
        let mut desk = Desk::new(Table::new("joust", None).expect("joust"));
        desk.set_players(players.clone(), limit);
        let note = |score: &str, ms| MoveNote {
            score: Some(score.to_string()),
            depth: Some(1),
            time_ms: ms,
        };
        desk.person_moves("d4f5", true).expect("white's move");
        desk.notes[0] = Some(MoveNote {
            time_ms: 2517,
            ..MoveNote::default()
        });
        desk.engine_moved(
            desk.version,
            Side::Black,
            "tabula",
            "e5c4",
            note("cp 203", 8),
        )
        .expect("black's move");
        desk.committed();
        let before = write_record(&desk, |_| "tabula".to_string());
        assert!(
            before.ends_with("\n1. d4f5 {2517ms} e5c4 {cp 203 d1 8ms} *\n"),
            "{before}"
        );
        let (table, loaded) = read_record(&before, 1).expect("the record written");
        let mut again = Desk::new(Table::new("joust", None).expect("joust"));
        again.load_record(table, loaded);
        again.set_players(players, limit);
        again.committed();
        assert!(
            again.is_match() && again.clocks.is_some(),
            "the game goes on"
        );
        let record = again.record.as_ref().expect("the record loaded");
        assert_eq!(record.players, None, "the engine is named as it is now");
        assert_eq!(write_record(&again, |_| "tabula".to_string()), before);
        again.person_moves("f5h6", true).expect("white's move");
        let after = write_record(&again, |_| "tabula".to_string());
        assert!(
            after.contains("1. d4f5 {2517ms} e5c4 {cp 203 d1 8ms} 2. f5h6 {"),
            "{after}"
        );
    }

    #[test]
    fn a_file_of_several_games_offers_each() {
        let two = "[Game \"joust\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. d4f5 *\n\n\
                   [Game \"jesonmor\"]\n[Size \"5x5\"]\n[White \"c\"]\n\n1. a1b3 *\n";
        let games = list_games(two).expect("two games");
        assert_eq!(games.len(), 2);
        assert_eq!(
            (games[0].white.as_str(), games[0].black.as_str()),
            ("a", "b")
        );
        assert_eq!(
            (games[1].game.as_str(), games[1].result.as_str()),
            ("jesonmor", "?")
        );
        assert_eq!(read_record(two, 2).expect("the second").0.moves, ["a1b3"]);
        assert_eq!(read_record(two, 1).expect("the first").0.moves, ["d4f5"]);
        let Err(none) = read_record(two, 3) else {
            panic!("a third game was read");
        };
        assert!(none.contains("holds 2 games"), "{none}");
    }
}
