//! The custom checks' tokenizer: tokens with Checkstyle's line and column.

// ------------------------------------------------------------- tokenizer

/// A position: 1-based line, Checkstyle column (tabs expanded to 8, 1-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pos {
    pub(super) line: u32,
    pub(super) col: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// An identifier or keyword.
    Ident,
    /// One punctuation character.
    Punct,
    /// A string, text block, char or number literal.
    Literal,
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Tok<'a> {
    pub(super) kind: Kind,
    pub(super) text: &'a str,
    pub(super) at: Pos,
}

/// A cursor over the source that keeps Checkstyle's line and column.
pub(super) struct Cursor<'a> {
    pub(super) src: &'a str,
    /// Byte offset of the next char.
    pub(super) off: usize,
    pub(super) line: u32,
    /// 0-based expanded column.
    pub(super) col: u32,
}

impl<'a> Cursor<'a> {
    pub(super) fn peek(&self) -> Option<char> {
        self.src.get(self.off..).and_then(|s| s.chars().next())
    }

    pub(super) fn peek2(&self) -> Option<char> {
        self.src.get(self.off..).and_then(|s| s.chars().nth(1))
    }

    pub(super) fn starts_with(&self, pat: &str) -> bool {
        self.src.get(self.off..).is_some_and(|s| s.starts_with(pat))
    }

    pub(super) fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col.saturating_add(1),
        }
    }

    pub(super) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.off += c.len_utf8();
        match c {
            '\n' => self.newline(),
            '\r' => {
                if self.peek() != Some('\n') {
                    self.newline();
                }
            }
            '\t' => self.col = (self.col / 8).saturating_add(1).saturating_mul(8),
            _ => self.col = self.col.saturating_add(c.len_utf16() as u32),
        }
        Some(c)
    }

    pub(super) fn newline(&mut self) {
        self.line = self.line.saturating_add(1);
        self.col = 0;
    }

    pub(super) fn slice(&self, from: usize) -> &'a str {
        self.src.get(from..self.off).unwrap_or("")
    }
}

pub(super) fn is_ident_start(c: char) -> bool {
    c == '_' || c == '$' || c.is_alphabetic()
}

pub(super) fn is_ident_part(c: char) -> bool {
    c == '_' || c == '$' || c.is_alphanumeric()
}

/// The tokens of `src`, comments and whitespace dropped. Never fails: an
/// unterminated comment or literal runs to the end (a plain string or char
/// literal to the end of its line).
pub(super) fn tokenize(src: &str) -> Vec<Tok<'_>> {
    let mut cur = Cursor {
        src,
        off: 0,
        line: 1,
        col: 0,
    };
    let mut toks = Vec::new();
    while let Some(c) = cur.peek() {
        let at = cur.pos();
        let start = cur.off;
        if c.is_whitespace() || c == '\u{feff}' {
            cur.bump();
        } else if cur.starts_with("//") {
            while cur.peek().is_some_and(|c| c != '\n' && c != '\r') {
                cur.bump();
            }
        } else if cur.starts_with("/*") {
            cur.bump();
            cur.bump();
            while cur.peek().is_some() && !cur.starts_with("*/") {
                cur.bump();
            }
            cur.bump();
            cur.bump();
        } else if cur.starts_with("\"\"\"") {
            for _ in 0..3 {
                cur.bump();
            }
            while cur.peek().is_some() && !cur.starts_with("\"\"\"") {
                if cur.bump() == Some('\\') {
                    cur.bump();
                }
            }
            for _ in 0..3 {
                cur.bump();
            }
            toks.push(Tok {
                kind: Kind::Literal,
                text: cur.slice(start),
                at,
            });
        } else if c == '"' || c == '\'' {
            cur.bump();
            while let Some(d) = cur.peek() {
                if d == '\n' || d == '\r' {
                    break;
                }
                cur.bump();
                if d == '\\' {
                    if cur.peek().is_some_and(|e| e != '\n' && e != '\r') {
                        cur.bump();
                    }
                } else if d == c {
                    break;
                }
            }
            toks.push(Tok {
                kind: Kind::Literal,
                text: cur.slice(start),
                at,
            });
        } else if c.is_ascii_digit()
            || (c == '.' && cur.peek2().is_some_and(|d| d.is_ascii_digit()))
        {
            let hex = cur.starts_with("0x") || cur.starts_with("0X");
            let mut prev = c;
            cur.bump();
            while let Some(d) = cur.peek() {
                let sign = (d == '+' || d == '-')
                    && (matches!(prev, 'p' | 'P') || (!hex && matches!(prev, 'e' | 'E')));
                if !(is_ident_part(d) || d == '.' || sign) {
                    break;
                }
                prev = d;
                cur.bump();
            }
            toks.push(Tok {
                kind: Kind::Literal,
                text: cur.slice(start),
                at,
            });
        } else if is_ident_start(c) {
            while cur.peek().is_some_and(is_ident_part) {
                cur.bump();
            }
            toks.push(Tok {
                kind: Kind::Ident,
                text: cur.slice(start),
                at,
            });
        } else {
            cur.bump();
            toks.push(Tok {
                kind: Kind::Punct,
                text: cur.slice(start),
                at,
            });
        }
    }
    toks
}
