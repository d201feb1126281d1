//! An engine as a child process: its description on the command line, the handshake, and lines
//! in and out with time limits. Nothing an engine says is trusted beyond being text.

use super::log::{Direction, EngineLog};
use super::messages::MessageBox;
use super::parent_watch::PARENT_WATCH;
use super::time_control::TimeControl;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Uci,
    Ugi,
}

impl Protocol {
    /// The greeting and the answer that ends the handshake.
    fn greeting(self) -> (&'static str, &'static str) {
        match self {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ugi => ("ugi", "ugiok"),
        }
    }

    /// The command that starts a new game.
    pub fn new_game(self) -> &'static str {
        match self {
            Protocol::Uci => "ucinewgame",
            Protocol::Ugi => "uginewgame",
        }
    }
}

/// How an engine writes Joust moves: plain squares, or Fairy-Stockfish's gating form
/// `d4f5,f5d4` (the second part names the burned square); `Auto` decides from the engine's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    Auto,
    Plain,
    FairyStockfish,
}

/// One engine of a match, as given by `--engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    pub name: String,
    pub command: Vec<String>,
    pub protocol: Protocol,
    pub notation: Notation,
    pub options: Vec<(String, String)>,
    /// This engine's own time control (`tc=`), for time odds; the match's when absent.
    pub time_control: Option<TimeControl>,
}

impl EngineSpec {
    /// Parses `--engine` tokens: `cmd=<command line>`, `name=`, `proto=uci|ugi`,
    /// `notation=plain|fsf`, `option.<Name>=<value>`, `tc=<time control>` (as `--tc`); a lone
    /// command line is also accepted.
    pub fn parse(tokens: &[String]) -> Result<EngineSpec, String> {
        let mut command = Vec::new();
        let mut name = None;
        let mut protocol = Protocol::Ugi;
        let mut notation = Notation::Auto;
        let mut options = Vec::new();
        let mut time_control = None;
        for token in &join_option_names(tokens) {
            match token.split_once('=') {
                Some(("cmd", value)) => command.extend(value.split_whitespace().map(String::from)),
                Some(("name", value)) => name = Some(value.to_string()),
                Some(("proto", "uci")) => protocol = Protocol::Uci,
                Some(("proto", "ugi")) => protocol = Protocol::Ugi,
                Some(("proto", other)) => {
                    return Err(format!("unknown proto '{other}' (uci or ugi)"));
                }
                Some(("notation", "plain")) => notation = Notation::Plain,
                Some(("notation", "fsf")) => notation = Notation::FairyStockfish,
                Some(("notation", other)) => {
                    return Err(format!("unknown notation '{other}' (plain or fsf)"));
                }
                Some(("tc", value)) => time_control = Some(TimeControl::parse(value)?),
                Some((key, value)) if key.starts_with("option.") => {
                    options.push((key["option.".len()..].to_string(), value.to_string()));
                }
                _ if !token.contains('=') || token.contains(char::is_whitespace) => {
                    command.extend(token.split_whitespace().map(String::from));
                }
                _ => return Err(format!("unknown engine setting '{token}'")),
            }
        }
        let Some(program) = command.first() else {
            return Err("an engine needs a command (cmd=...)".to_string());
        };
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(program)
                .file_name()
                .map_or_else(|| program.clone(), |n| n.to_string_lossy().into_owned())
        });
        Ok(EngineSpec {
            name,
            command,
            protocol,
            notation,
            options,
            time_control,
        })
    }
}

/// Gives engines that share a name unique names, in their order: the first keeps it, the next
/// become `name-2`, `name-3`, ... (skipping names that other engines were given), so that every
/// shard and every resumed run of a match names them alike. Returns each renamed engine's index
/// with its name before and after.
pub fn make_names_unique(specs: &mut [EngineSpec]) -> Vec<(usize, String, String)> {
    let mut taken: std::collections::HashSet<String> =
        specs.iter().map(|spec| spec.name.clone()).collect();
    let mut seen = std::collections::HashSet::new();
    let mut renamed = Vec::new();
    for (index, spec) in specs.iter_mut().enumerate() {
        if seen.insert(spec.name.clone()) {
            continue;
        }
        let unique = (2..)
            .map(|n| format!("{}-{n}", spec.name))
            .find(|candidate| !taken.contains(candidate))
            .unwrap_or_default();
        taken.insert(unique.clone());
        seen.insert(unique.clone());
        let given = std::mem::replace(&mut spec.name, unique.clone());
        renamed.push((index, given, unique));
    }
    renamed
}

