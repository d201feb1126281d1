//! Engines as child processes, for whatever in tabula runs other engines (the GUI's server, the
//! match runner): the [`process`] itself (its description, handshake and lines in and out), the
//! [`time_control`] it plays under, the [`player`] it is made for a game (set up, asked for
//! moves in its own notation), its [`log`] for a person, the [`messages`] it writes for a person, and the [`parent_watch`] with
//! which an engine that tabula starts ends with it. Below both `interfaces` and `tools`, so that
//! neither leans on the other.

pub mod log;
pub mod messages;
pub mod parent_watch;
pub mod player;
pub mod process;
pub mod time_control;
