//! `tabula datagen`: training data for a net, from self-play. Every game starts from seeded
//! random opening moves; then both sides play the best move of a short single-threaded search
//! with a fixed node or depth budget and a fresh table, so the data depends only on the settings
//! and the seed (not on `--threads`, which plays several games at once). Each position whose
//! search score is not a proven result and whose best move is quiet is written as
//!
//! ```text
//! <position string> | <score in centipawns, white's view> | <result, white's view: 1, 0.5, 0> | <game>
//! ```
//!
//! and each game ends with a line `# end <game>`. `--shard K/N` plays games `K-1, K-1+N, ...`
//! only, so the shards' files concatenated are the data of the whole run. Games are written in
//! order as they finish, each whole; run again with the same arguments, `datagen` cuts a game
//! written in part and goes on after the last whole one. Before it writes a byte it checks the
//! file line by line as `train` reads it (`datagen_file`), and that its `# end` lines are the
//! shard's games in order; a file that fails, anywhere, is refused naming the line, unchanged.

use crate::board::BoardSize;
use crate::game::{Outcome, Side};
use crate::search::score::{PROVEN_BOUND, Score};
use crate::search::tt::TranspositionTable;
use crate::search::{Settings, Signals};
use crate::tools::datagen_file::{DataFile, Entry, MAGIC, is_cut_line, parse_entry};
use crate::tools::game_args::{GameArgs, SelfPlayArgs};
use crate::tools::progress::Progress;
use crate::tools::tournament::openings::Opening;
use crate::tools::tournament::shard::Shard;
use crate::tools::tune::data::{Budget, DataSettings};
use crate::words::counted;
use std::collections::BTreeMap;
use std::io::{Seek, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::channel;

/// Transposition table of each game's searches, in MB.
const TABLE_MB: usize = 2;
/// A game still running after this many plies is dropped.
const MAX_PLIES: usize = 1000;

/// How the data is made.
#[derive(Clone, Debug)]
pub struct DatagenSettings {
    /// The games of the whole run (all shards) and how they are played.
    pub data: DataSettings,
    pub shard: Shard,
    pub threads: usize,
    pub out: PathBuf,
    /// Start the file over instead of continuing it.
    pub restart: bool,
    /// What the searches evaluate with, as the header names it.
    pub evaluation: String,
}

impl DatagenSettings {
    /// The file's first line: everything that decides its data.
    fn header(&self) -> String {
        format!(
            "{MAGIC} game {} {}, games {}, {}, random plies {}, seed {}, shard {}, {}",
            self.data.game.name(),
            self.data.size,
            self.data.games,
            self.data.budget,
            self.data.random_plies,
            self.data.seed,
            self.shard,
            self.evaluation
        )
    }
}

/// One recorded position: its string and the search's score from white's view.
struct Recorded {
    position: String,
    score: i32,
}

/// A played game: its positions and its result from white's view (none if it did not end).
struct PlayedGame {
    positions: Vec<Recorded>,
    result: Option<f64>,
}

fn white_result(outcome: Outcome) -> f64 {
    match outcome {
        Outcome::Win(Side::White) => 1.0,
        Outcome::Win(Side::Black) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// Plays one game from `opening`, recording its quiet positions.
fn play_game(settings: &DatagenSettings, opening: &Opening) -> Result<PlayedGame, String> {
    let mut session = opening.build(settings.data.game, settings.data.size)?;
    let tt = TranspositionTable::new(TABLE_MB);
    let signals = Signals::default();
    let limits = settings.data.budget.limits();
    let mut positions = Vec::new();
    for _ in 0..MAX_PLIES {
        if let Some(verdict) = session.verdict() {
            return Ok(PlayedGame {
                positions,
                result: Some(white_result(verdict.outcome)),
            });
        }
        let summary = session.search(&limits, Settings::default(), &tt, &signals, &mut |_| {});
        let best = summary
            .best_move
            .ok_or("the search found no move in a game that is not over")?;
        if let Score::Centipawns(cp) = summary.result.score
            && cp.abs() < PROVEN_BOUND
            && !session.is_noisy_move(&best)
        {
            let white = if session.side_to_move() == Side::White {
                cp
            } else {
                -cp
            };
            positions.push(Recorded {
                position: session.position_text(),
                score: white,
            });
        }
        session.play_move(&best)?;
    }
    Ok(PlayedGame {
        positions,
        result: None,
    })
}

/// The text of game `index`: its positions, then its end line.
fn game_text(index: usize, game: &PlayedGame) -> String {
    let mut text = String::new();
    if let Some(result) = game.result {
        for recorded in &game.positions {
            text.push_str(&format!(
                "{} | {} | {} | {index}\n",
                recorded.position, recorded.score, result
            ));
        }
    }
    text.push_str(&format!("# end {index}\n"));
    text
}

/// What an earlier run left in the file: the length of its text up to the last whole game, and
/// how many of the shard's games (`mine`, in order) that is. Refuses, naming the line, a file of
/// other settings, a line that `train` would refuse, and end lines that are not `mine`'s in
/// order; the last line alone may be cut short (as a kill leaves it), and is then cut off.
fn earlier_run(
    settings: &DatagenSettings,
    header: &str,
    mine: &[usize],
) -> Result<(u64, usize), String> {
    if !settings.out.exists() {
        return Ok((0, 0));
    }
    let mut file = DataFile::open(&settings.out)?;
    let Some(first) = file.next_line()? else {
        return Ok((0, 0));
    };
    if !first.ended && header.starts_with(&first.text) {
        return Ok((0, 0));
    }
    if first.text != header {
        let why = format!(
            "it holds other data ('{}'); give the same arguments to continue it, or --restart \
             to start it over",
            crate::bounded_read::excerpt(first.text.as_bytes())
        );
        return Err(file.refuse(1, &why));
    }
    let (mut kept, mut done) = (first.end, 0);
    while let Some(line) = file.next_line()? {
        if !line.ended && is_cut_line(&line.text) {
            break;
        }
        let refuse = |why: String| file.refuse(line.number, &why);
        let playing = mine.get(done).copied();
        match parse_entry(&line.text, settings.data.game, settings.data.size).map_err(&refuse)? {
            Entry::End(game) if Some(game) == playing => {
                kept = line.end;
                done += 1;
            }
            Entry::End(game) => return Err(refuse(out_of_order("the end", game, playing))),
            Entry::Record(record) if Some(record.game) != playing => {
                return Err(refuse(out_of_order("a position", record.game, playing)));
            }
            Entry::Record(_) | Entry::Skipped => {}
        }
    }
    Ok((kept, done))
}

/// Why `what` of game `game` cannot come where game `playing` is next (none: the shard's games
/// are all there).
fn out_of_order(what: &str, game: usize, playing: Option<usize>) -> String {
    match playing {
        Some(playing) => format!("{what} of game {game} where game {playing} is next"),
        None => format!("{what} of game {game} after the last of the run's games"),
    }
}

/// Plays the shard's games not yet in the file and appends them, in order; returns the number
/// of games and positions written by this run.
pub fn run(settings: &DatagenSettings) -> Result<(usize, usize), String> {
    if settings.data.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let header = settings.header();
    let mine: Vec<usize> = (0..settings.data.games)
        .filter(|&game| settings.shard.holds(game))
        .collect();
    let (kept, done) = if settings.restart {
        (0, 0)
    } else {
        earlier_run(settings, &header, &mine)?
    };
    let todo = &mine[done..];
    // Only as far as the last game still to play: none at all when the shard is whole.
    let openings = settings
        .data
        .openings(todo.last().map_or(0, |&last| last + 1))?;
    let path = &settings.out;
    let cannot = |e: std::io::Error| format!("cannot write '{}': {e}", path.display());
    // The whole games already there stay as they are: the file is cut after them, never
    // written anew, so a kill at any instant loses at most the game being written.
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)
        .map_err(cannot)?;
    file.set_len(kept)
        .and_then(|()| file.seek(std::io::SeekFrom::End(0)).map(|_| ()))
        .map_err(cannot)?;
    if kept == 0 {
        file.write_all(format!("{header}\n").as_bytes())
            .map_err(cannot)?;
    }
    let progress = Progress::new(mine.len() as u64, "datagen");
    progress.set(done as u64);
    if done > 0 {
        progress.line(&format!(
            "datagen: {done} of {} already in '{}'",
            counted(mine.len(), "game"),
            path.display()
        ));
    }
    let next = AtomicUsize::new(0);
    let (sender, finished) = channel::<(usize, Result<PlayedGame, String>)>();
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let mut written = (0, 0);
    std::thread::scope(|scope| -> Result<(), String> {
        for _ in 0..settings.threads.clamp(1, 64) {
            let sender = sender.clone();
            let (next, openings) = (&next, &openings);
            scope.spawn(move || {
                loop {
                    let slot = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&game) = todo.get(slot) else { break };
                    let played = play_game(settings, &openings[game]);
                    if sender.send((slot, played)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        let mut waiting = BTreeMap::new();
        let mut expected = 0;
        for (slot, played) in finished {
            waiting.insert(slot, played);
            while let Some(played) = waiting.remove(&expected) {
                let game = todo[expected];
                let played = played.map_err(|why| format!("game {game}: {why}"));
                let played = match played {
                    Ok(played) => played,
                    Err(why) => {
                        next.store(todo.len(), Ordering::Relaxed);
                        *failure.lock().unwrap_or_else(|p| p.into_inner()) = Some(why);
                        break;
                    }
                };
                file.write_all(game_text(game, &played).as_bytes())
                    .and_then(|()| file.flush())
                    .map_err(cannot)?;
                written.0 += 1;
                written.1 += played.result.map_or(0, |_| played.positions.len());
                progress.advance(1);
                expected += 1;
            }
        }
        Ok(())
    })?;
    match failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(why) => Err(why),
        None => Ok(written),
    }
}

/// Arguments of `tabula datagen`.
#[derive(clap::Args, Debug)]
pub struct DatagenArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Self-play games of the whole run (all shards).
    #[arg(long, default_value_t = 1000)]
    pub games: usize,
    #[command(flatten)]
    pub play: SelfPlayArgs,
    /// Play only shard K of N: games K-1, K-1+N, ... (the shards' files concatenated are the
    /// whole run's data).
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Games played at the same time (the data does not depend on it).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The data file; run again with the same arguments, it is continued.
    #[arg(long)]
    pub out: PathBuf,
    /// Start the data file over instead of continuing it.
    #[arg(long)]
    pub restart: bool,
    /// Search with the hand-written evaluation, without the game's net (how the first net's
    /// data was made).
    #[arg(long)]
    pub hand_written: bool,
    /// Search with the net in this file (written by `tabula train` for this game and board)
    /// instead of the game's own: how a net's data is made again after a newer net shipped.
    #[arg(long, value_name = "FILE", conflicts_with = "hand_written")]
    pub eval_file: Option<PathBuf>,
}

/// The default nodes of each move's search.
pub const DEFAULT_NODES: u64 = 5000;

/// Sets up what the searches evaluate with (`--hand-written`, `--eval-file` or the game's own
/// net) and says it as the header does: a net from a file by its digest, so that a file is
/// continued only with the same net.
fn evaluation(args: &DatagenArgs, game: &str, size: BoardSize) -> Result<String, String> {
    if args.hand_written {
        crate::nnue::registry::set_enabled(false);
        return Ok("evaluation: hand-written".into());
    }
    let Some(path) = &args.eval_file else {
        return Ok("evaluation: the game's own".into());
    };
    let net = crate::nnue::load_net_file(path, crate::games::net_input_count)?;
    if (net.game.as_str(), net.size) != (game, size) {
        return Err(format!(
            "--eval-file '{}' is a net for {} {}, not {game} {size}",
            path.display(),
            net.game,
            net.size
        ));
    }
    let bytes = net.to_bytes();
    let digest: String = bytes[bytes.len() - 8..]
        .iter()
        .rev()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    crate::nnue::registry::choose(net)?;
    Ok(format!("evaluation: the net of digest {digest}"))
}

/// `tabula datagen`: plays the games and reports what was written on stderr.
pub fn run_command(args: &DatagenArgs) -> Result<i32, String> {
    let (game, size) = args.game.game_and_size()?;
    let evaluation = evaluation(args, game.name(), size)?;
    let shard = Shard::from_option(args.shard.as_deref())?;
    let budget = match (args.play.nodes, args.play.depth) {
        (_, Some(0)) | (Some(0), _) => return Err("--nodes and --depth must be at least 1".into()),
        (_, Some(depth)) => Budget::Depth(depth),
        (nodes, None) => Budget::Nodes(nodes.unwrap_or(DEFAULT_NODES)),
    };
    let data = DataSettings {
        game,
        size,
        games: args.games,
        budget,
        random_plies: args.play.random_plies,
        seed: args.play.seed,
    };
    let settings = DatagenSettings {
        data,
        shard,
        threads: args.threads,
        out: args.out.clone(),
        restart: args.restart,
        evaluation,
    };
    let started = std::time::Instant::now();
    let (games, positions) = run(&settings)?;
    eprintln!(
        "datagen: {}, {} written to '{}' in {:.1} s",
        counted(games, "game"),
        counted(positions, "position"),
        args.out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(0)
}
