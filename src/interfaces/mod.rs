//! The ways tabula is spoken to: UCI and UGI in one command loop, and CECP (XBoard) once
//! `xboard` is sent there.

pub mod cecp;
pub mod gui;
pub mod uci;
