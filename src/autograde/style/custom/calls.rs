//! The structural pass over code: the calls a method body makes, with
//! their qualifier and enclosing method.

use super::lexer::{Kind, Tok};
use super::model::{
    CallInfo, ClassInfo, FieldInfo, MODIFIERS, Model, NOT_CALLS, Qualifier, Scope, TypeKind,
};
use super::tokens::{header_end, ident, is, is_new_call};

impl Model {
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
