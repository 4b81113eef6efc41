//! Precompiled headers for oxhip's prelude, `hip/hip_runtime.h`: from a compile's `-cc1`
//! line, the line that builds its PCH, the key that names the PCH in the cache, and the
//! line that uses it; and the repair of a dependency file written through a PCH.
//!
//! Pure: no file system, no processes, no environment. `execute` finds the cache
//! (`execute::discover_pch`), builds missing PCHs (`Tool::Pch`) and falls back to the plain
//! `-include` when a PCH cannot be used (docs/compile-time.md).
//!
//! The build line is the compile's own line less what belongs to one file (its name, its
//! output, its CUID, the bundle it embeds, the overlay of its translations, its dependency
//! file, the `-include` files of the user that come after the prelude), so every option
//! that can change what the prelude means (triple, processor, features, language, `-std`,
//! `-D`/`-U`, include directories, `-O`, fast math, `-fgpu-rdc`, `-g`, warnings) is in it,
//! and the key is a digest of that line, of the headers' content and of clang's identity.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use md5::{Digest, Md5};

/// The header every HIP and CUDA compile includes first (`frontend::cc1_args`).
pub const PRELUDE_HEADER: &str = "hip/hip_runtime.h";

/// The name of the empty main file of every PCH build, in the cache directory. The prelude
/// comes from `-include`, as in a compile, so it is found through the include path and
/// stays a system header (no warnings from it, `-MMD` leaves it out).
pub const PRELUDE_MAIN: &str = "prelude.hip";

/// Changes whenever the build line or the layout of the cache changes meaning.
const KEY_FORMAT: &str = "oxhip-pch-1";

/// The cache of prelude PCHs (`execute::discover_pch`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PchCache {
    /// The directory of `<key>.pch` files and of [`PRELUDE_MAIN`].
    pub dir: PathBuf,
    /// A digest of everything outside the command line that the PCH depends on: the
    /// prelude headers' content, clang's executable and version, oxhip's version.
    pub identity: String,
}

/// How one compile job uses a PCH; `execute` runs `fallback` instead when the PCH is
/// missing or clang rejects it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PchUse {
    pub pch: PathBuf,
    /// The PCH build's main file ([`PRELUDE_MAIN`]), which clang writes into a dependency
    /// file first and [`repair_dependency_file`] takes out again.
    pub prelude_main: PathBuf,
    /// The compile's line with the plain `-include hip/hip_runtime.h`.
    pub fallback: Vec<OsString>,
}

/// A compile turned into a PCH build and a PCH use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PchPlan {
    /// The PCH file: `<cache>/<key>.pch`.
    pub pch: PathBuf,
    /// The `-cc1` line that writes it.
    pub build: Vec<OsString>,
    /// The compile's line reading it (`-include-pch`).
    pub compile: Vec<OsString>,
    pub usage: PchUse,
}

/// Options of a compile line that take a value and concern only the one file compiled.
const PER_FILE_WITH_VALUE: &[&str] = &[
    "-main-file-name",
    "-fcuda-include-gpubinary",
    "-mlink-builtin-bitcode",
    "-ivfsoverlay",
    "-dependency-file",
    "-MT",
    "-MQ",
    "-o",
];

/// Flags of a compile line that concern only its output.
const PER_FILE_FLAGS: &[&str] = &[
    "-sys-header-deps",
    "-MP",
    "-faddrsig",
    "-disable-llvm-optzns",
];

/// The flags that say what a compile writes; the build has `-emit-pch` in their place.
const OUTPUT_KINDS: &[&str] = &["-emit-llvm-bc", "-emit-llvm", "-emit-obj", "-S"];

/// The PCH build and use of a compile (`compile` starts with `-cc1` and ends with
/// `-x <lang> <input>`), or `None` when the compile does not include the prelude or does not
/// compile (`-E`, `-Eonly`, `-fsyntax-only`: preprocessing output must not come from a PCH).
pub fn plan(compile: &[OsString], cache: &PchCache) -> Option<PchPlan> {
    let prelude_main = cache.dir.join(PRELUDE_MAIN);
    let mut build = build_line(compile)?;
    build.extend(["-x".into(), header_lang(compile)?]);
    let pch = cache
        .dir
        .join(format!("{}.pch", key(&build, &cache.identity)));
    let lang = build.split_off(build.len() - 2);
    build.extend(["-o".into(), pch.clone().into_os_string()]);
    build.extend(lang);
    build.push(prelude_main.clone().into());
    Some(PchPlan {
        build,
        compile: use_line(compile, &pch),
        usage: PchUse {
            pch: pch.clone(),
            prelude_main,
            fallback: compile.to_vec(),
        },
        pch,
    })
}

