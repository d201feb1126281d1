//! The CECP (XBoard) dialogue with the real binary: the handshake, play under each kind of
//! time control, taking moves back, thinking output, analysis, result claims, and the error
//! replies that leave the game unchanged.

#[allow(dead_code)]
mod common;

use common::{Engine, elo_span};
use std::time::{Duration, Instant};
use tabula::games::GameKind;

/// Claustro: white's pawn d5 is one step from its goal e5.
const DOORSTEPS: &str = "3P1/5/2p2/1P3/1p3 w 0 1";

/// An engine switched to CECP, its features read.
fn xboard() -> (Engine, Vec<String>) {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    let features = engine.read_until("feature done=1");
    (engine, features)
}

/// Sends `line` and a ping, and returns what came before the pong.
fn ask(engine: &mut Engine, line: &str) -> Vec<String> {
    engine.send(line);
    engine.send("ping 99");
    let mut lines = engine.read_until("pong 99");
    lines.pop();
    lines
}

/// Sends `line` and checks that the engine answers `expected`, line by line.
fn assert_answer(engine: &mut Engine, line: &str, expected: &[&str]) {
    assert_eq!(ask(engine, line), expected, "{line}");
}

/// Sends `line` and checks that it is taken: no error reply, no move refused (`variant` may
/// print a `setup` line for XBoard).
fn assert_accepted(engine: &mut Engine, line: &str) {
    let answer = ask(engine, line);
    assert!(
        !answer
            .iter()
            .any(|l| l.starts_with("Error") || l.starts_with("Illegal move")),
        "{line}: {answer:#?}"
    );
}

/// Asks each of `lines` in turn (see [`ask`]), whatever the answers.
fn ask_each(engine: &mut Engine, lines: &[&str]) {
    for line in lines {
        ask(engine, line);
    }
}

/// Sends each of `lines` in turn and checks that each is taken (see [`assert_accepted`]).
fn accept_each(engine: &mut Engine, lines: &[&str]) {
    for line in lines {
        assert_accepted(engine, line);
    }
}

/// The move of a `move M` line, after every line before it.
fn engine_move(engine: &Engine) -> (String, Vec<String>) {
    let mut lines = engine.read_until("move ");
    let last = lines.pop().unwrap_or_default();
    (last["move ".len()..].to_string(), lines)
}

/// Whether `moves`, played from the start of `game` and checked by a second engine over UCI,
/// are all legal.
fn legal_by_uci(game: &str, moves: &[&str]) -> bool {
    let mut judge = Engine::start_game(game);
    let answer = judge.ask(&format!("position startpos moves {}", moves.join(" ")));
    answer.is_empty()
}

#[test]
fn protover_2_announces_the_features_with_done_last() {
    let (_engine, features) = xboard();
    let all = features.join(" ");
    for feature in [
        "usermove=1",
        "setboard=1",
        "ping=1",
        "analyze=1",
        "colors=0",
        "sigint=0",
        "sigterm=0",
        "myname=\"tabula",
        "highlight=1",
        "draw=1",
        "variants=\"joust,jesonmor,claustro,apart,6x6_joust,",
        ",7x7_jesonmor,",
        "option=\"Level -combo random /// greedy /// ",
        "option=\"MultiPV -spin 1 1 256\"",
        "option=\"UCI_LimitStrength -check 0\"",
        "option=\"UCI_Elo -spin 1000 400 3000\"",
        "option=\"Skill -spin 20 0 20\"",
    ] {
        assert!(all.contains(feature), "{feature} missing: {features:#?}");
    }
    assert_eq!(features.last().map(String::as_str), Some("feature done=1"));
    assert!(features.iter().all(|line| line.starts_with("feature ")));
}

#[test]
fn the_engine_answers_a_user_move_with_a_legal_move_and_plays_on() {
    let (mut engine, _) = xboard();
    accept_each(&mut engine, &["new", "variant jesonmor", "sd 2"]);
    engine.send("usermove e1d3");
    let (reply, _) = engine_move(&engine);
    assert!(legal_by_uci("jesonmor", &["e1d3", &reply]), "{reply}");
    // The engine's move is on the board: the same reply again is not legal for white.
    let refused = ask(&mut engine, &format!("usermove {reply}"));
    assert_eq!(refused, vec![format!("Illegal move: {reply}")]);
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let (mut engine, _) = xboard();
    ask(&mut engine, "force");
    // In Joust the refusal is followed by the burned squares (none yet), which XBoard's
    // take-back has cleared from its board.
    assert_answer(
        &mut engine,
        "usermove d4d5",
        &["Illegal move: d4d5", "highlight 8/8/8/8/8/8/8/8"],
    );
    assert_answer(
        &mut engine,
        "usermove z9z9",
        &["Illegal move: z9z9", "highlight 8/8/8/8/8/8/8/8"],
    );
    // Still white to move at the start: white's first move is taken (and d4 is burned).
    assert_answer(
        &mut engine,
        "usermove d4c2",
        &["highlight 8/8/8/8/3d4/8/8/8"],
    );
}

