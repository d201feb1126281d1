//! `tabula gui --table`: the *Perfect play* card's answer (`probe`) from a Claustro table,
//! each move's value and the position's the same as `tabula probe` prints them from that table.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;

use gui_support::Gui;
use std::process::{Command, Output};

/// `tabula ARGS`, run to its end.
fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("tabula runs")
}

#[test]
fn tabula_gui_with_a_table_shows_each_move_s_value_as_the_protocol_probes_it() {
    let path = std::env::temp_dir().join(format!("tabula-gui-{}.tbl", std::process::id()));
    let path = path.display().to_string();
    let solved = tabula(&["solve", "claustro", "--pawns", "2", "--out", &path]);
    assert!(solved.status.success(), "{solved:?}");
    let fen = "5/1p1p1/5/1P1P1/5 w 0 1";
    let probed = tabula(&["probe", "claustro", "--fen", fen, "--table", &path]);
    assert!(probed.status.success(), "{probed:?}");
    let probed: Vec<String> = String::from_utf8_lossy(&probed.stdout)
        .lines()
        .map(|line| format!("probe {line}"))
        .collect();
    let gui = Gui::start(&["--table", &path]);
    let id = gui.open("claustro", "5");
    let (status, body) = gui.post(
        &format!("/api/tables/{id}/position"),
        &format!(r#"{{"position":"{fen}"}}"#),
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = gui.post(&format!("/api/tables/{id}/probe"), "{}");
    assert_eq!(status, 200, "{body}");
    let answer: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let in_words =
        |entry: &serde_json::Value| match (entry["result"].as_str(), entry["plies"].as_u64()) {
            (Some(result), Some(plies)) if result != "draw" => format!("{result} in {plies}"),
            (Some(result), _) => result.to_string(),
            (None, _) => "unknown".to_string(),
        };
    let mut shown: Vec<String> = answer["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|entry| {
            format!(
                "probe move {} {}",
                entry["move"].as_str().unwrap_or(""),
                in_words(entry)
            )
        })
        .collect();
    shown.push(format!(
        "probe position {}",
        in_words(&serde_json::json!({"result": answer["position"], "plies": answer["plies"]}))
    ));
    assert_eq!(shown, probed);
    assert!(shown.iter().any(|line| line.contains(" in ")), "{shown:?}");
    let _ = std::fs::remove_file(&path);
}
