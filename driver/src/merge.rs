//! One copy of each compiler diagnostic, however many offload passes produced it.
//!
//! A source built for five targets is compiled six times (one device pass per target and
//! the host pass), and clang repeats every warning of shared code in each pass, each time
//! followed by "1 warning generated when compiling for gfx942.". The driver collects the
//! clang jobs' messages, prints each distinct diagnostic once, in order of first
//! appearance, and ends with one summary line per set of targets that produced the same
//! diagnostics ("2 warnings generated when compiling for gfx942, sm_90 and host.").
//! Other tools' output passes through unchanged, in job order.

/// Diagnostics of one compile, merged across its jobs.
#[derive(Default)]
pub(crate) struct Merger {
    entries: Vec<Entry>,
    blocks: Vec<Block>,
}

enum Entry {
    Raw(Vec<u8>),
    Block(usize),
}

struct Block {
    text: String,
    severity: Severity,
    /// The passes that printed it, in order ("gfx942", "x86-64"); empty when clang did not
    /// say.
    targets: Vec<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Severity {
    Warning,
    Error,
    Other,
}

impl Merger {
    /// Output of a job that is not a clang compile: kept as is.
    pub(crate) fn raw(&mut self, bytes: &[u8]) {
        if !bytes.is_empty() {
            self.entries.push(Entry::Raw(bytes.to_vec()));
        }
    }

    /// The stderr of one clang job.
    pub(crate) fn clang(&mut self, bytes: &[u8]) {
        let text = String::from_utf8_lossy(bytes);
        let mut target: Option<String> = None;
        let mut blocks: Vec<(String, Severity)> = Vec::new();
        let mut previous_was_include = false;
        for line in text.split_inclusive('\n') {
            let bare = line.trim_end_matches(['\n', '\r']);
            if let Some(summary_target) = summary(bare) {
                if summary_target.is_some() {
                    target = summary_target;
                }
                previous_was_include = false;
                continue;
            }
            let include = bare.starts_with("In file included from ")
                || (previous_was_include && bare.trim_start().starts_with("from "));
            let severity = header(bare);
            let starts_block = (include || severity.is_some()) && !previous_was_include;
            if starts_block || blocks.is_empty() {
                blocks.push((String::new(), severity.unwrap_or(Severity::Other)));
            }
            let last = blocks.len() - 1;
            if let Some(severity) = severity {
                if blocks[last].1 == Severity::Other {
                    blocks[last].1 = severity;
                }
            }
            blocks[last].0.push_str(line);
            if !line.ends_with('\n') {
                blocks[last].0.push('\n');
            }
            previous_was_include = include;
        }
        for (text, severity) in blocks {
            let index = match self.blocks.iter().position(|block| block.text == text) {
                Some(index) => index,
                None => {
                    self.blocks.push(Block {
                        text,
                        severity,
                        targets: Vec::new(),
                    });
                    self.entries.push(Entry::Block(self.blocks.len() - 1));
                    self.blocks.len() - 1
                }
            };
            if let Some(target) = &target {
                if !self.blocks[index].targets.contains(target) {
                    self.blocks[index].targets.push(target.clone());
                }
            }
        }
    }

