//! The custom checks' structural pass: classes, methods, fields and calls, each with its enclosing scope.

use super::lexer::{Kind, Pos, Tok};

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

pub(super) fn is(t: Option<&Tok<'_>>, text: &str) -> bool {
    t.is_some_and(|t| t.text == text && t.kind != Kind::Literal)
}

pub(super) fn ident<'a>(t: Option<&Tok<'a>>) -> Option<&'a str> {
    t.filter(|t| t.kind == Kind::Ident).map(|t| t.text)
}

/// The end of a member header from `i`: the index of the first `;`, `{`,
/// `=` or `}` outside parentheses and brackets (or the end).
pub(super) fn header_end(toks: &[Tok<'_>], i: usize) -> usize {
    let mut depth = 0u32;
    let mut j = i;
    while let Some(t) = toks.get(j) {
        if t.kind == Kind::Punct {
            match t.text {
                "(" | "[" => depth = depth.saturating_add(1),
                ")" | "]" => depth = depth.saturating_sub(1),
                ";" | "{" | "=" | "}" if depth == 0 => return j,
                _ => {}
            }
        }
        j += 1;
    }
    j
}

/// Skips annotations and modifiers in `toks[i..end]`; returns the first
/// other index and whether `static` and `final` were seen.
pub(super) fn skip_modifiers(toks: &[Tok<'_>], mut i: usize, end: usize) -> (usize, bool, bool) {
    let (mut stat, mut fin) = (false, false);
    while i < end {
        let t = toks.get(i);
        if is(t, "@") && !is(toks.get(i + 1), "interface") {
            i += 1;
            // The annotation's (dotted) name.
            while i < end && ident(toks.get(i)).is_some() {
                i += 1;
                if is(toks.get(i), ".") {
                    i += 1;
                } else {
                    break;
                }
            }
            if is(toks.get(i), "(") {
                i = skip_balanced(toks, i, end, "(", ")");
            }
        } else if let Some(word) = ident(t).filter(|w| MODIFIERS.contains(w)) {
            stat |= word == "static";
            fin |= word == "final";
            i += 1;
        } else {
            break;
        }
    }
    (i, stat, fin)
}

/// From an opening `open` at `i`, the index after its matching `close`
/// (bounded by `end`).
pub(super) fn skip_balanced(
    toks: &[Tok<'_>],
    mut i: usize,
    end: usize,
    open: &str,
    close: &str,
) -> usize {
    let mut depth = 0u32;
    while i < end {
        if is(toks.get(i), open) {
            depth = depth.saturating_add(1);
        } else if is(toks.get(i), close) {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return i + 1;
            }
        }
        i += 1;
    }
    end
}

/// A type at `i` (`a.b.C<...>[]`): its simple name, first position, and the
/// index after it.
pub(super) fn parse_type<'a>(
    toks: &[Tok<'a>],
    mut i: usize,
    end: usize,
) -> Option<(&'a str, Pos, usize)> {
    let first = toks.get(i).filter(|_| i < end)?;
    let mut name = ident(Some(first))?;
    i += 1;
    while i + 1 < end && is(toks.get(i), ".") {
        match ident(toks.get(i + 1)) {
            Some(n) => {
                name = n;
                i += 2;
            }
            None => break,
        }
    }
    if is(toks.get(i), "<") {
        i = skip_balanced(toks, i, end, "<", ">");
    }
    while is(toks.get(i), "[") && is(toks.get(i + 1), "]") {
        i += 2;
    }
    Some((name, first.at, i))
}

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

    pub(super) fn build(toks: &[Tok<'_>]) -> Model {
        let mut m = Model::default();
        let mut scopes: Vec<Scope> = Vec::new();
        // Index of each open `(`, to find what precedes a `) {`.
        let mut parens: Vec<usize> = Vec::new();
        // The `(` matching the last `)`.
        let mut last_open: Option<usize> = None;
        let mut i = 0usize;
        while i < toks.len() {
            let Some(&tok) = toks.get(i) else { break };
            match scopes.last().copied() {
                None
                | Some(Scope::Type {
                    enum_constants: false,
                    ..
                }) => {
                    let class = match scopes.last() {
                        Some(Scope::Type { class, .. }) => Some(*class),
                        _ => None,
                    };
                    i = m.member(toks, i, class, &mut scopes);
                }
                Some(Scope::Type {
                    class,
                    enum_constants: true,
                }) => {
                    // Enum constants: `A, B(1), C { ... };`.
                    match tok.text {
                        ";" if tok.kind == Kind::Punct => {
                            scopes.pop();
                            scopes.push(Scope::Type {
                                class,
                                enum_constants: false,
                            });
                        }
                        "}" if tok.kind == Kind::Punct => {
                            scopes.pop();
                        }
                        "(" if tok.kind == Kind::Punct => {
                            i = skip_balanced(toks, i, toks.len(), "(", ")");
                            continue;
                        }
                        "{" if tok.kind == Kind::Punct => {
                            let name = ident(i.checked_sub(1).and_then(|p| toks.get(p)))
                                .unwrap_or("")
                                .to_string();
                            m.classes.push(ClassInfo {
                                name,
                                kind: TypeKind::Anonymous,
                                parent: Some(class),
                                at: tok.at,
                            });
                            scopes.push(Scope::Type {
                                class: m.classes.len() - 1,
                                enum_constants: false,
                            });
                        }
                        _ => {}
                    }
                    i += 1;
                }
                Some(Scope::Code {
                    method,
                    class,
                    field,
                    parens: depth,
                }) => {
                    i = m.code(
                        toks,
                        i,
                        (method, class, field, depth),
                        &mut scopes,
                        &mut parens,
                        &mut last_open,
                    );
                }
            }
        }
        m
    }

    /// One member of a class body (or a top-level declaration), from
    /// `start`; returns the index to go on from.
    pub(super) fn member(
        &mut self,
        toks: &[Tok<'_>],
        start: usize,
        class: Option<usize>,
        scopes: &mut Vec<Scope>,
    ) -> usize {
        let end = header_end(toks, start);
        let stop = toks.get(end).map_or("", |t| t.text);
        let block = Scope::Code {
            method: None,
            class,
            field: None,
            parens: 0,
        };
        if end == start {
            match stop {
                "}" => {
                    scopes.pop();
                }
                "{" => scopes.push(block),
                _ => {} // `;`, or a stray `=`
            }
            return end + 1;
        }
        let (core, is_static, is_final) = skip_modifiers(toks, start, end);
        if let Some((kind, keyword)) = type_keyword(toks, core, end) {
            if stop == "{" {
                let at = toks.get(start).map_or(Pos { line: 1, col: 1 }, |t| t.at);
                self.open_type(toks, (kind, keyword, end), at, class, scopes);
            }
            return end + 1;
        }
        let paren = (core..end).find(|&j| is(toks.get(j), "("));
        match (stop, paren) {
            ("{", Some(open)) => {
                let method = class.and_then(|c| self.method_def(toks, core, open, c));
                scopes.push(Scope::Code {
                    method,
                    class,
                    field: None,
                    parens: 0,
                });
            }
            // An initializer block, or something this pass cannot tell.
            ("{", None) => scopes.push(block),
            ("}", _) => {
                scopes.pop();
            }
            (";" | "=", None) => {
                if let Some(c) = class {
                    self.fields_of(toks, (core, end), (c, is_static, is_final));
                    if stop == "=" {
                        scopes.push(Scope::Code {
                            method: None,
                            class,
                            field: self.fields.len().checked_sub(1),
                            parens: 0,
                        });
                    }
                }
            }
            _ => {} // an abstract method, or garbage
        }
        end + 1
    }

    /// A class, interface, enum, record or annotation type whose keyword is
    /// at `keyword` and whose header ends (at its `{`) at `end`; Checkstyle
    /// puts it `at` its first modifier.
    pub(super) fn open_type(
        &mut self,
        toks: &[Tok<'_>],
        (kind, keyword, end): (TypeKind, usize, usize),
        at: Pos,
        parent: Option<usize>,
        scopes: &mut Vec<Scope>,
    ) {
        self.classes.push(ClassInfo {
            name: ident(toks.get(keyword + 1)).unwrap_or("").to_string(),
            kind,
            parent,
            at,
        });
        let me = self.classes.len() - 1;
        for j in keyword..end {
            if let Some(t) = toks
                .get(j)
                .filter(|t| t.kind == Kind::Ident && t.text == "implements")
            {
                self.implements.push((t.at, me));
            }
        }
        scopes.push(Scope::Type {
            class: me,
            enum_constants: kind == TypeKind::Enum,
        });
    }

    /// The method (or constructor) whose parameters open at `open`, in
    /// `class`; its index.
    pub(super) fn method_def(
        &mut self,
        toks: &[Tok<'_>],
        core: usize,
        open: usize,
        class: usize,
    ) -> Option<usize> {
        let name = open
            .checked_sub(1)
            .and_then(|q| toks.get(q))
            .filter(|t| t.kind == Kind::Ident)?;
        let before = open
            .checked_sub(2)
            .filter(|&q| q >= core)
            .and_then(|q| toks.get(q));
        let is_ctor = name.text == self.class_name(Some(class))
            && !before.is_some_and(|b| b.kind == Kind::Ident || b.text == "]");
        self.methods.push(MethodInfo {
            name: name.text.to_string(),
            class,
            is_ctor,
            at: name.at,
        });
        Some(self.methods.len() - 1)
    }

    /// The fields declared by `toks[core..end]` (a type, then names), of
    /// `class`, with the given `static` and `final`.
    pub(super) fn fields_of(
        &mut self,
        toks: &[Tok<'_>],
        (core, end): (usize, usize),
        (class, is_static, is_final): (usize, bool, bool),
    ) {
        let Some((type_name, type_at, mut j)) = parse_type(toks, core, end) else {
            return;
        };
        let template = FieldInfo {
            class,
            is_static,
            is_final,
            type_name: type_name.to_string(),
            type_at,
            name: String::new(),
        };
        // The declarators: `a`, `b[]`, ...
        while let Some(name) = ident(toks.get(j)).filter(|_| j < end) {
            self.fields.push(FieldInfo {
                name: name.to_string(),
                ..template.clone()
            });
            j += 1;
            while is(toks.get(j), "[") || is(toks.get(j), "]") {
                j += 1;
            }
            if is(toks.get(j), ",") {
                j += 1;
            } else {
                break;
            }
        }
    }

    /// One token of code at `i`; returns the index to go on from.
    #[allow(clippy::too_many_lines)]
    pub(super) fn code(
        &mut self,
        toks: &[Tok<'_>],
        i: usize,
        (method, class, field, depth): (Option<usize>, Option<usize>, Option<usize>, u32),
        scopes: &mut Vec<Scope>,
        parens: &mut Vec<usize>,
        last_open: &mut Option<usize>,
    ) -> usize {
        let Some(&tok) = toks.get(i) else {
            return i + 1;
        };
        let prev = i.checked_sub(1).and_then(|p| toks.get(p));
        let set_depth = |scopes: &mut Vec<Scope>, d: u32| {
            if let Some(Scope::Code { parens, .. }) = scopes.last_mut() {
                *parens = d;
            }
        };
        if tok.kind == Kind::Punct {
            match tok.text {
                "(" => {
                    parens.push(i);
                    set_depth(scopes, depth.saturating_add(1));
                }
                ")" => {
                    *last_open = parens.pop();
                    set_depth(scopes, depth.saturating_sub(1));
                }
                ";" if field.is_some() && depth == 0 => {
                    scopes.pop();
                }
                "," if field.is_some() && depth == 0 => {
                    // Another declarator of the same field declaration?
                    let next = ident(toks.get(i + 1));
                    let after = toks.get(i + 2).map_or("", |t| t.text);
                    let template = field.and_then(|f| self.fields.get(f)).cloned();
                    if let (Some(name), Some(template), true) =
                        (next, template, matches!(after, "=" | ";" | "," | "["))
                    {
                        self.fields.push(FieldInfo {
                            name: name.to_string(),
                            ..template
                        });
                        let newest = self.fields.len() - 1;
                        if let Some(Scope::Code { field, .. }) = scopes.last_mut() {
                            *field = Some(newest);
                        }
                    }
                }
                "}" => {
                    scopes.pop();
                    if field.is_some() {
                        // A field's initializer cut short: the `}` closes
                        // the class around it.
                        return i;
                    }
                }
                "{" => {
                    let anonymous = prev.is_some_and(|p| p.text == ")" && p.kind == Kind::Punct)
                        && last_open.is_some_and(|o| is_new_call(toks, o));
                    if anonymous {
                        let name = last_open
                            .and_then(|o| o.checked_sub(1))
                            .and_then(|q| ident(toks.get(q)))
                            .unwrap_or("")
                            .to_string();
                        self.classes.push(ClassInfo {
                            name,
                            kind: TypeKind::Anonymous,
                            parent: class,
                            at: tok.at,
                        });
                        scopes.push(Scope::Type {
                            class: self.classes.len() - 1,
                            enum_constants: false,
                        });
                    } else {
                        scopes.push(Scope::Code {
                            method,
                            class,
                            field: None,
                            parens: 0,
                        });
                    }
                }
                _ => {}
            }
            return i + 1;
        }
        if tok.kind != Kind::Ident {
            return i + 1;
        }
        let after_dot = is(prev, ".");
        // A local class, interface, enum (or record).
        let local = match tok.text {
            "class" | "interface" | "enum" if !after_dot => true,
            "record" => !after_dot && ident(toks.get(i + 1)).is_some() && is(toks.get(i + 2), "("),
            _ => false,
        };
        if local {
            // Back over `final`, `abstract`, `static` and plain annotations.
            let mut start = i;
            loop {
                let b = start.checked_sub(1).and_then(|p| toks.get(p));
                let b2 = start.checked_sub(2).and_then(|p| toks.get(p));
                if ident(b).is_some_and(|w| MODIFIERS.contains(&w)) {
                    start -= 1;
                } else if ident(b).is_some() && is(b2, "@") {
                    start -= 2;
                } else {
                    break;
                }
            }
            let end = header_end(toks, i);
            if is(toks.get(end), "{") {
                let kind = match tok.text {
                    "class" => TypeKind::Class,
                    "interface" => TypeKind::Interface,
                    "enum" => TypeKind::Enum,
                    _ => TypeKind::Record,
                };
                let at = toks.get(start).map_or(tok.at, |t| t.at);
                self.open_type(toks, (kind, i, end), at, class, scopes);
                return end + 1;
            }
            return i + 1;
        }
        // A method call: `name(`, not a keyword, not `new Name(`.
        if let Some(open) = toks
            .get(i + 1)
            .filter(|t| t.kind == Kind::Punct && t.text == "(")
            .filter(|_| !NOT_CALLS.contains(&tok.text) && !is_new_call(toks, i + 1))
        {
            let qualifier = if after_dot {
                let q = i.checked_sub(2).and_then(|p| toks.get(p));
                let q_prev = i.checked_sub(3).and_then(|p| toks.get(p));
                let q_prev2 = i.checked_sub(4).and_then(|p| toks.get(p));
                if ident(q) == Some("StdOut") && !is(q_prev, ".") {
                    Qualifier::StdOut
                } else if ident(q) == Some("out")
                    && is(q_prev, ".")
                    && ident(q_prev2) == Some("System")
                {
                    Qualifier::SystemOut
                } else {
                    Qualifier::Other
                }
            } else {
                Qualifier::Other
            };
            self.calls.push(CallInfo {
                name: tok.text.to_string(),
                at: tok.at,
                paren: open.at,
                qualifier,
                method,
            });
        }
        i + 1
    }
}

/// The keyword (and its kind) of a type declared by the header
/// `toks[core..end]`, if it declares one (before any `(`).
pub(super) fn type_keyword(toks: &[Tok<'_>], core: usize, end: usize) -> Option<(TypeKind, usize)> {
    for k in core..end {
        let t = toks.get(k);
        let kind = match ident(t) {
            Some("class") => Some(TypeKind::Class),
            Some("interface") if is(k.checked_sub(1).and_then(|q| toks.get(q)), "@") => {
                Some(TypeKind::Annotation)
            }
            Some("interface") => Some(TypeKind::Interface),
            Some("enum") => Some(TypeKind::Enum),
            Some("record")
                if ident(toks.get(k + 1)).is_some()
                    && (is(toks.get(k + 2), "(") || is(toks.get(k + 2), "<")) =>
            {
                Some(TypeKind::Record)
            }
            _ => None,
        };
        if let Some(kind) = kind {
            return Some((kind, k));
        }
        if is(t, "(") {
            return None; // a method's parameters
        }
    }
    None
}

/// Whether the `(` at `open` belongs to `new Type(` (walking back over the
/// type's names, dots and type arguments, a bounded way).
pub(super) fn is_new_call(toks: &[Tok<'_>], open: usize) -> bool {
    let mut j = open;
    for _ in 0..256 {
        let Some(p) = j.checked_sub(1) else {
            return false;
        };
        let Some(t) = toks.get(p) else { return false };
        match (t.kind, t.text) {
            (_, "new") => return true,
            (Kind::Ident, _) | (Kind::Punct, "." | "<" | ">" | "," | "?" | "@") => j = p,
            _ => return false,
        }
    }
    false
}
