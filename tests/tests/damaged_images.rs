//! Damaged code objects on the CPU device (issue 23 item 6, "every image is checked before
//! use"): before the CPU image carried a digest, one flipped byte in it crashed the process
//! inside `dlopen` or at the first lookup in the loaded image (4,424 flips of a CPU image: 265
//! segmentation faults, 58 illegal instructions, 21 assertion failures of the dynamic loader,
//! 6 hangs).
//!
//! A code object made by `oxhip --genco` (for `host`, and for `gfx942,sm_90,host`) is damaged
//! many ways and given to the module API, each damage in a child process of its own
//! (`tests/images/damaged_module.hip`), which loads it, looks the kernel up and launches it:
//! - every byte of the CPU image (the shared object and its digest trailer) flipped: each
//!   load must fail with `hipErrorInvalidImage`;
//! - every byte of the bundle header and the padding after it, and one byte in four of the
//!   other images and their padding, flipped: each must fail with an error or run;
//! - the object cut short every 61 bytes and loaded from a file with `hipModuleLoad`: each
//!   must fail with `hipErrorInvalidImage`.
//!
//! None may crash or hang. Then a program whose embedded fat binary has a damaged CPU image
//! must get `hipErrorInvalidImage` from its first launch.
//!
//! The runs keep ROCm's HSA runtime out (`OXHIP_HSA_LIBRARY` names no file): Debian's
//! declines in about 10 ms a process, which would be most of the test's time.
//!
//! Needs the workspace built first (`cargo build --workspace`, as `scripts/test.sh` does).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tests::{oxhip_succeeds as compile, repo_root};

const KERNELS: &str = "#include <hip/hip_runtime.h>\n\
    extern \"C\" __global__ void add(int n, float* x) {\n\
      int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
      if (i < n) x[i] += 1.0f;\n\
    }\n";

