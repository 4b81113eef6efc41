//! The translation engine: walks the token stream once per concern (headers, identifiers,
//! launches, hazards), collects non-overlapping byte edits, and splices them into the
//! original text. It never reformats: bytes outside edits are copied unchanged.
//!
//! Edits are either replacements of one token (identifiers, header names), insertions at a
//! token boundary (`HIP_SYMBOL(`, `reinterpret_cast<const void*>(`, the runtime include), or
//! replacements of the punctuation between launch parts; so identifier edits inside a
//! rewritten launch compose with it.

use std::collections::HashSet;
use std::ops::Range;

use diagnostics::Span;

use crate::calls::{self, ArgumentEdit};
use crate::finding::{Finding, FindingKind};
use crate::headers::{self, Dedup, HeaderAction};
use crate::lexer::{self, Lexed, TokenKind};
use crate::stats::Stats;
use crate::syntax::Syntax;
use crate::table::{self, Entry, Group};
use crate::{LaunchSyntax, Options, Translation};

/// The arguments of one call: their byte ranges and the offset of the closing `)`.
struct CallSpans {
    arguments: Vec<Range<usize>>,
    close: usize,
}

/// One splice: replace `range` of the input with `text`.
/// The CUDA runtime version HIP 6's API stands at, for comparisons of `CUDART_VERSION` and
/// `CUDA_VERSION` in translated code (docs/hipify.md, "Header guards").
const HIP_CUDA_LEVEL: &str = "12000";

#[derive(Debug, Clone)]
struct Edit {
    range: Range<usize>,
    text: String,
}

struct Cx<'a> {
    text: &'a str,
    lexed: Lexed,
    options: &'a Options,
    edits: Vec<Edit>,
    findings: Vec<Finding>,
    stats: Stats,
    /// The text uses CUDA: a CUDA header, API name, launch or keyword.
    uses_cuda: bool,
    has_runtime_include: bool,
    /// With `skip_excluded_blocks`: the branches a preprocessor would skip.
    excluded: Vec<Range<usize>>,
    /// The file includes `cublas_v2.h` (hipify-clang's `insertedBLASHeader_V2`), which makes
    /// the legacy cuBLAS names translatable.
    includes_cublas_v2: bool,
    /// The file includes the legacy `cublas.h` (or what it becomes, `hipblas.h` or
    /// `rocblas.h`, so that translating the output again changes nothing).
    includes_cublas: bool,
    /// The file includes a cuBLAS header (any of them) and not `cuda_bf16.h` (or what it
    /// becomes): `__nv_bfloat16` is then hipBLAS's `hip_bfloat16`, as hipify-clang writes it.
    includes_any_cublas: bool,
    includes_cuda_bf16: bool,
    header_keys: HashSet<&'static str>,
    /// The tree-sitter parser, made on first need (`None` inside: it could not be made).
    parser: Option<Option<tree_sitter::Parser>>,
}

/// Translates one CUDA source text to HIP. Never fails: what cannot be translated is left
/// as it is and reported in [`Translation::findings`].
pub fn translate(text: &str, options: &Options) -> Translation {
    let mut cx = Cx {
        text,
        lexed: lexer::lex(text),
        options,
        edits: Vec::new(),
        findings: Vec::new(),
        stats: Stats::default(),
        uses_cuda: false,
        has_runtime_include: false,
        excluded: Vec::new(),
        includes_cublas_v2: false,
        includes_cublas: false,
        includes_any_cublas: false,
        includes_cuda_bf16: false,
        header_keys: HashSet::new(),
        parser: None,
    };
    if options.skip_excluded_blocks {
        cx.excluded = crate::conditionals::excluded_blocks(text, &cx.lexed, &options.defines);
    }
    cx.headers();
    cx.identifiers();
    cx.half2_members();
    cx.launches();
    crate::translate::hazards(&mut cx);
    cx.runtime_include();
    cx.finish()
}

