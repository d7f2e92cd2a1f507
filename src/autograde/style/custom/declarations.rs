//! The structural pass over declarations: types, members, methods and
//! fields, each in its enclosing scope.

use super::lexer::{Kind, Pos, Tok};
use super::model::{ClassInfo, FieldInfo, MethodInfo, Model, Scope, TypeKind};
use super::tokens::{
    header_end, ident, is, parse_type, skip_balanced, skip_modifiers, type_keyword,
};

impl Model {
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
}