/// The build line without its output and input (`-o`, `-x`, the main file): what the key
/// is made of.
fn build_line(compile: &[OsString]) -> Option<Vec<OsString>> {
    if compile.first().map(OsString::as_os_str) != Some(OsStr::new("-cc1")) || compile.len() < 3 {
        return None;
    }
    let includes_prelude = compile
        .windows(2)
        .any(|pair| pair[0] == "-include" && pair[1] == PRELUDE_HEADER);
    let output_kinds = compile
        .iter()
        .filter(|arg| OUTPUT_KINDS.iter().any(|kind| *arg == kind))
        .count();
    let no_pch = compile.iter().any(|arg| {
        ["-E", "-Eonly", "-fsyntax-only", "-include-pch", "-emit-pch"]
            .iter()
            .any(|flag| arg == flag)
    });
    if !includes_prelude || output_kinds != 1 || no_pch {
        return None;
    }
    // The last three arguments are `-x <lang> <input>`.
    let body = &compile[..compile.len() - 3];
    if body.last().is_some_and(|arg| arg == "-x") || compile[compile.len() - 3] != "-x" {
        return None;
    }
    let mut line: Vec<OsString> = Vec::with_capacity(body.len());
    let mut index = 0;
    while index < body.len() {
        let arg = &body[index];
        let text = arg.to_string_lossy();
        if PER_FILE_WITH_VALUE.contains(&text.as_ref()) {
            index += 2;
            continue;
        }
        if text == "-include" {
            // The prelude stays; the user's `-include` files come after it in the compile.
            if body
                .get(index + 1)
                .is_some_and(|file| file == PRELUDE_HEADER)
            {
                line.extend(body[index..index + 2].iter().cloned());
            }
            index += 2;
            continue;
        }
        if OUTPUT_KINDS.contains(&text.as_ref()) {
            // The templates the prelude itself uses are instantiated in the PCH, once,
            // rather than in every compile (half of what a compile through the PCH costs
            // otherwise; the objects are the same bytes: docs/compile-time.md).
            line.extend(["-emit-pch".into(), "-fpch-instantiate-templates".into()]);
        } else if !PER_FILE_FLAGS.contains(&text.as_ref())
            && !text.starts_with("-cuid=")
            && !text.starts_with("-fembed-offload-object=")
        {
            line.push(arg.clone());
        }
        index += 1;
    }
    Some(line)
}

/// `-x hip` → `hip-header`, `-x cuda` → `cuda-header`.
fn header_lang(compile: &[OsString]) -> Option<OsString> {
    let lang = compile.get(compile.len().checked_sub(2)?)?.to_str()?;
    matches!(lang, "hip" | "cuda").then(|| format!("{lang}-header").into())
}

/// The compile with `-include-pch <pch>` in place of `-include hip/hip_runtime.h`.
fn use_line(compile: &[OsString], pch: &Path) -> Vec<OsString> {
    let mut line = Vec::with_capacity(compile.len());
    let mut index = 0;
    while index < compile.len() {
        if compile[index] == "-include"
            && compile.get(index + 1).is_some_and(|f| f == PRELUDE_HEADER)
        {
            line.extend(["-include-pch".into(), pch.as_os_str().to_owned()]);
            index += 2;
        } else {
            line.push(compile[index].clone());
            index += 1;
        }
    }
    line
}