    /// Everything collected: each diagnostic once, then the summary lines.
    pub(crate) fn finish(self) -> Vec<u8> {
        let mut out = Vec::new();
        for entry in &self.entries {
            match entry {
                Entry::Raw(bytes) => out.extend_from_slice(bytes),
                Entry::Block(index) => out.extend_from_slice(self.blocks[*index].text.as_bytes()),
            }
        }
        // One line per set of targets, in order of first appearance.
        let mut groups: Vec<(&[String], usize, usize)> = Vec::new();
        for block in &self.blocks {
            let (warnings, errors) = match block.severity {
                Severity::Warning => (1, 0),
                Severity::Error => (0, 1),
                Severity::Other => continue,
            };
            match groups
                .iter_mut()
                .find(|(targets, _, _)| *targets == block.targets.as_slice())
            {
                Some(group) => {
                    group.1 += warnings;
                    group.2 += errors;
                }
                None => groups.push((&block.targets, warnings, errors)),
            }
        }
        for (targets, warnings, errors) in groups {
            let mut counts = Vec::new();
            if warnings > 0 {
                counts.push(plural(warnings, "warning"));
            }
            if errors > 0 {
                counts.push(plural(errors, "error"));
            }
            let line = if targets.is_empty() {
                format!("{} generated.\n", counts.join(" and "))
            } else {
                format!(
                    "{} generated when compiling for {}.\n",
                    counts.join(" and "),
                    list(targets)
                )
            };
            out.extend_from_slice(line.as_bytes());
        }
        if self.blocks.iter().any(Block::is_ptx_asm_elsewhere) {
            out.extend_from_slice(PTX_ASM_NOTE.as_bytes());
        }
        out
    }
}

/// What the driver adds when an `asm` statement's constraints fail in an AMD or CPU pass.
const PTX_ASM_NOTE: &str = "note: that `asm` is NVIDIA PTX, which the AMD and CPU passes cannot compile (nvcc compiles for NVIDIA GPUs only); keep it under `#if defined(__CUDA_ARCH__)` or `__NVPTX__`, or build for NVIDIA targets alone (`--offload-arch=sm_90`)\n";

impl Block {
    /// An error about an `asm` statement's constraints from passes that are not NVIDIA's:
    /// PTX assembly that a source guards with `!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= N`,
    /// as CUDA code often does, reaches the AMD and CPU passes, where no `__CUDA_ARCH__` is
    /// defined.
    fn is_ptx_asm_elsewhere(&self) -> bool {
        self.severity == Severity::Error
            && self.text.contains("constraint")
            && self.text.contains(" in asm")
            && !self.targets.is_empty()
            && self.targets.iter().all(|target| !target.starts_with("sm_"))
    }
}

/// `Some(target)` for clang's "N warnings generated[ when compiling for T]." line.
fn summary(line: &str) -> Option<Option<String>> {
    let (count, rest) = line.split_once(' ')?;
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = ["warnings", "warning", "errors", "error"]
        .iter()
        .find_map(|word| rest.strip_prefix(word))?;
    let rest = rest
        .strip_prefix(" and ")
        .and_then(|more| {
            let (count, more) = more.split_once(' ')?;
            count.bytes().all(|b| b.is_ascii_digit()).then_some(())?;
            ["errors", "error"]
                .iter()
                .find_map(|word| more.strip_prefix(word))
        })
        .unwrap_or(rest);
    let rest = rest.strip_prefix(" generated")?;
    if rest == "." {
        return Some(None);
    }
    let target = rest
        .strip_prefix(" when compiling for ")?
        .strip_suffix('.')?;
    Some(Some(target.to_owned()))
}

/// The severity of a line that starts a diagnostic (`file:1:2: warning: …`, `error: …`).
fn header(line: &str) -> Option<Severity> {
    let checks = [
        (": fatal error: ", Severity::Error),
        (": error: ", Severity::Error),
        (": warning: ", Severity::Warning),
    ];
    for (marker, severity) in checks {
        if let Some(at) = line.find(marker) {
            // A location, or a tool name (`clang: error:`), before the marker; not a
            // source line that happens to contain it (those start with spaces or a number
            // and a bar).
            if !line[..at].is_empty() && !line.starts_with(' ') && !line[..at].contains(" | ") {
                return Some(severity);
            }
        }
    }
    if line.starts_with("error: ") || line.starts_with("fatal error: ") {
        return Some(Severity::Error);
    }
    if line.starts_with("warning: ") {
        return Some(Severity::Warning);
    }
    None
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        format!("1 {word}")
    } else {
        format!("{count} {word}s")
    }
}

