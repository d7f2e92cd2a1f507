//! Just enough of Java's lexical grammar to find a package declaration,
//! the imports, the declared types and the names used, as javac sees them
//! (unicode escapes decoded; comments, strings and characters skipped).

/// A Java source's tokens, as the compiler reads them: `\uXXXX` escapes
/// decoded, comments and literals skipped; each token keeps the byte range
/// of its raw text.
pub(super) struct Lexed {
    tokens: Vec<(String, std::ops::Range<usize>)>,
}

impl Lexed {
    pub(super) fn new(text: &str) -> Lexed {
        // Decode unicode escapes: a backslash preceded by an even number of
        // backslashes, one or more `u`, four hex digits.
        let raw = text.as_bytes();
        let mut chars: Vec<(char, usize, usize)> = Vec::new();
        let mut i = 0;
        let mut backslashes = 0;
        while i < raw.len() {
            let start = i;
            let c = text[i..].chars().next().unwrap_or('\0');
            if c == '\\' && backslashes % 2 == 0 {
                let mut j = i + 1;
                while j < raw.len() && raw[j] == b'u' {
                    j += 1;
                }
                if j > i + 1
                    && let Some(hex) = text.get(j..j + 4)
                    && let Ok(code) = u32::from_str_radix(hex, 16)
                {
                    chars.push((char::from_u32(code).unwrap_or('\u{fffd}'), start, j + 4));
                    i = j + 4;
                    backslashes = 0;
                    continue;
                }
            }
            backslashes = if c == '\\' { backslashes + 1 } else { 0 };
            i += c.len_utf8();
            chars.push((c, start, i));
        }
        let mut tokens = Vec::new();
        let mut k = 0;
        let at = |k: usize| chars.get(k).map_or('\0', |c| c.0);
        while k < chars.len() {
            let c = at(k);
            if c.is_whitespace() {
                k += 1;
            } else if c == '/' && at(k + 1) == '/' {
                while k < chars.len() && at(k) != '\n' {
                    k += 1;
                }
            } else if c == '/' && at(k + 1) == '*' {
                k += 2;
                while k < chars.len() && !(at(k) == '*' && at(k + 1) == '/') {
                    k += 1;
                }
                k += 2;
            } else if c == '"' || c == '\'' {
                k += 1;
                while k < chars.len() && at(k) != c {
                    k += if at(k) == '\\' { 2 } else { 1 };
                }
                k += 1;
            } else if c.is_alphanumeric() || c == '_' || c == '$' {
                let start = k;
                while k < chars.len() && (at(k).is_alphanumeric() || at(k) == '_' || at(k) == '$') {
                    k += 1;
                }
                let word: String = chars[start..k].iter().map(|c| c.0).collect();
                tokens.push((word, chars[start].1..chars[k - 1].2));
            } else {
                tokens.push((c.to_string(), chars[k].1..chars[k].2));
                k += 1;
            }
        }
        Lexed { tokens }
    }

    /// The package declaration's raw byte range and its text, when the
    /// file starts with one (annotations before it allowed).
    pub(super) fn package(&self) -> Option<(std::ops::Range<usize>, String)> {
        let mut k = 0;
        while self.tokens.get(k).is_some_and(|t| t.0 == "@") {
            k += 2;
            if self.tokens.get(k).is_some_and(|t| t.0 == "(") {
                let mut depth = 0;
                while let Some(t) = self.tokens.get(k) {
                    depth += match t.0.as_str() {
                        "(" => 1,
                        ")" => -1,
                        _ => 0,
                    };
                    k += 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
        if self.tokens.get(k)?.0 != "package" {
            return None;
        }
        let end = (k..self.tokens.len()).find(|&j| self.tokens[j].0 == ";")?;
        let text: String = self.tokens[k..=end]
            .iter()
            .map(|t| t.0.as_str())
            .collect::<Vec<_>>()
            .join(" ")
            .replace(" . ", ".")
            .replace(" ;", ";");
        Some((self.tokens[k].1.start..self.tokens[end].1.end, text))
    }

    /// Every import's name: `java.util.Stack`, `java.util.*`.
    pub(super) fn imports(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (k, token) in self.tokens.iter().enumerate() {
            if token.0 != "import" {
                continue;
            }
            let name: String = self.tokens[k + 1..]
                .iter()
                .take_while(|t| t.0 != ";")
                .filter(|t| t.0 != "static")
                .map(|t| t.0.as_str())
                .collect();
            out.push(name);
        }
        out
    }

    /// The types the file declares.
    pub(super) fn declared(&self) -> Vec<String> {
        self.tokens
            .windows(2)
            .filter(|w| matches!(w[0].0.as_str(), "class" | "interface" | "enum" | "record"))
            .map(|w| w[1].0.clone())
            .collect()
    }

    /// Whether the code names `word` (not after a `.`).
    pub(super) fn uses(&self, word: &str) -> bool {
        self.tokens
            .iter()
            .enumerate()
            .any(|(k, t)| t.0 == word && (k == 0 || self.tokens[k - 1].0 != "."))
    }
}
