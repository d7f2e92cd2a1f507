//! The course's "custom checkstyle checks" for `Board.java` and
//! `Solver.java`, written natively: a small comment-, string- and
//! char-literal-aware tokenizer, a light structural pass (classes, methods,
//! fields and method calls, each with its enclosing scope), and one check
//! per rule the course's reports show.
//!
//! The course's configuration is not public; each rule here was read off the
//! lines its reports print (message, tag, and where line:column point), and
//! its trigger off the sources those reports are about, including the code
//! they do *not* flag. Positions are Checkstyle's: 1-based line, and the
//! column with tabs expanded to the next multiple of 8, plus one.
//!
//! Two rules are printed with an older tag in earlier editions of the report
//! (see [`CustomRule::InterfaceInheritance`] and
//! [`CustomRule::InstanceVariableType`]); [`CustomRule::tag`] gives the
//! current one. The hamming rule appears only in the current edition.
//!
//! Nothing here panics, whatever the text: every look-up is checked, the
//! scopes are an explicit stack (no recursion), and each token is visited a
//! bounded number of times.

mod calls;
mod declarations;
mod lexer;
mod model;
#[cfg(test)]
mod tests;
mod tokens;

use std::collections::BTreeSet;

use lexer::{Pos, tokenize};
use model::{Model, Qualifier, TypeKind};

/// Which file a check reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JavaFile {
    /// `Board.java`.
    Board,
    /// `Solver.java`.
    Solver,
}

/// One of the course's custom checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CustomRule {
    /// `Board.java`: a class that declares another class inside it (member,
    /// local, or inside an anonymous class; a nested `enum`, `interface` or
    /// `record` does not count). Reported once, at the outer class's
    /// declaration (its first modifier or annotation, else `class`).
    /// Tag `DescendantToken`.
    NestedClass,
    /// `Board.java`: each `implements` keyword. Reported at the keyword.
    /// Tag `Design` (the older edition printed `IllegalToken`).
    InterfaceInheritance,
    /// `Board.java`: a call to `toString()` inside a method named `equals`.
    /// Reported at the call's `(` (Checkstyle's `METHOD_CALL`).
    /// Tag `IllegalMethodCall`.
    ToStringInEquals,
    /// `Board.java` and `Solver.java`: a print to standard output
    /// (`StdOut.print`/`println`/`printf`, `System.out.print`/`println`/
    /// `printf`/`format`) directly inside a constructor or public API
    /// method of the file's top-level class (`Solver()`, `isSolvable()`,
    /// `moves()`, `solution()`; `Board()`, `dimension()`, `toString()`,
    /// `hamming()`, `manhattan()`, `isGoal()`, `equals()`, `neighbors()`,
    /// `twin()`). Helpers, nested classes and `main` are not checked.
    /// Reported at the call's `(`. Tag `SideEffect`. (Seen in reports for
    /// `Solver.java` only; `Board.java` is checked by analogy.)
    PrintInApi,
    /// `Board.java` and `Solver.java`: non-final `static` fields, counted
    /// over the whole file (nested classes too; interface fields are
    /// implicitly final). Reported at line 1 without a column, naming the
    /// fields in alphabetical order. Tag `StaticVariableCount`.
    StaticVariables,
    /// `Solver.java`: a call to a method named `hamming`. Reported at the
    /// method's name. Tag `Performance`. Current edition only.
    HammingCall,
    /// `Solver.java`: a definition of `iterator()`, `hasNext()` or `next()`
    /// in a named class (those of anonymous classes are not reported).
    /// Reported at the method's name. Tag `Design`.
    OwnIterable,
    /// `Solver.java`: a field (instance or static, in any class) of type
    /// `MinPQ`, `MaxPQ` or `Comparator`. Reported at the type's name.
    /// Tag `Design` (the older edition printed `MyIllegalType`).
    InstanceVariableType,
    /// `Solver.java`: no call to any method named `equals`. Reported at
    /// line 1 without a column. Tag `MethodCallCount`.
    NoEqualsCall,
}

