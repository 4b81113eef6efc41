//! One file from the front ends of every side of a HIP or CUDA compile: the host side is one
//! clang front end and each offload target another, and a header that only device compiles
//! include (under `#ifdef __HIP_DEVICE_COMPILE__` or `__CUDA_ARCH__`) is seen by the device
//! sides alone. A build system that reads the dependency file (`-M`, `-MD`), or a compiler
//! cache that hashes the preprocessed text (`-E`), must see it too, or a change to that header
//! gives a stale object.
//!
//! - Dependency files: the host side's rule, with the files that only device sides list
//!   added after its own ([`merge`]).
//! - Preprocessed text: a clang-offload-bundler text bundle, host entry first, behind a
//!   failing `static_assert` that stops a C++ compiler ([`join_preprocessed`]; docs/driver.md,
//!   "`-E` of a HIP or CUDA source").
//!
//! Pure: text in, text out. Which sides a compile has is `bind`'s to say; reading and
//! writing the files is `execute`'s.

/// The first rule of a dependency file: the targets as written, and the files (unescaped)
/// in clang's order, the main source first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub targets: Vec<String>,
    pub files: Vec<String>,
    /// Whether `-MP`'s phony targets follow the rule.
    pub phony: bool,
}

/// Reads a dependency file in the form clang writes. `None` when the text has no rule.
pub fn parse(text: &str) -> Option<Rule> {
    // The rule ends at the first newline that no backslash continues; `-MP`'s phony
    // targets follow it.
    let bytes = text.as_bytes();
    let end = (0..bytes.len())
        .find(|&index| bytes[index] == b'\n' && (index == 0 || bytes[index - 1] != b'\\'))
        .unwrap_or(bytes.len());
    let rule = &text[..end];
    let phony = !text[end..].trim().is_empty();
    let words = split_make_words(rule);
    let colon = words.iter().position(|word| word.raw.ends_with(':'))?;
    let mut targets: Vec<String> = words[..colon].iter().map(|word| word.raw.clone()).collect();
    let last_target = words[colon].raw.trim_end_matches(':').to_owned();
    if !last_target.is_empty() {
        targets.push(last_target);
    }
    let files = words[colon + 1..]
        .iter()
        .map(|word| word.text.clone())
        .collect();
    Some(Rule {
        targets,
        files,
        phony,
    })
}

/// Writes a rule as clang's `DependencyFileGenerator` does: lines of at most 75 columns,
/// and with `phony` (`-MP`) an empty rule for every file but the first, the source.
pub fn render(targets: &[String], files: &[String], phony: bool) -> String {
    let mut out = String::new();
    let mut columns = 0;
    for target in targets {
        let width = target.len();
        if columns == 0 {
            columns += width;
        } else if columns + width + 2 > 75 {
            columns = width + 2;
            out.push_str(" \\\n  ");
        } else {
            columns += width + 1;
            out.push(' ');
        }
        out.push_str(target);
    }
    out.push(':');
    columns += 1;
    for file in files {
        let width = file.len();
        if columns + width + 1 + 2 > 75 {
            out.push_str(" \\\n ");
            columns = 2;
        }
        out.push(' ');
        out.push_str(&escape_make(file));
        columns += width + 1;
    }
    out.push('\n');
    if phony {
        for file in files.iter().skip(1) {
            out.push_str(&escape_make(file));
            out.push_str(":\n");
        }
    }
    out
}

/// One dependency file for every side of a compile: `first` (the host side's, or the first
/// device side's when there is no host compile) with its targets and its files in its order,
/// then each file of `others` that it lacks, in the order of `others` and of each list.
/// When no side adds a file, `first` is returned as it is, so that a source without
/// device-only headers gets the same file as before. `phony` says whether `-MP` was given
/// (the device sides are written without it). `None` when a text is not a dependency file.
pub fn merge(first: &str, others: &[&str], phony: bool) -> Option<String> {
    let rule = parse(first)?;
    let mut files = rule.files.clone();
    let mut seen: std::collections::HashSet<String> = files.iter().cloned().collect();
    for other in others {
        for file in parse(other)?.files {
            if seen.insert(file.clone()) {
                files.push(file);
            }
        }
    }
    if files.len() == rule.files.len() && rule.phony == (phony && files.len() > 1) {
        return Some(first.to_owned());
    }
    Some(render(&rule.targets, &files, phony))
}

/// The comment that starts an entry of clang-offload-bundler's text format (`-type=ii`),
/// after a newline, followed by the entry's ID.
const BUNDLE_START: &str = "// __CLANG_OFFLOAD_BUNDLE____START__ ";
/// The comment that ends an entry.
const BUNDLE_END: &str = "// __CLANG_OFFLOAD_BUNDLE____END__ ";

/// The first line of a joined `-E` output: a host compile of the file (distcc's remote
/// compile of what it preprocessed here, or ccache with `run_second_cpp = false`) stops at it
/// with this message, instead of compiling the host side and dropping the device code.
pub const STOP_HOST_COMPILE: &str =
    "static_assert(false, \"oxhip: this is the -E output of a HIP compile, \
its host side followed by each device side: compile the source itself, or preprocess it with \
--cuda-host-only for the host side alone\");\n";

