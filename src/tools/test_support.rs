//! What the tools' unit tests share: bad input refused with words that name the problem.

use std::fmt::Debug;

/// Asserts that `parse` refuses each text of `cases` with words that contain its problem.
pub fn assert_refusals<T: Debug>(
    parse: impl Fn(&str) -> Result<T, String>,
    cases: &[(&str, &str)],
) {
    for &(text, problem) in cases {
        match parse(text) {
            Ok(parsed) => panic!("{text}: accepted as {parsed:?}, though refused for {problem}"),
            Err(error) => assert!(error.contains(problem), "{text}: {error}"),
        }
    }
}