impl CustomRule {
    /// Every rule, in declaration order.
    pub const ALL: [CustomRule; 9] = [
        CustomRule::NestedClass,
        CustomRule::InterfaceInheritance,
        CustomRule::ToStringInEquals,
        CustomRule::PrintInApi,
        CustomRule::StaticVariables,
        CustomRule::HammingCall,
        CustomRule::OwnIterable,
        CustomRule::InstanceVariableType,
        CustomRule::NoEqualsCall,
    ];

    /// The tag the course prints in brackets.
    #[must_use]
    pub fn tag(self) -> &'static str {
        match self {
            CustomRule::NestedClass => "DescendantToken",
            CustomRule::InterfaceInheritance
            | CustomRule::OwnIterable
            | CustomRule::InstanceVariableType => "Design",
            CustomRule::ToStringInEquals => "IllegalMethodCall",
            CustomRule::PrintInApi => "SideEffect",
            CustomRule::StaticVariables => "StaticVariableCount",
            CustomRule::HammingCall => "Performance",
            CustomRule::NoEqualsCall => "MethodCallCount",
        }
    }

    /// The tag the older edition of the report (the one with `Findbugs`)
    /// prints: as [`CustomRule::tag`] but `IllegalToken` for
    /// [`CustomRule::InterfaceInheritance`] and `MyIllegalType` for
    /// [`CustomRule::InstanceVariableType`].
    #[must_use]
    pub fn older_tag(self) -> &'static str {
        match self {
            CustomRule::InterfaceInheritance => "IllegalToken",
            CustomRule::InstanceVariableType => "MyIllegalType",
            other => other.tag(),
        }
    }

    /// Whether the older edition of the report (the one with `Findbugs`)
    /// has this check: all but [`CustomRule::HammingCall`].
    #[must_use]
    pub fn in_older_edition(self) -> bool {
        self != CustomRule::HammingCall
    }
}

/// A finding: the rule, where (1-based line; column as Checkstyle counts it,
/// when the course prints one), and the name it is about (a method, a type,
/// a class) when the message names one.
///
/// `subject` holds: the outer class ([`CustomRule::NestedClass`]), the
/// implementing class ([`CustomRule::InterfaceInheritance`]), the method
/// without `()` ([`CustomRule::ToStringInEquals`], [`CustomRule::PrintInApi`],
/// [`CustomRule::HammingCall`], [`CustomRule::OwnIterable`],
/// [`CustomRule::NoEqualsCall`]), the type ([`CustomRule::InstanceVariableType`]),
/// or the fields' names joined by `", "` ([`CustomRule::StaticVariables`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CustomFinding {
    /// The rule.
    pub rule: CustomRule,
    /// The 1-based line.
    pub line: u32,
    /// The column as Checkstyle counts it (tabs to multiples of 8), if the
    /// course prints one.
    pub column: Option<u32>,
    /// The name the message is about, or empty.
    pub subject: String,
}

/// The course's custom checks of `file`, whose text is `source`, in the order
/// the course prints them (by line, then column; a finding without a column
/// comes first on its line).
#[must_use]
pub fn check(file: JavaFile, source: &str) -> Vec<CustomFinding> {
    let tokens = tokenize(source);
    let model = Model::build(&tokens);
    let mut out = match file {
        JavaFile::Board => board_checks(&model),
        JavaFile::Solver => solver_checks(&model),
    };
    out.extend(static_variables(&model));
    // As Checkstyle's sorted set of violations: by position, then check;
    // an exact repeat (`MinPQ<N> a, b;`) is printed once.
    out.sort_by(|a, b| {
        (a.line, a.column.unwrap_or(0), a.rule.tag(), &a.subject).cmp(&(
            b.line,
            b.column.unwrap_or(0),
            b.rule.tag(),
            &b.subject,
        ))
    });
    out.dedup();
    out
}

// ---------------------------------------------------------------- checks

fn finding(rule: CustomRule, at: Pos, subject: &str) -> CustomFinding {
    CustomFinding {
        rule,
        line: at.line,
        column: Some(at.col),
        subject: subject.to_string(),
    }
}

