//! The board page's game in the browser: the core's desk (`tabula_core::desk`) behind the same
//! requests and answers as the GUI's server (docs/gui.md), with tabula, the one engine, run by
//! the page in Web Workers. The page asks [`Desk::schedule`] what each engine should do after
//! every change, passes back what the engines write ([`Desk::engine_line`]), ticks the clocks
//! ([`Desk::tick`]), and runs a review's searches in a Worker of their own ([`Desk::review_order`],
//! [`Desk::review_progress`]). Every refusal is an `Error` carrying the server's message, and a
//! refused request changes nothing.

use crate::evals::evals_from_json;
use crate::orders::{Order, start_lines};
use serde::Serialize;
use serde_json::json;
use tabula_core::clock::Instant;
use tabula_core::desk::action::{Action, Applied};
use tabula_core::desk::analysis::AnalysisView;
use tabula_core::desk::job::{Purpose, ROLES};
use tabula_core::desk::record_text::{list_games, write_record};
use tabula_core::desk::requests::{OpenTable, RecordGames, checked_players, info_json, parse};
use tabula_core::desk::state::{ANALYSER, Desk as CoreDesk, MoveNote};
use tabula_core::desk::table::Table;
use tabula_core::desk::told::Told;
use tabula_core::desk::view::{EngineView, table_view_json};
use tabula_core::game::Side;
use tabula_core::protocol::info_line::InfoLine;
use tabula_core::protocol::output::printable;
use wasm_bindgen::prelude::*;

/// The one engine of the page.
const ENGINE: &str = "tabula";

fn engines() -> Vec<String> {
    vec![ENGINE.to_string()]
}

/// A refusal, as JavaScript sees it.
fn refused(why: String) -> JsError {
    JsError::new(&printable(&why))
}

