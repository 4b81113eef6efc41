//! The API correspondence tables as documents (`oxhipify --md`/`--csv`, hipify-clang's
//! options of those names): for each API group, the CUDA names section by section with their
//! HIP (and ROC/MIOpen) counterparts and the versions that added, deprecated, changed and
//! removed each, written from the same table the translation uses.
//!
//! Formats (`--doc-format`): `full` has every version column; `strict` keeps only the
//! deprecation and experimental columns; `compact` is `strict` without the names that have
//! no counterpart. `--doc-roc`: `skip` (HIP only), `separate` (a ROC/MIOpen document beside
//! the HIP one, for the libraries that have one) or `joint` (both in one document).

use std::fmt::Write as _;

use crate::table::{entries, Entry, Group};

/// Which version columns a document has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocFormat {
    Full,
    Strict,
    Compact,
}

/// Where ROC/MIOpen names go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocRoc {
    Skip,
    Separate,
    Joint,
}

/// Markdown or CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    Markdown,
    Csv,
}

/// One generated document: its file name and text.
pub struct Document {
    pub file_name: String,
    pub text: String,
}

/// Which side of the correspondence a column set describes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Hip,
    Roc,
}

/// Per group: the file stem, the title's API name, and the ROC API's name where it has one.
fn group_names(group: Group) -> Option<(&'static str, &'static str, Option<&'static str>)> {
    Some(match group {
        Group::Driver => ("CUDA_Driver_API_functions", "CUDA Driver API", None),
        Group::Runtime => ("CUDA_Runtime_API_functions", "CUDA Runtime API", None),
        Group::CuComplex => ("cuComplex_API", "CUCOMPLEX API", None),
        Group::Cublas => ("CUBLAS_API", "CUBLAS API", Some("ROC")),
        Group::Curand => ("CURAND_API", "CURAND API", Some("ROC")),
        Group::Cudnn => ("CUDNN_API", "CUDNN API", Some("MIOPEN")),
        Group::Cufft => ("CUFFT_API", "CUFFT API", None),
        Group::Cusparse => ("CUSPARSE_API", "CUSPARSE API", Some("ROC")),
        Group::Cusolver => ("CUSOLVER_API", "CUSOLVER API", Some("ROC")),
        Group::Device => ("CUDA_Device_API", "CUDA Device API", None),
        Group::Cub => ("CUB_API", "CUB API", None),
        Group::Nvrtc => ("CUDA_RTC_API", "CUDA RTC API", None),
        Group::Caffe2 => return None,
    })
}

const GROUPS: [Group; 12] = [
    Group::Driver,
    Group::Runtime,
    Group::CuComplex,
    Group::Cublas,
    Group::Curand,
    Group::Cudnn,
    Group::Cufft,
    Group::Cusparse,
    Group::Cusolver,
    Group::Device,
    Group::Cub,
    Group::Nvrtc,
];

/// Every document for `kind`, `format` and `roc`.
pub fn documents(kind: DocKind, format: DocFormat, roc: DocRoc) -> Vec<Document> {
    let extension = match kind {
        DocKind::Markdown => "md",
        DocKind::Csv => "csv",
    };
    let mut out = Vec::new();
    for group in GROUPS {
        let Some((stem, title, roc_name)) = group_names(group) else {
            continue;
        };
        let rows: Vec<&Entry> = entries().iter().filter(|it| it.group == group).collect();
        let mut sides: Vec<(String, Vec<Side>)> = Vec::new();
        match (roc, roc_name) {
            (DocRoc::Joint, Some(name)) => sides.push((
                format!("{stem}_supported_by_HIP_and_{name}"),
                vec![Side::Hip, Side::Roc],
            )),
            (DocRoc::Separate, Some(name)) => {
                sides.push((format!("{stem}_supported_by_HIP"), vec![Side::Hip]));
                sides.push((format!("{stem}_supported_by_{name}"), vec![Side::Roc]));
            }
            _ => sides.push((format!("{stem}_supported_by_HIP"), vec![Side::Hip])),
        }
        for (file_stem, columns) in sides {
            let text = document(kind, format, title, roc_name, &columns, &rows);
            out.push(Document {
                file_name: format!("{file_stem}.{extension}"),
                text,
            });
        }
    }
    out
}

fn counterpart(entry: &Entry, side: Side) -> &'static str {
    match side {
        Side::Hip => entry.hip,
        Side::Roc => entry.roc,
    }
}

