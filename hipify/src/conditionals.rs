//! The blocks a preprocessor would skip, as far as the file itself tells: for
//! `--skip-excluded-preprocessor-conditional-blocks`, which makes hipify-clang leave the
//! `#if` branches its preprocessor skips as written.
//!
//! Conditions are evaluated with the object-like macros the file defines (and undefines)
//! before them, the command line's `-D`s, the macros hipify-clang's own compile defines or
//! leaves undefined (`__CUDACC__`, `__CUDA_ARCH__`), `defined`, integer literals,
//! `true`/`false` and C's operators. A condition that names any other macro (`CUDA_VERSION`
//! from CUDA's headers) is unknown: its branch is not excluded, nor an `#else` after it.
//! This module does not expand function-like macros and does not read headers.
//!
//! Where the file includes nothing but CUDA's and the standard library's headers, nothing
//! else can define a macro: a name the file has not defined (`USE_BLAS`) is then undefined,
//! as it is to hipify-clang's preprocessor, unless it is one of those headers' names
//! (`CUDA_VERSION`, `cudaHostAllocMapped`, `__GNUC__`, `INT_MAX`), which stay unknown.

use std::collections::HashMap;
use std::ops::Range;

use crate::lexer::{Lexed, TokenKind};

/// What the file says about a macro so far.
enum Macro {
    /// `#define NAME tokens…`: the body's tokens.
    Object(Vec<String>),
    /// `#define NAME(…)`: defined, value unknown.
    Function,
    /// `#undef NAME`: not defined, so 0 in a condition.
    Undefined,
}

/// One open `#if` group.
struct Group {
    /// A branch was known to be taken.
    taken: bool,
    /// The start of the excluded branch being read, if it is excluded.
    excluded_from: Option<usize>,
    /// The group lies inside an excluded branch (its own ranges would be inside that one).
    inside_excluded: bool,
}