#[test]
fn bad_commands_get_cecp_error_replies() {
    let (mut engine, _) = xboard();
    assert_answer(
        &mut engine,
        "frobnicate 3",
        &["Error (unknown command): frobnicate 3"],
    );
    assert_answer(&mut engine, "sd deep", &["Error (not a number): sd deep"]);
    assert_answer(
        &mut engine,
        "variant chess",
        &["Error (unsupported variant): unknown game 'chess'"],
    );
    let refused = ask(&mut engine, "setboard 9/9 w 0 1");
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert!(
        refused[0].starts_with("Error (illegal position): "),
        "{refused:#?}"
    );
    assert_answer(&mut engine, "undo", &["Error (no move to take back): undo"]);
}

#[test]
fn go_plays_for_the_side_to_move_and_playother_gives_the_engine_the_other_side() {
    let (mut engine, _) = xboard();
    ask_each(
        &mut engine,
        &["new", "variant jesonmor", "sd 1", "force", "usermove e1d3"],
    );
    // Black to move: go makes the engine black, and it answers at once.
    engine.send("go");
    let (black, _) = engine_move(&engine);
    assert!(legal_by_uci("jesonmor", &["e1d3", &black]), "{black}");
    // force, then playother: the engine takes the side not to move (black again) and waits.
    ask(&mut engine, "force");
    assert_answer(&mut engine, "playother", &[]);
    engine.send("usermove d3e5");
    let (second, _) = engine_move(&engine);
    assert!(
        legal_by_uci("jesonmor", &["e1d3", &black, "d3e5", &second]),
        "{black} {second}"
    );
}

#[test]
fn remove_takes_back_two_plies_and_undo_one() {
    let (mut engine, _) = xboard();
    accept_each(
        &mut engine,
        &[
            "new",
            "variant jesonmor",
            "force",
            "usermove e1d3",
            "usermove e9d7",
        ],
    );
    assert_answer(&mut engine, "remove", &[]);
    // White to move from the start again: e1d3 is legal once more.
    assert_answer(&mut engine, "usermove e1d3", &[]);
    assert_answer(&mut engine, "undo", &[]);
    assert_answer(&mut engine, "usermove e1f3", &[]);
}

#[test]
fn post_shows_thinking_lines_and_nopost_hides_them() {
    let (mut engine, _) = xboard();
    ask_each(&mut engine, &["new", "variant jesonmor", "sd 3", "post"]);
    engine.send("usermove e1d3");
    let (reply, thinking) = engine_move(&engine);
    assert!(!thinking.is_empty());
    for line in &thinking {
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(fields.len() >= 5, "{line}");
        assert!(
            fields[..4].iter().all(|f| f.parse::<i64>().is_ok()),
            "{line}"
        );
    }
    assert_eq!(
        thinking.last().map(|l| l.split(' ').nth(4)),
        Some(Some(&*reply))
    );
    for line in ["force", "remove", "nopost", "go"] {
        engine.send(line);
    }
    let (_, quiet) = engine_move(&engine);
    assert!(quiet.is_empty(), "{quiet:#?}");
}

#[test]
fn a_move_that_ends_the_game_is_claimed_in_cecp_form() {
    let (mut engine, _) = xboard();
    ask_each(&mut engine, &["new", "variant claustro", "force"]);
    assert_answer(&mut engine, &format!("setboard {DOORSTEPS}"), &[]);
    // The user's winning move is claimed...
    assert_answer(
        &mut engine,
        "usermove d5e5",
        &["1-0 {White wins: a pawn reached its goal}"],
    );
    // ... and so is the engine's.
    ask(&mut engine, &format!("setboard {DOORSTEPS}"));
    ask(&mut engine, "sd 3");
    engine.send("go");
    let (mv, _) = engine_move(&engine);
    assert_eq!(mv, "d5e5");
    assert_eq!(
        engine.next_line(common::TIMEOUT).as_deref(),
        Some("1-0 {White wins: a pawn reached its goal}")
    );
    // The game is over: go claims the result again and plays nothing.
    assert_answer(
        &mut engine,
        "go",
        &["1-0 {White wins: a pawn reached its goal}"],
    );
}