/// "a", "a and b", "a, b and c".
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ptx_asm_in_an_amd_pass_gets_a_note() {
        let error = "a.cu:5:76: error: invalid input constraint 'l' in asm\n";
        let mut merger = Merger::default();
        merger.clang(format!("{error}1 error generated when compiling for gfx942.\n").as_bytes());
        let out = String::from_utf8(merger.finish()).unwrap();
        assert!(out.ends_with(PTX_ASM_NOTE), "{out}");
        // Not when the NVIDIA pass failed too: that is the program's own error.
        let mut merger = Merger::default();
        for target in ["gfx942", "sm_90"] {
            merger.clang(
                format!("{error}1 error generated when compiling for {target}.\n").as_bytes(),
            );
        }
        let out = String::from_utf8(merger.finish()).unwrap();
        assert!(!out.contains("note: that `asm`"), "{out}");
    }

    const WARNING: &str = "a.hip:3:5: warning: unused variable 'x' [-Wunused-variable]\n    3 |   int x;\n      |       ^\n";

    fn pass(target: &str, body: &str) -> Vec<u8> {
        format!("{body}1 warning generated when compiling for {target}.\n").into_bytes()
    }

    #[test]
    fn a_warning_of_every_pass_is_printed_once() {
        let mut merger = Merger::default();
        for target in ["gfx942", "sm_90", "x86-64"] {
            merger.clang(&pass(target, WARNING));
        }
        let out = String::from_utf8(merger.finish()).unwrap();
        assert_eq!(
            out,
            format!("{WARNING}1 warning generated when compiling for gfx942, sm_90 and x86-64.\n")
        );
    }

    #[test]
    fn a_warning_of_one_pass_keeps_its_target() {
        let mut merger = Merger::default();
        let other = "a.hip:9:1: warning: only on the device [-Wfoo]\n";
        merger.clang(
            &format!("{WARNING}{other}2 warnings generated when compiling for gfx942.\n")
                .into_bytes(),
        );
        merger.clang(&pass("x86-64", WARNING));
        let out = String::from_utf8(merger.finish()).unwrap();
        assert_eq!(
            out,
            format!(
                "{WARNING}{other}1 warning generated when compiling for gfx942 and x86-64.\n\
                 1 warning generated when compiling for gfx942.\n"
            )
        );
    }

    #[test]
    fn include_chains_and_notes_stay_with_their_diagnostic() {
        let text = "In file included from a.hip:1:\nIn file included from ./b.h:2:\n./c.h:4:2: error: boom\n    4 | x\n./c.h:1:1: note: here\n1 error generated when compiling for sm_90.\n";
        let mut merger = Merger::default();
        merger.clang(text.as_bytes());
        merger.clang(text.replace("sm_90", "gfx942").as_bytes());
        let out = String::from_utf8(merger.finish()).unwrap();
        assert_eq!(
            out,
            "In file included from a.hip:1:\nIn file included from ./b.h:2:\n./c.h:4:2: error: boom\n    4 | x\n./c.h:1:1: note: here\n1 error generated when compiling for sm_90 and gfx942.\n"
        );
    }

    #[test]
    fn other_output_passes_through_in_order() {
        let mut merger = Merger::default();
        merger.raw(b"warning[unsupported-api]: from hipify\n");
        merger.clang(&pass("host", WARNING));
        let out = String::from_utf8(merger.finish()).unwrap();
        assert!(out.starts_with("warning[unsupported-api]: from hipify\n"));
        assert!(out.ends_with("1 warning generated when compiling for host.\n"));
    }

    #[test]
    fn summaries_are_recognised() {
        assert_eq!(summary("2 warnings generated."), Some(None));
        assert_eq!(
            summary("1 warning and 2 errors generated when compiling for sm_90."),
            Some(Some("sm_90".to_owned()))
        );
        assert_eq!(summary("12 things generated."), None);
        assert_eq!(summary("a.hip:1:1: warning: x"), None);
    }
}