impl EngineSpec {
    /// The strength its options ask for, as a record's `WhiteLevel` or `BlackLevel` tag says
    /// it: the `Level` (`easy`), or `UCI_Elo` with `UCI_LimitStrength` on (`1200 Elo`).
    pub fn level(&self) -> Option<String> {
        let option = |name: &str| {
            (self.options.iter().rev())
                .find(|(option, _)| option.eq_ignore_ascii_case(name))
                .map(|(_, value)| value.as_str())
        };
        let limited = option("UCI_LimitStrength").is_some_and(|on| on.eq_ignore_ascii_case("true"));
        match (option("Level"), option("UCI_Elo")) {
            (_, Some(elo)) if limited => Some(format!("{elo} Elo")),
            (Some(level), _) => Some(level.to_ascii_lowercase()),
            _ => None,
        }
    }
}

/// Rejoins option settings whose names hold spaces (`option.Move Overhead=50` arrives as
/// `option.Move` and `Overhead=50`): an `option.` word without `=` runs up to the next `=`.
fn join_option_names(tokens: &[String]) -> Vec<String> {
    let mut joined: Vec<String> = Vec::new();
    let mut open = false;
    for token in tokens {
        match joined.last_mut() {
            Some(last) if open => {
                last.push(' ');
                last.push_str(token);
            }
            _ => joined.push(token.clone()),
        }
        let last = joined.last().map_or("", String::as_str);
        open = last.starts_with("option.") && !last.contains('=');
    }
    joined
}

/// Lines read from an engine but not yet taken: beyond this its output waits in the pipe, so an
/// engine that floods its output cannot fill the runner's memory.
const LINES_IN_FLIGHT: usize = 1024;
/// The lines kept before the one waited for (a handshake's options, a search's reports); older
/// ones are dropped.
const LINES_KEPT: usize = 4096;

/// Whether `line` is a `bestmove` line: its first word is `bestmove` (`bestmovex` is not).
pub fn is_bestmove(line: &str) -> bool {
    line.split_whitespace().next() == Some("bestmove")
}

/// Why an engine did not answer as it should.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineFailure {
    /// It did not answer in time.
    Timeout,
    /// Its process ended or closed its output.
    Exited,
    /// It could not be started.
    StartFailed(String),
}

impl std::fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineFailure::Timeout => write!(f, "no reply in time"),
            EngineFailure::Exited => write!(f, "engine exited"),
            EngineFailure::StartFailed(why) => write!(f, "engine failed to start: {why}"),
        }
    }
}

/// Reads `pipe` line by line (lossily, as text), handing each line to `hear`, until it ends or
/// `hear` says to stop.
fn read_lines(
    pipe: impl Read + Send + 'static,
    mut hear: impl FnMut(String) -> bool + Send + 'static,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        let mut reader = BufReader::new(pipe);
        let mut buffer = Vec::new();
        while let Ok(n) = reader.read_until(b'\n', &mut buffer) {
            if n == 0 {
                break;
            }
            let line = String::from_utf8_lossy(&buffer).trim_end().to_string();
            buffer.clear();
            if !hear(line) {
                break;
            }
        }
    })
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Its name and process id, for the log.
    who: String,
    log: EngineLog,
    /// Its error lines and stderr lines, counted and kept by the reader threads.
    pub messages: MessageBox,
    readers: Vec<JoinHandle<()>>,
    /// The `id name` it gave, if any.
    pub id_name: Option<String>,
    /// The `option name ...` lines it declared.
    pub declared_options: Vec<String>,
}