/// The cache key: a digest of the build line (without output and input) and the identity.
fn key(build: &[OsString], identity: &str) -> String {
    let mut hasher = Md5::new();
    hasher.update(KEY_FORMAT.as_bytes());
    hasher.update([0]);
    hasher.update(identity.as_bytes());
    hasher.update([0]);
    for arg in build {
        hasher.update(arg.as_encoded_bytes());
        hasher.update([0]);
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// A dependency file that clang wrote for a compile through a PCH, made what it writes
/// without one: clang lists the PCH's inputs first (the build's main file, then the
/// prelude's headers) and the compiled source after them; without a PCH the source comes
/// first and the prelude's headers follow. So the main file goes, and the source moves to
/// the front. The text is written again as clang writes it (`DependencyFileGenerator`:
/// lines of at most 75 columns, `-MP` phony targets for every file but the source).
/// `None` when the text is not in the expected form.
pub fn repair_dependency_file(text: &str, prelude_main: &Path, source: &Path) -> Option<String> {
    let rule = crate::sides::parse(text)?;
    let prelude_main = prelude_main.to_string_lossy();
    let source = source.to_string_lossy();
    let mut files: Vec<String> = rule
        .files
        .into_iter()
        .filter(|file| *file != prelude_main)
        .collect();
    let position = files.iter().position(|file| *file == source)?;
    let main = files.remove(position);
    files.insert(0, main);
    Some(crate::sides::render(&rule.targets, &files, rule.phony))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache() -> PchCache {
        PchCache {
            dir: PathBuf::from("/cache/oxhip/pch"),
            identity: "headers-1 clang-22.1.8".to_owned(),
        }
    }

    /// A device compile line as `cc1_args` writes it, with `extra` before `-o`.
    fn line(extra: &[&str]) -> Vec<OsString> {
        let mut args: Vec<OsString> = [
            "-cc1",
            "-triple",
            "amdgcn-amd-amdhsa",
            "-aux-triple",
            "x86_64-unknown-linux-gnu",
            "-O3",
            "-emit-llvm-bc",
            "-disable-llvm-optzns",
            "-main-file-name",
            "vadd.hip",
            "-target-cpu",
            "gfx942",
            "-include",
            "hip/hip_runtime.h",
            "-internal-isystem",
            "/oxhip/include",
            "-cuid=0123456789abcdef",
        ]
        .iter()
        .map(OsString::from)
        .collect();
        args.extend(extra.iter().map(OsString::from));
        args.extend(["-o", "/tmp/x/vadd.bc", "-x", "hip", "src/vadd.hip"].map(OsString::from));
        args
    }

    fn pch_name(args: &[OsString]) -> String {
        plan(args, &cache())
            .map(|plan| plan.pch.display().to_string())
            .unwrap_or_else(|| "none".to_owned())
    }

    /// Replaces `from` by `to` (argument-wise) in a line.
    fn replace(args: &[OsString], from: &str, to: &str) -> Vec<OsString> {
        args.iter()
            .map(|arg| {
                if arg == from {
                    OsString::from(to)
                } else {
                    arg.clone()
                }
            })
            .collect()
    }

    fn text(args: &[OsString]) -> String {
        args.iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn build_and_use_lines() {
        let plan = plan(&line(&["-include", "user.h", "-fgpu-rdc"]), &cache()).unwrap();
        // The key is a digest: `what_changes_the_key` tests it.
        let key = plan.pch.file_stem().unwrap().to_string_lossy().into_owned();
        let text = |args: &[OsString]| text(args).replace(&key, "[KEY]");
        insta::assert_snapshot!(text(&plan.build), @"-cc1 -triple amdgcn-amd-amdhsa -aux-triple x86_64-unknown-linux-gnu -O3 -emit-pch -fpch-instantiate-templates -target-cpu gfx942 -include hip/hip_runtime.h -internal-isystem /oxhip/include -fgpu-rdc -o /cache/oxhip/pch/[KEY].pch -x hip-header /cache/oxhip/pch/prelude.hip");
        insta::assert_snapshot!(text(&plan.compile), @"-cc1 -triple amdgcn-amd-amdhsa -aux-triple x86_64-unknown-linux-gnu -O3 -emit-llvm-bc -disable-llvm-optzns -main-file-name vadd.hip -target-cpu gfx942 -include-pch /cache/oxhip/pch/[KEY].pch -internal-isystem /oxhip/include -cuid=0123456789abcdef -include user.h -fgpu-rdc -o /tmp/x/vadd.bc -x hip src/vadd.hip");
        assert_eq!(
            plan.usage.fallback,
            line(&["-include", "user.h", "-fgpu-rdc"])
        );
    }

    #[test]
    fn what_changes_the_key() {
        let base = pch_name(&line(&[]));
        // Options that can change what the prelude means: each gives another PCH.
        for (what, changed) in [
            ("-D", line(&["-D", "N=4"])),
            ("-U", line(&["-U", "NDEBUG"])),
            ("a -D value", replace(&line(&["-D", "N=4"]), "N=4", "N=5")),
            ("-I", line(&["-I", "/src/include"])),
            ("-O level", replace(&line(&[]), "-O3", "-O0")),
            ("processor", replace(&line(&[]), "gfx942", "gfx90a")),
            (
                "triple",
                replace(&line(&[]), "amdgcn-amd-amdhsa", "nvptx64-nvidia-cuda"),
            ),
            ("-std", line(&["-std=c++20"])),
            ("fast math", line(&["-ffast-math", "-menable-no-infs"])),
            (
                "denormals",
                line(&["-fdenormal-fp-math-f32=preserve-sign,preserve-sign"]),
            ),
            ("-fgpu-rdc", line(&["-fgpu-rdc"])),
            ("-g", line(&["-debug-info-kind=constructor"])),
            (
                "include directory",
                replace(&line(&[]), "/oxhip/include", "/opt/oxhip/include"),
            ),
            ("language", replace(&line(&[]), "hip", "cuda")),
            ("CUDA macros", line(&["-D__OXHIP_CUDA_SOURCE__=1"])),
        ] {
            assert_ne!(pch_name(&changed), base, "{what} must change the key");
        }
        let other_identity = PchCache {
            identity: "headers-2 clang-22.1.8".to_owned(),
            ..cache()
        };
        assert_ne!(
            plan(&line(&[]), &other_identity).map(|plan| plan.pch),
            plan(&line(&[]), &cache()).map(|plan| plan.pch),
            "the headers' content and clang's identity must change the key"
        );
        // What concerns one file only: the same PCH.
        for (what, same) in [
            (
                "-o",
                replace(&line(&[]), "/tmp/x/vadd.bc", "/tmp/y/other.bc"),
            ),
            (
                "input",
                replace(&line(&[]), "src/vadd.hip", "src/other.hip"),
            ),
            (
                "-main-file-name",
                replace(&line(&[]), "vadd.hip", "other.hip"),
            ),
            (
                "CUID",
                replace(
                    &line(&[]),
                    "-cuid=0123456789abcdef",
                    "-cuid=fedcba9876543210",
                ),
            ),
            ("a user -include", line(&["-include", "user.h"])),
            (
                "the overlay of a CUDA source",
                line(&["-ivfsoverlay", "/tmp/x/a-hipify.yaml"]),
            ),
            (
                "the bundle",
                line(&["-fcuda-include-gpubinary", "/tmp/x/a.hipfb"]),
            ),
            (
                "host math",
                line(&["-mlink-builtin-bitcode", "/tmp/x/host.bc"]),
            ),
            (
                "-MD",
                line(&[
                    "-dependency-file",
                    "a.d",
                    "-MT",
                    "a.o",
                    "-sys-header-deps",
                    "-MP",
                ]),
            ),
            (
                "output kind",
                replace(
                    &replace(&line(&[]), "-emit-llvm-bc", "-emit-obj"),
                    "-disable-llvm-optzns",
                    "-faddrsig",
                ),
            ),
        ] {
            assert_eq!(pch_name(&same), base, "{what} must not change the key");
        }
    }

    #[test]
    fn compiles_that_use_no_pch() {
        for (what, args) in [
            ("-E", replace(&line(&[]), "-emit-llvm-bc", "-E")),
            ("-Eonly", replace(&line(&[]), "-emit-llvm-bc", "-Eonly")),
            ("-fsyntax-only", line(&["-fsyntax-only"])),
            (
                "-nogpuinc",
                replace(&line(&[]), "hip/hip_runtime.h", "other.h"),
            ),
            ("a PCH of the user's", line(&["-include-pch", "user.pch"])),
        ] {
            assert_eq!(pch_name(&args), "none", "{what}");
        }
    }

    #[test]
    fn dependency_file_through_a_pch() {
        let main = Path::new("/cache/oxhip/pch/prelude.hip");
        let through_pch = "obj/vadd.o: /cache/oxhip/pch/prelude.hip \\\n  /oxhip/include/hip/hip_runtime.h /oxhip/include/hip/oxhip/defines.h \\\n  /usr/include/stdio.h src/my\\ dir/vadd.hip src/k\\#1.h\n";
        insta::assert_snapshot!(
            repair_dependency_file(through_pch, main, Path::new("src/my dir/vadd.hip")).unwrap(),
            @r"
        obj/vadd.o: src/my\ dir/vadd.hip /oxhip/include/hip/hip_runtime.h \
          /oxhip/include/hip/oxhip/defines.h /usr/include/stdio.h src/k\#1.h
        "
        );
        let phony = "a.o: /cache/oxhip/pch/prelude.hip /x/h.h a.hip b.h\n/cache/oxhip/pch/prelude.hip:\n/x/h.h:\nb.h:\n";
        insta::assert_snapshot!(
            repair_dependency_file(phony, main, Path::new("a.hip")).unwrap(),
            @r"
        a.o: a.hip /x/h.h b.h
        /x/h.h:
        b.h:
        "
        );
        assert_eq!(
            repair_dependency_file("a.o: b.hip\n", main, Path::new("c.hip")),
            None
        );
    }
}
