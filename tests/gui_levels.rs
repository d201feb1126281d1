//! The engine's strengths in `tabula gui`: the list /api/info serves for each game (the named
//! levels and points of the Elo knob, ordered by Elo on the game's measured scale), an Elo
//! chosen for a player and played, and choices that are refused.

#[allow(dead_code)]
#[path = "gui_support/mod.rs"]
mod gui_support;

use gui_support::*;
use serde_json::Value;
use tabula::games::GameKind;
use tabula::level::Level;
use tabula::strength::scale::scale;
use tabula::strength::{ELO_RANGE, Strength};

fn info(gui: &Gui) -> Value {
    let (status, body) = gui.get("/api/info");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

/// The multiples of 200 within the game's measured span, clipped to `UCI_Elo`'s range.
fn expected_points(game: GameKind) -> Vec<i64> {
    let (weakest, full) = scale(game).span();
    let low = weakest.max(ELO_RANGE.0 as f64);
    let high = full.min(ELO_RANGE.1 as f64);
    (0..=ELO_RANGE.1 as i64)
        .step_by(200)
        .filter(|&elo| elo as f64 >= low && elo as f64 <= high)
        .collect()
}

#[test]
fn each_game_lists_its_levels_and_elo_points_by_elo() {
    let gui = Gui::start(&["--engine", "cmd=true name=other"]);
    let info = info(&gui);
    let engines = info["engines"].as_array().expect("engines");
    assert_eq!(engines[0]["elo"], true, "{info}");
    assert_eq!(engines[1]["elo"], false, "{info}");
    let names: Vec<&str> = Level::names().collect();
    assert_eq!(info["levels"], serde_json::json!(names));
    for game in GameKind::ALL {
        let served = info["games"]
            .as_array()
            .and_then(|games| games.iter().find(|g| g["name"] == game.name()))
            .unwrap_or_else(|| panic!("no {game:?} in {info}"));
        let list = served["levels"].as_array().expect("levels");
        // The rated entries first, by Elo; then the levels not measured yet, weakest first.
        let elos: Vec<i64> = list.iter().map_while(|c| c["elo"].as_i64()).collect();
        assert!(elos.windows(2).all(|p| p[0] <= p[1]), "{game:?}: {elos:?}");
        let unrated: Vec<&str> = list[elos.len()..]
            .iter()
            .map(|c| c["level"].as_str().expect("an unrated entry is a level"))
            .collect();
        let in_order: Vec<&str> = names
            .iter()
            .copied()
            .filter(|name| unrated.contains(name))
            .collect();
        assert_eq!(unrated, in_order, "{game:?}");
        // Every named level once, with its measured Elo where the scale has one.
        for &name in &names {
            let level = Level::parse(name).expect("a level");
            let entries: Vec<&Value> = list.iter().filter(|c| c["level"] == name).collect();
            assert_eq!(entries.len(), 1, "{game:?} {name}");
            let entry = entries[0];
            assert_eq!(entry["kind"], "level");
            assert_eq!(entry["description"], level.description(game).as_str());
            let elo = scale(game).level_elo(name).map(|elo| elo.round() as i64);
            assert_eq!(entry["elo"].as_i64(), elo, "{game:?} {name}");
            let label = entry["label"].as_str().expect("a label");
            let expected = match elo {
                Some(elo) => format!("{name} · {elo} Elo — {}", level.description(game)),
                None => format!("{name} — {}", level.description(game)),
            };
            assert_eq!(label, expected);
        }
        // The knob's points: every 200 Elo across the measured span.
        let points: Vec<&Value> = list.iter().filter(|c| c["kind"] == "elo").collect();
        let elos: Vec<i64> = points.iter().filter_map(|c| c["elo"].as_i64()).collect();
        assert_eq!(elos, expected_points(game), "{game:?}");
        for point in points {
            let elo = point["elo"].as_i64().expect("an Elo");
            assert!(point["level"].is_null());
            let label = point["label"].as_str().expect("a label");
            assert!(label.starts_with(&format!("{elo} Elo — ")), "{label}");
            let limited = !Strength::from_elo(game, elo as usize).is_full();
            assert_eq!(
                label.contains("limited strength: at most"),
                limited,
                "{label}"
            );
        }
    }
}

/// White human, black tabula with `black` (the fields of its player), searching to depth 5.
fn engine_black(black: &str) -> String {
    format!(
        r#"{{"white":{{"kind":"human"}},"black":{{"kind":"engine","engine":0{black}}},
            "limit":{{"kind":"depth","depth":5}}}}"#
    )
}

