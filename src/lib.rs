//! tabula: a game engine for Joust, Jeson Mor, Claustro and Apart, speaking a UCI/UGI-style text
//! protocol.
//!
//! Three boundaries: each game implements [`game::Game`]; [`search`] is generic over it; the
//! [`protocol`] knows neither a particular game nor the search internals and reaches games through
//! [`session::GameSession`], built by [`games::build_session`].

pub mod analyse;
pub mod bench;
pub mod bitboard;
pub mod cli;
pub mod game;
pub mod games;
pub mod geometry;
pub mod level;
pub mod opening_book;
pub mod play;
pub mod position_line;
pub mod position_text;
pub mod protocol;
pub mod render;
pub mod search;
pub mod session;
pub mod suite;
pub mod tournament;
pub mod tune;