#[test]
fn the_clock_bounds_the_move_and_move_now_ends_the_search() {
    let (mut engine, _) = xboard();
    // Half a second left of a whole-game control: the move comes well within two seconds,
    // where the default control (40 moves in 5 minutes) would think for several.
    ask_each(
        &mut engine,
        &[
            "new",
            "variant jesonmor",
            "level 0 1 0",
            "time 50",
            "otim 50",
        ],
    );
    let asked = Instant::now();
    engine.send("usermove e1d3");
    engine_move(&engine);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    // A minute a move, cut short by `?`.
    ask_each(&mut engine, &["force", "remove", "st 60"]);
    engine.send("go");
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    engine.send("?");
    engine_move(&engine);
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn analyze_thinks_without_moving_follows_the_moves_and_exits() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "force", "analyze"] {
        engine.send(line);
    }
    let first = engine.next_line(common::TIMEOUT).unwrap_or_default();
    assert!(first.split_whitespace().count() >= 5, "{first}");
    engine.send(".");
    engine.send("usermove e1d3");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("exit");
    let lines = ask(&mut engine, "nopost");
    assert!(!lines.iter().any(|l| l.starts_with("move")), "{lines:#?}");
    // The analysed move was played: black to move, so e9d7 is legal and e1d3 is not.
    assert_answer(&mut engine, "usermove e1f3", &["Illegal move: e1f3"]);
    assert_answer(&mut engine, "usermove e9d7", &[]);
}

#[test]
fn quit_ends_the_engine_even_while_it_thinks() {
    let (mut engine, _) = xboard();
    for line in ["new", "variant jesonmor", "st 60", "go", "quit"] {
        engine.send(line);
    }
    assert!(engine.exits_within(Duration::from_secs(2)));
}

#[test]
fn a_uci_search_stopped_by_xboard_does_not_disturb_the_first_cecp_search() {
    let mut engine = Engine::start();
    // The UCI search is stopped when `xboard` comes; its late word must not be taken for the
    // analysis that CECP starts next.
    for line in [
        "newgame jesonmor",
        "go infinite",
        "xboard",
        "protover 2",
        "analyze",
    ] {
        engine.send(line);
    }
    engine.read_until("feature done=1");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("exit");
    engine.send("ping 5");
    let asked = Instant::now();
    engine.read_until("pong 5");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
}

#[test]
fn a_sized_variant_sets_up_that_board_and_tells_xboard_its_size() {
    let (mut engine, _) = xboard();
    let answer = ask(&mut engine, "variant 7x7_jesonmor");
    assert!(
        answer
            .iter()
            .any(|l| l.starts_with("setup ") && l.contains(" 7x7+0_") && l.contains("nnnnnnn/7/")),
        "{answer:#?}"
    );
    // The game is on the 7 x 7 board: g1 is its last file, h1 is off it.
    assert_accepted(&mut engine, "force");
    assert_accepted(&mut engine, "usermove g1f3");
    assert_eq!(
        ask(&mut engine, "variant 7x7_jesonmor"),
        answer,
        "a new variant line starts again"
    );
    assert_answer(&mut engine, "usermove h1g3", &["Illegal move: h1g3"]);
}

#[test]
fn variant_defines_the_knight_for_xboard_after_the_setup() {
    let (mut engine, _) = xboard();
    assert_answer(
        &mut engine,
        "variant jesonmor",
        &[
            "setup (PN....pn....) 9x9+0_fairy nnnnnnnnn/9/9/9/9/9/9/9/NNNNNNNNN w - - 0 1",
            "piece N& N",
        ],
    );
    // Claustro's pawns cannot be said in Betza notation: no piece line.
    let claustro = ask(&mut engine, "variant claustro");
    assert_eq!(claustro.len(), 1, "{claustro:#?}");
    assert!(claustro[0].starts_with("setup "), "{claustro:#?}");
}

