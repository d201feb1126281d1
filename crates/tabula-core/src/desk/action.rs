//! The actions a board page asks of its table (`POST /api/tables/{id}/{action}` with a JSON
//! body, docs/gui.md), read and checked once for every home of the page: [`Action::parse`]
//! reads a body and does the work that needs no desk (a new table set up, a record read, the
//! players checked), and [`Desk::apply`] carries it out on the desk. The GUI's server parses
//! before it locks the table; the browser's module does both at once.

use super::loaded_record::LoadedRecord;
use super::perfect_play::probe_json;
use super::record_text::read_record;
use super::requests::{
    CommentRequest, GotoRequest, MoveRequest, NewGame, NodeRequest, PlayersRequest,
    PositionRequest, ProbeRequest, RecordText, ReviewRequest, TargetsRequest, check_analysis,
    check_clock_times, check_limit, checked_players, parse,
};
use super::state::Desk;
use super::table::{AnalysisSettings, Limit, Player, Table, Targets};
use crate::games::GameKind;

/// One action on a table, read and checked as far as it can be without the desk.
pub enum Action {
    /// A new table (`new`, or `position` once set up by [`Action::set_up`]); one set up for
    /// the desk's game `for_game` is refused if the desk has changed game meanwhile.
    Table {
        table: Table,
        for_game: Option<GameKind>,
    },
    /// A position to set up on the desk's game (`position`).
    Position(String),
    /// A person's move; `timed` unless the page puts it back on a study board.
    Move {
        text: String,
        timed: bool,
    },
    /// What may be clicked next after the squares picked so far.
    Targets(Vec<String>),
    /// Each legal move of the position shown with its proven value (`probe`).
    Probe,
    Goto(usize),
    /// The move tree's node at this place of its flat form: its line shown there (`line`),
    /// made the main line (`promote`), or deleted with every move after it (`delete`).
    Line(usize),
    Promote(usize),
    Delete(usize),
    /// The comment after the node at this place (before the first move at the start), none
    /// if empty (`comment`).
    Comment(usize, String),
    Undo,
    Players {
        players: [Player; 2],
        limit: Limit,
        clocks: Option<super::requests::ClockTimes>,
    },
    Analysis(AnalysisSettings),
    /// A game of a record, read (`record`).
    Record {
        table: Table,
        loaded: LoadedRecord,
    },
    /// A review to start, each position searched to this depth (`Some`), or to stop (`None`).
    Review(Option<u32>),
}

/// What an applied action leaves for its home to do.
pub enum Applied {
    /// The desk changed: the home commits it and answers the table's state.
    Changed,
    /// The answer itself (`targets`'s or `probe`'s JSON); nothing changed.
    Answer(String),
    /// A review to start or stop (`Action::Review`), which each home runs its own way.
    Review(Option<u32>),
}

impl Action {
    /// Whether `name` is an action on a table.
    pub fn exists(name: &str) -> bool {
        matches!(
            name,
            "new"
                | "position"
                | "move"
                | "targets"
                | "probe"
                | "goto"
                | "line"
                | "promote"
                | "delete"
                | "comment"
                | "undo"
                | "players"
                | "analysis"
                | "record"
                | "review"
        )
    }

    /// Whether the action `name` reads a body (`undo` takes none).
    pub fn reads_body(name: &str) -> bool {
        name != "undo"
    }

