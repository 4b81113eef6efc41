//! Snapshots of the `-cc1` lines `cc1_args` builds, against a made-up clang
//! installation (so no path of this machine appears in them).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use frontend::{
    cc1_args, Clang, CompileOptions, DependencyOptions, DeviceTarget, IncludeKind, Lang, OptLevel,
    Output, PreprocessorArg, Side, SystemInclude,
};

fn clang() -> Clang {
    Clang {
        path: PathBuf::from("/llvm/bin/clang"),
        version: "22.1.8".to_owned(),
        resource_dir: PathBuf::from("/llvm/lib/clang/22"),
        system_includes: vec![
            SystemInclude {
                kind: IncludeKind::System,
                path: PathBuf::from("/usr/include/c++/12"),
            },
            SystemInclude {
                kind: IncludeKind::System,
                path: PathBuf::from("/llvm/lib/clang/22/include"),
            },
            SystemInclude {
                kind: IncludeKind::ExternC,
                path: PathBuf::from("/usr/include"),
            },
        ],
    }
}

fn options(lang: Lang, side: Side, output: Output) -> CompileOptions {
    CompileOptions {
        lang,
        side,
        output,
        opt_level: OptLevel::O2,
        debug: false,
        debug_line_tables_only: false,
        dwarf_version: None,
        pic: false,
        std: None,
        preprocessor: Vec::new(),
        warnings: Vec::new(),
        dependencies: None,
        hip_include_dir: PathBuf::from("/oxhip/include"),
        runtime_header: true,
        preprocessed: false,
        main_file_name: None,
        extra_cc1: Vec::new(),
    }
}

fn device(target: DeviceTarget) -> Side {
    Side::Device {
        target,
        cuid: "0123abcd".to_owned(),
    }
}

fn amdgcn(cpu: &str, features: &[(&str, bool)]) -> DeviceTarget {
    DeviceTarget::Amdgcn {
        cpu: cpu.to_owned(),
        features: features
            .iter()
            .map(|(name, on)| ((*name).to_owned(), *on))
            .collect(),
    }
}

/// Flags of `-cc1` whose value is the next argument.
const SEPARATE: &[&str] = &[
    "-triple",
    "-aux-triple",
    "-main-file-name",
    "-mrelocation-model",
    "-pic-level",
    "-aux-target-cpu",
    "-target-cpu",
    "-target-feature",
    "-tune-cpu",
    "-resource-dir",
    "-internal-isystem",
    "-internal-externc-isystem",
    "-dependency-file",
    "-MT",
    "-D",
    "-U",
    "-I",
    "-isystem",
    "-iquote",
    "-idirafter",
    "-include",
    "-ferror-limit",
    "-fcuda-include-gpubinary",
    "-o",
    "-x",
];

/// The line, one argument per line with flag/value pairs joined, for readable diffs.
fn check(options: &CompileOptions, input: &str, output: &str) -> String {
    let args = cc1_args(&clang(), options, Path::new(input), Path::new(output));
    let mut text = String::new();
    let mut iter = args.iter().map(|arg| arg.to_string_lossy().into_owned());
    while let Some(arg) = iter.next() {
        text.push_str(&arg);
        if SEPARATE.contains(&arg.as_str()) {
            text.push(' ');
            text.push_str(&iter.next().unwrap_or_default());
        }
        text.push('\n');
    }
    text
}

#[test]
fn amdgcn_device_bitcode() {
    let options = options(Lang::Hip, device(amdgcn("gfx942", &[])), Output::Bitcode);
    insta::assert_snapshot!(check(&options, "dir/k.hip", "k-gfx942.bc"));
}