impl Cx<'_> {
    fn tok(&self, index: usize) -> &str {
        self.lexed.text(self.text, index)
    }

    /// The text of token `index` if it exists and belongs to the same directive as the
    /// token before it (a directive's operand).
    fn operand(&self, index: usize) -> Option<&str> {
        let token = self.lexed.tokens.get(index)?;
        let previous = self.lexed.tokens.get(index.checked_sub(1)?)?;
        let is_operand = token.kind == TokenKind::Ident
            && token.directive != 0
            && token.directive == previous.directive;
        is_operand.then(|| self.tok(index))
    }

    /// Whether identifier `index` is the operand of `defined`, `#ifdef` or `#ifndef`.
    fn tests_definition(&self, index: usize) -> bool {
        let before = |back: usize| index.checked_sub(back).map(|at| self.tok(at));
        matches!(before(1), Some("defined" | "ifdef" | "ifndef"))
            || (before(1) == Some("(") && before(2) == Some("defined"))
    }

    fn is_punct(&self, index: usize, punct: &str) -> bool {
        index < self.lexed.tokens.len()
            && matches!(
                self.lexed.tokens[index].kind,
                TokenKind::Punct | TokenKind::Punct2
            )
            && self.tok(index) == punct
    }

    fn span(&self, range: Range<usize>) -> Span {
        Span::new(self.options.file, range)
    }

    fn find(&mut self, kind: FindingKind, range: Range<usize>) {
        let span = self.span(range);
        self.findings.push(Finding { kind, span });
    }

    fn edit(&mut self, range: Range<usize>, text: impl Into<String>) {
        self.edits.push(Edit {
            range,
            text: text.into(),
        });
    }

    // ----- headers -------------------------------------------------------------------------

    fn headers(&mut self) {
        for directive_index in 0..self.lexed.directives.len() {
            let directive = &self.lexed.directives[directive_index];
            if !directive.is_include() {
                continue;
            }
            let hash = self.lexed.tokens[directive.first_token].start;
            let Some((token, quoted)) = self.lexed.header_name(self.text, directive) else {
                continue;
            };
            let (open, close) = (&quoted[..1], &quoted[quoted.len() - 1..]);
            let name = &quoted[1..quoted.len() - 1];
            if name == headers::RUNTIME {
                self.has_runtime_include = true;
                continue;
            }
            if !self.is_excluded(hash) {
                self.includes_cublas_v2 |= name == "cublas_v2.h";
                self.includes_cublas |= matches!(name, "cublas.h" | "hipblas.h" | "rocblas.h");
                self.includes_any_cublas |= matches!(
                    name,
                    "cublas.h" | "cublas_v2.h" | "cublas_api.h" | "cublasLt.h" | "cublasXt.h"
                );
                self.includes_cuda_bf16 |= matches!(name, "cuda_bf16.h" | "hip/hip_bf16.h");
            }
            // As hipify-clang does, a removed directive leaves the rest of its line (a
            // comment, the line break) in place.
            match headers::action(name, self.options) {
                None => {}
                Some(HeaderAction::Remove) => {
                    self.uses_cuda = true;
                    self.edit(hash..token.end, "");
                    self.stats.add_converted(name, "", "CUDA RT API", "include");
                }
                Some(HeaderAction::Replace { header, dedup }) => {
                    self.uses_cuda = true;
                    if header == headers::RUNTIME {
                        self.has_runtime_include = true;
                    }
                    let duplicate = match dedup {
                        Dedup::Never | Dedup::Rand => false,
                        Dedup::Main(key) => !self.header_keys.insert(key),
                        Dedup::V2 { main, v2 } => {
                            !self.header_keys.insert(v2) || self.header_keys.contains(main)
                        }
                    };
                    if duplicate {
                        self.edit(hash..token.end, "");
                    } else {
                        self.edit(token.start..token.end, format!("{open}{header}{close}"));
                    }
                    self.stats
                        .add_converted(name, header, header_api(header), "include");
                }
            }
        }
    }

    /// Inserts `#include <hip/hip_runtime.h>` where and as hipify-clang does: the text
    /// `"\n#include <hip/hip_runtime.h>\n"` right after `#pragma once`'s `once` or the
    /// include guard's macro name (the earlier of the two), else right before the `#` of
    /// the first include, else at the start of the file (after a byte-order mark, which
    /// hipify-clang would leave behind the include). The leading line break ends the line
    /// it is inserted into, so a blank line follows the include after `#pragma once` and
    /// precedes it elsewhere, as in hipify-clang's output.
    ///
    /// hipify-clang inserts it into every file without `cuda.h` or `cuda_runtime.h`;
    /// oxhipify only into files that use CUDA and do not include HIP's runtime header
    /// already. hipify-clang (as of HIPIFY's 2024 sources) computes the guard's place but
    /// never uses it, so a file with a guard and no `#pragma once` gets no include there;
    /// oxhipify gives it one, after the guard.
    fn runtime_include(&mut self) {
        let uses_cuda = self.uses_cuda || self.options.cuda_source;
        if !self.options.add_runtime_include || !uses_cuda || self.has_runtime_include {
            return;
        }
        let directives = &self.lexed.directives;
        let once = directives
            .iter()
            .find(|it| it.name == "pragma" && self.operand(it.first_token + 2) == Some("once"))
            .map(|it| self.lexed.tokens[it.first_token + 2].end);
        let guard = self
            .include_guard()
            .map(|it| self.lexed.tokens[directives[it].first_token + 2].end);
        let at = match (guard, once) {
            (Some(guard), Some(once)) => Some(guard.min(once)),
            (guard, once) => guard.or(once),
        };
        let at = at
            .or_else(|| {
                directives
                    .iter()
                    .find(|it| matches!(it.name.as_str(), "include" | "import"))
                    .map(|it| self.lexed.tokens[it.first_token].start)
            })
            .unwrap_or(usize::from(self.text.starts_with('\u{feff}')) * 3);
        self.edit(at..at, "\n#include <hip/hip_runtime.h>\n".to_owned());
        self.stats.add_converted(
            "<runtime include>",
            "hip/hip_runtime.h",
            "CUDA RT API",
            "include",
        );
    }

    /// The index of the directive `#ifndef GUARD` if it guards the whole file as clang's
    /// multiple-include detection sees it: the file's first token, closed by an `#endif`
    /// with nothing after it, and no `#else` or `#elif` of its own.
    fn include_guard(&self) -> Option<usize> {
        let directives = &self.lexed.directives;
        let first = directives.first()?;
        if first.name != "ifndef"
            || self.lexed.tokens.first().map(|it| it.directive) != Some(1)
            || self.operand(first.first_token + 2).is_none()
        {
            return None;
        }
        let mut depth = 0usize;
        for directive in directives {
            match directive.name.as_str() {
                "if" | "ifdef" | "ifndef" => depth += 1,
                "else" | "elif" | "elifdef" | "elifndef" if depth == 1 => return None,
                "endif" => {
                    depth = depth.checked_sub(1)?;
                    if depth == 0 {
                        let after = directive.end_token(&self.lexed);
                        return (after == self.lexed.tokens.len()).then_some(0);
                    }
                }
                _ => {}
            }
        }
        None
    }

    // ----- identifiers ---------------------------------------------------------------------

    fn identifiers(&mut self) {
        for index in 0..self.lexed.tokens.len() {
            let token = self.lexed.tokens[index];
            if token.kind == TokenKind::Literal && self.options.string_literals {
                self.string_literal(token.start..token.end);
                continue;
            }
            if token.kind != TokenKind::Ident {
                continue;
            }
            let name = &self.text[token.start..token.end];
            if matches!(
                name,
                "__global__"
                    | "__device__"
                    | "__shared__"
                    | "__constant__"
                    | "threadIdx"
                    | "blockIdx"
                    | "blockDim"
                    | "gridDim"
            ) {
                self.uses_cuda = true;
                continue;
            }
            // Members (`s.cudaMalloc`, `context->cuda_stream()`) are renamed too, as
            // hipify-clang's token pass renames every identifier; a struct member with a CUDA
            // name then stays consistent with its declaration.
            if name == "cub"
                && (self.is_punct(index + 1, "::")
                    || (index > 0 && self.tok(index - 1) == "namespace"))
            {
                self.edit(token.start..token.end, "hipcub");
                self.stats
                    .add_converted("cub", "hipcub", Group::Cub.api_name(), "namespace");
                continue;
            }
            let Some(entry) = table::lookup(name) else {
                continue;
            };
            if self.options.whitelist.contains(name)
                || (entry.group == Group::Caffe2 && !self.options.caffe2)
            {
                continue;
            }
            self.identifier(index, entry);
        }
    }

    /// hipify-clang's `half2Member` rule: a member `x` or `y` read through `.` from an
    /// expression whose type is spelled `half2` becomes `reinterpret_cast<half&>(h.x)`
    /// (nvcc gives those members the type `half`; HIP's `half2` may not). Without types, the
    /// expressions are the names declared `half2 name` in the file (a `const half2` is
    /// another type to hipify-clang's check) and the elements of those declared `half2 *p`
    /// or `half2 a[n]`, used as `name.x`, `p[i].x` or `.y` outside a
    /// `reinterpret_cast<…&>(…)`.
    fn half2_members(&mut self) {
        if !self.options.half2_members {
            return;
        }
        let count = self.lexed.tokens.len();
        // Names whose own type is `half2`, and names whose elements are (`half2 *p`,
        // `half2 a[4]`: `p[i].x` is a `half2` too).
        let mut names: HashSet<&str> = HashSet::new();
        let mut indexed: HashSet<&str> = HashSet::new();
        for index in 0..count {
            if self.tok(index) != "half2"
                || self.lexed.tokens[index].kind != TokenKind::Ident
                || (index > 0 && matches!(self.tok(index - 1), "const" | "::" | "." | "->"))
            {
                continue;
            }
            // `half2 a, &b, *c, d[2]`.
            let mut next = index + 1;
            loop {
                let mut pointers = 0;
                while self.is_punct(next, "&") || self.is_punct(next, "*") {
                    pointers += usize::from(self.is_punct(next, "*"));
                    next += 1;
                }
                while matches!(
                    self.lexed.tokens.get(next).map(|_| self.tok(next)),
                    Some("__restrict__" | "__restrict" | "const")
                ) {
                    next += 1;
                }
                let Some(token) = self.lexed.tokens.get(next) else {
                    break;
                };
                // An identifier followed by another is a type (the next parameter's).
                let followed_by_ident = self
                    .lexed
                    .tokens
                    .get(next + 1)
                    .is_some_and(|it| it.kind == TokenKind::Ident);
                if token.kind != TokenKind::Ident || followed_by_ident {
                    break;
                }
                let name = self.lexed.text(self.text, next);
                let array = self.is_punct(next + 1, "[");
                match (pointers, array) {
                    (0, false) => {
                        names.insert(name);
                    }
                    (1, false) | (0, true) => {
                        indexed.insert(name);
                    }
                    _ => {}
                }
                next += 1;
                if array {
                    match self.matching(next) {
                        Some(close) => next = close + 1,
                        None => break,
                    }
                }
                // An initializer runs to the next comma outside brackets.
                if self.is_punct(next, "=") {
                    while next < count
                        && !self.is_punct(next, ",")
                        && !self.is_punct(next, ";")
                        && !self.is_punct(next, ")")
                    {
                        if self.is_punct(next, "(")
                            || self.is_punct(next, "[")
                            || self.is_punct(next, "{")
                        {
                            match self.matching(next) {
                                Some(close) => next = close,
                                None => break,
                            }
                        }
                        next += 1;
                    }
                }
                if !self.is_punct(next, ",") {
                    break;
                }
                next += 1;
            }
        }
        // A name the file also declares with another type (`uint2 data;` in one struct,
        // `half2 data;` in another) is left alone: without types, which declaration an
        // expression refers to is unknown, and hipify-clang rewrites only the `half2` ones.
        for index in 1..count {
            let name = self.tok(index);
            if self.lexed.tokens[index].kind != TokenKind::Ident
                || !(names.contains(name) || indexed.contains(name))
                || !matches!(
                    self.lexed
                        .tokens
                        .get(index + 1)
                        .map(|_| self.tok(index + 1)),
                    Some(";" | "," | "=" | "[" | ")" | "{") | None
                )
            {
                continue;
            }
            // `Type name` or `Type *name` / `Type &name` at the start of a declaration.
            let mut type_at = index - 1;
            while type_at > 0
                && (self.is_punct(type_at, "*")
                    || self.is_punct(type_at, "&")
                    || matches!(
                        self.tok(type_at),
                        "__restrict__" | "__restrict" | "restrict" | "const" | "volatile"
                    ))
            {
                type_at -= 1;
            }
            let pointer = type_at + 1 < index;
            let declaration_start = type_at == 0
                || matches!(self.tok(type_at - 1), ";" | "{" | "}" | "(" | "," | "const");
            let other_type = self.lexed.tokens[type_at].kind == TokenKind::Ident
                && !matches!(
                    self.tok(type_at),
                    "half2"
                        | "return"
                        | "case"
                        | "goto"
                        | "sizeof"
                        | "new"
                        | "delete"
                        | "throw"
                        | "else"
                        | "do"
                        | "co_return"
                        | "co_yield"
                        | "co_await"
                );
            if other_type && (!pointer || declaration_start) {
                names.remove(name);
                indexed.remove(name);
            }
        }
        if names.is_empty() && indexed.is_empty() {
            return;
        }
        for index in 1..count {
            let token = self.lexed.tokens[index];
            if token.kind != TokenKind::Ident || matches!(self.tok(index - 1), "." | "->" | "::") {
                continue;
            }
            let name = self.tok(index);
            // The token before the `.`: the name itself, or the `]` of its subscript.
            let before_dot = if names.contains(name) {
                index
            } else if indexed.contains(name) && self.is_punct(index + 1, "[") {
                match self.matching(index + 1) {
                    Some(close) => close,
                    None => continue,
                }
            } else {
                continue;
            };
            if !self.is_punct(before_dot + 1, ".")
                || !matches!(
                    self.lexed
                        .tokens
                        .get(before_dot + 2)
                        .map(|_| self.tok(before_dot + 2)),
                    Some("x" | "y")
                )
                || self.is_punct(before_dot + 3, "(")
            {
                continue;
            }
            // Already `reinterpret_cast<half&>(h.x)`, or any reference cast.
            let already_cast = index >= 6
                && self.is_punct(index - 1, "(")
                && self.is_punct(index - 2, ">")
                && self.is_punct(index - 3, "&")
                && self.is_punct(index - 5, "<")
                && self.tok(index - 6) == "reinterpret_cast";
            if already_cast {
                continue;
            }
            let end = self.lexed.tokens[before_dot + 2].end;
            let expression = self.text[token.start..end].to_owned();
            self.edits.push(Edit {
                range: token.start..token.start,
                text: "reinterpret_cast<half&>(".to_owned(),
            });
            self.edits.push(Edit {
                range: end..end,
                text: ")".to_owned(),
            });
            self.find(FindingKind::Half2Member { expression }, token.start..end);
        }
    }

    /// CUDA names in an ordinary string literal, as hipify-clang's `RewriteString` finds
    /// them: each `cu` starts a candidate that runs to the next space (or the end), and a
    /// candidate that is exactly a CUDA name HIP has is renamed (`"cudaMalloc failed"`).
    fn string_literal(&mut self, range: Range<usize>) {
        let literal = &self.text[range.clone()];
        if literal.len() < 2 || !literal.starts_with('"') || !literal.ends_with('"') {
            return;
        }
        let content = &literal[1..literal.len() - 1];
        let offset = range.start + 1;
        let mut begin = 0;
        while let Some(found) = content[begin..].find("cu") {
            let start = begin + found;
            let end = content
                .get(start + 4..)
                .and_then(|rest| rest.find(' '))
                .map(|it| start + 4 + it);
            let name = &content[start..end.unwrap_or(content.len())];
            if let Some(entry) = table::lookup(name) {
                let (replacement, _) = self.replacement(entry);
                let device_function =
                    entry.group == Group::Device && entry.section != "Device Types";
                if !replacement.is_empty()
                    && !device_function
                    && !self.options.whitelist.contains(name)
                {
                    self.edit(offset + start..offset + start + name.len(), replacement);
                    self.stats.add_converted(
                        entry.cuda,
                        replacement,
                        entry.group.api_name(),
                        "literal",
                    );
                }
            }
            let Some(end) = end else {
                break;
            };
            begin = end + 1;
        }
    }

    fn identifier(&mut self, index: usize, entry: &'static Entry) {
        let token = self.lexed.tokens[index];
        let range = token.start..token.end;
        let called = self.is_punct(index + 1, "(");
        // Plain device names (`cos`, `clock`, `j0`) are also common user names: only calls
        // count. `__`-prefixed ones are reserved and always count, as do CUDA's `nv_` types.
        if entry.group == Group::Device
            && !entry.cuda.starts_with("__")
            && !entry.cuda.starts_with("nv_")
            && !called
        {
            return;
        }
        // Likewise the two plain lower-case words among the API names (`texture`, `curand`):
        // only as a template or a call.
        let plain_word = entry
            .cuda
            .bytes()
            .all(|it| it.is_ascii_lowercase() || it.is_ascii_digit());
        if plain_word && !called && !self.is_punct(index + 1, "<") {
            return;
        }
        // CUDA's version macros where their value is used: HIP_VERSION counts differently
        // (6.4 is 60400000), so `CUDART_VERSION >= 12080` would hold for every HIP and select
        // the code for the newest CUDA (HeCBench's atomicCAS took CUDA 12.8's
        // `__nv_atomic_load_n`), while leaving the name, as hipify-clang does, makes it 0
        // under HIP and fails code that needs CUDA 11's API (`#else #error`). The value is
        // the CUDA runtime level HIP 6 provides, CUDA 12.0, written with the name it stands
        // for. Only a test of whether the macro is defined becomes a test of HIP_VERSION.
        if entry.is_guard() && entry.cuda.ends_with("_VERSION") && !self.tests_definition(index) {
            let replacement = format!("{HIP_CUDA_LEVEL} /* {} */", entry.cuda);
            self.edit(range, replacement);
            self.stats.add_converted(
                entry.cuda,
                HIP_CUDA_LEVEL,
                entry.group.api_name(),
                &entry.kind(),
            );
            return;
        }
        // A header that only tests CUDA's guards (`#ifdef __CUDA_RUNTIME_H__`) is meant to
        // compile without CUDA too: that alone does not give it the runtime include.
        if !entry.is_guard() {
            self.uses_cuda = true;
        }
        let api = entry.group.api_name();
        let kind = entry.kind();
        let (replacement, target) = self.replacement(entry);
        // The HIP name's own history matters only where the HIP name is written.
        let roc_mode = target != "HIP";
        // hipify-clang checks experimental and `_v2`-only names before choosing between HIP and ROC names.
        if !entry.hip_experimental.is_empty() && !self.options.experimental {
            self.find(
                FindingKind::ExperimentalApi {
                    name: entry.cuda.to_owned(),
                    hip: entry.hip.to_owned(),
                },
                range.clone(),
            );
            self.stats.add_unconverted(entry.cuda, api, &kind);
            return;
        }
        // Only where the file includes the legacy header itself: a file that includes
        // neither gets cuBLAS from another header, which may well be `cublas_v2.h`.
        if entry.v2_only && self.includes_cublas && !self.includes_cublas_v2 {
            self.find(
                FindingKind::CublasV2Only {
                    name: entry.cuda.to_owned(),
                },
                range,
            );
            self.stats.add_unconverted(entry.cuda, api, &kind);
            return;
        }
        if replacement.is_empty() || (!roc_mode && !entry.hip_removed.is_empty()) {
            self.find(
                FindingKind::UnsupportedApi {
                    name: entry.cuda.to_owned(),
                    target,
                },
                range,
            );
            self.stats.add_unconverted(entry.cuda, api, &kind);
            return;
        }
        if !entry.cuda_removed.is_empty() {
            let version = entry.cuda_removed.to_owned();
            self.find(
                FindingKind::RemovedApi {
                    name: entry.cuda.to_owned(),
                    version,
                },
                range.clone(),
            );
        } else if !entry.cuda_deprecated.is_empty() {
            let version = entry.cuda_deprecated.to_owned();
            self.find(
                FindingKind::DeprecatedApi {
                    name: entry.cuda.to_owned(),
                    version,
                },
                range.clone(),
            );
        }
        if !roc_mode && !entry.hip_deprecated.is_empty() {
            self.find(
                FindingKind::HipDeprecatedApi {
                    name: entry.cuda.to_owned(),
                    hip: entry.hip.to_owned(),
                    version: entry.hip_deprecated.to_owned(),
                },
                range.clone(),
            );
        }
        if let Some(note) = behavior_note(entry.cuda) {
            self.find(
                FindingKind::BehaviorDiffers {
                    name: entry.cuda.to_owned(),
                    note,
                },
                range.clone(),
            );
        }
        let replacement = if called {
            self.call_rewrite(index, entry.cuda).unwrap_or(replacement)
        } else if entry.cuda == "__nv_bfloat16"
            && !roc_mode
            && self.includes_any_cublas
            && !self.includes_cuda_bf16
        {
            // hipify-clang's name, the type of hipBLAS's bf16 parameters; where the file
            // includes `cuda_bf16.h` it uses CUDA's bf16 arithmetic, which is HIP's
            // `__hip_bfloat16` (`hip/hip_bf16.h`).
            "hip_bfloat16"
        } else {
            replacement
        };
        if replacement != entry.cuda {
            self.edit(range, replacement);
        }
        self.stats
            .add_converted(entry.cuda, replacement, api, &kind);
    }

    /// The name to write for `entry` and which API it belongs to (`HIP`, `ROC`, `MIOpen`);
    /// an empty name means that API has no equivalent.
    ///
    /// hipify-clang's rule (`Statistics::isToRoc`): with `--roc` or `--miopen`, the cuBLAS,
    /// cuRAND, cuSPARSE, cuSOLVER and cuDNN names become their ROC/MIOpen names, and so do
    /// the runtime, cuComplex and device types that have one (`cuComplex` →
    /// `rocblas_float_complex`, `__half` → `rocblas_half`; `cudaStream_t` →
    /// `miopenAcceleratorQueue_t` only with `--miopen`); cuFFT and the driver API keep their
    /// HIP names.
    fn replacement(&self, entry: &'static Entry) -> (&'static str, &'static str) {
        let roc_capable = match entry.group {
            Group::Cublas | Group::Curand | Group::Cusparse | Group::Cusolver | Group::Cudnn => {
                true
            }
            Group::Runtime | Group::CuComplex | Group::Device => !entry.roc.is_empty(),
            _ => false,
        };
        let miopen_only = entry.cuda == "cudaStream_t";
        let to_roc = roc_capable && (self.options.miopen || (self.options.roc && !miopen_only));
        if !to_roc {
            return (entry.hip, "HIP");
        }
        let hip_data_type =
            self.options.use_hip_data_types && entry.section == "CUDA Library Data types";
        if hip_data_type && !entry.hip.is_empty() {
            return (entry.hip, "HIP");
        }
        let target = if entry.group == Group::Cudnn || miopen_only {
            "MIOpen"
        } else {
            "ROC"
        };
        (entry.roc, target)
    }

    /// Rewrites that depend on the call, not only the name: the arguments' edits of
    /// `calls`, and the overloads HIP names differently (returned as the new name).
    fn call_rewrite(&mut self, index: usize, name: &str) -> Option<&'static str> {
        let rules = calls::rules(name);
        let overloaded = matches!(name, "cudaEventCreate" | "cudaGraphInstantiate");
        if rules.is_empty() && !overloaded {
            return None;
        }
        let call = self.call_spans(index)?;
        // hipify-clang leaves calls without arguments alone.
        if call.arguments.is_empty() {
            return None;
        }
        for rule in rules {
            if !rule.mode.selected(self.options) {
                continue;
            }
            for edit in rule.edits {
                self.argument_edit(name, &call, *edit);
            }
        }
        // hipify-clang renames these overloads only without `--roc` and `--miopen`, which
        // leaves a call HIP does not have; oxhipify renames them always.
        match (name, call.arguments.len()) {
            // CUDA's C++ overload with flags is a separate function in HIP.
            ("cudaEventCreate", 2) => Some("hipEventCreateWithFlags"),
            // CUDA 12's three-argument form (with flags).
            ("cudaGraphInstantiate", 3) => Some("hipGraphInstantiateWithFlags"),
            _ => None,
        }
    }

    /// The byte ranges of the arguments of the call whose name is token `index`, from the
    /// parse tree where there is one (template arguments may hold commas), else from the
    /// tokens.
    fn call_spans(&mut self, index: usize) -> Option<CallSpans> {
        let open = index + 1;
        let close = self.matching(open)?;
        if let Some(arguments) = self.parse_call(index).and_then(|it| it.argument_spans()) {
            return Some(CallSpans {
                arguments,
                close: self.lexed.tokens[close].start,
            });
        }
        let tokens = &self.lexed.tokens;
        let arguments = self
            .split_commas(open + 1..close)
            .into_iter()
            .filter(|it| !it.is_empty())
            .map(|it| tokens[it.start].start..tokens[it.end - 1].end)
            .collect();
        Some(CallSpans {
            arguments,
            close: tokens[close].start,
        })
    }

    /// Applies one argument edit of `calls` to `call`, as hipify-clang's `cudaHostFuncCall`
    /// does: text is inserted before the argument at a position, or after the last one.
    fn argument_edit(&mut self, name: &str, call: &CallSpans, edit: ArgumentEdit) {
        let arguments = &call.arguments;
        let count = arguments.len();
        // Inserts `text` as an argument before `position`, or after the last argument.
        let insert_at = |position: usize, text: &str| -> Edit {
            match arguments.get(position) {
                Some(argument) => Edit {
                    range: argument.start..argument.start,
                    text: format!("{text}, "),
                },
                None => Edit {
                    range: call.close..call.close,
                    text: format!(", {text}"),
                },
            }
        };
        match edit {
            ArgumentEdit::Wrap { position, wrapper } => {
                let Some(argument) = arguments.get(position) else {
                    return;
                };
                let text = &self.text[argument.clone()];
                let wrapped = text
                    .strip_prefix(wrapper)
                    .is_some_and(|it| it.trim_start().starts_with('(') && text.ends_with(')'));
                // A string literal named a symbol before CUDA 5; HIP takes it as it is.
                let literal = wrapper == "HIP_SYMBOL" && text.starts_with('"');
                if wrapped || literal {
                    return;
                }
                self.edit(argument.start..argument.start, format!("{wrapper}("));
                self.edit(argument.end..argument.end, ")");
            }
            ArgumentEdit::Add {
                position,
                text,
                below,
            } => {
                if count < below {
                    self.edits.push(insert_at(position, text));
                }
            }
            ArgumentEdit::Copy { position, to } => {
                if let Some(argument) = arguments.get(position) {
                    let copied = self.text[argument.clone()].to_owned();
                    self.edits.push(insert_at(to, &copied));
                }
            }
            ArgumentEdit::Move {
                position,
                count: moved,
                to,
            } => {
                // The moved arguments must be followed by another, as in hipify-clang.
                let (Some(first), Some(last), Some(next)) = (
                    arguments.get(position),
                    arguments.get(position + moved - 1),
                    arguments.get(position + moved),
                ) else {
                    return;
                };
                // The moved text is translated on its own (hipify-clang moves the CUDA text).
                let options = Options {
                    add_runtime_include: false,
                    ..self.options.clone()
                };
                let text = translate(&self.text[first.start..last.end], &options).text;
                self.edits.push(insert_at(to, &text));
                self.edit(first.start..next.start, "");
            }
            ArgumentEdit::Replace { position, text } => {
                if let Some(argument) = arguments.get(position) {
                    self.edit(argument.clone(), text);
                }
            }
            ArgumentEdit::Remove {
                position,
                data_loss,
            } => {
                let Some(argument) = arguments.get(position) else {
                    return;
                };
                let range = match (arguments.get(position + 1), position.checked_sub(1)) {
                    // Up to the next argument.
                    (Some(next), _) => argument.start..next.start,
                    // The last one: from the comma before it to the `)`.
                    (None, Some(previous)) => {
                        let previous = &arguments[previous];
                        let comma = self.text[previous.end..argument.start]
                            .find(',')
                            .map_or(argument.start, |it| previous.end + it);
                        comma..call.close
                    }
                    (None, None) => argument.start..call.close,
                };
                self.edit(range, "");
                if data_loss {
                    self.find(
                        FindingKind::ArgumentRemoved {
                            name: name.to_owned(),
                            position: position + 1,
                        },
                        argument.clone(),
                    );
                }
            }
        }
    }

    /// Parses the statement holding the call whose name is token `index` (outside
    /// directives only): from the previous `;`, `{` or `}` to the call's `)`.
    fn parse_call(&mut self, index: usize) -> Option<Syntax> {
        let tokens = &self.lexed.tokens;
        if tokens[index].directive != 0 {
            return None;
        }
        let close = self.matching(index + 1)?;
        let mut first = index;
        while first > 0 && index - first < 64 {
            let previous = tokens[first - 1];
            if previous.directive != 0
                || matches!(&self.text[previous.start..previous.end], ";" | "{" | "}")
            {
                break;
            }
            first -= 1;
        }
        let start = tokens[first].start;
        let statement = &self.text[start..tokens[close].end];
        let callee = tokens[index].start - start;
        let parser = self.parser.get_or_insert_with(Syntax::parser).as_mut()?;
        Syntax::parse_call(parser, statement, start, callee)
    }

    /// The index of the bracket closing the one at `open`, within the same directive.
    fn matching(&self, open: usize) -> Option<usize> {
        let tokens = &self.lexed.tokens;
        let directive = tokens.get(open)?.directive;
        let mut depth = 0usize;
        // `;` ends the statement unless it is inside braces (a lambda's body).
        let mut braces = 0usize;
        for (index, token) in tokens.iter().enumerate().skip(open) {
            if token.directive != directive {
                return None;
            }
            if token.kind != TokenKind::Punct {
                continue;
            }
            match self.tok(index) {
                "(" | "[" | "{" => {
                    depth += 1;
                    braces += usize::from(self.tok(index) == "{");
                }
                ")" | "]" | "}" => {
                    depth = depth.checked_sub(1)?;
                    if self.tok(index) == "}" {
                        braces = braces.checked_sub(1)?;
                    }
                    if depth == 0 {
                        return Some(index);
                    }
                }
                ";" if directive == 0 && braces == 0 => return None,
                _ => {}
            }
        }
        None
    }

    /// Splits a token range at commas outside brackets; an empty range gives no parts.
    fn split_commas(&self, range: Range<usize>) -> Vec<Range<usize>> {
        let mut parts = Vec::new();
        if range.is_empty() {
            return parts;
        }
        let mut depth = 0usize;
        let mut start = range.start;
        for index in range.clone() {
            if self.lexed.tokens[index].kind != TokenKind::Punct {
                continue;
            }
            match self.tok(index) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                "," if depth == 0 => {
                    parts.push(start..index);
                    start = index + 1;
                }
                _ => {}
            }
        }
        parts.push(start..range.end);
        parts
    }

    // ----- kernel launches -----------------------------------------------------------------

    fn is_triple(&self, index: usize, punct: &str) -> bool {
        let tokens = &self.lexed.tokens;
        index + 2 < tokens.len()
            && self.is_punct(index, punct)
            && self.is_punct(index + 1, punct)
            && self.is_punct(index + 2, punct)
            && tokens[index].end == tokens[index + 1].start
            && tokens[index + 1].end == tokens[index + 2].start
    }

    /// Three `punct` tokens with nothing but spaces between them, not all adjacent:
    /// `<< <`, as editors that format CUDA like C++ write a launch's chevrons, which nvcc
    /// accepts and clang does not.
    fn is_spaced_triple(&self, index: usize, punct: &str) -> bool {
        let tokens = &self.lexed.tokens;
        index + 2 < tokens.len()
            && self.is_punct(index, punct)
            && self.is_punct(index + 1, punct)
            && self.is_punct(index + 2, punct)
            && !self.is_triple(index, punct)
            && (index..index + 2).all(|at| {
                self.text[tokens[at].end..tokens[at + 1].start]
                    .bytes()
                    .all(|byte| byte == b' ' || byte == b'\t')
            })
    }

    /// `k<< <grid, block>> >(…)`: writes the chevrons together. `<<` followed by `<` is never
    /// C++ otherwise; the closing `>> >` is taken only as the first one at bracket depth 0
    /// that is followed by `(`.
    fn join_spaced_chevrons(&mut self) {
        let tokens = &self.lexed.tokens;
        let mut index = 0;
        while index + 2 < tokens.len() {
            if !self.is_spaced_triple(index, "<") {
                index += 1;
                continue;
            }
            let mut depth = 0usize;
            let mut cursor = index + 3;
            let mut close = None;
            while cursor + 3 < tokens.len() {
                match self.tok(cursor) {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => match depth.checked_sub(1) {
                        Some(less) => depth = less,
                        None => break,
                    },
                    ";" => break,
                    ">" if depth == 0
                        && (self.is_triple(cursor, ">") || self.is_spaced_triple(cursor, ">"))
                        && self.is_punct(cursor + 3, "(") =>
                    {
                        close = Some(cursor);
                        break;
                    }
                    _ => {}
                }
                cursor += 1;
            }
            if let Some(close) = close {
                for (at, chevrons) in [(index, "<<<"), (close, ">>>")] {
                    if !self.is_triple(at, &chevrons[..1]) {
                        self.edits.push(Edit {
                            range: tokens[at].start..tokens[at + 2].end,
                            text: chevrons.to_owned(),
                        });
                    }
                }
                self.uses_cuda = true;
                index = close + 3;
            } else {
                index += 3;
            }
        }
    }

    fn launches(&mut self) {
        self.join_spaced_chevrons();
        let mut templates = None;
        let mut index = 0;
        while index + 2 < self.lexed.tokens.len() {
            if !self.is_triple(index, "<") {
                index += 1;
                continue;
            }
            self.uses_cuda = true;
            if self.options.launch_syntax == LaunchSyntax::HipLaunchKernelGgl {
                if templates.is_none() {
                    templates = Some(self.template_kernels());
                }
                let launch = templates
                    .as_ref()
                    .and_then(|templates| self.launch(index, templates));
                if let Some(edits) = launch {
                    self.edits.extend(edits);
                    self.stats.add_converted(
                        "<<<>>>",
                        "hipLaunchKernelGGL",
                        "CUDA RT API",
                        "kernel launch",
                    );
                } else {
                    let token = self.lexed.tokens[index];
                    self.find(
                        FindingKind::LaunchNotRewritten,
                        token.start..token.start + 3,
                    );
                }
            }
            index += 3;
        }
    }

    /// The kernels hipify-clang names with `HIP_KERNEL_NAME(…)` even without template
    /// arguments at the launch: the `__global__` function templates of this file (their
    /// launches instantiate them), and the object-like macros that name such a kernel or end
    /// in template arguments (`#define KERNEL scale<float>`).
    fn template_kernels(&self) -> HashSet<String> {
        let tokens = &self.lexed.tokens;
        let mut kernels = HashSet::new();
        for index in 0..tokens.len() {
            if self.tok(index) != "template" || !self.is_punct(index + 1, "<") {
                continue;
            }
            // Past the template parameters.
            let mut depth = 0usize;
            let mut cursor = index + 1;
            while let Some(token) = tokens.get(cursor) {
                match self.tok(cursor) {
                    "<" if token.kind == TokenKind::Punct => depth += 1,
                    ">" if token.kind == TokenKind::Punct => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    "(" if token.kind == TokenKind::Punct => {
                        let Some(close) = self.matching(cursor) else {
                            break;
                        };
                        cursor = close;
                    }
                    ";" | "{" | "}" => break,
                    _ => {}
                }
                cursor += 1;
            }
            // The declaration up to its parameter list.
            let mut global = false;
            cursor += 1;
            while let Some(token) = tokens.get(cursor) {
                let text = self.tok(cursor);
                match text {
                    "__global__" => global = true,
                    "__launch_bounds__" | "__attribute__" | "alignas" | "__declspec"
                        if self.is_punct(cursor + 1, "(") =>
                    {
                        let Some(close) = self.matching(cursor + 1) else {
                            break;
                        };
                        cursor = close;
                    }
                    "(" if token.kind == TokenKind::Punct => {
                        let name = cursor - 1;
                        if global && tokens[name].kind == TokenKind::Ident {
                            kernels.insert(self.tok(name).to_owned());
                        }
                        break;
                    }
                    ";" | "{" | "}" | "=" => break,
                    _ => {}
                }
                cursor += 1;
            }
        }
        for directive in &self.lexed.directives {
            let Some(body) = self.object_macro_body(directive) else {
                continue;
            };
            let name = self.tok(directive.first_token + 2);
            let ends_in_arguments = body.len() > 1 && self.is_punct(body.end - 1, ">");
            let names_template = body.len() == 1 && kernels.contains(self.tok(body.start));
            if ends_in_arguments || names_template {
                kernels.insert(name.to_owned());
            }
        }
        kernels
    }

    /// The body tokens of an object-like `#define`, or `None` for other directives and
    /// function-like macros.
    fn object_macro_body(&self, directive: &lexer::Directive) -> Option<Range<usize>> {
        if directive.name != "define" {
            return None;
        }
        let name = directive.first_token + 2;
        self.operand(name)?;
        let tokens = &self.lexed.tokens;
        let end = directive.end_token(&self.lexed);
        // `NAME(` with no blank between is a function-like macro.
        let function_like = name + 1 < end
            && self.is_punct(name + 1, "(")
            && tokens[name].end == tokens[name + 1].start;
        (!function_like).then_some(name + 1..end)
    }

    /// A launch whose configuration is one object-like macro of this file
    /// (`k<<<CONFIG>>>(…)` with `#define CONFIG grid, block`): hipify-clang writes the
    /// macro's parts into the `hipLaunchKernelGGL` call.
    fn launch_with_config_macro(
        &self,
        kernel: Range<usize>,
        templated: bool,
        name: &str,
        open: usize,
        call_close: usize,
    ) -> Option<Vec<Edit>> {
        let tokens = &self.lexed.tokens;
        let body = self.lexed.directives.iter().rev().find_map(|it| {
            let body = self.object_macro_body(it)?;
            (self.tok(it.first_token + 2) == name).then_some(body)
        })?;
        let parts = self.split_commas(body);
        if !(2..=4).contains(&parts.len()) || parts.iter().any(Range::is_empty) {
            return None;
        }
        let texts: Vec<&str> = parts
            .iter()
            .map(|it| &self.text[tokens[it.start].start..tokens[it.end - 1].end])
            .collect();
        let dim3 = |text: &str| {
            if text.starts_with("dim3(") {
                text.to_owned()
            } else {
                format!("dim3({text})")
            }
        };
        let mut config = format!(
            ", {}, {}, {}, {}",
            dim3(texts[0]),
            dim3(texts[1]),
            texts.get(2).copied().unwrap_or("0"),
            texts.get(3).copied().unwrap_or("0")
        );
        let (prefix, kernel_close) = if templated {
            ("hipLaunchKernelGGL(HIP_KERNEL_NAME(", ")")
        } else {
            ("hipLaunchKernelGGL(", "")
        };
        let end = if call_close > open + 1 {
            config.push_str(", ");
            tokens[open + 1].start
        } else {
            tokens[call_close].start
        };
        Some(vec![
            Edit {
                range: kernel.start..kernel.start,
                text: prefix.to_owned(),
            },
            Edit {
                range: kernel.end..end,
                text: format!("{kernel_close}{config}"),
            },
        ])
    }

    /// Edits that turn the launch whose `<<<` starts at token `chevrons` into a
    /// `hipLaunchKernelGGL` call, or `None` if its parts cannot be found.
    fn launch(&self, chevrons: usize, templates: &HashSet<String>) -> Option<Vec<Edit>> {
        let tokens = &self.lexed.tokens;
        let directive = tokens[chevrons].directive;
        // The kernel: `name`, `ns::name`, `name<T, 3>`, or a parenthesised expression.
        let mut first = chevrons.checked_sub(1)?;
        let mut templated = false;
        if self.is_punct(first, ">") {
            let mut depth = 0usize;
            let mut cursor = first;
            loop {
                match self.tok(cursor) {
                    ">" if tokens[cursor].kind == TokenKind::Punct => depth += 1,
                    "<" if tokens[cursor].kind == TokenKind::Punct => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ";" | "{" | "}" => return None,
                    _ => {}
                }
                cursor = cursor.checked_sub(1)?;
            }
            first = cursor.checked_sub(1)?;
            templated = true;
        } else if self.is_punct(first, ")") {
            let mut depth = 0usize;
            let mut cursor = first;
            loop {
                match self.tok(cursor) {
                    ")" => depth += 1,
                    "(" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ";" | "{" | "}" => return None,
                    _ => {}
                }
                cursor = cursor.checked_sub(1)?;
            }
            first = cursor;
        }
        if tokens[first].kind != TokenKind::Ident && !self.is_punct(first, "(") {
            return None;
        }
        while first >= 2
            && self.is_punct(first - 1, "::")
            && tokens[first - 2].kind == TokenKind::Ident
        {
            first -= 2;
        }
        if first >= 1 && self.is_punct(first - 1, "::") {
            first -= 1;
        }
        let kernel_end = tokens[chevrons - 1].end;
        // The configuration: up to `>>>` at bracket depth 0.
        let mut depth = 0usize;
        let mut cursor = chevrons + 3;
        let close = loop {
            let token = tokens.get(cursor)?;
            if token.directive != directive {
                return None;
            }
            if depth == 0 && self.is_triple(cursor, ">") {
                break cursor;
            }
            match self.tok(cursor) {
                "(" | "[" | "{" if token.kind == TokenKind::Punct => depth += 1,
                ")" | "]" | "}" if token.kind == TokenKind::Punct => {
                    depth = depth.checked_sub(1)?
                }
                ";" => return None,
                _ => {}
            }
            cursor += 1;
        };
        let name = chevrons - 1;
        if !templated && tokens[name].kind == TokenKind::Ident && templates.contains(self.tok(name))
        {
            templated = true;
        }
        let config = self.split_commas(chevrons + 3..close);
        let open = close + 3;
        if !self.is_punct(open, "(") {
            return None;
        }
        let call_close = self.matching(open)?;
        if config.len() == 1 && config[0].len() == 1 {
            return self.launch_with_config_macro(
                tokens[first].start..kernel_end,
                templated,
                self.tok(config[0].start),
                open,
                call_close,
            );
        }
        if !(2..=4).contains(&config.len()) || config.iter().any(Range::is_empty) {
            return None;
        }
        let range_of = |part: &Range<usize>| tokens[part.start].start..tokens[part.end - 1].end;
        let parts: Vec<Range<usize>> = config.iter().map(range_of).collect();
        // `dim3(…)` arguments are not wrapped again (hipify-clang tests the text for a
        // `dim3(` prefix, so `dim3 (2, 2)` is wrapped).
        let is_dim3 = |part: &Range<usize>| {
            part.len() >= 3
                && self.tok(part.start) == "dim3"
                && self.is_punct(part.start + 1, "(")
                && tokens[part.start].end == tokens[part.start + 1].start
                && self.matching(part.start + 1) == Some(part.end - 1)
        };
        let (grid_open, grid_close) = if is_dim3(&config[0]) {
            ("", "")
        } else {
            ("dim3(", ")")
        };
        let (block_open, block_close) = if is_dim3(&config[1]) {
            ("", "")
        } else {
            ("dim3(", ")")
        };
        let mut edits = Vec::new();
        let kernel_start = tokens[first].start;
        let prefix = if templated {
            "hipLaunchKernelGGL(HIP_KERNEL_NAME("
        } else {
            "hipLaunchKernelGGL("
        };
        edits.push(Edit {
            range: kernel_start..kernel_start,
            text: prefix.to_owned(),
        });
        let after_kernel = format!("{}, {grid_open}", if templated { ")" } else { "" });
        edits.push(Edit {
            range: kernel_end..parts[0].start,
            text: after_kernel,
        });
        edits.push(Edit {
            range: parts[0].end..parts[1].start,
            text: format!("{grid_close}, {block_open}"),
        });
        if parts.len() >= 3 {
            edits.push(Edit {
                range: parts[1].end..parts[2].start,
                text: format!("{block_close}, "),
            });
        }
        if parts.len() == 4 {
            edits.push(Edit {
                range: parts[2].end..parts[3].start,
                text: ", ".to_owned(),
            });
        }
        let mut tail = match parts.len() {
            2 => format!("{block_close}, 0, 0"),
            3 => ", 0".to_owned(),
            _ => String::new(),
        };
        let has_arguments = call_close > open + 1;
        let last = parts[parts.len() - 1].end;
        if has_arguments {
            tail.push_str(", ");
            edits.push(Edit {
                range: last..tokens[open + 1].start,
                text: tail,
            });
            // hipify-clang copies the arguments from the first one's start to the last one's
            // end and closes the call right after it.
            let after_arguments = tokens[call_close - 1].end..tokens[call_close].start;
            if !after_arguments.is_empty() {
                edits.push(Edit {
                    range: after_arguments,
                    text: String::new(),
                });
            }
        } else {
            edits.push(Edit {
                range: last..tokens[call_close].start,
                text: tail,
            });
        }
        Some(edits)
    }

    // ----- output --------------------------------------------------------------------------

    /// Whether `offset` lies in a branch a preprocessor would skip (only with
    /// `skip_excluded_blocks`).
    fn is_excluded(&self, offset: usize) -> bool {
        self.excluded
            .iter()
            .any(|it| it.start <= offset && offset < it.end)
    }

    fn finish(mut self) -> Translation {
        if !self.excluded.is_empty() {
            let edits = std::mem::take(&mut self.edits);
            self.edits = edits
                .into_iter()
                .filter(|it| !self.is_excluded(it.range.start))
                .collect();
            let findings = std::mem::take(&mut self.findings);
            self.findings = findings
                .into_iter()
                .filter(|it| !self.is_excluded(it.span.range.start))
                .collect();
        }
        // At one offset, insertions come first (in the order they were made), then the
        // longest replacement, which wins over the edits inside it (a removed or replaced
        // argument drops the renames within).
        self.edits.sort_by_key(|it| {
            (
                it.range.start,
                !it.range.is_empty(),
                std::cmp::Reverse(it.range.end),
            )
        });
        let mut out = String::with_capacity(self.text.len() + self.text.len() / 8);
        let mut copied = 0;
        // Edits are sorted, so lines are counted incrementally.
        let mut line = 0;
        let mut counted_to = 0;
        let mut changed_lines = 0;
        let mut last_changed_line = usize::MAX;
        for edit in &self.edits {
            if edit.range.start < copied {
                // Overlaps an earlier edit; the earlier one wins.
                continue;
            }
            out.push_str(&self.text[copied..edit.range.start]);
            out.push_str(&edit.text);
            copied = edit.range.end;
            line += self.text.as_bytes()[counted_to..edit.range.start]
                .iter()
                .filter(|it| **it == b'\n')
                .count();
            counted_to = edit.range.start;
            if line != last_changed_line {
                changed_lines += 1;
                last_changed_line = line;
            }
        }
        out.push_str(&self.text[copied..]);
        self.findings
            .sort_by_key(|it| (it.span.range.start, it.span.range.end));
        self.stats.total_bytes = self.text.len();
        self.stats.total_lines = self.text.lines().count();
        self.stats.changed_lines = changed_lines;
        self.stats.files = 1;
        Translation {
            text: out,
            findings: self.findings,
            stats: self.stats,
        }
    }
}

