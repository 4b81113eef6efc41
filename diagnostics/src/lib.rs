//! `diagnostics`: source files, byte spans and the codespan-reporting renderer shared by
//! `driver` and `hipify`.
//!
//! The API is deliberately small: a [`SourceMap`] owns file names and texts and hands out
//! [`FileId`]s; a [`Span`] is a file plus a byte range; [`SourceMap::render`] turns a
//! [`Diagnostic`] into the text codespan-reporting 0.13 prints (without colour).
//! This crate does not print anything: callers decide where the text goes.

use std::ops::Range;

use codespan_reporting::files::{self, Files};
use codespan_reporting::term;

pub use codespan_reporting::diagnostic::{Diagnostic, Label, LabelStyle, Severity};

/// Names one file in a [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(u32);

impl FileId {
    /// A file id for code that handles one file only and never renders through a map that
    /// holds other files (for example a library translating a single buffer).
    pub const SINGLE: FileId = FileId(0);
}

/// A byte range inside one file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Span {
    /// The file the range points into.
    pub file: FileId,
    /// Byte offsets into that file's text (start inclusive, end exclusive).
    pub range: Range<usize>,
}

impl Span {
    /// Makes a span from a file and a byte range.
    pub fn new(file: FileId, range: Range<usize>) -> Span {
        Span { file, range }
    }
}

/// A one-based line and column (the column counts characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineCol {
    /// One-based line number.
    pub line: usize,
    /// One-based column number, in characters.
    pub column: usize,
}

struct SourceFile {
    name: String,
    text: String,
    line_starts: Vec<usize>,
}

/// Owns the files that diagnostics refer to.
#[derive(Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    /// An empty map.
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Adds a file and returns its id. The first file added gets [`FileId::SINGLE`].
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        let text = text.into();
        let line_starts = files::line_starts(&text).collect();
        let id = FileId(u32::try_from(self.files.len()).unwrap_or(u32::MAX));
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts,
        });
        id
    }

    /// The name a file was added with, or `""` for an unknown id.
    pub fn name(&self, file: FileId) -> &str {
        self.file(file).map_or("", |it| it.name.as_str())
    }

    /// The text a file was added with, or `""` for an unknown id.
    pub fn text(&self, file: FileId) -> &str {
        self.file(file).map_or("", |it| it.text.as_str())
    }

    /// The one-based line and column of a byte offset, or `None` for an unknown id.
    pub fn line_col(&self, file: FileId, offset: usize) -> Option<LineCol> {
        let line_index = self.line_index(file, offset).ok()?;
        let line_range = self.line_range(file, line_index).ok()?;
        let text = &self.file(file)?.text;
        let column = files::column_index(text, line_range, offset) + 1;
        Some(LineCol {
            line: line_index + 1,
            column,
        })
    }

    /// Renders a diagnostic the way codespan-reporting's rich style prints it, without
    /// colour, ending in a blank line. An unknown file id renders the message alone.
    pub fn render(&self, diagnostic: &Diagnostic<FileId>) -> String {
        let config = term::Config::default();
        match term::emit_into_string(&config, self, diagnostic) {
            Ok(text) => text,
            Err(_) => format!("{:?}: {}\n", diagnostic.severity, diagnostic.message).to_lowercase(),
        }
    }

    /// The byte offset of a one-based line and byte column (clang's columns count bytes),
    /// clamped to the end of that line; the end of the text for a line past it, and `None`
    /// for an unknown id.
    pub fn offset(&self, file: FileId, line: usize, column: usize) -> Option<usize> {
        let file_ref = self.file(file)?;
        let Ok(range) = self.line_range(file, line.saturating_sub(1)) else {
            return Some(file_ref.text.len());
        };
        let length = file_ref.text[range.clone()]
            .trim_end_matches(['\n', '\r'])
            .len();
        Some(range.start + column.saturating_sub(1).min(length))
    }

    /// Renders a diagnostic the way clang prints one: `file:line:column: error: message`,
    /// with clang's byte column, the source line with a caret under the column, then a
    /// `note:` line per note. Editors and build logs turn the first line into a link to the
    /// position. The position is the primary label's start; a blank source line is not shown
    /// (the caller knew the position but not the text). Without a primary label this is
    /// `error: message` and the notes.
    pub fn render_short(&self, diagnostic: &Diagnostic<FileId>) -> String {
        let severity = match diagnostic.severity {
            Severity::Bug | Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Help => "help",
        };
        let mut text = String::new();
        let primary = diagnostic
            .labels
            .iter()
            .find(|label| label.style == LabelStyle::Primary);
        let position = primary.and_then(|label| {
            let line_index = self.line_index(label.file_id, label.range.start).ok()?;
            let line = self.line_range(label.file_id, line_index).ok()?;
            let at = LineCol {
                line: line_index + 1,
                column: label.range.start - line.start + 1,
            };
            let source = self.text(label.file_id).get(line)?;
            Some((
                self.name(label.file_id),
                at,
                source.trim_end_matches(['\n', '\r']),
            ))
        });
        match position {
            Some((name, at, source)) => {
                text.push_str(&format!(
                    "{name}:{}:{}: {severity}: {}\n",
                    at.line, at.column, diagnostic.message
                ));
                if !source.trim().is_empty() {
                    text.push_str(&format!("{:>5} | {source}\n", at.line));
                    text.push_str(&format!("      | {}^\n", " ".repeat(at.column - 1)));
                }
            }
            None => text.push_str(&format!("{severity}: {}\n", diagnostic.message)),
        }
        for note in &diagnostic.notes {
            text.push_str(&format!("note: {note}\n"));
        }
        text
    }

    fn file(&self, file: FileId) -> Option<&SourceFile> {
        self.files.get(file.0 as usize)
    }
}

