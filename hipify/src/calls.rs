//! Calls whose HIP (or ROC, MIOpen) counterpart takes other arguments: which argument to
//! wrap, add, copy, move, replace or remove, per CUDA function and per translation mode.
//! Data only; `translate` finds the arguments and makes the edits.
//!
//! The rows are hipify-clang's (`FuncArgCasts` in HIPIFY's `src/HipifyAction.cpp`), which
//! applies a row only in its own mode: the HIP rows without `--roc` and `--miopen`, the
//! rocSPARSE rows with `--roc` alone, the MIOpen rows with both. Argument positions count
//! from 0; a position at or past the call's last argument means "after the last argument".

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::Options;

/// Which options select a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Neither `--roc` nor `--miopen`.
    Hip,
    /// `--roc` without `--miopen`.
    Roc,
    /// `--roc` and `--miopen`.
    RocMiopen,
}

impl Mode {
    pub(crate) fn selected(self, options: &Options) -> bool {
        match self {
            Mode::Hip => !options.roc && !options.miopen,
            Mode::Roc => options.roc && !options.miopen,
            Mode::RocMiopen => options.roc && options.miopen,
        }
    }
}

/// One change to a call's arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ArgumentEdit {
    /// `wrapper(argument)`, unless the argument is that already.
    Wrap {
        position: usize,
        wrapper: &'static str,
    },
    /// Insert `text` as a new argument before `position` (or after the last argument).
    Add {
        position: usize,
        text: &'static str,
        /// Only when the call has fewer arguments than this (`usize::MAX`: always).
        below: usize,
    },
    /// Insert a copy of argument `position` before argument `to`.
    Copy { position: usize, to: usize },
    /// Move `count` arguments starting at `position` before argument `to`.
    Move {
        position: usize,
        count: usize,
        to: usize,
    },
    /// Replace argument `position` with `text`.
    Replace { position: usize, text: &'static str },
    /// Remove argument `position`; `data_loss` makes a finding of it.
    Remove { position: usize, data_loss: bool },
}

/// The rule for one set of functions in one mode.
#[derive(Debug)]
pub(crate) struct CallRule {
    pub(crate) names: &'static [&'static str],
    pub(crate) mode: Mode,
    pub(crate) edits: &'static [ArgumentEdit],
}

const KERNEL_CAST: &str = "reinterpret_cast<const void*>";
const SIZE_CAST: &str = "reinterpret_cast<size_t*>";
const SYMBOL: &str = "HIP_SYMBOL";
const SOLVE_AUTO: &str = "rocsparse_solve_policy_auto";
const ANALYSIS_FORCE: &str = "rocsparse_analysis_policy_force";
/// hipify-clang passes its latest HIP version (6.3) as `hipGetProcAddress`'s version.
const HIP_VERSION: &str = "603";

const fn wrap(position: usize, wrapper: &'static str) -> ArgumentEdit {
    ArgumentEdit::Wrap { position, wrapper }
}

const fn add(position: usize, text: &'static str) -> ArgumentEdit {
    ArgumentEdit::Add {
        position,
        text,
        below: usize::MAX,
    }
}

const fn replace(position: usize, text: &'static str) -> ArgumentEdit {
    ArgumentEdit::Replace { position, text }
}

const fn remove(position: usize) -> ArgumentEdit {
    ArgumentEdit::Remove {
        position,
        data_loss: false,
    }
}

const fn shift(position: usize, count: usize, to: usize) -> ArgumentEdit {
    ArgumentEdit::Move {
        position,
        count,
        to,
    }
}

const fn rule(
    names: &'static [&'static str],
    mode: Mode,
    edits: &'static [ArgumentEdit],
) -> CallRule {
    CallRule { names, mode, edits }
}