/// The milliseconds since a search `started`.
fn elapsed_ms(started: Instant) -> u64 {
    u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// A version or serial as JavaScript numbers carry them (exact below 2^53, which no table
/// reaches); anything else is no version of the desk's.
fn whole(number: f64) -> u64 {
    if number.fract() == 0.0 && (0.0..9.0e15).contains(&number) {
        number as u64
    } else {
        u64::MAX
    }
}

/// One event for the page, as the server's socket sends it.
#[derive(Serialize)]
struct Event {
    name: &'static str,
    data: serde_json::Value,
}

/// What an engine of a role is doing.
struct Search {
    version: u64,
    started: Instant,
    /// The last `info` line with a score, for the note of the move.
    last_info: Option<InfoLine>,
    analysis: Option<AnalysisView>,
}

/// A review to start or stop, for the page to carry out.
enum ReviewOrder {
    Start {
        serial: u64,
        game: &'static str,
        record: String,
        depth: u32,
    },
    Stop {
        serial: u64,
    },
}

/// The game of one board page.
#[wasm_bindgen]
pub struct Desk {
    desk: CoreDesk,
    /// The search each role's engine runs, if any.
    searches: [Option<Search>; ROLES],
    /// What each role's engine has been told.
    told: [Told; ROLES],
    review_order: Option<ReviewOrder>,
}

#[wasm_bindgen]
impl Desk {
    /// What GET /api/info answers: the games, their sizes and levels, and the one engine.
    pub fn info() -> String {
        info_json(&engines())
    }

    /// The games a record's text holds (`{"text": ...}`), as POST /api/records answers.
    pub fn list_records(body: &str) -> Result<String, JsError> {
        let request: RecordGames = parse(body.as_bytes()).map_err(refused)?;
        let games = list_games(&request.text).map_err(|why| refused(format!("record: {why}")))?;
        Ok(json!({ "games": games }).to_string())
    }

    /// A table as POST /api/tables opens it: `{game, size?, white?, black?}`.
    #[wasm_bindgen(constructor)]
    pub fn new(body: &str) -> Result<Desk, JsError> {
        let request: OpenTable = parse(body.as_bytes()).map_err(refused)?;
        let players = checked_players(request.white, request.black, &engines()).map_err(refused)?;
        let table = Table::new(&request.game, request.size.as_deref()).map_err(refused)?;
        let mut desk = CoreDesk::new(table);
        if players != desk.players {
            desk.players = players;
            desk.committed();
        }
        Ok(Desk {
            desk,
            searches: Default::default(),
            told: Default::default(),
            review_order: None,
        })
    }

    /// The table as the page reads it (GET /api/tables/{id}).
    pub fn state(&mut self) -> String {
        self.desk.sent += 1;
        let status = if self.searches[ANALYSER].is_some() {
            "analysing"
        } else if self.searches[..ANALYSER].iter().any(Option::is_some) {
            "thinking"
        } else {
            "ready"
        };
        let engines = vec![EngineView {
            index: 0,
            name: ENGINE.to_string(),
            status: status.to_string(),
        }];
        let thinking = [Side::White, Side::Black].into_iter().find(|side| {
            self.searches[side.index()]
                .as_ref()
                .is_some_and(|search| search.version == self.desk.version)
        });
        table_view_json("local", &self.desk, engines, thinking)
    }

    /// An action on the table (POST /api/tables/{id}/{action}) with its JSON body: the
    /// table's state after it, or for `targets` what may be clicked next, for `probe` each legal
    /// move's proven value (the solver runs here, on the caller's thread).
    pub fn act(&mut self, action: &str, body: &str) -> Result<String, JsError> {
        let action = Action::parse(action, body.as_bytes(), &engines()).map_err(refused)?;
        match self.desk.apply(action).map_err(refused)? {
            Applied::Changed => self.desk.committed(),
            Applied::Answer(answer) => return Ok(answer),
            Applied::Review(depth) => self.review(depth)?,
        }
        Ok(self.state())
    }

    /// The record of the game to download, with the review's judgement where there is one.
    pub fn record(&self) -> Result<String, JsError> {
        let text = write_record(&self.desk, |_| ENGINE.to_string());
        match &self.desk.review {
            Some(review) => review
                .annotate(&text, self.desk.table.game)
                .map_err(refused),
            None => Ok(text),
        }
    }

    /// The name the record is saved under: `tabula-joust.txt`.
    pub fn record_name(&self) -> String {
        format!("tabula-{}.txt", self.desk.table.game.name())
    }

    /// What each role's engine (0: white's player, 1: black's, 2: the analyser) should do now,
    /// as a JSON array of orders: `{role, stop: true}` to end its search, `{role, version,
    /// lines}` to send it those lines (the last a `go`). Stops come before starts.
    pub fn schedule(&mut self) -> String {
        let mut orders = Vec::new();
        let mut starts = Vec::new();
        for (role, wanted) in self.desk.wanted().into_iter().enumerate() {
            let running = self.searches[role].as_ref().map(|search| search.version);
            let wanted = wanted.map(|(_, job)| job);
            if running.is_some() && running != wanted.as_ref().map(|job| job.version) {
                self.searches[role] = None;
                orders.push(Order::Stop { role, stop: true });
            }
            let Some(job) = wanted.filter(|job| running != Some(job.version)) else {
                continue;
            };
            let analysis = match job.purpose {
                Purpose::Analyse(lines) => {
                    Some(AnalysisView::new(job.version, job.side_to_move, lines))
                }
                Purpose::Play(_) => None,
            };
            starts.push(Order::Start {
                role,
                version: job.version,
                lines: start_lines(&mut self.told[role], &job),
            });
            self.searches[role] = Some(Search {
                version: job.version,
                started: Instant::now(),
                last_info: None,
                analysis,
            });
        }
        orders.extend(starts);
        serde_json::to_string(&orders).unwrap_or_else(|_| "[]".to_string())
    }

    /// One line the engine of `role` wrote while it ran the job of `version` (a JavaScript
    /// number, as the orders give it): the events it makes for the page (a JSON array of
    /// `{name, data}`, as the server's socket sends them).
    pub fn engine_line(&mut self, role: usize, version: f64, line: &str) -> String {
        let events = self.engine_events(role, whole(version), line);
        serde_json::to_string(&events).unwrap_or_else(|_| "[]".to_string())
    }

    /// The engine of `role` is ready for the job of `version` (a JavaScript number): its Worker
    /// has started. A player's clock then counts from now, and so does its search's time: an
    /// engine is not charged for the loading of its Worker. True if the job is still current.
    pub fn engine_ready(&mut self, role: usize, version: f64) -> bool {
        let version = whole(version);
        let Some(search) = self.searches.get_mut(role).and_then(Option::as_mut) else {
            return false;
        };
        if search.version != version {
            return false;
        }
        search.started = Instant::now();
        if role != ANALYSER
            && version == self.desk.version
            && let Some(clocks) = self.desk.clocks.as_mut()
        {
            clocks.restart_running();
        }
        true
    }

    /// Ends the game of a player whose clock ran out: the events it makes (none if no clock
    /// ran out).
    pub fn tick(&mut self) -> String {
        if !self.desk.flag_fall() {
            return "[]".to_string();
        }
        self.desk.committed();
        let events = vec![self.state_event()];
        serde_json::to_string(&events).unwrap_or_else(|_| "[]".to_string())
    }

    /// The review to start (`{serial, game, record, depth}`) or stop (`{serial, stop: true}`)
    /// since the last call, if any.
    pub fn review_order(&mut self) -> Option<String> {
        let order = match self.review_order.take()? {
            ReviewOrder::Start {
                serial,
                game,
                record,
                depth,
            } => json!({ "serial": serial, "game": game, "record": record, "depth": depth }),
            ReviewOrder::Stop { serial } => json!({ "serial": serial, "stop": true }),
        };
        Some(order.to_string())
    }

    /// What the review `serial`'s searches found so far (`evals`, as `ReviewRun::step` gives
    /// them) and its status: the events it makes.
    pub fn review_progress(
        &mut self,
        serial: f64,
        status: &str,
        evals: &str,
    ) -> Result<String, JsError> {
        let evals = evals_from_json(evals).map_err(refused)?;
        if !self.desk.review_found(whole(serial), status, &evals) {
            return Ok("[]".to_string());
        }
        let events = vec![self.state_event()];
        serde_json::to_string(&events).map_err(|e| refused(e.to_string()))
    }
}

impl Desk {
    fn state_event(&mut self) -> Event {
        let state = self.state();
        Event {
            name: "state",
            data: serde_json::from_str(&state).unwrap_or_default(),
        }
    }

    fn notice(error: bool, text: &str) -> Event {
        let level = if error { "error" } else { "info" };
        Event {
            name: "notice",
            data: json!({ "level": level, "text": text }),
        }
    }

    /// Starts the review, each position searched to `depth`, or stops it (`None`).
    fn review(&mut self, depth: Option<u32>) -> Result<(), JsError> {
        if let Some(depth) = depth {
            let asked = self
                .desk
                .start_review(depth, |_| ENGINE.to_string())
                .map_err(refused)?;
            self.review_order = Some(ReviewOrder::Start {
                serial: asked.serial,
                game: asked.game.name(),
                record: asked.record,
                depth,
            });
        } else if let Some(review) = self.desk.review.as_mut() {
            if review.status == "running" {
                review.status = "stopped".to_string();
            }
            self.review_order = Some(ReviewOrder::Stop {
                serial: review.serial,
            });
        }
        Ok(())
    }

    fn engine_events(&mut self, role: usize, version: u64, line: &str) -> Vec<Event> {
        let Some(search) = self.searches.get_mut(role).and_then(Option::as_mut) else {
            return Vec::new();
        };
        if search.version != version {
            return Vec::new();
        }
        if let Some(text) = line.strip_prefix("info string error: ") {
            return vec![Desk::notice(true, &format!("{ENGINE}: error: {text}"))];
        }
        if let Some(info) = InfoLine::parse(line) {
            let Some(analysis) = search.analysis.as_mut() else {
                if info.score.is_some() {
                    search.last_info = Some(info);
                }
                return Vec::new();
            };
            analysis.absorb(&info, self.desk.table.session().size());
            // As the server's: the time since the search was started.
            analysis.time_ms = elapsed_ms(search.started);
            let data = serde_json::to_value(&*analysis).unwrap_or_default();
            return vec![Event {
                name: "analysis",
                data,
            }];
        }
        let mut words = line.split_whitespace();
        if words.next() != Some("bestmove") {
            return Vec::new();
        }
        let text = words.next().unwrap_or("").to_string();
        let Some(search) = self.searches[role].take() else {
            return Vec::new();
        };
        if role == ANALYSER {
            return vec![self.state_event()];
        }
        let side = if role == Side::White.index() {
            Side::White
        } else {
            Side::Black
        };
        let note = MoveNote {
            score: search.last_info.as_ref().and_then(InfoLine::score_text),
            depth: search.last_info.as_ref().and_then(|info| info.depth),
            time_ms: elapsed_ms(search.started),
        };
        let mut events = Vec::new();
        if let Err(problem) = self.desk.engine_moved(version, side, ENGINE, &text, note) {
            events.push(Desk::notice(true, &problem));
        } else {
            self.desk.committed();
        }
        events.push(self.state_event());
        events
    }
}