/// The byte ranges of the branches a preprocessor would skip, each from the end of its
/// directive line (the start, for a false `#if`) to the start of the next
/// `#elif`/`#else`/`#endif` line of its group, and every `#elif` line: clang's skipped
/// ranges, which hipify-clang leaves as written.
pub(crate) fn excluded_blocks(text: &str, lexed: &Lexed, defines: &[String]) -> Vec<Range<usize>> {
    let mut macros: HashMap<String, Macro> = HashMap::new();
    // What hipify-clang's own compile defines (`-x cuda --cuda-host-only -std=c++14`): the
    // macros of CUDA's headers (`CUDA_VERSION`, `__CUDACC_VER_MAJOR__`) stay unknown.
    // A macro the translation renames (`__CUDACC__` → `__HIPCC__`) is given its value under
    // both names, so that translating the output again excludes the same blocks.
    let mut predefine = |name: &str, value: fn() -> Macro| {
        if let Some(entry) = crate::table::lookup(name).filter(|it| !it.hip.is_empty()) {
            macros.insert(entry.hip.to_owned(), value());
        }
        macros.insert(name.to_owned(), value());
    };
    predefine("__cplusplus", || Macro::Object(vec!["201402L".to_owned()]));
    predefine("__CUDA_ARCH__", || Macro::Undefined);
    predefine("__NVCC__", || Macro::Undefined);
    // `__CUDACC__` becomes `__HIPCC__`, but a `__HIPCC__` of the file is not defined to
    // hipify-clang's CUDA compile, which takes the CUDA side of `#ifdef __HIPCC__`; so only
    // the CUDA name is given (translating the output again may therefore translate the
    // `#else` of a `#ifdef __CUDACC__` it left, as hipify-clang run again would).
    macros.insert("__CUDACC__".to_owned(), Macro::Object(vec!["1".to_owned()]));
    macros.insert("__HIPCC__".to_owned(), Macro::Undefined);
    // `-D NAME` and `-D NAME=VALUE` of the command line.
    for define in defines {
        let (name, value) = define.split_once('=').unwrap_or((define, "1"));
        let value_lexed = crate::lexer::lex(value);
        let all: Vec<usize> = (0..value_lexed.tokens.len()).collect();
        macros.insert(
            name.to_owned(),
            Macro::Object(words(value, &value_lexed, &all)),
        );
    }
    let closed = closed_world(text, lexed);
    let mut stack: Vec<Group> = Vec::new();
    let mut ranges = Vec::new();
    for (index, directive) in lexed.directives.iter().enumerate() {
        let excluded_here = stack
            .last()
            .is_some_and(|it| it.inside_excluded || it.excluded_from.is_some());
        // The directive's tokens after its name.
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let operands: Vec<usize> = (directive.first_token + 2..lexed.tokens.len())
            .take_while(|it| lexed.tokens[*it].directive == number)
            .collect();
        let evaluate = |macros: &HashMap<String, Macro>| {
            let words = words(text, lexed, &operands);
            Evaluator {
                macros,
                closed,
                words: &words,
                position: 0,
                depth: 0,
            }
            .condition()
        };
        match directive.name.as_str() {
            "define" | "undef" if !excluded_here => {
                let Some(&name_token) = operands.first() else {
                    continue;
                };
                let name = lexed.text(text, name_token).to_owned();
                let value = if directive.name == "undef" {
                    Macro::Undefined
                } else {
                    let function_like = operands.get(1).is_some_and(|it| {
                        lexed.text(text, *it) == "("
                            && lexed.tokens[*it].start == lexed.tokens[name_token].end
                    });
                    if function_like {
                        Macro::Function
                    } else {
                        Macro::Object(words(text, lexed, &operands[1..]))
                    }
                };
                macros.insert(name, value);
            }
            "if" | "ifdef" | "ifndef" => {
                let value = if excluded_here {
                    None
                } else if directive.name == "if" {
                    evaluate(&macros)
                } else {
                    let name = operands.first().map(|it| lexed.text(text, *it));
                    let defined = match name.and_then(|it| lookup(&macros, closed, it)) {
                        Some(Macro::Object(_) | Macro::Function) => Some(true),
                        Some(Macro::Undefined) => Some(false),
                        None => None,
                    };
                    defined.map(|it| it == (directive.name == "ifdef"))
                };
                // As clang's skipped ranges (`PPCallbacks::SourceRangeSkipped`), which
                // hipify-clang leaves as written, a false `#if`'s own line is skipped too.
                stack.push(Group {
                    taken: value == Some(true),
                    excluded_from: (value == Some(false)).then_some(directive.line_start),
                    inside_excluded: excluded_here,
                });
            }
            "elif" | "else" => {
                let Some(group) = stack.last_mut() else {
                    continue;
                };
                if let Some(start) = group.excluded_from.take() {
                    if !group.inside_excluded {
                        ranges.push(start..directive.line_start);
                    }
                }
                if group.inside_excluded {
                    continue;
                }
                // An `#elif` line always lies in one of clang's skipped ranges: the one
                // it ends (after a false branch) or the one it starts (after a taken one).
                if directive.name == "elif" {
                    ranges.push(directive.line_start..directive.end);
                }
                // After a taken branch every branch is skipped; after an unknown one, only
                // a false `#elif` is known to be (the `#else` may be taken).
                if group.taken {
                    group.excluded_from = Some(directive.end);
                } else if directive.name == "elif" {
                    match evaluate(&macros) {
                        Some(true) => group.taken = true,
                        Some(false) => group.excluded_from = Some(directive.end),
                        None => {}
                    }
                }
            }
            // `#elifdef`/`#elifndef` (C++23): their own value is not worked out.
            "elifdef" | "elifndef" => {
                if let Some(group) = stack.last_mut() {
                    if let Some(start) = group.excluded_from.take() {
                        if !group.inside_excluded {
                            ranges.push(start..directive.line_start);
                        }
                    }
                    if group.taken && !group.inside_excluded {
                        group.excluded_from = Some(directive.end);
                    }
                }
            }
            "endif" => {
                if let Some(group) = stack.pop() {
                    if let (Some(start), false) = (group.excluded_from, group.inside_excluded) {
                        ranges.push(start..directive.line_start);
                    }
                }
            }
            _ => {}
        }
    }
    ranges
}

/// What the file says of macro `name`; in a closed world (see [`closed_world`]) a name it
/// does not define is undefined unless one of the included headers may define it.
fn lookup<'m>(macros: &'m HashMap<String, Macro>, closed: bool, name: &str) -> Option<&'m Macro> {
    static UNDEFINED: Macro = Macro::Undefined;
    match macros.get(name) {
        Some(it) => Some(it),
        None if closed && !may_come_from_headers(name) => Some(&UNDEFINED),
        None => None,
    }
}

