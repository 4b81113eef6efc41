//! `hipify-bench`: generates a large synthetic CUDA corpus in a temporary directory and
//! reports translation throughput: in-memory single-threaded MB/s, the time for one
//! 10,000-line file, and `oxhipify` directory mode (`--o-dir`, all cores) MB/s.
//! Build with `--release`; `oxhipify` must sit next to this binary. Not a test: no
//! thresholds are asserted; docs/hipify-bench.md records the figures.

use std::io::Write as _;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _};
use hipify::{Options, Translation};

/// A small deterministic generator (xorshift), so the corpus is the same on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// One synthetic translation unit of about `lines` lines: kernels, host API calls from the
/// whole table, launches, comments, strings and preprocessor lines.
fn generate_file(random: &mut Random, lines: usize, names: &[&str]) -> String {
    let mut out = String::with_capacity(lines * 48);
    out.push_str("// Synthetic CUDA source for benchmarking oxhipify.\n#include <cuda_runtime.h>\n#include <cublas_v2.h>\n#include <cstdio>\n\n");
    let mut line = 5;
    let mut function = 0;
    while line < lines {
        function += 1;
        out.push_str(&format!(
            "/* Kernel {function}: cudaMalloc in a comment must stay. */\n__global__ void kernel_{function}(float *x, const float *y, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) x[i] = __fmul_rn(y[i], 2.0f) + __shfl_down_sync(0xffffffff, y[i], 1);\n}}\n\n"
        ));
        out.push_str(&format!(
            "void host_{function}(float *x, float *y, int n, cudaStream_t stream) {{\n"
        ));
        line += 8;
        for _ in 0..20 {
            let name = names[random.below(names.len())];
            match random.below(6) {
                0 => out.push_str(&format!("  status = {name}(handle, x, n); // {name} call\n")),
                1 => out.push_str(&format!("  printf(\"calling {name} with %d\\n\", n);\n")),
                2 => out.push_str(&format!("  kernel_{function}<<<(n + 255) / 256, 256, 0, stream>>>(x, y, n);\n")),
                3 => out.push_str(&format!("  {name} value_{function} = {name};\n")),
                4 => out.push_str("  for (int k = 0; k < n; ++k) { y[k] = x[k] * 0.5f + static_cast<float>(k); }\n"),
                _ => out.push_str(&format!("#define USE_{function}_{} {name}\n", random.below(1000))),
            }
            line += 1;
        }
        out.push_str("  cudaDeviceSynchronize();\n}\n\n");
        line += 3;
    }
    out
}

/// CPU seconds used by this process and by its waited-for children, from
/// `/proc/self/stat` (Linux; clock ticks assumed to be 100 Hz, the kernel's USER_HZ).
/// Under a loaded machine, MB per CPU second is the per-core rate; wall time is not.
fn cpu_seconds() -> Option<(f64, f64)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime is field 14 overall.
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<f64> = after_name
        .split_whitespace()
        .filter_map(|it| it.parse().ok())
        .collect();
    // after_name starts at field 3 (state, not numeric, filtered out), so field N is at N - 4.
    let own = fields.get(10)? + fields.get(11)?;
    let children = fields.get(12)? + fields.get(13)?;
    Some((own / 100.0, children / 100.0))
}

fn megabytes_per_second(bytes: usize, elapsed: Duration) -> f64 {
    #[expect(clippy::cast_precision_loss, reason = "byte counts far below 2^52")]
    let megabytes = bytes as f64 / 1e6;
    megabytes / elapsed.as_secs_f64()
}

fn main() -> anyhow::Result<()> {
    let mut stdout = std::io::stdout();
    let target_bytes: usize = std::env::args()
        .nth(1)
        .map_or(Ok(64_000_000), |it| it.parse())
        .context("corpus size in bytes")?;
    let names: Vec<&str> = hipify::entries().iter().map(|it| it.cuda).collect();
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let corpus = tempfile::tempdir().context("creating the corpus directory")?;
    let mut files = Vec::new();
    let mut total = 0;
    while total < target_bytes {
        let lines = 2_000 + random.below(6_000);
        let text = generate_file(&mut random, lines, &names);
        let path = corpus
            .path()
            .join(format!("dir{}/file{}.cu", files.len() % 16, files.len()));
        std::fs::create_dir_all(path.parent().unwrap_or(corpus.path()))
            .context("creating corpus folders")?;
        std::fs::write(&path, &text).with_context(|| format!("writing `{}`", path.display()))?;
        total += text.len();
        files.push(text);
    }
    writeln!(
        stdout,
        "corpus: {} files, {:.1} MB",
        files.len(),
        total as f64 / 1e6
    )?;

    // Single-threaded, in memory.
    let options = Options::standard();
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let mut findings = 0;
    for text in &files {
        let Translation {
            findings: found, ..
        } = hipify::translate(text, &options);
        findings += found.len();
    }
    let elapsed = started.elapsed();
    writeln!(
        stdout,
        "single thread (library, in memory): {:.1} MB/s ({:.2} s, {findings} findings)",
        megabytes_per_second(total, elapsed),
        elapsed.as_secs_f64()
    )?;
    if let (Some((before, _)), Some((after, _))) = (cpu_before, cpu_seconds()) {
        let cpu = Duration::from_secs_f64((after - before).max(0.01));
        writeln!(
            stdout,
            "  per CPU second: {:.1} MB/s ({:.2} CPU s)",
            megabytes_per_second(total, cpu),
            cpu.as_secs_f64()
        )?;
    }

    // One 10,000-line file, best of five.
    let big = generate_file(&mut Random(7), 10_000, &names);
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let started = Instant::now();
        let _ = hipify::translate(&big, &options);
        best = best.min(started.elapsed());
    }
    writeln!(
        stdout,
        "10,000-line file ({} lines, {:.2} MB): {:.1} ms",
        big.lines().count(),
        big.len() as f64 / 1e6,
        best.as_secs_f64() * 1e3
    )?;

    // Directory mode through the real binary, all cores.
    let exe = std::env::current_exe().context("finding this executable")?;
    let oxhipify = exe.parent().unwrap_or(Path::new(".")).join("oxhipify");
    if !oxhipify.exists() {
        bail!(
            "`{}` not found; build it with `cargo build --release -p hipify`",
            oxhipify.display()
        );
    }
    let output = tempfile::tempdir().context("creating the output directory")?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let cpu_before = cpu_seconds();
    let started = Instant::now();
    let status = Command::new(&oxhipify)
        .arg("--quiet-warnings")
        .arg("--o-dir")
        .arg(output.path())
        .arg(corpus.path())
        .status()
        .with_context(|| format!("running `{}`", oxhipify.display()))?;
    let elapsed = started.elapsed();
    if !status.success() {
        bail!("`oxhipify` failed: {status}");
    }
    writeln!(
        stdout,
        "directory mode (oxhipify --o-dir, {cores} cores, read + translate + write): {:.1} MB/s ({:.2} s, {:.1} MB/s per core)",
        megabytes_per_second(total, elapsed),
        elapsed.as_secs_f64(),
        megabytes_per_second(total, elapsed) / cores as f64
    )?;
    if let (Some((_, before)), Some((_, after))) = (cpu_before, cpu_seconds()) {
        let cpu = Duration::from_secs_f64((after - before).max(0.01));
        writeln!(
            stdout,
            "  per CPU second (all oxhipify threads): {:.1} MB/s ({:.2} CPU s)",
            megabytes_per_second(total, cpu),
            cpu.as_secs_f64()
        )?;
    }
    Ok(())
}