fn document(
    kind: DocKind,
    format: DocFormat,
    title: &str,
    roc_name: Option<&str>,
    sides: &[Side],
    rows: &[&Entry],
) -> String {
    let full = format == DocFormat::Full;
    let names: Vec<&str> = sides
        .iter()
        .map(|it| match it {
            Side::Hip => "HIP",
            Side::Roc => roc_name.unwrap_or("ROC"),
        })
        .collect();
    let mut header: Vec<String> = vec!["CUDA".to_owned()];
    header.extend(
        (if full {
            &["A", "D", "C", "R"][..]
        } else {
            &["D"][..]
        })
        .iter()
        .map(|it| (*it).to_owned()),
    );
    for name in &names {
        header.push((*name).to_owned());
        // The version columns describe the HIP name; a ROC name has no history in the data.
        if full {
            header.extend(["A", "D", "C", "R"].map(str::to_owned));
        } else {
            header.push("D".to_owned());
        }
        header.push("E".to_owned());
    }
    let mut text = String::new();
    if kind == DocKind::Markdown {
        let _ = writeln!(text, "# {title} supported by {}\n", names.join(" and "));
    }
    // Sections in the order of the data.
    let mut sections: Vec<&str> = Vec::new();
    for row in rows {
        if !sections.contains(&row.section) {
            sections.push(row.section);
        }
    }
    let mut number = 0;
    for section in sections {
        let section_rows: Vec<&&Entry> = rows
            .iter()
            .filter(|it| it.section == section)
            .filter(|it| {
                format != DocFormat::Compact
                    || sides.iter().any(|side| !counterpart(it, *side).is_empty())
            })
            .collect();
        if section_rows.is_empty() {
            continue;
        }
        number += 1;
        match kind {
            DocKind::Markdown => {
                let _ = writeln!(text, "## **{number}. {section}**\n");
                let _ = writeln!(
                    text,
                    "|{}|",
                    header
                        .iter()
                        .map(|it| format!("**{it}**"))
                        .collect::<Vec<_>>()
                        .join("|")
                );
                let _ = writeln!(
                    text,
                    "|{}|",
                    header
                        .iter()
                        .map(|it| if it.len() == 1 { ":-:" } else { ":--" })
                        .collect::<Vec<_>>()
                        .join("|")
                );
            }
            DocKind::Csv => {
                let _ = writeln!(text, "\"{number}. {section}\"");
                let _ = writeln!(text, "{}", header.join(","));
            }
        }
        for row in section_rows {
            let mut cells: Vec<String> = vec![name_cell(kind, row.cuda)];
            if full {
                cells.extend(
                    [
                        row.cuda_added,
                        row.cuda_deprecated,
                        row.cuda_changed,
                        row.cuda_removed,
                    ]
                    .map(str::to_owned),
                );
            } else {
                cells.push(row.cuda_deprecated.to_owned());
            }
            for side in sides {
                let name = counterpart(row, *side);
                cells.push(if name.is_empty() {
                    String::new()
                } else {
                    name_cell(kind, name)
                });
                let hip_history = *side == Side::Hip && !name.is_empty();
                let pick = |value: &'static str| {
                    if hip_history {
                        value.to_owned()
                    } else {
                        String::new()
                    }
                };
                if full {
                    cells.extend(
                        [
                            row.hip_added,
                            row.hip_deprecated,
                            row.hip_changed,
                            row.hip_removed,
                        ]
                        .map(pick),
                    );
                } else {
                    cells.push(pick(row.hip_deprecated));
                }
                cells.push(pick(row.hip_experimental));
            }
            match kind {
                DocKind::Markdown => {
                    let _ = writeln!(text, "|{}|", cells.join("|"));
                }
                DocKind::Csv => {
                    let _ = writeln!(text, "{}", cells.join(","));
                }
            }
        }
        text.push('\n');
    }
    if kind == DocKind::Markdown {
        let legend = if full {
            "A - Added; D - Deprecated; C - Changed; R - Removed; E - Experimental"
        } else {
            "D - Deprecated; E - Experimental"
        };
        let _ = writeln!(text, "\\*{legend}");
    }
    text
}

fn name_cell(kind: DocKind, name: &str) -> String {
    match kind {
        DocKind::Markdown => format!("`{name}`"),
        DocKind::Csv => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_markdown_full_and_blas_joint_csv() {
        let docs = documents(DocKind::Markdown, DocFormat::Full, DocRoc::Skip);
        let runtime = docs
            .iter()
            .find(|it| it.file_name == "CUDA_Runtime_API_functions_supported_by_HIP.md")
            .map(|it| it.text.as_str())
            .unwrap_or_default();
        assert!(runtime.starts_with("# CUDA Runtime API supported by HIP\n"));
        assert!(runtime
            .contains("|**CUDA**|**A**|**D**|**C**|**R**|**HIP**|**A**|**D**|**C**|**R**|**E**|"));
        assert!(
            runtime.contains("|`cudaMalloc`|||||`hipMalloc`|1.5.0||||"),
            "{}",
            &runtime[..2000]
        );
        let docs = documents(DocKind::Csv, DocFormat::Compact, DocRoc::Joint);
        let blas = docs
            .iter()
            .find(|it| it.file_name == "CUBLAS_API_supported_by_HIP_and_ROC.csv")
            .map(|it| it.text.as_str())
            .unwrap_or_default();
        assert!(blas.contains("CUDA,D,HIP,D,E,ROC,D,E\n"));
        assert!(
            blas.contains("\ncublasCreate_v2,,hipblasCreate,,,rocblas_create_handle,,\n"),
            "{}",
            &blas[..1500]
        );
        // Compact leaves out what has no counterpart on either side.
        assert!(blas
            .lines()
            .all(|it| !it.starts_with("CUBLASLT_ALGO_CAP_ATOMIC_SYNC,")));
        let full = documents(DocKind::Csv, DocFormat::Full, DocRoc::Joint);
        assert!(full
            .iter()
            .any(|it| it.text.contains("\nCUBLASLT_ALGO_CAP_ATOMIC_SYNC,")));
    }
}