    /// The action `name` with its JSON `body`, checked against the `engines` (their names)
    /// that may play and analyse.
    pub fn parse(name: &str, body: &[u8], engines: &[String]) -> Result<Action, String> {
        Ok(match name {
            "new" => {
                let request: NewGame = parse(body)?;
                let table = Table::new(&request.game, request.size.as_deref())?;
                table.pass();
                Action::Table {
                    table,
                    for_game: None,
                }
            }
            "position" => Action::Position(parse::<PositionRequest>(body)?.position),
            "move" => {
                let request: MoveRequest = parse(body)?;
                Action::Move {
                    text: request.text,
                    timed: !request.put_back,
                }
            }
            "targets" => Action::Targets(parse::<TargetsRequest>(body)?.checked()?),
            "probe" => {
                parse::<ProbeRequest>(body)?;
                Action::Probe
            }
            "goto" => Action::Goto(parse::<GotoRequest>(body)?.ply),
            "line" => Action::Line(parse::<NodeRequest>(body)?.node),
            "promote" => Action::Promote(parse::<NodeRequest>(body)?.node),
            "delete" => Action::Delete(parse::<NodeRequest>(body)?.node),
            "comment" => {
                let (node, text) = parse::<CommentRequest>(body)?.checked()?;
                Action::Comment(node, text)
            }
            "undo" => Action::Undo,
            "players" => {
                let request: PlayersRequest = parse(body)?;
                let players = checked_players(request.white, request.black, engines)?;
                check_limit(request.limit)?;
                check_clock_times(request.clocks)?;
                Action::Players {
                    players,
                    limit: request.limit,
                    clocks: request.clocks,
                }
            }
            "analysis" => {
                let request: AnalysisSettings = parse(body)?;
                check_analysis(&request, engines.len())?;
                Action::Analysis(request)
            }
            "record" => {
                let request: RecordText = parse(body)?;
                let (table, loaded) = read_record(&request.text, request.game)
                    .map_err(|problem| format!("record: {problem}"))?;
                table.pass();
                Action::Record { table, loaded }
            }
            "review" => {
                let request: ReviewRequest = parse(body)?;
                match request.depth {
                    Some(depth) if request.on => Action::Review(Some(depth)),
                    None if request.on => return Err("a review needs a depth".to_string()),
                    _ => Action::Review(None),
                }
            }
            other => return Err(format!("no action '{other}' on a table")),
        })
    }

    /// A `position` set up on `game` (the desk's, read without waiting for the rules' work),
    /// so that the desk only swaps its table; any other action as it is.
    pub fn set_up(self, game: GameKind) -> Result<Action, String> {
        match self {
            Action::Position(text) => {
                let table = Table::from_position(game, &text)?;
                table.pass();
                Ok(Action::Table {
                    table,
                    for_game: Some(game),
                })
            }
            action => Ok(action),
        }
    }
}

/// What may be clicked next after the squares of `path` on `table` (none where no move may be
/// made), as JSON.
pub fn targets_json(table: Option<&Table>, path: &[String]) -> Result<String, String> {
    let targets = match table {
        Some(table) => table.targets(path)?,
        None => Targets::default(),
    };
    serde_json::to_string(&targets).map_err(|e| e.to_string())
}

impl Desk {
    /// Carries out `action`; a refused action changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Applied, String> {
        match action {
            Action::Table { table, for_game } => {
                if for_game.is_some_and(|game| game != self.table.game) {
                    return Err("the game changed meanwhile; set the position again".into());
                }
                self.replace_table(table);
            }
            Action::Position(_) => return self.apply(action.set_up(self.table.game)?),
            Action::Move { text, timed } => self.person_moves(&text, timed)?,
            Action::Targets(path) => {
                let table = self.why_no_move().is_none().then_some(&self.table);
                return targets_json(table, &path).map(Applied::Answer);
            }
            Action::Probe => {
                let session = self.table.session();
                return probe_json(session, self.tablebase.clone()).map(Applied::Answer);
            }
            Action::Goto(ply) => self.table.goto(ply)?,
            Action::Line(place) => self.show_node(place)?,
            Action::Promote(place) => self.promote_line(place)?,
            Action::Delete(place) => self.delete_line(place)?,
            Action::Comment(place, text) => self.comment(place, text)?,
            Action::Undo => self.take_back()?,
            Action::Players {
                players,
                limit,
                clocks,
            } => {
                self.set_players(players, limit);
                self.set_clock_times(clocks);
            }
            Action::Analysis(settings) => self.analysis = settings,
            Action::Record { table, loaded } => self.load_record(table, loaded),
            Action::Review(depth) => return Ok(Applied::Review(depth)),
        }
        Ok(Applied::Changed)
    }
}