/// Plays white's first offered move and waits for black's reply; the record then.
fn play_a_round(gui: &Gui, id: &str) -> String {
    let table = format!("/api/tables/{id}");
    let before = strings(&field(&gui.get(&table).1, "moves")).len();
    let mut path: Vec<String> = Vec::new();
    let mv = loop {
        let picked: Vec<String> = path.iter().map(|s| format!("\"{s}\"")).collect();
        let (status, body) = gui.post(
            &format!("{table}/targets"),
            &format!(r#"{{"path":[{}]}}"#, picked.join(",")),
        );
        assert_eq!(status, 200, "{body}");
        let complete = field(&body, "complete");
        if complete != "null" {
            break complete;
        }
        path.push(strings(&field(&body, "next"))[0].clone());
    };
    let (status, body) = gui.post(&format!("{table}/move"), &format!(r#"{{"move":"{mv}"}}"#));
    assert_eq!(status, 200, "{body}");
    wait_for(gui, id, "black's reply", |state| {
        strings(&field(state, "moves")).len() >= before + 2
    });
    gui.get(&format!("{table}/record")).1
}

/// The comment of the last move of a record (`{+0.35 d5 120ms}`).
fn last_comment(record: &str) -> &str {
    record
        .rsplit_once('{')
        .and_then(|(_, rest)| rest.split_once('}'))
        .map_or("", |(comment, _)| comment)
}

#[test]
fn an_elo_is_played_with_limited_strength_and_a_level_switches_it_off() {
    let gui = Gui::start(&[]);
    let id = gui.open("joust", "8");
    let players = format!("/api/tables/{id}/players");
    let weakest = ELO_RANGE.0;
    let (status, body) = gui.post(&players, &engine_black(&format!(r#","elo":{weakest}"#)));
    assert_eq!(status, 200, "{body}");
    let black = &serde_json::from_str::<Value>(&body).expect("JSON")["players"]["black"];
    assert_eq!(black["elo"], weakest, "{body}");
    assert!(black["level"].is_null(), "{body}");
    // The depth of the engine's move shows the cap of limited strength at that Elo.
    let record = play_a_round(&gui, &id);
    assert!(
        record.contains(&format!("[Black \"tabula ({weakest} Elo)\"]")),
        "{record}"
    );
    let cap = Strength::from_elo(GameKind::Joust, weakest).depth_cap();
    assert_eq!(cap, Some(1.0), "the weakest skill searches one ply");
    let depth = "d1";
    assert!(
        last_comment(&record).split_whitespace().any(|w| w == depth),
        "{record}"
    );
    // A named level: limited strength off, the level's own depth.
    let (status, body) = gui.post(&players, &engine_black(r#","level":"hard""#));
    assert_eq!(status, 200, "{body}");
    let record = play_a_round(&gui, &id);
    assert!(
        record.contains("[Black \"tabula (level hard)\"]"),
        "{record}"
    );
    let hard = Level::parse("hard")
        .expect("a level")
        .cap_depth(GameKind::Joust, Some(5));
    let depth = format!("d{}", hard.expect("a depth"));
    assert!(
        last_comment(&record).split_whitespace().any(|w| w == depth),
        "{record}"
    );
}

#[test]
fn elo_choices_out_of_range_or_unknown_are_refused_and_change_nothing() {
    let gui = Gui::start(&["--engine", "cmd=true name=other"]);
    let id = gui.open("apart", "8");
    let table = format!("/api/tables/{id}");
    let (_, before) = gui.get(&table);
    let other = r#"{"white":{"kind":"engine","engine":1,"elo":1200},"black":{"kind":"human"},"limit":{"kind":"depth","depth":3}}"#;
    let bad = [
        engine_black(&format!(r#","elo":{}"#, ELO_RANGE.0 - 1)),
        engine_black(&format!(r#","elo":{}"#, ELO_RANGE.1 + 1)),
        engine_black(r#","elo":-1200"#),
        engine_black(r#","elo":1200.5"#),
        engine_black(r#","elo":"1200""#),
        engine_black(r#","elo":1200,"level":"easy""#),
        engine_black(r#","level":"1200 Elo""#),
        other.to_string(),
    ];
    for body in bad {
        let (status, answer) = gui.post(&format!("{table}/players"), &body);
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer.starts_with("{\"error\":\""), "{answer}");
        assert_eq!(gui.get(&table).1, before, "{body} changed the table");
    }
    let (_, answer) = gui.post(
        &format!("{table}/players"),
        &engine_black(&format!(r#","elo":{}"#, ELO_RANGE.1 + 1)),
    );
    assert!(answer.contains("out of range"), "{answer}");
    let (_, answer) = gui.post(&format!("{table}/players"), other);
    assert!(answer.contains("other takes no Elo"), "{answer}");
    // Each end of the range is taken.
    for elo in [ELO_RANGE.0, ELO_RANGE.1] {
        let (status, answer) = gui.post(
            &format!("{table}/players"),
            &engine_black(&format!(r#","elo":{elo}"#)),
        );
        assert_eq!(status, 200, "{elo}: {answer}");
    }
}
