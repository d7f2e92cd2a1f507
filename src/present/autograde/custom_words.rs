//! The course's exact words for each of its custom checkstyle checks
//! ([`CustomRule`]), as its reports print them between the position and the
//! bracketed tag.

use crate::autograde::style::custom::{CustomFinding, CustomRule};

/// The course's message for `finding`, naming its subject where the course
/// names one (a method as `'name()'`, a type as `'Name'`, static fields as
/// `'a', 'b'`).
pub(crate) fn message(finding: &CustomFinding) -> String {
    let subject = finding.subject.as_str();
    match finding.rule {
        CustomRule::NestedClass => {
            "Defining a nested class in this program suggests poor design.".to_string()
        }
        CustomRule::InterfaceInheritance => "Using interface inheritance suggests poor design \
             in this program. For example, 'Board' should be neither 'Comparable' nor 'Iterable'."
            .to_string(),
        // The course's message has the stray quote after `equals()`.
        CustomRule::ToStringInEquals => format!(
            "Calling the '{}()' method in equals()' will slow down the 'equals()' method \
             substantially.",
            or(subject, "toString")
        ),
        CustomRule::PrintInApi => format!(
            "Do not print to standard output in '{}()'.",
            or(subject, "Solver")
        ),
        CustomRule::StaticVariables => {
            let names: Vec<&str> = subject
                .split(',')
                .map(str::trim)
                .filter(|n| !n.is_empty())
                .collect();
            let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
            format!(
                "Declaring {} non-final static variables ({}) suggests poor design in this class.",
                names.len(),
                quoted.join(", ")
            )
        }
        CustomRule::HammingCall => format!(
            "You should not need to call '{}()' in this program. Instead, submit the version \
             with 'manhattan()'.",
            or(subject, "hamming")
        ),
        CustomRule::OwnIterable => "Do not create your own 'Iterable' or 'Iterator' classes. \
             To return an 'Iterable<Board>', simply create a 'Stack<Board>' or 'Queue<Board>', \
             add the boards to the stack/queue, and return the stack/queue."
            .to_string(),
        CustomRule::InstanceVariableType => format!(
            "Can you make the variable of type '{}' a local variable instead of an instance \
             (or static) variable?",
            or(subject, "MinPQ")
        ),
        CustomRule::NoEqualsCall => format!(
            "You will need to call the '{}()' method in Board in order to implement the critical \
             optimization; do not use the '==' operator to compare Board objects.",
            or(subject, "equals")
        ),
    }
}

/// `subject`, or `fallback` when it is empty.
fn or<'a>(subject: &'a str, fallback: &'a str) -> &'a str {
    if subject.is_empty() {
        fallback
    } else {
        subject
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(rule: CustomRule, subject: &str) -> String {
        message(&CustomFinding {
            rule,
            line: 1,
            column: None,
            subject: subject.to_string(),
        })
    }

    #[test]
    fn messages_interpolate_their_subject() {
        assert_eq!(
            at(CustomRule::StaticVariables, "a, b"),
            "Declaring 2 non-final static variables ('a', 'b') suggests poor design in this class."
        );
        assert_eq!(
            at(CustomRule::PrintInApi, "moves"),
            "Do not print to standard output in 'moves()'."
        );
        assert_eq!(
            at(CustomRule::InstanceVariableType, "Comparator"),
            "Can you make the variable of type 'Comparator' a local variable instead of an \
             instance (or static) variable?"
        );
    }

    #[test]
    fn every_rule_has_words() {
        for rule in CustomRule::ALL {
            assert!(at(rule, "").ends_with(['.', '?']));
        }
    }
}
