//! The fast lexical layer: a C++ tokenizer that classifies comments, string, character and
//! raw-string literals, numbers, identifiers, punctuation, preprocessor directives and
//! `#include` header names, with byte ranges into the original text.
//!
//! It never fails: on malformed input (an unterminated literal or comment) the rest of the
//! file becomes that literal or comment, so no identifier inside it is ever rewritten.
//! Comments and whitespace produce no tokens; everything between tokens is therefore kept
//! byte for byte by the rewriter. It does not expand macros or evaluate `#if`: every branch
//! is lexed, and tokens inside a `#define` carry the id of their directive.

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// An identifier or keyword.
    Ident,
    /// A numeric literal (pp-number).
    Number,
    /// A string, character or raw-string literal, with its prefix.
    Literal,
    /// The `<…>` or `"…"` operand of `#include`, `#include_next` or `#import`.
    HeaderName,
    /// `::` or `->`.
    Punct2,
    /// Any other single punctuation byte.
    Punct,
}

/// One token: a kind, a byte range and the directive it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Token {
    pub(crate) kind: TokenKind,
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// `0` outside preprocessor directives, else the directive's index + 1.
    pub(crate) directive: u32,
}

/// One preprocessor directive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Directive {
    /// Start of the line holding the `#`.
    pub(crate) line_start: usize,
    /// The directive name (`include`, `define`, …), empty for a null directive.
    pub(crate) name: String,
    /// End of the directive: just after its terminating newline (or the end of the text).
    pub(crate) end: usize,
    /// Index of the directive's first token (the `#`) in the token list.
    pub(crate) first_token: usize,
}

/// The lexed form of one text.
#[derive(Debug, Default)]
pub(crate) struct Lexed {
    pub(crate) tokens: Vec<Token>,
    pub(crate) directives: Vec<Directive>,
}

impl Directive {
    /// `#include`, `#include_next` or `#import`.
    pub(crate) fn is_include(&self) -> bool {
        matches!(self.name.as_str(), "include" | "include_next" | "import")
    }
}

impl Lexed {
    /// The text of a token.
    pub(crate) fn text<'t>(&self, source: &'t str, index: usize) -> &'t str {
        let token = self.tokens[index];
        &source[token.start..token.end]
    }

    /// The header an `#include`-like directive names: its token and its text with the
    /// delimiters (`<a.h>` or `"a.h"`), or `None` where the operand is not a well-formed
    /// header name (a computed `#include MACRO`).
    pub(crate) fn header_name<'t>(
        &self,
        source: &'t str,
        directive: &Directive,
    ) -> Option<(Token, &'t str)> {
        let token = *self.tokens.get(directive.first_token + 2)?;
        if token.kind != TokenKind::HeaderName || token.end - token.start < 2 {
            return None;
        }
        let quoted = &source[token.start..token.end];
        let well_formed = (quoted.starts_with('<') && quoted.ends_with('>'))
            || (quoted.starts_with('"') && quoted.ends_with('"'));
        well_formed.then_some((token, quoted))
    }
}

fn is_ident_start(byte: u8) -> bool {
    byte.is_ascii_alphabetic() || byte == b'_' || byte == b'$'
}

fn is_ident_continue(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'$'
}

