//! What the protocol loop waits for: input lines, and word from its searches.

/// What the loop waits for.
pub enum Event {
    /// One line of input.
    Line(String),
    /// A line longer than the loop reads as a command (`MAX_COMMAND_LINE`), skipped unread: its
    /// start and length.
    TooLong { start: String, length: usize },
    /// The end of input (or a read error).
    End,
    /// Search number N is about to write its `bestmove`.
    SearchDone(u64),
}