/// Names CUDA's headers, the standard library's and the compiler may define: reserved
/// names (`_`…), CUDA's (`CUDA_VERSION`, `cudaHostAllocMapped`, `CUBLAS_…`, `NV_…`,
/// `THRUST_…`) and the C library's constants (`INT_MAX`, `M_PI`, `EOF`, …).
fn may_come_from_headers(name: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "CU",
        "NV",
        "THRUST",
        "M_",
        "FLT_",
        "DBL_",
        "LDBL_",
        "INT",
        "UINT",
        "LLONG_",
        "ULLONG_",
        "LONG_",
        "ULONG_",
        "SHRT_",
        "USHRT_",
        "CHAR_",
        "SCHAR_",
        "UCHAR_",
        "SIZE_",
        "PTRDIFF_",
        "WCHAR_",
        "RAND_",
        "EXIT_",
        "FP_",
        "MATH_",
        "HUGE_",
        "PATH_",
        "CLOCK",
        "BUFSIZ",
        "FILENAME_",
        "SEEK_",
        "STD",
        "MB_",
        "TMP_",
        "L_",
        "NULL",
        "EOF",
        "NAN",
        "INFINITY",
        "SIG",
        "O_",
        "S_",
        "PTHREAD_",
        "RTLD_",
    ];
    let upper = name.to_ascii_uppercase();
    name.starts_with('_') || PREFIXES.iter().any(|it| upper.starts_with(it))
}

/// Whether the file includes only CUDA's headers and the standard library's, so that no
/// header of the project can define a macro the file tests.
fn closed_world(text: &str, lexed: &Lexed) -> bool {
    lexed
        .directives
        .iter()
        .filter(|it| it.is_include())
        .all(|directive| {
            lexed
                .header_name(text, directive)
                .is_some_and(|(_, quoted)| cuda_or_standard_header(&quoted[1..quoted.len() - 1]))
        })
}

fn cuda_or_standard_header(name: &str) -> bool {
    const STANDARD_C: &[&str] = &[
        "assert.h",
        "complex.h",
        "ctype.h",
        "errno.h",
        "fenv.h",
        "float.h",
        "inttypes.h",
        "iso646.h",
        "limits.h",
        "locale.h",
        "math.h",
        "setjmp.h",
        "signal.h",
        "stdarg.h",
        "stdbool.h",
        "stddef.h",
        "stdint.h",
        "stdio.h",
        "stdlib.h",
        "string.h",
        "strings.h",
        "tgmath.h",
        "time.h",
        "wchar.h",
        "wctype.h",
        "unistd.h",
        "fcntl.h",
        "pthread.h",
        "malloc.h",
        "memory.h",
        "getopt.h",
        "dirent.h",
        "omp.h",
        "sys/time.h",
        "sys/types.h",
        "sys/stat.h",
        "sys/mman.h",
        "sys/resource.h",
    ];
    let lower = name.to_ascii_lowercase();
    crate::headers::action(name, &crate::Options::standard()).is_some()
        || STANDARD_C.contains(&name)
        // C++'s headers have no extension: `<cstdio>`, `<vector>`, `<chrono>`.
        || (!name.contains('.') && !name.contains('/'))
        // HIP's and ROC's headers too, which CUDA's become.
        || ["cu", "nv", "hip", "roc", "miopen", "thrust/", "cooperative_groups", "crt/", "sm_", "device_", "vector_", "driver_", "math_", "texture_", "surface_", "channel_", "library_types", "host_", "builtin_types", "common_functions"]
            .iter()
            .any(|it| lower.starts_with(it))
}

/// The texts of `tokens`, with the two-byte operators (`&&`, `==`, `<<`, …) that the lexer
/// splits into single bytes joined again.
fn words(text: &str, lexed: &Lexed, tokens: &[usize]) -> Vec<String> {
    let mut words: Vec<String> = Vec::with_capacity(tokens.len());
    let mut previous_end = usize::MAX;
    for &index in tokens {
        let token = lexed.tokens[index];
        let word = &text[token.start..token.end];
        if token.kind == TokenKind::Punct && token.start == previous_end {
            if let Some(last) = words.last_mut() {
                let joined = format!("{last}{word}");
                if matches!(
                    joined.as_str(),
                    "&&" | "||" | "==" | "!=" | "<=" | ">=" | "<<" | ">>"
                ) {
                    *last = joined;
                    previous_end = token.end;
                    continue;
                }
            }
        }
        words.push(word.to_owned());
        previous_end = if token.kind == TokenKind::Punct {
            token.end
        } else {
            usize::MAX
        };
    }
    words
}

/// A recursive-descent evaluator of `#if` conditions over words; `None` is unknown.
struct Evaluator<'a> {
    macros: &'a HashMap<String, Macro>,
    /// Names the file has not defined are undefined (see [`closed_world`]).
    closed: bool,
    words: &'a [String],
    position: usize,
    /// Macro expansion depth, bounded so that `#define A A` ends.
    depth: usize,
}