/// Tokenizes `source`.
pub(crate) fn lex(source: &str) -> Lexed {
    let bytes = source.as_bytes();
    let mut lexed = Lexed {
        tokens: Vec::with_capacity(source.len() / 6),
        directives: Vec::new(),
    };
    // A UTF-8 byte-order mark is not part of the first line (a directive there is one).
    let mut pos = if source.starts_with('\u{feff}') { 3 } else { 0 };
    let mut at_line_start = true;
    let mut line_start = pos;
    // 0 outside a directive; else directive index + 1.
    let mut directive: u32 = 0;
    // Set right after `#include`-like names, so that `<…>` lexes as a header name.
    let mut expect_header = false;
    // Number of tokens seen in the current directive (the `#` is the first).
    let mut directive_tokens = 0usize;

    while pos < bytes.len() {
        let byte = bytes[pos];
        match byte {
            b'\n' => {
                pos += 1;
                if directive != 0 {
                    lexed.directives[directive as usize - 1].end = pos;
                    directive = 0;
                    expect_header = false;
                }
                at_line_start = true;
                line_start = pos;
            }
            b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c' => pos += 1,
            b'\\' if next_is_newline(bytes, pos + 1).is_some() => {
                // A line splice: the logical line (and any directive) continues.
                pos += 1 + next_is_newline(bytes, pos + 1).unwrap_or(0);
            }
            b'/' if bytes.get(pos + 1) == Some(&b'/') => {
                // A line comment ends at a newline that is not spliced.
                pos += 2;
                while pos < bytes.len() {
                    if bytes[pos] == b'\n' {
                        break;
                    }
                    if bytes[pos] == b'\\' {
                        if let Some(skip) = next_is_newline(bytes, pos + 1) {
                            pos += 1 + skip;
                            continue;
                        }
                    }
                    pos += 1;
                }
            }
            b'/' if bytes.get(pos + 1) == Some(&b'*') => {
                pos = match find(bytes, pos + 2, b"*/") {
                    Some(end) => end + 2,
                    None => bytes.len(),
                };
            }
            b'#' if at_line_start && directive == 0 => {
                lexed.directives.push(Directive {
                    line_start,
                    name: String::new(),
                    end: bytes.len(),
                    first_token: lexed.tokens.len(),
                });
                directive = u32::try_from(lexed.directives.len()).unwrap_or(u32::MAX);
                directive_tokens = 0;
                push(
                    &mut lexed,
                    TokenKind::Punct,
                    pos,
                    pos + 1,
                    directive,
                    &mut directive_tokens,
                );
                pos += 1;
                at_line_start = false;
            }
            b'<' if expect_header => {
                let end = bytes[pos..]
                    .iter()
                    .position(|it| *it == b'>' || *it == b'\n')
                    .map_or(bytes.len(), |offset| {
                        pos + offset + usize::from(bytes[pos + offset] == b'>')
                    });
                push(
                    &mut lexed,
                    TokenKind::HeaderName,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                expect_header = false;
                pos = end;
            }
            b'"' if expect_header => {
                let end = bytes[pos + 1..]
                    .iter()
                    .position(|it| *it == b'"' || *it == b'\n')
                    .map_or(bytes.len(), |offset| {
                        pos + 1 + offset + usize::from(bytes[pos + 1 + offset] == b'"')
                    });
                push(
                    &mut lexed,
                    TokenKind::HeaderName,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                expect_header = false;
                pos = end;
            }
            b'"' | b'\'' => {
                let end = quoted_end(bytes, pos);
                push(
                    &mut lexed,
                    TokenKind::Literal,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                at_line_start = false;
                pos = end;
            }
            b'0'..=b'9' => {
                let end = number_end(bytes, pos);
                push(
                    &mut lexed,
                    TokenKind::Number,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                at_line_start = false;
                pos = end;
            }
            b'.' if bytes.get(pos + 1).is_some_and(u8::is_ascii_digit) => {
                let end = number_end(bytes, pos);
                push(
                    &mut lexed,
                    TokenKind::Number,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                at_line_start = false;
                pos = end;
            }
            _ if is_ident_start(byte) => {
                let mut end = pos + 1;
                while end < bytes.len() && is_ident_continue(bytes[end]) {
                    end += 1;
                }
                let word = &source[pos..end];
                at_line_start = false;
                // Encoding prefixes and raw strings: u8"…", L'…', R"d(…)d", u8R"(…)".
                if let Some(&next) = bytes.get(end) {
                    if (next == b'"' || next == b'\'') && matches!(word, "u8" | "u" | "U" | "L") {
                        let literal_end = quoted_end(bytes, end);
                        push(
                            &mut lexed,
                            TokenKind::Literal,
                            pos,
                            literal_end,
                            directive,
                            &mut directive_tokens,
                        );
                        pos = literal_end;
                        continue;
                    }
                    if next == b'"' && matches!(word, "R" | "u8R" | "uR" | "UR" | "LR") {
                        let literal_end = raw_string_end(bytes, end);
                        push(
                            &mut lexed,
                            TokenKind::Literal,
                            pos,
                            literal_end,
                            directive,
                            &mut directive_tokens,
                        );
                        pos = literal_end;
                        continue;
                    }
                }
                if directive != 0 && directive_tokens == 1 {
                    lexed.directives[directive as usize - 1].name = word.to_owned();
                    expect_header = matches!(word, "include" | "include_next" | "import");
                }
                push(
                    &mut lexed,
                    TokenKind::Ident,
                    pos,
                    end,
                    directive,
                    &mut directive_tokens,
                );
                pos = end;
            }
            _ if byte >= 0x80 => {
                // Non-ASCII text outside literals and comments (identifiers in other
                // scripts, stray bytes): skipped whole, never rewritten.
                pos += 1;
                while pos < bytes.len() && bytes[pos] >= 0x80 && !source.is_char_boundary(pos) {
                    pos += 1;
                }
                at_line_start = false;
            }
            _ => {
                let two = bytes.get(pos..pos + 2);
                let kind_len = if two == Some(b"::") || two == Some(b"->") {
                    2
                } else {
                    1
                };
                let kind = if kind_len == 2 {
                    TokenKind::Punct2
                } else {
                    TokenKind::Punct
                };
                push(
                    &mut lexed,
                    kind,
                    pos,
                    pos + kind_len,
                    directive,
                    &mut directive_tokens,
                );
                at_line_start = false;
                pos += kind_len;
            }
        }
    }
    lexed
}

fn push(
    lexed: &mut Lexed,
    kind: TokenKind,
    start: usize,
    end: usize,
    directive: u32,
    directive_tokens: &mut usize,
) {
    lexed.tokens.push(Token {
        kind,
        start,
        end,
        directive,
    });
    if directive != 0 {
        *directive_tokens += 1;
    }
}

/// If `bytes[at..]` starts with a newline (`\n` or `\r\n`), its length.
fn next_is_newline(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at) {
        Some(b'\n') => Some(1),
        Some(b'\r') if bytes.get(at + 1) == Some(&b'\n') => Some(2),
        _ => None,
    }
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|it| it == needle)
        .map(|it| it + from)
}

/// End of a `"…"` or `'…'` literal starting at `start` (the quote), with its suffix. An
/// unterminated literal ends at the end of its line, as in a compiler.
fn quoted_end(bytes: &[u8], start: usize) -> usize {
    let quote = bytes[start];
    let mut pos = start + 1;
    while pos < bytes.len() {
        match bytes[pos] {
            b'\\' => pos += 2,
            b'\n' => return pos,
            it if it == quote => {
                pos += 1;
                // User-defined literal suffix.
                while pos < bytes.len() && is_ident_continue(bytes[pos]) {
                    pos += 1;
                }
                return pos;
            }
            _ => pos += 1,
        }
    }
    bytes.len()
}

/// End of a raw string whose `"` is at `quote`.
fn raw_string_end(bytes: &[u8], quote: usize) -> usize {
    let Some(open) = bytes[quote + 1..]
        .iter()
        .take(17)
        .position(|it| *it == b'(')
    else {
        return quoted_end(bytes, quote);
    };
    let delimiter = &bytes[quote + 1..quote + 1 + open];
    let mut closing = Vec::with_capacity(delimiter.len() + 2);
    closing.push(b')');
    closing.extend_from_slice(delimiter);
    closing.push(b'"');
    match find(bytes, quote + 2 + open, &closing) {
        Some(at) => at + closing.len(),
        None => bytes.len(),
    }
}

/// End of a pp-number starting at `start`.
fn number_end(bytes: &[u8], start: usize) -> usize {
    let mut pos = start + 1;
    while pos < bytes.len() {
        let byte = bytes[pos];
        let exponent_sign =
            (byte == b'+' || byte == b'-') && matches!(bytes[pos - 1], b'e' | b'E' | b'p' | b'P');
        let digit_separator =
            byte == b'\'' && bytes.get(pos + 1).is_some_and(u8::is_ascii_alphanumeric);
        if is_ident_continue(byte) || byte == b'.' || exponent_sign || digit_separator {
            pos += 1;
        } else {
            break;
        }
    }
    pos
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(source: &str) -> String {
        let lexed = lex(source);
        lexed
            .tokens
            .iter()
            .map(|it| {
                format!(
                    "{:?}({}){}",
                    it.kind,
                    &source[it.start..it.end],
                    if it.directive != 0 { "#" } else { "" }
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn comments_and_literals_hide_identifiers() {
        assert_eq!(
            kinds("a /* cudaMalloc */ b // cudaFree\n\"cudaX\" 'c' u8\"y\" R\"x(a)\" )x\" c"),
            "Ident(a) Ident(b) Literal(\"cudaX\") Literal('c') Literal(u8\"y\") Literal(R\"x(a)\" )x\") Ident(c)"
        );
    }

    #[test]
    fn directives_and_header_names() {
        let source = "#include <cuda.h>\n  # define X \\\n cudaMalloc\nY";
        assert_eq!(
            kinds(source),
            "Punct(#)# Ident(include)# HeaderName(<cuda.h>)# Punct(#)# Ident(define)# Ident(X)# Ident(cudaMalloc)# Ident(Y)"
        );
        let lexed = lex(source);
        assert_eq!(lexed.directives[1].name, "define");
        assert_eq!(lexed.directives[1].line_start, 18);
        assert_eq!(&source[lexed.directives[1].end..], "Y");
    }

    #[test]
    fn numbers_with_separators_and_exponents() {
        assert_eq!(
            kinds("1'000 1e+5f 0x1p-3 .5"),
            "Number(1'000) Number(1e+5f) Number(0x1p-3) Number(.5)"
        );
    }
}