impl EngineProcess {
    /// Starts the engine's process; the lines to and from it go to `log`.
    pub fn start(spec: &EngineSpec, log: &EngineLog) -> Result<EngineProcess, EngineFailure> {
        let mut child = Command::new(&spec.command[0])
            .args(&spec.command[1..])
            // A tabula engine ends with this process, even one killed by SIGKILL.
            .env(PARENT_WATCH, "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| EngineFailure::StartFailed(error.to_string()))?;
        let who = format!("{}[{}]", spec.name, child.id());
        let messages = MessageBox::default();
        let (sender, lines) = sync_channel(LINES_IN_FLIGHT);
        let mut readers = Vec::new();
        if let Some(stdout) = child.stdout.take() {
            readers.push(read_lines(
                stdout,
                hear_output(&who, log, &messages, sender),
            ));
        }
        if let Some(stderr) = child.stderr.take() {
            let (who, log, messages) = (who.clone(), log.clone(), messages.clone());
            readers.push(read_lines(stderr, move |line| {
                log.line(&who, Direction::Stderr, &line);
                messages.hear_stderr(&line);
                true
            }));
        }
        Ok(EngineProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            who,
            log: log.clone(),
            messages,
            readers,
            id_name: None,
            declared_options: Vec::new(),
        })
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineFailure> {
        log::debug!("engine << {line}");
        self.log.line(&self.who, Direction::ToEngine, line);
        let stdin = self.stdin.as_mut().ok_or(EngineFailure::Exited)?;
        writeln!(stdin, "{line}")
            .and_then(|()| stdin.flush())
            .map_err(|_| EngineFailure::Exited)
    }

    /// Reads lines until one satisfies `wanted`; returns it and the last `LINES_KEPT` lines
    /// before it. Other lines are ignored (and logged at the debug level); the timeout holds
    /// however fast they come.
    pub fn wait_for(
        &mut self,
        wanted: impl Fn(&str) -> bool,
        timeout: Duration,
    ) -> Result<(String, Vec<String>), EngineFailure> {
        let deadline = Instant::now() + timeout;
        let mut before = VecDeque::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(EngineFailure::Timeout);
            }
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("engine >> {line}");
                    if wanted(&line) {
                        return Ok((line, before.into()));
                    }
                    if before.len() == LINES_KEPT {
                        before.pop_front();
                    }
                    before.push_back(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(EngineFailure::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineFailure::Exited),
            }
        }
    }

    /// `uci`/`ugi` up to `uciok`/`ugiok`, remembering the engine's name and options.
    pub fn handshake(
        &mut self,
        protocol: Protocol,
        timeout: Duration,
    ) -> Result<(), EngineFailure> {
        let (hello, ok) = protocol.greeting();
        self.send(hello)?;
        let (_, lines) = self.wait_for(|line| line.trim() == ok, timeout)?;
        for line in lines {
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = Some(name.trim().to_string());
            } else if line.starts_with("option name ") {
                self.declared_options.push(line);
            }
        }
        Ok(())
    }

    /// `isready` up to `readyok`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineFailure> {
        self.send("isready")?;
        self.wait_for(|line| line.trim() == "readyok", timeout)
            .map(|_| ())
    }

    /// The words after its name (`type spin default 16 min 1 max 1024`) of the engine's
    /// declaration of option `name`, if it declared it (UCI's option names ignore case).
    pub fn declaration(&self, name: &str) -> Option<Vec<&str>> {
        self.declared_options.iter().find_map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let end = words
                .iter()
                .position(|w| *w == "type")
                .unwrap_or(words.len());
            let declared = words.get(2..end)?.join(" ");
            declared
                .eq_ignore_ascii_case(name.trim())
                .then(|| words[end..].to_vec())
        })
    }

    /// Whether the engine declared option `name` whose line mentions `word` (e.g. a combo value).
    pub fn declares_option_with(&self, name: &str, word: &str) -> bool {
        let prefix = format!("option name {name} ");
        self.declared_options
            .iter()
            .any(|line| line.starts_with(&prefix) && line.split_whitespace().any(|t| t == word))
    }

    /// How the process ended, if it has (waiting a moment for it): `exit code 3`,
    /// `killed by signal 9`.
    pub fn exit_text(&mut self) -> Option<String> {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                #[cfg(unix)]
                if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
                    return Some(format!("killed by signal {signal}"));
                }
                return Some(
                    status
                        .code()
                        .map_or_else(|| "ended".to_string(), |code| format!("exit code {code}")),
                );
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Asks the engine to quit, then makes sure its process is gone; returns its messages, those
    /// of its last moment included where its pipes close soon after it ends.
    pub fn shut_down(mut self) -> MessageBox {
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while !matches!(self.child.try_wait(), Ok(Some(_))) {
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline && !self.readers.iter().all(JoinHandle::is_finished) {
            // Lines nobody waits for any more, taken so that the reader is not held up.
            while self.lines.try_recv().is_ok() {}
            std::thread::sleep(Duration::from_millis(2));
        }
        self.messages.clone()
    }
}