impl Evaluator<'_> {
    /// The whole condition, or unknown when it does not parse to the end.
    fn condition(mut self) -> Option<bool> {
        let value = self.ternary()?;
        (self.position == self.words.len()).then_some(value != 0)
    }

    fn peek(&self) -> Option<&str> {
        self.words.get(self.position).map(String::as_str)
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self.peek() == Some(word);
        self.position += usize::from(found);
        found
    }

    fn ternary(&mut self) -> Option<i64> {
        let condition = self.binary(0)?;
        if !self.eat("?") {
            return Some(condition);
        }
        let then = self.ternary()?;
        if !self.eat(":") {
            return None;
        }
        let otherwise = self.ternary()?;
        Some(if condition != 0 { then } else { otherwise })
    }

    /// Binary operators by precedence level, lowest first; `&&` and `||` short-circuit
    /// over unknown operands.
    fn binary(&mut self, level: usize) -> Option<i64> {
        const LEVELS: [&[&str]; 10] = [
            &["||"],
            &["&&"],
            &["|"],
            &["^"],
            &["&"],
            &["==", "!="],
            &["<", ">", "<=", ">="],
            &["<<", ">>"],
            &["+", "-"],
            &["*", "/", "%"],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut left = self.binary(level + 1);
        while let Some(operator) = self.peek().filter(|it| LEVELS[level].contains(it)) {
            let operator = operator.to_owned();
            self.position += 1;
            let right = self.binary(level + 1);
            left = match (operator.as_str(), left, right) {
                ("||", Some(a), _) if a != 0 => Some(1),
                ("||", _, Some(b)) if b != 0 => Some(1),
                ("&&", Some(0), _) | ("&&", _, Some(0)) => Some(0),
                (_, Some(a), Some(b)) => apply(&operator, a, b),
                _ => None,
            };
        }
        left
    }

    fn unary(&mut self) -> Option<i64> {
        if self.eat("!") {
            return self.unary().map(|it| i64::from(it == 0));
        }
        if self.eat("-") {
            return self.unary().map(i64::wrapping_neg);
        }
        if self.eat("+") {
            return self.unary();
        }
        if self.eat("~") {
            return self.unary().map(|it| !it);
        }
        self.primary()
    }

    fn primary(&mut self) -> Option<i64> {
        let word = self.peek()?.to_owned();
        self.position += 1;
        if word == "(" {
            let value = self.ternary();
            return if self.eat(")") { value } else { None };
        }
        if word == "defined" {
            let parenthesised = self.eat("(");
            let name = self.peek()?.to_owned();
            self.position += 1;
            if parenthesised && !self.eat(")") {
                return None;
            }
            return match lookup(self.macros, self.closed, &name) {
                Some(Macro::Object(_) | Macro::Function) => Some(1),
                Some(Macro::Undefined) => Some(0),
                None => None,
            };
        }
        if word.starts_with(|it: char| it.is_ascii_digit()) {
            return number(&word);
        }
        match word.as_str() {
            "true" => return Some(1),
            "false" => return Some(0),
            _ => {}
        }
        if !word.starts_with(|it: char| it.is_ascii_alphabetic() || it == '_') {
            return None;
        }
        match lookup(self.macros, self.closed, &word) {
            Some(Macro::Object(body)) if self.depth < 16 => Evaluator {
                macros: self.macros,
                closed: self.closed,
                words: body,
                position: 0,
                depth: self.depth + 1,
            }
            .whole(),
            // A name the file undefined is 0, as any identifier left after expansion is.
            Some(Macro::Undefined) => Some(0),
            _ => None,
        }
    }

    /// The value of a whole macro body.
    fn whole(mut self) -> Option<i64> {
        let value = self.ternary()?;
        (self.position == self.words.len()).then_some(value)
    }
}

fn apply(operator: &str, a: i64, b: i64) -> Option<i64> {
    Some(match operator {
        "||" => i64::from(a != 0 || b != 0),
        "&&" => i64::from(a != 0 && b != 0),
        "|" => a | b,
        "^" => a ^ b,
        "&" => a & b,
        "==" => i64::from(a == b),
        "!=" => i64::from(a != b),
        "<" => i64::from(a < b),
        ">" => i64::from(a > b),
        "<=" => i64::from(a <= b),
        ">=" => i64::from(a >= b),
        "<<" => a.checked_shl(u32::try_from(b).ok()?)?,
        ">>" => a.checked_shr(u32::try_from(b).ok()?)?,
        "+" => a.wrapping_add(b),
        "-" => a.wrapping_sub(b),
        "*" => a.wrapping_mul(b),
        "/" => a.checked_div(b)?,
        "%" => a.checked_rem(b)?,
        _ => return None,
    })
}

