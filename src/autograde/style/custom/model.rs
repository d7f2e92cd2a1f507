//! The custom checks' model of a source: classes, methods, fields and
//! calls, each with its enclosing scope. It is built by a structural pass
//! over the tokens: the declarations (`declarations.rs`) and the calls in
//! code (`calls.rs`), with the token helpers of `tokens.rs`.

use super::lexer::Pos;

// ----------------------------------------------------------------- model

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TypeKind {
    Class,
    Interface,
    Enum,
    Record,
    Annotation,
    Anonymous,
}

#[derive(Debug)]
pub(super) struct ClassInfo {
    pub(super) name: String,
    pub(super) kind: TypeKind,
    pub(super) parent: Option<usize>,
    /// Where Checkstyle puts the declaration: its first modifier or
    /// annotation, else its keyword.
    pub(super) at: Pos,
}

#[derive(Debug)]
pub(super) struct MethodInfo {
    pub(super) name: String,
    pub(super) class: usize,
    pub(super) is_ctor: bool,
    /// The method's name.
    pub(super) at: Pos,
}

#[derive(Debug, Clone)]
pub(super) struct FieldInfo {
    pub(super) class: usize,
    pub(super) is_static: bool,
    pub(super) is_final: bool,
    /// The simple name of the type (`MinPQ` of `MinPQ<Node>`).
    pub(super) type_name: String,
    /// The type's first token.
    pub(super) type_at: Pos,
    pub(super) name: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Qualifier {
    /// `StdOut.name(`.
    StdOut,
    /// `System.out.name(`.
    SystemOut,
    Other,
}

#[derive(Debug)]
pub(super) struct CallInfo {
    pub(super) name: String,
    /// The method's name.
    pub(super) at: Pos,
    /// The `(` (Checkstyle's `METHOD_CALL`).
    pub(super) paren: Pos,
    pub(super) qualifier: Qualifier,
    /// The innermost method (or constructor) the call is in.
    pub(super) method: Option<usize>,
}

#[derive(Debug, Clone, Copy)]
pub(super) enum Scope {
    /// A class (or interface, enum, record, anonymous class) body.
    Type {
        class: usize,
        /// In an enum's constant list (before its first `;`).
        enum_constants: bool,
    },
    /// Code: a method body, initializer, block, lambda body, array
    /// initializer, or a field's initializer (`field` is then the index of
    /// its field, and the scope ends at the `;`).
    Code {
        method: Option<usize>,
        class: Option<usize>,
        field: Option<usize>,
        parens: u32,
    },
}

#[derive(Debug, Default)]
pub(super) struct Model {
    pub(super) classes: Vec<ClassInfo>,
    pub(super) methods: Vec<MethodInfo>,
    pub(super) fields: Vec<FieldInfo>,
    pub(super) calls: Vec<CallInfo>,
    /// Each `implements` of a class header, with its class.
    pub(super) implements: Vec<(Pos, usize)>,
}

pub(super) const MODIFIERS: &[&str] = &[
    "public",
    "protected",
    "private",
    "static",
    "final",
    "abstract",
    "transient",
    "volatile",
    "native",
    "synchronized",
    "strictfp",
    "default",
    "sealed",
];

/// Words that take `(` without being a method call.
pub(super) const NOT_CALLS: &[&str] = &[
    "if",
    "for",
    "while",
    "switch",
    "catch",
    "synchronized",
    "return",
    "throw",
    "case",
    "assert",
    "try",
    "new",
    "this",
    "super",
    "else",
    "do",
    "yield",
];

impl Model {
    pub(super) fn method_name(&self, method: Option<usize>) -> Option<&str> {
        method
            .and_then(|i| self.methods.get(i))
            .map(|m| m.name.as_str())
    }

    pub(super) fn class_name(&self, class: Option<usize>) -> &str {
        class
            .and_then(|i| self.classes.get(i))
            .map_or("", |c| c.name.as_str())
    }
}
