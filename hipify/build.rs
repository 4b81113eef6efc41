//! Build script: turns `data/cuda2hip.tsv` and `data/cuda2hip-extra.tsv`, with the rows of
//! `data/hipify-clang-rules.tsv` applied, into a static open-addressing hash table
//! (`$OUT_DIR/table.rs`) so that lookups cost one FNV-1a hash and a probe or two at run time.
//! It does not validate API facts; the data files are the truth.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;

const GROUPS: [(&str, &str); 13] = [
    ("runtime", "Runtime"),
    ("driver", "Driver"),
    ("device", "Device"),
    ("nvrtc", "Nvrtc"),
    ("cucomplex", "CuComplex"),
    ("cublas", "Cublas"),
    ("curand", "Curand"),
    ("cufft", "Cufft"),
    ("cusparse", "Cusparse"),
    ("cusolver", "Cusolver"),
    ("cudnn", "Cudnn"),
    ("cub", "Cub"),
    ("caffe2", "Caffe2"),
];

/// Must stay identical to `table::fnv1a`.
fn fnv1a(bytes: &[u8]) -> u32 {
    let mut hash: u32 = 0x811c_9dc5;
    for byte in bytes {
        hash ^= u32::from(*byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let main_table = manifest.join("data/cuda2hip.tsv");
    let extra_table = manifest.join("data/cuda2hip-extra.tsv");
    let rules_table = manifest.join("data/hipify-clang-rules.tsv");
    println!("cargo::rerun-if-changed={}", main_table.display());
    println!("cargo::rerun-if-changed={}", extra_table.display());
    println!("cargo::rerun-if-changed={}", rules_table.display());

    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut index_of: HashMap<String, usize> = HashMap::new();
    for (path, overrides) in [(&main_table, false), (&extra_table, true)] {
        let text = std::fs::read_to_string(path)?;
        for (line_number, line) in text.lines().enumerate().skip(1) {
            if line.trim().is_empty() {
                continue;
            }
            let cells: Vec<String> = line.split('\t').map(str::to_owned).collect();
            if cells.len() != 14 {
                return Err(
                    format!("{}:{}: expected 14 cells", path.display(), line_number + 1).into(),
                );
            }
            if !GROUPS.iter().any(|(name, _)| *name == cells[0]) {
                return Err(format!(
                    "{}:{}: unknown group `{}`",
                    path.display(),
                    line_number + 1,
                    cells[0]
                )
                .into());
            }
            match index_of.get(&cells[2]) {
                // A name listed in two groups keeps the row that has a HIP name (the first one
                // if both or neither do); the extra file always wins.
                Some(&index) => {
                    if overrides || (rows[index][3].is_empty() && !cells[3].is_empty()) {
                        rows[index] = cells;
                    }
                }
                None => {
                    index_of.insert(cells[2].clone(), rows.len());
                    rows.push(cells);
                }
            }
        }
    }

    // hipify-clang's own flags that the documentation tables do not carry (a 15th cell,
    // `v2_only`, is added to every row).
    for row in &mut rows {
        row.push(String::new());
    }
    let text = std::fs::read_to_string(&rules_table)?;
    for (line_number, line) in text.lines().enumerate().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        let [cuda, rule, name] = cells[..] else {
            return Err(format!(
                "{}:{}: expected 3 cells",
                rules_table.display(),
                line_number + 1
            )
            .into());
        };
        let Some(&index) = index_of.get(cuda) else {
            continue;
        };
        let row = &mut rows[index];
        match rule {
            "v2-only" => row[14] = "yes".to_owned(),
            "roc-name" => row[4] = name.to_owned(),
            "experimental" => row[13] = "yes".to_owned(),
            "not-experimental" => row[13] = String::new(),
            _ => {
                return Err(format!(
                    "{}:{}: unknown rule `{rule}`",
                    rules_table.display(),
                    line_number + 1
                )
                .into())
            }
        }
    }

    let slot_count = (rows.len() * 2).next_power_of_two();
    let mut slots = vec![u16::MAX; slot_count];
    for (index, row) in rows.iter().enumerate() {
        let mut slot = fnv1a(row[2].as_bytes()) as usize & (slot_count - 1);
        while slots[slot] != u16::MAX {
            slot = (slot + 1) & (slot_count - 1);
        }
        slots[slot] = u16::try_from(index)?;
    }

    let mut out = String::new();
    writeln!(
        out,
        "/// Every CUDA identifier the tables know, in data-file order."
    )?;
    writeln!(
        out,
        "pub(crate) static ENTRIES: [Entry; {}] = [",
        rows.len()
    )?;
    for row in &rows {
        let group = GROUPS
            .iter()
            .find(|(name, _)| *name == row[0])
            .map_or("Runtime", |it| it.1);
        writeln!(
            out,
            "    Entry {{ group: Group::{group}, section: {:?}, cuda: {:?}, hip: {:?}, roc: {:?}, cuda_added: {:?}, cuda_deprecated: {:?}, cuda_changed: {:?}, cuda_removed: {:?}, hip_added: {:?}, hip_deprecated: {:?}, hip_changed: {:?}, hip_removed: {:?}, hip_experimental: {:?}, v2_only: {} }},",
            row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], row[10], row[11], row[12], row[13], !row[14].is_empty()
        )?;
    }
    writeln!(out, "];")?;
    writeln!(out, "/// Open-addressing slots (linear probing) holding indices into `ENTRIES`; `u16::MAX` is empty.")?;
    writeln!(
        out,
        "pub(crate) static SLOTS: [u16; {slot_count}] = {slots:?};"
    )?;
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    std::fs::write(out_dir.join("table.rs"), out)?;
    Ok(())
}
