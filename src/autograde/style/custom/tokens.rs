//! Token helpers of the structural pass: names, modifiers, balanced
//! brackets, types, and what a `(` belongs to.

use super::lexer::{Kind, Pos, Tok};
use super::model::{MODIFIERS, TypeKind};

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