impl lexer::Directive {
    /// The index of the first token after this directive.
    fn end_token(&self, lexed: &Lexed) -> usize {
        let id = lexed.tokens[self.first_token].directive;
        let mut index = self.first_token;
        while index < lexed.tokens.len() && lexed.tokens[index].directive == id {
            index += 1;
        }
        index
    }
}

fn header_api(header: &str) -> &'static str {
    let library = header.split(['/', '.']).next().unwrap_or_default();
    match library {
        "hipblas" | "hipblaslt" | "rocblas" => Group::Cublas.api_name(),
        "hiprand" | "rocrand" => Group::Curand.api_name(),
        "hipfft" | "rocfft" => Group::Cufft.api_name(),
        "hipsparse" | "rocsparse" => Group::Cusparse.api_name(),
        "hipsolver" | "rocsolver" => Group::Cusolver.api_name(),
        "hipDNN" | "miopen" => Group::Cudnn.api_name(),
        "hipcub" => Group::Cub.api_name(),
        _ => match header {
            "hip/hiprtc.h" => Group::Nvrtc.api_name(),
            "hip/hip_complex.h" => Group::CuComplex.api_name(),
            _ => Group::Runtime.api_name(),
        },
    }
}

/// APIs that HIP provides but that behave differently on AMD GPUs.
fn behavior_note(name: &str) -> Option<&'static str> {
    Some(match name {
        "cudaMallocManaged" | "cuMemAllocManaged" => {
            "managed memory migrates on demand on AMD GPUs only with XNACK enabled (`HSA_XNACK=1`)"
        }
        "cudaMemAdvise" | "cudaMemPrefetchAsync" | "cuMemAdvise" | "cuMemPrefetchAsync" => {
            "a hint that AMD GPUs may ignore when XNACK is off"
        }
        "cudaFuncSetCacheConfig" | "cudaDeviceSetCacheConfig" | "cuCtxSetCacheConfig" | "cuFuncSetCacheConfig" => {
            "has no effect on AMD GPUs"
        }
        "cudaDeviceSetSharedMemConfig" | "cudaFuncSetSharedMemConfig" | "cuCtxSetSharedMemConfig" => {
            "has no effect on AMD GPUs"
        }
        "clock" | "clock64" => "counts shader cycles at a varying clock on AMD GPUs; use `wall_clock64()` for time",
        "cudaGetDeviceProperties" => "`warpSize` is 64 on most AMD GPUs, and `major`/`minor` are not CUDA compute capabilities",
        "cudaDeviceSetLimit" => "AMD GPUs support only the stack size and malloc heap size limits",
        _ => return None,
    })
}

