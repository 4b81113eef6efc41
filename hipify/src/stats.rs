//! Statistics in hipify's shape: converted and unconverted references per file and in
//! total, by API, by type and by name, as text or CSV. Only counting and formatting here;
//! timing and file names come from the caller.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

/// How often one CUDA name was seen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RefCount {
    /// What it was translated to (empty for unconverted references).
    pub hip: String,
    /// The API, as hipify names it (`CUDA RT API`, `cuBLAS API`, …).
    pub api: String,
    /// The type (`type`, `memory management`, `include`, `kernel launch`, …).
    pub kind: String,
    /// Number of references.
    pub count: usize,
}

/// Counts for one file or for many (see [`Stats::merge`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Stats {
    /// Converted references by CUDA name.
    pub converted: BTreeMap<String, RefCount>,
    /// Unconverted references by CUDA name.
    pub unconverted: BTreeMap<String, RefCount>,
    /// Bytes in the input.
    pub total_bytes: usize,
    /// Lines in the input.
    pub total_lines: usize,
    /// Input lines that the translation changed.
    pub changed_lines: usize,
    /// Number of files merged into these counts.
    pub files: usize,
}

impl Stats {
    pub(crate) fn add_converted(&mut self, cuda: &str, hip: &str, api: &str, kind: &str) {
        Self::add(&mut self.converted, cuda, hip, api, kind);
    }

    pub(crate) fn add_unconverted(&mut self, cuda: &str, api: &str, kind: &str) {
        Self::add(&mut self.unconverted, cuda, "", api, kind);
    }

    fn add(map: &mut BTreeMap<String, RefCount>, cuda: &str, hip: &str, api: &str, kind: &str) {
        if let Some(entry) = map.get_mut(cuda) {
            entry.count += 1;
            return;
        }
        map.insert(
            cuda.to_owned(),
            RefCount {
                hip: hip.to_owned(),
                api: api.to_owned(),
                kind: kind.to_owned(),
                count: 1,
            },
        );
    }

    /// Adds another file's counts to these.
    pub fn merge(&mut self, other: &Stats) {
        for (source, target) in [
            (&other.converted, &mut self.converted),
            (&other.unconverted, &mut self.unconverted),
        ] {
            for (name, count) in source {
                target
                    .entry(name.clone())
                    .and_modify(|it| it.count += count.count)
                    .or_insert_with(|| count.clone());
            }
        }
        self.total_bytes += other.total_bytes;
        self.total_lines += other.total_lines;
        self.changed_lines += other.changed_lines;
        self.files += other.files;
    }

    /// Total converted references.
    pub fn converted_count(&self) -> usize {
        self.converted.values().map(|it| it.count).sum()
    }

    /// Total unconverted references.
    pub fn unconverted_count(&self) -> usize {
        self.unconverted.values().map(|it| it.count).sum()
    }

    fn by(
        map: &BTreeMap<String, RefCount>,
        key: impl Fn(&RefCount) -> &str,
    ) -> BTreeMap<String, usize> {
        let mut grouped = BTreeMap::new();
        for count in map.values() {
            *grouped.entry(key(count).to_owned()).or_insert(0) += count.count;
        }
        grouped
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        // Counts are far below 2^52, so the conversions are exact.
        #[expect(clippy::cast_precision_loss, reason = "counts are far below 2^52")]
        let ratio = part as f64 / whole as f64;
        ratio * 100.0
    }
}

/// Statistics as text, in hipify's layout. `label` is a file name or `"GLOBAL"`.
pub fn render_stats(label: &str, stats: &Stats) -> String {
    let converted = stats.converted_count();
    let unconverted = stats.unconverted_count();
    let mut out = String::new();
    let _ = writeln!(out, "[HIPIFY] info: file '{label}' statistics:");
    let _ = writeln!(out, "  CONVERTED refs count: {converted}");
    let _ = writeln!(out, "  UNCONVERTED refs count: {unconverted}");
    let _ = writeln!(
        out,
        "  CONVERSION %: {:.1}",
        percent(converted, converted + unconverted)
    );
    let _ = writeln!(out, "  TOTAL bytes: {}", stats.total_bytes);
    let _ = writeln!(out, "  CHANGED lines of code: {}", stats.changed_lines);
    let _ = writeln!(out, "  TOTAL lines of code: {}", stats.total_lines);
    let _ = writeln!(
        out,
        "  CODE CHANGED (in lines) %: {:.1}",
        percent(stats.changed_lines, stats.total_lines)
    );
    for (title, map) in [
        ("CONVERTED", &stats.converted),
        ("UNCONVERTED", &stats.unconverted),
    ] {
        if map.is_empty() {
            continue;
        }
        let _ = writeln!(out, "[HIPIFY] info: {title} refs by API:");
        for (api, count) in Stats::by(map, |it| &it.api) {
            let _ = writeln!(out, "  {api}: {count}");
        }
        let _ = writeln!(out, "[HIPIFY] info: {title} refs by type:");
        for (kind, count) in Stats::by(map, |it| &it.kind) {
            let _ = writeln!(out, "  {kind}: {count}");
        }
        let _ = writeln!(out, "[HIPIFY] info: {title} refs by names:");
        for (name, count) in map {
            if count.hip.is_empty() {
                let _ = writeln!(out, "  {name}: {}", count.count);
            } else {
                let _ = writeln!(out, "  {name} => {}: {}", count.hip, count.count);
            }
        }
    }
    out
}

/// Statistics as CSV (`;`-separated, as hipify writes them), one block per `(label, stats)`.
pub fn render_stats_csv(blocks: &[(String, &Stats)]) -> String {
    let mut out = String::new();
    for (label, stats) in blocks {
        let converted = stats.converted_count();
        let unconverted = stats.unconverted_count();
        let _ = writeln!(out, "file;{label}");
        let _ = writeln!(out, "CONVERTED refs count;{converted}");
        let _ = writeln!(out, "UNCONVERTED refs count;{unconverted}");
        let _ = writeln!(
            out,
            "CONVERSION %;{:.1}",
            percent(converted, converted + unconverted)
        );
        let _ = writeln!(out, "TOTAL bytes;{}", stats.total_bytes);
        let _ = writeln!(out, "CHANGED lines of code;{}", stats.changed_lines);
        let _ = writeln!(out, "TOTAL lines of code;{}", stats.total_lines);
        let _ = writeln!(out, "status;cuda;hip;api;type;count");
        for (status, map) in [
            ("converted", &stats.converted),
            ("unconverted", &stats.unconverted),
        ] {
            for (name, count) in map {
                let _ = writeln!(
                    out,
                    "{status};{name};{};{};{};{}",
                    count.hip, count.api, count.kind, count.count
                );
            }
        }
        out.push('\n');
    }
    out
}