/// The `-E` output of a compile of several sides: [`STOP_HOST_COMPILE`], then each side's
/// preprocessed text as an entry of a clang-offload-bundler text bundle (`-type=ii`,
/// `TextFileHandler`: `\n// __CLANG_OFFLOAD_BUNDLE____START__ <ID>\n`, the text,
/// `\n// __CLANG_OFFLOAD_BUNDLE____END__ <ID>\n`), the host side's first (`sides` gives the
/// entry IDs, `host-x86_64-unknown-linux-gnu-` and `hip-amdgcn-amd-amdhsa--gfx942`, with the
/// texts). The entries after the first are inside `#if 0`, so that a host compile of the
/// file reports the `static_assert` and not the device sides' redefinitions;
/// `clang-offload-bundler -unbundle` skips what is outside the entries and gives each side's
/// text back as it was.
pub fn join_preprocessed(sides: &[(String, String)]) -> String {
    let mut out = String::new();
    if sides.len() > 1 {
        out.push_str(STOP_HOST_COMPILE);
    }
    for (index, (id, text)) in sides.iter().enumerate() {
        if index == 1 {
            out.push_str("#if 0\n");
        }
        out.push('\n');
        out.push_str(BUNDLE_START);
        out.push_str(id);
        out.push('\n');
        out.push_str(text);
        out.push('\n');
        out.push_str(BUNDLE_END);
        out.push_str(id);
        out.push('\n');
    }
    if sides.len() > 1 {
        out.push_str("#endif\n");
    }
    out
}

/// One word of a make rule: as written, and unescaped.
struct MakeWord {
    raw: String,
    text: String,
}

/// The words of a make rule as clang writes it: `\<newline>` continues a line, `\ ` is a
/// space in a name, `\#` a `#`, `$$` a `$`.
fn split_make_words(rule: &str) -> Vec<MakeWord> {
    let mut words = Vec::new();
    let mut raw = String::new();
    let mut text = String::new();
    let mut chars = rule.chars().peekable();
    let finish = |raw: &mut String, text: &mut String, words: &mut Vec<MakeWord>| {
        if !raw.is_empty() {
            words.push(MakeWord {
                raw: std::mem::take(raw),
                text: std::mem::take(text),
            });
        }
    };
    while let Some(ch) = chars.next() {
        match ch {
            '\\' => match chars.peek() {
                Some('\n') => {
                    chars.next();
                    finish(&mut raw, &mut text, &mut words);
                }
                Some(&next @ (' ' | '#')) => {
                    chars.next();
                    raw.push('\\');
                    raw.push(next);
                    text.push(next);
                }
                _ => {
                    raw.push('\\');
                    text.push('\\');
                }
            },
            '$' if chars.peek() == Some(&'$') => {
                chars.next();
                raw.push_str("$$");
                text.push('$');
            }
            ' ' | '\t' | '\n' => finish(&mut raw, &mut text, &mut words),
            _ => {
                raw.push(ch);
                text.push(ch);
            }
        }
    }
    finish(&mut raw, &mut text, &mut words);
    words
}

/// A file name as clang's make output writes it (`PrintFilename`, make format).
fn escape_make(file: &str) -> String {
    let mut out = String::with_capacity(file.len());
    let chars: Vec<char> = file.chars().collect();
    for (index, ch) in chars.iter().enumerate() {
        match ch {
            ' ' => {
                // Backslashes before a space are doubled, then the space escaped.
                let mut back = index;
                while back > 0 && chars[back - 1] == '\\' {
                    out.push('\\');
                    back -= 1;
                }
                out.push_str("\\ ");
            }
            '#' => out.push_str("\\#"),
            '$' => out.push_str("$$"),
            _ => out.push(*ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_without_new_files_leaves_the_first_file_as_it_is() {
        let host = "obj/a.o: src/a.hip src/common.h \\\n  /usr/include/stdio.h\n";
        let device = "x: src/a.hip /usr/include/stdio.h\n";
        assert_eq!(merge(host, &[device], false).unwrap(), host);
        let phony = "a.o: a.hip b.h\nb.h:\n";
        assert_eq!(merge(phony, &["a.o: a.hip\n"], true).unwrap(), phony);
        assert_eq!(merge("a.o: a.hip\n", &[], true).unwrap(), "a.o: a.hip\n");
    }

    #[test]
    fn device_files_follow_the_host_files_once_each() {
        let host = "obj/my\\ a.o q$$.o: src/a.hip src/common.h\n";
        let gfx942 = "x: src/a.hip src/amd\\#1.h src/device.h\n";
        let sm_90 = "x: src/a.hip src/device.h src/nvidia.h src/common.h\n";
        insta::assert_snapshot!(merge(host, &[gfx942, sm_90], true).unwrap(), @r"
        obj/my\ a.o q$$.o: src/a.hip src/common.h src/amd\#1.h src/device.h \
          src/nvidia.h
        src/common.h:
        src/amd\#1.h:
        src/device.h:
        src/nvidia.h:
        ");
        assert_eq!(merge("no rule here", &[gfx942], false), None);
        assert_eq!(merge(host, &["garbage"], false), None);
    }

    #[test]
    fn preprocessed_sides_are_a_text_bundle_that_a_host_compile_rejects() {
        let joined = join_preprocessed(&[
            (
                "host-x86_64-unknown-linux-gnu-".to_owned(),
                "# 1 \"a.hip\"\nint host;\n".to_owned(),
            ),
            (
                "hip-amdgcn-amd-amdhsa--gfx942".to_owned(),
                "# 1 \"a.hip\"\nint device;".to_owned(),
            ),
        ]);
        insta::assert_snapshot!(joined, @r#"
        static_assert(false, "oxhip: this is the -E output of a HIP compile, its host side followed by each device side: compile the source itself, or preprocess it with --cuda-host-only for the host side alone");

        // __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-unknown-linux-gnu-
        # 1 "a.hip"
        int host;

        // __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-
        #if 0

        // __CLANG_OFFLOAD_BUNDLE____START__ hip-amdgcn-amd-amdhsa--gfx942
        # 1 "a.hip"
        int device;
        // __CLANG_OFFLOAD_BUNDLE____END__ hip-amdgcn-amd-amdhsa--gfx942
        #endif
        "#);
    }
}