impl<'a> Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        self.file(id)
            .map(|it| it.name.as_str())
            .ok_or(files::Error::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, files::Error> {
        self.file(id)
            .map(|it| it.text.as_str())
            .ok_or(files::Error::FileMissing)
    }

    fn line_index(&'a self, id: FileId, byte_index: usize) -> Result<usize, files::Error> {
        let file = self.file(id).ok_or(files::Error::FileMissing)?;
        Ok(file
            .line_starts
            .binary_search(&byte_index)
            .unwrap_or_else(|next_line| next_line.saturating_sub(1)))
    }

    fn line_range(&'a self, id: FileId, line_index: usize) -> Result<Range<usize>, files::Error> {
        let file = self.file(id).ok_or(files::Error::FileMissing)?;
        let start_of = |index: usize| -> Result<usize, files::Error> {
            match index.cmp(&file.line_starts.len()) {
                std::cmp::Ordering::Less => Ok(file.line_starts[index]),
                std::cmp::Ordering::Equal => Ok(file.text.len()),
                std::cmp::Ordering::Greater => Err(files::Error::LineTooLarge {
                    given: index,
                    max: file.line_starts.len().saturating_sub(1),
                }),
            }
        };
        Ok(start_of(line_index)?..start_of(line_index + 1)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_a_warning_with_location() {
        let mut map = SourceMap::new();
        let file = map.add("saxpy.cu", "int x;\n    cudaFoo(&a);\n");
        let diagnostic = Diagnostic::warning()
            .with_code("unsupported-api")
            .with_message("`cudaFoo` has no HIP equivalent")
            .with_labels(vec![
                Label::primary(file, 11..18).with_message("left unchanged")
            ]);
        let text = map.render(&diagnostic);
        assert!(
            text.contains("warning[unsupported-api]: `cudaFoo` has no HIP equivalent"),
            "{text}"
        );
        assert!(text.contains("saxpy.cu:2:5"), "{text}");
        assert!(text.contains("^^^^^^^ left unchanged"), "{text}");
    }

    #[test]
    fn renders_in_clangs_short_form() {
        let mut map = SourceMap::new();
        let file = map.add("k.hip", "int x;\n  asm(\"s_nop 0\");\n");
        let diagnostic = Diagnostic::error()
            .with_message("inline assembly `s_nop 0` is not valid for sm_90")
            .with_labels(vec![Label::primary(file, 9..9)])
            .with_notes(vec!["keep assembly for one vendor".to_owned()]);
        assert_eq!(
            map.render_short(&diagnostic),
            "k.hip:2:3: error: inline assembly `s_nop 0` is not valid for sm_90\n    \
             2 |   asm(\"s_nop 0\");\n      |   ^\nnote: keep assembly for one vendor\n"
        );
        // Columns count bytes, as clang's do.
        let wide = map.add("w.hip", "/* é */ asm(\"x\");\n");
        let at = map.offset(wide, 1, 10).unwrap();
        assert_eq!(at, 9);
        let diagnostic = Diagnostic::error()
            .with_message("bad")
            .with_labels(vec![Label::primary(wide, at..at)]);
        assert!(map
            .render_short(&diagnostic)
            .starts_with("w.hip:1:10: error: bad\n"));
        assert_eq!(map.offset(wide, 1, 99), Some(map.text(wide).len() - 1));
        assert_eq!(map.offset(wide, 5, 1), Some(map.text(wide).len()));
        assert_eq!(map.offset(FileId(9), 1, 1), None);
        let unlabelled = Diagnostic::warning().with_message("no position");
        assert_eq!(map.render_short(&unlabelled), "warning: no position\n");
    }

    #[test]
    fn line_col_counts_characters() {
        let mut map = SourceMap::new();
        let file = map.add("a", "é\nab");
        assert_eq!(map.line_col(file, 4), Some(LineCol { line: 2, column: 2 }));
        assert_eq!(map.line_col(file, 2), Some(LineCol { line: 1, column: 2 }));
        assert_eq!(map.line_col(FileId(7), 0), None);
    }
}