#[test]
fn every_announced_variant_sets_up_its_own_board_size() {
    let (mut engine, features) = xboard();
    let variants = features
        .iter()
        .find_map(|line| line.strip_prefix("feature variants=\""))
        .and_then(|rest| rest.strip_suffix('"'))
        .expect("a variants feature");
    for name in variants.split(',') {
        let answer = ask(&mut engine, &format!("variant {name}"));
        let size = name.split_once('_').map_or(
            match name {
                "joust" | "apart" => "8x8",
                "jesonmor" => "9x9",
                _ => "5x5",
            },
            |(size, _)| size,
        );
        assert!(
            answer
                .first()
                .is_some_and(|l| l.starts_with(&format!("setup (PN....pn....) {size}+0_fairy "))),
            "{name}: {answer:#?}"
        );
        let width: usize = size.split('x').next().unwrap().parse().unwrap();
        assert!(width <= 16, "XBoard boards are at most 16 files: {name}");
    }
}

#[test]
fn lift_marks_the_legal_targets_and_every_move_shows_the_burned_squares() {
    let (mut engine, _) = xboard();
    ask_each(&mut engine, &["variant joust", "force"]);
    assert_answer(
        &mut engine,
        "lift d4",
        &["highlight 8/8/2Y1Y3/1Y3Y2/8/1Y3Y2/2Y1Y3/8"],
    );
    // XBoard clears its markers itself when the piece is put down.
    assert_answer(&mut engine, "put f5", &[]);
    assert_answer(
        &mut engine,
        "usermove d4f5",
        &["highlight 8/8/8/8/3d4/8/8/8"],
    );
    assert_answer(
        &mut engine,
        "usermove e5c6",
        &["highlight 8/8/8/4d3/3d4/8/8/8"],
    );
    // From f5: d4 and e5 are burned (black dots, not targets); the knight on c6 is out of reach.
    assert_answer(
        &mut engine,
        "lift f5",
        &["highlight 8/4Y1Y1/3Y3Y/4d3/3d3Y/4Y1Y1/8/8"],
    );
    // With XBoard's own legality test on, a move onto a burned square reaches the engine: it is
    // refused, and the burned squares are shown again after XBoard's take-back.
    assert_answer(
        &mut engine,
        "usermove f5d4",
        &["Illegal move: f5d4", "highlight 8/8/8/4d3/3d4/8/8/8"],
    );
    // An empty square or the opponent's piece: nowhere to go, the burned squares stay.
    assert_answer(&mut engine, "lift c6", &["highlight 8/8/8/4d3/3d4/8/8/8"]);
    // Taking a move back shows the burned squares of the position before it.
    assert_answer(&mut engine, "undo", &["highlight 8/8/8/8/3d4/8/8/8"]);
    // The engine's own move is followed by the burned squares too.
    ask(&mut engine, "sd 2");
    engine.send("go");
    let (mv, _) = engine_move(&engine);
    let next = engine.next_line(common::TIMEOUT).unwrap_or_default();
    assert!(next.starts_with("highlight "), "{mv}: {next}");
    assert_eq!(next.matches('d').count(), 2, "{mv}: {next}");
}

/// A 25 x 25 Apart board with every fifth square of each diagonal empty and the rest filled
/// with both sides' pieces in turn: its turns number in the hundreds of millions.
fn crowded_apart_25() -> String {
    let rows: Vec<String> = (0..25)
        .map(|y| {
            (0..25)
                .map(|x| match (x + y) % 5 {
                    0 => "1",
                    k if k % 2 == 1 => "P",
                    _ => "p",
                })
                .collect()
        })
        .collect();
    format!("{} w 0 20", rows.join("/"))
}

#[test]
fn lift_and_status_answer_at_once_on_a_crowded_board() {
    let (mut engine, _) = xboard();
    // White a1 b1 (black g8 h8): along the rank the pair jumps two to c1; up the file and the
    // diagonal, one square each (a2, b2); every other direction leaves the board.
    accept_each(
        &mut engine,
        &[
            "variant apart",
            "force",
            "setboard 6pp/8/8/8/8/8/8/PP6 w 0 2",
        ],
    );
    assert_answer(&mut engine, "lift a1", &["highlight 8/8/8/8/8/8/YY6/2Y5"]);
    // On a crowded 25 x 25 board the piece's turns are found without listing the position's
    // (the `pong` of `ask` once never came, memory growing without bound).
    assert_accepted(&mut engine, "variant 25x25_apart");
    assert_accepted(&mut engine, &format!("setboard {}", crowded_apart_25()));
    let marks = ask(&mut engine, "lift c1");
    assert!(
        marks.len() == 1 && marks[0].starts_with("highlight "),
        "{marks:?}"
    );
    // In analysis, `.` counts the moves only up to its limit, and `ping` is answered.
    engine.send("analyze");
    let status = ask(&mut engine, ".");
    assert!(status.iter().any(|l| l.ends_with(" 100000")), "{status:?}");
    engine.send("exit");
}