/// Hazard findings: constructs that translate but will not work on 64-wide wavefronts or at
/// all on AMD GPUs. Reports only; never edits.
fn hazards(cx: &mut Cx<'_>) {
    let tokens = cx.lexed.tokens.clone();
    for (index, token) in tokens.iter().enumerate() {
        let text = &cx.text[token.start..token.end];
        match token.kind {
            TokenKind::Ident => match text {
                "asm" | "__asm__" | "__asm" => {
                    let mut next = index + 1;
                    while next < tokens.len()
                        && matches!(
                            cx.tok(next),
                            "volatile" | "__volatile__" | "goto" | "inline"
                        )
                    {
                        next += 1;
                    }
                    if cx.is_punct(next, "(") {
                        cx.find(FindingKind::InlineAsm, token.start..token.end);
                    }
                }
                "__activemask" => cx.find(FindingKind::ActiveMask, token.start..token.end),
                _ => {}
            },
            TokenKind::Number => {
                let value = text
                    .trim_end_matches(['u', 'U', 'l', 'L'])
                    .to_ascii_lowercase();
                if value == "0xffffffff" && (cx.in_sync_call(index) || cx.assigned_to_mask(index)) {
                    cx.find(FindingKind::FullWarpMask, token.start..token.end);
                } else if (value == "32" || value == "31") && cx.warp_width_use(index, &value) {
                    cx.find(
                        FindingKind::WarpSize {
                            literal: text.to_owned(),
                        },
                        token.start..token.end,
                    );
                }
            }
            _ => {}
        }
    }
}