/// The four precisions of a cuSPARSE function: `cusparse{S,D,C,Z}<suffix>`.
macro_rules! sdcz {
    ($suffix:literal) => {
        &[
            concat!("cusparseS", $suffix),
            concat!("cusparseD", $suffix),
            concat!("cusparseC", $suffix),
            concat!("cusparseZ", $suffix),
        ]
    };
}

use Mode::{Hip, Roc, RocMiopen};

static RULES: &[CallRule] = &[
    // HIP.
    rule(&["cudaGetDriverEntryPoint"], Hip, &[add(2, HIP_VERSION)]),
    rule(
        &[
            "cudaFuncSetCacheConfig",
            "cudaFuncSetSharedMemConfig",
            "cudaFuncSetAttribute",
            "cudaLaunchKernel",
            "cudaLaunchCooperativeKernel",
        ],
        Hip,
        &[wrap(0, KERNEL_CAST)],
    ),
    rule(&["cudaFuncGetAttributes"], Hip, &[wrap(1, KERNEL_CAST)]),
    // hipify-clang adds the flags to the three-argument C++ overload too, which then has
    // four; oxhipify adds them only where they are missing.
    rule(
        &["cudaMallocHost"],
        Hip,
        &[ArgumentEdit::Add {
            position: 3,
            text: "hipHostMallocDefault",
            below: 3,
        }],
    ),
    rule(
        &["cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync"],
        Hip,
        &[wrap(0, SYMBOL)],
    ),
    rule(
        &[
            "cudaGetSymbolSize",
            "cudaGetSymbolAddress",
            "cudaMemcpyFromSymbol",
            "cudaMemcpyFromSymbolAsync",
            "cudaGraphMemcpyNodeSetParamsToSymbol",
            "cudaGetTextureReference",
        ],
        Hip,
        &[wrap(1, SYMBOL)],
    ),
    rule(
        &[
            "cudaGraphMemcpyNodeSetParamsFromSymbol",
            "cudaGraphExecMemcpyNodeSetParamsToSymbol",
        ],
        Hip,
        &[wrap(2, SYMBOL)],
    ),
    rule(
        &["cudaGraphExecMemcpyNodeSetParamsFromSymbol"],
        Hip,
        &[wrap(3, SYMBOL)],
    ),
    rule(&["cudaGraphAddMemcpyNodeToSymbol"], Hip, &[wrap(4, SYMBOL)]),
    rule(
        &["cudaGraphAddMemcpyNodeFromSymbol"],
        Hip,
        &[wrap(5, SYMBOL)],
    ),
    // HIP has no callback for the dynamic shared memory per block size.
    rule(
        &[
            "cuOccupancyMaxPotentialBlockSize",
            "cuOccupancyMaxPotentialBlockSizeWithFlags",
        ],
        Hip,
        &[ArgumentEdit::Remove {
            position: 3,
            data_loss: true,
        }],
    ),
    rule(&["cusparseSpSM_solve"], Hip, &[add(10, "nullptr")]),
    // rocSPARSE.
    rule(
        sdcz!("gpsvInterleavedBatch"),
        Roc,
        &[ArgumentEdit::Copy {
            position: 9,
            to: 10,
        }],
    ),
    rule(
        sdcz!("gpsvInterleavedBatch_bufferSizeExt"),
        Roc,
        &[ArgumentEdit::Copy {
            position: 9,
            to: 10,
        }],
    ),
    rule(
        sdcz!("gtsvInterleavedBatch"),
        Roc,
        &[ArgumentEdit::Copy { position: 7, to: 8 }],
    ),
    rule(
        sdcz!("gtsvInterleavedBatch_bufferSizeExt"),
        Roc,
        &[ArgumentEdit::Copy { position: 7, to: 8 }],
    ),
    rule(sdcz!("csrilu02"), Roc, &[replace(8, SOLVE_AUTO)]),
    rule(
        sdcz!("csrilu02_analysis"),
        Roc,
        &[replace(8, ANALYSIS_FORCE), add(9, SOLVE_AUTO)],
    ),
    rule(
        sdcz!("csric02_analysis"),
        Roc,
        &[replace(8, ANALYSIS_FORCE), add(9, SOLVE_AUTO)],
    ),
    rule(sdcz!("csric02_bufferSize"), Roc, &[wrap(8, SIZE_CAST)]),
    rule(sdcz!("bsrilu02"), Roc, &[replace(10, SOLVE_AUTO)]),
    rule(
        sdcz!("bsrilu02_analysis"),
        Roc,
        &[replace(10, ANALYSIS_FORCE), add(11, SOLVE_AUTO)],
    ),
    rule(sdcz!("bsric02"), Roc, &[replace(10, SOLVE_AUTO)]),
    rule(
        sdcz!("bsric02_analysis"),
        Roc,
        &[replace(10, ANALYSIS_FORCE), add(11, SOLVE_AUTO)],
    ),
    rule(sdcz!("bsric02_bufferSize"), Roc, &[wrap(10, SIZE_CAST)]),
    rule(sdcz!("bsrsm2_bufferSize"), Roc, &[wrap(13, SIZE_CAST)]),
    rule(sdcz!("csrsm2_solve"), Roc, &[replace(15, SOLVE_AUTO)]),
    rule(
        sdcz!("csrsm2_analysis"),
        Roc,
        &[replace(15, ANALYSIS_FORCE), add(16, SOLVE_AUTO)],
    ),
    rule(
        sdcz!("csrsm2_bufferSizeExt"),
        Roc,
        &[replace(15, SOLVE_AUTO)],
    ),
    rule(sdcz!("gemvi_bufferSize"), Roc, &[wrap(5, SIZE_CAST)]),
    rule(sdcz!("csrsv2_solve"), Roc, &[replace(12, SOLVE_AUTO)]),
    rule(
        sdcz!("csrsv2_analysis"),
        Roc,
        &[replace(9, ANALYSIS_FORCE), add(10, SOLVE_AUTO)],
    ),
    rule(sdcz!("csrmv"), Roc, &[add(10, "nullptr")]),
    rule(sdcz!("bsrsv2_solve"), Roc, &[replace(14, SOLVE_AUTO)]),
    rule(
        sdcz!("bsrsv2_analysis"),
        Roc,
        &[replace(11, ANALYSIS_FORCE), add(12, SOLVE_AUTO)],
    ),
    rule(sdcz!("csrmm"), Roc, &[add(2, "rocsparse_operation_none")]),
    rule(sdcz!("csrgeam2"), Roc, &[remove(19)]),
    rule(sdcz!("bsrsv2_bufferSize"), Roc, &[wrap(11, SIZE_CAST)]),
    rule(sdcz!("csrsv2_bufferSize"), Roc, &[wrap(9, SIZE_CAST)]),
    rule(
        sdcz!("csrgemm2"),
        Roc,
        &[add(1, "rocsparse_operation_none, rocsparse_operation_none")],
    ),
    rule(sdcz!("csrilu02_bufferSize"), Roc, &[wrap(8, SIZE_CAST)]),
    rule(sdcz!("bsrilu02_bufferSize"), Roc, &[wrap(10, SIZE_CAST)]),
    rule(
        &["cusparseCsr2cscEx2_bufferSize"],
        Roc,
        &[
            remove(4),
            remove(7),
            remove(8),
            remove(9),
            remove(10),
            remove(12),
            remove(13),
        ],
    ),
    rule(
        &["cusparseSparseToDense", "cusparseDenseToSparse_analysis"],
        Roc,
        &[add(4, "nullptr")],
    ),
    rule(
        &[
            "cusparseSparseToDense_bufferSize",
            "cusparseDenseToSparse_bufferSize",
        ],
        Roc,
        &[add(5, "nullptr")],
    ),
    rule(
        &["cusparseSpMM_bufferSize"],
        Roc,
        &[add(10, "rocsparse_spmm_stage_compute"), add(12, "nullptr")],
    ),
    rule(
        &["cusparseSpSM_analysis"],
        Roc,
        &[
            replace(9, "rocsparse_spsm_stage_compute"),
            add(10, "nullptr"),
        ],
    ),
    rule(
        &["cusparseSpSM_solve"],
        Roc,
        &[
            replace(9, "rocsparse_spsm_stage_compute"),
            add(10, "nullptr"),
            add(11, "nullptr"),
        ],
    ),
    rule(&["cusparseXcsrgeam2Nnz"], Roc, &[remove(14)]),
    rule(
        &["cusparseSpMM"],
        Roc,
        &[add(10, "rocsparse_spmm_stage_compute, nullptr")],
    ),
    rule(&["cusparseSpVV_bufferSize"], Roc, &[add(7, "nullptr")]),
    rule(&["cusparseSpVV"], Roc, &[add(6, "nullptr")]),
    rule(
        &["cusparseSpMV_bufferSize"],
        Roc,
        &[
            add(9, "rocsparse_spmv_stage_buffer_size"),
            add(11, "nullptr"),
        ],
    ),
    rule(
        &["cusparseSpMV"],
        Roc,
        &[add(9, "rocsparse_spmv_stage_compute")],
    ),
    rule(
        &["cusparseSpMM_preprocess"],
        Roc,
        &[add(10, "rocsparse_spmm_stage_preprocess, nullptr")],
    ),
    rule(
        &["cusparseSpSV_bufferSize"],
        Roc,
        &[
            replace(8, "rocsparse_spsv_stage_buffer_size"),
            add(10, "nullptr"),
        ],
    ),
    // MIOpen.
    rule(
        &[
            "cudnnGetConvolutionForwardWorkspaceSize",
            "cudnnGetConvolutionBackwardDataWorkspaceSize",
        ],
        RocMiopen,
        &[shift(1, 1, 2), shift(2, 1, 1), remove(5)],
    ),
    rule(
        &["cudnnFindConvolutionForwardAlgorithmEx"],
        RocMiopen,
        &[add(13, "true")],
    ),
    rule(
        &[
            "cudnnSetPooling2dDescriptor",
            "cudnnGetPooling2dDescriptor",
            "cudnnSetPoolingNdDescriptor",
        ],
        RocMiopen,
        &[remove(2)],
    ),
    rule(&["cudnnGetPoolingNdDescriptor"], RocMiopen, &[remove(3)]),
    rule(
        &["cudnnSetLRNDescriptor"],
        RocMiopen,
        &[add(1, "miopenLRNCrossChannel")],
    ),
    rule(
        &["cudnnGetRNNDescriptor_v6", "cudnnSetRNNDescriptor_v6"],
        RocMiopen,
        &[remove(0)],
    ),
    rule(&["cudnnSoftmaxForward"], RocMiopen, &[shift(1, 2, 9)]),
    rule(&["cudnnSoftmaxBackward"], RocMiopen, &[shift(1, 2, 11)]),
    rule(&["cudnnConvolutionForward"], RocMiopen, &[shift(8, 2, 13)]),
    rule(
        &["cudnnConvolutionBackwardData"],
        RocMiopen,
        &[shift(2, 2, 4), shift(4, 2, 2), shift(8, 2, 13)],
    ),
    rule(
        &["cudnnRNNBackwardWeights"],
        RocMiopen,
        &[shift(9, 2, 11), shift(11, 2, 9)],
    ),
];

/// The rules for the function `name` (any mode).
pub(crate) fn rules(name: &str) -> &'static [&'static CallRule] {
    static INDEX: OnceLock<HashMap<&'static str, Vec<&'static CallRule>>> = OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index: HashMap<&'static str, Vec<&'static CallRule>> = HashMap::new();
        for rule in RULES {
            for name in rule.names {
                index.entry(name).or_default().push(rule);
            }
        }
        index
    });
    index.get(name).map_or(&[], Vec::as_slice)
}