/// What the reader of an engine's output does with a line: logs it, notes it if it is an error,
/// and passes it on (until nobody takes lines any more).
fn hear_output(
    who: &str,
    log: &EngineLog,
    messages: &MessageBox,
    sender: SyncSender<String>,
) -> impl FnMut(String) -> bool + Send + 'static {
    let (who, log, messages) = (who.to_string(), log.clone(), messages.clone());
    move |line| {
        log.line(&who, Direction::FromEngine, &line);
        messages.hear_output(&line);
        sender.send(line).is_ok()
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(text: &str) -> Vec<String> {
        text.split(' ').map(String::from).collect()
    }

    #[test]
    fn parses_key_value_settings() {
        let spec = EngineSpec::parse(&tokens(
            "cmd=./tabula name=Dev proto=uci option.Hash=64 notation=fsf",
        ))
        .unwrap();
        assert_eq!(spec.command, vec!["./tabula"]);
        assert_eq!(spec.name, "Dev");
        assert_eq!(spec.protocol, Protocol::Uci);
        assert_eq!(spec.notation, Notation::FairyStockfish);
        assert_eq!(spec.options, vec![("Hash".to_string(), "64".to_string())]);
        assert_eq!(spec.time_control, None);
    }

    #[test]
    fn an_engine_may_have_its_own_time_control() {
        let spec = EngineSpec::parse(&tokens("cmd=x tc=2.5+0.025")).unwrap();
        assert_eq!(
            spec.time_control,
            Some(TimeControl::Clock {
                base_ms: 2500,
                increment_ms: 25
            })
        );
        assert!(
            EngineSpec::parse(&tokens("cmd=x tc=fast"))
                .unwrap_err()
                .contains("'fast'")
        );
    }

    #[test]
    fn the_level_asked_for_is_named() {
        let level = |text: &str| EngineSpec::parse(&tokens(text)).unwrap().level();
        assert_eq!(level("cmd=x option.Level=Easy"), Some("easy".to_string()));
        assert_eq!(
            level("cmd=x option.UCI_LimitStrength=true option.UCI_Elo=1200 option.Level=max"),
            Some("1200 Elo".to_string())
        );
        assert_eq!(level("cmd=x option.UCI_Elo=1200"), None, "not limited");
        assert_eq!(level("cmd=x option.Hash=8"), None);
    }

    #[test]
    fn option_names_may_hold_spaces() {
        let spec = EngineSpec::parse(&tokens(
            "cmd=x option.Move Overhead=50 option.Hash=8 name=n",
        ))
        .unwrap();
        assert_eq!(
            spec.options,
            vec![
                ("Move Overhead".to_string(), "50".to_string()),
                ("Hash".to_string(), "8".to_string())
            ]
        );
        assert_eq!(spec.name, "n");
    }

    #[test]
    fn engines_of_one_name_get_unique_names() {
        let mut specs: Vec<EngineSpec> = ["a", "a", "a-2", "b", "a"]
            .into_iter()
            .map(|name| EngineSpec::parse(&tokens(&format!("cmd=x name={name}"))).unwrap())
            .collect();
        let renamed = make_names_unique(&mut specs);
        let names: Vec<&str> = specs.iter().map(|spec| spec.name.as_str()).collect();
        assert_eq!(names, ["a", "a-3", "a-2", "b", "a-4"]);
        let renamed: Vec<(usize, &str, &str)> = (renamed.iter())
            .map(|(index, given, unique)| (*index, given.as_str(), unique.as_str()))
            .collect();
        assert_eq!(renamed, [(1, "a", "a-3"), (4, "a", "a-4")]);
    }

    #[test]
    fn a_plain_command_line_names_itself() {
        let spec = EngineSpec::parse(&["/usr/bin/fake engine --flag".to_string()]).unwrap();
        assert_eq!(spec.command, vec!["/usr/bin/fake", "engine", "--flag"]);
        assert_eq!(spec.name, "fake");
        assert_eq!(spec.protocol, Protocol::Ugi);
    }

    #[test]
    fn rejects_bad_settings() {
        assert!(
            EngineSpec::parse(&tokens("cmd=x proto=xboard"))
                .unwrap_err()
                .contains("'xboard'")
        );
        assert!(
            EngineSpec::parse(&tokens("name=lonely"))
                .unwrap_err()
                .contains("command")
        );
        assert!(
            EngineSpec::parse(&tokens("cmd=x colour=red"))
                .unwrap_err()
                .contains("'colour=red'")
        );
    }
}