#[test]
fn amdgcn_features_are_sorted() {
    let options = options(
        Lang::Hip,
        device(amdgcn("gfx90a", &[("xnack", true), ("sramecc", false)])),
        Output::Bitcode,
    );
    let text = check(&options, "k.hip", "k.bc");
    let features: Vec<&str> = text
        .lines()
        .filter(|line| line.starts_with("-target-feature"))
        .collect();
    insta::assert_snapshot!(features.join("\n"), @r"
    -target-feature -sramecc
    -target-feature +xnack
    ");
}

#[test]
fn nvptx_device_bitcode() {
    let options = options(
        Lang::Hip,
        device(DeviceTarget::Nvptx {
            sm: 90,
            arch_specific: false,
        }),
        Output::Bitcode,
    );
    insta::assert_snapshot!(check(&options, "k.hip", "k-sm_90.bc"));
}

#[test]
fn nvptx_arch_specific_and_ptx_versions() {
    let cases = [
        (70, false),
        (80, false),
        (89, false),
        (90, false),
        (90, true),
        (100, false),
        (120, false),
        (200, false),
    ];
    let mut text = String::new();
    for (sm, arch_specific) in cases {
        let options = options(
            Lang::Hip,
            device(DeviceTarget::Nvptx { sm, arch_specific }),
            Output::Bitcode,
        );
        let line = check(&options, "k.hip", "k.bc");
        let picked: Vec<&str> = line
            .lines()
            .filter(|line| line.starts_with("-target-cpu") || line.starts_with("-target-feature"))
            .collect();
        text.push_str(&picked.join(" "));
        text.push('\n');
    }
    insta::assert_snapshot!(text, @r"
    -target-cpu sm_70 -target-feature +ptx63
    -target-cpu sm_80 -target-feature +ptx70
    -target-cpu sm_89 -target-feature +ptx78
    -target-cpu sm_90 -target-feature +ptx78
    -target-cpu sm_90a -target-feature +ptx80
    -target-cpu sm_100 -target-feature +ptx86
    -target-cpu sm_120 -target-feature +ptx87
    -target-cpu sm_200 -target-feature +ptx90
    ");
}

#[test]
fn host_object_with_bundle() {
    let side = Side::Host {
        aux_triple: "amdgcn-amd-amdhsa".to_owned(),
        gpubinary: Some(PathBuf::from("k.hipfb")),
        cuid: "0123abcd".to_owned(),
    };
    let mut options = options(Lang::Hip, side, Output::Object);
    options.pic = true;
    insta::assert_snapshot!(check(&options, "k.hip", "k.o"));
}

#[test]
fn host_cxx_with_everything_representable() {
    let side = Side::Host {
        aux_triple: String::new(),
        gpubinary: None,
        cuid: String::new(),
    };
    let mut options = options(Lang::Cxx, side, Output::Object);
    options.debug = true;
    options.opt_level = OptLevel::O0;
    options.std = Some("c++20".to_owned());
    options.preprocessor = vec![
        PreprocessorArg::Define("FOO=1".to_owned()),
        PreprocessorArg::Undefine("BAR".to_owned()),
        PreprocessorArg::Include(PathBuf::from("inc")),
        PreprocessorArg::ISystem(PathBuf::from("sys")),
        PreprocessorArg::IQuote(PathBuf::from("quote")),
        PreprocessorArg::IDirAfter(PathBuf::from("after")),
        PreprocessorArg::PreInclude(PathBuf::from("pre.h")),
    ];
    options.warnings = vec![
        "-Wall".to_owned(),
        "-Wno-unused".to_owned(),
        "-w".to_owned(),
    ];
    options.dependencies = Some(DependencyOptions {
        file: PathBuf::from("k.d"),
        targets: vec!["k.o".to_owned()],
        system_headers: false,
        phony_targets: true,
    });
    options.extra_cc1 = vec![OsString::from("-fgpu-rdc")];
    insta::assert_snapshot!(check(&options, "k.cpp", "k.o"));
}

#[test]
fn preprocess_and_dependency_only() {
    let preprocess = options(
        Lang::Hip,
        device(amdgcn("gfx942", &[])),
        Output::Preprocessed,
    );
    let text = check(&preprocess, "k.hip", "-");
    assert!(text.contains("-E\n") && text.contains("-o -\n"), "{text}");
    assert!(!text.contains("-disable-llvm-optzns"), "{text}");

    let side = Side::Host {
        aux_triple: "amdgcn-amd-amdhsa".to_owned(),
        gpubinary: None,
        cuid: String::new(),
    };
    let deps = options(Lang::Hip, side, Output::DependencyOnly);
    let text = check(&deps, "src/k.hip", "-");
    let picked: Vec<&str> = text
        .lines()
        .filter(|line| {
            line.starts_with("-E")
                || line.starts_with("-dependency")
                || line.starts_with("-MT")
                || *line == "-w"
                || *line == "-sys-header-deps"
                || line.starts_with("-o")
        })
        .collect();
    insta::assert_snapshot!(picked.join("\n"), @r"
    -Eonly
    -dependency-file -
    -MT k.o
    -sys-header-deps
    -w
    ");
}

#[test]
fn device_assembly_is_textual_ir_and_c_is_plain() {
    let ir = options(
        Lang::Hip,
        device(DeviceTarget::Nvptx {
            sm: 90,
            arch_specific: false,
        }),
        Output::Assembly,
    );
    let text = check(&ir, "k.hip", "k.ll");
    assert!(
        text.contains("-emit-llvm\n-disable-llvm-optzns\n"),
        "{text}"
    );

    let side = Side::Host {
        aux_triple: "amdgcn-amd-amdhsa".to_owned(),
        gpubinary: Some(PathBuf::from("ignored.hipfb")),
        cuid: "x".to_owned(),
    };
    let c = options(Lang::C, side, Output::Assembly);
    let text = check(&c, "k.c", "k.s");
    for absent in [
        "-aux-triple",
        "-fhip-new-launch-api",
        "-fcuda-include-gpubinary",
        "-cuid=x",
        "-fexceptions",
    ] {
        assert!(!text.contains(absent), "{absent} in {text}");
    }
    assert!(
        text.contains("\n-S\n") && text.ends_with("-x c\nk.c\n"),
        "{text}"
    );
}