impl Cx<'_> {
    /// The enclosing call's name and this token's argument position, if any.
    fn enclosing_call(&self, index: usize) -> Option<(usize, usize)> {
        let directive = self.lexed.tokens[index].directive;
        let mut depth = 0usize;
        let mut position = 0usize;
        let mut cursor = index;
        for _ in 0..256 {
            cursor = cursor.checked_sub(1)?;
            let token = self.lexed.tokens[cursor];
            if token.directive != directive || token.kind != TokenKind::Punct {
                continue;
            }
            match self.tok(cursor) {
                ")" | "]" => depth += 1,
                "(" | "[" if depth > 0 => depth -= 1,
                "(" => {
                    let name = cursor.checked_sub(1)?;
                    return (self.lexed.tokens[name].kind == TokenKind::Ident)
                        .then_some((name, position));
                }
                "," if depth == 0 => position += 1,
                ";" | "{" | "}" => return None,
                _ => {}
            }
        }
        None
    }

    fn in_sync_call(&self, index: usize) -> bool {
        self.enclosing_call(index).is_some_and(|(name, _)| {
            let name = self.tok(name);
            name.ends_with("_sync") || name == "__syncwarp"
        })
    }

    fn assigned_to_mask(&self, index: usize) -> bool {
        index >= 2
            && self.is_punct(index - 1, "=")
            && self.lexed.tokens[index - 2].kind == TokenKind::Ident
            && self.tok(index - 2).to_ascii_lowercase().contains("mask")
    }

    /// `32` as a shuffle width, `% 32`/`/ 32` or `& 31` next to lane arithmetic, or
    /// `#define WARP_SIZE 32`.
    fn warp_width_use(&self, index: usize, value: &str) -> bool {
        let directive = self.lexed.tokens[index].directive;
        if directive != 0 && value == "32" {
            let define = &self.lexed.directives[directive as usize - 1];
            if define.name == "define" && index == define.first_token + 3 {
                return self
                    .tok(define.first_token + 2)
                    .to_ascii_lowercase()
                    .contains("warp");
            }
        }
        if value == "32" {
            if let Some((name, position)) = self.enclosing_call(index) {
                let name = self.tok(name);
                if name.starts_with("__shfl") {
                    let width_position = if name.ends_with("_sync") { 3 } else { 2 };
                    return position == width_position;
                }
            }
        }
        // `kWarpSize = 32`, `const int WARP = 32`.
        if value == "32"
            && index >= 2
            && self.is_punct(index - 1, "=")
            && self.lexed.tokens[index - 2].kind == TokenKind::Ident
            && self.tok(index - 2).to_ascii_lowercase().contains("warp")
        {
            return true;
        }
        let operator_matches = index >= 1
            && match value {
                "32" => self.is_punct(index - 1, "%") || self.is_punct(index - 1, "/"),
                _ => self.is_punct(index - 1, "&"),
            };
        if !operator_matches {
            return false;
        }
        // Look at the rest of the statement for lane/warp arithmetic.
        let mut cursor = index;
        for _ in 0..24 {
            let Some(previous) = cursor.checked_sub(1) else {
                break;
            };
            cursor = previous;
            let text = self.tok(cursor);
            if matches!(text, ";" | "{" | "}") {
                break;
            }
            let lower = text.to_ascii_lowercase();
            if self.lexed.tokens[cursor].kind == TokenKind::Ident
                && (lower.contains("threadidx")
                    || lower.contains("lane")
                    || lower.contains("warp")
                    || lower == "tid")
            {
                return true;
            }
        }
        false
    }
}