#[test]
fn captures_are_marked_red_and_bad_squares_refused() {
    let (mut engine, _) = xboard();
    accept_each(
        &mut engine,
        &["variant jesonmor", "force", "setboard 5/5/2n2/5/1N3 w 0 1"],
    );
    assert_answer(&mut engine, "lift b1", &["highlight 5/5/Y1R2/3Y1/5"]);
    assert_answer(
        &mut engine,
        "lift f1",
        &["Error (not a square of this board): f1"],
    );
    assert_answer(&mut engine, "lift", &["Error (needs one square): lift"]);
    assert_answer(
        &mut engine,
        "hover b1 c3",
        &["Error (needs one square): hover b1 c3"],
    );
    assert_answer(&mut engine, "hover c3", &[]);
    assert_answer(&mut engine, "put c3,", &[]);
    // Nothing was played: white is still to move from b1.
    assert_answer(&mut engine, "usermove b1a3", &[]);
}

#[test]
fn options_set_the_level_and_the_lines_and_refuse_the_rest() {
    let (mut engine, _) = xboard();
    ask_each(&mut engine, &["variant jesonmor", "post"]);
    assert_answer(&mut engine, "option Level=random", &[]);
    // The random level moves at once, without a search, so without thinking lines.
    engine.send("usermove e1d3");
    let (reply, thinking) = engine_move(&engine);
    assert!(thinking.is_empty(), "{thinking:#?}");
    assert!(legal_by_uci("jesonmor", &["e1d3", &reply]), "{reply}");
    for (line, error) in [
        (
            "option Level=grandmaster",
            "Error (unknown level): option Level=grandmaster",
        ),
        (
            "option MultiPV=0",
            "Error (MultiPV out of range 1 to 256): option MultiPV=0",
        ),
        (
            "option MultiPV=two",
            "Error (not a number, MultiPV takes 1 to 256): option MultiPV=two",
        ),
        ("option Hash=64", "Error (unknown option): option Hash=64"),
        ("option Level", "Error (option needs a value): option Level"),
    ] {
        assert_answer(&mut engine, line, &[error]);
    }
    // Two lines per depth at MultiPV 2 (the Level stays random until set back).
    accept_each(
        &mut engine,
        &["option Level=max", "option MultiPV=2", "force", "sd 2"],
    );
    engine.send("go");
    let (_, thinking) = engine_move(&engine);
    let at_depth_2 = thinking.iter().filter(|l| l.starts_with("2 ")).count();
    assert_eq!(at_depth_2, 2, "{thinking:#?}");
}

#[test]
fn a_dot_in_analysis_is_answered_with_stat01() {
    let (mut engine, _) = xboard();
    for line in ["variant joust", "force", "analyze"] {
        engine.send(line);
    }
    std::thread::sleep(Duration::from_millis(300));
    let lines = ask(&mut engine, ".");
    let stat = lines
        .iter()
        .find(|l| l.starts_with("stat01: "))
        .unwrap_or_else(|| panic!("{lines:#?}"));
    let fields: Vec<u64> = stat["stat01: ".len()..]
        .split(' ')
        .map(|f| f.parse().unwrap())
        .collect();
    // time, nodes, depth, moves left at that depth (it is complete), the 8 legal moves.
    assert_eq!(fields.len(), 5, "{stat}");
    assert!(fields[1] > 0 && fields[2] > 0, "{stat}");
    assert_eq!(fields[3..], [0, 8], "{stat}");
    // Outside analysis `.` says nothing.
    engine.send("exit");
    assert!(
        !ask(&mut engine, ".")
            .iter()
            .any(|l| l.starts_with("stat01"))
    );
}