/// An integer literal (decimal, hex, octal, binary; `u`/`l` suffixes and `'` separators).
fn number(word: &str) -> Option<i64> {
    let digits: String = word
        .trim_end_matches(['u', 'U', 'l', 'L'])
        .chars()
        .filter(|it| *it != '\'')
        .collect();
    let (radix, body) = if let Some(rest) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (16, rest)
    } else if let Some(rest) = digits
        .strip_prefix("0b")
        .or_else(|| digits.strip_prefix("0B"))
    {
        (2, rest)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits.as_str())
    };
    i64::from_str_radix(body, radix).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The excluded lines of `text`, joined.
    fn check(text: &str) -> String {
        let lexed = crate::lexer::lex(text);
        excluded_blocks(text, &lexed, &["LEVEL=2 + 1".to_owned()])
            .into_iter()
            .map(|it| text[it].trim_end().replace('\n', "/"))
            .collect::<Vec<_>>()
            .join(" | ")
    }

    #[test]
    fn constant_conditions() {
        insta::assert_snapshot!(check("#if 0\na\n#elif 1\nb\n#else\nc\n#endif\n"), @"#if 0/a | #elif 1 | c");
        insta::assert_snapshot!(check("#if 1 && !0\na\n#else\nb\n#endif\n"), @"b");
    }

    #[test]
    fn macros_of_the_file() {
        let text = "#define V 11\n#define ON\n#if V >= 10 && defined(ON)\na\n#else\nb\n#endif\n#undef ON\n#ifdef ON\nc\n#endif\n#if (V << 1) == 22 ? 0 : 1\nd\n#endif\n";
        insta::assert_snapshot!(check(text), @"b | #ifdef ON/c | #if (V << 1) == 22 ? 0 : 1/d");
    }

    #[test]
    fn unknown_macros_exclude_nothing_after_them() {
        // A header of the project may define any macro.
        let text = "#include \"config.h\"\n#if CUDA_VERSION >= 9000\na\n#elif 0\nb\n#else\nc\n#endif\n#ifdef SOMETHING\nd\n#endif\n#if 0 && UNKNOWN\ne\n#endif\n";
        insta::assert_snapshot!(check(text), @"#elif 0 | b | #if 0 && UNKNOWN/e");
    }

    #[test]
    fn only_cuda_and_standard_headers_make_a_closed_world() {
        // Nothing but CUDA's and the standard library's headers: `USE_BLAS` is undefined,
        // CUDA's and the C library's names stay unknown, and `__HIPCC__` is not defined
        // to hipify-clang's CUDA compile.
        let text = "#include <cuda_runtime.h>\n#include \"cublas_v2.h\"\n#include <cstdio>\n#include <math.h>\n#if defined(USE_BLAS)\na\n#elif CUDART_VERSION >= 12000\nb\n#else\nc\n#endif\n#ifndef USE_BLAS\nd\n#endif\n#if M_LN2 > 0 || INT_MAX\ne\n#endif\n#ifdef __HIPCC__\nf\n#else\ng\n#endif\n";
        insta::assert_snapshot!(check(text), @"#if defined(USE_BLAS)/a | #elif CUDART_VERSION >= 12000 | #ifdef __HIPCC__/f");
        // A quoted header of the project, a path or a computed include opens it again.
        for include in ["\"config.h\"", "<mylib/config.h>", "CONFIG_HEADER"] {
            let text = format!("#include {include}\n#if defined(USE_BLAS)\na\n#endif\n");
            assert_eq!(check(&text), "", "{include}");
        }
    }

    #[test]
    fn the_compile_and_the_command_line() {
        let text = "#ifdef __CUDA_ARCH__\ndevice\n#elif defined(__CUDACC__) && LEVEL == 3\nhost\n#else\nother\n#endif\n";
        insta::assert_snapshot!(check(text), @"#ifdef __CUDA_ARCH__/device | #elif defined(__CUDACC__) && LEVEL == 3 | other");
    }

    #[test]
    fn definitions_in_excluded_blocks_do_not_count() {
        let text = "#include \"config.h\"\n#if 0\n#define X 1\n#if 1\nnested\n#endif\n#endif\n#if X\na\n#endif\n";
        insta::assert_snapshot!(check(text), @"#if 0/#define X 1/#if 1/nested/#endif");
    }
}
