//! tabula's core: everything that knows the rules of Joust, Jeson Mor, Claustro and Apart and
//! plays them, with nothing of how a person or a program reaches it. The binary (`tabula`), the
//! Python package and the WebAssembly module are doors built on this crate's public API.
//!
//! Layers (see docs/architecture.md), each using only those before it: the shared [`board`]
//! types; the games, each implementing [`game::Game`] in [`games`], with their nets ([`nnue`]);
//! the [`search`], generic over them; the [`session`], a game in progress behind one
//! object-safe trait built by [`games::build_session`]; the playing [`level`]s and the Elo knob
//! ([`strength`]). [`words`] puts counts into words and [`bounded_read`] reads files that may be
//! hostile. The text [`protocol`] (UCI/UGI) speaks for them all, with [`bench`]'s positions, and
//! [`clicks`] answers what a board page asks while a move is clicked, and [`board_view`] spells
//! the board out for it.
//!
//! What differs in a browser reaches the core through one seam each: the clock ([`clock`]) and
//! threads ([`threads`]). Randomness needs none: the core only draws from generators seeded by
//! its caller, never from the system.

pub mod bench;
pub mod board;
pub mod board_view;
pub mod bounded_read;
pub mod clicks;
pub mod clock;
pub mod desk;
pub mod game;
pub mod games;
pub mod level;
pub mod nnue;
pub mod protocol;
pub mod record;
pub mod review;
pub mod search;
pub mod session;
pub mod strength;
pub mod tablebase;
pub mod threads;
pub mod version;
pub mod words;
