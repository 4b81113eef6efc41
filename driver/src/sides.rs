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
its host side followed by each device side: compile it as HIP (-x hip-cpp-output, or name it .hipi), \
or preprocess the source with --cuda-host-only for the host side alone\");\n";

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

/// The entries of a text bundle (clang-offload-bundler's `-type=ii` format, as
/// [`join_preprocessed`] and clang write the `-E` output of a HIP source): each entry's ID
/// and text, in order. Bytes, not text: a source may hold strings in any encoding, and each
/// side must compile exactly what was preprocessed. `None` when the text holds no entry
/// (one side's `-E` output) or an entry does not end.
pub fn split_preprocessed(text: &[u8]) -> Option<Vec<(&[u8], &[u8])>> {
    let start_marker = BUNDLE_START.as_bytes();
    let mut entries = Vec::new();
    let mut rest = text;
    // An entry starts at the beginning of a line.
    while let Some(start) = find_line_starting(rest, start_marker) {
        let after = &rest[start + start_marker.len()..];
        let id_end = after.iter().position(|&byte| byte == b'\n')?;
        let id = after[..id_end]
            .strip_suffix(b"\r")
            .unwrap_or(&after[..id_end]);
        let body = &after[id_end + 1..];
        let mut end_marker = b"\n".to_vec();
        end_marker.extend_from_slice(BUNDLE_END.as_bytes());
        end_marker.extend_from_slice(id);
        let body_end = find(body, &end_marker)?;
        entries.push((id, &body[..body_end]));
        let tail = &body[body_end + end_marker.len()..];
        rest = tail.strip_prefix(b"\n").unwrap_or(tail);
    }
    (!entries.is_empty()).then_some(entries)
}

/// The offset of the first line of `text` that starts with `prefix`.
fn find_line_starting(text: &[u8], prefix: &[u8]) -> Option<usize> {
    let mut offset = 0;
    for line in text.split_inclusive(|&byte| byte == b'\n') {
        if line.starts_with(prefix) {
            return Some(offset);
        }
        offset += line.len();
    }
    None
}

/// The offset of the first occurrence of `needle` in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// The offload targets (`gfx942`, `sm_90`, `host`) whose sides the text bundle of a HIP
/// source's `-E` output holds, in order; `None` when it is no bundle or has an entry of
/// neither the host nor a target oxhip knows.
pub fn preprocessed_targets(text: &[u8]) -> Option<Vec<String>> {
    let mut targets = Vec::new();
    for (id, _) in split_preprocessed(text)? {
        let id = std::str::from_utf8(id).ok()?;
        if id == crate::targets::PREPROCESSED_HOST_ENTRY {
            continue;
        }
        targets.push(crate::targets::OffloadArch::from_preprocessed_entry_id(id)?.to_string());
    }
    Some(targets)
}

/// How a diagnostic names the side of an `-E` text bundle's entry: `the host side`,
/// `` `gfx942` ``, or the entry ID itself (quoted) when it is neither.
pub fn side_name(id: &str) -> String {
    if id == crate::targets::PREPROCESSED_HOST_ENTRY {
        return "the host side".to_owned();
    }
    crate::targets::OffloadArch::from_preprocessed_entry_id(id)
        .map_or_else(|| format!("`{id}`"), |arch| format!("`{arch}`"))
}

/// Why [`select_side`] found no text for a side.
#[derive(Debug, PartialEq, Eq)]
pub enum SelectError {
    /// The bundle has no entry of that ID; these are the IDs it has.
    Missing { found: Vec<String> },
    /// The text is no bundle, and the compile has more than one side.
    NotABundle,
}

