//! The `oxhipify` binary end to end, on temporary trees: in-place writes with backups,
//! `--o-dir`, exclusions, skipped files, `--json` and CSV statistics.

use std::path::Path;
use std::process::{Command, Output};

fn oxhipify(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oxhipify"))
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap_or_else(|error| unreachable!("running oxhipify: {error}"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| format!("<unreadable: {error}>"))
}

fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap_or_else(|error| unreachable!("{error}"));
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(dir.path()))
            .unwrap_or_else(|error| unreachable!("{error}"));
        std::fs::write(path, bytes).unwrap_or_else(|error| unreachable!("{error}"));
    };
    write(
        "src/a.cu",
        b"#include <cuda_runtime.h>\nvoid f(void *p) { cudaFree(p); }\n",
    );
    write("src/same.cpp", b"int main() { return 0; }\n");
    write(
        "src/third_party/b.cu",
        b"void g(void *p) { cudaFree(p); }\n",
    );
    write(
        "src/latin1.cu",
        b"// caf\xe9\nvoid h(void *p) { cudaFree(p); }\n",
    );
    write("src/blob.cu", b"cuda\0Free");
    dir
}

#[test]
fn inplace_keeps_backups_translates_latin1_and_skips_excluded_and_binary() {
    let dir = tree();
    let output = oxhipify(
        &["-inplace", "-exclude-dirs=third_party", "src"],
        dir.path(),
    );
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("`src/blob.cu` skipped: binary file"),
        "{stderr}"
    );
    let src = dir.path().join("src");
    // An 8-bit file is translated byte for byte: its comment keeps the 0xE9.
    assert_eq!(
        std::fs::read(src.join("latin1.cu")).unwrap_or_default(),
        b"\n#include <hip/hip_runtime.h>\n// caf\xe9\nvoid h(void *p) { hipFree(p); }\n"
    );
    assert_eq!(
        std::fs::read(src.join("latin1.cu.prehip")).unwrap_or_default(),
        b"// caf\xe9\nvoid h(void *p) { cudaFree(p); }\n"
    );
    assert_eq!(
        read(&src.join("a.cu")),
        "#include <hip/hip_runtime.h>\nvoid f(void *p) { hipFree(p); }\n"
    );
    assert_eq!(
        read(&src.join("a.cu.prehip")),
        "#include <cuda_runtime.h>\nvoid f(void *p) { cudaFree(p); }\n"
    );
    // Unchanged files are neither rewritten nor backed up.
    assert!(!src.join("same.cpp.prehip").exists());
    assert_eq!(
        read(&src.join("third_party/b.cu")),
        "void g(void *p) { cudaFree(p); }\n"
    );
    // No temporary files are left behind.
    let names: Vec<String> = std::fs::read_dir(&src)
        .map(|it| {
            it.filter_map(Result::ok)
                .map(|it| it.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    assert!(names.iter().all(|it| !it.starts_with(".tmp")), "{names:?}");
}

#[test]
fn output_directory_json_and_csv() {
    let dir = tree();
    let output = oxhipify(
        &[
            "--o-dir",
            "out",
            "--json",
            "--o-stats",
            "stats.csv",
            "--no-warn",
            "removed-api",
            "src",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        read(&dir.path().join("out/third_party/b.cu")),
        "\n#include <hip/hip_runtime.h>\nvoid g(void *p) { hipFree(p); }\n"
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap_or_default();
    assert_eq!(json["total"]["converted"]["cudaFree"]["count"], 3);
    let skipped: Vec<&str> = json["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .filter_map(|it| it["skipped"].as_str())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(skipped, ["binary file"]);
    let csv = read(&dir.path().join("stats.csv"));
    assert!(
        csv.contains("converted;cudaFree;hipFree;CUDA RT API;memory management;3"),
        "{csv}"
    );
}

#[test]
fn usage_errors_exit_with_one() {
    let dir = tree();
    let output = oxhipify(&["src"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr)
        .contains("several inputs need `--inplace`, `--o-dir` or `--no-output`"));
    let output = oxhipify(&["--no-such-flag", "src"], dir.path());
    assert_eq!(output.status.code(), Some(1));
}

/// `-o` naming a special file (a FIFO here; `/dev/null` is one too) writes into it rather
/// than renaming a temporary file over it, which once replaced `/dev/null` with a plain
/// file on the test machine.
#[test]
fn special_file_output_is_written_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tree();
    let fifo = dir.path().join("out.fifo");
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap_or_else(|error| unreachable!("running mkfifo: {error}"));
    assert!(made.success(), "mkfifo");
    let reader_path = fifo.clone();
    let reader = std::thread::spawn(move || std::fs::read_to_string(reader_path));
    let output = oxhipify(&["src/a.cu", "-o", "out.fifo"], dir.path());
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // Check before joining: a replaced FIFO leaves the reader blocked for ever.
    let file_type = std::fs::symlink_metadata(&fifo)
        .unwrap_or_else(|error| unreachable!("{error}"))
        .file_type();
    assert!(file_type.is_fifo(), "the FIFO is still a FIFO");
    let received = reader
        .join()
        .unwrap_or_else(|_| unreachable!("reader thread"))
        .unwrap_or_else(|error| unreachable!("reading the FIFO: {error}"));
    assert!(received.contains("hipFree(p)"), "{received}");
}

#[test]
fn hipify_clang_command_lines_are_accepted() {
    // hipify-clang's options that need a CUDA installation are accepted and ignored, and
    // what follows `--` is the compiler's command line.
    let dir = tree();
    let output = oxhipify(
        &[
            "src/a.cu",
            "-o",
            "-",
            "--cuda-path=/usr/local/cuda",
            "--cuda-gpu-arch=sm_70",
            "-skip-excluded-preprocessor-conditional-blocks",
            "--amap",
            "-p",
            ".",
            "--extra-arg=-std=c++17",
            "--",
            "-x",
            "cuda",
            "-I/usr/local/cuda/include",
            "-D__CUDA_API_VERSION_INTERNAL",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "#include <hip/hip_runtime.h>\nvoid f(void *p) { hipFree(p); }\n"
    );
}

#[test]
fn verbose_and_versions() {
    // `-v` says what goes where on stderr and leaves stdout to the translation;
    // `--versions` names the versions the tables cover.
    let dir = tree();
    let output = oxhipify(&["-v", "--roc", "src/a.cu", "-o", "out.cu"], dir.path());
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("oxhipify: 1 file(s); to ROC"), "{stderr}");
    assert!(stderr.contains("`src/a.cu` -> `out.cu`"), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(read(&dir.path().join("out.cu")).contains("hipFree(p)"));
    let output = oxhipify(&["--versions"], dir.path());
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("up to CUDA 13.0") && stdout.contains("up to HIP 6.3"),
        "{stdout}"
    );
}

#[test]
fn documentation_tables() {
    // `--md`/`--csv` write one document per API into `--o-dir`; a bad format is an error.
    let dir = tree();
    let output = oxhipify(
        &[
            "--md",
            "--csv",
            "--doc-format=strict",
            "--doc-roc=separate",
            "--o-dir",
            "tables",
        ],
        dir.path(),
    );
    assert!(output.status.success(), "{output:?}");
    let runtime = read(
        &dir.path()
            .join("tables/CUDA_Runtime_API_functions_supported_by_HIP.md"),
    );
    assert!(
        runtime.contains("|**CUDA**|**D**|**HIP**|**D**|**E**|"),
        "{runtime}"
    );
    assert!(runtime.contains("|`cudaMalloc`||`hipMalloc`|||"));
    let rocblas = read(&dir.path().join("tables/CUBLAS_API_supported_by_ROC.csv"));
    assert!(
        rocblas.contains("\ncublasCreate_v2,,rocblas_create_handle,,\n"),
        "{rocblas}"
    );
    let output = oxhipify(&["--csv", "--doc-format=long"], dir.path());
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unsupported documentation format"));
    let output = oxhipify(&["--perl"], dir.path());
    assert_eq!(output.status.code(), Some(1));
}
