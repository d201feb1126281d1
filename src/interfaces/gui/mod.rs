//! `tabula gui`: a web server on this machine that serves a board for the four games and drives
//! engines (tabula itself by default) as protocol clients, with tabula's rules as the referee.
//! The page and its API are described in docs/gui.md.

mod access;
mod actions;
mod answers;
mod api;
mod assets;
mod engine_worker;
mod events;
mod review;
mod room;
mod rooms;
mod server;

use crate::engine_process::process::{EngineSpec, Notation, Protocol, make_names_unique};
use access::Access;
use rooms::Rooms;
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `tabula gui`.
#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// The address to listen on; other machines can reach the GUI only if this is not a
    /// loopback address, and then every request needs the token printed in the address.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// The port (0: any free port).
    #[arg(long, default_value_t = 8088)]
    pub port: u16,
    /// More engines beside tabula, each as one argument like `tabula match --engine`:
    /// "cmd=<command line> name=<name> proto=uci|ugi option.<Name>=<value>".
    #[arg(long = "engine")]
    pub engines: Vec<String>,
    /// Seconds after a tab has gone (its page closed) before its game and engines are closed.
    #[arg(long, default_value_t = 30)]
    pub close_after: u64,
    /// A Claustro table (`tabula solve claustro`) or Joust proof (`tabula solve joust --proof`)
    /// whose values the *Perfect play* card shows where it covers the position.
    #[arg(long)]
    pub table: Option<std::path::PathBuf>,
}

/// The engines of the GUI: tabula itself first (the one `levels` offers Elo points for), then
/// those of `--engine`, engines of one name told apart (`tabula-2`) as in a match.
fn engines(args: &GuiArgs) -> Result<Vec<EngineSpec>, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find tabula itself: {e}"))?;
    let mut engines = vec![EngineSpec {
        name: "tabula".to_string(),
        command: vec![me.to_string_lossy().into_owned()],
        protocol: Protocol::Ugi,
        notation: Notation::Plain,
        options: Vec::new(),
        time_control: None,
    }];
    for text in &args.engines {
        let words: Vec<String> = text.split_whitespace().map(String::from).collect();
        let spec = EngineSpec::parse(&words).map_err(|e| format!("--engine '{text}': {e}"))?;
        if spec.time_control.is_some() {
            return Err(format!(
                "--engine '{text}': tc= is for matches; the page sets each game's limit"
            ));
        }
        engines.push(spec);
    }
    // Tabula itself, first, keeps its name: an engine renamed is one of --engine.
    for (index, given, unique) in make_names_unique(&mut engines) {
        let text = args.engines.get(index.saturating_sub(1));
        eprintln!(
            "--engine '{}' is also called '{given}': it is '{unique}' on the page",
            text.map_or("", String::as_str)
        );
    }
    Ok(engines)
}

/// Threads for the rules' work of requests (tokio's blocking pool): requests beyond this wait.
const RULES_THREADS: usize = 8;
/// How long such a thread waits for more work before it ends (and its memory goes with it).
const RULES_THREAD_KEEP_ALIVE: Duration = Duration::from_secs(2);

/// Runs the GUI's server until the process is ended.
pub fn run(args: &GuiArgs) -> Result<(), String> {
    let limits = server::Limits::for_this_process();
    let mut rooms = Rooms::new(
        engines(args)?,
        Duration::from_secs(args.close_after),
        limits.sockets,
    );
    if let Some(path) = &args.table {
        let table = crate::games::load_oracle(path)?;
        log::info!("perfect play from {}", table.description());
        rooms.tablebase = Some(table);
    }
    let rooms = Arc::new(rooms);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(RULES_THREADS)
        .thread_keep_alive(RULES_THREAD_KEEP_ALIVE)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(serve(args, rooms, limits))
}

async fn serve(args: &GuiArgs, rooms: Arc<Rooms>, limits: server::Limits) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind((args.host, args.port))
        .await
        .map_err(|e| format!("cannot listen on {}:{}: {e}", args.host, args.port))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot read the address: {e}"))?;
    let access = Arc::new(Access::for_host(args.host));
    let url = match access.token() {
        Some(token) => format!("http://{address}/?token={token}"),
        None => format!("http://{address}/"),
    };
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "tabula gui: {url}");
    let _ = stdout.flush();
    if !args.host.is_loopback() {
        log::warn!(
            "listening on {address}: other machines can reach this GUI with the token in its address"
        );
    }
    log::info!(
        "at most {} connections and {} event sockets at once",
        limits.connections,
        limits.sockets
    );
    tokio::spawn(keep_house(rooms.clone()));
    server::serve(listener, api::router(rooms, access), limits.connections).await;
    Err("the server stopped".to_string())
}

/// Ends games whose clock ran out, and closes rooms whose tab has gone; a room busy with a
/// request is left for the next round.
async fn keep_house(rooms: Arc<Rooms>) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    let mut ticks = 0u64;
    loop {
        tick.tick().await;
        rooms.check_clocks();
        ticks += 1;
        if ticks.is_multiple_of(10) {
            rooms.remove_abandoned();
        }
    }
}
