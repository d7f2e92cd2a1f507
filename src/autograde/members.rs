//! The API check: the public members of the compiled classes (as `javap
//! -public` lists them, without running any student code) against the
//! spec variant's.

use crate::course::Api;

/// The members a spec variant requires, as `javap` prints them (without
/// `public`); `main` is listed but may be missing (the course never runs
/// it).
///
/// # Example
///
/// ```
/// use slider::{course::Api, autograde::members::expected};
/// assert!(expected(Api::Coursera, "Board").contains(&"Board twin()"));
/// assert!(expected(Api::Princeton, "Board").contains(&"int tileAt(int, int)"));
/// ```
#[must_use]
pub fn expected(api: Api, class: &str) -> Vec<&'static str> {
    let mut members = match class {
        "Board" => vec![
            "Board(int[][])",
            "java.lang.String toString()",
            "int hamming()",
            "int manhattan()",
            "boolean isGoal()",
            "boolean equals(java.lang.Object)",
            "java.lang.Iterable<Board> neighbors()",
        ],
        _ => vec![
            "Solver(Board)",
            "int moves()",
            "java.lang.Iterable<Board> solution()",
        ],
    };
    members.push("static void main(java.lang.String[])");
    match (api, class) {
        (Api::Coursera, "Board") => members.extend(["int dimension()", "Board twin()"]),
        (Api::Princeton, "Board") => {
            members.extend(["int size()", "int tileAt(int, int)", "boolean isSolvable()"]);
        }
        (Api::Coursera, _) => members.push("boolean isSolvable()"),
        (Api::Princeton, _) => {}
    }
    members
}

/// Members a class may add without breaking the API: overrides of
/// `Object`'s own public methods.
const ALLOWED_EXTRA: [&str; 1] = ["int hashCode()"];

/// The public members `javap -public` lists for each class, keyed by class
/// name, in order: `(class, members)`.
///
/// # Example
///
/// ```
/// use slider::autograde::members::parse_javap;
/// let text = "Compiled from \"Board.java\"\npublic class Board {\n  public Board(int[][]);\n  public final int hamming();\n}\n";
/// assert_eq!(parse_javap(text), vec![("Board".to_string(), vec!["Board(int[][])".to_string(), "int hamming()".to_string()])]);
/// ```
#[must_use]
pub fn parse_javap(text: &str) -> Vec<(String, Vec<String>)> {
    let mut classes: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(rest) = trimmed.strip_suffix('{') {
            let words: Vec<&str> = rest.split_whitespace().collect();
            if let Some(k) = words
                .iter()
                .position(|w| *w == "class" || *w == "interface" || *w == "enum")
            {
                let name = words.get(k + 1).copied().unwrap_or("").to_string();
                classes.push((name, Vec::new()));
            }
        } else if let Some(member) = trimmed.strip_suffix(';')
            && let Some((_, members)) = classes.last_mut()
        {
            let member = member.split(" throws ").next().unwrap_or(member);
            let words: Vec<&str> = member
                .split(' ')
                .filter(|w| {
                    !matches!(
                        *w,
                        "public" | "final" | "synchronized" | "native" | "strictfp"
                    )
                })
                .collect();
            members.push(words.join(" "));
        }
    }
    classes
}

/// What the API check found in one class: one finding per problem.
///
/// # Example
///
/// ```
/// use slider::{course::Api, autograde::{ApiFinding, MemberKind, members::findings}};
/// let members = vec!["Board(int[][])".to_string(), "int size()".to_string(), "int[][] tiles()".to_string()];
/// let found = findings(Api::Coursera, "Board", &members);
/// assert!(found.contains(&ApiFinding::Missing { class: "Board".into(), expected: "int dimension()".into() }));
/// assert!(found.contains(&ApiFinding::Extra { class: "Board".into(), found: "int[][] tiles()".into(), kind: MemberKind::Method }));
/// ```
#[must_use]
pub fn findings(api: Api, class: &str, members: &[String]) -> Vec<super::ApiFinding> {
    use super::{ApiFinding, MemberKind};
    let expected = expected(api, class);
    let mut out = Vec::new();
    let name_of = |m: &str| {
        m.split('(')
            .next()
            .unwrap_or("")
            .rsplit(' ')
            .next()
            .unwrap_or("")
            .to_string()
    };
    for want in &expected {
        if members.iter().any(|m| m == want) || want.starts_with("static void main") {
            continue;
        }
        let same_name: Vec<&String> = members
            .iter()
            .filter(|m| name_of(m) == name_of(want))
            .collect();
        out.push(match same_name.first() {
            Some(found) => ApiFinding::WrongSignature {
                class: class.to_string(),
                found: (*found).clone(),
                expected: (*want).to_string(),
            },
            None => ApiFinding::Missing {
                class: class.to_string(),
                expected: (*want).to_string(),
            },
        });
    }
    for member in members {
        let name = name_of(member);
        let expected_name = expected.iter().any(|w| name_of(w) == name);
        if expected.contains(&member.as_str())
            || ALLOWED_EXTRA.contains(&member.as_str())
            || expected_name
        {
            continue;
        }
        out.push(ApiFinding::Extra {
            class: class.to_string(),
            found: member.clone(),
            kind: MemberKind::of(member),
        });
    }
    out
}

/// The variant whose API the classes match best (Coursera on a tie).
///
/// # Example
///
/// ```
/// use slider::{course::Api, autograde::members::detect};
/// let board = vec!["Board(int[][])".to_string(), "int size()".to_string(), "int tileAt(int, int)".to_string()];
/// assert_eq!(detect(&[("Board".to_string(), board)]), Api::Princeton);
/// ```
#[must_use]
pub fn detect(classes: &[(String, Vec<String>)]) -> Api {
    let score = |api: Api| {
        classes
            .iter()
            .map(|(class, members)| {
                let expected = expected(api, class);
                members
                    .iter()
                    .filter(|m| expected.contains(&m.as_str()))
                    .count()
            })
            .sum::<usize>()
    };
    if score(Api::Princeton) > score(Api::Coursera) {
        Api::Princeton
    } else {
        Api::Coursera
    }
}
