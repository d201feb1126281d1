//! The ways tabula is spoken to: UCI and UGI in one command loop.

pub mod uci;