#[test]
fn a_draw_offer_is_accepted_only_when_the_engine_stands_worse() {
    let (mut engine, _) = xboard();
    // Black, the engine, has one knight against four.
    accept_each(
        &mut engine,
        &[
            "variant jesonmor",
            "force",
            "setboard 9/9/9/9/9/9/9/n8/NNNN5 b 0 1",
            "sd 4",
        ],
    );
    engine.send("go");
    engine_move(&engine);
    assert_answer(&mut engine, "draw", &["offer draw"]);
    // Once the move is taken back the engine has no judgement of the position: declined.
    accept_each(&mut engine, &["force", "undo", "playother"]);
    assert_answer(&mut engine, "draw", &[]);
    // At the start the engine is not worse: the offer is declined by saying nothing. (`force`
    // comes first: the engine plays white since `playother`, and would start on the new board.)
    accept_each(
        &mut engine,
        &["force", "variant jesonmor", "usermove e1d3", "sd 4"],
    );
    engine.send("go");
    engine_move(&engine);
    assert_answer(&mut engine, "draw", &[]);
    assert_answer(
        &mut engine,
        "draw please",
        &["Error (unexpected argument): draw please"],
    );
}

/// The engine's moves, white to move in Joust 5 x 5 where d4b3 wins at once (black's a1 knight is
/// left without a move) and d4e2 and d4b5, the only other moves, do not: one search each.
fn moves_where_one_wins(engine: &mut Engine, count: usize) -> Vec<String> {
    moves_and_words(engine, count).0
}

/// The moves of [`moves_where_one_wins`], and the `telluser` lines said before them.
fn moves_and_words(engine: &mut Engine, count: usize) -> (Vec<String>, Vec<String>) {
    let mut told = Vec::new();
    let moves = (0..count)
        .map(|_| {
            for line in ["force", "setboard 5/3N1/5/2*2/n4 w 0 1", "sd 5"] {
                assert_accepted(engine, line);
            }
            engine.send("go");
            let (mv, before) = engine_move(engine);
            told.extend(before.into_iter().filter(|l| l.starts_with("telluser")));
            mv
        })
        .collect();
    (moves, told)
}

#[test]
fn limited_strength_options_are_checked_and_weaken_play() {
    let (mut engine, _) = xboard();
    for (line, error) in [
        (
            "option UCI_Elo=399",
            "Error (UCI_Elo out of range 400 to 3000): option UCI_Elo=399",
        ),
        (
            "option UCI_Elo=-5",
            "Error (UCI_Elo out of range 400 to 3000): option UCI_Elo=-5",
        ),
        (
            "option UCI_Elo=strong",
            "Error (not a number, UCI_Elo takes 400 to 3000): option UCI_Elo=strong",
        ),
        (
            "option Skill=21",
            "Error (Skill out of range 0 to 20): option Skill=21",
        ),
        (
            "option UCI_LimitStrength=sometimes",
            "Error (UCI_LimitStrength takes 0 or 1): option UCI_LimitStrength=sometimes",
        ),
    ] {
        assert_answer(&mut engine, line, &[error]);
    }
    assert_accepted(&mut engine, "variant 5x5_joust");
    let win = "d4b3".to_string();
    // At full strength (Skill 20, the default) the engine always takes the win; UCI_Elo alone
    // changes nothing.
    assert_accepted(&mut engine, "option UCI_Elo=400");
    assert_eq!(moves_where_one_wins(&mut engine, 3), vec![win.clone(); 3]);
    // The weakest skill misses it at times (each search draws among the three moves alike: all
    // twelve taking the win would have a chance of one in 500 000).
    assert_accepted(&mut engine, "option Skill=0");
    let weakest = moves_where_one_wins(&mut engine, 12);
    assert!(weakest.iter().any(|mv| *mv != win), "{weakest:#?}");
    assert!(weakest.contains(&win), "{weakest:#?}");
    // The refused values changed nothing: UCI_LimitStrength on names the lowest Elo, as weak.
    accept_each(
        &mut engine,
        &["option Skill=20", "option UCI_LimitStrength=1"],
    );
    let lowest_elo = moves_where_one_wins(&mut engine, 12);
    assert!(lowest_elo.iter().any(|mv| *mv != win), "{lowest_elo:#?}");
    // The strongest Elo is above Joust's full strength: it plays there, and the user is told
    // once, as the engine starts thinking.
    assert_accepted(&mut engine, "option UCI_Elo=3000");
    let (moves, told) = moves_and_words(&mut engine, 3);
    assert_eq!(moves, vec![win; 3]);
    let (_, full) = elo_span(GameKind::Joust);
    assert_eq!(
        told,
        [format!(
            "telluser UCI_Elo 3000 is above joust's full strength ({full}): playing at {full}"
        )]
    );
}