/// The text one side compiles from a HIP source's `-E` output: the entry `id` of its text
/// bundle, or, with `whole` (the compile has one side), the whole text when it is no bundle.
pub fn select_side<'a>(text: &'a [u8], id: &str, whole: bool) -> Result<&'a [u8], SelectError> {
    match split_preprocessed(text) {
        Some(entries) => entries
            .iter()
            .find(|(entry, _)| *entry == id.as_bytes())
            .map(|(_, body)| *body)
            .ok_or_else(|| SelectError::Missing {
                found: entries
                    .iter()
                    .map(|(entry, _)| String::from_utf8_lossy(entry).into_owned())
                    .collect(),
            }),
        None if whole => Ok(text),
        None => Err(SelectError::NotABundle),
    }
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

    fn two_sides() -> String {
        join_preprocessed(&[
            (
                PREPROCESSED_HOST.to_owned(),
                "# 1 \"a.hip\"\nint host_side;".to_owned(),
            ),
            (
                "hip-amdgcn-amd-amdhsa--gfx942".to_owned(),
                "int device_side;\n".to_owned(),
            ),
        ])
    }

    const PREPROCESSED_HOST: &str = crate::targets::PREPROCESSED_HOST_ENTRY;

    #[test]
    fn each_side_gets_back_the_text_it_was_joined_with() {
        let joined = two_sides();
        let entries = split_preprocessed(joined.as_bytes()).unwrap();
        assert_eq!(entries.len(), 2);
        assert_eq!(
            select_side(joined.as_bytes(), PREPROCESSED_HOST, false),
            Ok(&b"# 1 \"a.hip\"\nint host_side;"[..])
        );
        assert_eq!(
            select_side(joined.as_bytes(), "hip-amdgcn-amd-amdhsa--gfx942", false),
            Ok(&b"int device_side;\n"[..])
        );
        assert_eq!(
            preprocessed_targets(joined.as_bytes()),
            Some(vec!["gfx942".to_owned()])
        );
    }

    #[test]
    fn a_side_the_bundle_lacks_is_named_with_those_it_has() {
        let joined = two_sides();
        assert_eq!(
            select_side(
                joined.as_bytes(),
                "hip-nvptx64-nvidia-cuda-unknown-sm_90",
                true
            ),
            Err(SelectError::Missing {
                found: vec![
                    PREPROCESSED_HOST.to_owned(),
                    "hip-amdgcn-amd-amdhsa--gfx942".to_owned()
                ]
            })
        );
        assert_eq!(side_name(PREPROCESSED_HOST), "the host side");
        assert_eq!(side_name("hip-amdgcn-amd-amdhsa--gfx942"), "`gfx942`");
        assert_eq!(side_name("hip-x86_64-unknown-linux-gnu-"), "`host`");
        assert_eq!(side_name("openmp-x"), "`openmp-x`");
    }

    #[test]
    fn one_sides_text_is_whole_for_a_one_side_compile_only() {
        let text = b"int only_side;\n";
        assert_eq!(select_side(text, PREPROCESSED_HOST, true), Ok(&text[..]));
        assert_eq!(
            select_side(text, PREPROCESSED_HOST, false),
            Err(SelectError::NotABundle)
        );
        assert_eq!(preprocessed_targets(text), None);
    }

    #[test]
    fn entries_keep_bytes_of_any_encoding_and_a_marker_inside_a_line_is_text() {
        // A Latin-1 string and a marker that does not start a line.
        let mut joined = b"static_assert(false);\n\n// __CLANG_OFFLOAD_BUNDLE____START__ host-x86_64-unknown-linux-gnu-\n".to_vec();
        joined.extend_from_slice(
            b"const char* s = \"caf\xe9\"; int x; // __CLANG_OFFLOAD_BUNDLE____START__ hip-y",
        );
        joined.extend_from_slice(
            b"\n// __CLANG_OFFLOAD_BUNDLE____END__ host-x86_64-unknown-linux-gnu-\n",
        );
        let entries = split_preprocessed(&joined).unwrap();
        assert_eq!(entries.len(), 1);
        assert!(entries[0].1.contains(&0xe9));
        assert!(entries[0].1.ends_with(b"hip-y"));
    }

    #[test]
    fn an_entry_that_does_not_end_is_no_bundle() {
        let joined = two_sides();
        let cut = &joined.as_bytes()[..joined.len() - 20];
        assert_eq!(split_preprocessed(cut), None);
        // Every cut of a bundle gives entries or none, never a panic.
        for end in 0..joined.len() {
            let _ = split_preprocessed(&joined.as_bytes()[..end]);
            let _ = select_side(&joined.as_bytes()[..end], PREPROCESSED_HOST, true);
        }
    }

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
        static_assert(false, "oxhip: this is the -E output of a HIP compile, its host side followed by each device side: compile it as HIP (-x hip-cpp-output, or name it .hipi), or preprocess the source with --cuda-host-only for the host side alone");

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