/// A program that launches `add` from its own fat binary and prints the launch's and the
/// synchronisation's `hipError_t`.
const PROGRAM: &str = "#include <hip/hip_runtime.h>\n\
    #include <cstdio>\n\
    extern \"C\" __global__ void add(int n, float* x) {\n\
      int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
      if (i < n) x[i] += 1.0f;\n\
    }\n\
    int main() {\n\
      float* x = nullptr;\n\
      if (hipMalloc(&x, 64 * sizeof(float)) != hipSuccess) return 2;\n\
      add<<<1, 64>>>(64, x);\n\
      int launch = hipGetLastError();\n\
      int sync = hipDeviceSynchronize();\n\
      std::printf(\"launch %d sync %d\\n\", launch, sync);\n\
      return 0;\n\
    }\n";

const INVALID_IMAGE: &str = "200";

/// `program` on the CPU device, without ROCm's HSA runtime, ended after `seconds`.
fn on_cpu(program: &Path, seconds: u32) -> Command {
    let mut command = Command::new("timeout");
    command
        .arg(seconds.to_string())
        .arg(program)
        .env("OXHIP_VISIBLE_DEVICES", "cpu")
        .env("OXHIP_HSA_LIBRARY", "/nonexistent/libhsa-runtime64.so.1")
        .env_remove("OXHIP_LOG");
    command
}

/// Each entry of a flat bundle: its ID, offset and size (hip-abi.md §2.1), and where the
/// header ends.
fn entries(bundle: &[u8]) -> (Vec<(String, usize, usize)>, usize) {
    let u64_at = |at: usize| u64::from_le_bytes(bundle[at..at + 8].try_into().unwrap()) as usize;
    assert!(bundle.starts_with(bundler::FLAT_MAGIC), "not a flat bundle");
    let mut at = 32;
    let mut entries = Vec::new();
    for _ in 0..u64_at(24) {
        let (offset, size, id_len) = (u64_at(at), u64_at(at + 8), u64_at(at + 16));
        let id = String::from_utf8_lossy(&bundle[at + 24..at + 24 + id_len]).into_owned();
        entries.push((id, offset, size));
        at += 24 + id_len;
    }
    (entries, at)
}

/// The byte range of the CPU image in a bundle.
fn cpu_image(bundle: &[u8]) -> std::ops::Range<usize> {
    let (entries, _) = entries(bundle);
    let (_, offset, size) = entries
        .into_iter()
        .find(|(id, _, _)| id == "hipv4-x86_64-unknown-linux-gnu-")
        .expect("a CPU image in the bundle");
    offset..offset + size
}

/// xorshift64: a fixed sequence of damage values, the same in every run.
struct Values(u64);

impl Values {
    /// A nonzero byte to XOR with.
    fn next_xor(&mut self) -> u8 {
        loop {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            let value = (self.0 >> 32) as u8;
            if value != 0 {
                return value;
            }
        }
    }
}

/// What one damage must give: `hipErrorInvalidImage` from the load, or anything but a
/// crash or a hang.
#[derive(Clone, Copy, PartialEq)]
enum Expect {
    InvalidImage,
    NoCrash,
}

/// The damages of `bundle` described in the module docs, as harness lines with what each
/// must give.
fn damages(bundle: &[u8]) -> Vec<(String, Expect)> {
    let image = cpu_image(bundle);
    let (entries, _) = entries(bundle);
    let first_entry = entries
        .iter()
        .map(|(_, offset, _)| *offset)
        .min()
        .unwrap_or(0);
    let mut values = Values(0x9e37_79b9_7f4a_7c15);
    let mut damages = vec![("none".to_owned(), Expect::NoCrash)];
    for at in 0..bundle.len() {
        let expect = if image.contains(&at) {
            Expect::InvalidImage
        } else if at < first_entry || at % 4 == 0 {
            Expect::NoCrash
        } else {
            continue;
        };
        damages.push((format!("flip {at} {}", values.next_xor()), expect));
    }
    for length in (0..bundle.len()).step_by(61) {
        damages.push((format!("cut {length}"), Expect::InvalidImage));
    }
    damages
}

/// Runs the harness on `code_object` with `damages`; returns one message per damage whose
/// result was not what it must be, and the count of each result.
fn run_damages(
    harness: &Path,
    code_object: &Path,
    scratch: &Path,
    damages: &[(String, Expect)],
) -> (Vec<String>, std::collections::BTreeMap<String, usize>) {
    // Each child ends itself after 20 s; the whole run gets 10 minutes.
    let mut child = on_cpu(harness, 600)
        .arg(code_object)
        .arg("add")
        .arg(scratch)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("running {}: {err}", harness.display()));
    let input: String = damages
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .collect();
    let mut stdin = child.stdin.take().expect("the harness's stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child
        .wait_with_output()
        .unwrap_or_else(|err| panic!("waiting for the harness: {err}"));
    writer
        .join()
        .expect("the writer thread")
        .unwrap_or_else(|err| panic!("writing to the harness: {err}"));
    assert!(
        output.status.success(),
        "the harness failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let results: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        results.len(),
        damages.len(),
        "one result a damage:\n{stdout}"
    );
    let mut failures = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for ((line, expect), result) in damages.iter().zip(&results) {
        let words: Vec<&str> = result.split_whitespace().skip(1).collect();
        let fine = match (expect, words.as_slice()) {
            (Expect::InvalidImage, ["error", "hipModuleLoadData" | "hipModuleLoad", code]) => {
                *code == INVALID_IMAGE
            }
            (Expect::InvalidImage, _) => false,
            (Expect::NoCrash, ["ok"] | ["error", _, _]) => true,
            (Expect::NoCrash, _) => false,
        };
        if line == "none" && words != ["ok"] {
            failures.push(format!("the undamaged object does not run: {result}"));
        } else if !fine {
            failures.push(format!("{line}: {result}"));
        }
        *counts.entry(words.join(" ")).or_insert(0) += 1;
    }
    (failures, counts)
}

#[test]
#[expect(
    clippy::print_stderr,
    reason = "the counts of each result are the test's figures (docs/reliability.md)"
)]
fn damaged_code_objects_are_refused_and_never_crash() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let harness = dir.path().join("damaged_module");
    let source = repo_root().join("tests/images/damaged_module.hip");
    compile(&[
        "-O1".as_ref(),
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        harness.as_os_str(),
    ]);
    let kernels = dir.path().join("kernels.hip");
    std::fs::write(&kernels, KERNELS).unwrap_or_else(|err| panic!("writing kernels: {err}"));
    let scratch = dir.path().join("scratch");
    std::fs::create_dir(&scratch).unwrap_or_else(|err| panic!("scratch directory: {err}"));
    let mut failures = Vec::new();
    for archs in ["host", "gfx942,sm_90,host"] {
        let code_object = dir.path().join(format!("{archs}.hipfb"));
        compile(&[
            "-O1".as_ref(),
            format!("--offload-arch={archs}").as_ref(),
            "--genco".as_ref(),
            kernels.as_os_str(),
            "-o".as_ref(),
            code_object.as_os_str(),
        ]);
        let bundle = std::fs::read(&code_object).unwrap_or_else(|err| panic!("{err}"));
        let damages = damages(&bundle);
        let (found, counts) = run_damages(&harness, &code_object, &scratch, &damages);
        eprintln!(
            "{archs}: {} damages of a {}-byte object ({} in its {}-byte CPU image): {counts:?}",
            damages.len(),
            bundle.len(),
            damages
                .iter()
                .filter(|(line, expect)| *expect == Expect::InvalidImage
                    && line.starts_with("flip"))
                .count(),
            cpu_image(&bundle).len(),
        );
        failures.extend(
            found
                .into_iter()
                .map(|failure| format!("{archs}: {failure}")),
        );
    }
    assert!(
        failures.is_empty(),
        "{} damages gave the wrong result:\n{}",
        failures.len(),
        failures
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Where the fat binary sits in a program file: the offload bundle that holds a CPU image
/// (the runtime linked into the program has the bundle magic among its constants too).
fn find_bundle(file: &[u8]) -> usize {
    let magic = bundler::FLAT_MAGIC;
    (0..file.len() - magic.len())
        .filter(|at| file[*at..].starts_with(magic))
        .find(|at| {
            bundler::read(&file[*at..]).is_ok_and(|bundle| {
                bundle
                    .entries
                    .iter()
                    .any(|entry| entry.id.to_string() == "hipv4-x86_64-unknown-linux-gnu-")
            })
        })
        .expect("the fat binary inside the program")
}

/// XORs the byte at `at` of the file at `path` with `value`, in place.
fn flip_in_place(path: &Path, at: usize, value: u8) {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap_or_else(|err| panic!("opening {}: {err}", path.display()));
    let mut byte = [0u8];
    file.seek(SeekFrom::Start(at as u64))
        .and_then(|_| file.read_exact(&mut byte))
        .and_then(|()| file.seek(SeekFrom::Start(at as u64)))
        .and_then(|_| file.write_all(&[byte[0] ^ value]))
        .unwrap_or_else(|err| panic!("changing {}: {err}", path.display()));
}

fn run_program(program: &Path) -> Output {
    on_cpu(program, 20)
        .env("OXHIP_LOG", "1")
        .output()
        .unwrap_or_else(|err| panic!("running {}: {err}", program.display()))
}

#[test]
fn a_damaged_registered_fat_binary_fails_its_first_launch() {
    let dir = tempfile::tempdir().unwrap_or_else(|err| panic!("temp dir: {err}"));
    let source = dir.path().join("launch.hip");
    std::fs::write(&source, PROGRAM).unwrap_or_else(|err| panic!("writing the source: {err}"));
    let program = dir.path().join("launch");
    // A flat bundle, whose CPU image lies in the program file as it is: the bytes to damage.
    compile(&[
        "-O1".as_ref(),
        "--no-offload-compress".as_ref(),
        "--offload-arch=host".as_ref(),
        source.as_os_str(),
        "-o".as_ref(),
        program.as_os_str(),
    ]);
    let original = std::fs::read(&program).unwrap_or_else(|err| panic!("{err}"));
    let start = find_bundle(&original);
    let image = cpu_image(&original[start..]);

    let run = run_program(&program);
    assert_eq!(
        String::from_utf8_lossy(&run.stdout),
        "launch 0 sync 0\n",
        "{run:?}"
    );
    let mut values = Values(0x2545_f491_4f6c_dd1d);
    let mut failures = Vec::new();
    // One byte in 16 of the image, and every byte of its digest trailer, each flipped in the
    // program file and flipped back after its run.
    let positions = image
        .clone()
        .step_by(16)
        .chain(image.end - bundler::CPU_IMAGE_TRAILER_LEN..image.end);
    for at in positions {
        let value = values.next_xor();
        flip_in_place(&program, start + at, value);
        let run = run_program(&program);
        flip_in_place(&program, start + at, value);
        let stdout = String::from_utf8_lossy(&run.stdout);
        let log = String::from_utf8_lossy(&run.stderr);
        if stdout != format!("launch {INVALID_IMAGE} sync 0\n")
            || !log.contains(
                "hipErrorInvalidImage: the image `hipv4-x86_64-unknown-linux-gnu-` is invalid",
            )
        {
            failures.push(format!("byte {at}: {:?}\n{stdout}{log}", run.status));
        }
    }
    assert!(
        failures.is_empty(),
        "{} damaged programs did not fail their launch cleanly:\n{}",
        failures.len(),
        failures
            .iter()
            .take(5)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
