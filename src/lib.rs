//! tabula: a game engine for Joust, Jeson Mor, Claustro and Apart, speaking a UCI/UGI-style text
//! protocol.
//!
//! Layers (see docs/architecture.md): the shared [`board`] types; the games, each implementing
//! [`game::Game`] in [`games`]; the [`search`], generic over it; the [`session`], a game in
//! progress behind one object-safe trait built by [`games::build_session`]; the [`tools`]
//! (subcommands); and the [`interfaces`] that speak protocols, which know neither a particular
//! game nor the search internals. [`words`] puts counts into words for all of them.

pub mod board;
pub mod bounded_read;
pub mod cli;
pub mod game;
pub mod games;
pub mod interfaces;
pub mod level;
pub mod nnue;
pub mod search;
pub mod session;
pub mod strength;
pub mod tools;
pub mod words;