fn board_checks(m: &Model) -> Vec<CustomFinding> {
    let mut out = Vec::new();
    // A class is flagged when any class is declared somewhere inside it.
    let mut flagged = vec![false; m.classes.len()];
    for c in &m.classes {
        if c.kind != TypeKind::Class {
            continue;
        }
        let mut up = c.parent;
        while let Some(p) = up {
            let Some(pc) = m.classes.get(p) else { break };
            if pc.kind == TypeKind::Class {
                if flagged.get(p).copied().unwrap_or(true) {
                    break; // it and its ancestors are marked already
                }
                if let Some(slot) = flagged.get_mut(p) {
                    *slot = true;
                }
            }
            up = pc.parent;
        }
    }
    for (c, hit) in m.classes.iter().zip(&flagged) {
        if *hit {
            out.push(finding(CustomRule::NestedClass, c.at, &c.name));
        }
    }
    for &(at, class) in &m.implements {
        let name = m.classes.get(class).map_or("", |c| c.name.as_str());
        out.push(finding(CustomRule::InterfaceInheritance, at, name));
    }
    for call in &m.calls {
        if call.name == "toString" && m.method_name(call.method) == Some("equals") {
            out.push(finding(
                CustomRule::ToStringInEquals,
                call.paren,
                "toString",
            ));
        }
    }
    out.extend(prints_in_api(
        m,
        &[
            "Board",
            "dimension",
            "toString",
            "hamming",
            "manhattan",
            "isGoal",
            "equals",
            "neighbors",
            "twin",
        ],
    ));
    out
}

fn solver_checks(m: &Model) -> Vec<CustomFinding> {
    let mut out = Vec::new();
    for call in &m.calls {
        if call.name == "hamming" {
            out.push(finding(CustomRule::HammingCall, call.at, "hamming"));
        }
    }
    for method in &m.methods {
        let named_class = m
            .classes
            .get(method.class)
            .is_some_and(|c| c.kind != TypeKind::Anonymous);
        if named_class && matches!(method.name.as_str(), "iterator" | "hasNext" | "next") {
            out.push(finding(CustomRule::OwnIterable, method.at, &method.name));
        }
    }
    for field in &m.fields {
        if matches!(field.type_name.as_str(), "MinPQ" | "MaxPQ" | "Comparator") {
            out.push(finding(
                CustomRule::InstanceVariableType,
                field.type_at,
                &field.type_name,
            ));
        }
    }
    if !m.calls.iter().any(|c| c.name == "equals") {
        out.push(CustomFinding {
            rule: CustomRule::NoEqualsCall,
            line: 1,
            column: None,
            subject: "equals".to_string(),
        });
    }
    out.extend(prints_in_api(
        m,
        &["Solver", "isSolvable", "moves", "solution"],
    ));
    out
}

/// Prints to standard output directly inside `api` methods of a top-level
/// class (the constructor is named after the class).
fn prints_in_api(m: &Model, api: &[&str]) -> Vec<CustomFinding> {
    let mut out = Vec::new();
    for call in &m.calls {
        let stdout = match call.qualifier {
            Qualifier::StdOut => matches!(call.name.as_str(), "print" | "println" | "printf"),
            Qualifier::SystemOut => {
                matches!(
                    call.name.as_str(),
                    "print" | "println" | "printf" | "format"
                )
            }
            Qualifier::Other => false,
        };
        if !stdout {
            continue;
        }
        let Some(method) = call.method.and_then(|i| m.methods.get(i)) else {
            continue;
        };
        let top = m
            .classes
            .get(method.class)
            .is_some_and(|c| c.parent.is_none() && c.kind == TypeKind::Class);
        let api_name = if method.is_ctor {
            api.first().is_some_and(|ctor| *ctor == method.name)
        } else {
            api.iter().skip(1).any(|n| *n == method.name)
        };
        if top && api_name {
            out.push(finding(CustomRule::PrintInApi, call.paren, &method.name));
        }
    }
    out
}

fn static_variables(m: &Model) -> Option<CustomFinding> {
    let names: BTreeSet<&str> = m
        .fields
        .iter()
        .filter(|f| f.is_static && !f.is_final)
        .filter(|f| {
            m.classes
                .get(f.class)
                .is_none_or(|c| !matches!(c.kind, TypeKind::Interface | TypeKind::Annotation))
        })
        .map(|f| f.name.as_str())
        .collect();
    if names.is_empty() {
        return None;
    }
    Some(CustomFinding {
        rule: CustomRule::StaticVariables,
        line: 1,
        column: None,
        subject: names.into_iter().collect::<Vec<_>>().join(", "),
    })
}
